//! One writer per SQLite database, against the real binary: a second `serve` (on another port or
//! on the first one's), a `worker` or a `bench --queue` on a database in use exits 2 at once and
//! changes nothing (no row, no requeue, no file), the running match finishes once, as attempt 1,
//! and its bot hears one `match_end`; a `serve` that cannot listen creates nothing, not even in an
//! empty folder; `replay` still reads the database in use.

mod support;

use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::Router;
use axum::body::Bytes;
use axum::extract::State;
use axum::routing::post;
use serde_json::{Value, json};
use sqlx::Row;
use support::TempDb;
use support::process::Process;
use tokio::sync::watch;

/// A bot on loopback that records every body and holds each turn's answer until the gate opens,
/// so its match stays `running` for as long as the test needs.
struct GatedBot {
    url: String,
    bodies: Arc<Mutex<Vec<Value>>>,
    gate: watch::Sender<bool>,
}

#[derive(Clone)]
struct BotState {
    bodies: Arc<Mutex<Vec<Value>>>,
    gate: watch::Receiver<bool>,
}

async fn gated(State(state): State<BotState>, body: Bytes) -> axum::Json<Value> {
    let request: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
    state.bodies.lock().unwrap().push(request.clone());
    if request["type"] == "turn" {
        let mut gate = state.gate.clone();
        let _ = gate.wait_for(|open| *open).await;
        return axum::Json(json!({"action_index": 0}));
    }
    axum::Json(json!({"pong": true}))
}

async fn gated_bot() -> GatedBot {
    let (gate, receiver) = watch::channel(false);
    let bodies = Arc::new(Mutex::new(Vec::new()));
    let state = BotState {
        bodies: bodies.clone(),
        gate: receiver,
    };
    let app = Router::new().route("/bot", post(gated)).with_state(state);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await });
    GatedBot {
        url: format!("http://{addr}/bot"),
        bodies,
        gate,
    }
}

impl GatedBot {
    /// The bodies of `match_id`'s messages received so far.
    fn of_match(&self, match_id: &str) -> Vec<Value> {
        let bodies = self.bodies.lock().unwrap();
        bodies
            .iter()
            .filter(|b| b["match_id"] == match_id)
            .cloned()
            .collect()
    }
}

/// `cardarena serve` playing on `db`, and its address.
struct ServeProcess {
    process: Process,
    addr: SocketAddr,
}

impl ServeProcess {
    fn start(db_url: &str) -> ServeProcess {
        let args = ["serve", "--addr", "127.0.0.1:0", "--database-url", db_url];
        // The gated bot holds its turns far longer than the default deadline.
        let args = [&args[..], &["--no-ladder", "--deadline-ms", "60000"]].concat();
        let (process, addr) = Process::start(&args, "warn", "leaderboard: http://");
        ServeProcess {
            process,
            addr: addr.trim_end_matches('/').parse().unwrap(),
        }
    }

    fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.addr)
    }
}

