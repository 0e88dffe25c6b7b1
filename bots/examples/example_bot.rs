//! A cardarena bot (protocol version 1) as a small axum service.
//!
//! It plays every game: it knows no rules, reads the view and the legal actions as plain JSON and
//! picks one of the legal actions. Put your strategy in [`choose_action`]; everything else (HTTP,
//! signatures, errors) is done for you.
//!
//! ```sh
//! read -rs CARDARENA_SECRET && export CARDARENA_SECRET   # your bot's secret, kept off the history
//! PORT=9000 cargo run -p cardarena-bots --example example_bot
//! ```
//!
//! Environment: `PORT` (default 9000), `HOST` (default 127.0.0.1; 0.0.0.0 to listen on every
//! interface), `CARDARENA_SECRET` (the secret registration gave you; unset: requests are not
//! checked). The protocol: docs/protocol.md; views and actions of each game:
//! docs/games/<game>.md. Outside this workspace the bot needs axum, tokio and serde_json, and
//! hmac, sha2 and hex in place of `cardarena_bots::http::verify` (see its source).

use std::hash::{BuildHasher, RandomState};
use std::sync::Arc;

use axum::Router;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};

// ---------------------------------------------------------------------------------------------
// YOUR STRATEGY GOES HERE.
// ---------------------------------------------------------------------------------------------

/// Picks the action to play: its index in `legal_actions` (never empty), and maybe a short text
/// (at most 200 characters) shown beside the move in the match replay.
///
/// `view` is what the seat may see; its fields depend on the game (docs/games/durak.md,
/// docs/games/bridge.md). Each call has `deadline_ms` (1000 by default) for the whole round trip:
/// think well within it.
pub fn choose_action(view: &Value, legal_actions: &[Value]) -> (usize, Option<String>) {
    let _ = view;
    (random_below(legal_actions.len()), None)
}

/// A random number below `n` (n > 0) from the standard library's randomly keyed hasher; a real
/// strategy would use the `rand` crate.
fn random_below(n: usize) -> usize {
    (RandomState::new().hash_one(0u8) % n as u64) as usize
}

// ---------------------------------------------------------------------------------------------
// The protocol. You should not need to change anything below.
// ---------------------------------------------------------------------------------------------

/// What the handler knows: the bot's secret, if any.
#[derive(Debug, Clone)]
pub struct Config {
    /// The signing secret; `None` accepts every request.
    pub secret: Option<String>,
}

/// The bot's service: every `POST`, on any path, is a request of the protocol.
pub fn router(secret: Option<String>) -> Router {
    Router::new()
        .fallback(handle)
        .with_state(Arc::new(Config { secret }))
}

/// Answers one request.
async fn handle(
    State(config): State<Arc<Config>>,
    method: Method,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    if method == Method::GET {
        return reply(
            StatusCode::OK,
            json!({"bot": "cardarena rust example", "protocol": 1}),
        );
    }
    if method != Method::POST {
        return reply(
            StatusCode::METHOD_NOT_ALLOWED,
            json!({"error": "POST only"}),
        );
    }
    if let Some(secret) = &config.secret {
        let header = headers
            .get("x-cardarena-signature")
            .and_then(|h| h.to_str().ok())
            .unwrap_or("");
        if !cardarena_bots::http::verify(secret.as_bytes(), &body, header) {
            eprintln!(
                "refused a request with a wrong signature (is CARDARENA_SECRET this bot's secret?)"
            );
            return reply(StatusCode::UNAUTHORIZED, json!({"error": "bad signature"}));
        }
    }
    let request: Value = match serde_json::from_slice(&body) {
        Ok(Value::Object(request)) => Value::Object(request),
        Ok(_) => return bad_request("the body is not a JSON object"),
        Err(_) => return bad_request("the body is not JSON"),
    };
    match request["type"].as_str() {
        Some("turn") => match request["legal_actions"].as_array() {
            Some(legal_actions) if !legal_actions.is_empty() => {
                reply(StatusCode::OK, answer_turn(&request["view"], legal_actions))
            }
            _ => bad_request("a turn needs a non-empty legal_actions"),
        },
        // The server's health check: answering it puts the bot on the ladder.
        Some("ping") => reply(StatusCode::OK, json!({"pong": true})),
        Some("match_end") => {
            log_match_end(&request);
            reply(StatusCode::OK, json!({}))
        }
        // match_start and anything newer: the answer is ignored.
        _ => reply(StatusCode::OK, json!({})),
    }
}

/// The answer to a turn: `{"action_index": i}` and maybe a `"say"`.
fn answer_turn(view: &Value, legal_actions: &[Value]) -> Value {
    let (mut index, mut say) = choose_action(view, legal_actions);
    if index >= legal_actions.len() {
        // A mistake in the strategy must not cost the match: play a legal action anyway.
        eprintln!(
            "choose_action returned {index} of {} actions; playing at random",
            legal_actions.len()
        );
        (index, say) = (random_below(legal_actions.len()), None);
    }
    let mut answer = json!({"action_index": index});
    if let Some(say) = say.filter(|s| !s.is_empty()) {
        answer["say"] = Value::String(say.chars().take(200).collect());
    }
    answer
}

/// One line per match, when it is over.
fn log_match_end(request: &Value) {
    let seats = request["outcome"]["seats"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    let seat = request["seat"].as_u64().unwrap_or(u64::MAX);
    let mine = usize::try_from(seat)
        .ok()
        .and_then(|s| seats.get(s))
        .cloned()
        .unwrap_or(Value::Null);
    println!(
        "match {} ({}, seat {} of {}): rank {}, score {}",
        request["match_id"].as_str().unwrap_or("?"),
        request["game"].as_str().unwrap_or("?"),
        request["seat"],
        seats.len(),
        mine["rank"],
        mine["score"],
    );
}

fn bad_request(error: &str) -> Response {
    reply(StatusCode::BAD_REQUEST, json!({"error": error}))
}

fn reply(status: StatusCode, answer: Value) -> Response {
    (status, axum::Json(answer)).into_response()
}

/// Reads `HOST`, `PORT` and `CARDARENA_SECRET` and serves the bot.
#[tokio::main]
async fn main() {
    let host = std::env::var("HOST").unwrap_or_else(|_| "127.0.0.1".to_string());
    let port = std::env::var("PORT").unwrap_or_else(|_| "9000".to_string());
    let secret = std::env::var("CARDARENA_SECRET")
        .ok()
        .filter(|s| !s.is_empty());
    if secret.is_none() {
        eprintln!(
            "warning: CARDARENA_SECRET is not set, so requests are not checked; set it to the \
             secret registration gave you"
        );
    }
    let listener = match tokio::net::TcpListener::bind(format!("{host}:{port}")).await {
        Ok(listener) => listener,
        Err(e) => {
            eprintln!("cannot listen on {host}:{port}: {e}");
            std::process::exit(1);
        }
    };
    let addr = listener.local_addr().map(|a| a.to_string()).unwrap_or(host);
    println!("listening on http://{addr}/");
    if let Err(e) = axum::serve(listener, router(secret)).await {
        eprintln!("server error: {e}");
        std::process::exit(1);
    }
}
