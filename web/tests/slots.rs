//! Slots for everyone (issue 26, point 1): requests that only wait (a long poll on a table's
//! state, a body that stalls past its grace) do not hold the connection places other clients
//! need. When the server is full, a newcomer from another address takes the place of the oldest
//! waiting one; and long polls are bounded per client address and per table (429 with
//! `Retry-After` past either). The server runs in process on 127.0.0.1; clients bind other
//! loopback addresses as their source.

use crate::support;

use std::net::IpAddr;
use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{Value, json};
use support::raw_http::{answer, ask_games, closed, connect_from, head_of_post, in_progress};
use support::{Server, TempDb, config};
use tokio::io::AsyncWriteExt;
use tokio::net::TcpStream;

/// A server with 4 connection places, 2 per address, and 10 s heads and bodies.
async fn four_places(db: &TempDb) -> Server {
    let mut config = config(db);
    config.connections.max_connections = 4;
    config.connections.max_per_address = 2;
    config.connections.head_timeout = Duration::from_secs(10);
    config.body_timeout = Duration::from_secs(10);
    Server::start(config).await
}

/// Opens a durak table for a person against a house bot: the person seat's token. The
/// connection is not kept, so that it holds none of the server's places afterwards.
async fn open_table(server: &Server) -> String {
    let body = json!({"game": "durak", "seats": ["person", "random"]});
    let client = reqwest::Client::builder()
        .pool_max_idle_per_host(0)
        .no_proxy()
        .build()
        .unwrap();
    let response = client
        .post(server.url("/api/tables"))
        .json(&body)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::CREATED);
    let opened: Value = response.json().await.unwrap();
    opened["seats"][0]["token"].as_str().unwrap().to_string()
}

/// A long poll on the seat `token` that waits its whole 30 s (no state reaches that version).
fn long_poll(token: &str) -> String {
    format!("GET /api/tables/{token}?after=999999&wait=30 HTTP/1.1\r\nHost: x\r\n\r\n")
}

/// Waits until the server has closed the first of `held` and no other: the oldest waiting
/// request of the address holding the most (127.0.0.2, the first two) made room.
async fn only_the_oldest_closed(held: &mut [TcpStream]) {
    assert!(
        closed(&mut held[0]).await,
        "the oldest waiting request is closed"
    );
    for stream in &mut held[1..] {
        assert!(!closed(stream).await, "only the oldest is closed");
    }
}

/// A registration of a dial-out bot named `name`, as a request body.
fn registration(name: &str) -> String {
    json!({"name": name, "game": "durak", "connect": true}).to_string()
}

