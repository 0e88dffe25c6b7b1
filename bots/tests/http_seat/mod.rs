//! What the HTTP seat's tests share: a bot server on 127.0.0.1 (a good bot that checks every
//! call, or one answer for every call), a 3-seat durak match with one seat played over HTTP, and
//! the check that a faulty seat forfeited while the match went on to its end.
#![allow(dead_code)] // each test file uses a different part of it

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Router;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::serve::ListenerExt;
use cardarena_bots::http::{self, AddressPolicy, HttpClient, MATCH_HEADER, SIGNATURE_HEADER};
use cardarena_bots::{Bot, FaultKind, HouseGame, HttpBotConfig, Played, RemoteBot, play_match};
use cardarena_engine::Game;
use cardarena_engine::games::durak::{Durak, DurakOptions};
use serde_json::{Value, json};
use tokio::net::TcpListener;
use url::Url;

/// The HTTP seat's secret, which signs its calls.
pub const SECRET: &[u8] = b"test secret of the http seat";
/// The match's id in every call.
pub const MATCH_ID: &str = "0b7e6a1c-2f4d-4e8a-9c3b-5d6e7f8a9b0c";
/// The seat the HTTP bot plays in every match here; the others are greedy house bots.
pub const SEAT: usize = 1;
/// Seats at the table.
pub const PLAYERS: usize = 3;
/// The deal of every match here.
pub const SEED: u64 = 20_260_417;
/// The HTTP seat's deadline a decision.
pub const DEADLINE: Duration = Duration::from_millis(100);

/// A bot server on 127.0.0.1 and how many TCP connections it accepted.
pub struct BotServer {
    /// Where the bot answers.
    pub url: Url,
    /// TCP connections accepted so far.
    pub connections: Arc<AtomicUsize>,
}

/// Serves `router` on a port of 127.0.0.1, counting the connections it accepts.
pub async fn serve(router: Router) -> BotServer {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let connections = Arc::new(AtomicUsize::new(0));
    let counter = connections.clone();
    let listener = listener.tap_io(move |_| {
        counter.fetch_add(1, Ordering::SeqCst);
    });
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    BotServer {
        url: format!("http://127.0.0.1:{port}/bot").parse().unwrap(),
        connections,
    }
}

/// A bot server whose every answer is `answer`.
pub async fn serve_answer<R, F>(answer: F) -> BotServer
where
    F: Fn() -> R + Clone + Send + Sync + 'static,
    R: IntoResponse,
{
    serve(Router::new().route(
        "/bot",
        post(move || {
            let answer = answer.clone();
            async move { answer() }
        }),
    ))
    .await
}

/// Plays one 3-seat durak match, seat [`SEAT`] played over HTTP at `url`.
pub async fn play(url: Url, policy: AddressPolicy, deadline: Duration) -> Played<Durak> {
    play_attempt(url, policy, deadline, 1).await
}

/// [`play`], as the match's `attempt`.
pub async fn play_attempt(
    url: Url,
    policy: AddressPolicy,
    deadline: Duration,
    attempt: u32,
) -> Played<Durak> {
    let config = HttpBotConfig {
        url,
        secret: SECRET.to_vec(),
        match_id: MATCH_ID.to_owned(),
        deadline,
        time_bank: Duration::ZERO,
        options: json!({}),
    };
    let remote = RemoteBot::<Durak>::new(HttpClient::new(policy), config).with_attempt(attempt);
    let mut http = Some(remote);
    let mut bots: Vec<Box<dyn Bot<Durak>>> = (0..PLAYERS)
        .map(|seat| match seat {
            SEAT => Box::new(http.take().unwrap()) as Box<dyn Bot<Durak>>,
            _ => Durak::house_bot("greedy", seat as u64).unwrap(),
        })
        .collect();
    play_match::<Durak>(&DurakOptions::default(), SEED, &mut bots)
        .await
        .unwrap()
}

/// The game after the first `n` actions of the match.
pub fn after(played: &Played<Durak>, n: usize) -> Durak {
    let mut game = played.initial.clone();
    for action in &played.actions[..n] {
        game.apply(action).unwrap();
    }
    game
}

