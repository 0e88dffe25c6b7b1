//! What the server's tests share: a temporary database, the server started in process on a
//! loopback port, an API client, and real HTTP bots (well-behaved and misbehaving) served by axum
//! on loopback. The binary's tests (cli/tests/) share it too, with the binary as a process.

#![allow(dead_code)] // each test file uses a different part of the support code

#[allow(unused_imports)] // each test file uses a different part of the support code
pub use cardarena_testkit::{contract, raw_http};

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Router;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, header};
use axum::routing::post;
use cardarena_web::app::{Running, ServeConfig, start};
use serde_json::{Value, json};
use tokio::sync::OnceCell;

use contract::Contract;

/// A database file in a fresh temporary directory, removed on drop.
pub struct TempDb {
    dir: PathBuf,
}

impl TempDb {
    /// A new, empty place for a database.
    pub fn new() -> TempDb {
        let dir = std::env::temp_dir().join(format!("cardarena-test-{}", uuid::Uuid::new_v4()));
        std::fs::create_dir_all(&dir).unwrap();
        TempDb { dir }
    }

    /// The database's URL.
    pub fn url(&self) -> String {
        format!("sqlite://{}", self.dir.join("test.db").display())
    }
}

impl Drop for TempDb {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// The sandbox's C test bot (`sandbox/tests/bots/bot.c`) built by clang with `-D` for each of
/// `defines`, its core module written as `{name}-core.wasm` in a folder of its own (tests run
/// side by side in one process, and two may build the same name).
pub fn test_bot_core(name: &str, defines: &[&str]) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("test-bots-{}", uuid::Uuid::new_v4()));
    std::fs::create_dir_all(&dir).unwrap();
    let source =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../sandbox/tests/bots/bot.c");
    let core = dir.join(format!("{name}-core.wasm"));
    cardarena_testkit::wasm::clang_core(&source, defines, &core);
    core
}

/// [`test_bot_core`] made a bot module (a component): its bytes.
pub fn test_bot_module(name: &str, defines: &[&str]) -> Vec<u8> {
    let core = std::fs::read(test_bot_core(name, defines)).unwrap();
    cardarena_sandbox::componentize(&core).unwrap()
}

/// A config for a test server on a free loopback port; no ladder unless asked.
pub fn config(db: &TempDb) -> ServeConfig {
    let mut config = ServeConfig::new("127.0.0.1:0".parse().unwrap(), db.url());
    config.deadline_ms = 300;
    config.ladder_interval = None;
    // Tests that turn the ladder on measure other things than the expert, whose search (sized
    // for a release build) takes seconds a match in a debug build; the ladder's own test seats it.
    config.ladder_expert = false;
    config
}

/// The server under test and a client for its API.
pub struct Server {
    /// The started server.
    pub running: Running,
    /// The HTTP client.
    pub http: reqwest::Client,
    /// The server's OpenAPI document, fetched on the first answer to check.
    contract: OnceCell<Arc<Contract>>,
}

impl Server {
    /// Starts a server with this config.
    pub async fn start(config: ServeConfig) -> Server {
        let running = start(config).await.expect("the server starts");
        Server {
            running,
            http: reqwest::Client::new(),
            contract: OnceCell::new(),
        }
    }