/// Takes the four places of the server at `addr` with registrations (of bot `name`) whose bodies
/// are still to come: two from 127.0.0.2, one each from 127.0.0.3 and 127.0.0.4, oldest first.
async fn hold_with_bodies(addr: std::net::SocketAddr, name: &str) -> Vec<TcpStream> {
    let length = registration(name).len();
    let mut held = Vec::new();
    for source in ["127.0.0.2", "127.0.0.2", "127.0.0.3", "127.0.0.4"] {
        let mut stream = connect_from(source, addr).await;
        let head = head_of_post(length, "203.0.113.1");
        stream.write_all(head.as_bytes()).await.unwrap();
        in_progress(&mut stream).await;
        held.push(stream);
    }
    held
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stalled_bodies_past_their_grace_make_room_for_another_address() {
    let db = TempDb::new();
    let server = four_places(&db).await;
    let addr = server.running.addr;
    // Three addresses hold every place with requests whose bodies never come.
    let mut held = hold_with_bodies(addr, "stalled").await;
    // Past the body's grace (1 s) they only wait: a third address is answered at once (within
    // answer's 2 s), not after the 10 s body timeout.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let mut fresh = connect_from("127.0.0.5", addr).await;
    assert_eq!(ask_games(&mut fresh).await, Some(200));
    only_the_oldest_closed(&mut held).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_body_within_its_grace_is_not_closed_to_make_room() {
    let db = TempDb::new();
    let server = four_places(&db).await;
    let addr = server.running.addr;
    let body = registration("slow");
    let mut held = hold_with_bodies(addr, "slow").await;
    // At once, while the bodies are in their grace, a newcomer waits for a place...
    let mut fresh = connect_from("127.0.0.5", addr).await;
    fresh
        .write_all(b"GET /api/games HTTP/1.1\r\nHost: x\r\n\r\n")
        .await
        .unwrap();
    // ...and each body that then arrives is answered in full.
    for stream in &mut held {
        stream.write_all(body.as_bytes()).await.unwrap();
        let (status, _) = answer(stream).await.expect("the slow request's answer");
        assert!(status == 201 || status == 409, "{status}");
    }
    let (status, _) = answer(&mut fresh).await.expect("the newcomer's answer");
    assert_eq!(status, 200);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn long_polls_make_room_for_another_address() {
    let db = TempDb::new();
    let server = four_places(&db).await;
    let addr = server.running.addr;
    let token = open_table(&server).await;
    let mut held = Vec::new();
    for source in ["127.0.0.2", "127.0.0.2", "127.0.0.3", "127.0.0.4"] {
        let mut stream = connect_from(source, addr).await;
        stream
            .write_all(long_poll(&token).as_bytes())
            .await
            .unwrap();
        held.push(stream);
        // Each poll is waiting before the next connects, so that their ages are in this order.
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let mut fresh = connect_from("127.0.0.5", addr).await;
    assert_eq!(ask_games(&mut fresh).await, Some(200));
    only_the_oldest_closed(&mut held).await;
}

/// A client whose connections leave from `source`.
fn client_from(source: &str) -> reqwest::Client {
    let source: IpAddr = source.parse().unwrap();
    reqwest::Client::builder()
        .local_address(source)
        .no_proxy()
        .build()
        .unwrap()
}

/// Starts `count` long polls from `source` on seat `token`, each on a connection of its own.
fn start_polls(server: &Server, source: &str, token: &str, count: usize) {
    let url = server.url(&format!("/api/tables/{token}?after=999999&wait=30"));
    for _ in 0..count {
        let (client, url) = (client_from(source), url.clone());
        tokio::spawn(async move { client.get(url).send().await });
    }
}

/// Asks for the seat's state with a long poll from `source`: the refusal's status, its
/// `Retry-After` and its error kind and detail, or the 200 of a poll that was let wait.
async fn poll_from(server: &Server, source: &str, token: &str) -> (StatusCode, String, Value) {
    let url = server.url(&format!("/api/tables/{token}?after=999999&wait=1"));
    let response = client_from(source).get(url).send().await.unwrap();
    let status = response.status();
    let retry_after = response
        .headers()
        .get("retry-after")
        .map(|v| v.to_str().unwrap().to_string())
        .unwrap_or_default();
    (status, retry_after, response.json().await.unwrap())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn long_polls_are_bounded_per_address_and_per_table() {
    let db = TempDb::new();
    let server = Server::start(config(&db)).await;
    let token = open_table(&server).await;
    // 127.0.0.2 has its 8 waiting; its 9th is refused at once.
    start_polls(&server, "127.0.0.2", &token, 8);
    tokio::time::sleep(Duration::from_millis(500)).await;
    let (status, retry_after, refused) = poll_from(&server, "127.0.0.2", &token).await;
    assert_eq!(
        (status, retry_after.as_str()),
        (StatusCode::TOO_MANY_REQUESTS, "1")
    );
    assert_eq!(refused["error"], "rate_limited");
    assert!(refused["detail"].as_str().unwrap().contains("this address"));
    // Another address may wait (its poll of 1 s ends with the state)...
    let (status, _, state) = poll_from(&server, "127.0.0.3", &token).await;
    assert_eq!(status, StatusCode::OK);
    assert!(state["version"].is_u64(), "{state}");
    // ...until the table has its 16 waiting.
    start_polls(&server, "127.0.0.3", &token, 8);
    tokio::time::sleep(Duration::from_millis(500)).await;
    let (status, retry_after, refused) = poll_from(&server, "127.0.0.4", &token).await;
    assert_eq!(
        (status, retry_after.as_str()),
        (StatusCode::TOO_MANY_REQUESTS, "1")
    );
    assert!(refused["detail"].as_str().unwrap().contains("this table"));
    // A plain read of the state, which does not wait, is never refused.
    let url = server.url(&format!("/api/tables/{token}"));
    let plain = client_from("127.0.0.4").get(url).send().await.unwrap();
    assert_eq!(plain.status(), StatusCode::OK);
}
