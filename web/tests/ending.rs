//! How a match's end is shown, in a real browser against the real server (a temporary SQLite
//! file, loopback bots, headless Chromium): a live match's page turns to "finished", its places
//! and its result in words after the last move with no reload; every game's last step states
//! the result in the game's words; a match with a fault opens with a link to the fault's step.
//! Screenshots go to `target/test-artefacts/ending/`.

use crate::support;

use cardarena_testkit::chromium;

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use axum::Router;
use axum::body::Bytes;
use axum::extract::State;
use axum::routing::post;
use cardarena_engine::Phrase;
use cardarena_engine::phrase::english::{self, Names};
use chromium::Browser;
use reqwest::StatusCode;
use serde_json::{Value, json};
use support::{Server, TempDb, config, test_bots};

/// How long a match may take to finish.
const FINISH_TIMEOUT: Duration = Duration::from_secs(120);

/// A server whose bots have a second to answer.
async fn server(db: &TempDb) -> Server {
    let mut config = config(db);
    config.deadline_ms = 1000;
    Server::start(config).await
}

/// Waits until match `id` is finished; returns the match and its frames.
async fn finished(server: &Server, id: &str) -> (Value, Value) {
    let start = Instant::now();
    loop {
        let (status, m) = server.get(&format!("/api/matches/{id}")).await;
        assert_eq!(status, StatusCode::OK, "{m}");
        if m["status"] != "queued" && m["status"] != "running" {
            assert_eq!(m["status"], "finished", "{m}");
            let (status, frames) = server.get(&format!("/api/matches/{id}/frames")).await;
            assert_eq!(status, StatusCode::OK, "{frames}");
            return (m, frames);
        }
        assert!(start.elapsed() < FINISH_TIMEOUT, "match {id} never ended");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// A result's phrases as the page says them: a sentence, each seat by its bot's name.
fn with_names(phrases: &Value, m: &Value) -> String {
    // A name that several seats share reads "name (2)" from its second seat on, as on the page.
    let seats = m["seats"].as_array().unwrap();
    let names: Vec<String> = seats
        .iter()
        .enumerate()
        .map(|(i, seat)| {
            let name = seat["name"].as_str().unwrap();
            let earlier = seats[..i].iter().filter(|s| s["name"] == name).count();
            match earlier {
                0 => name.to_string(),
                n => format!("{name} ({})", n + 1),
            }
        })
        .collect();
    let phrases: Vec<Phrase> = serde_json::from_value(phrases.clone()).unwrap();
    english::sentence(&phrases, &Names::new(&names, None))
}

/// The last table's result.
fn last_result(frames: &Value) -> &Value {
    let all = frames["frames"].as_array().unwrap();
    &all.last().expect("a step")["table"]["result"]
}

/// Screenshots the page as `name`.
async fn photograph(browser: &Browser, name: &str) -> PathBuf {
    let file = chromium::artefacts("ending").join(name);
    browser.screenshot(&file).await;
    file
}

/// A loopback bot that answers every turn with its first legal action after `delay`, and from
/// its `bad_from`th turn on with text that is not JSON.
#[derive(Clone)]
struct Scripted {
    turns: Arc<AtomicUsize>,
    bad_from: usize,
    delay: Duration,
}

async fn scripted(State(bot): State<Scripted>, body: Bytes) -> Result<axum::Json<Value>, String> {
    let request: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
    if request["type"] != "turn" {
        return Ok(axum::Json(json!({})));
    }
    tokio::time::sleep(bot.delay).await;
    let turn = bot.turns.fetch_add(1, Ordering::SeqCst) + 1;
    if turn >= bot.bad_from {
        return Err("{\"action_index\": oops".to_string());
    }
    Ok(axum::Json(json!({"action_index": 0})))
}

/// Starts a scripted bot on a free loopback port; returns its URL.
async fn scripted_bot(bad_from: usize, delay: Duration) -> String {
    let bot = Scripted {
        turns: Arc::default(),
        bad_from,
        delay,
    };
    let app = Router::new().route("/", post(scripted)).with_state(bot);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await });
    format!("http://{addr}/")
}

