//! A match step by step against the real thing: the server on loopback with a temporary SQLite
//! file, real HTTP bots on loopback, and the engine replaying each match from its seed to say
//! what every frame must hold.

mod support;

use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Router;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::StatusCode as AxumStatus;
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use cardarena_bots::{GameVisitor, HouseGame, with_game};
use cardarena_engine::Eye;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use support::{Server, TempDb, config, pacing_bot, short_match, smallest_table, test_bots};

/// What the engine says a match's frames must hold: the table as dealt and, per action, the seat
/// to act, what it was sent and the table after it (every hand shown).
struct Expected {
    initial: Value,
    steps: Vec<(usize, Value, Value)>,
    /// The public table after each action.
    public: Vec<Value>,
    /// The game's text log, with the seats' names.
    transcript: Option<String>,
    /// The outcome, forfeits applied as the stored faults say.
    outcome: cardarena_engine::Outcome,
}

/// Replays a match through its engine, from the stored seed, options and actions.
struct Replay<'a> {
    options: &'a Value,
    players: usize,
    seed: u64,
    actions: &'a [Value],
    names: &'a [String],
    faulted: &'a [bool],
}

impl GameVisitor for Replay<'_> {
    type Output = Expected;

    fn visit<G: HouseGame>(self) -> Expected {
        let options: G::Options = serde_json::from_value(self.options.clone()).unwrap();
        let initial = G::new(&options, self.players, self.seed).unwrap();
        let mut game = initial.clone();
        let mut steps = Vec::new();
        let mut public = Vec::new();
        let mut typed = Vec::new();
        for json in self.actions {
            let seat = game.to_act().expect("a seat to act");
            let sent = json!({"view": game.view(seat), "legal_actions": game.legal_actions()});
            let action: G::Action = serde_json::from_value(json.clone()).unwrap();
            game.apply(&action).unwrap();
            steps.push((seat, sent, json!(game.table(Eye::All))));
            public.push(json!(game.table(Eye::Public)));
            typed.push(action);
        }
        let outcome = game.outcome().expect("the stored actions end the game");
        Expected {
            initial: json!(initial.table(Eye::All)),
            steps,
            public,
            transcript: G::transcript(&initial, &typed, self.names),
            outcome: cardarena_bots::forfeit(&outcome, self.faulted),
        }
    }
}

