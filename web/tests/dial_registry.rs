//! Registering dial-out bots, and switching a bot between HTTP and dial-out, through the real API:
//! the server on a loopback port over a temporary SQLite file.

use crate::support;

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use support::{Server, TempDb, config};

/// Registers a dial-out durak bot; returns the 201 answer.
async fn register_dial(server: &Server, name: &str) -> Value {
    let body = json!({"name": name, "game": "durak", "connect": true});
    let (status, answer) = server
        .send(Method::POST, "/api/bots", None, Some(body))
        .await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    answer
}

/// PATCH /api/bots/{id} with the bot's own token.
async fn patch(server: &Server, bot: &Value, body: Value) -> (StatusCode, Value) {
    let path = format!("/api/bots/{}", bot["id"].as_str().unwrap());
    server
        .send(Method::PATCH, &path, bot["token"].as_str(), Some(body))
        .await
}

fn assert_error(got: (StatusCode, Value), status: StatusCode, kind: &str) {
    assert_eq!(
        (got.0, got.1["error"].as_str()),
        (status, Some(kind)),
        "{}",
        got.1
    );
    assert!(
        got.1["detail"].as_str().is_some_and(|d| !d.is_empty()),
        "{}",
        got.1
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dial_out_bot_registers_without_a_url_and_waits_for_its_check() {
    let db = TempDb::new();
    let server = Server::start(config(&db)).await;
    let bot = register_dial(&server, "dialer").await;
    let id = bot["id"].as_str().unwrap();
    assert_eq!(bot["connect"], true);
    assert_eq!(bot["connect_url"], format!("/api/bots/{id}/connect"));
    assert_eq!(bot["url"], Value::Null);
    assert_eq!(bot["token"].as_str().unwrap().len(), 64);
    assert_eq!(bot["secret"].as_str().unwrap().len(), 64);

    let (status, shown) = server.get(&format!("/api/bots/{id}")).await;
    assert_eq!(status, StatusCode::OK, "{shown}");
    assert_eq!(shown["kind"], "dial");
    assert_eq!(shown["connect"], true);
    assert_eq!(shown["connect_url"], format!("/api/bots/{id}/connect"));
    assert_eq!(shown["url"], Value::Null);
    assert_eq!(
        (&shown["status"], &shown["status_reason"]),
        (&json!("paused"), &json!("unchecked"))
    );

    // An HTTP bot says it is not a dial-out one.
    let http = server.register("caller", "http://127.0.0.1:9/bot").await;
    assert_eq!(
        (&http["connect"], &http["connect_url"]),
        (&json!(false), &Value::Null)
    );
    let (_, listed) = server.get("/api/bots").await;
    let kinds: Vec<(&str, &str, bool)> = listed["bots"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|b| b["kind"] != "house")
        .map(|b| {
            let (name, kind) = (b["name"].as_str().unwrap(), b["kind"].as_str().unwrap());
            (name, kind, b["connect"].as_bool().unwrap())
        })
        .collect();
    assert_eq!(kinds, [("caller", "http", false), ("dialer", "dial", true)]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn registration_wants_a_url_or_connect_but_not_both() {
    let db = TempDb::new();
    let server = Server::start(config(&db)).await;
    let post = |body: Value| server.send(Method::POST, "/api/bots", None, Some(body));
    let url = "http://127.0.0.1:9/";
    for (body, status, kind) in [
        (
            json!({"name": "a", "game": "durak", "url": url, "connect": true}),
            StatusCode::BAD_REQUEST,
            "bad_request",
        ),
        (
            json!({"name": "a", "game": "durak"}),
            StatusCode::UNPROCESSABLE_ENTITY,
            "bad_json",
        ),
        (
            json!({"name": "a", "game": "durak", "connect": false}),
            StatusCode::UNPROCESSABLE_ENTITY,
            "bad_json",
        ),
        (
            json!({"name": "a", "game": "durak", "connect": "yes"}),
            StatusCode::UNPROCESSABLE_ENTITY,
            "bad_json",
        ),
        (
            json!({"name": "a b", "game": "durak", "connect": true}),
            StatusCode::BAD_REQUEST,
            "bad_name",
        ),
        (
            json!({"name": "a", "game": "chess", "connect": true}),
            StatusCode::BAD_REQUEST,
            "unknown_game",
        ),
    ] {
        assert_error(post(body).await, status, kind);
    }
    // `"connect": false` with a URL is an HTTP bot, as with no `connect` at all.
    let body = json!({"name": "h", "game": "durak", "url": url, "connect": false});
    let (status, answer) = post(body).await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    assert_eq!(
        (&answer["url"], &answer["connect"]),
        (&json!(url), &json!(false))
    );
    // Names are shared: a dial-out bot cannot take an HTTP bot's.
    let body = json!({"name": "h", "game": "durak", "connect": true});
    assert_error(post(body).await, StatusCode::CONFLICT, "name_taken");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_switches_between_http_and_dial_out_and_is_checked_again() {
    let db = TempDb::new();
    let server = Server::start(config(&db)).await;
    let bot = server.register("switcher", "http://127.0.0.1:9/a").await;
    let id = bot["id"].as_str().unwrap();

    // Owner-paused bots stay paused by their owner across a switch; others become unchecked.
    let (status, paused) = patch(&server, &bot, json!({"active": false})).await;
    assert_eq!(status, StatusCode::OK, "{paused}");
    let (status, dial) = patch(&server, &bot, json!({"connect": true})).await;
    assert_eq!(status, StatusCode::OK, "{dial}");
    assert_eq!(
        (&dial["kind"], &dial["connect"]),
        (&json!("dial"), &json!(true))
    );
    assert_eq!(dial["url"], Value::Null);
    assert_eq!(dial["connect_url"], format!("/api/bots/{id}/connect"));
    assert_eq!(dial["status_reason"], "owner");

    let (status, resumed) = patch(&server, &bot, json!({"active": true})).await;
    assert_eq!(status, StatusCode::OK, "{resumed}");
    assert_eq!(resumed["status_reason"], "unchecked");
    let (status, http) = patch(&server, &bot, json!({"url": "http://127.0.0.1:9/b"})).await;
    assert_eq!(status, StatusCode::OK, "{http}");
    assert_eq!(
        (&http["kind"], &http["connect"]),
        (&json!("http"), &json!(false))
    );
    assert_eq!(http["url"], "http://127.0.0.1:9/b");
    assert_eq!(http["connect_url"], Value::Null);
    assert_eq!(
        (&http["status"], &http["status_reason"]),
        (&json!("paused"), &json!("unchecked"))
    );
    let (status, back) = patch(&server, &bot, json!({"connect": true})).await;
    assert_eq!(status, StatusCode::OK, "{back}");
    assert_eq!(back["kind"], "dial");

    // Wrong requests change nothing.
    let url = "http://127.0.0.1:9/c";
    for (body, status, kind) in [
        (
            json!({"url": url, "connect": true}),
            StatusCode::BAD_REQUEST,
            "bad_request",
        ),
        (
            json!({"connect": false}),
            StatusCode::UNPROCESSABLE_ENTITY,
            "bad_json",
        ),
        (json!({}), StatusCode::BAD_REQUEST, "bad_request"),
        (
            json!({"url": "gopher://x"}),
            StatusCode::BAD_REQUEST,
            "bad_url",
        ),
        (
            json!({"connect": 1}),
            StatusCode::UNPROCESSABLE_ENTITY,
            "bad_json",
        ),
    ] {
        assert_error(patch(&server, &bot, body).await, status, kind);
    }
    let other = register_dial(&server, "other").await;
    let path = format!("/api/bots/{id}");
    let stranger = server
        .send(
            Method::PATCH,
            &path,
            other["token"].as_str(),
            Some(json!({"connect": true})),
        )
        .await;
    assert_error(stranger, StatusCode::FORBIDDEN, "forbidden");
    let nobody = server
        .send(Method::PATCH, &path, None, Some(json!({"connect": true})))
        .await;
    assert_error(nobody, StatusCode::UNAUTHORIZED, "unauthorized");
    let (_, shown) = server.get(&path).await;
    assert_eq!(
        (&shown["kind"], &shown["url"]),
        (&json!("dial"), &Value::Null)
    );

    // Every switch started a version: http, dial, http, dial.
    let pool = sqlx::SqlitePool::connect(&db.url()).await.unwrap();
    let versions: Vec<(i64, String, Option<String>)> = sqlx::query_as(
        "SELECT version, kind, url FROM bot_versions WHERE bot_id = ? ORDER BY version",
    )
    .bind(id)
    .fetch_all(&pool)
    .await
    .unwrap();
    let a = Some("http://127.0.0.1:9/a".to_string());
    let b = Some("http://127.0.0.1:9/b".to_string());
    assert_eq!(
        versions,
        [
            (1, "http".to_string(), a),
            (2, "dial".to_string(), None),
            (3, "http".to_string(), b),
            (4, "dial".to_string(), None),
        ]
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn public_mode_checks_no_address_for_a_dial_out_bot() {
    let db = TempDb::new();
    let mut config = config(&db);
    config.public = true;
    let server = Server::start(config).await;
    let bot = register_dial(&server, "outside").await;
    assert_eq!(bot["connect"], true);
    // Back to a private address is refused; dial-out again is fine.
    assert_error(
        patch(&server, &bot, json!({"url": "http://127.0.0.1:9/"})).await,
        StatusCode::BAD_REQUEST,
        "bad_url",
    );
    let (status, shown) = patch(&server, &bot, json!({"connect": true})).await;
    assert_eq!((status, &shown["kind"]), (StatusCode::OK, &json!("dial")));
}
