//! The play pages in a real browser against the real server: tables opened through
//! `POST /api/tables` (or the `/play` form) on a temporary SQLite file, each person seat's page
//! (`/play/{token}`) loaded in headless Chromium and played by clicking what the page highlights,
//! to the end of the match; the result compared with `GET /api/matches/{id}`. Screenshots go to
//! `target/test-artefacts/play/`.

mod support;

#[path = "support/chromium.rs"]
mod chromium;

use std::path::PathBuf;
use std::time::{Duration, Instant};

use chromium::{Browser, WINDOW};
use fantoccini::key::Key;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use support::{Server, TempDb, config, test_bots};

/// The narrow window: a phone held upright.
const NARROW: (u32, u32) = (420, 900);

/// How long the page may take to show a state after a change.
const STATE_TIMEOUT: Duration = Duration::from_secs(30);

/// The most moves one person makes in a test match (a bound, far above what they take).
const MAX_MOVES: usize = 600;

/// How often the page is looked at while waiting.
const POLL: Duration = Duration::from_millis(40);

/// Where the screenshots go: `target/test-artefacts/play/`, created if need be.
fn artefacts() -> PathBuf {
    let target = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .parent()
        .expect("the target directory")
        .to_path_buf();
    let dir = target.join("test-artefacts").join("play");
    std::fs::create_dir_all(&dir).expect("the artefact folder");
    dir
}

/// A server whose bots have a second to answer (house bots answer at once).
async fn server(db: &TempDb) -> Server {
    let mut config = config(db);
    config.deadline_ms = 1000;
    Server::start(config).await
}

/// Opens a table through the API: the 201 answer.
async fn open_table(server: &Server, body: Value) -> Value {
    let (status, answer) = server
        .send(Method::POST, "/api/tables", None, Some(body))
        .await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    answer
}

/// The seat page's facts as its script keeps them on `#seat`: type of state, version, whether a
/// move is being sent.
#[derive(Debug, Clone, PartialEq)]
struct Shown {
    state: String,
    version: String,
    sending: bool,
}

async fn shown(browser: &Browser) -> Shown {
    let data = browser
        .script(
            "const d = document.getElementById('seat').dataset; \
             return [d.state || '', d.version || '', d.sending === '1'];",
        )
        .await;
    Shown {
        state: data[0].as_str().unwrap_or_default().to_string(),
        version: data[1].as_str().unwrap_or_default().to_string(),
        sending: data[2].as_bool().unwrap_or(false),
    }
}

/// Waits until the seat page shows the person's turn or the end (nothing being sent).
async fn decision(browser: &Browser) -> Shown {
    let start = Instant::now();
    loop {
        let now = shown(browser).await;
        if !now.sending && (now.state == "turn" || now.state == "match_end") {
            return now;
        }
        assert!(
            start.elapsed() < STATE_TIMEOUT,
            "the seat page shows {now:?} after {STATE_TIMEOUT:?}"
        );
        tokio::time::sleep(POLL).await;
    }
}

/// Whether the page moved past `before`: a move is being sent or a new state is shown.
async fn moved(browser: &Browser, before: &Shown) -> bool {
    let now = shown(browser).await;
    now.sending || now.version != before.version
}

/// A highlighted card that may join the selection.
const FREE_CARD: &str = "#table [data-legal=\"true\"]:not(.selected):not(.dim)";