/// What the engine says of stored match `m` (GET /api/matches/{id}).
fn expected(m: &Value) -> Expected {
    let actions: Vec<Value> = m["actions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["action"].clone())
        .collect();
    let names: Vec<String> = m["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap().to_string())
        .collect();
    let faulted: Vec<bool> = m["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| !s["fault"].is_null())
        .collect();
    let replay = Replay {
        options: &m["options"],
        players: names.len(),
        seed: m["seed"].as_u64().unwrap(),
        actions: &actions,
        names: &names,
        faulted: &faulted,
    };
    with_game(m["game"].as_str().unwrap(), replay).unwrap()
}

/// Queues one practice match of `bot` against `opponents` with `options`; returns its id.
async fn practice(server: &Server, bot: &Value, opponents: &Value, options: &Value) -> String {
    let path = format!("/api/bots/{}/practice", bot["id"].as_str().unwrap());
    let body = json!({"matches": 1, "opponents": opponents, "options": options});
    let (status, answer) = server
        .send(Method::POST, &path, bot["token"].as_str(), Some(body))
        .await;
    assert_eq!(status, StatusCode::ACCEPTED, "{answer}");
    answer["match_ids"][0].as_str().unwrap().to_string()
}

/// Checks a finished match's frames against the engine's replay of it.
fn check_frames(m: &Value, frames: &Value) {
    let expected = expected(m);
    assert_eq!(frames["status"], "finished");
    assert_eq!(frames["eye"], "all");
    assert_eq!(frames["game"], m["game"]);
    assert_eq!(frames["log"], json!({"state": "kept"}));
    assert_eq!(frames["initial"], expected.initial, "{}", m["game"]);
    let got = frames["frames"].as_array().unwrap();
    assert_eq!(got.len(), expected.steps.len(), "one frame per action");
    assert_eq!(got.len(), m["actions"].as_array().unwrap().len());
    for (index, (frame, (seat, sent, table))) in got.iter().zip(&expected.steps).enumerate() {
        let game = &m["game"];
        assert_eq!(frame["step"], index + 1);
        assert_eq!(frame["seat"], *seat, "{game} step {}", index + 1);
        assert_eq!(frame["seat"], m["actions"][index]["seat"]);
        assert_eq!(frame["action"], m["actions"][index]["action"]);
        assert_eq!(
            &frame["sent"],
            sent,
            "{game} step {}: what was sent",
            index + 1
        );
        assert_eq!(
            &frame["table"],
            table,
            "{game} step {}: the table",
            index + 1
        );
        assert!(frame["text"].as_str().is_some_and(|t| !t.is_empty()));
        assert!(frame["by"] == "bot" || frame["by"] == "substitute");
    }
    let seats = frames["seats"].as_array().unwrap();
    assert_eq!(seats.len(), frames["players"].as_u64().unwrap() as usize);
    for (seat, shown) in seats.iter().zip(m["seats"].as_array().unwrap()) {
        assert_eq!(seat["name"], shown["name"]);
        assert_eq!(seat["bot_id"], shown["bot_id"]);
    }
}

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

/// Server-sent events read from a streaming response, as (event, data) pairs.
struct Events {
    response: reqwest::Response,
    buffer: String,
}

impl Events {
    async fn open(server: &Server, path: &str) -> Events {
        let response = server.http.get(server.url(path)).send().await.unwrap();
        assert_eq!(response.status(), StatusCode::OK);
        let kind = response.headers()["content-type"].to_str().unwrap();
        assert!(kind.starts_with("text/event-stream"), "{kind}");
        Events {
            response,
            buffer: String::new(),
        }
    }

    /// The next event, or `None` when the stream ends.
    async fn next(&mut self) -> Option<(String, Value)> {
        loop {
            if let Some(end) = self.buffer.find("\n\n") {
                let block: String = self.buffer.drain(..end + 2).collect();
                let mut name = String::from("message");
                let mut data = String::new();
                for line in block.lines() {
                    if let Some(value) = line.strip_prefix("event:") {
                        name = value.trim().to_string();
                    } else if let Some(value) = line.strip_prefix("data:") {
                        data.push_str(value.strip_prefix(' ').unwrap_or(value));
                    }
                }
                if data.is_empty() {
                    continue; // a keep-alive comment
                }
                return Some((name, serde_json::from_str(&data).unwrap()));
            }
            let chunk = tokio::time::timeout(Duration::from_secs(30), self.response.chunk())
                .await
                .expect("an event within 30 s")
                .unwrap()?;
            self.buffer.push_str(std::str::from_utf8(&chunk).unwrap());
        }
    }
}

/// Whether a public table shows no card of any hand.
fn hands_hidden(table: &Value) -> bool {
    table["hands"]
        .as_array()
        .unwrap()
        .iter()
        .all(|hand| hand["cards"] == json!([]) && hand["down"].as_u64().is_some())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_running_match_is_public_on_frames_and_live_until_its_end() {
    let db = TempDb::new();
    let mut config = config(&db);
    config.deadline_ms = 1000;
    let server = Server::start(config).await;
    let bot = server
        .register("pacer", &pacing_bot(Duration::from_millis(25)).await)
        .await;
    let match_id = practice(&server, &bot, &json!(["greedy"]), &json!({})).await;
    let frames_path = format!("/api/matches/{match_id}/frames");
    let running = loop {
        let (status, frames) = server.get(&frames_path).await;
        assert_eq!(status, StatusCode::OK, "{frames}");
        assert_ne!(
            frames["status"], "finished",
            "the match ran too fast to watch"
        );
        if frames["status"] == "running" && !frames["frames"].as_array().unwrap().is_empty() {
            break frames;
        }
        assert_eq!(frames["eye"], "public");
        assert!(hands_hidden(&frames["initial"]));
        tokio::time::sleep(Duration::from_millis(10)).await;
    };
    assert_eq!(running["eye"], "public");
    assert!(hands_hidden(&running["initial"]));
    for frame in running["frames"].as_array().unwrap() {
        assert!(frame.get("sent").is_none(), "{frame}");
        assert!(hands_hidden(&frame["table"]), "{frame}");
    }
    for download in ["replay.json", "log.txt"] {
        let (status, error) = server
            .get(&format!("/api/matches/{match_id}/{download}"))
            .await;
        assert_eq!(status, StatusCode::CONFLICT, "{error}");
        assert_eq!(error["error"], "not_finished");
    }

    let mut live = Events::open(&server, &format!("/api/matches/{match_id}/live")).await;
    let (name, initial) = live.next().await.unwrap();
    assert_eq!(name, "initial");
    assert_eq!(
        (&initial["status"], &initial["eye"]),
        (&json!("running"), &json!("public"))
    );
    let mut seen: Vec<Value> = initial["frames"].as_array().unwrap().clone();
    let mut live_frames = 0;
    let ended = loop {
        let (name, data) = live.next().await.expect("the feed ends with `end`");
        match name.as_str() {
            "frame" => {
                assert_eq!(data["step"], seen.len() + 1, "frames arrive in order");
                assert!(data.get("sent").is_none() && hands_hidden(&data["table"]));
                seen.push(data);
                live_frames += 1;
            }
            "end" => break data,
            other => panic!("unexpected event {other}: {data}"),
        }
    };
    assert!(live_frames > 0, "frames arrived live");
    assert_eq!(ended["steps"], seen.len());
    assert!(live.next().await.is_none(), "the stream closes after `end`");

    // Every frame seen live was the public table the engine draws, and the match is stored.
    let m = server.finished_match(&match_id).await;
    let expected = expected(&m);
    assert_eq!(seen.len(), expected.public.len());
    for (frame, public) in seen.iter().zip(&expected.public) {
        assert_eq!(&frame["table"], public, "step {}", frame["step"]);
    }
    let (_, finished) = server.get(&frames_path).await;
    check_frames(&m, &finished);
    for (live, stored) in seen.iter().zip(finished["frames"].as_array().unwrap()) {
        for key in ["step", "seat", "by", "action", "text", "say", "ms"] {
            assert_eq!(live[key], stored[key], "{key} of step {}", live["step"]);
        }
    }
    // A finished match's feed says so at once.
    let mut live = Events::open(&server, &format!("/api/matches/{match_id}/live")).await;
    assert_eq!(live.next().await.unwrap().0, "end");
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn live_viewers_of_a_match_are_capped() {
    let db = TempDb::new();
    let mut config = config(&db);
    config.deadline_ms = 1000;
    let server = Server::start(config).await;
    let bot = server
        .register("watched", &pacing_bot(Duration::from_millis(25)).await)
        .await;
    let match_id = practice(&server, &bot, &json!(["greedy"]), &json!({})).await;
    loop {
        let (_, frames) = server.get(&format!("/api/matches/{match_id}/frames")).await;
        assert_ne!(
            frames["status"], "finished",
            "the match ran too fast to watch"
        );
        if !frames["frames"].as_array().unwrap().is_empty() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let live = format!("/api/matches/{match_id}/live");
    let mut viewers = Vec::new();
    for _ in 0..cardarena_server::live::PER_MATCH {
        let mut events = Events::open(&server, &live).await;
        assert_eq!(events.next().await.unwrap().0, "initial");
        viewers.push(events);
    }
    let (status, error) = server.get(&live).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{error}");
    assert_eq!(error["error"], "rate_limited");
    // A viewer that leaves frees its place.
    drop(viewers.pop());
    let mut again = None;
    for _ in 0..100 {
        let response = server.http.get(server.url(&live)).send().await.unwrap();
        if response.status() == StatusCode::OK {
            again = Some(response);
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert!(again.is_some(), "the freed place is taken again");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_running_fifty_six_match_never_shows_the_hidden_trump() {
    let db = TempDb::new();
    let mut config = config(&db);
    config.deadline_ms = 1000;
    let server = Server::start(config).await;
    let bot = server
        .register_for(
            "fifty-six",
            "pacer-56",
            &pacing_bot(Duration::from_millis(25)).await,
        )
        .await;
    let opponents = json!(["greedy", "greedy", "greedy"]);
    let match_id = practice(&server, &bot, &opponents, &json!({"deals": 2})).await;
    // As a browser's EventSource does: a feed that closes before `end` (the match was still
    // queued) is opened again, and starts afresh from its `initial` event.
    let mut seen: Vec<Value> = Vec::new();
    'feed: loop {
        let mut live = Events::open(&server, &format!("/api/matches/{match_id}/live")).await;
        while let Some((name, data)) = live.next().await {
            match name.as_str() {
                "initial" => seen = data["frames"].as_array().cloned().unwrap_or_default(),
                "frame" => seen.push(data),
                "end" => break 'feed,
                _ => {}
            }
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    server.finished_match(&match_id).await;
    let (_, finished) = server.get(&format!("/api/matches/{match_id}/frames")).await;
    let stored = finished["frames"].as_array().unwrap();
    assert_eq!(seen.len(), stored.len());
    let mut hidden_steps = 0;
    for (live, stored) in seen.iter().zip(stored) {
        if stored["action"]["kind"] == "hide_trump" {
            hidden_steps += 1;
            let card = stored["action"]["card"].as_str().unwrap();
            assert_eq!(
                live["action"],
                Value::Null,
                "the live feed withholds {card}"
            );
            assert_eq!(live["text"], "hides a card as trump");
            assert!(
                !stored["table"]["trump"]["cards"]
                    .as_array()
                    .unwrap()
                    .is_empty(),
                "the finished match shows the hidden trump"
            );
            assert_eq!(live["table"]["trump"]["cards"], json!([]), "hidden live");
        } else {
            assert_eq!(live["action"], stored["action"]);
        }
    }
    assert!(hidden_steps > 0, "a trump was hidden in each deal");
}
