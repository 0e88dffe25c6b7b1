//! Dial-out bots through a real server on loopback: a WebSocket client in the test connects as
//! the bot (`GET /api/bots/{id}/connect`) and answers the protocol's messages; practice matches
//! against house bots are played over that connection; one that faults is on probation, which
//! a new connection does not cut short.

use crate::support;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use support::{Server, TempDb, config, short_match, smallest_table};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// Registers a dial-out bot of `game`; returns the 201 answer.
async fn register_dial(server: &Server, game: &str, name: &str) -> Value {
    let body = json!({"name": name, "game": game, "connect": true});
    let (status, bot) = server
        .send(Method::POST, "/api/bots", None, Some(body))
        .await;
    assert_eq!(status, StatusCode::CREATED, "{bot}");
    bot
}

/// The bot's WebSocket URL and a request for it carrying `token`.
fn connect_request(
    server: &Server,
    bot: &Value,
    token: Option<&str>,
) -> tokio_tungstenite::tungstenite::handshake::client::Request {
    let id = bot["id"].as_str().unwrap();
    let url = server
        .url(&format!("/api/bots/{id}/connect"))
        .replace("http://", "ws://");
    let mut request = url.into_client_request().unwrap();
    if let Some(token) = token {
        let value = format!("Bearer {token}").parse().unwrap();
        request.headers_mut().insert("authorization", value);
    }
    request
}

/// Opens a connection as `bot`.
async fn connect(server: &Server, bot: &Value) -> Socket {
    let request = connect_request(server, bot, bot["token"].as_str());
    let (socket, response) = tokio_tungstenite::connect_async(request).await.unwrap();
    assert_eq!(response.status(), StatusCode::SWITCHING_PROTOCOLS);
    socket
}

/// What the test bot does with a message.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Move {
    /// Answers with the first legal action (or the empty answer of a notice).
    Answer,
    /// Closes the connection without answering.
    Hang,
    /// Answers with a message over the protocol's limit.
    Oversize,
    /// Answers a turn with an action index no turn has (an illegal action), anything else as
    /// `Answer` does.
    Illegal,
}

/// Every message the bot was sent, in order.
type Seen = Arc<Mutex<Vec<Value>>>;

/// Plays as the bot on `socket` until the connection closes: each message is recorded in `seen`
/// and handled as `decide` says. Returns the close frame's code, if the server sent one.
async fn play(mut socket: Socket, seen: Seen, decide: impl Fn(&Value) -> Move) -> Option<u16> {
    while let Some(message) = socket.next().await {
        let text = match message {
            Ok(Message::Text(text)) => text,
            Ok(Message::Close(frame)) => return frame.map(|f| u16::from(f.code)),
            Ok(_) => continue,
            Err(_) => return None,
        };
        let request: Value = serde_json::from_str(&text).unwrap();
        seen.lock().unwrap().push(request.clone());
        let answer = match decide(&request) {
            Move::Hang => return None,
            Move::Oversize => {
                json!({"request_id": request["request_id"], "say": "x".repeat(70_000)})
            }
            Move::Illegal if request["type"] == "turn" => {
                json!({"request_id": request["request_id"], "action_index": 100_000})
            }
            Move::Answer if request["type"] == "turn" => {
                json!({"request_id": request["request_id"], "action_index": 0, "say": "first"})
            }
            Move::Answer | Move::Illegal => {
                json!({"request_id": request["request_id"], "pong": true})
            }
        };
        if socket
            .send(Message::text(answer.to_string()))
            .await
            .is_err()
        {
            return None;
        }
    }
    None
}

/// Plays as the bot on a new connection, in the background.
async fn spawn_bot(
    server: &Server,
    bot: &Value,
    decide: impl Fn(&Value) -> Move + Send + 'static,
) -> (Seen, tokio::task::JoinHandle<Option<u16>>) {
    let seen = Seen::default();
    let socket = connect(server, bot).await;
    let task = tokio::spawn(play(socket, seen.clone(), decide));
    (seen, task)
}

/// The seat `bot` played in `finished` (a finished match's JSON).
fn seat_of<'a>(finished: &'a Value, bot: &Value) -> &'a Value {
    finished["seats"]
        .as_array()
        .unwrap()
        .iter()
        .find(|seat| seat["bot_id"] == bot["id"])
        .unwrap_or_else(|| panic!("{bot} is not seated in {finished}"))
}

