//! The match page's card table in a real browser against the real server: matches of every
//! game played by loopback bots against house bots on a temporary SQLite file, the page loaded
//! in headless Chromium, and the cards it draws (read through `data-card` and `data-seat`)
//! compared with `GET /api/matches/{id}/frames`. Screenshots of every game's table go to
//! `target/test-artefacts/watch/`.

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
use cardarena_engine::table::cards_in_json;
use chromium::{Browser, WINDOW};
use fantoccini::key::Key;
use reqwest::StatusCode;
use serde_json::{Value, json};
use support::{Server, TempDb, config, test_bots};

/// The narrow window: a phone held upright.
const NARROW: (u32, u32) = (420, 900);

/// How long a match may take to finish.
const FINISH_TIMEOUT: Duration = Duration::from_secs(120);

/// A server whose bots have a second to answer.
async fn server(db: &TempDb) -> Server {
    let mut config = config(db);
    config.deadline_ms = 1000;
    Server::start(config).await
}

/// Waits until match `id` has ended; returns its frames.
async fn finished_frames(server: &Server, id: &str) -> Value {
    let start = Instant::now();
    loop {
        let (status, m) = server.get(&format!("/api/matches/{id}")).await;
        assert_eq!(status, StatusCode::OK, "{m}");
        if m["status"] != "queued" && m["status"] != "running" {
            assert_eq!(m["status"], "finished", "{m}");
            break;
        }
        assert!(start.elapsed() < FINISH_TIMEOUT, "match {id} never ended");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let (status, frames) = server.get(&format!("/api/matches/{id}/frames")).await;
    assert_eq!(status, StatusCode::OK, "{frames}");
    assert_eq!(frames["eye"], "all", "{frames}");
    frames
}

/// The table after step `n` (0: as dealt).
fn table_at(frames: &Value, n: usize) -> &Value {
    if n == 0 {
        &frames["initial"]
    } else {
        &frames["frames"][n - 1]["table"]
    }
}

/// How many steps the match has.
fn steps(frames: &Value) -> usize {
    frames["frames"].as_array().unwrap().len()
}

/// The cards a pile shows face up, as text.
fn pile_cards(pile: &Value) -> Vec<String> {
    pile["cards"]
        .as_array()
        .unwrap_or_else(|| panic!("not a pile: {pile}"))
        .iter()
        .map(|c| c.as_str().unwrap().to_string())
        .collect()
}

/// Every face-up card of a snapshot, as text, sorted.
fn face_up(table: &Value) -> Vec<String> {
    let mut cards: Vec<String> = cards_in_json(table).iter().map(|c| c.to_string()).collect();
    cards.sort();
    cards
}

/// Opens `/matches/{id}#step={n}` afresh and waits until the page has drawn step `n`. From a
/// blank page: opening the same page with another hash only changes the hash, which the page may
/// still be rewriting to the step it drew last (under load, after the new hash arrived).
async fn open_step(browser: &Browser, server: &Server, id: &str, n: usize) {
    browser.open("about:blank").await;
    browser
        .open(&server.url(&format!("/matches/{id}#step={n}")))
        .await;
    browser
        .wait_attr("#table", "data-step", &n.to_string())
        .await;
}

/// Checks the drawn table is snapshot `table`: each seat's hand card for card, and every card on
/// the table once.
async fn check_drawn(browser: &Browser, table: &Value, what: &str) {
    for (seat, hand) in table["hands"].as_array().unwrap().iter().enumerate() {
        let drawn = browser
            .attrs(
                &format!("#table [data-seat=\"{seat}\"] [data-card]"),
                "data-card",
            )
            .await;
        assert_eq!(drawn, pile_cards(hand), "{what}: seat {seat}'s hand");
    }
    let mut drawn = browser.attrs("#table [data-card]", "data-card").await;
    drawn.sort();
    assert_eq!(drawn, face_up(table), "{what}: the cards on the table");
}

/// The elements that stick out of the window on the right (the page scrolls sideways), as
/// tag and class; empty when the body fits.
async fn overflowing(browser: &Browser) -> Vec<String> {
    let found = browser
        .script(
            "if (document.documentElement.scrollWidth <= window.innerWidth) return []; \
             return Array.from(document.querySelectorAll('body *')) \
               .filter(e => e.getBoundingClientRect().right > window.innerWidth + 0.5) \
               .map(e => e.tagName + '.' + e.className);",
        )
        .await;
    found
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e.as_str().unwrap_or_default().to_string())
        .collect()
}

