//! The demo cup against the real thing: the app started as `serve --demo` starts it, on a
//! temporary SQLite file, with its bots thinking as the demo's do; the cup goes at a pace a
//! viewer can follow and seats no entrant against itself.

use crate::support;

use std::collections::BTreeSet;
use std::time::{Duration, Instant};

use cardarena_contest::demo::{DEMO_ENTRANTS, DEMO_HOUSE_MATCHES, DEMO_NAME, DEMO_YARDSTICKS};
use reqwest::StatusCode;
use serde_json::Value;
use support::{Server, TempDb};

/// The demo cup's stage `stage` from the API once it is finished.
async fn finished_stage(server: &Server, id: &str, stage: usize) -> Value {
    let start = Instant::now();
    loop {
        let (status, t) = server.get(&format!("/api/tournaments/{id}")).await;
        assert_eq!(status, StatusCode::OK, "{t}");
        if t["stages"][stage]["status"] == "finished" {
            return t["stages"][stage].clone();
        }
        assert!(
            start.elapsed() < Duration::from_secs(300),
            "stage {stage} not finished: {t}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_demo_cup_takes_its_time_and_no_entrant_meets_itself() {
    let db = TempDb::new();
    let mut config = support::config(&db);
    config.demo = true;
    let think = Duration::from_millis(60);
    config.demo_think = think;
    let server = Server::start(config).await;
    let store = server.running.store.clone();
    let (_, list) = server.get("/api/tournaments").await;
    let cup = list
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["name"] == DEMO_NAME)
        .expect("the demo cup")
        .clone();
    let id = cup["id"].as_str().unwrap().to_string();
    let (_, cup) = server.get(&format!("/api/tournaments/{id}")).await;
    let entrants: Vec<String> = cup["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["name"].as_str().unwrap().to_string())
        .collect();
    let names: Vec<&str> = DEMO_ENTRANTS.iter().map(|(n, _)| *n).collect();
    assert_eq!(entrants, names);
    // The yardsticks are house bots; the entrants are not.
    let yardsticks: Vec<String> = DEMO_YARDSTICKS
        .iter()
        .map(|h| format!("{h}@bridge"))
        .collect();
    assert!(entrants.iter().all(|e| !yardsticks.contains(e)));

    let house = finished_stage(&server, &id, 0).await;
    // Every entrant is credited with its own matches, no more.
    for row in house["standings"].as_array().unwrap() {
        assert_eq!(row["matches"], DEMO_HOUSE_MATCHES, "{row}");
    }
    // No match of the stage seats a bot twice; each seats exactly one entrant.
    let page = store
        .browse_matches(
            &cardarena_store::MatchFilter {
                stage: Some((id.clone(), 0)),
                ..Default::default()
            },
            Default::default(),
            100,
        )
        .await
        .unwrap();
    assert_eq!(page.matches.len(), DEMO_ENTRANTS.len() * DEMO_HOUSE_MATCHES);
    // Each match its own deal (no table of the stage is sealed by another), so it is watched live.
    let deals: BTreeSet<u64> = page.matches.iter().map(|(_, m)| m.seed).collect();
    assert_eq!(deals.len(), page.matches.len(), "two tables share a deal");
    let pool = sqlx::SqlitePool::connect(&db.url()).await.unwrap();
    for (_, m) in &page.matches {
        let bots: BTreeSet<&str> = m.seats.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(bots.len(), m.seats.len(), "a bot twice in {m:?}");
        let seated: Vec<&&str> = bots.iter().filter(|b| names.contains(b)).collect();
        assert_eq!(seated.len(), 1, "{bots:?}");
        // The pace: every answer of the entrant took the think time at least.
        let (_, detail) = server.get(&format!("/api/matches/{}", m.id)).await;
        let seat = m
            .seats
            .iter()
            .find(|s| names.contains(&s.name.as_str()))
            .unwrap()
            .seat;
        let calls = detail["actions"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|a| a["seat"] == seat)
            .count() as u32;
        assert!(calls > 0, "{detail}");
        let (started, finished): (i64, i64) =
            sqlx::query_as("SELECT started_at, finished_at FROM matches WHERE id = ?")
                .bind(&m.id)
                .fetch_one(&pool)
                .await
                .unwrap();
        let took = Duration::from_millis((finished - started) as u64);
        assert!(
            took >= think * calls,
            "{calls} answers in {took:?}: the bot did not think"
        );
    }
    // The demo's own bots are off the ladder: their owner paused them.
    for bot in store.bots(Some("bridge")).await.unwrap() {
        if names.contains(&bot.name.as_str()) {
            assert!(bot.health.paused.is_some(), "{} on the ladder", bot.name);
        }
    }
}
