//! The pages' layout on a phone (390 × 844) and a laptop (1280 × 800), in headless Chromium
//! against the real server on loopback with a temporary SQLite file: every game's match page
//! shows its first card on the first screen, its facts and seats after the table and fitting
//! the window; a person's seat keeps the hand and the buttons on a phone's screen through a
//! whole durak game played by clicking; and no column of the data tables (leaderboard,
//! /matches, every table of a bot's page, a tournament's standings and head-to-head) sticks out
//! of the window, on a phone or a laptop. Positions are read with `getBoundingClientRect`; screenshots
//! go to `target/test-artefacts/layout/`.

use crate::support;

use cardarena_testkit::chromium;

use crate::play::seat;

use std::path::PathBuf;
use std::time::{Duration, Instant};

use chromium::{Browser, Rect};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use support::{Server, TempDb, TestBots, config, test_bots};

use seat::{decision, make_move, open_table};

/// A phone held upright.
const PHONE: (u32, u32) = (390, 844);

/// A laptop.
const LAPTOP: (u32, u32) = (1280, 800);

/// The organiser's token of the data tables' server.
const ADMIN: &str = "layout-organiser-token";

/// How long the ladder and the tournament may take to fill the tables.
const FILL_TIMEOUT: Duration = Duration::from_secs(120);

/// Where the screenshots go.
fn artefacts() -> PathBuf {
    chromium::artefacts("layout")
}

/// A window's size as a file name's part: "390" or "1280".
fn width((width, _): (u32, u32)) -> String {
    width.to_string()
}

/// Opens `path` afresh (from a blank page) in a window of `window` px.
async fn open(browser: &Browser, server: &Server, path: &str, window: (u32, u32)) {
    browser.resize(window).await;
    browser.open("about:blank").await;
    browser.open(&server.url(path)).await;
}

