//! The server on PostgreSQL, end to end, with the real binary: `serve --database-url postgres://…`
//! refuses to start without a `--key-file`, and with one serves a contest: a registered HTTP bot
//! on loopback is pinged, seated on the ladder beside the house bots and plays a practice match;
//! the API, the leaderboard, the bot's page and the match page show them; and `replay` confirms
//! the match from the same database. `replay` on a database cardarena never migrated says so.

mod support;

// The harness's `apply` and `query` serve the schema parity test, not this one.
#[allow(dead_code)]
#[path = "support/postgres.rs"]
mod postgres;

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Output, Stdio};
use std::time::Duration;

use serde_json::{Value, json};
use support::test_bots;

/// `cardarena serve` on a database, and its address.
struct Serve {
    child: Child,
    base: String,
}

impl Serve {
    fn start(url: &str, key_file: &std::path::Path) -> Serve {
        let mut child = Command::new(env!("CARGO_BIN_EXE_cardarena"))
            .args(["serve", "--addr", "127.0.0.1:0", "--database-url", url])
            .arg("--key-file")
            .arg(key_file)
            .args(["--ladder-interval-ms", "50", "--deadline-ms", "2000"])
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

async fn get(http: &reqwest::Client, url: String) -> (u16, String) {
    let response = http.get(url).send().await.unwrap();
    (response.status().as_u16(), response.text().await.unwrap())
}

async fn get_json(http: &reqwest::Client, url: String) -> Value {
    let (status, body) = get(http, url).await;
    assert_eq!(status, 200, "{body}");
    serde_json::from_str(&body).unwrap()
}

/// Polls `url` until `done` holds for its JSON, for at most 60 s; returns that JSON.
async fn wait_for(http: &reqwest::Client, url: String, done: impl Fn(&Value) -> bool) -> Value {
    for _ in 0..600 {
        let value = get_json(http, url.clone()).await;
        if done(&value) {
            return value;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("{url} did not get there within 60 s");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_contest_runs_on_postgres_and_replays_from_it() {
    let db = postgres::Database::new();
    let refused = cardarena(&["serve", "--addr", "127.0.0.1:0", "--database-url", &db.url]);
    assert_eq!(refused.status.code(), Some(2));
    let said = String::from_utf8_lossy(&refused.stderr);
    assert!(said.contains("--key-file"), "{said}");

    let key_dir = std::env::temp_dir().join(format!("cardarena-pg-key-{}", uuid::Uuid::new_v4()));
    std::fs::create_dir_all(&key_dir).unwrap();
    let key_file = key_dir.join("contest.key");
    let server = Serve::start(&db.url, &key_file);
    assert!(key_file.is_file(), "the key is made on first start");
    let http = reqwest::Client::new();
    let bots = test_bots().await;

    let registered: Value = http
        .post(format!("{}/api/bots", server.base))
        .json(&json!({"name": "pg-bot", "url": bots.url("/good"), "game": "durak"}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let bot_id = registered["id"].as_str().unwrap().to_string();
    let token = registered["token"].as_str().unwrap();
    let practice: Value = http
        .post(format!("{}/api/bots/{bot_id}/practice", server.base))
        .bearer_auth(token)
        .json(&json!({"matches": 1, "opponents": ["greedy"]}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let match_id = practice["match_ids"][0].as_str().unwrap().to_string();
    let played = wait_for(
        &http,
        format!("{}/api/matches/{match_id}", server.base),
        |m| m["status"] != "queued" && m["status"] != "running",
    )
    .await;
    assert_eq!(played["status"], "finished", "{played}");
    assert_eq!(played["seats"][0]["name"], "pg-bot");
    assert!(played["seats"][0]["fault"].is_null(), "{played}");
    assert!(!played["actions"].as_array().unwrap().is_empty());
    assert!(!bots.bodies("/good").is_empty(), "the bot was called");

    // The ladder seats the bot once its ping passed, beside the house bots, and rates them.
    let board = wait_for(
        &http,
        format!("{}/api/leaderboard?game=durak", server.base),
        |b| {
            let rows = b["rows"].as_array().map_or(&[][..], Vec::as_slice);
            rows.iter().any(|r| r["name"] == "pg-bot") && rows.len() >= 3
        },
    )
    .await;
    assert!(
        board["rows"]
            .as_array()
            .unwrap()
            .iter()
            .any(|r| r["name"] == "greedy@durak")
    );

    // The pages show them.
    let (status, page) = get(&http, format!("{}/?game=durak", server.base)).await;
    assert_eq!(status, 200);
    assert!(
        page.contains("pg-bot"),
        "the leaderboard page names the bot"
    );
    let (status, page) = get(&http, format!("{}/bots/{bot_id}", server.base)).await;
    assert_eq!(status, 200);
    assert!(
        page.contains(&match_id[..8]),
        "the bot page links its match"
    );
    let (status, page) = get(&http, format!("{}/matches/{match_id}", server.base)).await;
    assert_eq!(status, 200);
    assert!(page.contains("pg-bot") && page.contains("greedy@durak"));
    drop(server);

    // `replay` reads the match back from PostgreSQL and confirms it.
    let replayed = cardarena(&["replay", &match_id, "--database-url", &db.url]);
    let out = String::from_utf8_lossy(&replayed.stdout);
    assert!(
        replayed.status.success(),
        "{out}{}",
        String::from_utf8_lossy(&replayed.stderr)
    );
    assert!(out.contains("the stored outcome is confirmed"), "{out}");

    let empty = postgres::Database::new();
    let refused = cardarena(&["replay", &match_id, "--database-url", &empty.url]);
    assert_eq!(refused.status.code(), Some(2));
    let said = String::from_utf8_lossy(&refused.stderr);
    assert!(said.contains("no cardarena tables"), "{said}");
    let _ = std::fs::remove_dir_all(&key_dir);
}
