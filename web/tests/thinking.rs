//! The thinking pool seen from the API (docs/operations.md, "The thinking pool"): a table opened
//! without an account seats the expert at its default budget at most, a bot's token lifts that
//! and is charged for it, and `/metrics` shows the pool's searches by lane.

use crate::support;

use std::time::Duration;

use axum::http::StatusCode;
use reqwest::Method;
use serde_json::{Value, json};
use support::{Server, TempDb, config, test_bots, until};

/// Opens a prsi table of a person and `house`, with `token` if given.
async fn open(server: &Server, house: &str, token: Option<&str>) -> (StatusCode, Value) {
    let body = json!({"game": "prsi", "seats": ["person", house]});
    server
        .send(Method::POST, "/api/tables", token, Some(body))
        .await
}

/// The value of the `/metrics` series `name{lane="LANE"}`, 0 when absent.
async fn lane_series(server: &Server, name: &str, lane: &str) -> f64 {
    let text = server.page("/metrics").await;
    let prefix = format!("{name}{{lane=\"{lane}\"}} ");
    text.lines()
        .find_map(|line| line.strip_prefix(&prefix))
        .map_or(0.0, |value| value.trim().parse().unwrap())
}

#[tokio::test]
async fn an_expert_past_its_default_budget_sits_only_at_a_table_opened_with_a_bots_token() {
    let db = TempDb::new();
    let server = Server::start(config(&db)).await;
    let bots = test_bots().await;

    let (status, refused) = open(&server, "expert:200", None).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{refused}");
    assert_eq!(refused["error"], "bad_seats");
    let detail = refused["detail"].as_str().unwrap();
    assert!(
        detail.contains("token") && detail.contains("50 ms"),
        "{detail}"
    );

    let (status, opened) = open(&server, "expert", None).await;
    assert_eq!(
        status,
        StatusCode::CREATED,
        "the default budget needs no token: {opened}"
    );
    let (status, opened) = open(&server, "expert:20", None).await;
    assert_eq!(
        status,
        StatusCode::CREATED,
        "a smaller budget needs none: {opened}"
    );

    let bot = server
        .register_for("prsi", "owner", &bots.url("/random"))
        .await;
    let token = bot["token"].as_str().unwrap();
    let (status, opened) = open(&server, "expert:200", Some(token)).await;
    assert_eq!(status, StatusCode::CREATED, "{opened}");

    let (status, refused) = open(&server, "expert:200", Some("not-a-token")).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{refused}");
    assert_eq!(refused["error"], "unauthorized");
}

#[tokio::test]
async fn a_tables_house_bots_think_in_the_pools_play_lane_and_metrics_show_it() {
    let db = TempDb::new();
    let server = Server::start(config(&db)).await;
    let before = lane_series(&server, "cardarena_thinking_searches_total", "play").await;
    let contest_before = lane_series(&server, "cardarena_thinking_searches_total", "contest").await;

    // The person leaves at once: the house bots play the table out, the expert searching.
    let (status, opened) = open(&server, "expert:5", None).await;
    assert_eq!(status, StatusCode::CREATED, "{opened}");
    let seat = opened["seats"][0]["token"].as_str().unwrap();
    let (status, left) = server
        .send(Method::DELETE, &format!("/api/tables/{seat}"), None, None)
        .await;
    assert!(status.is_success(), "{left}");
    let id = opened["match_id"].as_str().unwrap().to_string();
    until(Duration::from_secs(60), "the table ends", || async {
        let (_, m) = server.get(&format!("/api/matches/{id}")).await;
        (m["status"] == "finished").then_some(())
    })
    .await;

    // `/metrics` samples at most once a second.
    tokio::time::sleep(Duration::from_millis(1100)).await;
    let after = lane_series(&server, "cardarena_thinking_searches_total", "play").await;
    assert!(after > before, "play-lane searches {before} → {after}");
    let contest_after = lane_series(&server, "cardarena_thinking_searches_total", "contest").await;
    assert_eq!(
        contest_after, contest_before,
        "the table was charged to the contest"
    );
    let text = server.page("/metrics").await;
    for series in [
        "cardarena_thinking_threads ",
        "cardarena_thinking_queued{lane=\"analysis\"} ",
        "cardarena_thinking_busy_seconds{lane=\"play\"} ",
    ] {
        assert!(text.contains(series), "no {series}in /metrics");
    }
}
