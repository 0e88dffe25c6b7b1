//! Words for people on the seat page: for each game, a person seat against house bots, the
//! first turns' buttons in the person's own words ("Take the cards", not "takes 4 cards"), each
//! with a hint; and names that read apart when one house bot sits at two seats, in the API, on
//! the seat page and on the match page. Screenshots at 1280 and 390 wide go to
//! `target/test-artefacts/play/words-*.png`.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::play::seat::{
    artefacts, decision, make_move, open_table, seat_state, server, wait_attr_not,
};
use crate::support::{self, TempDb};
use cardarena_testkit::chromium::Browser;

/// The windows the pages are looked at in: a desktop and a phone held upright.
const WIDE: (u32, u32) = (1280, 900);
const PHONE: (u32, u32) = (390, 844);

/// How many of the person's decisions each game is checked at.
const TURNS: usize = 4;

/// The log's third-person verbs, which no button may read with.
const LOG_WORDS: [&str; 16] = [
    "takes", "done", "draws", "plays", "passes", "bids", "attacks", "beats", "adds", "melds",
    "discards", "stands", "hides", "reveals", "covers", "piles",
];

/// How each action kind of `game` must start on a button (the person's words).
fn expected(game: &str, kind: &str) -> &'static [&'static str] {
    match (game, kind) {
        ("durak" | "durak-duel", "attack") => &["Attack with ", "Add "],
        ("durak", "beat") | ("durak-duel", "defend") => &["Beat "],
        ("durak", "take") | ("durak-duel", "pass") => &["Take the cards"],
        ("durak", "done") => &["End the attack"],
        ("durak-duel", "done") => &["End the attack", "Add nothing more"],
        ("durak-duel", "counterattack") => &["Counterattack with "],
        ("durak-duel", "pile_on") => &["Pile on "],
        ("bridge", "play") => &["Play ", "Cover the "],
        ("bridge", "draw") => &["Draw a card", "Draw to cover the "],
        ("bridge", "end_turn") => &["End your turn"],
        ("most", "draw") => &["Draw from the deck"],
        ("most", "take") => &["Take "],
        ("most", "meld") => &["Meld "],
        ("most", "lay_off") => &["Add "],
        ("most", "swap") => &["Swap "],
        ("most", "discard") => &["Discard "],
        ("prsi" | "fifty-six", "play") => &["Play "],
        ("prsi", "draw") => &["Draw a card", "Draw "],
        ("prsi", "stand") => &["Stand"],
        ("fifty-six", "bid") => &["Bid "],
        ("fifty-six", "pass") => &["Pass"],
        ("fifty-six", "hide_trump") => &["Hide "],
        ("fifty-six", "reveal_trump") => &["Ask to see the trump"],
        _ => panic!("{game}: no person's words expected for {kind:?}"),
    }
}

/// Checks one label in the person's words: it starts as `kind`'s must, with a capital, and
/// holds none of the log's third-person verbs.
fn check_label(game: &str, kind: &str, label: &str, log: &str) {
    let starts = expected(game, kind);
    assert!(
        starts.iter().any(|s| label.starts_with(s)),
        "{game}: {kind} reads {label:?}, not one of {starts:?}"
    );
    let lower = label.to_lowercase();
    for word in LOG_WORDS {
        assert!(
            !lower
                .split(|c: char| !c.is_alphanumeric())
                .any(|w| w == word),
            "{game}: {label:?} speaks the log's {word:?}"
        );
    }
    assert_ne!(label, log, "{game}: the button reads as the log");
}

/// Every choice of the person's turn `state` through the game's renderer, as the page words
/// them: `[{label, hint}]`.
async fn renderer_words(browser: &Browser, state: &Value) -> Vec<Value> {
    let script = format!(
        "return (async () => {{ \
           const r = await import({}); \
           const s = {}; \
           return s.choices.map((c) => r.choiceWords(c, s.table, s.seat)); \
         }})();",
        json!(format!(
            "/static/games/{}.js",
            state["game"].as_str().unwrap()
        )),
        state
    );
    browser.script(&script).await.as_array().unwrap().clone()
}

