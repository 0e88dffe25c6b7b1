//! Failing fast (issue 26, point 5): when the database cannot be used (here a SQLite file that
//! another program holds locked), an API request is answered `503 database_unavailable` with
//! `Retry-After` within about 2 s rather than held, and the server works again, without a
//! restart, once the database is free. The server runs in process on a real SQLite file; the
//! lock is a second, real connection to that file.

use crate::support;

use std::str::FromStr;
use std::time::{Duration, Instant};

use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::sqlite::SqliteConnectOptions;
use sqlx::{ConnectOptions, Connection, Executor};
use support::{Server, TempDb, config};

/// Registers a dial-out bot named `name` (a write): status, `Retry-After`, body, and how long the
/// answer took.
async fn register(server: &Server, name: &str) -> (StatusCode, String, Value, Duration) {
    let started = Instant::now();
    let response = server
        .http
        .post(server.url("/api/bots"))
        .json(&json!({"name": name, "game": "durak", "connect": true}))
        .send()
        .await
        .unwrap();
    let status = response.status();
    let retry_after = response
        .headers()
        .get("retry-after")
        .map(|v| v.to_str().unwrap().to_string())
        .unwrap_or_default();
    let body = response.json().await.unwrap();
    (status, retry_after, body, started.elapsed())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_locked_database_is_a_quick_503_and_the_server_recovers_when_it_is_free() {
    let db = TempDb::new();
    let server = Server::start(config(&db)).await;
    let (status, ..) = register(&server, "before").await;
    assert_eq!(status, StatusCode::CREATED);

    // Another program takes SQLite's write lock and keeps it.
    let options = SqliteConnectOptions::from_str(&db.url()).unwrap();
    let mut stranger = options.connect().await.unwrap();
    stranger.execute("BEGIN EXCLUSIVE").await.unwrap();

    let (status, retry_after, body, took) = register(&server, "locked-out").await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{body}");
    assert_eq!(body["error"], "database_unavailable", "{body}");
    assert_eq!(retry_after, "2");
    assert!(took < Duration::from_secs(4), "answered after {took:?}");
    // Reads go on meanwhile (the write-ahead log lets them).
    let (status, _) = server.get("/api/bots").await;
    assert_eq!(status, StatusCode::OK);

    // The lock is let go: the same request succeeds, with no restart.
    stranger.execute("ROLLBACK").await.unwrap();
    stranger.close().await.unwrap();
    let (status, _, body, _) = register(&server, "locked-out").await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
}
