//! No silent fallback (issue 44): the Python and JavaScript kits, as real processes against the
//! real server on loopback with a real SQLite file, with a strategy that raises on some decisions
//! and returns an index out of range on others. Each such decision is played at random, marked
//! `"fallback": true` in its answer, over HTTP and dialling out; the kit prints the count in the
//! match's line; the server stores it and shows it on the match page, the bot's page and in the
//! match's JSON, not as a fault. With `--strict` the kit answers with an error instead, at once,
//! and the server records a real fault. A bot module's marked answers are counted too (the
//! sandbox's C test bot built with -DFALLBACK). A bot whose every answer is a fallback plays on
//! the ladder without being paused.

use crate::support;

use std::path::PathBuf;
use std::time::Duration;

use axum::Router;
use axum::body::Bytes;
use axum::routing::post;
use cardarena_testkit::kits::{KitProcess, Script, Secret, TempDir};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use support::{Server, TempDb, config, test_bot_module, until};

/// A copy of `script`'s kit in `logs` whose strategy fails on two decisions of every three, in
/// turn: it returns an index out of range (call 1, 4, …), plays the first action (call 2, 5, …),
/// and raises (call 3, 6, …).
fn failing_kit(script: Script, logs: &TempDir) -> PathBuf {
    let (pick, failing) = match script {
        Script::Python => (
            "    return random.randrange(len(legal_actions))\n",
            "    global CALLS\n    CALLS = globals().get(\"CALLS\", 0) + 1\n    if CALLS % 3 == 0:\n        \
             raise RuntimeError(\"a bug in the strategy\")\n    return len(legal_actions) if CALLS % 3 == 1 else 0\n",
        ),
        Script::Js => (
            "  return Math.floor(Math.random() * legalActions.length);\n",
            "  globalThis.calls = (globalThis.calls || 0) + 1;\n  if (globalThis.calls % 3 === 0) \
             throw new Error(\"a bug in the strategy\");\n  return globalThis.calls % 3 === 1 ? \
             legalActions.length : 0;\n",
        ),
    };
    let source = std::fs::read_to_string(script.file()).unwrap();
    assert_eq!(source.matches(pick).count(), 1, "the kit's strategy line");
    let path = logs.0.join(script.file().file_name().unwrap());
    std::fs::write(&path, source.replacen(pick, failing, 1)).unwrap();
    path
}

/// How many of a seat's `n` decisions [`failing_kit`]'s strategy fails on.
fn failed_of(n: u64) -> u64 {
    n - (n + 1) / 3
}

/// A server with a generous deadline: the point is what the kits send, on a busy machine.
async fn server(db: &TempDb) -> Server {
    let mut config = config(db);
    config.deadline_ms = 2000;
    Server::start(config).await
}

/// The kit's seat in the finished match `m`, and how many decisions it took.
fn seat_of(m: &Value, bot: &Value) -> (Value, u64) {
    assert_eq!(m["status"], "finished", "{m}");
    let seat = (m["seats"].as_array().unwrap().iter())
        .find(|s| s["bot_id"] == bot["id"])
        .unwrap_or_else(|| panic!("no seat of the kit in {m}"))
        .clone();
    let decisions = (m["actions"].as_array().unwrap().iter())
        .filter(|a| a["seat"] == seat["seat"])
        .count() as u64;
    (seat, decisions)
}

/// The match's line the kit prints at its end.
async fn match_line(kit: &mut KitProcess, id: &str) -> String {
    let prefix = format!("match {id} ");
    kit.line(Duration::from_secs(10), |line| line.starts_with(&prefix))
        .await
}

/// The game the kits play: durak-duel asks a bot every decision, even one with a single legal
/// action, so a seat's actions in the log are its strategy's calls.
const GAME: &str = "durak-duel";

/// Registers a bot of [`GAME`] at `url`.
async fn register(server: &Server, name: &str, url: &str) -> Value {
    server.register_for(GAME, name, url).await
}