/// Checks the person's turn now: every choice has the person's words and a hint, and each
/// action button on the page reads them, its hint under the buttons and describing it.
/// Returns how many action buttons it checked.
async fn check_turn_words(browser: &Browser, game: &str, state: &Value) -> usize {
    let choices = state["choices"].as_array().unwrap();
    assert!(!choices.is_empty(), "{state}");
    let words = renderer_words(browser, state).await;
    for (choice, said) in choices.iter().zip(&words) {
        let kind = choice["action"]["kind"].as_str().unwrap();
        let label = said["label"].as_str().unwrap_or_default();
        let hint = said["hint"].as_str().unwrap_or_default();
        check_label(game, kind, label, choice["words"].as_str().unwrap());
        assert!(hint.len() > 10, "{game}: {label:?} has no hint: {hint:?}");
    }
    let buttons = browser
        .script(
            "return Array.from(document.querySelectorAll('#actions button.action')).map((b) => { \
               const hint = document.getElementById(b.getAttribute('aria-describedby') || ''); \
               return { index: Number(b.dataset.index), label: b.textContent, title: b.title, \
                        hint: hint ? hint.textContent : '', under: hint ? hint.parentNode.id : '' }; \
             });",
        )
        .await;
    let buttons = buttons.as_array().unwrap();
    for b in buttons {
        let index = b["index"].as_u64().unwrap() as usize;
        let said = &words[index];
        assert_eq!(b["label"], said["label"], "{game}: {b}");
        assert_eq!(b["title"], said["hint"], "{game}: {b}");
        let hint = b["hint"].as_str().unwrap().to_lowercase();
        assert!(
            hint.ends_with(&said["hint"].as_str().unwrap().to_lowercase()),
            "{game}: the line under {b} does not say its hint"
        );
        assert_eq!(b["under"], "actions", "{game}: {b}");
    }
    buttons.len()
}

/// For each game, a person seat against its smallest table of house bots: at the person's
/// first turns every choice reads in the person's words with a hint, on the page's buttons too.
#[tokio::test(flavor = "multi_thread")]
async fn each_games_buttons_speak_to_the_person_with_a_hint() {
    let db = TempDb::new();
    let server = server(&db).await;
    let browser = Browser::start().await;
    let (status, games) = server.get("/api/games").await;
    assert_eq!(status, StatusCode::OK);
    let ids = ["durak", "durak-duel", "bridge", "most", "prsi", "fifty-six"];
    for id in ids {
        let game = games
            .as_array()
            .unwrap()
            .iter()
            .find(|g| g["id"] == id)
            .unwrap();
        let mut seats = vec![json!("person")];
        seats.extend(support::smallest_table(game).as_array().unwrap().clone());
        let body = json!({"game": id, "seats": seats, "options": support::short_match(game)});
        let opened = open_table(&server, body).await;
        let token = opened["seats"][0]["token"].as_str().unwrap().to_string();
        browser.resize(WIDE).await;
        browser
            .open(&server.url(opened["seats"][0]["url"].as_str().unwrap()))
            .await;
        let mut buttons = 0;
        let mut shot = false;
        for _ in 0..TURNS {
            let now = decision(&browser).await;
            if now.state == "match_end" {
                break;
            }
            let state = seat_state(&server, &token).await;
            assert_eq!(state["type"], "turn", "{state}");
            assert_eq!(state["version"].to_string(), now.version, "{state}");
            let checked = check_turn_words(&browser, id, &state).await;
            buttons += checked;
            if checked > 0 && !shot {
                shot = true;
                let dir = artefacts();
                browser
                    .screenshot(&dir.join(format!("words-{id}-1280.png")))
                    .await;
                browser.resize(PHONE).await;
                browser
                    .screenshot(&dir.join(format!("words-{id}-390.png")))
                    .await;
                browser.resize(WIDE).await;
            }
            make_move(&browser, &now, false, &mut None).await;
        }
        assert!(buttons > 0, "{id}: no action button in the first turns");
        let (status, _) = server
            .send(Method::DELETE, &format!("/api/tables/{token}"), None, None)
            .await;
        assert_eq!(status, StatusCode::OK);
    }
    browser.close().await;
}

