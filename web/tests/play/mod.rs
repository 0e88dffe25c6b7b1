//! The play pages in a real browser against the real server: tables opened through
//! `POST /api/tables` (or the `/play` form) on a temporary SQLite file, each person seat's page
//! (`/play/{token}`) loaded in headless Chromium and played by clicking what the page highlights,
//! to the end of the match; the result compared with `GET /api/matches/{id}`. Screenshots go to
//! `target/test-artefacts/play/`.

use crate::support;

use cardarena_testkit::chromium;

mod form;
mod hand;
pub(crate) mod seat;
mod words;

use std::time::{Duration, Instant};

use chromium::{Browser, WINDOW};
use reqwest::StatusCode;
use serde_json::{Value, json};
use support::TempDb;

use seat::{
    MAX_MOVES, NARROW, POLL, artefacts, check_hands, check_result, check_turn, decision, make_move,
    open_table, play_out, server, shown, wait_attr_not,
};

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
    let title = browser.script("return document.title;").await;
    assert_eq!(title, format!("Your turn · {game}, seat 0 · cardarena"));
    check_hands(&browser, &server, &token).await;
    assert_eq!(
        browser.attr("#rules", "href").await.as_deref(),
        Some(format!("/rules/{game}").as_str())
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
    let mut choosers = [0, 1].map(|n| Some(artefacts().join(format!("duel-{n}-chooser.png"))));
    let start = Instant::now();
    loop {
        let mut over = 0;
        for (n, browser) in people.iter().enumerate() {
            let now = shown(browser).await;
            if now.state == "match_end" {
                over += 1;
            } else if now.state == "turn" && !now.sending {
                check_turn(browser).await;
                make_move(browser, &now, moves[n] % 2 == 1, &mut choosers[n]).await;
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
