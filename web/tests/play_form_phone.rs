//! The `/play` form on a phone (390 × 844), in headless Chromium against the real server on
//! loopback: for every game at its largest table, with a live registered bot of a long name
//! among the choices, nothing of the form sticks out of the window or scrolls sideways, every
//! control is a tap target of at least 40 px each way, and each field's name sits beside or
//! above its control; then the form still opens a table and lands on your seat. Boxes are read
//! with `getBoundingClientRect`; screenshots at 390 × 844 and 1280 × 800 go to
//! `target/test-artefacts/play-form/`.

use crate::support;

use cardarena_testkit::chromium;

use std::time::{Duration, Instant};

use chromium::Browser;
use reqwest::StatusCode;
use serde_json::json;
use support::{Server, TempDb, config, test_bots};

/// A phone held upright.
const PHONE: (u32, u32) = (390, 844);

/// A laptop.
const LAPTOP: (u32, u32) = (1280, 800);

/// The least height and width of a tap target, in CSS px.
const TAP: f64 = 40.0;

/// How far a field's name may be from its control, in CSS px.
const NEAR: f64 = 24.0;

/// How long the bot may take to pass its first ping, and the seat page to load.
const PATIENCE: Duration = Duration::from_secs(30);

/// What is wrong with the form as the window shows it now: each box of the form outside the
/// window's width, each of its boxes (and the page) that scrolls sideways, each control smaller
/// than [`TAP`] (a checkbox is measured by its label, which is what a finger hits), and each
/// field whose name is more than [`NEAR`] px from its control.
async fn wrong_with_the_form(browser: &Browser) -> Vec<String> {
    let script = format!(
        "const out = []; const w = window.innerWidth; \
         const form = document.getElementById('new-table'); \
         const name = e => e.tagName + (e.id ? '#' + e.id : '') + \
           (e.className ? '.' + e.className : '') + ' ' + \
           JSON.stringify((e.textContent || '').trim().slice(0, 30)); \
         for (const e of [form, ...form.querySelectorAll('*')]) {{ \
           if (e.getClientRects().length === 0 || e.tagName === 'OPTION' \
               || e.tagName === 'OPTGROUP') continue; \
           const r = e.getBoundingClientRect(); \
           if (r.left < -0.5 || r.right > w + 0.5) \
             out.push(name(e) + ' spans ' + Math.round(r.left) + '..' + Math.round(r.right)); \
           if (e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX !== 'visible') \
             out.push(name(e) + ' scrolls: ' + e.scrollWidth + ' > ' + e.clientWidth); \
         }} \
         const targets = form.querySelectorAll('select, button, a[href], input:not([type=checkbox])'); \
         const boxes = Array.from(targets, e => [e, e]).concat( \
           Array.from(form.querySelectorAll('input[type=checkbox]'), e => [e, e.closest('label')])); \
         for (const [e, hit] of boxes) {{ \
           if (e.getClientRects().length === 0) continue; \
           const r = hit.getBoundingClientRect(); \
           if (r.height < {TAP} || r.width < {TAP}) \
             out.push(name(hit) + ' is a small target: ' + Math.round(r.width) + ' × ' + \
                      Math.round(r.height)); \
         }} \
         for (const label of form.querySelectorAll('label')) {{ \
           const control = label.querySelector('select, input'); \
           if (!control || control.type === 'checkbox' || label.getClientRects().length === 0) \
             continue; \
           const range = document.createRange(); \
           const text = Array.from(label.childNodes).find(n => n.nodeType === 3 && n.textContent.trim()); \
           if (!text) {{ out.push(name(label) + ' has no name before its control'); continue; }} \
           range.selectNodeContents(text); \
           const t = range.getBoundingClientRect(); const c = control.getBoundingClientRect(); \
           const gap = Math.max(c.left - t.right, c.top - t.bottom, 0); \
           if (gap > {NEAR}) out.push(name(label) + ' is ' + Math.round(gap) + ' px from its control'); \
         }} \
         if (document.documentElement.scrollWidth > w) out.push('the page scrolls sideways'); \
         return out;"
    );
    let found = browser.script(&script).await;
    found
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e.as_str().unwrap_or_default().to_string())
        .collect()
}

/// Waits until the form lays out `players` seats (it reads the game's bots first).
async fn seat_rows(browser: &Browser, players: usize) {
    let start = Instant::now();
    while browser.count("#seat-list li").await != players {
        assert!(
            start.elapsed() < PATIENCE,
            "never {players} seats on the form"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn the_play_form_fits_a_phone_and_still_opens_a_table() {
    let db = TempDb::new();
    let mut config = config(&db);
    config.deadline_ms = 1000;
    let server = Server::start(config).await;
    let bots = test_bots().await;
    let long = "Quintessential-Quokka-of-the-North-01";
    let bot = server.register(long, &bots.url("/good")).await;
    server.wait_active(bot["id"].as_str().unwrap()).await;
    let folder = chromium::artefacts("play-form");
    let browser = Browser::start().await;
    let mut wrong = Vec::new();
    let games: Vec<String> = (server.games().await.iter())
        .map(|g| g["id"].as_str().unwrap().to_string())
        .collect();
    for window in [PHONE, LAPTOP] {
        browser.resize(window).await;
        browser.open("about:blank").await;
        browser.open(&server.url("/play")).await;
        browser.wait_attr("#new-table", "data-ready", "1").await;
        for game in &games {
            browser.select("#game", game).await;
            let largest = browser
                .script("const s = document.getElementById('players'); return s.options[s.options.length - 1].value;")
                .await;
            browser.select("#players", largest.as_str().unwrap()).await;
            browser.select("#my-seat", "1").await;
            let players: usize = largest.as_str().unwrap().parse().unwrap();
            seat_rows(&browser, players).await;
            if window == PHONE {
                // The registered bot's long name chosen where it fits (the durak tables).
                if game == "durak" {
                    let id = bot["id"].as_str().unwrap();
                    browser.select("select[data-seat=\"0\"]", id).await;
                }
                for out in wrong_with_the_form(&browser).await {
                    wrong.push(format!("{game} at 390 px: {out}"));
                }
            }
            let file = folder.join(format!("{game}-{}.png", window.0));
            browser.screenshot(&file).await;
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");

    // The form still opens a table, from the phone: durak, you and a house bot.
    browser.resize(PHONE).await;
    browser.open(&server.url("/play?game=durak")).await;
    browser.wait_attr("#new-table", "data-ready", "1").await;
    browser.select("#players", "2").await;
    browser.select("#my-seat", "0").await;
    browser.select("select[data-seat=\"1\"]", "random").await;
    browser.click("#start").await;
    let start = Instant::now();
    loop {
        let state = browser
            .script("const s = document.getElementById('seat'); return s && s.dataset.state;")
            .await;
        if state.as_str().is_some_and(|s| s != "loading") {
            break;
        }
        assert!(start.elapsed() < PATIENCE, "no seat page: {state}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let path = browser.script("return location.pathname;").await;
    let token = path.as_str().unwrap().strip_prefix("/play/").unwrap();
    let (status, seat) = server.get(&format!("/api/tables/{token}")).await;
    assert_eq!(status, StatusCode::OK, "{seat}");
    assert_eq!(seat["seat"], 0, "{seat}");
    assert_eq!(seat["names"][1], json!("random"), "{seat}");
    browser.screenshot(&folder.join("durak-390-seat.png")).await;
    browser.close().await;
}
