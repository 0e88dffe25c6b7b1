//! The hand's controls (`/static/hand.js`) in Chromium, on a made-up turn of compound moves.

use fantoccini::key::Key;
use serde_json::json;

use crate::play::seat::server;
use crate::support::TempDb;
use cardarena_testkit::chromium::Browser;

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
    assert_eq!(browser.text("#chooser .chooser-head").await, "Selected: 7♥");
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
