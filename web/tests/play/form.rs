//! The `/play` form in Chromium: opening a table, the limits said in words, a link to no seat.

use reqwest::{Method, StatusCode};
use serde_json::json;

use crate::play::seat::{
    NARROW, artefacts, open_table, seat_state, server, wait_attr_not, wait_text,
};
use crate::support::{self, Server, TempDb, config, test_bots};
use cardarena_testkit::chromium::{Browser, WINDOW};

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
    server.wait_active(live_id).await;
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
    browser.resize(NARROW).await;
    browser
        .screenshot(&artefacts().join("play-form-narrow.png"))
        .await;
    browser.resize(WINDOW).await;
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
    // Copy puts the link on the clipboard, or selects it where the page may not write there.
    browser.click("#link-list button.copy").await;
    let said = wait_text(&browser, "#link-list .copied").await;
    assert!(
        said == "copied" || said == "selected: copy it with Ctrl+C",
        "{said}"
    );
    browser
        .screenshot(&artefacts().join("play-landed.png"))
        .await;
    // A second table now passes this client's limit of one open table.
    browser.open(&server.url("/play?game=durak")).await;
    browser.wait_attr("#new-table", "data-ready", "1").await;
    browser.click("#start").await;
    let error = wait_text(&browser, "#play-error").await;
    assert_eq!(
        error,
        "You have 1 table open already, as many as one person may. Finish or leave one of \
         them first: the Play page lists those this browser opened."
    );
    // And so it does, with the way back to your seat.
    browser.open(&server.url("/play")).await;
    wait_rows(&browser, 1).await;
    let listed = browser.links("#my-table-list a").await;
    assert_eq!(listed.len(), 1, "{listed:?}");
    assert_eq!(listed[0].href, format!("/play/{own_token}"));
    let row = browser.text("#my-table-list li").await;
    assert!(
        row.starts_with("durak against live-bot and another person: "),
        "{row}"
    );
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
    let seat = &stored["seats"][1];
    assert_eq!(seat["fault"]["kind"], "timeout", "{stored}");
    // The result in durak's words, not a place number; the seat left, so it forfeits.
    let summary = browser.text("#result .summary").await;
    assert!(summary.starts_with("You: "), "{summary}");
    assert!(
        summary.contains("fool") || summary.contains("a draw"),
        "{summary}"
    );
    assert!(
        summary.ends_with("Your seat forfeits (a house bot played it out): it is ranked last."),
        "{summary}"
    );
    browser.screenshot(&artefacts().join("play-left.png")).await;
    browser.close().await;
}

/// The tables this browser sits at are listed on /play while they are played, and Leave there
/// leaves one (a house bot plays the seat on); a table that is over is no longer listed.
#[tokio::test(flavor = "multi_thread")]
async fn your_open_tables_are_listed_on_play_and_left_from_there() {
    let db = TempDb::new();
    let server = server(&db).await;
    let browser = Browser::start().await;
    browser.open(&server.url("/play?game=durak")).await;
    browser.wait_attr("#new-table", "data-ready", "1").await;
    assert!(browser.rects("#my-tables").await.is_empty(), "no table yet");
    browser.click("#start").await;
    wait_attr_not(&browser, "#seat", "data-state", "loading").await;
    let url = browser.script("return location.pathname;").await;
    let token = url
        .as_str()
        .unwrap()
        .strip_prefix("/play/")
        .unwrap()
        .to_string();
    browser.open(&server.url("/play")).await;
    wait_rows(&browser, 1).await;
    assert_eq!(browser.rects("#my-tables").await.len(), 1);
    browser
        .screenshot(&artefacts().join("play-open-tables.png"))
        .await;
    browser.click("#my-table-list button.leave").await;
    let left = "You left that table: a house bot plays your seat to its end.";
    let start = std::time::Instant::now();
    while browser.text("#my-table-list li").await != left {
        assert!(
            start.elapsed() < std::time::Duration::from_secs(10),
            "the row never said {left:?}"
        );
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    let state = seat_state(&server, &token).await;
    assert!(
        state["replaced"]["kind"] == "timeout" || state["status"] == "finished",
        "{state}"
    );
    // Once left, it is not listed again.
    browser.open(&server.url("/play")).await;
    browser.wait_attr("#new-table", "data-ready", "1").await;
    assert_eq!(browser.count("#my-table-list li").await, 0);
    assert!(
        browser.rects("#my-tables").await.is_empty(),
        "a table left is listed"
    );
    browser.close().await;
}

/// Waits until /play lists `rows` open tables.
async fn wait_rows(browser: &Browser, rows: usize) {
    let start = std::time::Instant::now();
    while browser.count("#my-table-list li").await != rows {
        assert!(
            start.elapsed() < std::time::Duration::from_secs(10),
            "/play never listed {rows} open tables"
        );
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
}

/// A server with its limit of open tables: the form says so in words and opens nothing.
#[tokio::test(flavor = "multi_thread")]
async fn a_full_server_is_said_in_words() {
    let db = TempDb::new();
    let mut config = config(&db);
    config.table_limits.server = 1;
    let server = Server::start(config).await;
    open_table(
        &server,
        json!({"game": "durak", "seats": ["person", "greedy"]}),
    )
    .await;
    let browser = Browser::start().await;
    browser.open(&server.url("/play")).await;
    browser.wait_attr("#new-table", "data-ready", "1").await;
    browser.click("#start").await;
    let error = wait_text(&browser, "#play-error").await;
    assert_eq!(
        error,
        "All 1 table the server keeps open are taken. Try again in a few minutes."
    );
    let path = browser.script("return location.pathname;").await;
    assert_eq!(path, "/play");
    browser.close().await;
}

/// A link that is no seat's, of the wrong shape or well-formed: the 404 page with only the
/// explanation and the way on (no empty table, controls or hints).
#[tokio::test(flavor = "multi_thread")]
async fn a_link_to_no_seat_says_so() {
    let db = TempDb::new();
    let server = server(&db).await;
    for path in ["/play/not%20a%20token", "/play/abc123"] {
        let response = server.http.get(server.url(path)).send().await.unwrap();
        assert_eq!(response.status(), StatusCode::NOT_FOUND, "{path}");
    }
    let browser = Browser::start().await;
    browser.open(&server.url("/play/abc123")).await;
    assert_eq!(
        browser.text("main p.error").await,
        "There is no seat at this link: check the link you were given, or open a table of your \
         own on the Play page."
    );
    let page = browser.text("main").await;
    for absent in ["JavaScript", "Keys", "No moves", "Leave the table"] {
        assert!(!page.contains(absent), "{absent:?} on the page: {page}");
    }
    let links = browser.links("main a").await;
    assert!(
        links.iter().any(|l| l.href.ends_with("/play")),
        "a way to a table of one's own: {links:?}"
    );
    browser.close().await;
}