/// Queues one practice match of `bot` against the game's house bot; returns its id.
async fn practice(server: &Server, bot: &Value) -> String {
    server.practice(bot, 1, &["greedy"]).await.remove(0)
}

/// A kit whose strategy fails plays a practice match over HTTP: what it counts, sends, prints,
/// and what the server stores and shows.
async fn reports_its_fallbacks(script: Script) {
    let (db, logs) = (TempDb::new(), TempDir::new());
    let server = server(&db).await;
    let kit = failing_kit(script, &logs);
    let (mut process, addr) =
        KitProcess::serve_file(script, &kit, &[], Secret::Unset, &logs.0).await;
    let name = format!("{}-slip", script.name());
    let bot = register(&server, &name, &format!("http://{addr}/")).await;
    let id = practice(&server, &bot).await;
    let m = server.finished_match(&id).await;
    let (seat, decisions) = seat_of(&m, &bot);
    let output = process.output();
    assert!(decisions >= 3, "{m}\n{output}");
    assert!(
        seat["fault"].is_null(),
        "fallbacks are not faults: {seat}\n{output}"
    );
    let fallbacks = failed_of(decisions);
    assert_eq!(seat["fallbacks"], json!(fallbacks), "{seat}\n{output}");

    // The kit says so at the match's end, and why at each decision.
    let line = match_line(&mut process, &id).await;
    let function = match script {
        Script::Python => "choose_action",
        Script::Js => "chooseAction",
    };
    let counted = format!(
        "; {fallbacks} of your {decisions} decisions failed in {function} and were played at random"
    );
    assert!(line.ends_with(&counted), "{line}");
    let output = process.output();
    let said = format!("{function} failed, playing at random");
    assert_eq!(output.matches(&said).count() as u64, fallbacks, "{output}");
    assert!(output.contains("a bug in the strategy"), "{output}");

    // The match page: a sentence for a person above the table, and the seat's row.
    let page = server.page(&format!("/matches/{id}")).await;
    let sentence = format!(
        "Seat {} ({name}): {fallbacks} decisions played at random by its kit after its strategy \
         failed",
        seat["seat"]
    );
    assert!(page.contains(&sentence), "{page}");
    assert!(
        page.contains(&format!(
            "<span class=\"fallbacks\">{fallbacks} decisions played at random by its kit</span>"
        )),
        "{page}"
    );
    // The bot's page: over its recent matches, and in its list of matches.
    let page = server
        .page(&format!("/bots/{}", bot["id"].as_str().unwrap()))
        .await;
    assert!(page.contains("<dt>Played at random</dt>"), "{page}");
    let recent = format!("{fallbacks} decisions in its one finished match: its kit caught");
    assert!(page.contains(&recent), "{page}");
    assert!(
        page.contains(&format!("{fallbacks} at random</span>")),
        "{page}"
    );
    assert!(
        page.contains("No faults among the matches above."),
        "{page}"
    );
    let (_, shown) = server
        .get(&format!("/api/bots/{}", bot["id"].as_str().unwrap()))
        .await;
    assert_eq!(shown["recent_faults"], 0, "{shown}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_python_kit_reports_the_decisions_it_played_at_random() {
    reports_its_fallbacks(Script::Python).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_js_kit_reports_the_decisions_it_played_at_random() {
    reports_its_fallbacks(Script::Js).await;
}

/// Registers a dial-out bot of [`GAME`] and starts `kit` (a copy of `script`'s) connected as it, with
/// `args` besides `--connect`.
async fn dial_kit(
    server: &Server,
    script: Script,
    kit: &std::path::Path,
    args: &[&str],
    logs: &TempDir,
) -> (Value, KitProcess) {
    let name = format!("{}-dial-{}", script.name(), args.len());
    let body = json!({"name": name, "game": GAME, "connect": true});
    let (status, bot) = server
        .send(Method::POST, "/api/bots", None, Some(body))
        .await;
    assert_eq!(status, StatusCode::CREATED, "{bot}");
    let address = format!("http://{}", server.running.addr);
    let settings = [
        ("CARDARENA_SERVER", address.as_str()),
        ("CARDARENA_BOT_ID", bot["id"].as_str().unwrap()),
        ("CARDARENA_TOKEN", bot["token"].as_str().unwrap()),
    ];
    let args: Vec<&str> = ["--connect"]
        .into_iter()
        .chain(args.iter().copied())
        .collect();
    let mut process = KitProcess::start_file(script, kit, &args, &settings, None, &logs.0);
    process
        .line(Duration::from_secs(10), |line| {
            line.starts_with("connected to ")
        })
        .await;
    server.wait_active(bot["id"].as_str().unwrap()).await;
    (bot, process)
}

/// Dialling out, the same count reaches the server over the WebSocket.
async fn reports_its_fallbacks_dialling_out(script: Script) {
    let (db, logs) = (TempDb::new(), TempDir::new());
    let server = server(&db).await;
    let kit = failing_kit(script, &logs);
    let (bot, mut process) = dial_kit(&server, script, &kit, &[], &logs).await;
    let id = practice(&server, &bot).await;
    let m = server.finished_match(&id).await;
    let (seat, decisions) = seat_of(&m, &bot);
    let output = process.output();
    assert!(seat["fault"].is_null(), "{seat}\n{output}");
    assert_eq!(
        seat["fallbacks"],
        json!(failed_of(decisions)),
        "{seat}\n{output}"
    );
    let line = match_line(&mut process, &id).await;
    let counted = format!("; {} of your {decisions} decisions", failed_of(decisions));
    assert!(line.contains(&counted), "{line}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_python_kit_reports_its_fallbacks_dialling_out() {
    reports_its_fallbacks_dialling_out(Script::Python).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_js_kit_reports_its_fallbacks_dialling_out() {
    reports_its_fallbacks_dialling_out(Script::Js).await;
}

/// The kit's fault in the finished match `id`, checked to have come at its first decision and
/// at once (not at the deadline); its frames' fault entry.
async fn strict_fault(server: &Server, bot: &Value, id: &str) -> Value {
    let m = server.finished_match(id).await;
    let (seat, _) = seat_of(&m, bot);
    assert_eq!(seat["fallbacks"], 0, "{seat}");
    let (status, frames) = server.get(&format!("/api/matches/{id}/frames")).await;
    assert_eq!(status, StatusCode::OK, "{frames}");
    let fault = (frames["faults"].as_array().unwrap().iter())
        .find(|f| f["seat"] == seat["seat"])
        .unwrap_or_else(|| panic!("no fault of the kit's seat: {frames}"))
        .clone();
    let ms = fault["answer"]["ms"].as_u64().unwrap();
    assert!(
        ms < 1000,
        "answered at once, not at the 2000 ms deadline: {fault}"
    );
    fault
}

/// With `--strict` a failed strategy is a real fault, over HTTP (a 500) and dialling out (an
/// answer with no action), each at once.
async fn strict_is_a_fault(script: Script) {
    let (db, logs) = (TempDb::new(), TempDir::new());
    let server = server(&db).await;
    let kit = failing_kit(script, &logs);
    let (mut process, addr) =
        KitProcess::serve_file(script, &kit, &["--strict"], Secret::Unset, &logs.0).await;
    let name = format!("{}-strict", script.name());
    let bot = register(&server, &name, &format!("http://{addr}/")).await;
    let id = practice(&server, &bot).await;
    let fault = strict_fault(&server, &bot, &id).await;
    let output = process.output();
    assert_eq!(fault["kind"], "http_status", "{fault}\n{output}");
    assert_eq!(fault["answer"]["status"], 500, "{fault}");
    let body = fault["answer"]["body"].as_str().unwrap();
    assert!(body.contains("--strict"), "{fault}");
    let line = match_line(&mut process, &id).await;
    assert!(!line.contains("played at random"), "{line}");
    assert!(
        output.contains("--strict: answering with an error, a fault"),
        "{output}"
    );
    assert!(!output.contains("playing at random"), "{output}");
    let page = server.page(&format!("/matches/{id}")).await;
    assert!(page.contains(&format!("{name} faulted at step")), "{page}");

    let (bot, process) = dial_kit(&server, script, &kit, &["--strict"], &logs).await;
    let id = practice(&server, &bot).await;
    let fault = strict_fault(&server, &bot, &id).await;
    let output = process.output();
    assert_eq!(fault["kind"], "bad_json", "{fault}\n{output}");
    assert!(
        fault["detail"].as_str().unwrap().contains("--strict"),
        "{fault}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_python_kit_faults_with_strict() {
    strict_is_a_fault(Script::Python).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_js_kit_faults_with_strict() {
    strict_is_a_fault(Script::Js).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_modules_fallbacks_are_counted() {
    let db = TempDb::new();
    let server = server(&db).await;
    let body = json!({"name": "module-slip", "game": GAME, "wasm": true});
    let (status, bot) = server
        .send(Method::POST, "/api/bots", None, Some(body))
        .await;
    assert_eq!(status, StatusCode::CREATED, "{bot}");
    let path = format!("/api/bots/{}/module", bot["id"].as_str().unwrap());
    let uploaded = (server.http.put(server.url(&path)))
        .bearer_auth(bot["token"].as_str().unwrap())
        .header("content-type", "application/wasm")
        .body(test_bot_module("fallback", &["FALLBACK"]))
        .send()
        .await
        .unwrap();
    assert!(
        uploaded.status().is_success(),
        "{}",
        uploaded.text().await.unwrap()
    );
    let id = practice(&server, &bot).await;
    let m = server.finished_match(&id).await;
    let (seat, decisions) = seat_of(&m, &bot);
    assert!(decisions > 0 && seat["fault"].is_null(), "{m}");
    assert_eq!(
        seat["fallbacks"],
        json!(decisions),
        "every answer was marked: {seat}"
    );
}

/// A bot on loopback that answers pings and plays the first legal action of every turn, each
/// marked as its kit's fallback.
async fn always_falling_back() -> String {
    async fn answer(body: Bytes) -> axum::Json<Value> {
        let request: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
        axum::Json(match request["type"].as_str() {
            Some("ping") => json!({"pong": true}),
            Some("turn") => json!({"action_index": 0, "fallback": true}),
            _ => json!({}),
        })
    }
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}/bot", listener.local_addr().unwrap());
    let app = Router::new().route("/bot", post(answer));
    tokio::spawn(async move { axum::serve(listener, app).await });
    url
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fallbacks_do_not_pause_a_bot() {
    let db = TempDb::new();
    let mut config = config(&db);
    config.ladder_interval = Some(Duration::from_millis(20));
    let server = Server::start(config).await;
    let bot = register(&server, "slipping", &always_falling_back().await).await;
    let path = format!("/api/bots/{}", bot["id"].as_str().unwrap());
    // More ladder matches than the five faulted ones in a row that pause a bot.
    let shown = until(Duration::from_secs(60), "eight rated matches", async || {
        let (_, shown) = server.get(&path).await;
        (shown["rating"]["matches"].as_u64() >= Some(8)).then_some(shown)
    })
    .await;
    assert_eq!(shown["status"], "active", "{shown}");
    assert_eq!(shown["recent_faults"], 0, "{shown}");
    assert!(shown["recent_matches"].as_u64() >= Some(8), "{shown}");
    // Every finished match had decisions played at random.
    let page = server.page(&path.replace("/api", "")).await;
    let text = (page.split("<dd class=\"recent-fallbacks\">").nth(1))
        .and_then(|rest| rest.split("</dd>").next())
        .unwrap_or_else(|| panic!("no random plays shown: {page}"));
    let words: Vec<&str> = text.split(' ').collect();
    assert_eq!(words[1..3], ["decisions", "in"], "{text}");
    assert_eq!(words[4..7], ["of", "its", "last"], "{text}");
    assert_eq!(words[3], words[7], "{text}");
}