/// The match went to its end, the HTTP seat faulted with `kind` (and nobody else did) and was
/// ranked last alone. Returns the fault's detail.
pub fn assert_forfeit(played: &Played<Durak>, kind: FaultKind) -> String {
    let fault = played.faults[SEAT].clone().expect("the HTTP seat faulted");
    assert_eq!(fault.kind, kind, "{fault}");
    for (seat, fault) in played.faults.iter().enumerate() {
        assert!(seat == SEAT || fault.is_none(), "seat {seat}: {fault:?}");
    }
    let last = played.outcome.seats.iter().map(|s| s.rank).max().unwrap();
    assert_eq!(played.outcome.seats[SEAT].rank, last);
    for (seat, result) in played.outcome.seats.iter().enumerate() {
        assert!(seat == SEAT || result.rank < last, "seat {seat}");
    }
    let end = after(played, played.actions.len());
    assert_eq!(end.outcome(), Some(played.game_outcome.clone()));
    assert!(played.says.iter().all(|said| said.seat != SEAT));
    fault.detail
}

/// What the good bot saw, and anything it found wrong with a call.
#[derive(Default)]
pub struct Seen {
    /// Every request body, in order.
    pub bodies: Vec<Value>,
    /// Answers given by index.
    pub by_index: usize,
    /// Answers given by action object.
    pub by_object: usize,
    /// What was wrong with a call (signature, headers, body): must stay empty.
    pub wrong: Vec<String>,
    /// The good bot's own generator state, for its random choices.
    pub rng: u64,
}

/// What the good bot saw, shared with its handler.
pub type Log = Arc<Mutex<Seen>>;

/// A well-behaved bot: checks every call's headers and signature, answers a random legal action,
/// alternately by index and by action object, with a say line.
pub async fn good_bot(State(log): State<Log>, headers: HeaderMap, body: Bytes) -> Response {
    let mut seen = log.lock().unwrap();
    let header = |name: &str| headers.get(name).and_then(|v| v.to_str().ok());
    match header(SIGNATURE_HEADER) {
        Some(signature) if http::verify(SECRET, &body, signature) => {}
        other => seen.wrong.push(format!("bad signature header {other:?}")),
    }
    if header(MATCH_HEADER) != Some(MATCH_ID) {
        seen.wrong
            .push(format!("bad match header {:?}", header(MATCH_HEADER)));
    }
    if header(header::CONTENT_TYPE.as_str()) != Some("application/json") {
        seen.wrong.push("bad content type".to_owned());
    }
    let Ok(request) = serde_json::from_slice::<Value>(&body) else {
        seen.wrong.push("the body is not JSON".to_owned());
        return StatusCode::BAD_REQUEST.into_response();
    };
    seen.bodies.push(request.clone());
    if !seen.wrong.is_empty() {
        return StatusCode::BAD_REQUEST.into_response();
    }
    if request["type"] != "turn" {
        return StatusCode::NO_CONTENT.into_response();
    }
    let legal = request["legal_actions"].as_array().unwrap();
    seen.rng = seen
        .rng
        .wrapping_mul(6_364_136_223_846_793_005)
        .wrapping_add(1_442_695_040_888_963_407);
    let index = (seen.rng >> 33) as usize % legal.len();
    let say = format!("turn {} is mine", request["turn"]);
    let answer = if (seen.by_index + seen.by_object) % 2 == 0 {
        seen.by_index += 1;
        json!({"action_index": index, "say": say, "mood": "calm"})
    } else {
        seen.by_object += 1;
        json!({"say": say, "action": legal[index]})
    };
    axum::Json(answer).into_response()
}

/// The good bot on a port of 127.0.0.1, and what it saw.
pub async fn serve_good_bot() -> (BotServer, Log) {
    let log = Log::default();
    let router = Router::new()
        .route("/bot", post(good_bot))
        .with_state(log.clone());
    (serve(router).await, log)
}

/// The turn requests the good bot was sent, in order.
pub fn turns(log: &Log) -> Vec<Value> {
    let seen = log.lock().unwrap();
    seen.bodies
        .iter()
        .filter(|body| body["type"] == "turn")
        .cloned()
        .collect()
}
