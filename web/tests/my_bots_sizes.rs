//! "My bots" (`/me`) shows and changes the table sizes a bot plays on the ladder, in headless
//! Chromium against the real server on loopback: the sentence, a box per size ticked where it
//! plays, a change sent with the kept token and shown, an empty choice refused by the page, and
//! practice at a size outside them refused in the API's words. Screenshots at 1280 px and
//! 390 × 844 go to `target/test-artefacts/my-bots/`, the phone's page never scrolling sideways.

use crate::support;

use cardarena_testkit::chromium;

use std::time::Duration;

use chromium::{Browser, artefacts};
use reqwest::StatusCode;
use serde_json::json;
use support::{Server, TempDb, config, until};

/// A phone held upright, and a laptop.
const WINDOWS: [(u32, u32); 2] = [(1280, 800), (390, 844)];

/// How long the page and the server may take.
const PATIENCE: Duration = Duration::from_secs(30);

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn my_bots_shows_and_changes_the_table_sizes() {
    let db = TempDb::new();
    let server = Server::start(config(&db)).await;
    let body = json!({"name": "pair", "url": "http://127.0.0.1:9/bot", "game": "durak",
                      "ladder_players": [2]});
    let (status, bot) = server
        .send(reqwest::Method::POST, "/api/bots", None, Some(body))
        .await;
    assert_eq!(status, StatusCode::CREATED, "{bot}");
    let id = bot["id"].as_str().unwrap();

    // The browser keeps the bot as the Join page would have (mybots.js's key and shape).
    let browser = Browser::start().await;
    browser.open(&server.url("/me")).await;
    let kept = json!([{"id": id, "name": "pair", "game": "durak", "token": bot["token"]}]);
    browser
        .script(&format!(
            "localStorage.setItem('cardarena.my-bots', {}); return null;",
            json!(kept.to_string())
        ))
        .await;
    browser.open(&server.url("/me")).await;
    browser.wait_refreshed("#bots").await;
    let card = format!("article.my-bot[data-bot-id=\"{id}\"]");
    let sentence = browser.text(&format!("{card} dd.fact-sizes")).await;
    assert_eq!(sentence, "Plays the ladder at 2 seats only.");
    let ticked = async || {
        browser
            .script(&format!(
                "return Array.from(document.querySelectorAll('{card} form.my-sizes input:checked'), b => Number(b.value));"
            ))
            .await
    };
    assert_eq!(ticked().await, json!([2]));

    // Tick 3 and keep: the API has it, the page says it.
    browser
        .click(&format!("{card} form.my-sizes input[value=\"3\"]"))
        .await;
    browser.click(&format!("{card} form.my-sizes button")).await;
    let said = until(PATIENCE, "the change was not shown", async || {
        let text = browser.text(&format!("{card} .message")).await;
        text.starts_with("Plays the ladder").then_some(text)
    })
    .await;
    assert_eq!(
        said,
        "Plays the ladder at 2 and 3 seats. The ladder seats it only there from now on."
    );
    let (_, shown) = server.get(&format!("/api/bots/{id}")).await;
    assert_eq!(shown["ladder_players"], json!([2, 3]));
    until(PATIENCE, "the fact was not redrawn", async || {
        let text = browser.text(&format!("{card} dd.fact-sizes")).await;
        (text == "Plays the ladder at 2 and 3 seats.").then_some(())
    })
    .await;
    assert_eq!(ticked().await, json!([2, 3]), "the boxes follow the bot");

    // Practice at 4 seats, outside them: the API's refusal in its words.
    browser
        .select(
            &format!("{card} form.my-practice select[name=players]"),
            "4",
        )
        .await;
    browser
        .click(&format!("{card} form.my-practice button"))
        .await;
    let refused = until(PATIENCE, "the practice refusal was not shown", async || {
        let text = browser.text(&format!("{card} .message")).await;
        text.starts_with("Practice not started").then_some(text)
    })
    .await;
    assert!(
        refused.starts_with(
            "Practice not started: Pair plays at 2 and 3 seats; this practice match seats 4: \
             name 1 or 2 opponents, or first add 4 to its table sizes"
        ),
        "{refused}"
    );

    shots_that_fit(&browser, None, &format!("{card} form.my-sizes"), "sizes").await;

    // Nothing ticked: the page says so and sends nothing.
    for size in ["2", "3"] {
        browser
            .click(&format!("{card} form.my-sizes input[value=\"{size}\"]"))
            .await;
    }
    browser.click(&format!("{card} form.my-sizes button")).await;
    let said = until(PATIENCE, "the empty choice was not refused", async || {
        let text = browser.text(&format!("{card} .message")).await;
        text.starts_with("Tick at least one").then_some(text)
    })
    .await;
    assert!(said.contains("only at the sizes ticked"), "{said}");
    let (_, shown) = server.get(&format!("/api/bots/{id}")).await;
    assert_eq!(shown["ladder_players"], json!([2, 3]));
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn the_join_page_registers_a_bot_at_the_sizes_ticked() {
    let db = TempDb::new();
    let server = Server::start(config(&db)).await;
    let browser = Browser::start().await;
    browser.open(&server.url("/join")).await;
    // Durak seats 2 to 4: a box each, all ticked.
    browser
        .script("const g = document.getElementById('game'); g.value = 'durak'; g.dispatchEvent(new Event('change')); return null;")
        .await;
    let boxes = "return Array.from(document.querySelectorAll('#sizes input'), b => [Number(b.value), b.checked]);";
    assert_eq!(
        browser.script(boxes).await,
        json!([[2, true], [3, true], [4, true]])
    );
    browser.send_keys("#name", "trained-at-two").await;
    browser.click("input[name=mode][value=connect]").await;
    // None ticked: the page says what to do and registers nothing.
    for n in [2, 3, 4] {
        browser.click(&format!("#sizes input[value=\"{n}\"]")).await;
    }
    browser.click("#register").await;
    let error = browser.text("#join-error").await;
    assert_eq!(
        error,
        "Tick at least one table size: the ladder seats your bot only at the sizes ticked."
    );
    let named = async || {
        let (_, listed) = server.get("/api/bots?game=durak").await;
        listed["bots"]
            .as_array()
            .and_then(|bots| bots.iter().find(|b| b["name"] == "trained-at-two").cloned())
    };
    assert_eq!(named().await, None);
    // Two ticked: registered to play the ladder there only.
    browser.click("#sizes input[value=\"2\"]").await;
    browser.click("#register").await;
    until(PATIENCE, "no token shown", async || {
        Some(browser.text("#token").await).filter(|t| !t.is_empty())
    })
    .await;
    let bot = named().await.expect("the bot is registered");
    let (_, bot) = server
        .get(&format!("/api/bots/{}", bot["id"].as_str().unwrap()))
        .await;
    assert_eq!(bot["ladder_players"], json!([2]), "{bot}");
    shots_that_fit(&browser, Some(&server.url("/join")), "#sizes", "join-sizes").await;
}

/// At each of [`WINDOWS`], (re)opens `url` when given, scrolls `css` into sight, saves a
/// screenshot `<stem>-<width>.png` under `target/test-artefacts/my-bots/`, and checks that the
/// page does not scroll sideways.
async fn shots_that_fit(browser: &Browser, url: Option<&str>, css: &str, stem: &str) {
    for window in WINDOWS {
        browser.resize(window).await;
        if let Some(url) = url {
            browser.open(url).await;
        }
        browser
            .script(&format!(
                "document.querySelector({}).scrollIntoView(); return null;",
                json!(css)
            ))
            .await;
        browser
            .screenshot(&artefacts("my-bots").join(format!("{stem}-{}.png", window.0)))
            .await;
        let overflow = browser
            .script("return document.documentElement.scrollWidth - window.innerWidth;")
            .await;
        assert!(
            overflow.as_i64().is_some_and(|o| o <= 0),
            "at {window:?} the page scrolls sideways by {overflow} px ({stem})"
        );
    }
}
