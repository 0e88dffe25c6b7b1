//! The site on a phone held upright (390 × 844, `innerWidth` checked: Chromium's `--window-size`
//! stops at 500 px, resizing through WebDriver does not), in headless Chromium against the real
//! server on loopback with a temporary SQLite file and the demo running: every page of the
//! header's menu, the tournaments and the demo cup's page with its standings, a bot's page and
//! a finished match fit the screen's width, and the menu opens every section with one tap; a
//! table of every game at every size keeps your hand, the controls and the middle of the table
//! (fifty-six's bids, most's discard row) on the first screen; keyboard hints show only
//! where there is a keyboard; and the console stays free of errors on the pages people open
//! first. Screenshots go to `target/test-artefacts/phone/`.

use crate::support;

use crate::play::seat;

use std::path::PathBuf;
use std::time::{Duration, Instant};

use cardarena_store::{MatchFilter, MatchKind};
use cardarena_testkit::chromium::{self, Browser, Rect};
use cardarena_testkit::{axe, cdp};
use reqwest::StatusCode;
use serde_json::{Value, json};
use support::{Server, TempDb};

/// A phone held upright.
const PHONE: (u32, u32) = (390, 844);

/// How long the demo may take to give the pages something to show.
const FILL_TIMEOUT: Duration = Duration::from_secs(180);

/// Where the screenshots go.
fn artefacts() -> PathBuf {
    chromium::artefacts("phone")
}

/// A server running the demo (its ladder and its cup, the cup's bots quick).
async fn demo_server(db: &TempDb) -> Server {
    let mut config = support::config(db);
    config.demo = true;
    config.demo_think = Duration::from_millis(20);
    config.ladder_interval = Some(Duration::from_millis(200));
    Server::start(config).await
}

/// Opens `path` afresh on the phone's screen, checking the page is 390 px wide.
async fn open(browser: &Browser, server: &Server, path: &str) {
    browser.resize(PHONE).await;
    browser.open("about:blank").await;
    browser.open(&server.url(path)).await;
    assert_eq!(browser.viewport().await, PHONE, "{path}");
}

/// How much wider than the screen the page is (0 when it fits), with the widest elements that
/// stick out, to say what to fix.
async fn too_wide(browser: &Browser) -> Option<String> {
    let found = browser
        .script(
            "const width = window.innerWidth; \
             if (document.documentElement.scrollWidth <= width) return null; \
             const out = Array.from(document.querySelectorAll('body *')) \
               .filter(e => e.getClientRects().length > 0 \
                 && e.getBoundingClientRect().right > width + 0.5) \
               .slice(0, 5) \
               .map(e => e.tagName.toLowerCase() + '.' + e.className + ' ' \
                 + Math.round(e.getBoundingClientRect().right)); \
             return document.documentElement.scrollWidth + ' px: ' + out.join(', ');",
        )
        .await;
    found.as_str().map(str::to_string)
}

/// Checks the header on this page, scrolled to its top: the Menu button on screen and the
/// links folded away; one tap shows every link of the header inside the screen; a second folds
/// them again.
async fn check_menu(browser: &Browser, path: &str, wrong: &mut Vec<String>) {
    // From the page's top, where a seat page scrolled down to show the table's middle starts.
    browser.script("window.scrollTo(0, 0); return null;").await;
    let button = browser.rects("header.site .menu-button").await;
    if button.len() != 1 || !button[0].inside(PHONE) {
        wrong.push(format!(
            "{path}: the Menu button is not on screen: {button:?}"
        ));
        return;
    }
    let folded = browser.rects("header.site .site-menu a").await;
    if !folded.is_empty() {
        wrong.push(format!(
            "{path}: {} header links show before a tap",
            folded.len()
        ));
    }
    let all = browser.count("header.site .site-menu a").await;
    browser.click("header.site .menu-button").await;
    let open = browser.rects("header.site .site-menu a").await;
    let off: Vec<&Rect> = open.iter().filter(|r| !r.inside(PHONE)).collect();
    if open.len() != all || !off.is_empty() || all < 20 {
        wrong.push(format!(
            "{path}: after one tap {} of {all} links show, these off the screen: {off:?}",
            open.len()
        ));
    }
    let expanded = browser
        .attr("header.site .menu-button", "aria-expanded")
        .await;
    if expanded.as_deref() != Some("true") {
        wrong.push(format!("{path}: the open menu's button says {expanded:?}"));
    }
    browser.click("header.site .menu-button").await;
    if !browser.rects("header.site .site-menu a").await.is_empty() {
        wrong.push(format!("{path}: a second tap does not fold the menu"));
    }
}