/// The names round the felt, sorted, read at once (the page may redraw between two reads).
async fn seat_names(browser: &Browser) -> Vec<String> {
    let names = browser
        .script(
            "return Array.from(document.querySelectorAll('#table .seat-name'), (e) => e.textContent);",
        )
        .await;
    let mut names: Vec<String> = serde_json::from_value(names).unwrap();
    names.sort();
    names
}

/// Two of the same house bot at one table read apart: `reference` and `reference (2)` in the
/// API's seat state, round the seat page's felt, and on the match page once it is played out.
#[tokio::test(flavor = "multi_thread")]
async fn one_house_bot_at_two_seats_reads_as_two_names() {
    let db = TempDb::new();
    let server = server(&db).await;
    let opened = open_table(
        &server,
        json!({"game": "durak", "seats": ["reference", "person", "reference"]}),
    )
    .await;
    let token = opened["seats"][0]["token"].as_str().unwrap().to_string();
    let match_id = opened["match_id"].as_str().unwrap().to_string();
    let state = seat_state(&server, &token).await;
    assert_eq!(
        state["names"],
        json!(["reference", "person", "reference (2)"]),
        "{state}"
    );
    let browser = Browser::start().await;
    browser.resize(PHONE).await;
    browser
        .open(&server.url(opened["seats"][0]["url"].as_str().unwrap()))
        .await;
    wait_attr_not(&browser, "#seat", "data-state", "loading").await;
    let names = seat_names(&browser).await;
    assert_eq!(names, ["reference", "reference (2)", "you"]);
    browser
        .screenshot(&artefacts().join("words-names-390.png"))
        .await;
    // The person leaves; a house bot plays the seat out, and the match page names the seats.
    let (status, _) = server
        .send(Method::DELETE, &format!("/api/tables/{token}"), None, None)
        .await;
    assert_eq!(status, StatusCode::OK);
    let stored = server.finished_match(&match_id).await;
    assert_eq!(stored["status"], "finished", "{stored}");
    browser.resize(WIDE).await;
    browser
        .open(&server.url(&format!("/matches/{match_id}")))
        .await;
    browser.wait_attr("#watch", "data-ready", "1").await;
    let rows = browser.table("table.seats").await;
    let listed: Vec<&str> = rows[1..].iter().map(|r| r[1].as_str()).collect();
    // The match page names bots as the ladder does, by their full name.
    assert_eq!(
        listed,
        ["reference@durak", "person@durak", "reference@durak (2)"],
        "{rows:?}"
    );
    let felt = seat_names(&browser).await;
    assert_eq!(
        felt,
        ["person@durak", "reference@durak", "reference@durak (2)"]
    );
    browser
        .screenshot(&artefacts().join("words-names-match-1280.png"))
        .await;
    browser.close().await;
}

/// The seat page's log as the page shows it, newest first: each move's text and its cards
/// (`[text, spoken name, class]`).
async fn log_items(browser: &Browser) -> Vec<Value> {
    let items = browser
        .script(
            "return Array.from(document.querySelectorAll('#recent li'), (li) => ({ \
               text: li.textContent, \
               cards: Array.from(li.querySelectorAll('[role=img]'), \
                 (c) => [c.textContent, c.getAttribute('aria-label'), c.className]) }));",
        )
        .await;
    items.as_array().unwrap().clone()
}

/// Checks a card as a move's words draw it: rank and suit symbol, red for hearts and diamonds,
/// named for a screen reader ("7 of spades").
fn check_card(card: &Value) {
    let (text, label, class) = (
        card[0].as_str().unwrap(),
        card[1].as_str().unwrap(),
        card[2].as_str().unwrap(),
    );
    let suits = [
        ("♣", "clubs"),
        ("♦", "diamonds"),
        ("♥", "hearts"),
        ("♠", "spades"),
    ];
    let (symbol, suit) = suits
        .iter()
        .find(|(symbol, _)| text.ends_with(symbol))
        .unwrap_or_else(|| panic!("{card}: no suit symbol"));
    let rank = &text[..text.len() - symbol.len()];
    let spoken = match rank {
        "J" => "jack",
        "Q" => "queen",
        "K" => "king",
        "A" => "ace",
        other => other,
    };
    assert_eq!(label, format!("{spoken} of {suit}"), "{card}");
    let red = matches!(*suit, "hearts" | "diamonds");
    assert_eq!(class.split(' ').any(|c| c == "red"), red, "{card}");
}

