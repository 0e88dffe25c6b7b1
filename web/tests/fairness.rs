//! A fair, bounded server: slots are shared between contestants, a bot is never in more than a
//! set number of matches at once, practice queues are limited per bot, and every HTTP seat has a
//! match clock. Real server, real SQLite file, real bots on loopback.

use crate::support;

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::Router;
use axum::body::Bytes;
use axum::extract::State;
use axum::routing::post;
use cardarena_store::MatchStatus;
use reqwest::StatusCode;
use serde_json::{Value, json};
use support::{Server, TempDb, config};

/// A bot that answers every call with the first legal action after `delay`, counting the calls
/// it is answering at once and keeping every body it received.
#[derive(Clone, Default)]
struct Counting {
    delay: Duration,
    in_flight: Arc<AtomicUsize>,
    most_in_flight: Arc<AtomicUsize>,
    bodies: Arc<Mutex<Vec<Value>>>,
}

async fn answer(State(bot): State<Counting>, body: Bytes) -> axum::Json<Value> {
    let now = bot.in_flight.fetch_add(1, Ordering::SeqCst) + 1;
    bot.most_in_flight.fetch_max(now, Ordering::SeqCst);
    let request: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
    if request["type"] == "turn" {
        tokio::time::sleep(bot.delay).await;
    }
    bot.bodies.lock().unwrap().push(request);
    bot.in_flight.fetch_sub(1, Ordering::SeqCst);
    axum::Json(json!({"action_index": 0}))
}

/// Serves a [`Counting`] bot answering turns after `delay` on a free loopback port; returns it
/// and its URL.
async fn counting_bot(delay: Duration) -> (Counting, String) {
    let bot = Counting {
        delay,
        ..Counting::default()
    };
    let app = Router::new()
        .route("/bot", post(answer))
        .with_state(bot.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await });
    (bot, format!("http://{addr}/bot"))
}