/// Makes one move as a person would: a chooser's first button if one is open, else the first
/// highlighted card (selecting more while the selection makes no move alone), else the first
/// action button. With `keys`, it types instead of clicking: the card's number (1–9) and Enter
/// on the chooser's button. Returns once the page sent it.
async fn make_move(browser: &Browser, before: &Shown, keys: bool) {
    for _ in 0..8 {
        let free = browser.attrs(FREE_CARD, "data-card").await;
        let legal = browser
            .attrs("#table [data-legal=\"true\"]", "data-card")
            .await;
        if browser.count("#chooser button.choice").await > 0 {
            if keys {
                browser
                    .send_keys("#chooser button.choice", &Key::Enter.to_string())
                    .await;
            } else {
                browser.click("#chooser button.choice").await;
            }
        } else if !free.is_empty() {
            let n = legal.iter().position(|c| *c == free[0]).unwrap() + 1;
            if keys && n <= 9 {
                browser.send_keys(FREE_CARD, &n.to_string()).await;
            } else {
                browser.click(FREE_CARD).await;
            }
        } else {
            let actions = browser.count("#actions button.action").await;
            assert!(actions > 0, "a turn with nothing to click");
            browser.click("#actions button.action").await;
        }
        if moved(browser, before).await {
            wait_moved(browser, before).await;
            return;
        }
    }
    panic!("eight clicks made no move");
}

/// Waits until the state shown is newer than `before`, with nothing being sent.
async fn wait_moved(browser: &Browser, before: &Shown) {
    let start = Instant::now();
    loop {
        let now = shown(browser).await;
        if !now.sending && now.version != before.version {
            let refused = browser.text("#refusal").await;
            assert!(refused.is_empty(), "a move was refused: {refused}");
            return;
        }
        assert!(
            start.elapsed() < STATE_TIMEOUT,
            "no new state after a move: {now:?}"
        );
        tokio::time::sleep(POLL).await;
    }
}

/// Plays the seat on the page to the end of the match by clicking; screenshots `name`-start,
/// `name`-mid (after `mid` moves) and `name`-end. Returns how many moves it made.
async fn play_out(browser: &Browser, name: &str, mid: usize) -> usize {
    let dir = artefacts();
    let mut moves = 0;
    loop {
        let now = decision(browser).await;
        if moves == 0 {
            browser
                .screenshot(&dir.join(format!("{name}-start.png")))
                .await;
        }
        if moves == mid {
            browser
                .screenshot(&dir.join(format!("{name}-mid.png")))
                .await;
        }
        if now.state == "match_end" {
            browser
                .screenshot(&dir.join(format!("{name}-end.png")))
                .await;
            return moves;
        }
        check_turn(browser).await;
        make_move(browser, &now, moves % 2 == 1).await;
        moves += 1;
        assert!(moves < MAX_MOVES, "{name}: the match never ended");
    }
}

/// On the person's turn: the playable cards are highlighted, the others greyed, and every card
/// of the page's own hand is marked one way or the other.
async fn check_turn(browser: &Browser) {
    let seat = browser.attr("#seat", "data-seat").await.unwrap();
    let own = format!("#table .hand[data-seat=\"{seat}\"] [data-card]");
    let marks = browser.attrs(&own, "data-legal").await;
    assert!(
        marks.iter().all(|m| m == "true" || m == "false"),
        "{marks:?}"
    );
    let greyed = browser.count(&format!("{own}.greyed")).await;
    let legal = browser.count(&format!("{own}.legal")).await;
    assert_eq!(legal + greyed, marks.len());
    let buttons = browser.count("#actions button.action").await;
    assert!(legal + buttons > 0, "a turn with nothing to play");
}

/// The seat's state through the API.
async fn seat_state(server: &Server, token: &str) -> Value {
    let (status, state) = server.get(&format!("/api/tables/{token}")).await;
    assert_eq!(status, StatusCode::OK, "{state}");
    state
}

/// Checks the page draws the seat's hand face up, card for card as the API gives it, and every
/// other hand face down.
async fn check_hands(browser: &Browser, server: &Server, token: &str) {
    let state = seat_state(server, token).await;
    let seat = state["seat"].as_u64().unwrap() as usize;
    for (other, pile) in state["table"]["hands"]
        .as_array()
        .unwrap()
        .iter()
        .enumerate()
    {
        let css = format!("#table .hand[data-seat=\"{other}\"]");
        let drawn = browser
            .attrs(&format!("{css} [data-card]"), "data-card")
            .await;
        if other == seat {
            let cards: Vec<String> = pile["cards"]
                .as_array()
                .unwrap()
                .iter()
                .map(|c| c.as_str().unwrap().to_string())
                .collect();
            assert!(!cards.is_empty(), "{state}");
            assert_eq!(drawn, cards, "seat {seat}'s own hand");
        } else {
            assert!(
                drawn.is_empty(),
                "seat {other}'s hand is face up: {drawn:?}"
            );
            assert_eq!(browser.count(&format!("{css} .card.back")).await, 1);
        }
    }
    // The own hand is at the bottom of the felt.
    let bottom = browser
        .count(&format!(".ring-bottom .hand[data-seat=\"{seat}\"]"))
        .await;
    assert_eq!(bottom, 1, "seat {seat}'s hand is not at the bottom");
}