/// The seat page's log speaks to the person ("You attack with 7♠; reference cannot beat it and
/// takes 2 cards"), each card drawn with its suit symbol and named for a screen reader, in the
/// words the API gives for programs; the match page's moves name the bots, and its step line
/// says "you" to the person who follows the seat page's link to the replay.
#[tokio::test(flavor = "multi_thread")]
async fn the_log_says_you_and_draws_suits() {
    let db = TempDb::new();
    let server = server(&db).await;
    let opened = open_table(
        &server,
        json!({"game": "durak", "seats": ["person", "reference"]}),
    )
    .await;
    let token = opened["seats"][0]["token"].as_str().unwrap().to_string();
    let match_id = opened["match_id"].as_str().unwrap().to_string();
    let browser = Browser::start().await;
    browser.resize(PHONE).await;
    browser
        .open(&server.url(opened["seats"][0]["url"].as_str().unwrap()))
        .await;
    for _ in 0..6 {
        let now = decision(&browser).await;
        if now.state == "match_end" {
            break;
        }
        make_move(&browser, &now, false, &mut None).await;
    }
    let now = decision(&browser).await;
    let state = seat_state(&server, &token).await;
    assert_eq!(state["version"].to_string(), now.version, "{state}");
    let recent = state["recent"].as_array().unwrap();
    let items = log_items(&browser).await;
    assert_eq!(items.len(), recent.len(), "{items:?}");
    assert!(
        recent.iter().any(|m| m["seat"] == 0) && recent.iter().any(|m| m["seat"] == 1),
        "{state}"
    );
    let mut cards = 0;
    for (item, m) in items.iter().zip(recent.iter().rev()) {
        let text = item["text"].as_str().unwrap();
        // The page's catalog and the engine's renderer read the phrases alike.
        assert_eq!(text, m["words"], "{m}");
        match m["seat"].as_u64() {
            Some(0) => assert!(text.starts_with("You "), "{text:?}"),
            _ => assert!(text.starts_with("reference "), "{text:?}"),
        }
        let lower = text.to_lowercase();
        for wrong in ["you takes", "you attacks", "you is", "you has", "seat "] {
            assert!(!lower.contains(wrong), "{text:?}");
        }
        for card in item["cards"].as_array().unwrap() {
            check_card(card);
            cards += 1;
        }
    }
    assert!(cards > 0, "no card in the log: {items:?}");
    browser
        .script("document.getElementById('recent').scrollIntoView(); return null;")
        .await;
    browser
        .screenshot(&artefacts().join("words-log-390.png"))
        .await;

    // The person leaves; the match page's moves name the bots and draw the suits.
    let (status, _) = server
        .send(Method::DELETE, &format!("/api/tables/{token}"), None, None)
        .await;
    assert_eq!(status, StatusCode::OK);
    let stored = server.finished_match(&match_id).await;
    assert_eq!(stored["status"], "finished", "{stored}");
    browser.resize(WIDE).await;
    browser
        .open(&server.url(&format!("/matches/{match_id}")))
        .await;
    browser.wait_attr("#watch", "data-ready", "1").await;
    let moves = browser.texts("ol.moves > li > code.action").await;
    assert!(!moves.is_empty());
    for text in &moves {
        assert!(
            text.starts_with("reference@durak ") || text.starts_with("person@durak "),
            "{text:?}"
        );
        assert!(!text.to_lowercase().contains("seat "), "{text:?}");
    }
    assert!(browser.count("ol.moves [role=img][aria-label]").await > 0);
    browser
        .screenshot(&artefacts().join("words-match-moves-1280.png"))
        .await;
    // From the seat page's link, the person's own move is "you".
    let (_, frames) = server.get(&format!("/api/matches/{match_id}/frames")).await;
    let own = frames["frames"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["seat"] == 0)
        .map(|f| f["step"].clone())
        .unwrap();
    browser
        .open(&server.url(&format!("/matches/{match_id}?you=0#step={own}")))
        .await;
    browser
        .wait_attr("#table", "data-step", &own.to_string())
        .await;
    let step = browser.text("#step-info code.action").await;
    assert!(step.starts_with("You "), "{step:?}");
    browser.close().await;
}
