//! Killing the server (SIGKILL) mid-run and starting it again on the same database: no finished
//! match is lost or changed, none is counted twice in the ratings, and the interrupted ones are
//! played again. Runs the real binary.

mod support;

use std::collections::BTreeMap;
use std::process::Command;
use std::time::Duration;

use serde_json::Value;
use sqlx::Row;
use support::process::Process;
use support::{TempDb, test_bots};

/// The organiser's token of the servers these tests start.
const ADMIN: &str = "restart-test-organiser";

/// The `cardarena serve` process and its address.
struct ServeProcess {
    process: Process,
    base: String,
}

impl ServeProcess {
    fn start(db: &TempDb) -> ServeProcess {
        let mut command = Command::new(env!("CARGO_BIN_EXE_cardarena"));
        command
            .args([
                "serve",
                "--addr",
                "127.0.0.1:0",
                "--database-url",
                &db.url(),
            ])
            .args(["--max-matches", "3", "--ladder-interval-ms", "30"])
            .env("RUST_LOG", "warn")
            .env("CARDARENA_ADMIN_TOKEN", ADMIN);
        let (process, base) = Process::spawn(command, "leaderboard: ");
        ServeProcess {
            process,
            base: base.trim_end_matches('/').to_string(),
        }
    }

    /// Kills it (SIGKILL) and waits for it to end.
    fn kill(self) {
        self.process.stop();
    }
}

async fn get(http: &reqwest::Client, url: String) -> Value {
    http.get(url).send().await.unwrap().json().await.unwrap()
}

async fn post(http: &reqwest::Client, url: String, token: Option<&str>, body: &Value) -> Value {
    let mut request = http.post(url).json(body);
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    request.send().await.unwrap().json().await.unwrap()
}