/// After the end: the page's result is the stored match's, the person's seat marked, and the
/// replay opens with every hand.
async fn check_result(browser: &Browser, server: &Server, match_id: &str, seat: usize) {
    let stored = server.finished_match(match_id).await;
    assert_eq!(stored["status"], "finished", "{stored}");
    assert_eq!(stored["kind"], "human", "{stored}");
    let rows = browser.table("#result table").await;
    let seats = stored["seats"].as_array().unwrap();
    assert_eq!(rows.len(), seats.len() + 1, "{rows:?}");
    for row in &rows[1..] {
        let at: usize = row[1].parse().unwrap();
        let stored_seat = seats.iter().find(|s| s["seat"] == at).unwrap();
        assert_eq!(
            row[0],
            stored_seat["rank"].to_string(),
            "{row:?} vs {stored_seat}"
        );
    }
    assert!(seats[seat]["rank"].as_u64().is_some(), "{stored}");
    let mine = browser.attr("#result tr.you", "data-seat").await;
    assert_eq!(mine.as_deref(), Some(seat.to_string().as_str()));
    let replay = browser.attr("#replay-link", "href").await.unwrap();
    assert_eq!(replay, format!("/matches/{match_id}"));
    browser.click("#replay-link").await;
    browser.wait_attr("#watch", "data-ready", "1").await;
    assert_eq!(browser.attr("#watch", "data-id").await.unwrap(), match_id);
    assert!(browser.count("#table [data-card]").await > 0);
}

