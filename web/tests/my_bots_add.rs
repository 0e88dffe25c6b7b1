//! "My bots" (`/me`) adds a bot registered elsewhere, in headless Chromium against the real server
//! on loopback: bots registered through the API (reqwest); a blank token refused by the page, and
//! a wrong token, another bot's token and an unknown id by the API, in its words, nothing kept;
//! the right id and token listed with the bot's status, kept across a reload, and sent to
//! nothing but this server. And
//! `GET /api/bots/{id}/owner`, the check the page makes, answers as documented. Screenshots at
//! 1280 px and 390 × 844 go to `target/test-artefacts/my-bots/`.

use crate::support;

use cardarena_testkit::chromium;

use std::time::Duration;

use chromium::{Browser, artefacts};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use support::{Server, TempDb, config, test_bots, until};

/// A phone held upright.
const PHONE: (u32, u32) = (390, 844);

/// A laptop.
const LAPTOP: (u32, u32) = (1280, 800);

/// How long the page and the server may take (a refresh, the bot's first ping).
const PATIENCE: Duration = Duration::from_secs(30);

/// Where this browser keeps its bots (`web/static/mybots.js`).
const STORE_KEY: &str = "cardarena.my-bots";

/// The bots this browser keeps, as `mybots.js` stored them.
async fn kept(browser: &Browser) -> Vec<Value> {
    let stored = browser
        .script(&format!(
            "return localStorage.getItem({});",
            json!(STORE_KEY)
        ))
        .await;
    match stored.as_str() {
        Some(text) => serde_json::from_str(text).expect("the kept bots are JSON"),
        None => Vec::new(),
    }
}

/// Fills the add form with `id` and `token`, sends it, and waits for its answer in words.
async fn add(browser: &Browser, id: &str, token: &str) -> String {
    browser
        .script("document.getElementById('add-message').textContent = ''; return null;")
        .await;
    for (css, value) in [("#add-id", id), ("#add-token", token)] {
        browser
            .script(&format!(
                "document.querySelector({}).value = ''; return null;",
                json!(css)
            ))
            .await;
        browser.send_keys(css, value).await;
    }
    browser.click("#add-bot").await;
    until(PATIENCE, "no answer to the add form", async || {
        let said = browser.text("#add-message").await;
        Some(said).filter(|s| !s.is_empty() && s != "Checking…")
    })
    .await
}