/// Waits until the bot's status is `status`.
async fn wait_status(server: &Server, bot: &Value, status: &str) -> Value {
    let path = format!("/api/bots/{}", bot["id"].as_str().unwrap());
    let mut last = Value::Null;
    for _ in 0..200 {
        let (_, shown) = server.get(&path).await;
        if shown["status"] == status {
            return shown;
        }
        last = shown;
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    panic!("the bot never became {status}: {last}");
}

#[tokio::test]
async fn a_dial_out_bot_plays_every_game_over_its_connection_and_passes_its_ping() {
    let db = TempDb::new();
    let server = Server::start(config(&db)).await;
    let (_, games) = server.get("/api/games").await;
    for game in games.as_array().unwrap() {
        let id = game["id"].as_str().unwrap();
        let bot = register_dial(&server, id, &format!("dialler-{id}")).await;
        let (_, shown) = server
            .get(&format!("/api/bots/{}", bot["id"].as_str().unwrap()))
            .await;
        assert_eq!(
            shown["status"], "paused",
            "waits for its first ping: {shown}"
        );
        let (seen, _task) = spawn_bot(&server, &bot, |_| Move::Answer).await;
        wait_status(&server, &bot, "active").await;
        let path = format!("/api/bots/{}/practice", bot["id"].as_str().unwrap());
        let body =
            json!({"matches": 1, "opponents": smallest_table(game), "options": short_match(game)});
        let (status, queued) = server
            .send(Method::POST, &path, bot["token"].as_str(), Some(body))
            .await;
        assert_eq!(status, StatusCode::ACCEPTED, "{queued}");
        let ids = [queued["match_ids"][0].as_str().unwrap().to_string()];
        let finished = server.finished_match(&ids[0]).await;
        assert_eq!(finished["status"], "finished", "{finished}");
        let seat = seat_of(&finished, &bot);
        assert!(seat["fault"].is_null(), "{id}: {seat}");
        let seen = seen.lock().unwrap().clone();
        let types: Vec<&str> = seen.iter().map(|m| m["type"].as_str().unwrap()).collect();
        let start = types.iter().position(|t| *t == "match_start").unwrap();
        assert!(
            start > 0 && types[..start].iter().all(|t| *t == "ping"),
            "{id}: {types:?}"
        );
        assert_eq!(*types.last().unwrap(), "match_end", "{id}: {types:?}");
        // It is asked for a turn whenever its seat acted: in most the first player can go out
        // at once (about one single deal in 170), and the other then never acts.
        let position = (finished["seats"].as_array().unwrap().iter())
            .position(|s| s["bot_id"] == bot["id"])
            .unwrap();
        let acted = (finished["actions"].as_array().unwrap().iter())
            .any(|a| a["seat"].as_u64() == Some(position as u64));
        assert_eq!(types.contains(&"turn"), acted, "{id}: {types:?}");
        assert!(acted || id == "most", "{id}: {types:?}");
        let ids: std::collections::HashSet<&str> = seen
            .iter()
            .map(|m| m["request_id"].as_str().unwrap())
            .collect();
        assert_eq!(ids.len(), seen.len(), "request ids are unique");
        // Every message, request_id and all, is as the game's message schemas say.
        let (_, schemas) = server.get(&format!("/api/games/{id}/schema")).await;
        for message in &seen {
            let kind = message["type"].as_str().unwrap();
            let schema = jsonschema::draft202012::new(&schemas["messages"][kind]).unwrap();
            if let Err(error) = schema.validate(message) {
                panic!("{id}: a {kind} message against its schema: {error}: {message}");
            }
        }
        if !acted {
            // Most's rare deal where it never acts: no turn to read, no decision to count.
            continue;
        }
        let turn = seen.iter().find(|m| m["type"] == "turn").unwrap();
        for field in [
            "match_id",
            "game",
            "seat",
            "turn",
            "deadline_ms",
            "view",
            "legal_actions",
        ] {
            assert!(!turn[field].is_null(), "{id}: a turn lacks {field}: {turn}");
        }
        assert_eq!(turn["game"], id);
        // The metrics tell dial-out calls from HTTP ones, and count the open connection.
        let metrics = reqwest::get(server.url("/metrics")).await.unwrap();
        let metrics = metrics.text().await.unwrap();
        let figure = |series: &str| -> f64 {
            let line = metrics
                .lines()
                .find(|l| l.starts_with(&format!("{series} ")));
            line.map_or(0.0, |l| l.rsplit(' ').next().unwrap().parse().unwrap())
        };
        let decisions = format!("cardarena_decisions_total{{game=\"{id}\",transport=\"dial\"}}");
        assert!(figure(&decisions) >= 1.0, "{id}: {metrics}");
        let timed = r#"cardarena_bot_call_seconds_count{transport="dial"}"#;
        assert!(figure(timed) >= figure(&decisions), "{metrics}");
        assert!(figure("cardarena_dial_connections") >= 1.0, "{metrics}");
    }
}

#[tokio::test]
async fn a_call_on_a_connection_that_drops_goes_again_on_the_next_one() {
    let db = TempDb::new();
    let mut config = config(&db);
    config.deadline_ms = 3000;
    let server = Server::start(config).await;
    let bot = register_dial(&server, "durak", "reconnecting").await;
    let (_, first) = spawn_bot(&server, &bot, |m| {
        match m["type"] == "turn" && m["turn"].as_u64() > Some(4) {
            true => Move::Hang,
            false => Move::Answer,
        }
    })
    .await;
    wait_status(&server, &bot, "active").await;
    let ids = server.practice(&bot, 1, &["greedy"]).await;
    // The first connection hangs up on a turn mid-match; the bot dials again at once.
    assert_eq!(first.await.unwrap(), None);
    let (seen, _second) = spawn_bot(&server, &bot, |_| Move::Answer).await;
    let finished = server.finished_match(&ids[0]).await;
    assert!(seat_of(&finished, &bot)["fault"].is_null(), "{finished}");
    let seen = seen.lock().unwrap().clone();
    assert_eq!(
        seen[0]["type"], "turn",
        "the unanswered turn is sent again: {}",
        seen[0]
    );
    assert!(seen[0]["turn"].as_u64() > Some(4));
}

#[tokio::test]
async fn a_bot_without_a_connection_faults_connect_and_is_paused_when_it_hangs_up() {
    let db = TempDb::new();
    let server = Server::start(config(&db)).await;
    let bot = register_dial(&server, "durak", "absent").await;
    let ids = server.practice(&bot, 1, &["greedy"]).await;
    let finished = server.finished_match(&ids[0]).await;
    let fault = &seat_of(&finished, &bot)["fault"];
    assert_eq!(fault["kind"], "connect", "{finished}");

    let (_, task) = spawn_bot(&server, &bot, |_| Move::Answer).await;
    wait_status(&server, &bot, "active").await;
    task.abort();
    let paused = wait_status(&server, &bot, "paused").await;
    assert!(
        paused.to_string().contains("no connection"),
        "the pause says why: {paused}"
    );
}

#[tokio::test]
async fn an_answer_over_the_limit_faults_too_large_and_closes_the_connection() {
    let db = TempDb::new();
    let server = Server::start(config(&db)).await;
    let bot = register_dial(&server, "durak", "verbose").await;
    let (_, task) = spawn_bot(&server, &bot, |m| match m["type"] == "turn" {
        true => Move::Oversize,
        false => Move::Answer,
    })
    .await;
    wait_status(&server, &bot, "active").await;
    let ids = server.practice(&bot, 1, &["greedy"]).await;
    let finished = server.finished_match(&ids[0]).await;
    assert_eq!(
        seat_of(&finished, &bot)["fault"]["kind"],
        "too_large",
        "{finished}"
    );
    assert_eq!(task.await.unwrap(), Some(u16::from(CloseCode::Size)));
}

#[tokio::test]
async fn the_connect_route_checks_its_caller() {
    let db = TempDb::new();
    let server = Server::start(config(&db)).await;
    let bot = register_dial(&server, "durak", "guarded").await;
    let other = register_dial(&server, "durak", "another").await;
    let refused = |request| async move {
        match tokio_tungstenite::connect_async(request).await {
            Err(tokio_tungstenite::tungstenite::Error::Http(response)) => {
                let body: Value = serde_json::from_slice(response.body().as_deref().unwrap())
                    .expect("a JSON error");
                (
                    response.status(),
                    body["error"].as_str().unwrap().to_string(),
                )
            }
            other => panic!("not refused: {other:?}"),
        }
    };
    let no_token = connect_request(&server, &bot, None);
    assert_eq!(refused(no_token).await.0, StatusCode::UNAUTHORIZED);
    let wrong = connect_request(&server, &bot, other["token"].as_str());
    assert_eq!(refused(wrong).await.0, StatusCode::FORBIDDEN);

    let http = server.register("called", "http://127.0.0.1:9/").await;
    let called = connect_request(&server, &http, http["token"].as_str());
    assert_eq!(
        refused(called).await,
        (StatusCode::CONFLICT, "not_dial_out".into())
    );

    let path = format!("/api/bots/{}/connect", bot["id"].as_str().unwrap());
    let (status, answer) = server
        .send(Method::GET, &path, bot["token"].as_str(), None)
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    assert_eq!(answer["error"], "not_a_websocket");

    let mut open = Vec::new();
    for _ in 0..4 {
        open.push(connect(&server, &bot).await);
    }
    let fifth = connect_request(&server, &bot, bot["token"].as_str());
    assert_eq!(
        refused(fifth).await,
        (StatusCode::TOO_MANY_REQUESTS, "too_many_connections".into())
    );
    drop(open.pop());
    // The closed connection is detached once the server sees it go.
    let mut reopened = None;
    for _ in 0..100 {
        let request = connect_request(&server, &bot, bot["token"].as_str());
        if let Ok((socket, _)) = tokio_tungstenite::connect_async(request).await {
            reopened = Some(socket);
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert!(reopened.is_some(), "a connection is free again");
}

#[tokio::test]
async fn moving_a_dial_out_bot_to_a_url_closes_its_connections() {
    let db = TempDb::new();
    let server = Server::start(config(&db)).await;
    let bot = register_dial(&server, "durak", "moving").await;
    let (_, task) = spawn_bot(&server, &bot, |_| Move::Answer).await;
    wait_status(&server, &bot, "active").await;
    let path = format!("/api/bots/{}", bot["id"].as_str().unwrap());
    let body = json!({"url": "http://127.0.0.1:9/"});
    let (status, moved) = server
        .send(Method::PATCH, &path, bot["token"].as_str(), Some(body))
        .await;
    assert_eq!(status, StatusCode::OK, "{moved}");
    let closed = tokio::time::timeout(Duration::from_secs(5), task).await;
    assert_eq!(closed.expect("the connection closes").unwrap(), Some(1000));
    let again = connect_request(&server, &bot, bot["token"].as_str());
    assert!(
        tokio_tungstenite::connect_async(again).await.is_err(),
        "an HTTP bot cannot dial"
    );
}

/// Polls the bot's JSON until `done` holds of it.
async fn wait_until(server: &Server, bot: &Value, done: impl Fn(&Value) -> bool) -> Value {
    let path = format!("/api/bots/{}", bot["id"].as_str().unwrap());
    let deadline = std::time::Instant::now() + Duration::from_secs(40);
    loop {
        let (_, shown) = server.get(&path).await;
        if done(&shown) {
            return shown;
        }
        assert!(std::time::Instant::now() < deadline, "still {shown}");
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_faulting_dial_out_bot_comes_back_after_a_probation_not_a_new_connection() {
    let db = TempDb::new();
    let mut config = config(&db);
    config.ladder_interval = Some(Duration::from_millis(50));
    let server = Server::start(config).await;
    let bot = register_dial(&server, "durak", "dialfaulter").await;
    let fixed = Arc::new(AtomicBool::new(false));
    let decide = {
        let fixed = fixed.clone();
        move |_: &Value| match fixed.load(Ordering::SeqCst) {
            true => Move::Answer,
            false => Move::Illegal,
        }
    };
    let (_, first) = spawn_bot(&server, &bot, decide.clone()).await;
    let paused = wait_until(&server, &bot, |b| b["status_reason"] == "faults").await;
    assert_eq!(paused["probation"]["on_probation"], true, "{paused}");

    // A new connection neither resumes it nor brings its probation forward.
    first.abort();
    let (_, _second) = spawn_bot(&server, &bot, decide).await;
    let path = format!("/api/bots/{}", bot["id"].as_str().unwrap());
    let (_, shown) = server.get(&path).await;
    assert_eq!(shown["status_reason"], "faults", "{shown}");
    let failed = wait_until(&server, &bot, |b| {
        b["probation"]["last"]["result"] == "faulted"
    })
    .await;
    assert_eq!(failed["status_reason"], "faults", "{failed}");
    assert_eq!(failed["probation"]["last"]["fault_kind"], "illegal_action");
    assert_eq!(
        failed["rating"]["matches"], 5,
        "five ladder matches, then none"
    );

    // Fixed: the next probation, over its connection, brings it back.
    fixed.store(true, Ordering::SeqCst);
    let back = wait_until(&server, &bot, |b| b["status"] == "active").await;
    assert_eq!(back["probation"]["last"]["result"], "passed", "{back}");
}
