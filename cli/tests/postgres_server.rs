//! The server on PostgreSQL, end to end, with the real binary: `serve --database-url postgres://…`
//! refuses to start without a `--key-file`, and with one serves a contest: a registered HTTP bot
//! on loopback is pinged, seated on the ladder beside the house bots and plays a practice match;
//! the API, the leaderboard, the bot's page and the match page show them; and `replay` confirms
//! the match from the same database. `replay` on a database cardarena never migrated says so.

mod support;

// The harness's `apply` and `query` serve the schema parity test, not this one.
#[allow(dead_code)]
use cardarena_testkit::postgres;

use std::process::{Command, Output, Stdio};
use std::time::Duration;

use serde_json::{Value, json};
use support::process::Process;
use support::test_bots;

/// `cardarena serve` on a database, and its address.
struct Serve {
    _process: Process,
    base: String,
}

impl Serve {
    fn start(url: &str, key_file: &std::path::Path) -> Serve {
        let key_file = key_file.to_str().expect("a UTF-8 path");
        let args = ["serve", "--addr", "127.0.0.1:0", "--database-url", url];
        let flags = ["--key-file", key_file, "--ladder-interval-ms", "50"];
        let args = [&args[..], &flags, &["--deadline-ms", "2000"]].concat();
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

async fn get(http: &reqwest::Client, url: String) -> (u16, String) {
    let response = http.get(url).send().await.unwrap();
    (response.status().as_u16(), response.text().await.unwrap())
}

async fn get_json(http: &reqwest::Client, url: String) -> Value {
    let (status, body) = get(http, url).await;
    assert_eq!(status, 200, "{body}");
    serde_json::from_str(&body).unwrap()
}

/// POSTs `body` to `url`, with a bearer `token` if given; the JSON answer.
async fn post(http: &reqwest::Client, url: String, token: Option<&str>, body: &Value) -> Value {
    let mut request = http.post(url).json(body);
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    request.send().await.unwrap().json().await.unwrap()
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

    let bot = json!({"name": "pg-bot", "url": bots.url("/good"), "game": "durak"});
    let registered = post(&http, format!("{}/api/bots", server.base), None, &bot).await;
    let bot_id = registered["id"].as_str().unwrap().to_string();
    let token = registered["token"].as_str();
    let practice = json!({"matches": 1, "opponents": ["greedy"]});
    let url = format!("{}/api/bots/{bot_id}/practice", server.base);
    let practice = post(&http, url, token, &practice).await;
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
            .any(|r| r["name"].as_str().unwrap().ends_with("@durak")),
        "a house bot rated beside it: {board}"
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
