//! The analysis of a played match (issue 28): POST and GET /api/matches/{id}/analysis on a real
//! server on loopback with a real SQLite file (and once on PostgreSQL). Every answer is checked
//! against the served OpenAPI document by the support client. A finished match of every game is
//! analysed, one decision per frame, each consistent (the best an argmax, the loss the best's
//! value less the taken one's); a running match is refused; a second request costs nothing; a
//! client past its share is refused; an analysis made under other rules is not served, one made
//! outlives the match's log; a substitute's decisions are told apart from the bot's; on
//! PostgreSQL, an analysis another process runs is left to it until it stops reporting. (The
//! binary's restart and `cardarena analyse`: analysis_cli.rs.)

use crate::support;

use cardarena_testkit::postgres;

use std::time::Duration;

use cardarena_web::app::ServeConfig;
use reqwest::{Method, StatusCode};
use serde_json::Value;
use support::{Server, TempDb, config, pacing_bot, test_bots, until};

/// The expert's budget in these tests: debug builds search about ten times slower.
const BUDGET_MS: u32 = 5;

/// A config for a test server analysing at [`BUDGET_MS`], two at once, a client asking for
/// one of every game at once.
fn analysing(db: &TempDb) -> ServeConfig {
    let mut config = config(db);
    config.analysis.budget_ms = BUDGET_MS;
    config.analysis.workers = 2;
    config.analysis.per_requester = 10;
    config
}

/// POSTs the analysis of match `id`: the status and answer.
async fn request(server: &Server, id: &str) -> (StatusCode, Value) {
    let path = format!("/api/matches/{id}/analysis");
    server.send(Method::POST, &path, None, None).await
}

/// GETs the analysis of match `id` until it is done (at most 3 minutes); the answer.
async fn done(server: &Server, id: &str) -> Value {
    let path = format!("/api/matches/{id}/analysis");
    let mut last_done = 0;
    until(
        Duration::from_secs(180),
        "the analysis was not done",
        async || {
            let (status, answer) = server.get(&path).await;
            assert_eq!(status, StatusCode::OK, "{answer}");
            if answer["status"] == "done" {
                return Some(answer);
            }
            let now = answer["done"].as_u64().unwrap();
            assert!(now >= last_done, "progress went back: {answer}");
            assert!(now <= answer["total"].as_u64().unwrap(), "{answer}");
            last_done = now;
            None
        },
    )
    .await
}

/// The frames of the finished match `id`.
async fn frames(server: &Server, id: &str) -> Value {
    let m = server.finished_match(id).await;
    assert_eq!(m["status"], "finished", "{m}");
    let (status, frames) = server.get(&format!("/api/matches/{id}/frames")).await;
    assert_eq!(status, StatusCode::OK);
    frames
}