/// Plays a whole table of `game` (the person at seat 0, house bots at the others) by clicking.
async fn whole_game(game: &str, seats: Value, options: Value, window: (u32, u32), name: &str) {
    let db = TempDb::new();
    let server = server(&db).await;
    let opened = open_table(
        &server,
        json!({"game": game, "seats": seats, "options": options}),
    )
    .await;
    let token = opened["seats"][0]["token"].as_str().unwrap().to_string();
    let url = opened["seats"][0]["url"].as_str().unwrap();
    let match_id = opened["match_id"].as_str().unwrap().to_string();
    let browser = Browser::start().await;
    browser.resize(window).await;
    browser.open(&server.url(url)).await;
    let first = decision(&browser).await;
    assert_eq!(first.state, "turn", "{name}: the person does not start");
    check_hands(&browser, &server, &token).await;
    assert_eq!(
        browser.attr("#rules", "href").await.as_deref(),
        Some(format!("/docs/rules/{game}").as_str())
    );
    assert_eq!(
        browser
            .attr("meta[name=referrer]", "content")
            .await
            .as_deref(),
        Some("no-referrer")
    );
    let moves = play_out(&browser, name, 6).await;
    assert!(moves > 0);
    check_result(&browser, &server, &match_id, 0).await;
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_whole_game_of_durak_is_played_by_clicking() {
    whole_game(
        "durak",
        json!(["person", "greedy"]),
        json!({}),
        WINDOW,
        "durak",
    )
    .await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_whole_deal_of_bridge_is_played_by_clicking_on_a_phone() {
    whole_game(
        "bridge",
        json!(["person", "greedy", "random"]),
        json!({"single_deal": true}),
        NARROW,
        "bridge-narrow",
    )
    .await;
}

/// The hand's controls alone (`/static/hand.js`, as the seat page loads it) on a made-up turn
/// whose moves are compound: a card that is one move, a card that is four (a jack naming a
/// suit), a pair that is one move while one of its cards alone is another, and an action with no
/// card. The test clicks and types as a person would and reads which action indices are sent.
#[tokio::test(flavor = "multi_thread")]
async fn compound_moves_are_built_by_selecting_cards_and_confirming() {
    let db = TempDb::new();
    let server = server(&db).await;
    let browser = Browser::start().await;
    browser.open(&server.url("/play")).await;
    let ready = browser
        .script(
            r#"return (async () => {
              const { createHand } = await import("/static/hand.js");
              const { pile } = await import("/static/table.js");
              const main = document.querySelector("main");
              main.innerHTML = '<div id="seat"><div id="table"></div><div id="chooser"></div>'
                + '<div id="actions"></div></div>';
              window.sent = [];
              const parts = { chooser: document.getElementById("chooser"),
                              actions: document.getElementById("actions") };
              const hand = createHand(parts, (index) => window.sent.push(index));
              const state = { type: "turn", turn: 7, choices: [
                { index: 0, words: "plays 7H", cards: ["7H"] },
                { index: 1, words: "plays 7S and 7H", cards: ["7S", "7H"] },
                { index: 2, words: "plays JH, ordering spades", cards: ["JH"] },
                { index: 3, words: "plays JH, ordering hearts", cards: ["JH"] },
                { index: 4, words: "plays JH, ordering clubs", cards: ["JH"] },
                { index: 5, words: "plays JH, ordering diamonds", cards: ["JH"] },
                { index: 6, words: "plays 9C", cards: ["9C"] },
                { index: 7, words: "draws a card", cards: [] },
              ] };
              window.redraw = () => {
                const node = pile({ cards: ["7H", "7S", "JH", "9C", "KD"], down: 0 });
                node.classList.add("hand");
                document.getElementById("table").replaceChildren(node);
                hand.show(state, node);
              };
              document.addEventListener("keydown", (e) => { if (hand.key(e)) e.preventDefault(); });
              window.redraw();
              return true;
            })();"#,
        )
        .await;
    assert_eq!(ready, json!(true));
    let sent = async || browser.script("return window.sent;").await;
    let card = |c: &str| format!("#table [data-card=\"{c}\"]");
    // Playable cards are highlighted, the others greyed.
    assert_eq!(
        browser.attrs("#table [data-card]", "data-legal").await,
        ["true", "true", "true", "true", "false"]
    );
    assert_eq!(browser.count("#table .greyed[data-card=\"KD\"]").await, 1);
    assert_eq!(
        browser.texts("#actions button.action").await,
        ["draws a card"]
    );
    // One click plays a card that is one move.
    browser.click(&card("9C")).await;
    assert_eq!(sent().await, json!([6]));
    // A greyed card does nothing.
    browser.click(&card("KD")).await;
    assert_eq!(sent().await, json!([6]));
    // A jack is four moves: the chooser names them in words; a choice plays it.
    browser.script("window.redraw(); return null;").await;
    browser.click(&card("JH")).await;
    assert_eq!(
        browser.texts("#chooser button.choice").await,
        [
            "plays JH, ordering spades",
            "plays JH, ordering hearts",
            "plays JH, ordering clubs",
            "plays JH, ordering diamonds"
        ]
    );
    browser
        .click("#chooser button.choice[data-index=\"3\"]")
        .await;
    assert_eq!(sent().await, json!([6, 3]));
    // 7H alone is a move, and so is 7S with it: the chooser offers 7H and waits; the 7S then
    // makes the pair, played at once. Cards that cannot join are dimmed meanwhile.
    browser.script("window.redraw(); return null;").await;
    browser.click(&card("7H")).await;
    assert_eq!(sent().await, json!([6, 3]));
    assert_eq!(browser.texts("#chooser button.choice").await, ["plays 7H"]);
    assert_eq!(browser.count("#table .selected[data-card=\"7H\"]").await, 1);
    assert_eq!(browser.count("#table .dim[data-card=\"9C\"]").await, 1);
    assert_eq!(browser.count("#table .dim[data-card=\"7S\"]").await, 0);
    browser.click(&card("7S")).await;
    assert_eq!(sent().await, json!([6, 3, 1]));
    // Keys: 2 picks the second playable card (7S), which alone is no move; Escape clears it;
    // 1 picks 7H, and Enter confirms the chooser's move.
    browser.script("window.redraw(); return null;").await;
    browser.send_keys(&card("7H"), "2").await;
    assert_eq!(browser.count("#table .selected[data-card=\"7S\"]").await, 1);
    assert_eq!(browser.count("#chooser button.choice").await, 0);
    assert!(browser.text("#chooser").await.contains("Select more cards"));
    browser
        .send_keys(&card("7H"), &Key::Escape.to_string())
        .await;
    assert_eq!(browser.count("#table .selected").await, 0);
    assert_eq!(
        browser.attr("#chooser", "hidden").await.as_deref(),
        Some("true")
    );
    browser.send_keys(&card("9C"), "1").await;
    assert_eq!(browser.texts("#chooser button.choice").await, ["plays 7H"]);
    browser
        .send_keys("#chooser button.choice", &Key::Enter.to_string())
        .await;
    assert_eq!(sent().await, json!([6, 3, 1, 0]));
    // An action that plays no card is a button.
    browser.click("#actions button.action").await;
    assert_eq!(sent().await, json!([6, 3, 1, 0, 7]));
    browser.close().await;
}

