//! The analysis queue is fair (docs/api.md, "Analysis"): requesters are served in turns, not
//! first come first served; each network or bot's owner has its share pending and per hour; a
//! full queue makes room by dropping an analysis nobody has asked after; the organiser is not
//! limited. Clients come from several networks through a trusted proxy's `X-Forwarded-For`.

use crate::support;

use std::time::Duration;

use axum::http::StatusCode;
use cardarena_web::app::ServeConfig;
use cardarena_web::proxy::{TrustedProxies, parse_range};
use serde_json::Value;
use support::{Server, TempDb, config, test_bots, until};

/// A server analysing one match at a time at 5 ms a decision, trusting loopback's
/// `X-Forwarded-For`.
fn one_at_a_time(db: &TempDb) -> ServeConfig {
    let mut config = config(db);
    config.analysis.budget_ms = 5;
    config.analysis.workers = 1;
    config.trust_proxy = TrustedProxies::new(vec![parse_range("127.0.0.0/8").unwrap()]);
    config
}

/// POSTs the analysis of match `id` from `client` (forwarded), with `token` if given.
async fn ask(server: &Server, id: &str, client: &str, token: Option<&str>) -> (StatusCode, Value) {
    let mut request = server
        .http
        .post(server.url(&format!("/api/matches/{id}/analysis")))
        .header("x-forwarded-for", client);
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    let response = request.send().await.unwrap();
    let status = response.status();
    (status, response.json().await.unwrap())
}

/// Finished durak practice matches of one bot, `n` of them.
async fn finished(server: &Server, n: u32) -> Vec<String> {
    let bots = test_bots().await;
    let bot = server.register("played", &bots.url("/good")).await;
    let ids = server.practice(&bot, n, &["greedy"]).await;
    for id in &ids {
        assert_eq!(server.finished_match(id).await["status"], "finished");
    }
    ids
}

/// The analysis's status now (`queued`, `running`, `done`, or the error's code).
async fn stands(server: &Server, id: &str) -> String {
    let (_, answer) = server.get(&format!("/api/matches/{id}/analysis")).await;
    answer["status"]
        .as_str()
        .or(answer["error"].as_str())
        .unwrap()
        .to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_newcomer_is_served_before_the_rest_of_a_requesters_flood() {
    let db = TempDb::new();
    let mut config = one_at_a_time(&db);
    config.analysis.per_requester = 5;
    let server = Server::start(config).await;
    let ids = finished(&server, 6).await;
    for id in &ids[..5] {
        let (status, queued) = ask(&server, id, "10.1.1.1", None).await;
        assert_eq!(status, StatusCode::ACCEPTED, "{queued}");
    }
    let (status, newcomer) = ask(&server, &ids[5], "10.2.2.2", None).await;
    assert_eq!(status, StatusCode::ACCEPTED, "{newcomer}");
    if newcomer["status"] == "queued" {
        assert_eq!(newcomer["ahead"], 0, "first in the turns: {newcomer}");
    }
    let (_, last) = server
        .get(&format!("/api/matches/{}/analysis", ids[4]))
        .await;
    if last["status"] == "queued" {
        assert!(last["ahead"].as_u64().unwrap() >= 1, "{last}");
    }
    until(
        Duration::from_secs(120),
        "the newcomer's analysis",
        async || (stands(&server, &ids[5]).await == "done").then_some(()),
    )
    .await;
    let flood_done = {
        let mut done = 0;
        for id in &ids[..5] {
            done += usize::from(stands(&server, id).await == "done");
        }
        done
    };
    assert!(flood_done <= 2, "{flood_done} of the flood's 5 went first");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_network_and_owner_has_its_share_and_the_organiser_none() {
    let db = TempDb::new();
    let mut config = one_at_a_time(&db);
    config.analysis.per_requester = 1;
    config.analysis.per_hour = 3;
    config.admin_token = Some("organiser-token".into());
    let server = Server::start(config).await;
    let ids = finished(&server, 8).await;
    // One pending at a time per network: a second address of the same /24 is the same client.
    let (status, _) = ask(&server, &ids[0], "10.3.3.1", None).await;
    assert_eq!(status, StatusCode::ACCEPTED);
    let (status, refused) = ask(&server, &ids[1], "10.3.3.2", None).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{refused}");
    assert_eq!(refused["error"], "rate_limited");
    let (status, other) = ask(&server, &ids[1], "10.4.4.1", None).await;
    assert_eq!(status, StatusCode::ACCEPTED, "another network: {other}");
    // The organiser is bound by neither share.
    for id in &ids[2..6] {
        let (status, queued) = ask(&server, id, "10.3.3.1", Some("organiser-token")).await;
        assert_eq!(status, StatusCode::ACCEPTED, "{queued}");
    }
    // A bot's owner has its own share, from whatever network it asks.
    let bots = test_bots().await;
    let owner = server.register("owner", &bots.url("/good")).await;
    let token = owner["token"].as_str().unwrap();
    let (status, queued) = ask(&server, &ids[6], "10.5.5.1", Some(token)).await;
    assert_eq!(status, StatusCode::ACCEPTED, "{queued}");
    let (status, refused) = ask(&server, &ids[7], "10.6.6.1", Some(token)).await;
    assert_eq!(
        status,
        StatusCode::TOO_MANY_REQUESTS,
        "the owner has one pending: {refused}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_queue_drops_an_analysis_nobody_asked_after_for_a_fresh_request() {
    let db = TempDb::new();
    let mut config = one_at_a_time(&db);
    config.analysis.max_pending = 1;
    config.analysis.workers = 1;
    let server = Server::start(config).await;
    let ids = finished(&server, 3).await;
    let (status, _) = ask(&server, &ids[0], "10.7.7.1", None).await;
    assert_eq!(status, StatusCode::ACCEPTED);
    let (status, busy) = ask(&server, &ids[1], "10.8.8.1", None).await;
    assert_eq!(
        status,
        StatusCode::SERVICE_UNAVAILABLE,
        "watched lately: {busy}"
    );
    assert_eq!(busy["error"], "busy");
    // Nobody has asked after the first for two minutes.
    let pool = sqlx::SqlitePool::connect(&db.url()).await.unwrap();
    sqlx::query("UPDATE analyses SET viewed_at = viewed_at - 120000, requested_at = 0")
        .execute(&pool)
        .await
        .unwrap();
    let (status, fresh) = ask(&server, &ids[1], "10.8.8.1", None).await;
    assert_eq!(status, StatusCode::ACCEPTED, "{fresh}");
    assert_eq!(status_of_gone(&server, &ids[0]).await, "not_analysed");
    until(Duration::from_secs(120), "the fresh analysis", async || {
        (stands(&server, &ids[1]).await == "done").then_some(())
    })
    .await;
}

/// The error code of a dropped analysis's GET.
async fn status_of_gone(server: &Server, id: &str) -> String {
    until(
        Duration::from_secs(10),
        "the dropped analysis is gone",
        async || {
            let now = stands(server, id).await;
            (now != "running").then_some(now)
        },
    )
    .await
}