/// Screenshots the page at a laptop's and a phone's width, named `stem`; checks that the phone's
/// page does not scroll sideways.
async fn screenshots(browser: &Browser, stem: &str) {
    let folder = artefacts("my-bots");
    for window in [LAPTOP, PHONE] {
        browser.resize(window).await;
        browser
            .script("document.getElementById('me-add').scrollIntoView(); return null;")
            .await;
        let file = folder.join(format!("{stem}-{}.png", window.0));
        browser.screenshot(&file).await;
        let overflow = browser
            .script("return document.documentElement.scrollWidth - window.innerWidth;")
            .await;
        assert!(
            overflow.as_i64().is_some_and(|o| o <= 0),
            "{stem} at {window:?}: the page scrolls sideways by {overflow} px"
        );
    }
    browser.resize(LAPTOP).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_bot_registered_elsewhere_is_added_by_its_id_and_token() {
    let db = TempDb::new();
    let server = Server::start(config(&db)).await;
    let bots = test_bots().await;
    let bot = server.register("elsewhere", &bots.url("/good")).await;
    let other = server.register("someone-else", &bots.url("/good")).await;
    let id = bot["id"].as_str().unwrap();
    let token = bot["token"].as_str().unwrap();
    let other_token = other["token"].as_str().unwrap();

    // The API's check: the bot for its own token; refusals in the documented shape.
    let owner = format!("/api/bots/{id}/owner");
    let (status, shown) = server.send(Method::GET, &owner, Some(token), None).await;
    assert_eq!(status, StatusCode::OK, "{shown}");
    assert_eq!((&shown["id"], &shown["name"]), (&bot["id"], &bot["name"]));
    assert!(shown.get("token").is_none(), "{shown}");
    for (given, want, kind) in [
        (None, StatusCode::UNAUTHORIZED, "unauthorized"),
        (
            Some("not-the-token"),
            StatusCode::UNAUTHORIZED,
            "unauthorized",
        ),
        (Some(other_token), StatusCode::FORBIDDEN, "forbidden"),
    ] {
        let (status, answer) = server.send(Method::GET, &owner, given, None).await;
        assert_eq!((status, answer["error"].as_str()), (want, Some(kind)));
    }
    let (status, answer) = server
        .send(
            Method::GET,
            "/api/bots/no-such-bot/owner",
            Some(token),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{answer}");

    let browser = Browser::start().await;
    browser.resize(LAPTOP).await;
    browser.open(&server.url("/me")).await;
    browser.wait_refreshed("#bots").await;
    assert_eq!(browser.count("article.my-bot").await, 0);

    // Refusals: the API's words and what to check; nothing kept, nothing listed.
    let refusals = [
        (
            id,
            "   ",
            "Not added: give both the bot's id and its token.",
        ),
        (
            id,
            "not-the-token",
            "Not added: this token belongs to no bot. Check the token",
        ),
        (
            id,
            other_token,
            "Not added: this token belongs to another bot. This token is another bot's",
        ),
        (
            "no-such-bot",
            token,
            "Not added: no bot \"no-such-bot\". Check the id",
        ),
    ];
    for (n, (given_id, given_token, want)) in refusals.iter().enumerate() {
        let said = add(&browser, given_id, given_token).await;
        assert!(said.starts_with(want), "{said}");
        assert_eq!(
            browser.attr("#add-message", "class").await.as_deref(),
            Some("error")
        );
        assert!(kept(&browser).await.is_empty(), "kept after {said}");
        assert_eq!(browser.count("article.my-bot").await, 0, "{said}");
        if n == 1 {
            screenshots(&browser, "add-refused").await;
        }
    }

    // The right pair: kept, listed with its status, the form emptied.
    let said = add(&browser, id, token).await;
    assert_eq!(said, "elsewhere is added to your bots above.");
    let stored = kept(&browser).await;
    assert_eq!(stored.len(), 1, "{stored:?}");
    assert_eq!(
        (&stored[0]["id"], &stored[0]["name"], &stored[0]["game"]),
        (&bot["id"], &json!("elsewhere"), &json!("durak"))
    );
    assert_eq!(stored[0]["token"], json!(token));
    let card = format!("article.my-bot[data-bot-id=\"{id}\"]");
    until(PATIENCE, "the bot never showed as active", async || {
        (browser.attr_if_any(&card, "data-status").await).filter(|s| s == "active")
    })
    .await;
    // The list is redrawn as the bot's status comes in: read it once it is there.
    let status = format!("{card} dd.fact-status");
    until(PATIENCE, "the bot's status never showed", async || {
        (browser.count(&status).await > 0).then_some(())
    })
    .await;
    assert_eq!(
        browser.text(&status).await,
        "active: it plays on the ladder"
    );
    assert_eq!(browser.text(&format!("{card} h2 a")).await, "elsewhere");
    let emptied = browser
        .script("return document.getElementById('add-id').value + document.getElementById('add-token').value;")
        .await;
    assert_eq!(emptied, "");
    screenshots(&browser, "added").await;

    // The token went to nothing but this server: every request the page made is same-origin.
    let elsewhere = browser
        .script(
            "return performance.getEntriesByType('resource') \
               .map(e => e.name).filter(u => new URL(u).origin !== location.origin);",
        )
        .await;
    assert_eq!(elsewhere, json!([]), "requests to other origins");

    // Kept: a reload lists it again, and acting on it works with the kept token.
    browser.open(&server.url("/me")).await;
    until(
        PATIENCE,
        "the kept bot is not listed after a reload",
        async || (browser.attr_if_any(&card, "data-status").await).filter(|s| s == "active"),
    )
    .await;
    browser.click(&format!("{card} button.my-pause")).await;
    until(
        PATIENCE,
        "the bot was not paused from the page",
        async || {
            let (_, shown) = server.get(&format!("/api/bots/{id}")).await;
            Some(()).filter(|_| shown["status_reason"] == "owner")
        },
    )
    .await;
    browser.close().await;
}
