//! A match step by step against the real thing: the server on loopback with a temporary SQLite
//! file, real HTTP bots on loopback, and the engine replaying each match from its seed to say
//! what every frame must hold.

use crate::frames_replay;
use crate::support;

use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Router;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::StatusCode as AxumStatus;
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use frames_replay::{Expected, check_frames, expected, practice};
use reqwest::StatusCode;
use serde_json::{Value, json};
use support::{Server, TempDb, config, short_match, smallest_table, test_bots};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_games_frames_are_the_engines_replay_of_the_match() {
    let db = TempDb::new();
    let server = Server::start(config(&db)).await;
    let bots = test_bots().await;
    let (_, games) = server.get("/api/games").await;
    for game in games.as_array().unwrap() {
        let id = game["id"].as_str().unwrap();
        let bot = server
            .register_for(id, &format!("good-{id}"), &bots.url("/good"))
            .await;
        let match_id = practice(&server, &bot, &smallest_table(game), &short_match(game)).await;
        let m = server.finished_match(&match_id).await;
        assert_eq!(m["status"], "finished", "{m}");
        let (status, frames) = server.get(&format!("/api/matches/{match_id}/frames")).await;
        assert_eq!(status, StatusCode::OK, "{frames}");
        check_frames(&m, &frames);
        // The contestant's own steps: its say line and a measured answer time.
        let own: Vec<&Value> = frames["frames"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|f| f["seat"] == 0)
            .collect();
        assert!(!own.is_empty(), "{id}: the bot played");
        for frame in own {
            assert_eq!(frame["by"], "bot");
            assert!(frame["ms"].as_u64().is_some(), "{frame}");
            assert!(frame["say"].as_str().unwrap().starts_with("turn "));
        }
        assert_eq!(frames["faults"], json!([]));
        // Sent compressed to a client that accepts it.
        let response = server
            .http
            .get(server.url(&format!("/api/matches/{match_id}/frames")))
            .header("accept-encoding", "gzip")
            .send()
            .await
            .unwrap();
        assert_eq!(response.headers()["content-encoding"], "gzip");
        let compressed = response.bytes().await.unwrap().len();
        assert!(
            compressed < frames.to_string().len() / 2,
            "{compressed} bytes"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_fault_shows_at_its_step_with_what_was_sent_and_how_the_bot_answered() {
    let db = TempDb::new();
    let server = Server::start(config(&db)).await;
    let bots = faulty_bots().await;
    // (route, kind, status, body): bad JSON, an HTTP 500, a timeout (300 ms deadline).
    let cases = [
        (
            "/garbage",
            "bad_json",
            json!(200),
            json!("this is not json {"),
        ),
        ("/broken", "http_status", json!(500), json!("oops")),
        ("/slow", "timeout", Value::Null, Value::Null),
    ];
    for (route, kind, status, body) in cases {
        let bot = server
            .register(&format!("bot{}", &route[1..]), &bots.url(route))
            .await;
        let match_id = practice(&server, &bot, &json!(["greedy"]), &json!({})).await;
        let m = server.finished_match(&match_id).await;
        assert_eq!(m["seats"][0]["fault"]["kind"], kind, "{m}");
        let (_, frames) = server.get(&format!("/api/matches/{match_id}/frames")).await;
        check_frames(&m, &frames);
        let faults = frames["faults"].as_array().unwrap();
        assert_eq!(faults.len(), 1, "{route}: {faults:?}");
        let fault = &faults[0];
        assert_eq!((&fault["seat"], &fault["kind"]), (&json!(0), &json!(kind)));
        assert_eq!(fault["detail"], m["seats"][0]["fault"]["detail"]);
        // It faulted on its first turn: the decision it was sent, exactly as it was sent.
        let turns: Vec<Value> = bots
            .turns
            .lock()
            .unwrap()
            .iter()
            .filter(|b| b["match_id"] == match_id.as_str())
            .cloned()
            .collect();
        assert_eq!(
            turns.len(),
            1,
            "{route}: one call, then the substitute plays"
        );
        let step = fault["step"].as_u64().unwrap();
        assert_eq!(turns[0]["turn"], step);
        assert_eq!(fault["sent"]["view"], turns[0]["view"], "{route}");
        assert_eq!(fault["sent"]["legal_actions"], turns[0]["legal_actions"]);
        let answer = &fault["answer"];
        assert_eq!(
            (&answer["status"], &answer["body"]),
            (&status, &body),
            "{route}"
        );
        assert_eq!(answer["error"], fault["detail"]);
        let ms = answer["ms"].as_u64().unwrap();
        if kind == "timeout" {
            assert!(ms >= 290, "the deadline passed: {ms}");
        }
        // From its step on, the seat is played by the substitute; before it, by nobody else.
        for frame in frames["frames"].as_array().unwrap() {
            if frame["seat"] == 0 {
                let by = if frame["step"].as_u64().unwrap() >= step {
                    "substitute"
                } else {
                    "bot"
                };
                assert_eq!(frame["by"], by, "{route} {frame}");
            } else {
                assert_eq!(frame["by"], "bot");
            }
        }
        assert_eq!(frames["frames"][step as usize - 1]["seat"], 0);
        assert_eq!(frames["frames"][step as usize - 1]["sent"], fault["sent"]);
    }
}

/// Misbehaving bots on loopback that record every turn they are sent: `/garbage` answers text
/// that is not JSON, `/broken` a 500, `/slow` after the deadline.
struct FaultyBots {
    addr: std::net::SocketAddr,
    turns: Arc<Mutex<Vec<Value>>>,
}

impl FaultyBots {
    fn url(&self, route: &str) -> String {
        format!("http://{}{route}", self.addr)
    }
}

async fn faulty_bots() -> FaultyBots {
    type Turns = Arc<Mutex<Vec<Value>>>;
    fn turn(turns: &Turns, body: &Bytes) -> bool {
        let request: Value = serde_json::from_slice(body).unwrap_or(Value::Null);
        let is_turn = request["type"] == "turn";
        if is_turn {
            turns.lock().unwrap().push(request);
        }
        is_turn
    }
    async fn garbage(State(turns): State<Turns>, body: Bytes) -> Response {
        match turn(&turns, &body) {
            true => "this is not json {".into_response(),
            false => axum::Json(json!({})).into_response(),
        }
    }
    async fn broken(State(turns): State<Turns>, body: Bytes) -> Response {
        match turn(&turns, &body) {
            true => (AxumStatus::INTERNAL_SERVER_ERROR, "oops").into_response(),
            false => axum::Json(json!({})).into_response(),
        }
    }
    async fn slow(State(turns): State<Turns>, body: Bytes) -> Response {
        if turn(&turns, &body) {
            tokio::time::sleep(Duration::from_secs(2)).await;
        }
        axum::Json(json!({"action_index": 0})).into_response()
    }
    let turns: Turns = Arc::default();
    let app = Router::new()
        .route("/garbage", post(garbage))
        .route("/broken", post(broken))
        .route("/slow", post(slow))
        .with_state(turns.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await });
    FaultyBots { addr, turns }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn downloads_replay_to_the_stored_outcome_and_give_the_games_text_log() {
    let db = TempDb::new();
    let server = Server::start(config(&db)).await;
    let bots = test_bots().await;
    let (_, games) = server.get("/api/games").await;
    for game in games.as_array().unwrap() {
        let id = game["id"].as_str().unwrap();
        let bot = server
            .register_for(id, &format!("dl-{id}"), &bots.url("/good"))
            .await;
        let match_id = practice(&server, &bot, &smallest_table(game), &short_match(game)).await;
        let m = server.finished_match(&match_id).await;
        let expected = expected(&m);

        let response = server
            .http
            .get(server.url(&format!("/api/matches/{match_id}/replay.json")))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::OK);
        let disposition = response.headers()["content-disposition"].to_str().unwrap();
        assert!(
            disposition.starts_with("attachment; filename=\""),
            "{disposition}"
        );
        let replay: Value = response.json().await.unwrap();
        for key in ["game", "options", "seed", "rules_version"] {
            assert_eq!(replay[key], m[key], "{key}");
        }
        // Replayed through the engine, the actions give the stored outcome.
        let actions: Vec<Value> = replay["actions"].as_array().unwrap().clone();
        let again = expected_from_replay(&replay);
        assert_eq!(again.steps.len(), actions.len());
        let outcome: Vec<Value> = again
            .outcome
            .seats
            .iter()
            .map(|s| json!({"rank": s.rank, "score": s.score}))
            .collect();
        assert_eq!(replay["outcome"]["seats"], json!(outcome), "{id}");
        for (index, action) in actions.iter().enumerate() {
            assert_eq!(action["seat"], expected.steps[index].0);
            assert_eq!(action["by"], "bot");
            assert!(action["ms"].as_u64().is_some());
        }
        assert_eq!(
            replay["says"].as_array().unwrap().len(),
            m["says"].as_array().unwrap().len()
        );

        let response = server
            .http
            .get(server.url(&format!("/api/matches/{match_id}/log.txt")))
            .send()
            .await
            .unwrap();
        match &expected.transcript {
            Some(text) => {
                assert_eq!(response.status(), StatusCode::OK, "{id}");
                let kind = response.headers()["content-type"].to_str().unwrap();
                assert!(kind.starts_with("text/plain"), "{kind}");
                let disposition = response.headers()["content-disposition"].to_str().unwrap();
                assert!(disposition.ends_with(".txt\""), "{disposition}");
                assert_eq!(&response.text().await.unwrap(), text);
            }
            None => {
                assert_eq!(response.status(), StatusCode::NOT_FOUND, "{id}");
                let error: Value = response.json().await.unwrap();
                assert_eq!(error["error"], "no_text_log");
            }
        }
    }
}

/// What the engine says of a match as replay.json gives it.
fn expected_from_replay(replay: &Value) -> Expected {
    let m = json!({
        "game": replay["game"],
        "options": replay["options"],
        "seed": replay["seed"],
        "seats": replay["seats"].as_array().unwrap().iter().enumerate().map(|(seat, s)| {
            let faulted = replay["faults"].as_array().unwrap().iter().any(|f| f["seat"] == seat);
            json!({"name": s["name"], "fault": if faulted { json!({}) } else { Value::Null }})
        }).collect::<Vec<_>>(),
        "actions": replay["actions"],
    });
    expected(&m)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_ids_and_dropped_logs_get_the_documented_errors() {
    let db = TempDb::new();
    let server = Server::start(config(&db)).await;
    let long = "x".repeat(5000);
    for tail in ["frames", "live", "replay.json", "log.txt"] {
        for id in [
            "no-such-match",
            long.as_str(),
            "00000000-0000-0000-0000-000000000000",
        ] {
            let (status, error) = server.get(&format!("/api/matches/{id}/{tail}")).await;
            assert_eq!(status, StatusCode::NOT_FOUND, "{tail}: {error}");
            assert_eq!(error["error"], "not_found");
            assert!(error["detail"].as_str().unwrap().len() < 200, "{error}");
        }
        let (status, error) = server.get(&format!("/api/matches/%ff/{tail}")).await;
        assert_eq!(
            (status, &error["error"]),
            (StatusCode::BAD_REQUEST, &json!("bad_path"))
        );
        let query = "q=".to_string() + &"y".repeat(6000);
        let (status, error) = server
            .get(&format!("/api/matches/nope/{tail}?{query}"))
            .await;
        assert_eq!(
            (status, &error["error"]),
            (StatusCode::NOT_FOUND, &json!("not_found"))
        );
    }

    let bots = test_bots().await;
    let bot = server.register("dropped", &bots.url("/good")).await;
    let match_id = practice(&server, &bot, &json!(["greedy"]), &json!({})).await;
    server.finished_match(&match_id).await;
    let pool = sqlx::SqlitePool::connect(&db.url()).await.unwrap();
    sqlx::query("UPDATE matches SET log = NULL, timing = NULL, log_dropped_at = 5 WHERE id = ?")
        .bind(&match_id)
        .execute(&pool)
        .await
        .unwrap();
    for download in ["replay.json", "log.txt"] {
        let (status, error) = server
            .get(&format!("/api/matches/{match_id}/{download}"))
            .await;
        assert_eq!(
            (status, &error["error"]),
            (StatusCode::GONE, &json!("log_gone"))
        );
    }
    let (status, frames) = server.get(&format!("/api/matches/{match_id}/frames")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(frames["log"], json!({"state": "dropped", "at": 5}));
    assert_eq!(
        (&frames["initial"], &frames["frames"]),
        (&Value::Null, &json!([]))
    );
}
