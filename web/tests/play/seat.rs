//! What the play tests share: the seat page read and played the way a person would (clicking
//! or typing what it highlights, and the chooser's buttons), the checks of its hands and result,
//! and where the screenshots go.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use fantoccini::key::Key;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::support::{Server, TempDb, config};
use cardarena_testkit::chromium::Browser;

/// Where the play tests' screenshots go: `target/test-artefacts/play/`.
pub(crate) fn artefacts() -> PathBuf {
    cardarena_testkit::chromium::artefacts("play")
}

/// The narrow window: a phone held upright.
pub(crate) const NARROW: (u32, u32) = (420, 900);

/// How long the page may take to show a state after a change.
pub(crate) const STATE_TIMEOUT: Duration = Duration::from_secs(30);

/// The most moves one person makes in a test match (a bound, far above what they take).
pub(crate) const MAX_MOVES: usize = 600;

/// How often the page is looked at while waiting.
pub(crate) const POLL: Duration = Duration::from_millis(40);

/// A server whose bots have a second to answer (house bots answer at once).
pub(crate) async fn server(db: &TempDb) -> Server {
    let mut config = config(db);
    config.deadline_ms = 1000;
    Server::start(config).await
}

/// Opens a table through the API: the 201 answer.
pub(crate) async fn open_table(server: &Server, body: Value) -> Value {
    let (status, answer) = server
        .send(Method::POST, "/api/tables", None, Some(body))
        .await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    answer
}

/// The seat page's facts as its script keeps them on `#seat`: type of state, version, whether a
/// move is being sent.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Shown {
    pub(crate) state: String,
    pub(crate) version: String,
    pub(crate) sending: bool,
}

/// The seat page's facts now.
pub(crate) async fn shown(browser: &Browser) -> Shown {
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
pub(crate) async fn decision(browser: &Browser) -> Shown {
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
pub(crate) async fn moved(browser: &Browser, before: &Shown) -> bool {
    let now = shown(browser).await;
    now.sending || now.version != before.version
}

/// A highlighted card that may join the selection.
pub(crate) const FREE_CARD: &str = "#table [data-legal=\"true\"]:not(.selected):not(.dim)";

/// Makes one move as a person would: a chooser's first button if one is open, else the first
/// highlighted card (selecting more while the selection makes no move alone), else the first
/// action button. With `keys`, it types instead of clicking: the card's number (1–9) and Enter
/// on the chooser's button. The first chooser it meets is screenshot to `chooser_shot`, if given.
/// Returns once the page sent the move.
pub(crate) async fn make_move(
    browser: &Browser,
    before: &Shown,
    keys: bool,
    chooser_shot: &mut Option<PathBuf>,
) {
    for _ in 0..8 {
        let free = browser.attrs(FREE_CARD, "data-card").await;
        let legal = browser
            .attrs("#table [data-legal=\"true\"]", "data-card")
            .await;
        if browser.count("#chooser button.choice").await > 0 {
            if let Some(path) = chooser_shot.take() {
                browser.screenshot(&path).await;
            }
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
pub(crate) async fn wait_moved(browser: &Browser, before: &Shown) {
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
/// `name`-mid (after `mid` moves), `name`-end, and `name`-chooser when the chooser first shows.
/// Returns how many moves it made.
pub(crate) async fn play_out(browser: &Browser, name: &str, mid: usize) -> usize {
    let dir = artefacts();
    let mut chooser = Some(dir.join(format!("{name}-chooser.png")));
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
        make_move(browser, &now, moves % 2 == 1, &mut chooser).await;
        moves += 1;
        assert!(moves < MAX_MOVES, "{name}: the match never ended");
    }
}

/// On the person's turn: the playable cards are highlighted, the others greyed, and every card
/// of the page's own hand is marked one way or the other.
pub(crate) async fn check_turn(browser: &Browser) {
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
pub(crate) async fn seat_state(server: &Server, token: &str) -> Value {
    let (status, state) = server.get(&format!("/api/tables/{token}")).await;
    assert_eq!(status, StatusCode::OK, "{state}");
    state
}

/// Checks the page draws the seat's hand face up, card for card as the API gives it, and every
/// other hand face down.
pub(crate) async fn check_hands(browser: &Browser, server: &Server, token: &str) {
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
pub(crate) async fn check_result(browser: &Browser, server: &Server, match_id: &str, seat: usize) {
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
    assert_eq!(replay, format!("/matches/{match_id}?you={seat}"));
    browser.click("#replay-link").await;
    browser.wait_attr("#watch", "data-ready", "1").await;
    assert_eq!(browser.attr("#watch", "data-id").await.unwrap(), match_id);
    assert!(browser.count("#table [data-card]").await > 0);
}

/// Waits until the page has an element `css` whose attribute `name` is set and not `not` (the
/// page may still be loading); returns it.
pub(crate) async fn wait_attr_not(browser: &Browser, css: &str, name: &str, not: &str) -> String {
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

/// Waits until the first element matching `css` shows some text; returns it.
pub(crate) async fn wait_text(browser: &Browser, css: &str) -> String {
    let start = Instant::now();
    loop {
        let text = browser.text(css).await;
        if !text.is_empty() {
            return text;
        }
        assert!(start.elapsed() < STATE_TIMEOUT, "{css} shows no text");
        tokio::time::sleep(POLL).await;
    }
}