    /// The URL of `path` on the server.
    pub fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.running.addr)
    }

    /// GET `path`: status and JSON body, checked against the API's OpenAPI document.
    pub async fn get(&self, path: &str) -> (StatusCode, Value) {
        let response = self.http.get(self.url(path)).send().await.unwrap();
        self.checked("GET", path, response).await
    }

    /// The server's OpenAPI document (`GET /api/openapi.json`) as a contract, fetched once.
    pub async fn contract(&self) -> Arc<Contract> {
        let fetch = || async {
            let response = self.http.get(self.url("/api/openapi.json")).send().await;
            let doc: Value = response.unwrap().json().await.unwrap();
            Arc::new(Contract::new(doc))
        };
        self.contract.get_or_init(fetch).await.clone()
    }

    /// The status and JSON body of an answer to `method path`; an answer under `/api` that the
    /// OpenAPI document does not describe (status, content type or body) panics, saying how.
    async fn checked(
        &self,
        method: &str,
        path: &str,
        response: reqwest::Response,
    ) -> (StatusCode, Value) {
        let content_type = response
            .headers()
            .get(header::CONTENT_TYPE.as_str())
            .and_then(|v| v.to_str().ok())
            .map(str::to_string);
        let (status, json) = status_and_json(response).await;
        if path.starts_with("/api/") {
            let contract = self.contract().await;
            let answer = (status.as_u16(), content_type.as_deref(), &json);
            if let Err(mismatch) = contract.check(method, path, answer.0, answer.1, answer.2) {
                panic!("the answer is not as /api/openapi.json describes it: {mismatch}");
            }
        }
        (status, json)
    }

    /// GET the page at `path`: its HTML.
    pub async fn page(&self, path: &str) -> String {
        let response = self.http.get(self.url(path)).send().await.unwrap();
        response.text().await.unwrap()
    }

    /// Sends `body` as JSON with `method` to `path`, with a bearer `token` if given.
    pub async fn send(
        &self,
        method: reqwest::Method,
        path: &str,
        token: Option<&str>,
        body: Option<Value>,
    ) -> (StatusCode, Value) {
        let mut request = self.http.request(method.clone(), self.url(path));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        if let Some(body) = body {
            request = request.json(&body);
        }
        let response = request.send().await.unwrap();
        self.checked(method.as_str(), path, response).await
    }

    /// Registers a durak bot at `url`; returns the 201 answer (id, token, secret, …).
    pub async fn register(&self, name: &str, url: &str) -> Value {
        self.register_for("durak", name, url).await
    }

    /// Registers a bot of `game` at `url`; returns the 201 answer.
    pub async fn register_for(&self, game: &str, name: &str, url: &str) -> Value {
        let body = json!({"name": name, "url": url, "game": game});
        let (status, answer) = self
            .send(reqwest::Method::POST, "/api/bots", None, Some(body))
            .await;
        assert_eq!(status, StatusCode::CREATED, "{answer}");
        answer
    }

    /// Creates the tournament `spec` with the organiser's token `admin`, enters `bots` (each
    /// with its own token) and starts it; returns its id.
    pub async fn start_tournament(&self, admin: &str, spec: Value, bots: &[Value]) -> String {
        let (status, created) = self
            .send(
                reqwest::Method::POST,
                "/api/tournaments",
                Some(admin),
                Some(spec),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{created}");
        let id = created["id"].as_str().unwrap().to_string();
        for bot in bots {
            let path = format!("/api/tournaments/{id}/entries");
            let body = json!({"bot_id": bot["id"]});
            let (status, answer) = self
                .send(
                    reqwest::Method::POST,
                    &path,
                    bot["token"].as_str(),
                    Some(body),
                )
                .await;
            assert!(status.is_success(), "{answer}");
        }
        let path = format!("/api/tournaments/{id}/start");
        let (status, answer) = self
            .send(reqwest::Method::POST, &path, Some(admin), None)
            .await;
        assert!(status.is_success(), "{answer}");
        id
    }

    /// Queues practice matches of a registered bot; returns their ids.
    pub async fn practice(&self, bot: &Value, matches: u32, opponents: &[&str]) -> Vec<String> {
        let path = format!("/api/bots/{}/practice", bot["id"].as_str().unwrap());
        let body = json!({"matches": matches, "opponents": opponents});
        let token = bot["token"].as_str();
        let (status, answer) = self
            .send(reqwest::Method::POST, &path, token, Some(body))
            .await;
        assert_eq!(status, StatusCode::ACCEPTED, "{answer}");
        answer["match_ids"]
            .as_array()
            .unwrap()
            .iter()
            .map(|id| id.as_str().unwrap().to_string())
            .collect()
    }

    /// Every game the server plays, as `GET /api/games` describes it.
    pub async fn games(&self) -> Vec<Value> {
        let (status, games) = self.get("/api/games").await;
        assert_eq!(status, StatusCode::OK, "{games}");
        games.as_array().unwrap().clone()
    }

    /// Queues one practice match of `bot` at `game`'s usual table size against its first house
    /// bot, with `options`; returns its id.
    pub async fn practice_at_house_table(
        &self,
        bot: &Value,
        game: &Value,
        options: Value,
    ) -> String {
        let players = game["players"]["default"].as_u64().unwrap() as usize;
        let opponents = vec![game["house_bots"][0].clone(); players - 1];
        self.practice_with(bot, &json!(opponents), &options).await
    }

    /// Registers a bot of every game at `url` (named `{prefix}-{game}`) and queues one short
    /// practice match of each at its game's house table; returns (game, match id) pairs.
    pub async fn short_match_of_every_game(
        &self,
        prefix: &str,
        url: &str,
    ) -> Vec<(String, String)> {
        let mut matches = Vec::new();
        for game in self.games().await {
            let id = game["id"].as_str().unwrap().to_string();
            let bot = self.register_for(&id, &format!("{prefix}-{id}"), url).await;
            let match_id = self
                .practice_at_house_table(&bot, &game, short_match(&game))
                .await;
            matches.push((id, match_id));
        }
        matches
    }

    /// Queues one practice match of `bot` against `opponents` (a JSON list of bot ids) with
    /// `options`; returns its id.
    pub async fn practice_with(&self, bot: &Value, opponents: &Value, options: &Value) -> String {
        let path = format!("/api/bots/{}/practice", bot["id"].as_str().unwrap());
        let body = json!({"matches": 1, "opponents": opponents, "options": options});
        let (status, answer) = self
            .send(
                reqwest::Method::POST,
                &path,
                bot["token"].as_str(),
                Some(body),
            )
            .await;
        assert_eq!(status, StatusCode::ACCEPTED, "{answer}");
        answer["match_ids"][0].as_str().unwrap().to_string()
    }

    /// Waits until the match is finished (or failed) and returns it.
    pub async fn finished_match(&self, id: &str) -> Value {
        for _ in 0..600 {
            let (status, m) = self.get(&format!("/api/matches/{id}")).await;
            assert_eq!(status, StatusCode::OK, "{m}");
            if m["status"] != "queued" && m["status"] != "running" {
                return m;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("match {id} did not finish within 30 s");
    }

    /// Waits (up to 30 s) until the registered bot `id` is active: its first ping passed, so the
    /// pages offer it.
    pub async fn wait_active(&self, id: &str) {
        let path = format!("/api/bots/{id}");
        until(
            Duration::from_secs(30),
            "the bot never became active",
            async || {
                let (status, bot) = self.get(&path).await;
                assert_eq!(status, StatusCode::OK, "{bot}");
                (bot["status"] == "active").then_some(())
            },
        )
        .await
    }
}

async fn status_and_json(response: reqwest::Response) -> (StatusCode, Value) {
    let status = StatusCode::from_u16(response.status().as_u16()).unwrap();
    let text = response.text().await.unwrap();
    let json = serde_json::from_str(&text).unwrap_or(Value::String(text));
    (status, json)
}

/// One request a test bot received.
#[derive(Debug, Clone)]
pub struct Received {
    /// The route it came to.
    pub route: &'static str,
    /// Its headers.
    pub headers: HeaderMap,
    /// Its body.
    pub body: Bytes,
}

/// Real HTTP bots on one loopback port, one route per behaviour, recording what they receive.
pub struct TestBots {
    /// The bots' address.
    pub addr: SocketAddr,
    /// Every request received, in order.
    pub received: Arc<Mutex<Vec<Received>>>,
}

impl TestBots {
    /// The URL of the bot behaving as `route` (e.g. "/good").
    pub fn url(&self, route: &str) -> String {
        format!("http://{}{route}", self.addr)
    }

    /// The JSON bodies received on `route`.
    pub fn bodies(&self, route: &str) -> Vec<Value> {
        self.received
            .lock()
            .unwrap()
            .iter()
            .filter(|r| r.route == route)
            .map(|r| serde_json::from_slice(&r.body).unwrap())
            .collect()
    }
}

type Log = Arc<Mutex<Vec<Received>>>;

fn record(log: &Log, route: &'static str, headers: &HeaderMap, body: &Bytes) -> Value {
    log.lock().unwrap().push(Received {
        route,
        headers: headers.clone(),
        body: body.clone(),
    });
    serde_json::from_slice(body).unwrap_or(Value::Null)
}

/// Plays the first legal action by index and says which turn it is on.
async fn good(State(log): State<Log>, headers: HeaderMap, body: Bytes) -> axum::Json<Value> {
    let request = record(&log, "/good", &headers, &body);
    match request["type"].as_str() {
        Some("turn") => axum::Json(json!({
            "action_index": 0,
            "say": format!("turn {}", request["turn"]),
        })),
        _ => axum::Json(json!({})),
    }
}

/// Plays like `good`, saying 300 characters every turn (more than a line and a match keep).
async fn chatty(State(log): State<Log>, headers: HeaderMap, body: Bytes) -> axum::Json<Value> {
    let request = record(&log, "/chatty", &headers, &body);
    match request["type"].as_str() {
        Some("turn") => axum::Json(json!({
            "action_index": 0,
            "say": format!("turn {} ", request["turn"]) + &"blah ".repeat(60),
        })),
        _ => axum::Json(json!({})),
    }
}

/// Plays like `good`, taking 5 ms over each turn.
async fn steady(state: State<Log>, headers: HeaderMap, body: Bytes) -> axum::Json<Value> {
    tokio::time::sleep(Duration::from_millis(5)).await;
    good(state, headers, body).await
}

/// Answers turns after the deadline.
async fn slow(body: Bytes) -> axum::Json<Value> {
    let request: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
    if request["type"] == "turn" {
        tokio::time::sleep(Duration::from_secs(2)).await;
    }
    axum::Json(json!({"action_index": 0}))
}

/// Answers 500.
async fn broken() -> (StatusCode, &'static str) {
    (StatusCode::INTERNAL_SERVER_ERROR, "oops")
}

/// Answers text that is not JSON.
async fn garbage() -> &'static str {
    "this is not json {"
}

/// Answers 1 MiB.
async fn huge() -> String {
    format!(
        "{{\"action_index\": 0, \"pad\": \"{}\"}}",
        "x".repeat(1 << 20)
    )
}

/// Plays a card nobody holds.
async fn illegal() -> axum::Json<Value> {
    axum::Json(json!({"action": {"kind": "attack", "card": "RJ"}}))
}

/// Starts the test bots on a free loopback port.
pub async fn test_bots() -> TestBots {
    let received: Log = Arc::default();
    let app = Router::new()
        .route("/good", post(good))
        .route("/chatty", post(chatty))
        .route("/steady", post(steady))
        .route("/slow", post(slow))
        .route("/broken", post(broken))
        .route("/garbage", post(garbage))
        .route("/huge", post(huge))
        .route("/illegal", post(illegal))
        .with_state(received.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await });
    TestBots { addr, received }
}