/// Waits until `ready` says the server has what a page needs; returns what it gave.
async fn wait_for<T>(what: &str, mut ready: impl AsyncFnMut() -> Option<T>) -> T {
    let start = Instant::now();
    loop {
        if let Some(value) = ready().await {
            return value;
        }
        assert!(start.elapsed() < FILL_TIMEOUT, "{what} never came");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// The demo cup's id once its first stage has standings with matches in them.
async fn demo_cup_with_standings(server: &Server) -> String {
    wait_for("the demo cup's standings", async || {
        let (status, list) = server.get("/api/tournaments").await;
        assert_eq!(status, StatusCode::OK, "{list}");
        let id = list[0]["id"].as_str()?.to_string();
        let (_, cup) = server.get(&format!("/api/tournaments/{id}")).await;
        let played = cup["stages"][0]["standings"]
            .as_array()?
            .iter()
            .any(|row| row["matches"].as_u64().unwrap_or(0) > 0);
        played.then_some(id)
    })
    .await
}

/// A finished ladder match of bridge, and a bot of it.
async fn finished_ladder_match(server: &Server) -> (String, String) {
    let filter = MatchFilter {
        game: Some("bridge".into()),
        kind: Some(MatchKind::Ladder),
        ..Default::default()
    };
    let store = &server.running.store;
    wait_for("a finished ladder match", async || {
        let page = store
            .browse_matches(&filter, Default::default(), 50)
            .await
            .unwrap();
        let (_, m) = page
            .matches
            .iter()
            .find(|(_, m)| m.status.as_str() == "finished")?;
        Some((m.id.clone(), m.seats[0].bot_id.clone()))
    })
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn every_page_fits_a_phone_and_its_menu_opens_every_section_in_one_tap() {
    let db = TempDb::new();
    let server = demo_server(&db).await;
    let cup = demo_cup_with_standings(&server).await;
    let (finished, bot) = finished_ladder_match(&server).await;
    let browser = Browser::start().await;
    // Every page the header's menu links, read off the menu itself, and the pages under them.
    open(&browser, &server, "/").await;
    let mut paths: Vec<String> = browser
        .links("header.site .site-menu a")
        .await
        .into_iter()
        .map(|l| l.href)
        .collect();
    paths.extend([
        format!("/tournaments/{cup}"),
        format!("/bots/{bot}"),
        format!("/matches/{finished}"),
        "/matches?game=bridge".to_string(),
    ]);
    let mut wrong = Vec::new();
    for (n, path) in paths.iter().enumerate() {
        open(&browser, &server, path).await;
        if path.starts_with("/tournaments/") {
            browser.wait_refreshed("article.tournament").await;
            let rows = browser.count("table.standings tbody tr").await;
            assert!(rows > 0, "the cup's page shows no standings");
        }
        if let Some(wide) = too_wide(&browser).await {
            wrong.push(format!("{path} is wider than the screen: {wide}"));
        }
        let name = path.trim_start_matches('/').replace(['/', '?', '='], "-");
        let file = artefacts().join(format!(
            "{n:02}-{}.png",
            if name.is_empty() { "home" } else { &name }
        ));
        browser.screenshot(&file).await;
        check_menu(&browser, path, &mut wrong).await;
    }
    // The open menu, as a phone shows it.
    open(&browser, &server, "/").await;
    browser.click("header.site .menu-button").await;
    browser.screenshot(&artefacts().join("menu-open.png")).await;
    let violations = axe::check(&browser, &axe::source()).await;
    let grave: Vec<String> = violations
        .iter()
        .filter(|v| v.grave())
        .map(|v| v.describe())
        .collect();
    assert!(grave.is_empty(), "axe-core, the open menu: {grave:#?}");
    browser.close().await;
    assert!(wrong.is_empty(), "{wrong:#?}");
}

/// Seats a person at a table of `game` with `players` seats, house bots at the others; the
/// seat's path.
async fn person_table(server: &Server, game: &Value, players: usize) -> String {
    let house = game["house_bots"][0].as_str().unwrap();
    let mut seats = vec![json!("person")];
    seats.extend((1..players).map(|_| json!(house)));
    let table = seat::open_table(server, json!({"game": game["id"], "seats": seats})).await;
    table["seats"][0]["url"].as_str().unwrap().to_string()
}

/// What of the seat page lies off the first screen on the person's turn: the hand's cards, the
/// controls (buttons and pickers), the top of the table's middle, and `zone` (a zone of the
/// middle, by its label) if named, each measured against the window and the top of what is
/// docked at its foot.
async fn off_the_first_screen(browser: &Browser, zone: Option<&str>) -> Vec<String> {
    let found = browser
        .script(&format!(
            "const zone = {}; \
             const height = window.innerHeight, width = window.innerWidth; \
             const docked = ['#table .seat.own', '#moves-bar'] \
               .map(css => document.querySelector(css)) \
               .filter(e => e && e.getClientRects().length > 0 \
                 && getComputedStyle(e).position === 'fixed') \
               .map(e => e.getBoundingClientRect().top); \
             const dock = Math.min(height, ...docked); \
             const seat = document.querySelector('#seat').dataset.seat; \
             const out = []; \
             const check = (what, e, bottom) => {{ \
               const r = e.getBoundingClientRect(); \
               if (r.left < -0.5 || r.right > width + 0.5 || r.top < -0.5 || r.bottom > bottom + 0.5) \
                 out.push(what + ' at ' + [r.left, r.top, r.right, r.bottom].map(Math.round)); \
             }}; \
             document.querySelectorAll('#table .hand[data-seat=\"' + seat + '\"] .card') \
               .forEach(e => check('a card of the hand', e, height)); \
             document.querySelectorAll('#actions button, #actions select, #chooser button') \
               .forEach(e => check('the control ' + e.textContent, e, height)); \
             const middle = document.querySelector('#table .felt .centre'); \
             if (middle) {{ \
               const top = middle.getBoundingClientRect().top; \
               if (top > dock - 40) out.push('the middle of the table starts at ' + Math.round(top) \
                 + ' under the dock at ' + Math.round(dock)); \
             }} \
             if (zone) {{ \
               const z = Array.from(document.querySelectorAll('#table .zone')) \
                 .find(z => z.querySelector('.zone-label').textContent.toLowerCase() === zone); \
               if (!z) out.push('no zone ' + zone); else check('the zone ' + zone, z, dock); \
             }} \
             if (document.documentElement.scrollWidth > width) out.push('the page is ' \
               + document.documentElement.scrollWidth + ' px wide'); \
             return out;",
            json!(zone)
        ))
        .await;
    found
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap().to_string())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn every_games_table_at_every_size_keeps_hand_controls_and_middle_on_a_phones_screen() {
    let db = TempDb::new();
    let mut config = support::config(&db);
    config.table_limits.per_client = 30;
    config.table_limits.per_client_hour = 30;
    config.table_limits.per_network = 30;
    let server = Server::start(config).await;
    let browser = Browser::start().await;
    let mut wrong = Vec::new();
    let tables = server.games().await.into_iter().flat_map(|game| {
        let count = |key: &str| game["players"][key].as_u64().unwrap() as usize;
        let sizes = (count("min")..=count("max")).step_by(count("step"));
        sizes.map(move |players| (game.clone(), players))
    });
    for (game, players) in tables {
        let id = game["id"].as_str().unwrap().to_string();
        let path = person_table(&server, &game, players).await;
        open(&browser, &server, &path).await;
        browser.wait_attr("#seat", "data-state", "turn").await;
        // The zone a person must see to decide on the first turn.
        let zone = match id.as_str() {
            "fifty-six" => Some("bids"),
            "most" => Some("bridge (newest last)"),
            _ => None,
        };
        for out in off_the_first_screen(&browser, zone).await {
            wrong.push(format!("{id} at {players}: {out}"));
        }
        let file = artefacts().join(format!("table-{id}-{players}.png"));
        browser.screenshot(&file).await;
        if id == "durak" {
            // The trump card under the stock stands upright and full size, on a laptop too.
            for window in [PHONE, (1280, 800)] {
                browser.resize(window).await;
                let trump = browser.rects("#table .card.trump-card").await;
                let upright = trump.first().is_some_and(|r| {
                    r.bottom - r.top > r.right - r.left && r.right - r.left >= 28.0
                });
                if !upright {
                    wrong.push(format!("durak at {window:?}: the trump card is {trump:?}"));
                }
            }
            browser.resize(PHONE).await;
        }
        // The header's links one tap away here too.
        check_menu(&browser, &path, &mut wrong).await;
        if !cdp::console_errors(&browser).await.is_empty() {
            wrong.push(format!("{id}: console errors at the table"));
        }
    }
    browser.close().await;
    assert!(wrong.is_empty(), "{wrong:#?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn keyboard_hints_show_only_where_there_is_a_keyboard() {
    let db = TempDb::new();
    let server = Server::start(support::config(&db)).await;
    let games = server.games().await;
    let durak = games.iter().find(|g| g["id"] == "durak").unwrap();
    let path = person_table(&server, durak, 2).await;
    let browser = Browser::start().await;
    let shown = async |browser: &Browser| {
        open(browser, &server, &path).await;
        browser.wait_attr("#seat", "data-state", "turn").await;
        browser.text("#keys").await
    };
    let desk = shown(&browser).await;
    assert!(
        desk.contains("Keys: 1–9") && desk.starts_with("Click"),
        "{desk}"
    );
    cdp::touch_screen(&browser).await;
    let phone = shown(&browser).await;
    assert!(phone.starts_with("Tap a highlighted card"), "{phone}");
    assert!(
        !phone.contains("Keys") && !phone.contains("Click"),
        "{phone}"
    );
    browser
        .screenshot(&artefacts().join("touch-seat.png"))
        .await;
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn the_pages_people_open_first_log_no_console_error() {
    let db = TempDb::new();
    let server = demo_server(&db).await;
    let (finished, _) = finished_ladder_match(&server).await;
    let games = server.games().await;
    let durak = games.iter().find(|g| g["id"] == "durak").unwrap();
    let seat = person_table(&server, durak, 3).await;
    let browser = Browser::start().await;
    let mut wrong = Vec::new();
    for path in [
        "/".to_string(),
        "/tournaments".to_string(),
        format!("/matches/{finished}"),
        "/play".to_string(),
        seat,
    ] {
        open(&browser, &server, &path).await;
        // Long enough for the pages' scripts to ask what they ask at first.
        tokio::time::sleep(Duration::from_millis(1500)).await;
        for error in cdp::console_errors(&browser).await {
            wrong.push(format!("{path}: {error}"));
        }
    }
    // The analysis is asked for only once someone asks: nothing for a match never analysed.
    let (status, _) = server
        .get(&format!("/api/matches/{finished}/analysis"))
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    browser
        .open(&server.url(&format!("/matches/{finished}")))
        .await;
    browser.wait_attr("#analysis", "data-state", "none").await;
    assert_eq!(browser.text("#analysis-status").await, "Not analysed yet.");
    browser.close().await;
    assert!(wrong.is_empty(), "{wrong:#?}");
}