/// Waits until the registered bot `id` is active (its first ping passed).
async fn wait_active(server: &Server, id: &str) {
    let start = Instant::now();
    loop {
        let (status, bot) = server.get(&format!("/api/bots/{id}")).await;
        assert_eq!(status, StatusCode::OK, "{bot}");
        if bot["status"] == "active" {
            return;
        }
        assert!(
            start.elapsed() < STATE_TIMEOUT,
            "the bot never became active: {bot}"
        );
        tokio::time::sleep(POLL).await;
    }
}

/// Waits until the page has an element `css` whose attribute `name` is set and not `not` (the
/// page may still be loading); returns it.
async fn wait_attr_not(browser: &Browser, css: &str, name: &str, not: &str) -> String {
    let script = format!(
        "const e = document.querySelector({}); return e && e.getAttribute({});",
        json!(css),
        json!(name)
    );
    let start = Instant::now();
    loop {
        if let Some(value) = browser.script(&script).await.as_str().filter(|v| *v != not) {
            return value.to_string();
        }
        assert!(
            start.elapsed() < STATE_TIMEOUT,
            "{css} keeps {name}={not:?}"
        );
        tokio::time::sleep(POLL).await;
    }
}

/// The `/play` form: a three-seat durak table with a registered bot (live ones only are
/// offered), you at seat 1 and an open seat for another person; Start lands on your seat, which
/// shows the other seat's link. A second table past the client's limit is refused in words.
/// Leaving hands your seat to a house bot, and the match ends.
#[tokio::test(flavor = "multi_thread")]
async fn the_play_form_opens_a_table_and_lands_on_your_seat() {
    let db = TempDb::new();
    let mut config = config(&db);
    config.deadline_ms = 1000;
    config.table_limits.per_client = 1;
    let server = Server::start(config).await;
    let bots = test_bots().await;
    let live = server.register("live-bot", &bots.url("/good")).await;
    let live_id = live["id"].as_str().unwrap();
    let down = server
        .register("down-bot", &support::closed_port_url().await)
        .await;
    wait_active(&server, live_id).await;
    let browser = Browser::start().await;
    browser.open(&server.url("/play?game=durak")).await;
    browser.wait_attr("#new-table", "data-ready", "1").await;
    browser.select("#players", "3").await;
    browser.select("#my-seat", "1").await;
    assert_eq!(browser.count("select.seat-choice").await, 2);
    let offered = browser
        .attrs("select[data-seat=\"0\"] option", "value")
        .await;
    for id in ["person", "reference", "greedy", "random", live_id] {
        assert!(offered.iter().any(|o| o == id), "{id} not in {offered:?}");
    }
    let down_id = down["id"].as_str().unwrap();
    assert!(!offered.iter().any(|o| o == down_id), "{offered:?}");
    assert_eq!(browser.text("#seat-list li.mine").await, "Seat #1 you");
    browser.select("select[data-seat=\"0\"]", live_id).await;
    browser.select("select[data-seat=\"2\"]", "person").await;
    browser.screenshot(&artefacts().join("play-form.png")).await;
    browser.click("#start").await;
    let state = wait_attr_not(&browser, "#seat", "data-state", "loading").await;
    assert!(state == "turn" || state == "waiting", "{state}");
    let url = browser.script("return location.pathname;").await;
    let own_token = url
        .as_str()
        .unwrap()
        .strip_prefix("/play/")
        .unwrap()
        .to_string();
    assert_eq!(
        browser.attr("#seat", "data-seat").await.as_deref(),
        Some("1")
    );
    let mine = seat_state(&server, &own_token).await;
    assert_eq!(mine["seat"], 1);
    assert_eq!(mine["names"][0], "live-bot", "{mine}");
    let match_id = mine["match_id"].as_str().unwrap().to_string();
    let (_, m) = server.get(&format!("/api/matches/{match_id}")).await;
    assert_eq!(m["kind"], "human", "{m}");
    // The other person's link, to send them.
    let links = browser
        .script("return Array.from(document.querySelectorAll('#link-list input'), e => e.value);")
        .await;
    let links: Vec<String> = serde_json::from_value(links).unwrap();
    assert_eq!(links.len(), 1, "{links:?}");
    let other_token = links[0].rsplit('/').next().unwrap().to_string();
    assert_eq!(links[0], server.url(&format!("/play/{other_token}")));
    assert_eq!(seat_state(&server, &other_token).await["seat"], 2);
    browser
        .screenshot(&artefacts().join("play-landed.png"))
        .await;
    // A second table now passes this client's limit of one open table.
    browser.open(&server.url("/play?game=durak")).await;
    browser.wait_attr("#new-table", "data-ready", "1").await;
    browser.click("#start").await;
    let start = Instant::now();
    while browser.text("#play-error").await.is_empty() {
        assert!(start.elapsed() < STATE_TIMEOUT, "no error shown");
        tokio::time::sleep(POLL).await;
    }
    let error = browser.text("#play-error").await;
    assert!(error.starts_with("Too many tables for now:"), "{error}");
    // Nobody comes for seat 2, and you leave: house bots play both seats to the end.
    let (status, _) = server
        .send(
            Method::DELETE,
            &format!("/api/tables/{other_token}"),
            None,
            None,
        )
        .await;
    assert!(status.is_success(), "{status}");
    browser
        .open(&server.url(&format!("/play/{own_token}")))
        .await;
    wait_attr_not(&browser, "#seat", "data-state", "loading").await;
    assert_eq!(browser.count("#link-list input.seat-link").await, 1);
    browser.click("#leave").await;
    browser.click("#leave-yes").await;
    browser.wait_attr("#seat", "data-state", "match_end").await;
    let replaced = browser.text("#replaced").await;
    assert!(
        replaced.starts_with("A house bot played your seat"),
        "{replaced}"
    );
    let stored = server.finished_match(&match_id).await;
    assert_eq!(stored["status"], "finished", "{stored}");
    assert!(stored["seats"][1]["fault"].is_object(), "{stored}");
    assert_eq!(browser.text("#result .summary").await, "You placed 2 of 3.");
    browser.screenshot(&artefacts().join("play-left.png")).await;
    browser.close().await;
}

