//! A sealed match's page in headless Chromium against the real server: while another table of
//! its tournament deal is being played, the page says so and when it will open, shows no card;
//! when that table ends, the page opens by itself (within 5 s, no reload) with the table, the
//! moves, the result and the analysis's offer, and the console stays free of errors.

use crate::support;

use std::time::{Duration, Instant};

use cardarena_testkit::cdp;
use cardarena_testkit::chromium::{self, Browser};
use serde_json::{Value, json};
use support::{Server, TempDb, pacing_bot, test_bots};

/// The organiser's token.
const ADMIN: &str = "sealed-page-organiser";

/// How long the slow entrant's match may take.
const MATCH_TIMEOUT: Duration = Duration::from_secs(120);

/// Creates and starts a durak cup of one house stage (every entrant meets the same deal) for
/// `bots`; returns its id.
async fn cup(server: &Server, bots: &[Value]) -> String {
    let body = json!({"name": "Sealed cup", "game": "durak", "stages": [
        {"kind": "house", "opponents": ["random"], "matches": 1, "deadline_ms": 2000}
    ]});
    server.start_tournament(ADMIN, body, bots).await
}

/// The stage's match that seats `bot`, once it has the status `status`.
async fn match_of(server: &Server, cup: &str, bot: &Value, status: &str) -> Value {
    let start = Instant::now();
    loop {
        let filter = cardarena_store::MatchFilter {
            stage: Some((cup.to_string(), 0)),
            ..Default::default()
        };
        let page = server
            .running
            .store
            .browse_matches(&filter, Default::default(), 10)
            .await
            .unwrap();
        let found = page.matches.iter().find(|(_, m)| {
            m.status.as_str() == status && m.seats.iter().any(|s| s.bot_id == bot["id"])
        });
        if let Some((_, m)) = found {
            let (_, detail) = server.get(&format!("/api/matches/{}", m.id)).await;
            return detail;
        }
        assert!(
            start.elapsed() < MATCH_TIMEOUT,
            "no {status} match of {}",
            bot["name"]
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_sealed_match_page_says_when_it_opens_and_opens_by_itself() {
    let db = TempDb::new();
    let mut config = support::config(&db);
    config.admin_token = Some(ADMIN.to_string());
    let server = Server::start(config).await;
    let quick = test_bots().await;
    let slow = pacing_bot(Duration::from_millis(250)).await;
    let fast_bot = server
        .register_for("durak", "quick", &quick.url("/good"))
        .await;
    let slow_bot = server.register_for("durak", "patient", &slow).await;
    let cup = cup(&server, &[fast_bot.clone(), slow_bot.clone()]).await;
    let finished = match_of(&server, &cup, &fast_bot, "finished").await;
    let twin = match_of(&server, &cup, &slow_bot, "running").await;
    assert_eq!(finished["disclosure"], "sealed", "{finished}");
    let id = finished["id"].as_str().unwrap();

    let browser = Browser::start().await;
    browser.resize((390, 844)).await;
    browser.open(&server.url(&format!("/matches/{id}"))).await;
    let note = browser.text("#after-table .log-note").await;
    assert!(
        note.starts_with("Sealed: another table of this tournament, still being played,")
            && note.ends_with("This page opens them by itself then."),
        "{note}"
    );
    assert_eq!(browser.text("#step-label").await, "sealed");
    assert_eq!(browser.count("#table [data-card]").await, 0, "a card shows");
    assert_eq!(
        browser.text("#analysis-status").await,
        "The analysis can be asked for once the other tables dealt the same cards have been played."
    );
    browser
        .screenshot(&chromium::artefacts("sealed").join("sealed.png"))
        .await;

    // The twin ends; the page opens within 5 s, by itself.
    let twin_id = twin["id"].as_str().unwrap();
    let start = Instant::now();
    loop {
        let (_, m) = server.get(&format!("/api/matches/{twin_id}")).await;
        if m["status"] == "finished" {
            break;
        }
        assert!(start.elapsed() < MATCH_TIMEOUT, "the twin never ended: {m}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let ended = Instant::now();
    loop {
        let cards = browser.count("#table [data-card]").await;
        let moves = browser.count("ol.moves > li").await;
        if cards > 0 && moves > 0 {
            break;
        }
        assert!(
            ended.elapsed() < Duration::from_secs(5),
            "the page did not open within 5 s of the last table's end ({cards} cards, {moves} moves)"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let opened = ended.elapsed();
    browser.wait_attr("#watch", "data-ended", "1").await;
    assert_eq!(
        browser.attr("#watch", "data-disclosure").await.as_deref(),
        Some("open")
    );
    let result = browser.text("#match-result").await;
    assert!(result.starts_with("Result:"), "{result}");
    browser.wait_attr("#analysis", "data-state", "none").await;
    browser
        .screenshot(&chromium::artefacts("sealed").join("opened.png"))
        .await;
    let errors = cdp::console_errors(&browser).await;
    assert!(errors.is_empty(), "{errors:#?}");
    browser.close().await;
    eprintln!("the page opened {opened:?} after the last table ended");
}
