//! Bot health against the real server, a real SQLite file and real bots on loopback: a new bot
//! that does not answer yet is kept off the ladder and pinged with back-off, then joins once it
//! answers; a bot that starts faulting is paused and leaves the ladder, and comes back when it
//! answers again and plays a probation match without a fault; a bot that answers pings but faults
//! every turn plays five ladder matches and then none until it is fixed; its owner pauses and
//! resumes it; `GET /api/bots` comes a page at a time.

use crate::support;

use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::Router;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::post;
use reqwest::Method;
use serde_json::{Value, json};
use support::{Server, TempDb, closed_port_url, config};

/// How a [`Switchable`] bot behaves.
const DOWN: u8 = 0;
const GOOD: u8 = 1;
const FAULTY: u8 = 2;

/// A real HTTP bot on loopback whose behaviour a test switches: `DOWN` answers 503 to
/// everything, `GOOD` answers pings and plays the first legal action, `FAULTY` answers pings but
/// 500 to turns. It notes when each ping came.
#[derive(Clone)]
struct Switchable {
    mode: Arc<AtomicU8>,
    pings: Arc<Mutex<Vec<Instant>>>,
    url: String,
}

impl Switchable {
    async fn start(mode: u8) -> Switchable {
        let bot = Switchable {
            mode: Arc::new(AtomicU8::new(mode)),
            pings: Arc::default(),
            url: String::new(),
        };
        let app = Router::new()
            .route("/bot", post(answer))
            .with_state(bot.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("http://{}/bot", listener.local_addr().unwrap());
        tokio::spawn(async move { axum::serve(listener, app).await });
        Switchable { url, ..bot }
    }

    fn set(&self, mode: u8) {
        self.mode.store(mode, Ordering::SeqCst);
    }

    fn pings(&self) -> Vec<Instant> {
        self.pings.lock().unwrap().clone()
    }
}

async fn answer(State(bot): State<Switchable>, body: Bytes) -> (StatusCode, axum::Json<Value>) {
    let request: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
    let mode = bot.mode.load(Ordering::SeqCst);
    if request["type"] == "ping" {
        bot.pings.lock().unwrap().push(Instant::now());
    }
    match (mode, request["type"].as_str()) {
        (DOWN, _) => (StatusCode::SERVICE_UNAVAILABLE, axum::Json(json!({}))),
        (_, Some("ping")) => (StatusCode::OK, axum::Json(json!({"pong": true}))),
        (FAULTY, Some("turn")) => (StatusCode::INTERNAL_SERVER_ERROR, axum::Json(json!({}))),
        (_, Some("turn")) => (StatusCode::OK, axum::Json(json!({"action_index": 0}))),
        _ => (StatusCode::OK, axum::Json(json!({}))),
    }
}

/// A server with a fast ladder.
async fn laddered(db: &TempDb) -> Server {
    let mut config = config(db);
    config.ladder_interval = Some(Duration::from_millis(20));
    Server::start(config).await
}

/// Polls `GET /api/bots/{id}` until `done` holds of it (within `within`), and returns it.
async fn wait_for(server: &Server, id: &str, within: Duration, done: impl Fn(&Value) -> bool) {
    let path = format!("/api/bots/{id}");
    let deadline = Instant::now() + within;
    loop {
        let (status, bot) = server.get(&path).await;
        assert_eq!(status, StatusCode::OK, "{bot}");
        if done(&bot) {
            return;
        }
        assert!(Instant::now() < deadline, "still {bot}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Ladder matches of the bot created after `since_ms` (all with 0).
async fn ladder_matches(db: &TempDb, bot_id: &str, since_ms: i64) -> i64 {
    let pool = sqlx::SqlitePool::connect(&db.url()).await.unwrap();
    let count = sqlx::query_scalar(
        "SELECT COUNT(*) FROM seats s JOIN matches m ON m.id = s.match_id
         WHERE s.bot_id = ? AND m.kind = 'ladder' AND m.created_at > ?",
    )
    .bind(bot_id)
    .bind(since_ms)
    .fetch_one(&pool)
    .await
    .unwrap();
    pool.close().await;
    count
}

fn now_ms() -> i64 {
    cardarena_store::now_ms()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_new_bot_is_pinged_with_back_off_and_joins_the_ladder_once_it_answers() {
    let db = TempDb::new();
    let server = laddered(&db).await;
    let bot = Switchable::start(DOWN).await;
    let registered = server.register("sleepy", &bot.url).await;
    let id = registered["id"].as_str().unwrap();
    let (_, shown) = server.get(&format!("/api/bots/{id}")).await;
    assert_eq!(shown["status"], "paused", "{shown}");
    assert_eq!(shown["status_reason"], "unchecked", "{shown}");

    // Not running yet: pinged at once, then after 1 s, 2 s, …, and never seated.
    tokio::time::sleep(Duration::from_millis(3500)).await;
    let pings = bot.pings();
    assert!((2..=4).contains(&pings.len()), "{} pings", pings.len());
    let gaps: Vec<Duration> = pings.windows(2).map(|w| w[1] - w[0]).collect();
    assert!(gaps[0] >= Duration::from_millis(900), "{gaps:?}");
    if let [first, second, ..] = gaps[..] {
        assert!(second > first + first / 2, "the back-off grows: {gaps:?}");
    }
    assert_eq!(ladder_matches(&db, id, 0).await, 0);
    let (_, shown) = server.get(&format!("/api/bots/{id}")).await;
    assert_eq!(shown["status"], "paused", "{shown}");
    assert!(
        shown["status_detail"].as_str().unwrap().contains("503"),
        "{shown}"
    );
    assert!(shown["next_check_at"].as_i64() > Some(now_ms()), "{shown}");

    // It starts: the next ping passes, and it plays on the ladder.
    bot.set(GOOD);
    wait_for(&server, id, Duration::from_secs(15), |b| {
        b["status"] == "active"
    })
    .await;
    let (_, shown) = server.get(&format!("/api/bots/{id}")).await;
    assert!(shown["status_reason"].is_null() && shown["next_check_at"].is_null());
    wait_for(&server, id, Duration::from_secs(30), |b| {
        b["rating"]["matches"].as_u64() >= Some(1)
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_that_starts_faulting_is_paused_and_leaves_the_ladder_until_it_answers() {
    let db = TempDb::new();
    let server = laddered(&db).await;
    let bot = Switchable::start(GOOD).await;
    let registered = server.register("flaky", &bot.url).await;
    let id = registered["id"].as_str().unwrap();
    wait_for(&server, id, Duration::from_secs(30), |b| {
        b["rating"]["matches"].as_u64() >= Some(2)
    })
    .await;
    let (_, shown) = server.get(&format!("/api/bots/{id}")).await;
    assert_eq!(shown["status"], "active", "{shown}");
    assert_eq!(shown["recent_faults"], 0, "{shown}");

    // It faults every turn and is down for pings: paused after five faulted matches in a row.
    bot.set(FAULTY);
    wait_for(&server, id, Duration::from_secs(30), |b| {
        b["status"] == "paused"
    })
    .await;
    bot.set(DOWN);
    let paused_at = now_ms();
    let (_, shown) = server.get(&format!("/api/bots/{id}")).await;
    assert_eq!(shown["status_reason"], "faults", "{shown}");
    let detail = shown["status_detail"].as_str().unwrap();
    assert!(detail.contains("5 faulted matches in a row"), "{shown}");
    assert!(shown["recent_faults"].as_u64() >= Some(5), "{shown}");

    // Off the ladder: no match seats it while it is paused.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert_eq!(ladder_matches(&db, id, paused_at).await, 0);
    let (_, shown) = server.get(&format!("/api/bots/{id}")).await;
    assert_eq!(shown["status"], "paused", "{shown}");
    assert!(!bot.pings().is_empty(), "pinged while paused");

    // It answers and plays again: back on the ladder after a probation match.
    bot.set(GOOD);
    wait_for(&server, id, Duration::from_secs(15), |b| {
        b["status"] == "active"
    })
    .await;
    let back = now_ms();
    let deadline = Instant::now() + Duration::from_secs(30);
    while ladder_matches(&db, id, back).await == 0 {
        assert!(Instant::now() < deadline, "not seated again");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_owner_pauses_and_resumes_a_bot() {
    let db = TempDb::new();
    let server = laddered(&db).await;
    let bot = Switchable::start(GOOD).await;
    let registered = server.register("napper", &bot.url).await;
    let id = registered["id"].as_str().unwrap();
    let token = registered["token"].as_str();
    let path = format!("/api/bots/{id}");
    wait_for(&server, id, Duration::from_secs(15), |b| {
        b["status"] == "active"
    })
    .await;

    let (status, answer) = server
        .send(Method::PATCH, &path, None, Some(json!({"active": false})))
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{answer}");
    for (body, kind) in [
        (json!({}), "bad_request"),
        (json!({"active": "no"}), "bad_json"),
        (json!({"active": false, "paused": true}), "bad_json"),
    ] {
        let (status, answer) = server
            .send(Method::PATCH, &path, token, Some(body.clone()))
            .await;
        assert!(status.is_client_error(), "{body}: {status} {answer}");
        assert_eq!(answer["error"], kind, "{body}: {answer}");
        assert!(answer["detail"].is_string(), "{answer}");
    }

    let (status, answer) = server
        .send(Method::PATCH, &path, token, Some(json!({"active": false})))
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let paused_at = now_ms();
    assert_eq!(
        (&answer["status"], &answer["status_reason"]),
        (&json!("paused"), &json!("owner"))
    );
    assert!(answer["next_check_at"].is_null(), "{answer}");
    let pings = bot.pings().len();
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert_eq!(ladder_matches(&db, id, paused_at).await, 0);
    assert_eq!(bot.pings().len(), pings, "no ping while its owner holds it");
    let (_, shown) = server.get(&path).await;
    assert_eq!(shown["status_reason"], "owner", "{shown}");

    // A paused bot may still practise, to debug it.
    let body = json!({"matches": 1, "opponents": ["greedy"]});
    let (status, answer) = server
        .send(Method::POST, &format!("{path}/practice"), token, Some(body))
        .await;
    assert_eq!(status, StatusCode::ACCEPTED, "{answer}");
    let practice = server
        .finished_match(answer["match_ids"][0].as_str().unwrap())
        .await;
    assert_eq!(practice["status"], "finished", "{practice}");

    let (status, answer) = server
        .send(Method::PATCH, &path, token, Some(json!({"active": true})))
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    wait_for(&server, id, Duration::from_secs(15), |b| {
        b["status"] == "active"
    })
    .await;
    assert!(bot.pings().len() > pings, "resumed after a ping");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bots_are_listed_a_page_at_a_time_in_name_order() {
    let db = TempDb::new();
    let server = Server::start(config(&db)).await;
    let url = closed_port_url().await;
    for name in ["delta", "alpha", "echo", "charlie", "bravo"] {
        server.register(name, &url).await;
    }
    let (status, all) = server.get("/api/bots?limit=200").await;
    assert_eq!(status, StatusCode::OK, "{all}");
    assert!(all["next"].is_null());
    let all: Vec<String> = names(&all);
    assert!(all.len() > 5, "house bots are listed too: {all:?}");

    let mut paged = Vec::new();
    let mut path = "/api/bots?limit=2".to_string();
    loop {
        let (status, page) = server.get(&path).await;
        assert_eq!(status, StatusCode::OK, "{page}");
        let names = names(&page);
        assert!(names.len() <= 2, "{page}");
        paged.extend(names);
        match page["next"].as_str() {
            Some(next) => path = format!("/api/bots?limit=2&after={next}"),
            None => break,
        }
    }
    assert_eq!(paged, all);
    let mut sorted = all.clone();
    sorted.sort();
    assert_eq!(all, sorted);

    let (_, durak) = server.get("/api/bots?game=durak&limit=3").await;
    let first = names(&durak);
    assert_eq!(first, ["alpha", "bravo", "charlie"]);
    let next = durak["next"].as_str().unwrap();
    let (_, rest) = server
        .get(&format!("/api/bots?game=durak&limit=3&after={next}"))
        .await;
    assert_eq!(names(&rest)[..2], ["delta", "echo"]);
    let (_, page) = server.get("/api/bots?game=durak&limit=1").await;
    let bot = &page["bots"][0];
    assert_eq!(
        (&bot["status"], &bot["status_reason"]),
        (&json!("paused"), &json!("unchecked")),
        "{bot}"
    );
    let (_, page) = server.get("/api/bots?game=durak&after=echo").await;
    let house = &page["bots"][0];
    assert_eq!(house["kind"], "house", "{house}");
    assert_eq!(house["status"], "active", "{house}");

    for bad in ["limit=0", "limit=201", "limit=ten", "limit=-1"] {
        let (status, answer) = server.get(&format!("/api/bots?{bad}")).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{bad}: {answer}");
        assert_eq!(answer["error"], "bad_query", "{bad}: {answer}");
    }
}

fn names(page: &Value) -> Vec<String> {
    page["bots"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["name"].as_str().unwrap().to_string())
        .collect()
}

/// Answers every turn after 200 ms (within the 300 ms deadline): a slow but healthy bot.
async fn slow_but_legal(body: Bytes) -> axum::Json<Value> {
    let request: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
    match request["type"].as_str() {
        Some("ping") => axum::Json(json!({"pong": true})),
        Some("turn") => {
            tokio::time::sleep(Duration::from_millis(200)).await;
            axum::Json(json!({"action_index": 0}))
        }
        _ => axum::Json(json!({})),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_slow_bot_holds_one_ladder_slot_and_the_others_keep_playing() {
    let db = TempDb::new();
    let server = laddered(&db).await;
    let app = Router::new().route("/bot", post(slow_but_legal));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let slow_url = format!("http://{}/bot", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await });
    let fast = Switchable::start(GOOD).await;
    let slow = server.register("slowpoke", &slow_url).await;
    let quick = server.register("quick", &fast.url).await;
    let (slow, quick) = (slow["id"].as_str().unwrap(), quick["id"].as_str().unwrap());
    for id in [slow, quick] {
        wait_for(&server, id, Duration::from_secs(15), |b| {
            b["status"] == "active"
        })
        .await;
    }
    // For at least four seconds, no contestant is ever seated in two pending ladder matches at
    // once, and the quick bot keeps finishing matches. The ladder may seat both bots in one match
    // (the quick bot then waits for it), so the quick bot's three matches get up to 30 s.
    let pool = sqlx::SqlitePool::connect(&db.url()).await.unwrap();
    let started = Instant::now();
    loop {
        let doubled: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM (SELECT s.bot_id FROM seats s JOIN matches m ON m.id = s.match_id
             WHERE m.kind = 'ladder' AND m.status IN ('queued', 'running') AND s.bot_id IN (?, ?)
             GROUP BY s.bot_id HAVING COUNT(DISTINCT m.id) > 1)",
        )
        .bind(slow)
        .bind(quick)
        .fetch_one(&pool)
        .await
        .unwrap();
        assert_eq!(doubled, 0);
        if started.elapsed() >= Duration::from_secs(4) {
            let (_, shown) = server.get(&format!("/api/bots/{quick}")).await;
            if shown["rating"]["matches"].as_u64() >= Some(3) {
                break;
            }
            assert!(started.elapsed() < Duration::from_secs(30), "{shown}");
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// The bot's probation matches (practice, which these tests never ask for), oldest first: their
/// status, whether the bot faulted in them, and whether any of them moved a rating.
async fn probations(db: &TempDb, bot_id: &str) -> Vec<(String, bool, bool)> {
    let pool = sqlx::SqlitePool::connect(&db.url()).await.unwrap();
    let rows: Vec<(String, i64, i64)> = sqlx::query_as(
        "SELECT m.status,
                MAX(CASE WHEN s.bot_id = ? AND s.fault_kind IS NOT NULL THEN 1 ELSE 0 END),
                MAX(CASE WHEN m.rated != 0 OR s.mu_after IS NOT NULL THEN 1 ELSE 0 END)
         FROM matches m JOIN seats s ON s.match_id = m.id
         WHERE m.kind = 'practice' AND m.id IN (SELECT match_id FROM seats WHERE bot_id = ?)
         GROUP BY m.id, m.number, m.status ORDER BY m.number",
    )
    .bind(bot_id)
    .bind(bot_id)
    .fetch_all(&pool)
    .await
    .unwrap();
    pool.close().await;
    rows.into_iter()
        .map(|(status, faulted, rated)| (status, faulted == 1, rated == 1))
        .collect()
}

/// Ladder matches the bot played to the end.
async fn ladder_played(db: &TempDb, bot_id: &str) -> i64 {
    let pool = sqlx::SqlitePool::connect(&db.url()).await.unwrap();
    let count = sqlx::query_scalar(
        "SELECT COUNT(DISTINCT m.id) FROM seats s JOIN matches m ON m.id = s.match_id
         WHERE s.bot_id = ? AND m.kind = 'ladder' AND m.status IN ('running', 'finished')",
    )
    .bind(bot_id)
    .fetch_one(&pool)
    .await
    .unwrap();
    pool.close().await;
    count
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_that_answers_pings_but_faults_stays_off_the_ladder_until_a_probation_passes() {
    let db = TempDb::new();
    let mut config = config(&db);
    config.ladder_interval = Some(Duration::from_millis(50));
    let server = Server::start(config).await;
    let bot = Switchable::start(FAULTY).await;
    let registered = server.register("faulter", &bot.url).await;
    let id = registered["id"].as_str().unwrap();
    let token = registered["token"].as_str();
    let path = format!("/api/bots/{id}");

    // Its ping passes, it plays on the ladder, faults every turn, and is paused for faults.
    wait_for(&server, id, Duration::from_secs(30), |b| {
        b["status_reason"] == "faults"
    })
    .await;
    let (_, shown) = server.get(&path).await;
    assert_eq!(shown["probation"]["on_probation"], true, "{shown}");

    // Its pings keep passing, but each probation match faults: its back-off doubles (1 s, 2 s,
    // 4 s), and it never plays on the ladder again. Two failed probations and the back-off after
    // them are shown by the third probation match.
    let started = Instant::now();
    loop {
        let done = probations(&db, id).await;
        if done.len() >= 3
            && done[..2]
                .iter()
                .all(|(s, faulted, _)| s == "finished" && *faulted)
        {
            break;
        }
        assert!(started.elapsed() < Duration::from_secs(40), "{done:?}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let done = probations(&db, id).await;
    assert!(done.iter().all(|(_, _, rated)| !rated), "unrated: {done:?}");
    assert!(bot.pings().len() >= 4, "pinged before each probation");
    assert_eq!(
        ladder_played(&db, id).await,
        5,
        "five ladder matches, then none"
    );
    let (_, shown) = server.get(&path).await;
    assert_eq!(shown["status"], "paused", "{shown}");
    let last = &shown["probation"]["last"];
    assert_eq!(last["result"], "faulted", "{shown}");
    assert_eq!(last["fault_kind"], "http_status", "{shown}");
    let last_id = last["match_id"].as_str().unwrap();
    let (_, faulted) = server.get(&format!("/api/matches/{last_id}")).await;
    assert_eq!(
        (&faulted["kind"], &faulted["rated"]),
        (&json!("practice"), &json!(false)),
        "{faulted}"
    );
    let page = server.page(&format!("/bots/{id}")).await;
    assert!(
        page.contains("on probation after repeated faults"),
        "{page}"
    );
    assert!(page.contains("Last probation"), "{page}");
    assert!(
        page.contains("Next probation") || page.contains("Probation match"),
        "{page}"
    );
    assert!(page.contains(&format!("/matches/{last_id}")), "{page}");
    assert!(
        page.contains("faulted: <span class=\"fault\">HTTP error</span>"),
        "{page}"
    );

    // Fixed: the next probation passes and it plays on the ladder again.
    bot.set(GOOD);
    wait_for(&server, id, Duration::from_secs(30), |b| {
        b["status"] == "active"
    })
    .await;
    let (_, shown) = server.get(&path).await;
    assert_eq!(shown["probation"]["on_probation"], false, "{shown}");
    assert_eq!(shown["probation"]["last"]["result"], "passed", "{shown}");
    assert!(
        shown["probation"]["last"]["fault_kind"].is_null(),
        "{shown}"
    );
    let deadline = Instant::now() + Duration::from_secs(30);
    while ladder_played(&db, id).await <= 5 {
        assert!(Instant::now() < deadline, "not seated again");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }

    // Faulting again, it is paused again; its owner resumes it at once, with no probation.
    bot.set(FAULTY);
    wait_for(&server, id, Duration::from_secs(30), |b| {
        b["status_reason"] == "faults"
    })
    .await;
    let before = probations(&db, id).await.len();
    let (status, answer) = server
        .send(Method::PATCH, &path, token, Some(json!({"active": true})))
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["probation"]["on_probation"], false, "{answer}");
    wait_for(&server, id, Duration::from_secs(5), |b| {
        b["status"] == "active"
    })
    .await;
    let after: Vec<_> = probations(&db, id).await;
    let played = after[before..]
        .iter()
        .filter(|(s, ..)| s != "cancelled")
        .count();
    assert_eq!(
        played, 0,
        "no probation after the owner's resume: {after:?}"
    );
}
