//! The organiser's tools on a bot's page in headless Chromium against the real server: a token
//! that is not the organiser's is refused and not kept; the admin token is kept in the tab's
//! sessionStorage only (no cookie, no localStorage) and sent only to this server; a pause with a
//! reason is shown on the page after it reloads, with who and why; the resume lifts it. The page
//! is photographed into `target/test-artefacts/organiser/`.

use crate::support;

use cardarena_testkit::chromium;

use std::time::{Duration, Instant};

use chromium::{Browser, WINDOW};
use reqwest::StatusCode;
use serde_json::{Value, json};
use support::{Server, TempDb, config, test_bots};

const ADMIN: &str = "page-test-organiser";

/// Polls until `read` gives a value `done` accepts (at most 30 s); returns it.
async fn until<T: std::fmt::Debug>(
    what: &str,
    mut read: impl AsyncFnMut() -> T,
    done: impl Fn(&T) -> bool,
) -> T {
    let start = Instant::now();
    loop {
        let value = read().await;
        if done(&value) {
            return value;
        }
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "{what}: still {value:?}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_organiser_pauses_and_resumes_a_bot_from_its_page() {
    let db = TempDb::new();
    let mut config = config(&db);
    config.admin_token = Some(ADMIN.to_string());
    let server = Server::start(config).await;
    let bots = test_bots().await;
    let rick = server.register("rick", &bots.url("/good")).await;
    let id = rick["id"].as_str().unwrap();
    let played = server.practice(&rick, 1, &["greedy"]).await;
    server.finished_match(&played[0]).await;

    let browser = Browser::start().await;
    browser.open(&server.url(&format!("/bots/{id}"))).await;
    assert_eq!(
        browser
            .count("#organiser-tools form.organiser-act[hidden]")
            .await,
        1
    );
    browser.click("#organiser-tools summary").await;

    // The owner's token is not the organiser's: refused, and not kept.
    browser
        .send_keys(
            "form.organiser-token input[name=token]",
            rick["token"].as_str().unwrap(),
        )
        .await;
    browser
        .click("form.organiser-token button[type=submit]")
        .await;
    let said = until(
        "the refusal",
        async || browser.text(".organiser-message").await,
        |t| t.starts_with("Not the organiser's token"),
    )
    .await;
    assert!(said.contains("forbidden"), "{said}");
    let kept = browser
        .script("return sessionStorage.getItem('cardarena.admin_token');")
        .await;
    assert_eq!(kept, Value::Null);

    // The organiser's token: kept for the tab only, and the buttons appear.
    browser
        .script("document.querySelector('form.organiser-token').reset(); return null;")
        .await;
    browser
        .send_keys("form.organiser-token input[name=token]", ADMIN)
        .await;
    browser
        .click("form.organiser-token button[type=submit]")
        .await;
    until(
        "the buttons",
        async || browser.count("form.organiser-act[hidden]").await,
        |n| *n == 0,
    )
    .await;
    let stored = browser
        .script(
            "return [sessionStorage.getItem('cardarena.admin_token'), localStorage.length, \
             document.cookie];",
        )
        .await;
    assert_eq!(stored, json!([ADMIN, 0, ""]));
    let buttons = browser
        .attrs("form.organiser-act button[name=action]", "value")
        .await;
    assert_eq!(buttons, ["pause", "disqualify", "delete"]);

    // A pause with a reason: the page comes back showing it.
    let reason = "times out <every> turn on purpose";
    browser
        .send_keys("form.organiser-act textarea[name=reason]", reason)
        .await;
    browser
        .send_keys("form.organiser-act input[name=by]", "Ann")
        .await;
    browser
        .click("form.organiser-act button[value=pause]")
        .await;
    browser
        .wait_attr("dd.organiser-hold", "data-hold", "paused")
        .await;
    let (status, shown) = server.get(&format!("/api/bots/{id}")).await;
    assert_eq!(status, StatusCode::OK, "{shown}");
    assert_eq!(shown["organiser"]["hold"], "paused");
    assert_eq!(shown["organiser"]["actions"][0]["reason"], reason);
    let rows = browser.table("table.organiser-actions").await;
    assert_eq!(rows.len(), 2, "a head and one action: {rows:?}");
    assert_eq!(&rows[1][1..], ["Pause", "Ann", reason]);
    assert_eq!(browser.text("dd.status").await, "paused by the organiser");
    // The tab still holds the token: the tools are open with what applies now.
    assert_eq!(
        browser.attr("#organiser-tools", "open").await.as_deref(),
        Some("true")
    );
    let buttons = browser
        .attrs("form.organiser-act button[name=action]", "value")
        .await;
    assert_eq!(buttons, ["resume", "disqualify", "delete"]);
    browser
        .script("window.scrollTo(0, document.body.scrollHeight); return null;")
        .await;
    let file = chromium::artefacts("organiser").join("paused-bot.png");
    assert_eq!(browser.screenshot(&file).await, WINDOW);

    // Every request went to this server.
    let origins = browser
        .script("return performance.getEntriesByType('resource').map(e => new URL(e.name).origin);")
        .await;
    let own = server.url("");
    for origin in origins.as_array().unwrap() {
        assert_eq!(origin.as_str(), Some(own.as_str()), "{origins}");
    }

    // The resume lifts it.
    browser
        .send_keys(
            "form.organiser-act textarea[name=reason]",
            "a misunderstanding",
        )
        .await;
    browser
        .click("form.organiser-act button[value=resume]")
        .await;
    browser.wait_attr("#organiser-tools", "data-hold", "").await;
    assert_eq!(browser.count("dd.organiser-hold").await, 0);
    assert_eq!(browser.count("table.organiser-actions tbody tr").await, 2);

    // Forgotten, the token is gone from the tab.
    browser.click("button.organiser-forget").await;
    let kept = browser
        .script("return sessionStorage.getItem('cardarena.admin_token');")
        .await;
    assert_eq!(kept, Value::Null);
    assert_eq!(browser.count("form.organiser-token[hidden]").await, 0);
    browser.close().await;
}
