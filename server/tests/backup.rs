//! `cardarena backup`, end to end with the real binary. On SQLite: a backup taken while `serve`
//! plays 64 matches is opened by a second `serve` on another port, which answers, lists the
//! finished matches as the first server had them, plays again the matches that were running, and
//! signs its calls with the copied key (the bot checks every signature); `replay` confirms the
//! backup's finished matches. The refusals: a backup over an existing one without --force, over
//! one a server runs on even with --force, of a database that is not there or not cardarena's.
//! On PostgreSQL: `backup` runs pg_dump while `serve` plays, `pg_restore` loads the dump into a
//! fresh database, `serve` runs on it with the copied key, and `replay` confirms its matches.

mod support;

// The harness's `apply` serves the schema parity test, not this one.
#[allow(dead_code)]
#[path = "support/postgres.rs"]
mod postgres;

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use axum::Router;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use serde_json::{Value, json};
use support::TempDb;

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
    child: Child,
    base: String,
}

impl Serve {
    /// Starts the binary on `url` with the flags every server here has, then `extra`.
    fn start(url: &str, extra: &[&str]) -> Serve {
        let mut child = Command::new(env!("CARGO_BIN_EXE_cardarena"))
            .args(["serve", "--addr", "127.0.0.1:0", "--database-url", url])
            .args(["--no-ladder", "--deadline-ms", "5000"])
            .args(["--bot-concurrency", "100", "--max-queued-practice", "1000"])
            .args(extra)
            .env("RUST_LOG", "warn")
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the binary starts");
        let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
        let base = loop {
            let line = lines.next().expect("serve prints its address").unwrap();
            if let Some(url) = line.strip_prefix("leaderboard: ") {
                break url.trim_end_matches('/').to_string();
            }
        };
        Serve { child, base }
    }
}