/// POST /api/bots/ID/practice: the status and answer.
async fn ask_practice(
    server: &Server,
    bot: &Value,
    matches: u32,
    opponents: &[&str],
) -> (StatusCode, Value) {
    let path = format!("/api/bots/{}/practice", bot["id"].as_str().unwrap());
    let body = json!({"matches": matches, "opponents": opponents});
    server
        .send(
            reqwest::Method::POST,
            &path,
            bot["token"].as_str(),
            Some(body),
        )
        .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_hog_leaves_room_for_another_contestant_and_the_ladder() {
    let db = TempDb::new();
    let mut config = config(&db);
    config.max_concurrent = 8;
    config.bot_concurrency = 2;
    config.ladder_interval = Some(Duration::from_millis(100));
    let server = Server::start(config).await;
    let (_hog_bot, hog_url) = counting_bot(Duration::from_millis(40)).await;
    let (_quick_bot, quick_url) = counting_bot(Duration::ZERO).await;
    let hog = server.register("hog", &hog_url).await;
    let other = server.register_for("durak-duel", "other", &quick_url).await;
    // The hog asks for every match it may: 100 four-seat matches against itself.
    server.practice(&hog, 100, &["self", "self", "self"]).await;
    tokio::time::sleep(Duration::from_millis(500)).await;

    let asked = Instant::now();
    let ids = server.practice(&other, 1, &["greedy"]).await;
    let played = server.finished_match(&ids[0]).await;
    let waited = asked.elapsed();
    assert_eq!(played["status"], "finished", "{played}");
    println!("the other contestant's match finished {waited:?} after it was asked for");
    assert!(
        waited < Duration::from_secs(10),
        "the other contestant waited {waited:?} behind the hog"
    );

    // The ladder of the other game keeps being played beside the hog's matches.
    let store = &server.running.store;
    let ladder_done = || async {
        let mut done = 0;
        for id in store.match_ids().await.unwrap() {
            let m = store.match_summary(&id).await.unwrap().unwrap();
            done += usize::from(
                m.kind == "ladder" && m.game == "durak-duel" && m.status == MatchStatus::Finished,
            );
        }
        done
    };
    // The contestant plays one ladder match at a time, on a loaded machine, so the bound is
    // generous: what it rules out is waiting behind the hog's backlog, which takes minutes.
    let before = ladder_done().await;
    let watching = Instant::now();
    let mut after = before;
    while after < before + 3 && watching.elapsed() < Duration::from_secs(40) {
        tokio::time::sleep(Duration::from_millis(200)).await;
        after = ladder_done().await;
    }
    println!(
        "{} durak-duel ladder matches finished in {:?} beside the hog",
        after - before,
        watching.elapsed()
    );
    assert!(
        after >= before + 3,
        "only {} durak-duel ladder matches finished in 40 s beside the hog",
        after - before
    );

    // The hog's own game's ladder goes on too: while the hog is at its limit, the ladder seats
    // the others rather than queue a match that would wait for one of the hog's slots. (In the
    // moment between one of its matches ending and the next starting the hog is below its limit,
    // so one look may catch a ladder match just queued with it; most looks must not.)
    let hog_id = hog["id"].as_str().unwrap();
    let mut looks_with_a_wait = 0;
    for _ in 0..5 {
        let mut waiting = false;
        for id in store.match_ids().await.unwrap() {
            let m = store.match_summary(&id).await.unwrap().unwrap();
            waiting |= m.kind == "ladder"
                && m.status == MatchStatus::Queued
                && m.seats.iter().any(|s| s.bot_id == hog_id);
        }
        looks_with_a_wait += usize::from(waiting);
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    assert!(
        looks_with_a_wait <= 2,
        "a ladder match waited behind the hog in {looks_with_a_wait} of 5 looks"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_bot_is_never_in_more_matches_at_once_than_the_limit() {
    let db = TempDb::new();
    let mut config = config(&db);
    config.max_concurrent = 16;
    config.bot_concurrency = 3;
    let server = Server::start(config).await;
    let (bot, url) = counting_bot(Duration::from_millis(10)).await;
    let registered = server.register("busy", &url).await;
    let ids = server.practice(&registered, 24, &["greedy"]).await;
    for id in &ids {
        let played = server.finished_match(id).await;
        assert_eq!(played["status"], "finished", "{played}");
    }
    let most = bot.most_in_flight.load(Ordering::SeqCst);
    println!("at most {most} calls at once");
    assert!(
        most <= 3,
        "the bot answered {most} calls at once; the limit is 3"
    );
    assert!(
        most >= 2,
        "matches were not played side by side at all ({most})"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn practice_past_the_bots_queue_limit_is_rate_limited() {
    let db = TempDb::new();
    let mut config = config(&db);
    config.bot_concurrency = 1;
    config.max_queued_practice = 5;
    let server = Server::start(config).await;
    // Slow enough that the first match is still being played when the next request comes.
    let (_bot, url) = counting_bot(Duration::from_millis(200)).await;
    let bot = server.register("eager", &url).await;

    let (status, answer) = ask_practice(&server, &bot, 6, &["greedy"]).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{answer}");
    assert_eq!(answer["error"], "rate_limited");

    server.practice(&bot, 5, &["greedy"]).await;
    let (status, answer) = ask_practice(&server, &bot, 2, &["greedy"]).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{answer}");
    assert_eq!(answer["error"], "rate_limited");
    let detail = answer["detail"].as_str().unwrap();
    assert!(detail.contains("at most 5"), "{detail}");
    assert!(detail.contains("practice matches queued"), "{detail}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_bot_answering_near_the_deadline_runs_out_of_its_match_clock() {
    let db = TempDb::new();
    let mut config = config(&db);
    // durak's clock at a 1000 ms deadline is 40 decisions at 500 ms: 20 s; a twentieth is 1 s,
    // which a bot answering in 250 ms spends in four decisions. The deadline leaves each answer
    // 750 ms of room, so a loaded machine runs the clock out rather than one decision.
    config.deadline_ms = 1000;
    config.clock_percent = 5;
    let server = Server::start(config).await;
    let (_, games) = server.get("/api/games").await;
    let durak = games
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["id"] == "durak")
        .unwrap();
    assert_eq!(durak["clock_ms"], 1000, "{durak}");

    let (bot, url) = counting_bot(Duration::from_millis(250)).await;
    let registered = server.register("pondering", &url).await;
    let ids = server.practice(&registered, 1, &["greedy"]).await;
    let played = server.finished_match(&ids[0]).await;
    assert_eq!(played["status"], "finished", "{played}");
    let seat = played["seats"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["name"] == "pondering")
        .unwrap();
    assert_eq!(seat["fault"]["kind"], "timeout", "{seat}");
    let detail = seat["fault"]["detail"].as_str().unwrap();
    assert!(
        detail.contains("match clock of 1000 ms ran out"),
        "{detail}"
    );

    // Each turn told the bot what was left of its clock, less and less.
    let clocks: Vec<u64> = bot
        .bodies
        .lock()
        .unwrap()
        .iter()
        .filter(|b| b["type"] == "turn")
        .map(|b| b["clock_ms"].as_u64().unwrap())
        .collect();
    assert!(clocks.len() >= 2, "{clocks:?}");
    assert!(clocks[0] <= 1000, "{clocks:?}");
    assert!(clocks.windows(2).all(|w| w[1] < w[0]), "{clocks:?}");
}
