//! Module bots on a contest of several processes on a real PostgreSQL: the server serves the API
//! with `--modules-in-workers` (it checks an upload by compiling it, runs none) and two
//! `cardarena worker` processes (the real binary) take the module's matches from the database,
//! compile the module from the stored bytes and play it in their sandbox.

use cardarena_testkit::postgres;
mod support;

use std::time::Duration;

use cardarena_web::app::ServeConfig;
use postgres::Database;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use support::cluster::{KeyDir, Worker};
use support::{Server, test_bot_module};

#[tokio::test(flavor = "multi_thread")]
async fn workers_on_postgresql_play_an_uploaded_module_the_server_never_runs() {
    let db = Database::new();
    let key = KeyDir::new();
    let mut config = ServeConfig::new("127.0.0.1:0".parse().unwrap(), db.url.clone());
    config.key_file = Some(key.file());
    config.ladder_interval = None;
    config.modules_in_workers = true;
    let server = Server::start(config).await;
    let body = json!({"name": "wasm-pg", "game": "durak", "wasm": true});
    let (status, bot) = server
        .send(Method::POST, "/api/bots", None, Some(body))
        .await;
    assert_eq!(status, StatusCode::CREATED, "{bot}");
    let id = bot["id"].as_str().unwrap();
    let response = server
        .http
        .put(server.url(&format!("/api/bots/{id}/module")))
        .bearer_auth(bot["token"].as_str().unwrap())
        .header("content-type", "application/wasm")
        .body(test_bot_module("workers", &[]))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 201);
    server.wait_active(id).await;
    let ids = server.practice(&bot, 4, &["random", "greedy"]).await;

    // The server plays every other match, but none where a module sits: they wait for workers.
    tokio::time::sleep(Duration::from_secs(2)).await;
    let queued = db.query("SELECT COUNT(*) FROM matches WHERE status = 'queued'");
    assert_eq!(queued[0][0], "4", "the server took none of them");
    let _workers = [
        Worker::start(&db, &key.file(), 2, 2),
        Worker::start(&db, &key.file(), 2, 2),
    ];
    for match_id in &ids {
        let m: Value = server.finished_match(match_id).await;
        assert_eq!(m["status"], "finished", "{m}");
        let seat = (m["seats"].as_array().unwrap().iter())
            .find(|s| s["bot_id"] == id)
            .unwrap();
        assert_eq!(seat["fault"], Value::Null, "{m}");
        assert!(!m["says"].as_array().unwrap().is_empty(), "{m}");
    }
    let played_by = db.query(
        "SELECT DISTINCT w.role FROM matches m JOIN workers w ON w.id = m.worker
         WHERE m.status = 'finished'",
    );
    assert_eq!(played_by, vec![vec!["worker".to_string()]]);
}
