//! `cardarena backup`, end to end with the real binary. On SQLite: a backup taken while `serve`
//! plays 64 matches is opened by a second `serve` on another port, which answers, lists the
//! finished matches as the first server had them, plays again the matches that were running, and
//! signs its calls with the copied key (the bot checks every signature); `replay` confirms the
//! backup's finished matches. The refusals: a backup over an existing one without --force, over
//! one a server runs on even with --force, of a database that is not there or not cardarena's.
//! On PostgreSQL: `backup` runs pg_dump while `serve` plays, `pg_restore` loads the dump into a
//! fresh database, `serve` runs on it with the copied key, and `replay` confirms its matches.
//!
//! The modules: `sqlite` (the backup beside a running server, and the refusals) and `postgres`;
//! here, what they share: the bot, the server process and the API calls.

#[path = "../support/mod.rs"]
mod support;

use cardarena_testkit::postgres as postgres_cluster;

mod postgres;
mod sqlite;

use std::path::PathBuf;
use std::process::{Command, Output, Stdio};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use axum::Router;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use serde_json::{Value, json};
use support::process::Process;

/// How long the test bot thinks before each turn while matches are to stay running: long enough
/// that 64 matches run at once for seconds, short enough that each ends in a few.
const SLOW_MS: u64 = 150;

/// A bot on loopback that thinks `think_ms` before each turn and, once told its secret, checks
/// every call's signature as a careful bot does, answering 401 to a call signed otherwise.
struct CheckingBot {
    url: String,
    secret: Arc<OnceLock<String>>,
    refused: Arc<AtomicUsize>,
    think_ms: Arc<AtomicU64>,
}

#[derive(Clone)]
struct BotState {
    secret: Arc<OnceLock<String>>,
    refused: Arc<AtomicUsize>,
    think_ms: Arc<AtomicU64>,
}

async fn answer(State(bot): State<BotState>, headers: HeaderMap, body: Bytes) -> Response {
    if let Some(secret) = bot.secret.get() {
        let signature = (headers.get(cardarena_bots::http::SIGNATURE_HEADER))
            .and_then(|v| v.to_str().ok())
            .unwrap_or("");
        if !cardarena_bots::http::verify(secret.as_bytes(), &body, signature) {
            bot.refused.fetch_add(1, Ordering::SeqCst);
            return (StatusCode::UNAUTHORIZED, "bad signature").into_response();
        }
    }
    let turn = br#""type":"turn""#;
    if body.windows(turn.len()).any(|w| w == turn) {
        let think = bot.think_ms.load(Ordering::SeqCst);
        tokio::time::sleep(Duration::from_millis(think)).await;
    }
    axum::Json(json!({"action_index": 0})).into_response()
}

async fn checking_bot() -> CheckingBot {
    let state = BotState {
        secret: Arc::default(),
        refused: Arc::default(),
        think_ms: Arc::default(),
    };
    let app = Router::new()
        .route("/bot", post(answer))
        .with_state(state.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await });
    CheckingBot {
        url: format!("http://{addr}/bot"),
        secret: state.secret,
        refused: state.refused,
        think_ms: state.think_ms,
    }
}

/// `cardarena serve` on a database, and its address.
struct Serve {
    _process: Process,
    base: String,
}

impl Serve {
    /// Starts the binary on `url` with the flags every server here has, then `extra`.
    fn start(url: &str, extra: &[&str]) -> Serve {
        let mut args = vec!["serve", "--addr", "127.0.0.1:0", "--database-url", url];
        args.extend(["--no-ladder", "--deadline-ms", "5000"]);
        args.extend(["--bot-concurrency", "100", "--max-queued-practice", "1000"]);
        args.extend(extra);
        let (process, base) = Process::start(&args, "warn", "leaderboard: ");
        Serve {
            _process: process,
            base: base.trim_end_matches('/').to_string(),
        }
    }
}

/// Runs the binary with `args` to its end.
fn cardarena(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cardarena"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs")
}

/// What a finished command printed, both streams.
fn said(output: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

async fn get_json(http: &reqwest::Client, url: String) -> Value {
    let response = http.get(&url).send().await.unwrap();
    assert_eq!(response.status(), 200, "{url}");
    response.json().await.unwrap()
}

/// POSTs `body` to `url` with a bearer `token` if given; the JSON answer, which must be a success.
async fn post_json(http: &reqwest::Client, url: String, token: Option<&str>, body: Value) -> Value {
    let mut request = http.post(&url).json(&body);
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    let response = request.send().await.unwrap();
    assert!(
        response.status().is_success(),
        "{url}: {}",
        response.status()
    );
    response.json().await.unwrap()
}

/// Registers the checking bot on the server at `base` and tells the bot its secret; the bot's
/// id and owner token.
async fn register(http: &reqwest::Client, base: &str, bot: &CheckingBot) -> (String, String) {
    let body = json!({"name": "careful", "url": bot.url, "game": "durak"});
    let answer = post_json(http, format!("{base}/api/bots"), None, body).await;
    bot.secret
        .set(answer["secret"].as_str().unwrap().to_string())
        .unwrap();
    let id = answer["id"].as_str().unwrap().to_string();
    (id, answer["token"].as_str().unwrap().to_string())
}

/// Queues `n` practice matches of the bot against greedy; their ids.
async fn practice(
    http: &reqwest::Client,
    base: &str,
    bot: &(String, String),
    n: u32,
) -> Vec<String> {
    let url = format!("{base}/api/bots/{}/practice", bot.0);
    let body = json!({"matches": n, "opponents": ["greedy"]});
    let answer = post_json(http, url, Some(&bot.1), body).await;
    (answer["match_ids"].as_array().unwrap().iter())
        .map(|id| id.as_str().unwrap().to_string())
        .collect()
}

/// Waits until the match is neither queued nor running on the server at `base`; the match.
async fn ended(http: &reqwest::Client, base: &str, id: &str) -> Value {
    for _ in 0..1200 {
        let m = get_json(http, format!("{base}/api/matches/{id}")).await;
        if m["status"] != "queued" && m["status"] != "running" {
            return m;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("match {id} did not end within 60 s on {base}");
}

fn replays(ids: &[String], url: &str) {
    for id in ids {
        let replayed = cardarena(&["replay", id, "--database-url", url]);
        let out = said(&replayed);
        assert!(replayed.status.success(), "{out}");
        assert!(out.contains("the stored outcome is confirmed"), "{out}");
    }
}

/// Every `step`th of `ids`, the last one included: a sample spread over them.
fn sample(ids: &[String], at_most: usize) -> Vec<String> {
    let step = ids.len().div_ceil(at_most).max(1);
    let mut picked: Vec<String> = ids.iter().step_by(step).cloned().collect();
    if let Some(last) = ids.last().filter(|last| picked.last() != Some(last)) {
        picked.push(last.clone());
    }
    picked
}

/// The file of a `sqlite://PATH` URL.
fn file_of(url: &str) -> PathBuf {
    PathBuf::from(url.strip_prefix("sqlite://").unwrap())
}