/// Checks `analysis` against the match's `frames`: one decision per frame, with the frame's step,
/// seat and legal actions, the action taken among them; values in 0..1, `best` an argmax, `loss`
/// its value less the taken one's; each seat's accuracy summing its decisions.
fn check(game: &str, analysis: &Value, frames: &Value) {
    let decisions = analysis["decisions"].as_array().unwrap();
    let frames = frames["frames"].as_array().unwrap();
    assert_eq!(
        decisions.len(),
        frames.len(),
        "{game}: one decision per frame"
    );
    assert_eq!(analysis["total"], frames.len(), "{game}");
    assert!(!decisions.is_empty(), "{game}: a match with no decision");
    for (d, f) in decisions.iter().zip(frames) {
        let what = format!("{game} step {}", f["step"]);
        assert_eq!(d["step"], f["step"], "{what}");
        assert_eq!(d["seat"], f["seat"], "{what}");
        assert_eq!(d["by"], f["by"], "{what}");
        assert_eq!(d["actions"], f["sent"]["legal_actions"], "{what}");
        let values: Vec<f64> = d["values"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_f64().unwrap())
            .collect();
        assert_eq!(
            values.len(),
            d["actions"].as_array().unwrap().len(),
            "{what}"
        );
        assert_eq!(values.len(), d["texts"].as_array().unwrap().len(), "{what}");
        assert!(
            values.iter().all(|v| (0.0..=1.0).contains(v)),
            "{what}: {values:?}"
        );
        assert!(
            values
                .iter()
                .all(|v| (v * 1000.0 - (v * 1000.0).round()).abs() < 1e-6),
            "{what}: not rounded to 3 decimals: {values:?}"
        );
        let (best, taken) = (
            d["best"].as_u64().unwrap() as usize,
            d["taken"].as_u64().unwrap() as usize,
        );
        assert!(
            values.iter().all(|v| *v <= values[best]),
            "{what}: best {best} of {values:?}"
        );
        assert_eq!(d["actions"][taken], f["action"], "{what}: the action taken");
        let loss = d["loss"].as_f64().unwrap();
        assert!(loss >= 0.0, "{what}");
        assert!(
            (loss - (values[best] - values[taken])).abs() < 1e-9,
            "{what}: {d}"
        );
    }
    for seat in analysis["seats"].as_array().unwrap() {
        // A seat's accuracy is its own bot's: a substitute's decisions are not counted.
        let own: Vec<&Value> = decisions
            .iter()
            .filter(|d| d["seat"] == seat["seat"] && d["by"] == "bot")
            .collect();
        let loss = |d: &&Value| d["loss"].as_f64().unwrap();
        assert_eq!(seat["decisions"], own.len(), "{game}: {seat}");
        let blunders = own.iter().filter(|d| loss(d) >= 0.15).count();
        let mistakes = own
            .iter()
            .filter(|d| (0.05..0.15).contains(&loss(d)))
            .count();
        assert_eq!(seat["blunders"], blunders, "{game}: {seat}");
        assert_eq!(seat["mistakes"], mistakes, "{game}: {seat}");
        let mean = own.iter().map(loss).sum::<f64>() / own.len().max(1) as f64;
        assert!(
            (seat["mean_loss"].as_f64().unwrap() - mean).abs() < 0.001,
            "{game}: {seat}"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_match_of_every_game_is_analysed_decision_by_decision() {
    let db = TempDb::new();
    let server = Server::start(analysing(&db)).await;
    let bots = test_bots().await;
    let matches = server
        .short_match_of_every_game("analysed", &bots.url("/good"))
        .await;
    for (game, id) in &matches {
        let frames = frames(&server, id).await;
        let (status, queued) = request(&server, id).await;
        assert_eq!(status, StatusCode::ACCEPTED, "{game}: {queued}");
        assert_eq!(
            queued["total"],
            frames["frames"].as_array().unwrap().len(),
            "{game}"
        );
    }
    for (game, id) in &matches {
        let analysis = done(&server, id).await;
        assert_eq!(analysis["budget_ms"], BUDGET_MS, "{game}");
        check(game, &analysis, &frames(&server, id).await);
        // A second request costs nothing: the same answer, at once.
        let (status, again) = request(&server, id).await;
        assert_eq!(status, StatusCode::OK, "{game}: {again}");
        assert_eq!(again, analysis, "{game}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_running_match_is_not_analysed() {
    let db = TempDb::new();
    let server = Server::start(analysing(&db)).await;
    let url = pacing_bot(Duration::from_millis(200)).await;
    let bot = server.register("pacing", &url).await;
    let id = server.practice(&bot, 1, &["greedy"]).await.remove(0);
    let path = format!("/api/matches/{id}/analysis");
    for method in [Method::POST, Method::GET] {
        let (status, refused) = server.send(method.clone(), &path, None, None).await;
        assert_eq!(status, StatusCode::CONFLICT, "{method}: {refused}");
        assert_eq!(refused["error"], "match_running", "{refused}");
    }
    let (status, missing) = server.get("/api/matches/nothing-here/analysis").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(missing["error"], "not_found", "{missing}");
}

/// A finished durak match of a bot that plays its first legal action against greedy; its id.
async fn finished_durak(server: &Server, url: &str, name: &str) -> String {
    let bot = server.register(name, url).await;
    let id = server.practice(&bot, 1, &["greedy"]).await.remove(0);
    let m = server.finished_match(&id).await;
    assert_eq!(m["status"], "finished", "{m}");
    id
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_past_its_share_or_a_full_queue_is_refused() {
    let db = TempDb::new();
    let mut config = analysing(&db);
    config.analysis.workers = 1;
    config.analysis.max_pending = 1;
    config.analysis.per_hour = 2;
    // Behind a proxy on loopback, so that a request can name another address of the network.
    config.trust_proxy = cardarena_web::proxy::TrustedProxies::new(vec![
        cardarena_web::proxy::parse_range("127.0.0.1").unwrap(),
    ]);
    let server = Server::start(config).await;
    let bots = test_bots().await;
    let url = bots.url("/good");
    let first = finished_durak(&server, &url, "first").await;
    let second = finished_durak(&server, &url, "second").await;
    let third = finished_durak(&server, &url, "third").await;
    let (status, queued) = request(&server, &first).await;
    assert_eq!(status, StatusCode::ACCEPTED, "{queued}");
    // The queue holds one: the next is refused while the first is queued or running (a
    // durak match's analysis takes seconds in a debug build).
    let (status, busy) = request(&server, &second).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{busy}");
    assert_eq!(busy["error"], "busy", "{busy}");
    // Asking again after an analysis already asked for is free; a third new one is past the
    // share of two an hour of the network (127.0.0.0/24), from whichever of its addresses.
    let (status, pending) = request(&server, &first).await;
    assert_eq!(status, StatusCode::ACCEPTED, "{pending}");
    let response = server
        .http
        .post(server.url(&format!("/api/matches/{third}/analysis")))
        .header("x-forwarded-for", "127.0.0.77")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 429);
    assert!(response.headers().contains_key("retry-after"));
    let limited: Value = response.json().await.unwrap();
    assert_eq!(limited["error"], "rate_limited", "{limited}");
    done(&server, &first).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_analysis_made_under_other_rules_or_format_is_not_served() {
    let db = TempDb::new();
    let server = Server::start(analysing(&db)).await;
    let bots = test_bots().await;
    let id = finished_durak(&server, &bots.url("/good"), "stamped").await;
    let (status, _) = request(&server, &id).await;
    assert_eq!(status, StatusCode::ACCEPTED);
    let analysis = done(&server, &id).await;
    let path = format!("/api/matches/{id}/analysis");
    let pool = sqlx::SqlitePool::connect(&db.url()).await.unwrap();
    for stale in [
        "UPDATE analyses SET rules_version = rules_version + 1",
        "UPDATE analyses SET format = format - 1",
    ] {
        sqlx::query(stale).execute(&pool).await.unwrap();
        let (status, missing) = server.get(&path).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{stale}: {missing}");
        assert_eq!(missing["error"], "not_analysed", "{missing}");
        // Asked again, it is made again, under this engine's stamp.
        let (status, queued) = request(&server, &id).await;
        assert_eq!(status, StatusCode::ACCEPTED, "{stale}: {queued}");
        assert_eq!(done(&server, &id).await, analysis, "deterministic");
    }
    // Retention drops the match's log: the analysis made stays (it holds all it shows), but none
    // can be made again.
    sqlx::query("UPDATE matches SET log = NULL, log_dropped_at = 1 WHERE id = $1")
        .bind(&id)
        .execute(&pool)
        .await
        .unwrap();
    assert_eq!(server.get(&path).await, (StatusCode::OK, analysis));
    sqlx::query("UPDATE analyses SET format = format - 1")
        .execute(&pool)
        .await
        .unwrap();
    let (status, gone) = request(&server, &id).await;
    assert_eq!(
        (status, &gone["error"]),
        (StatusCode::GONE, &serde_json::json!("log_gone"))
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_analysis_is_made_on_postgres() {
    let pg = postgres::Database::new();
    let dir = TempDb::new();
    let mut config = analysing(&dir);
    config.database_url = pg.url.clone();
    let key = std::env::temp_dir().join(format!("cardarena-analysis-{}.key", uuid::Uuid::new_v4()));
    config.key_file = Some(key.clone());
    let server = Server::start(config).await;
    let bots = test_bots().await;
    let id = finished_durak(&server, &bots.url("/good"), "on-postgres").await;
    let (status, queued) = request(&server, &id).await;
    assert_eq!(status, StatusCode::ACCEPTED, "{queued}");
    let analysis = done(&server, &id).await;
    check("durak", &analysis, &frames(&server, &id).await);
    let stored = pg.query(&format!(
        "SELECT status, done = total, budget_ms, octet_length(result) > 0 FROM analyses \
         WHERE match_id = '{id}'"
    ));
    assert_eq!(stored, [["done", "t", "5", "t"]]);
    // Another process claimed it and reports: it is left to that process. Once it stops
    // reporting (dead), it is queued again and made here.
    let claim = |heartbeat: &str| {
        format!(
            "UPDATE analyses SET status = 'running', done = 3, worker = 'elsewhere', \
             heartbeat_at = {heartbeat} WHERE match_id = '{id}'"
        )
    };
    pg.query(&claim("(extract(epoch from now()) * 1000)::bigint"));
    tokio::time::sleep(Duration::from_secs(7)).await;
    let path = format!("/api/matches/{id}/analysis");
    let (_, running) = server.get(&path).await;
    assert_eq!(
        running,
        serde_json::json!({"status": "running", "done": 3, "total": analysis["total"], "ahead": 0})
    );
    pg.query(&claim("0"));
    // Queued again, it starts from 0.
    until(Duration::from_secs(30), "never queued again", async || {
        let (_, progress) = server.get(&path).await;
        (progress["done"] != 3).then_some(())
    })
    .await;
    assert_eq!(done(&server, &id).await, analysis);
    let _ = std::fs::remove_file(key);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_expert_at_the_analysis_budget_loses_nothing_by_its_own_analysis() {
    let db = TempDb::new();
    let server = Server::start(analysing(&db)).await;
    let bots = test_bots().await;
    let bot = server.register("against-expert", &bots.url("/good")).await;
    let expert = format!("expert:{BUDGET_MS}");
    let id = server.practice(&bot, 1, &[expert.as_str()]).await.remove(0);
    let frames = frames(&server, &id).await;
    let (status, _) = request(&server, &id).await;
    assert_eq!(status, StatusCode::ACCEPTED);
    let analysis = done(&server, &id).await;
    check("durak", &analysis, &frames);
    // The analysis seeds each seat's expert as the match seeded a house bot of that seat and
    // searches the same decision: where the expert played, it finds nothing better.
    let seat = frames["seats"]
        .as_array()
        .unwrap()
        .iter()
        .position(|s| s["name"].as_str().unwrap().starts_with("expert"))
        .unwrap();
    let own: Vec<&Value> = analysis["decisions"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["seat"] == seat)
        .collect();
    assert!(own.len() > 5, "{own:?}");
    for d in own {
        assert_eq!(d["loss"], 0.0, "{d}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_faulted_seats_substitute_is_analysed_apart_from_its_bot() {
    let db = TempDb::new();
    let server = Server::start(analysing(&db)).await;
    let bots = test_bots().await;
    // It answers after the deadline: its first decision faults, a house bot plays on for it.
    let id = finished_durak(&server, &bots.url("/slow"), "too-slow").await;
    let frames = frames(&server, &id).await;
    let fault = &frames["faults"][0];
    let seat = fault["seat"].as_u64().unwrap();
    let (status, _) = request(&server, &id).await;
    assert_eq!(status, StatusCode::ACCEPTED);
    let analysis = done(&server, &id).await;
    check("durak", &analysis, &frames);
    let subbed: Vec<&Value> = analysis["decisions"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["by"] == "substitute")
        .collect();
    assert!(!subbed.is_empty(), "{analysis}");
    assert!(
        subbed
            .iter()
            .all(|d| d["seat"] == seat && d["step"].as_u64() >= fault["step"].as_u64())
    );
    let own = &analysis["seats"][seat as usize];
    let bots_own = analysis["decisions"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["seat"] == seat && d["by"] == "bot")
        .count();
    assert_eq!(own["decisions"], bots_own, "{own}");
}