/// Whether the page scrolls sideways (the document is wider than the window).
async fn scrolls_sideways(browser: &Browser) -> bool {
    let wider = browser
        .script("return document.documentElement.scrollWidth > window.innerWidth;")
        .await;
    wider.as_bool().unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn every_games_first_card_is_on_the_first_screen_of_its_match_page() {
    let db = TempDb::new();
    let server = seat::server(&db).await;
    let bots = test_bots().await;
    let matches = server
        .short_match_of_every_game("layout", &bots.url("/good"))
        .await;
    let browser = Browser::start().await;
    let mut wrong = Vec::new();
    for (game, id) in &matches {
        let m = server.finished_match(id).await;
        assert_eq!(m["status"], "finished", "{m}");
        for window in [PHONE, LAPTOP] {
            open(&browser, &server, &format!("/matches/{id}"), window).await;
            browser.wait_attr("#watch", "data-ready", "1").await;
            browser.script("window.scrollTo(0, 0); return null;").await;
            let file = artefacts().join(format!("match-{game}-{}.png", width(window)));
            browser.screenshot(&file).await;
            let what = format!("{game} at {window:?} ({})", file.display());
            let cards = browser.rects("#table .card").await;
            match cards.first() {
                None => wrong.push(format!("{what}: no card drawn")),
                Some(card) if !card.inside(window) => {
                    wrong.push(format!("{what}: the first card is at {card:?}"))
                }
                Some(_) => {}
            }
            // The match's facts and seats come after the table.
            let after = browser
                .script(
                    "const table = document.getElementById('watch'); \
                     return ['dl.facts', 'table.seats'].every(css => \
                       table.compareDocumentPosition(document.querySelector(css)) \
                         & Node.DOCUMENT_POSITION_FOLLOWING);",
                )
                .await;
            if after != json!(true) {
                wrong.push(format!(
                    "{what}: the facts or the seats come before the table"
                ));
            }
            if scrolls_sideways(&browser).await {
                wrong.push(format!("{what}: the page scrolls sideways"));
            }
            for out in sticking_out(&browser, "table.seats").await {
                wrong.push(format!("{what}: the seats: {out}"));
            }
            browser
                .script("document.getElementById('about').scrollIntoView(); return null;")
                .await;
            let file = artefacts().join(format!("match-{game}-{}-about.png", width(window)));
            browser.screenshot(&file).await;
        }
    }
    browser.close().await;
    assert!(wrong.is_empty(), "{wrong:#?}");
}

/// What a phone shows of the seat page now, as the person sees it.
struct Docked {
    /// The person's own cards.
    hand: Vec<Rect>,
    /// The buttons of the moves bar (actions and the chooser's).
    buttons: Vec<Rect>,
    /// The felt's centre (the cards in play).
    centre: Vec<Rect>,
    /// The top of what is fixed at the window's foot (the hand's seat and the moves bar), or
    /// the window's height if nothing is.
    dock_top: f64,
}

/// Reads what the seat page shows now.
async fn docked(browser: &Browser) -> Docked {
    let seat = browser.attr("#seat", "data-seat").await.unwrap();
    let hand = browser
        .rects(&format!("#table .hand[data-seat=\"{seat}\"] .card"))
        .await;
    let buttons = browser.rects("#actions button, #chooser button").await;
    let centre = browser.rects("#table .felt .centre").await;
    let top = browser
        .script(
            "const fixed = ['#table .seat.own', '#moves-bar'] \
               .map(css => document.querySelector(css)) \
               .filter(e => e && e.getClientRects().length > 0 \
                 && getComputedStyle(e).position === 'fixed') \
               .map(e => e.getBoundingClientRect().top); \
             return Math.min(window.innerHeight, ...fixed);",
        )
        .await;
    Docked {
        hand,
        buttons,
        centre,
        dock_top: top.as_f64().unwrap(),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_phone_keeps_the_hand_and_the_buttons_on_screen_through_a_whole_durak_game() {
    let db = TempDb::new();
    let server = seat::server(&db).await;
    let opened = open_table(
        &server,
        json!({"game": "durak", "seats": ["person", "greedy"]}),
    )
    .await;
    let url = opened["seats"][0]["url"].as_str().unwrap();
    let browser = Browser::start().await;
    open(&browser, &server, url, PHONE).await;
    let mut moves = 0;
    let mut buttons_seen = 0;
    let mut wrong = Vec::new();
    loop {
        let now = decision(&browser).await;
        if now.state == "match_end" {
            browser
                .screenshot(&artefacts().join("seat-durak-390-end.png"))
                .await;
            break;
        }
        let shown = docked(&browser).await;
        if moves == 0 {
            browser
                .screenshot(&artefacts().join("seat-durak-390-start.png"))
                .await;
            // The page is padded by the dock: its end scrolls into view above it.
            let end = browser
                .script(
                    "window.scrollTo(0, document.documentElement.scrollHeight); \
                     return document.getElementById('leave-bar').getBoundingClientRect().bottom;",
                )
                .await;
            let dock_top = docked(&browser).await.dock_top;
            browser
                .screenshot(&artefacts().join("seat-durak-390-scrolled.png"))
                .await;
            if end.as_f64().unwrap() > dock_top + 0.5 {
                wrong.push(format!(
                    "the page's end ({end}) is under the dock ({dock_top})"
                ));
            }
            browser.script("window.scrollTo(0, 0); return null;").await;
        }
        if !shown.buttons.is_empty() && buttons_seen == 0 {
            browser
                .screenshot(&artefacts().join("seat-durak-390-buttons.png"))
                .await;
        }
        buttons_seen += usize::from(!shown.buttons.is_empty());
        let at = format!("move {moves}");
        if shown.hand.is_empty() {
            wrong.push(format!("{at}: no hand drawn"));
        }
        for card in shown.hand.iter().filter(|r| !r.inside(PHONE)) {
            wrong.push(format!(
                "{at}: a card of the hand is off the screen at {card:?}"
            ));
        }
        for button in shown.buttons.iter().filter(|r| !r.inside(PHONE)) {
            wrong.push(format!("{at}: a button is off the screen at {button:?}"));
        }
        if shown.centre.iter().any(|r| r.bottom > shown.dock_top + 0.5) {
            // Under the dock for now: scrolled into view (as a person would), it shows above it.
            browser
                .script(
                    "document.querySelector('#table .felt .centre') \
                       .scrollIntoView({block: 'nearest'}); return null;",
                )
                .await;
            let again = docked(&browser).await;
            let hidden = |r: &&Rect| r.top < -0.5 || r.bottom > again.dock_top + 0.5;
            for centre in again.centre.iter().filter(hidden) {
                wrong.push(format!(
                    "{at}: the dock (from {}) hides the felt's centre at {centre:?}, scrolled",
                    again.dock_top
                ));
            }
        }
        if moves == 20 {
            browser
                .screenshot(&artefacts().join("seat-durak-390-mid.png"))
                .await;
        }
        make_move(&browser, &now, false, &mut None).await;
        moves += 1;
        assert!(moves < seat::MAX_MOVES, "the match never ended");
    }
    browser.close().await;
    assert!(moves > 5, "only {moves} moves");
    assert!(buttons_seen > 0, "no turn had a button to press");
    assert!(wrong.is_empty(), "{wrong:#?}");
}

/// A server with the ladder on (its ratings fill the leaderboard) and a known organiser token.
async fn ladder_server(db: &TempDb) -> Server {
    let mut config = config(db);
    config.deadline_ms = 1000;
    config.admin_token = Some(ADMIN.to_string());
    config.ladder_interval = Some(Duration::from_millis(100));
    Server::start(config).await
}

/// Sends `body` to `path` with `token`, expecting `want`; returns the answer.
async fn send(server: &Server, path: &str, token: Option<&str>, body: Value, want: u16) -> Value {
    let (status, answer) = server.send(Method::POST, path, token, Some(body)).await;
    assert_eq!(status.as_u16(), want, "{path}: {answer}");
    answer
}

/// Runs a durak tournament of `bots` (a house stage, then a final at tables of three) to its end;
/// returns its id.
async fn tournament(server: &Server, bots: &[Value]) -> String {
    let stages = json!([
        {"kind": "house", "opponents": ["random"], "matches": 1},
        {"kind": "final", "top": 4, "deals": 1, "table": 3}
    ]);
    let body = json!({"name": "The long-named bots' cup", "game": "durak", "auto_advance": true,
                      "stages": stages});
    let id = server.start_tournament(ADMIN, body, bots).await;
    let start = Instant::now();
    loop {
        let (status, t) = server.get(&format!("/api/tournaments/{id}")).await;
        assert_eq!(status, StatusCode::OK, "{t}");
        if t["status"] == "finished" {
            return id;
        }
        assert!(
            start.elapsed() < FILL_TIMEOUT,
            "the tournament never ended: {t}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Waits until the durak leaderboard lists at least `rows` bots.
async fn leaderboard_rows(server: &Server, rows: usize) {
    let start = Instant::now();
    loop {
        let (status, board) = server.get("/api/leaderboard?game=durak").await;
        assert_eq!(status, StatusCode::OK, "{board}");
        if board["rows"].as_array().unwrap().len() >= rows {
            return;
        }
        assert!(
            start.elapsed() < FILL_TIMEOUT,
            "the ladder rated too few: {board}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// What sticks out of the window in the tables matching `css`: each cell (`th`, `td`) whose box
/// is not within the window's width or whose text overflows its box, and each box from the table
/// up to the page that scrolls sideways (`scrollWidth` above `clientWidth`). Empty when
/// everything fits.
async fn sticking_out(browser: &Browser, css: &str) -> Vec<String> {
    let script = format!(
        "const out = []; \
         const tables = document.querySelectorAll({}); \
         if (tables.length === 0) return ['no ' + {} + ' on the page']; \
         for (const table of tables) {{ \
           for (const cell of table.querySelectorAll('th, td')) {{ \
             if (cell.getClientRects().length === 0) continue; \
             const r = cell.getBoundingClientRect(); \
             if (r.left < -0.5 || r.right > window.innerWidth + 0.5) \
               out.push('cell ' + JSON.stringify(cell.textContent.trim()) + ' spans ' + \
                        Math.round(r.left) + '..' + Math.round(r.right)); \
             if (cell.scrollWidth > cell.clientWidth + 1) \
               out.push('cell ' + JSON.stringify(cell.textContent.trim()) + ' overflows: ' + \
                        cell.scrollWidth + ' > ' + cell.clientWidth); \
           }} \
           for (let e = table; e && e !== document.body; e = e.parentElement) \
             if (e.scrollWidth > e.clientWidth + 1) \
               out.push(e.tagName + '.' + e.className + ' scrolls: ' + e.scrollWidth + ' > ' + \
                        e.clientWidth); \
         }} \
         if (document.documentElement.scrollWidth > window.innerWidth) out.push('the page scrolls'); \
         return out;",
        json!(css),
        json!(css)
    );
    let found = browser.script(&script).await;
    found
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e.as_str().unwrap_or_default().to_string())
        .collect()
}

/// The texts of the "Mean ± 95% CI" header and cells of the standings that the browser wraps
/// onto more than one line.
async fn wrapped_means(browser: &Browser) -> Vec<String> {
    let found = browser
        .script(
            "const lines = node => { const range = document.createRange(); \
               range.selectNodeContents(node); \
               return new Set(Array.from(range.getClientRects(), r => Math.round(r.top))).size; }; \
             const out = []; \
             for (const table of document.querySelectorAll('table.standings')) { \
               const heads = Array.from(table.tHead.rows[0].cells); \
               const at = heads.findIndex(th => th.textContent.trim() === 'Mean ± 95% CI'); \
               if (at < 0) return ['no Mean ± 95% CI column']; \
               const cells = [heads[at], ...Array.from(table.tBodies[0].rows, tr => tr.cells[at])]; \
               for (const cell of cells) \
                 if (cell.getClientRects().length > 0 && lines(cell) > 1) \
                   out.push(cell.textContent.trim() + ' on ' + lines(cell) + ' lines'); \
             } \
             return out;",
        )
        .await;
    found
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e.as_str().unwrap_or_default().to_string())
        .collect()
}

/// Fills every data table of `bot`'s page beside its matches and head-to-head: the organiser's
/// pause and resume with a long reason (their actions); then, its owner having paused it (so that
/// no ladder match comes after), a program at another URL that plays a practice match with an
/// illegal move (its faults), the first program again, and a version with a long note.
async fn fill_bot_page(server: &Server, test: &TestBots, bot: &Value) {
    let id = bot["id"].as_str().unwrap();
    let reason = "answered every turn at the very last moment of its deadline, \
                  which held up the whole ladder";
    for action in ["pause", "resume"] {
        let body = json!({"reason": reason, "by": "Bartholomew the organiser"});
        let path = format!("/api/admin/bots/{id}/{action}");
        send(server, &path, Some(ADMIN), body, 200).await;
    }
    let token = bot["token"].as_str();
    let path = format!("/api/bots/{id}");
    let change = async |body: Value| {
        let (status, answer) = server.send(Method::PATCH, &path, token, Some(body)).await;
        assert_eq!(status, StatusCode::OK, "{answer}");
    };
    change(json!({"active": false})).await;
    change(json!({"url": test.url("/illegal")})).await;
    let faulted = server.practice(bot, 1, &["random"]).await;
    let m = server.finished_match(&faulted[0]).await;
    assert_eq!(m["status"], "finished", "{m}");
    change(json!({"url": test.url("/good")})).await;
    let note = "a deeper search of the attacks, with the trumps counted and kept for the last \
                tricks of the deal";
    let path = format!("{path}/versions");
    send(server, &path, token, json!({"note": note}), 201).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn no_column_of_the_data_tables_sticks_out_of_a_phone() {
    let db = TempDb::new();
    let server = ladder_server(&db).await;
    let test = test_bots().await;
    let mut bots = Vec::new();
    for name in [
        "Quintessential-Quokka-of-the-North-01",
        "Bartholomew-the-Remarkably-Patient",
        "x",
        "Understated.Underdog_with.long.name",
    ] {
        bots.push(server.register_for("durak", name, &test.url("/good")).await);
    }
    let tournament = tournament(&server, &bots).await;
    leaderboard_rows(&server, 4).await;
    fill_bot_page(&server, &test, &bots[0]).await;
    let bot = bots[0]["id"].as_str().unwrap();
    let pages = [
        (
            "leaderboard",
            "/?game=durak".to_string(),
            "table.leaderboard",
        ),
        (
            "matches",
            "/matches?game=durak".to_string(),
            "table.match-list",
        ),
        (
            "bot",
            format!("/bots/{bot}"),
            "table.rating, table.versions, table.matches, table.rivals, \
             table.organiser-actions, table.faults",
        ),
        (
            "tournament",
            format!("/tournaments/{tournament}"),
            "table.standings, table.h2h",
        ),
    ];
    let browser = Browser::start().await;
    let mut wrong = Vec::new();
    for (name, path, tables) in &pages {
        for window in [PHONE, LAPTOP] {
            open(&browser, &server, path, window).await;
            // The live pages' scripts redraw their tables: the redrawn ones are measured.
            match *name {
                "leaderboard" => {
                    browser.wait_refreshed("table.leaderboard").await;
                }
                "tournament" => {
                    browser.wait_refreshed("article.tournament").await;
                }
                _ => {}
            }
            for (n, table) in tables.split(", ").enumerate() {
                browser
                    .script(&format!(
                        "Array.from(document.querySelectorAll({})).at(-1).scrollIntoView(); \
                         return null;",
                        json!(table)
                    ))
                    .await;
                let file = artefacts().join(format!("{name}-{n}-{}.png", width(window)));
                browser.screenshot(&file).await;
            }
            let what = format!("{name} at {window:?}");
            for out in sticking_out(&browser, tables).await {
                wrong.push(format!("{what}: {out}"));
            }
            if *name == "tournament" {
                for out in wrapped_means(&browser).await {
                    wrong.push(format!("{what}: {out}"));
                }
            }
        }
    }
    browser.close().await;
    assert!(wrong.is_empty(), "{wrong:#?}");
}