/// Screenshots the table (scrolled to the top of the window) as `name`; checks the picture is
/// as wide as the window.
async fn photograph(browser: &Browser, name: &str) -> PathBuf {
    let width = browser.script("return window.innerWidth;").await;
    browser
        .script("document.getElementById('watch').scrollIntoView(); return null;")
        .await;
    let file = chromium::artefacts("watch").join(name);
    let got = browser.screenshot(&file).await;
    assert_eq!(json!(got.0), width, "{}", file.display());
    file
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn every_games_table_is_drawn_card_for_card_at_the_first_a_middle_and_the_last_step() {
    let db = TempDb::new();
    let server = server(&db).await;
    let bots = test_bots().await;
    let matches = server
        .short_match_of_every_game("good", &bots.url("/good"))
        .await;
    let browser = Browser::start().await;
    for (game, id) in &matches {
        let frames = finished_frames(&server, id).await;
        let last = steps(&frames);
        assert!(last > 2, "{game}: {last} steps");
        for n in [0, last / 2, last] {
            open_step(&browser, &server, id, n).await;
            check_drawn(&browser, table_at(&frames, n), &format!("{game} step {n}")).await;
            assert_eq!(
                browser.text("#step-label").await,
                format!("step {n} of {last}")
            );
        }
        let middle = last / 2;
        open_step(&browser, &server, id, middle).await;
        let desktop = photograph(&browser, &format!("{game}.png")).await;
        browser.resize(NARROW).await;
        let wide = overflowing(&browser).await;
        assert!(
            wide.is_empty(),
            "{game}: at 420 px these stick out: {wide:?}"
        );
        let narrow = photograph(&browser, &format!("{game}-420.png")).await;
        browser.resize(WINDOW).await;
        println!("{game}: {} and {}", desktop.display(), narrow.display());
    }
    browser.close().await;
}

/// The first step after `from` whose snapshot is in another trick (or deal, if `deal`).
fn next_unit(frames: &Value, from: usize, deal: bool) -> usize {
    let here = table_at(frames, from);
    let same = |t: &Value| t["deal"] == here["deal"] && (deal || t["trick"] == here["trick"]);
    (from + 1..=steps(frames))
        .find(|&n| !same(table_at(frames, n)))
        .unwrap_or(steps(frames))
}

/// The step the page shows now.
async fn step(browser: &Browser) -> usize {
    browser
        .attr("#table", "data-step")
        .await
        .and_then(|s| s.parse().ok())
        .expect("the table's data-step")
}

/// Waits until the page shows step `n` and the URL says so (the page writes it once stepping
/// pauses).
async fn at(browser: &Browser, n: usize) {
    browser
        .wait_attr("#table", "data-step", &n.to_string())
        .await;
    let start = Instant::now();
    loop {
        let hash = browser.script("return location.hash;").await;
        if hash == json!(format!("#step={n}")) {
            return;
        }
        assert!(
            start.elapsed() < FINISH_TIMEOUT,
            "the URL says {hash}, not step {n}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn the_controls_move_the_step() {
    let db = TempDb::new();
    let server = server(&db).await;
    let bots = test_bots().await;
    let fifty_six = server
        .games()
        .await
        .into_iter()
        .find(|g| g["id"] == "fifty-six")
        .unwrap();
    let bot = server
        .register_for("fifty-six", "stepper", &bots.url("/good"))
        .await;
    let id = server
        .practice_at_house_table(&bot, &fifty_six, json!({"deals": 2}))
        .await;
    let frames = finished_frames(&server, &id).await;
    let last = steps(&frames);
    let browser = Browser::start().await;
    open_step(&browser, &server, &id, 0).await;

    browser.click("#forward").await;
    at(&browser, 1).await;
    browser.click("#forward").await;
    at(&browser, 2).await;
    browser.click("#back").await;
    at(&browser, 1).await;
    browser.click("#last").await;
    at(&browser, last).await;
    browser.click("#first").await;
    at(&browser, 0).await;

    browser.click("#next-trick").await;
    let trick = next_unit(&frames, 0, false);
    at(&browser, trick).await;
    browser.click("#next-deal").await;
    let deal = next_unit(&frames, trick, true);
    assert!(deal < last, "fifty-six played one deal: {deal} of {last}");
    at(&browser, deal).await;
    assert_ne!(
        table_at(&frames, deal)["deal"],
        table_at(&frames, 0)["deal"]
    );
    browser.click("#prev-deal").await;
    at(&browser, 0).await;

    browser.send_keys("body", &Key::Right).await;
    at(&browser, 1).await;
    browser.send_keys("body", &Key::Left).await;
    at(&browser, 0).await;
    browser.send_keys("body", &Key::End).await;
    at(&browser, last).await;
    browser.send_keys("body", &Key::Home).await;
    at(&browser, 0).await;
    browser
        .send_keys("body", &format!("{}{}", Key::Shift, Key::Right))
        .await;
    at(&browser, trick).await;
    browser.send_keys("body", &Key::PageDown).await;
    at(&browser, deal).await;

    // The slider, moved by its own keys.
    browser.send_keys("#scrub", &Key::Right).await;
    at(&browser, deal + 1).await;

    // A move in the list opens its step.
    browser.click("ol.moves li:nth-child(5) a.step").await;
    at(&browser, 5).await;

    // #step=N opens that step.
    open_step(&browser, &server, &id, last / 2).await;
    check_drawn(&browser, table_at(&frames, last / 2), "#step=N").await;

    // Play moves on by itself until paused.
    browser.select("#speed", "32").await;
    browser.click("#play").await;
    let start = Instant::now();
    while step(&browser).await < last / 2 + 3 {
        assert!(start.elapsed() < FINISH_TIMEOUT, "play did not move on");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    browser.send_keys("body", " ").await;
    let paused = step(&browser).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(step(&browser).await, paused, "space did not pause");

    // One seat's own view: its hand face up, the others' counted, what it was sent.
    let n = (1..=last)
        .find(|&n| frames["frames"][n - 1]["seat"] == 0 && frames["frames"][n - 1]["by"] == "bot")
        .expect("a step of seat 0");
    open_step(&browser, &server, &id, n - 1).await;
    browser.select("#eye", "0").await;
    let table = table_at(&frames, n - 1);
    let own = browser
        .attrs("#table [data-seat=\"0\"] [data-card]", "data-card")
        .await;
    assert_eq!(own, pile_cards(&table["hands"][0]));
    for seat in 1..table["hands"].as_array().unwrap().len() {
        let css = format!("#table [data-seat=\"{seat}\"] [data-card]");
        assert_eq!(browser.count(&css).await, 0, "seat {seat}'s hand shown");
    }
    let sent = browser.text("#sent-panel pre.json").await;
    let sent: Value = serde_json::from_str(&sent).expect("the view as JSON");
    assert_eq!(sent, frames["frames"][n - 1]["sent"]["view"]);
    photograph(&browser, "fifty-six-seat-0.png").await;
    browser.close().await;
}

/// Counts a loopback bot's turns; from the `bad_from`th on it answers text that is not JSON.
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
    Ok(axum::Json(
        json!({"action_index": 0, "say": format!("turn {turn}")}),
    ))
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

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_fault_shows_what_the_bot_was_sent_and_how_it_answered() {
    let db = TempDb::new();
    let server = server(&db).await;
    let durak = server
        .games()
        .await
        .into_iter()
        .find(|g| g["id"] == "durak")
        .unwrap();
    let url = scripted_bot(3, Duration::ZERO).await;
    let bot = server.register_for("durak", "flaky", &url).await;
    let id = server
        .practice_at_house_table(&bot, &durak, json!({}))
        .await;
    let frames = finished_frames(&server, &id).await;
    let fault = &frames["faults"][0];
    assert_eq!(fault["kind"], "bad_json", "{fault}");
    let at_step = fault["step"].as_u64().unwrap() as usize;
    let browser = Browser::start().await;
    open_step(&browser, &server, &id, at_step).await;
    let panel = browser.text(".fault-panel").await;
    for wanted in [
        "flaky faulted here: bad_json",
        "200",
        "{\"action_index\": oops",
    ] {
        assert!(panel.contains(wanted), "{wanted:?} not in {panel:?}");
    }
    let error = fault["answer"]["error"].as_str().unwrap();
    assert!(panel.contains(error), "{error:?} not in {panel:?}");
    let sent = browser.text(".fault-panel pre.json").await;
    let sent: Value = serde_json::from_str(&sent).expect("the view as JSON");
    assert_eq!(sent, fault["sent"]["view"]);
    let legal: Vec<Value> = browser
        .texts(".fault-panel ol.legal li")
        .await
        .iter()
        .map(|li| serde_json::from_str(li).expect("an action as JSON"))
        .collect();
    assert_eq!(&Value::Array(legal), &fault["sent"]["legal_actions"]);
    // The faulted seat's moves from then on are the house bot's.
    let substitute = (at_step..=steps(&frames))
        .find(|&n| frames["frames"][n - 1]["by"] == "substitute")
        .expect("a substitute's move");
    open_step(&browser, &server, &id, substitute).await;
    assert!(
        browser
            .text("#step-info")
            .await
            .contains("played by the house bot for a faulted seat"),
        "{}",
        browser.text("#step-info").await
    );
    // The list of moves credits each of them to the house bot, not to the faulted bot.
    let items = browser.texts("ol.moves > li").await;
    assert_eq!(items.len(), steps(&frames));
    for (item, frame) in items.iter().zip(frames["frames"].as_array().unwrap()) {
        let by_house = frame["by"] == "substitute";
        assert_eq!(item.contains("(house bot)"), by_house, "{item}: {frame}");
    }
    photograph(&browser, "fault.png").await;
    open_step(&browser, &server, &id, at_step).await;
    browser.resize(NARROW).await;
    let wide = overflowing(&browser).await;
    assert!(wide.is_empty(), "at 420 px these stick out: {wide:?}");
    photograph(&browser, "fault-420.png").await;
    browser.resize(WINDOW).await;
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_live_match_updates_and_never_shows_a_hidden_card() {
    let db = TempDb::new();
    let server = server(&db).await;
    let durak = server
        .games()
        .await
        .into_iter()
        .find(|g| g["id"] == "durak")
        .unwrap();
    let url = scripted_bot(usize::MAX, Duration::from_millis(150)).await;
    let bot = server.register_for("durak", "slowcoach", &url).await;
    let browser = Browser::start().await;
    let id = server
        .practice_at_house_table(&bot, &durak, json!({}))
        .await;
    browser.open(&server.url(&format!("/matches/{id}"))).await;
    browser.wait_attr("#watch", "data-live", "on").await;
    // Each look: the step shown and the cards drawn then.
    let mut looks: Vec<(usize, Vec<String>)> = Vec::new();
    let start = Instant::now();
    loop {
        // One script reads the flag and the table together: the page's script runs on one
        // thread, so the table read is the one drawn while the flag said live.
        let state = browser
            .script(
                "const t = document.getElementById('table'); return [t.dataset.step || null, \
                 Array.from(t.querySelectorAll('[data-card]'), e => e.dataset.card), \
                 t.querySelectorAll('[data-seat] [data-card]').length, \
                 document.getElementById('watch').dataset.live || null];",
            )
            .await;
        if state[3] != "on" {
            break;
        }
        if let Some(step) = state[0].as_str() {
            assert_eq!(state[2], 0, "a hand shown live at step {step}: {state}");
            let cards = state[1]
                .as_array()
                .unwrap()
                .iter()
                .map(|c| c.as_str().unwrap().to_string())
                .collect();
            looks.push((step.parse().unwrap(), cards));
            if looks.len() == 10 {
                photograph(&browser, "durak-live.png").await;
            }
        }
        assert!(start.elapsed() < FINISH_TIMEOUT, "the match never ended");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    browser.wait_attr("#watch", "data-live", "ended").await;
    let frames = finished_frames(&server, &id).await;
    let shown: std::collections::BTreeSet<usize> = looks.iter().map(|(n, _)| *n).collect();
    assert!(shown.len() >= 3, "the page moved through {shown:?} only");
    // Nothing drawn live was hidden then: no hand's card, no stock card but the trump card.
    for (n, cards) in &looks {
        let table = table_at(&frames, *n);
        let stock = pile_cards(&table["stock"]);
        let mut hidden: Vec<String> = stock[..stock.len().saturating_sub(1)].to_vec();
        for hand in table["hands"].as_array().unwrap() {
            hidden.extend(pile_cards(hand));
        }
        for card in cards {
            assert!(!hidden.contains(card), "{card} drawn live at step {n}");
        }
    }
    // Once it ends, the page shows every hand.
    browser.wait_attr("#watch", "data-eye", "all").await;
    let n = step(&browser).await;
    check_drawn(&browser, table_at(&frames, n), "after the end").await;
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_long_match_opens_and_scrubs_one_step_at_a_time() {
    let db = TempDb::new();
    let server = server(&db).await;
    let bots = test_bots().await;
    let bridge = server
        .games()
        .await
        .into_iter()
        .find(|g| g["id"] == "bridge")
        .unwrap();
    let bot = server
        .register_for("bridge", "long", &bots.url("/good"))
        .await;
    // Played to 500 points rather than 125: about 900 to 2,500 steps, whatever the deal (the
    // server picks the seed).
    let id = server
        .practice_at_house_table(&bot, &bridge, json!({"target": 500}))
        .await;
    let frames = finished_frames(&server, &id).await;
    let last = steps(&frames);
    assert!(last > 500, "only {last} steps");
    let browser = Browser::start().await;
    open_step(&browser, &server, &id, last).await;
    // Only the step shown is in the page: one table, whatever the match's length.
    assert_eq!(browser.count("#table .felt").await, 1);
    check_drawn(&browser, table_at(&frames, last), "the last step").await;
    // Figures, not assertions (speed is not tested): how long the frames took to load and draw,
    // and a scrub's redraw, layout included, over 200 random steps.
    let figures = browser
        .script(&format!(
            "const s = document.getElementById('scrub'); const t0 = performance.now(); \
             for (let i = 0; i < 200; i++) {{ \
               s.value = String(Math.floor(Math.random() * {last})); \
               s.dispatchEvent(new Event('input')); document.body.offsetHeight; }} \
             const frames = performance.getEntriesByType('resource') \
               .find(e => e.name.endsWith('/frames')); \
             return [((performance.now() - t0) / 200).toFixed(1), \
                     frames ? Math.round(frames.duration) : null, \
                     frames ? frames.encodedBodySize : null];"
        ))
        .await;
    println!(
        "a bridge match of {last} steps: frames fetched in {} ms ({} bytes), \
         a scrub redraws in {} ms on average",
        figures[1],
        figures[2],
        figures[0].as_str().unwrap_or_default()
    );
    browser.close().await;
}