/// Runs `cardarena ARGS` in `dir` and waits for it to exit by itself (it is killed, and the test
/// fails, if it is still running after a minute: a refused start must not go on).
fn run_to_exit(dir: &Path, args: &[&str]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cardarena"))
        .args(args)
        .current_dir(dir)
        .env("RUST_LOG", "info")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let began = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if began.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            let out = child.wait_with_output().unwrap();
            panic!(
                "`cardarena {}` did not exit: {}",
                args.join(" "),
                String::from_utf8_lossy(&out.stderr)
            );
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

/// The names of the files in `dir`.
fn listing(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// What a second process must not change: every table's row count, and each match's status and
/// attempt, read through a read-only connection.
async fn rows(path: &Path) -> (BTreeMap<String, i64>, Vec<(String, String, i64)>) {
    let url = format!("sqlite://{}?mode=ro", path.display());
    let pool = sqlx::SqlitePool::connect(&url).await.unwrap();
    let tables: Vec<String> =
        sqlx::query_scalar("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
            .fetch_all(&pool)
            .await
            .unwrap();
    let mut counts = BTreeMap::new();
    for table in tables {
        let sql = format!("SELECT COUNT(*) FROM \"{table}\"");
        let count: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(sql))
            .fetch_one(&pool)
            .await
            .unwrap();
        counts.insert(table, count);
    }
    let matches = sqlx::query("SELECT id, status, attempt FROM matches ORDER BY id")
        .fetch_all(&pool)
        .await
        .unwrap()
        .iter()
        .map(|r| (r.get("id"), r.get("status"), r.get("attempt")))
        .collect();
    pool.close().await;
    (counts, matches)
}

/// The folder of a [`TempDb`] and its database file.
fn paths(db: &TempDb) -> (PathBuf, PathBuf) {
    let file = PathBuf::from(db.url().strip_prefix("sqlite://").unwrap());
    (file.parent().unwrap().to_path_buf(), file)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_second_process_on_a_database_in_use_exits_2_and_changes_nothing() {
    let db = TempDb::new();
    let (dir, file) = paths(&db);
    let bot = gated_bot().await;
    let http = reqwest::Client::new();
    let a = ServeProcess::start(&db.url());
    let body = json!({"name": "gated", "url": bot.url, "game": "durak"});
    let registered: Value = (http.post(a.url("/api/bots")).json(&body).send().await)
        .unwrap()
        .json()
        .await
        .unwrap();
    let path = format!("/api/bots/{}/practice", registered["id"].as_str().unwrap());
    let queued: Value = http
        .post(a.url(&path))
        .bearer_auth(registered["token"].as_str().unwrap())
        .json(&json!({"matches": 1, "opponents": ["random"]}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let id = queued["match_ids"][0].as_str().unwrap().to_string();
    // The match is running once the bot is asked its first turn, which it holds.
    for _ in 0..1200 {
        if bot.of_match(&id).iter().any(|b| b["type"] == "turn") {
            break;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    assert!(bot.of_match(&id).iter().any(|b| b["type"] == "turn"));

    let lock = std::fs::read_to_string(dir.join("test.db.lock")).unwrap();
    assert_eq!(lock.trim(), a.process.id().to_string());
    let files = listing(&dir);
    let before = rows(&file).await;
    assert!(
        before
            .1
            .iter()
            .any(|(m, status, attempt)| *m == id && status == "running" && *attempt == 1),
        "{:?}",
        before.1
    );
    let in_use = format!(
        "test.db is in use by another cardarena process, pid {}",
        a.process.id()
    );
    let url = db.url();
    let port = a.addr.to_string();
    let key = format!("{}.key", file.display());
    let tries: [(&str, Vec<&str>, &str); 4] = [
        (
            "serve on another port",
            vec!["serve", "--addr", "127.0.0.1:0", "--database-url", &url],
            &in_use,
        ),
        (
            "serve on A's port",
            vec!["serve", "--addr", &port, "--database-url", &url, "--demo"],
            "cannot listen on",
        ),
        (
            "bench --queue",
            vec!["bench", "--queue", "--database-url", &url, "--matches", "2"],
            &in_use,
        ),
        (
            "worker",
            vec!["worker", "--database-url", &url, "--key-file", &key],
            "must be PostgreSQL",
        ),
    ];
    for (what, args, says) in tries {
        let out = run_to_exit(&dir, &args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{what}: {stderr}");
        assert!(stderr.contains(says), "{what}: {stderr}");
        assert!(!stderr.contains("queued again"), "{what}: {stderr}");
        assert_eq!(listing(&dir), files, "{what} made or removed a file");
        assert_eq!(rows(&file).await, before, "{what} changed the database");
        let lock = std::fs::read_to_string(dir.join("test.db.lock")).unwrap();
        assert_eq!(lock.trim(), a.process.id().to_string(), "{what}");
    }

    // A's match goes on and finishes once, as its first attempt.
    bot.gate.send(true).unwrap();
    let mut m = Value::Null;
    for _ in 0..1200 {
        m = (http.get(a.url(&format!("/api/matches/{id}"))).send().await)
            .unwrap()
            .json()
            .await
            .unwrap();
        if m["status"] != "queued" && m["status"] != "running" {
            break;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    assert_eq!(m["status"], "finished", "{m}");
    assert_eq!(m["attempt"], 1, "{m}");
    // The bot heard one match: one start, one end, every message of attempt 1.
    let heard = bot.of_match(&id);
    let count = |kind: &str| heard.iter().filter(|b| b["type"] == kind).count();
    assert_eq!(count("match_start"), 1);
    assert_eq!(count("match_end"), 1, "{heard:?}");
    assert!(heard.iter().all(|b| b["attempt"] == 1), "{heard:?}");

    // `replay` reads the database while A still holds it.
    let out = run_to_exit(&dir, &["replay", &id, "--database-url", &url]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("confirmed"), "{stdout}");
}

#[test]
fn a_serve_that_cannot_listen_creates_nothing_in_an_empty_folder() {
    let dir = std::env::temp_dir().join(format!("cardarena-empty-{}", uuid::Uuid::new_v4()));
    std::fs::create_dir_all(&dir).unwrap();
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = taken.local_addr().unwrap().to_string();
    // The defaults: cardarena.db and its key in the working folder, and the demo's cup.
    let out = run_to_exit(&dir, &["serve", "--addr", &addr, "--demo"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains(&format!("cannot listen on {addr}")),
        "{stderr}"
    );
    assert_eq!(listing(&dir), Vec::<String>::new());
    std::fs::remove_dir_all(&dir).unwrap();
}
