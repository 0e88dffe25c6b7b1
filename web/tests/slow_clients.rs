//! The server holds against slow and idle clients: hundreds of connections that send half a
//! request or nothing take no more than the connection cap, never keep a well-behaved client
//! waiting, and are closed by the server once the head timeout passes; a body sent too slowly is
//! answered 408 in JSON. The server runs in process on loopback, so this process's open file
//! descriptors are the server's and the test's together.

use crate::support;

use std::time::{Duration, Instant};

use serde_json::Value;
use support::{Server, TempDb, config};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// The connection cap the server runs with here.
const CAP: usize = 40;
/// The connections the test holds: many more than the cap.
const HOGS: usize = 300;
/// The server's head timeout here.
const HEAD_TIMEOUT: Duration = Duration::from_secs(4);

fn open_fds() -> usize {
    std::fs::read_dir("/proc/self/fd").unwrap().count()
}

/// How the i-th hog misbehaves: silent, half a request head, or one whole request and then
/// idle on its kept-alive connection.
async fn hog(server: &Server, i: usize) -> TcpStream {
    let mut stream = TcpStream::connect(server.running.addr).await.unwrap();
    match i % 3 {
        0 => {}
        1 => {
            let _ = stream
                .write_all(b"GET /api/games HTTP/1.1\r\nHost: x\r\nX-Slow: ")
                .await;
        }
        _ => {
            let _ = stream
                .write_all(b"GET /api/games HTTP/1.1\r\nHost: x\r\n\r\n")
                .await;
        }
    }
    stream
}

/// Reads until the server closes the connection (EOF or reset), up to `within`; false if it is
/// still open then.
async fn closed_by_server(mut stream: TcpStream, within: Duration) -> bool {
    let mut buffer = [0u8; 4096];
    let deadline = tokio::time::Instant::now() + within;
    loop {
        match tokio::time::timeout_at(deadline, stream.read(&mut buffer)).await {
            Err(_) => return false,
            Ok(Ok(0)) | Ok(Err(_)) => return true,
            Ok(Ok(_)) => continue, // the answer to a hog's whole request
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hundreds_of_half_open_and_idle_connections_neither_exhaust_fds_nor_stall_the_api() {
    let db = TempDb::new();
    let mut config = config(&db);
    config.connections.max_connections = CAP;
    config.connections.head_timeout = HEAD_TIMEOUT;
    let server = Server::start(config).await;
    let (status, _) = server.get("/api/games").await;
    assert_eq!(status, 200);
    let before = open_fds();

    let mut hogs = Vec::with_capacity(HOGS);
    for i in 0..HOGS {
        hogs.push(hog(&server, i).await);
    }
    // Let the server accept all it will.
    tokio::time::sleep(Duration::from_millis(300)).await;
    let during = open_fds();
    // The test's own HOGS sockets, and at most the cap (and one waiting) on the server's side:
    // without the cap the server would hold HOGS more.
    assert!(
        during <= before + HOGS + CAP + 10,
        "{during} fds open with {HOGS} hogs, {before} before"
    );

    // A well-behaved client is answered at once, not after the hogs' head timeout.
    let started = Instant::now();
    let fresh = reqwest::Client::new();
    let response = tokio::time::timeout(
        HEAD_TIMEOUT - Duration::from_secs(1),
        fresh.get(server.url("/api/games")).send(),
    )
    .await
    .expect("the API answered while the hogs held their connections")
    .unwrap();
    assert_eq!(response.status(), 200);
    let games: Value = response.json().await.unwrap();
    assert!(games.as_array().is_some_and(|g| !g.is_empty()));
    let answered_in = started.elapsed();

    // Every hog is closed by the server: the oldest to make room, the rest after the timeout.
    let mut reads = tokio::task::JoinSet::new();
    for stream in hogs {
        reads.spawn(closed_by_server(
            stream,
            HEAD_TIMEOUT + Duration::from_secs(6),
        ));
    }
    let mut still_open = 0;
    while let Some(closed) = reads.join_next().await {
        still_open += usize::from(!closed.unwrap());
    }
    assert_eq!(still_open, 0, "hogs the server left open");
    drop(fresh);
    tokio::time::sleep(Duration::from_millis(200)).await;
    let after = open_fds();
    assert!(
        after <= before + 5,
        "{after} fds open after, {before} before"
    );
    println!("answered in {answered_in:?} with {HOGS} hogs; fds {before} -> {during} -> {after}");
}

#[tokio::test]
async fn a_body_sent_too_slowly_is_408_json_and_the_connection_closes() {
    let db = TempDb::new();
    let mut config = config(&db);
    config.body_timeout = Duration::from_secs(1);
    let server = Server::start(config).await;
    let mut stream = TcpStream::connect(server.running.addr).await.unwrap();
    stream
        .write_all(
            b"POST /api/bots HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\
              Content-Length: 100\r\n\r\n{\"name\":",
        )
        .await
        .unwrap();
    let mut answer = Vec::new();
    tokio::time::timeout(Duration::from_secs(10), stream.read_to_end(&mut answer))
        .await
        .expect("the server answered and closed")
        .unwrap();
    let text = String::from_utf8_lossy(&answer);
    assert!(text.starts_with("HTTP/1.1 408"), "{text}");
    assert!(text.contains("application/json"), "{text}");
    let body: Value = serde_json::from_str(text.split_once("\r\n\r\n").unwrap().1).unwrap();
    assert_eq!(body["error"], "body_timeout", "{text}");
}