/// Two people at one durak-duel table, each in their own browser: each sees its own hand face
/// up and the other's face down, and both play by clicking (and typing) until the end.
#[tokio::test(flavor = "multi_thread")]
async fn two_people_play_each_other_in_two_browsers() {
    let db = TempDb::new();
    let server = server(&db).await;
    let opened = open_table(
        &server,
        json!({"game": "durak-duel", "seats": ["person", "person"]}),
    )
    .await;
    let match_id = opened["match_id"].as_str().unwrap().to_string();
    let mut people = Vec::new();
    for n in 0..2 {
        let token = opened["seats"][n]["token"].as_str().unwrap().to_string();
        let url = opened["seats"][n]["url"].as_str().unwrap().to_string();
        let browser = Browser::start().await;
        browser.open(&server.url(&url)).await;
        wait_attr_not(&browser, "#seat", "data-state", "loading").await;
        check_hands(&browser, &server, &token).await;
        browser
            .screenshot(&artefacts().join(format!("duel-{n}-start.png")))
            .await;
        people.push(browser);
    }
    let mut moves = [0usize; 2];
    let start = Instant::now();
    loop {
        let mut over = 0;
        for (n, browser) in people.iter().enumerate() {
            let now = shown(browser).await;
            if now.state == "match_end" {
                over += 1;
            } else if now.state == "turn" && !now.sending {
                check_turn(browser).await;
                make_move(browser, &now, moves[n] % 2 == 1).await;
                moves[n] += 1;
            }
        }
        if over == 2 {
            break;
        }
        assert!(moves[0] + moves[1] < 2 * MAX_MOVES, "the match never ended");
        assert!(
            start.elapsed() < Duration::from_secs(300),
            "the match never ended"
        );
        tokio::time::sleep(POLL).await;
    }
    assert!(moves[0] > 0 && moves[1] > 0, "{moves:?}");
    for (n, browser) in people.into_iter().enumerate() {
        browser
            .screenshot(&artefacts().join(format!("duel-{n}-end.png")))
            .await;
        check_result(&browser, &server, &match_id, n).await;
        browser.close().await;
    }
}