/// A bot on loopback that plays each game's first legal action after `think` on each turn, so
/// that a match runs for a while; its URL.
pub async fn pacing_bot(think: Duration) -> String {
    async fn pace(State(think): State<Duration>, body: Bytes) -> axum::Json<Value> {
        let request: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
        if request["type"] == "turn" {
            tokio::time::sleep(think).await;
        }
        axum::Json(json!({"action_index": 0}))
    }
    let app = Router::new().route("/pace", post(pace)).with_state(think);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await });
    format!("http://{addr}/pace")
}

/// A loopback URL on which nothing listens.
pub async fn closed_port_url() -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    drop(listener);
    format!("http://{addr}/bot")
}

/// The opponents for a practice match of the game `GET /api/games` described in `game`: its first
/// house bot, as many times as its smallest table needs.
pub fn smallest_table(game: &Value) -> Value {
    let house = game["house_bots"][0].clone();
    let min = game["players"]["min"].as_u64().unwrap() as usize;
    Value::Array(vec![house; min - 1])
}

/// The game's default options, made as short as its options allow: one deal where it has
/// `single_deal` or `deals`.
pub fn short_match(game: &Value) -> Value {
    let mut options = game["options"].clone();
    if options.get("single_deal").is_some() {
        options["single_deal"] = json!(true);
    }
    if options.get("deals").is_some() {
        options["deals"] = json!(1);
    }
    options
}

/// Waits until `check` gives a value, asking every 100 ms; panics with `what` after `patience`.
pub async fn until<T>(
    patience: Duration,
    what: &str,
    mut check: impl AsyncFnMut() -> Option<T>,
) -> T {
    let started = std::time::Instant::now();
    loop {
        if let Some(value) = check().await {
            return value;
        }
        assert!(started.elapsed() < patience, "{what} after {patience:?}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Phrases as the API gives them (a JSON list) in English, the seats named `names` and `you`
/// the reader's own seat, as the engine's renderer writes them (the pages' catalog is the same).
pub fn english(phrases: &Value, names: &[String], you: Option<usize>) -> String {
    let phrases: Vec<cardarena_engine::Phrase> =
        serde_json::from_value(phrases.clone()).expect("phrases");
    let names = cardarena_engine::phrase::english::Names::new(names, you);
    cardarena_engine::phrase::english::words(&phrases, &names)
}