/// The durak game's description.
async fn durak(server: &Server) -> Value {
    server
        .games()
        .await
        .into_iter()
        .find(|g| g["id"] == "durak")
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_live_match_shows_its_end_without_a_reload() {
    let db = TempDb::new();
    let server = server(&db).await;
    let durak = durak(&server).await;
    let url = scripted_bot(usize::MAX, Duration::from_millis(100)).await;
    let bot = server.register_for("durak", "slowcoach", &url).await;
    let browser = Browser::start().await;
    let id = server
        .practice_at_house_table(&bot, &durak, json!({}))
        .await;
    browser.open(&server.url(&format!("/matches/{id}"))).await;
    browser.wait_attr("#watch", "data-live", "on").await;
    assert_eq!(browser.text("#match-status").await, "running");
    // A marker the page keeps unless it is reloaded.
    browser
        .script("window.notReloaded = true; return null;")
        .await;
    let (m, frames) = finished(&server, &id).await;
    let stored_at = Instant::now();
    browser.wait_attr("#watch", "data-ended", "1").await;
    println!(
        "the page showed the end {} ms after the test saw the match finished",
        stored_at.elapsed().as_millis()
    );
    assert_eq!(
        browser.script("return window.notReloaded === true;").await,
        json!(true),
        "the page was reloaded"
    );
    assert_eq!(browser.text("#match-status").await, "finished");
    let steps = frames["frames"].as_array().unwrap().len();
    assert_eq!(
        browser.text("#step-label").await,
        format!("step {steps} of {steps}")
    );
    for seat in m["seats"].as_array().unwrap() {
        let row = format!("table.seats tr[data-seat=\"{}\"]", seat["seat"]);
        assert_eq!(
            browser.text(&format!("{row} .place")).await,
            seat["rank"].to_string(),
            "{seat}"
        );
        let words = browser.text(&format!("{row} .words")).await;
        assert!(words.contains("fool"), "{words:?}");
    }
    let result = last_result(&frames);
    let sentence = with_names(&result["text"], &m);
    let line = browser.text("#match-result").await;
    assert!(line.contains(&sentence), "{line:?} lacks {sentence:?}");
    assert!(line.contains("fool"), "{line:?}");
    let on_table = browser.text("#table .table-result").await;
    assert!(on_table.contains(&sentence), "{on_table:?}");
    // The stored moves and the downloads replace "no moves stored yet", still with no reload.
    assert_eq!(
        browser.count("ol.moves > li").await,
        steps,
        "the moves list"
    );
    assert_eq!(browser.count("p.downloads a").await, 2, "the downloads");
    let facts = browser.text("dl.facts").await;
    assert!(
        facts.contains(&m["seed"].to_string()),
        "the seed, now open: {facts:?}"
    );
    assert_eq!(browser.text("#match-status").await, "finished");
    photograph(&browser, "durak-live-end.png").await;
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn every_games_last_step_states_the_result_in_its_words() {
    let db = TempDb::new();
    let server = server(&db).await;
    let bots = test_bots().await;
    let matches = server
        .short_match_of_every_game("good", &bots.url("/good"))
        .await;
    let browser = Browser::start().await;
    for (game, id) in &matches {
        let (m, frames) = finished(&server, id).await;
        let steps = frames["frames"].as_array().unwrap().len();
        let result = last_result(&frames);
        assert!(result.is_object(), "{game}: no result at the last step");
        let before = &frames["frames"][steps - 2]["table"]["result"];
        assert!(before.is_null(), "{game}: a result before the end");
        let words: &[&str] = match game.as_str() {
            "durak" | "durak-duel" => &["fool"],
            "prsi" => &["went out", "holding"],
            "bridge" => &["lost", "points"],
            "most" => &["totals after"],
            "fifty-six" => &["won the bid", "to"],
            other => panic!("a game this test does not know: {other}"),
        };
        let sentence = with_names(&result["text"], &m);
        let text = sentence.as_str();
        for word in words {
            assert!(text.contains(word), "{game}: {text:?} lacks {word:?}");
        }
        browser
            .open(&server.url(&format!("/matches/{id}#step={steps}")))
            .await;
        browser
            .wait_attr("#table", "data-step", &steps.to_string())
            .await;
        let shown = browser.text("#table .table-result").await;
        assert!(shown.contains(&sentence), "{game}: {shown:?}");
        let line = browser.text("#match-result").await;
        assert!(line.contains(&sentence), "{game}: {line:?}");
        // Each seat's box says its result in the game's words.
        let badges = browser.texts("#table .badge.result").await;
        assert_eq!(badges.len(), m["seats"].as_array().unwrap().len());
        for badge in &badges {
            assert!(!badge.is_empty(), "{game}: an empty result badge");
        }
        browser
            .script("document.getElementById('watch').scrollIntoView(); return null;")
            .await;
        let file = photograph(&browser, &format!("{game}-end.png")).await;
        println!("{game}: {sentence} ({})", file.display());
    }
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_match_with_a_fault_opens_with_a_link_to_its_step() {
    let db = TempDb::new();
    let server = server(&db).await;
    let durak = durak(&server).await;
    let url = scripted_bot(3, Duration::ZERO).await;
    let bot = server.register_for("durak", "flaky", &url).await;
    let id = server
        .practice_at_house_table(&bot, &durak, json!({}))
        .await;
    let (_, frames) = finished(&server, &id).await;
    let step = frames["faults"][0]["step"].as_u64().unwrap();
    let browser = Browser::start().await;
    browser.open(&server.url(&format!("/matches/{id}"))).await;
    browser.wait_attr("#watch", "data-ready", "1").await;
    let link = browser.text("#fault-link a").await;
    assert_eq!(
        link,
        format!("flaky faulted at step {step} (bad_json) \u{2192}")
    );
    let href = browser
        .attr("#fault-link a", "href")
        .await
        .unwrap_or_default();
    assert!(href.ends_with(&format!("#step={step}")), "{href}");
    browser.click("#fault-link a").await;
    browser
        .wait_attr("#table", "data-step", &step.to_string())
        .await;
    assert!(
        browser
            .text(".fault-panel")
            .await
            .contains("flaky faulted here")
    );
    photograph(&browser, "fault-link.png").await;
    browser.close().await;
}