/// A link that is no seat's: a token of the wrong shape is a 404 page, and a well-formed one the
/// API does not know says so on the page, which then stops asking.
#[tokio::test(flavor = "multi_thread")]
async fn a_link_to_no_seat_says_so() {
    let db = TempDb::new();
    let server = server(&db).await;
    let response = server
        .http
        .get(server.url("/play/not%20a%20token"))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
    let response = server
        .http
        .get(server.url("/play/abc123"))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()["referrer-policy"], "no-referrer");
    assert_eq!(response.headers()["cache-control"], "no-store");
    let browser = Browser::start().await;
    browser.open(&server.url("/play/abc123")).await;
    browser.wait_attr("#seat", "data-state", "missing").await;
    assert_eq!(
        browser.text("#turn-line").await,
        "There is no such seat: check the link you were given."
    );
    browser.close().await;
}

/// The other games, one short match each against house bots at their smallest table, played on
/// the seat page by clicking: prsi's runs and overs, most's melds, fifty-six's bids and hidden
/// trump are all built from the hand and the buttons.
#[tokio::test(flavor = "multi_thread")]
async fn prsi_most_and_fifty_six_play_to_the_end_by_clicking() {
    let db = TempDb::new();
    let server = server(&db).await;
    let browser = Browser::start().await;
    let (status, games) = server.get("/api/games").await;
    assert_eq!(status, StatusCode::OK);
    for id in ["prsi", "most", "fifty-six"] {
        let game = games
            .as_array()
            .unwrap()
            .iter()
            .find(|g| g["id"] == id)
            .unwrap();
        let mut seats = vec![json!("person")];
        seats.extend(
            support::smallest_table(game)
                .as_array()
                .unwrap()
                .iter()
                .cloned(),
        );
        let body = json!({"game": id, "seats": seats, "options": support::short_match(game)});
        let opened = open_table(&server, body).await;
        let url = opened["seats"][0]["url"].as_str().unwrap();
        browser.open(&server.url(url)).await;
        let moves = play_out(&browser, id, 10).await;
        assert!(moves > 0, "{id}");
        let match_id = opened["match_id"].as_str().unwrap();
        check_result(&browser, &server, match_id, 0).await;
    }
    browser.close().await;
}