impl Drop for Serve {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
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

/// Each status's count of matches in the SQLite file at `path`, read by a read-only connection.
async fn sqlite_statuses(path: &Path) -> BTreeMap<String, i64> {
    use sqlx::Connection;
    let url = format!("sqlite://{}?mode=ro", path.display());
    let mut conn = sqlx::SqliteConnection::connect(&url).await.unwrap();
    let rows: Vec<(String, i64)> =
        sqlx::query_as("SELECT status, COUNT(*) FROM matches GROUP BY status")
            .fetch_all(&mut conn)
            .await
            .unwrap();
    conn.close().await.unwrap();
    rows.into_iter().collect()
}

/// The ids of the backup's matches with `status`, read from the SQLite file at `path`.
async fn sqlite_ids(path: &Path, status: &str) -> Vec<String> {
    use sqlx::Connection;
    let url = format!("sqlite://{}?mode=ro", path.display());
    let mut conn = sqlx::SqliteConnection::connect(&url).await.unwrap();
    let check: String = sqlx::query_scalar("PRAGMA integrity_check")
        .fetch_one(&mut conn)
        .await
        .unwrap();
    assert_eq!(check, "ok", "the backup is a sound SQLite file");
    let ids = sqlx::query_scalar("SELECT id FROM matches WHERE status = $1 ORDER BY number")
        .bind(status)
        .fetch_all(&mut conn)
        .await
        .unwrap();
    conn.close().await.unwrap();
    ids
}

/// `replay` confirms each of `ids` from the database at `url`.
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_backup_taken_while_64_matches_run_opens_with_serve_and_replays() {
    let db = TempDb::new();
    let source = file_of(&db.url());
    let bot = checking_bot().await;
    let http = reqwest::Client::new();
    let server = Serve::start(&db.url(), &["--max-matches", "64"]);
    let careful = register(&http, &server.base, &bot).await;
    // 16 matches played at once by a bot that answers at once, then 64 by the same bot thinking
    // slowly, all at once (the server's --max-matches): 80 matches, one page of the match list.
    for id in practice(&http, &server.base, &careful, 16).await {
        assert_eq!(ended(&http, &server.base, &id).await["status"], "finished");
    }
    bot.think_ms.store(SLOW_MS, Ordering::SeqCst);
    practice(&http, &server.base, &careful, 64).await;
    let started = Instant::now();
    let at_backup = loop {
        let statuses = sqlite_statuses(&source).await;
        if statuses.get("running") == Some(&64) {
            break statuses;
        }
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "64 matches never ran at once: {statuses:?}"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    let backup = source.with_file_name("backup.db");
    let backup_url = format!("sqlite://{}", backup.display());
    let taken = cardarena(&[
        "backup",
        "--database-url",
        &db.url(),
        "--to",
        backup.to_str().unwrap(),
        "--json",
    ]);
    assert!(taken.status.success(), "{}", said(&taken));
    let report: Value = serde_json::from_slice(&taken.stdout).unwrap();
    let statuses = &report["matches"];
    let count = |s: &str| statuses[s].as_u64().unwrap_or(0);
    let total: u64 = (statuses.as_object().unwrap().values())
        .map(|n| n.as_u64().unwrap())
        .sum();
    eprintln!("just before the backup: {at_backup:?}; in it: {statuses}");
    assert_eq!(total, 80, "{report}");
    assert!(count("finished") >= 16 && count("running") > 0, "{report}");
    assert_eq!(report["tables"]["seats"], 2 * 80, "{report}");
    assert_eq!(report["file"], backup.to_str().unwrap());
    assert!(report["bytes"].as_u64().unwrap() > 0 && report["seconds"].is_number());
    let key_copy = PathBuf::from(report["key_file"].as_str().unwrap());
    assert_eq!(key_copy, source.with_file_name("backup.db.key"));
    assert_eq!(
        std::fs::read(&key_copy).unwrap(),
        std::fs::read(source.with_file_name("test.db.key")).unwrap(),
        "the key is copied beside the backup"
    );
    let finished = sqlite_ids(&backup, "finished").await;
    let running = sqlite_ids(&backup, "running").await;
    assert_eq!(finished.len() as u64, count("finished"));
    let folder: Vec<String> = std::fs::read_dir(source.parent().unwrap())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(
        !folder.iter().any(|name| name.contains(".partial-")),
        "no partial file is left: {folder:?}"
    );

    // A second server on the backup, beside the first: it answers, has the bot, lists the
    // finished matches and shows each as the first server has it.
    let restored = Serve::start(&backup_url, &["--max-matches", "64"]);
    let shown = get_json(&http, format!("{}/api/bots/{}", restored.base, careful.0)).await;
    assert_eq!(shown["name"], "careful");
    let list = http
        .get(format!("{}/matches?per_page=100", restored.base))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    for id in &finished {
        assert!(list.contains(&format!("/matches/{id}")), "{id} is listed");
        let there = get_json(&http, format!("{}/api/matches/{id}", restored.base)).await;
        let here = get_json(&http, format!("{}/api/matches/{id}", server.base)).await;
        assert_eq!(there["status"], "finished");
        assert_eq!(
            there["seats"], here["seats"],
            "{id} as the first server has it"
        );
        assert_eq!(there["seed"], here["seed"]);
    }
    // A server on the backup cannot be replaced under it, even with --force.
    let over = cardarena(&[
        "backup",
        "--database-url",
        &db.url(),
        "--to",
        backup.to_str().unwrap(),
        "--force",
    ]);
    assert_eq!(over.status.code(), Some(2), "{}", said(&over));
    assert!(
        said(&over).contains("in use by another cardarena process"),
        "{}",
        said(&over)
    );

    replays(&sample(&finished, 10), &backup_url);

    // The matches that were running are played again on the backup, and the bot's owner token
    // still queues more there: calls signed with the copied key, which the bot accepts.
    let again = ended(&http, &restored.base, &running[0]).await;
    assert_eq!(again["status"], "finished", "{again}");
    let more = practice(&http, &restored.base, &careful, 1).await;
    let played = ended(&http, &restored.base, &more[0]).await;
    assert_eq!(played["status"], "finished", "{played}");
    for m in [&again, &played] {
        assert!(m["seats"][0]["fault"].is_null(), "{m}");
    }
    assert_eq!(
        bot.refused.load(Ordering::SeqCst),
        0,
        "no call was signed otherwise"
    );
    drop(restored);
    replays(&[running[0].clone(), more[0].clone()], &backup_url);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_backup_is_refused_with_a_reason_and_leaves_nothing_behind() {
    let db = TempDb::new();
    let source = file_of(&db.url());
    let folder = source.parent().unwrap().to_path_buf();
    let server = support::Server::start(support::config(&db)).await;
    let to = folder.join("copy.db");
    let to = to.to_str().unwrap();
    let first = cardarena(&["backup", "--database-url", &db.url(), "--to", to]);
    assert!(first.status.success(), "{}", said(&first));
    let out = said(&first);
    assert!(out.contains(&format!("written to {to}")), "{out}");
    assert!(out.contains("bots") && out.contains("matches: 0"), "{out}");
    assert!(out.contains(&format!("copied to {to}.key")), "{out}");
    let before = std::fs::read(to).unwrap();

    // Not over an existing backup without --force; with it, yes.
    let again = cardarena(&["backup", "--database-url", &db.url(), "--to", to]);
    assert_eq!(again.status.code(), Some(2));
    assert!(said(&again).contains("already exist"), "{}", said(&again));
    assert!(said(&again).contains("--force"), "{}", said(&again));
    assert_eq!(
        std::fs::read(to).unwrap(),
        before,
        "the old backup is left as it was"
    );
    let forced = cardarena(&["backup", "--database-url", &db.url(), "--to", to, "--force"]);
    assert!(forced.status.success(), "{}", said(&forced));

    // Not of a database that is not there, nor over the database itself.
    let missing = folder.join("missing.db");
    let url = format!("sqlite://{}", missing.display());
    let other = folder.join("other.db");
    let nothing = cardarena(&[
        "backup",
        "--database-url",
        &url,
        "--to",
        other.to_str().unwrap(),
    ]);
    assert_eq!(nothing.status.code(), Some(2));
    assert!(
        said(&nothing).contains(&format!("there is no database at {}", missing.display())),
        "{}",
        said(&nothing)
    );
    assert!(!missing.exists(), "no database is made");
    let itself = cardarena(&[
        "backup",
        "--database-url",
        &db.url(),
        "--to",
        source.to_str().unwrap(),
        "--force",
    ]);
    assert_eq!(itself.status.code(), Some(2));
    assert!(
        said(&itself).contains("is the database itself"),
        "{}",
        said(&itself)
    );

    // Not of a SQLite file that is not cardarena's, and not without its key.
    let stranger = folder.join("stranger.db");
    {
        use sqlx::Connection;
        let url = format!("sqlite://{}?mode=rwc", stranger.display());
        let mut conn = sqlx::SqliteConnection::connect(&url).await.unwrap();
        sqlx::query("CREATE TABLE notes (text TEXT)")
            .execute(&mut conn)
            .await
            .unwrap();
        conn.close().await.unwrap();
    }
    std::fs::copy(
        source.with_file_name("test.db.key"),
        folder.join("stranger.db.key"),
    )
    .unwrap();
    let url = format!("sqlite://{}", stranger.display());
    let refused = cardarena(&[
        "backup",
        "--database-url",
        &url,
        "--to",
        other.to_str().unwrap(),
    ]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(
        said(&refused).contains("not a cardarena database"),
        "{}",
        said(&refused)
    );
    let keyless = cardarena(&[
        "backup",
        "--database-url",
        &db.url(),
        "--to",
        other.to_str().unwrap(),
        "--key-file",
        folder.join("no.key").to_str().unwrap(),
    ]);
    assert_eq!(keyless.status.code(), Some(2));
    assert!(
        said(&keyless).contains("cannot read the key file"),
        "{}",
        said(&keyless)
    );
    let left: Vec<String> = std::fs::read_dir(&folder)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.starts_with("other.db") || name.contains(".partial-"))
        .collect();
    assert!(left.is_empty(), "a refused backup leaves nothing: {left:?}");
    drop(server);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_postgres_backup_restores_with_pg_restore_and_serves_and_replays() {
    let db = postgres::Database::new();
    let folder = TempDb::new();
    let dir = file_of(&folder.url()).parent().unwrap().to_path_buf();
    let key = dir.join("contest.key");
    let key_arg = key.to_str().unwrap();
    let bot = checking_bot().await;
    let http = reqwest::Client::new();
    // Eight at a time: some have finished and some are running when the backup is taken.
    let server = Serve::start(&db.url, &["--key-file", key_arg, "--max-matches", "8"]);
    let careful = register(&http, &server.base, &bot).await;
    bot.think_ms.store(SLOW_MS / 3, Ordering::SeqCst);
    let ids = practice(&http, &server.base, &careful, 30).await;
    let count = |status: &str| {
        let sql = format!("SELECT COUNT(*) FROM matches WHERE status = '{status}'");
        db.query(&sql)[0][0].parse::<u64>().unwrap()
    };
    let started = Instant::now();
    while count("finished") < 5 {
        assert!(
            started.elapsed() < Duration::from_secs(120),
            "5 matches never finished"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }

    let dump = dir.join("contest.dump");
    let dump_arg = dump.to_str().unwrap();
    let without_key = cardarena(&["backup", "--database-url", &db.url, "--to", dump_arg]);
    assert_eq!(without_key.status.code(), Some(2));
    assert!(
        said(&without_key).contains("--key-file"),
        "{}",
        said(&without_key)
    );
    let taken = cardarena(&[
        "backup",
        "--database-url",
        &db.url,
        "--to",
        dump_arg,
        "--key-file",
        key_arg,
        "--json",
    ]);
    assert!(taken.status.success(), "{}", said(&taken));
    let report: Value = serde_json::from_slice(&taken.stdout).unwrap();
    eprintln!("the PostgreSQL backup: {report}");
    assert_eq!(report["backend"], "postgres");
    let total: u64 = (report["matches"].as_object().unwrap().values())
        .map(|n| n.as_u64().unwrap())
        .sum();
    assert_eq!(total, 30, "{report}");
    let finished_then = report["matches"]["finished"].as_u64().unwrap();
    assert!(finished_then >= 5, "{report}");
    assert_eq!(
        std::fs::read(dir.join("contest.dump.key")).unwrap(),
        std::fs::read(&key).unwrap()
    );

    // Restored into a fresh database as docs/operations.md says: the rows the backup counted.
    let restored = postgres::Database::new();
    let loaded = Command::new("pg_restore")
        .args([
            "--no-owner",
            "--exit-on-error",
            "--dbname",
            &restored.url,
            dump_arg,
        ])
        .stdin(Stdio::null())
        .output()
        .expect("pg_restore runs (Debian's postgresql-client)");
    assert!(loaded.status.success(), "{}", said(&loaded));
    for (table, rows) in report["tables"].as_object().unwrap() {
        let there = restored.query(&format!("SELECT COUNT(*) FROM {table}"));
        assert_eq!(there[0][0], rows.to_string(), "{table}");
    }
    let finished: Vec<String> = restored
        .query("SELECT id FROM matches WHERE status = 'finished' ORDER BY number")
        .into_iter()
        .map(|row| row[0].clone())
        .collect();
    assert_eq!(finished.len() as u64, finished_then);
    assert!(finished.iter().all(|id| ids.contains(id)));

    let copied_key = dir.join("contest.dump.key");
    let second = Serve::start(&restored.url, &["--key-file", copied_key.to_str().unwrap()]);
    for id in &finished {
        let there = get_json(&http, format!("{}/api/matches/{id}", second.base)).await;
        let here = get_json(&http, format!("{}/api/matches/{id}", server.base)).await;
        assert_eq!(there["status"], "finished");
        assert_eq!(
            there["seats"], here["seats"],
            "{id} as the first server has it"
        );
    }
    let more = practice(&http, &second.base, &careful, 1).await;
    let played = ended(&http, &second.base, &more[0]).await;
    assert_eq!(played["status"], "finished", "{played}");
    assert!(played["seats"][0]["fault"].is_null(), "{played}");
    assert_eq!(
        bot.refused.load(Ordering::SeqCst),
        0,
        "no call was signed otherwise"
    );
    drop(second);
    drop(server);
    replays(&sample(&finished, 5), &restored.url);
}