async fn statuses(http: &reqwest::Client, base: &str, ids: &[String]) -> BTreeMap<String, Value> {
    let mut out = BTreeMap::new();
    for id in ids {
        out.insert(
            id.clone(),
            get(http, format!("{base}/api/matches/{id}")).await,
        );
    }
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_server_resumes_without_losing_or_double_counting_matches() {
    let db = TempDb::new();
    let bots = test_bots().await;
    let http = reqwest::Client::new();

    let first = ServeProcess::start(&db);
    let body = serde_json::json!({"name": "steady", "url": bots.url("/steady"), "game": "durak"});
    let bot = post(&http, format!("{}/api/bots", first.base), None, &body).await;
    let practice = serde_json::json!({"matches": 12, "opponents": ["greedy", "random"]});
    let id = bot["id"].as_str().unwrap();
    let url = format!("{}/api/bots/{id}/practice", first.base);
    let queued = post(&http, url, bot["token"].as_str(), &practice).await;
    let ids: Vec<String> = queued["match_ids"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap().to_string())
        .collect();

    // Kill it once some matches are finished and others are running.
    let mut before = BTreeMap::new();
    for _ in 0..600 {
        before = statuses(&http, &first.base, &ids).await;
        let count = |s: &str| before.values().filter(|m| m["status"] == s).count();
        if count("finished") >= 3 && count("running") >= 1 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    first.kill();
    let finished_before: Vec<&String> = before
        .iter()
        .filter(|(_, m)| m["status"] == "finished")
        .map(|(id, _)| id)
        .collect();
    let running_before: Vec<&String> = before
        .iter()
        .filter(|(_, m)| m["status"] == "running")
        .map(|(id, _)| id)
        .collect();
    assert!(
        finished_before.len() >= 3 && !running_before.is_empty(),
        "{before:?}"
    );

    let second = ServeProcess::start(&db);
    let mut after = BTreeMap::new();
    for _ in 0..1500 {
        after = statuses(&http, &second.base, &ids).await;
        if after.values().all(|m| m["status"] == "finished") {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert!(
        after.values().all(|m| m["status"] == "finished"),
        "{after:?}"
    );
    for id in &finished_before {
        // The status was read before the kill; a finished match is exactly as it was.
        let (old, new) = (&before[*id], &after[*id]);
        assert_eq!(old["seats"], new["seats"], "{id}");
        assert_eq!(old["actions"], new["actions"], "{id}");
    }
    for id in &running_before {
        assert!(
            !after[*id]["actions"].as_array().unwrap().is_empty(),
            "{id} replayed"
        );
    }
    // The bot can tell a replay from a second match: the same id and a higher attempt in every
    // message, and the stored match is the latest attempt. (A match read as running may have
    // finished before the kill, and a killed attempt may have sent its match_end already.)
    let heard = bots.bodies("/good");
    let mut replayed = 0;
    for id in &ids {
        let stored = after[id]["attempt"].as_u64().unwrap();
        let of = |kind: &str| -> Vec<u64> {
            (heard.iter())
                .filter(|b| b["match_id"] == id.as_str() && b["type"] == kind)
                .map(|b| b["attempt"].as_u64().unwrap())
                .collect()
        };
        let (starts, ends) = (of("match_start"), of("match_end"));
        assert_eq!(starts.last(), Some(&stored), "{id}: {starts:?}");
        assert_eq!(ends.last(), Some(&stored), "{id}: {ends:?}");
        assert!(ends.windows(2).all(|w| w[0] < w[1]), "{id}: {ends:?}");
        replayed += usize::from(stored >= 2);
    }
    assert!(replayed >= 1, "no match was played again");
    // Let the ladder rate a few matches more, then kill this one too, mid-ladder.
    for _ in 0..1500 {
        let board = get(&http, format!("{}/api/leaderboard?game=durak", second.base)).await;
        let rows = board["rows"].as_array().unwrap();
        let seats: u64 = rows.iter().map(|r| r["matches"].as_u64().unwrap()).sum();
        if seats >= 12 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    second.kill();

    // Ratings: every finished rated match counted once, in one gapless sequence, and each bot's
    // rating is the one its last rated match left.
    let pool = sqlx::SqlitePool::connect(&db.url()).await.unwrap();
    let seqs: Vec<i64> = sqlx::query_scalar(
        "SELECT rating_seq FROM matches WHERE rated = 1 AND status = 'finished' ORDER BY rating_seq",
    )
    .fetch_all(&pool)
    .await
    .unwrap();
    assert!(seqs.len() >= 2, "the ladder played rated matches");
    assert_eq!(seqs, (1..=seqs.len() as i64).collect::<Vec<_>>());
    let unfinished_rated: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM matches WHERE rating_seq IS NOT NULL AND status != 'finished'",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    assert_eq!(unfinished_rated, 0);
    let rows = sqlx::query(
        "SELECT r.bot_id, r.matches, r.mu,
            (SELECT COUNT(*) FROM seats s JOIN matches m ON m.id = s.match_id
             WHERE s.bot_id = r.bot_id AND m.rating_seq IS NOT NULL) AS counted,
            (SELECT s.mu_after FROM seats s JOIN matches m ON m.id = s.match_id
             WHERE s.bot_id = r.bot_id AND m.rating_seq IS NOT NULL
             ORDER BY m.rating_seq DESC LIMIT 1) AS last_mu
         FROM ratings r",
    )
    .fetch_all(&pool)
    .await
    .unwrap();
    assert!(!rows.is_empty());
    for row in rows {
        let matches: i64 = row.get("matches");
        let counted: i64 = row.get("counted");
        assert_eq!(matches, counted, "bot {}", row.get::<String, _>("bot_id"));
        assert_eq!(row.get::<f64, _>("mu"), row.get::<f64, _>("last_mu"));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tournament_goes_on_after_a_kill_with_no_match_lost_or_played_twice() {
    let db = TempDb::new();
    let bots = test_bots().await;
    let http = reqwest::Client::new();
    let first = ServeProcess::start(&db);
    let stages = serde_json::json!([
        {"kind": "house", "opponents": ["random"], "matches": 6},
        {"kind": "final", "top": 2, "deals": 3, "table": 2}
    ]);
    let spec = serde_json::json!({"name": "Kill cup", "game": "durak", "auto_advance": true, "stages": stages});
    let url = format!("{}/api/tournaments", first.base);
    let created = post(&http, url, Some(ADMIN), &spec).await;
    let id = created["id"].as_str().unwrap().to_string();
    for name in ["steady1", "steady2"] {
        let body = serde_json::json!({"name": name, "url": bots.url("/steady"), "game": "durak"});
        let bot = post(&http, format!("{}/api/bots", first.base), None, &body).await;
        let entry = serde_json::json!({"bot_id": bot["id"]});
        let url = format!("{}/api/tournaments/{id}/entries", first.base);
        post(&http, url, bot["token"].as_str(), &entry).await;
    }
    let started = post(
        &http,
        format!("{}/api/tournaments/{id}/start", first.base),
        Some(ADMIN),
        &Value::Null,
    )
    .await;
    assert_eq!(started["stage"], 0, "{started}");
    for _ in 0..600 {
        let t = get(&http, format!("{}/api/tournaments/{id}", first.base)).await;
        let counts = &t["stages"][0]["matches"];
        if counts["finished"].as_u64() >= Some(2) && counts["running"].as_u64() >= Some(1) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    first.kill();

    let second = ServeProcess::start(&db);
    let mut t = Value::Null;
    for _ in 0..1500 {
        t = get(&http, format!("{}/api/tournaments/{id}", second.base)).await;
        if t["status"] == "finished" {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(t["status"], "finished", "{t}");
    second.kill();
    // Every planned match was played exactly once: 2 entrants × 6, then 3 deals × 2 seatings.
    let pool = sqlx::SqlitePool::connect(&db.url()).await.unwrap();
    let rows = sqlx::query(
        "SELECT stage, status, COUNT(*) AS n FROM matches WHERE tournament_id = ? GROUP BY stage, status",
    )
    .bind(&id)
    .fetch_all(&pool)
    .await
    .unwrap();
    let counts: Vec<(i64, String, i64)> = rows
        .iter()
        .map(|r| (r.get("stage"), r.get("status"), r.get("n")))
        .collect();
    assert_eq!(
        counts,
        vec![
            (0, "finished".to_string(), 12),
            (1, "finished".to_string(), 6)
        ]
    );
    let standings = t["stages"][1]["standings"].as_array().unwrap();
    assert!(standings.iter().all(|r| r["matches"] == 6), "{standings:?}");
}
