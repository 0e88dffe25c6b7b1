//! Behind a proxy (`serve --trust-proxy`, `--max-connections-per-address`): `X-Forwarded-For` is
//! believed only from trusted peers, where its right-most untrusted entry is the client every
//! per-client limit counts (registrations by the client's network, tables by address and by
//! network); spoofed entries get nobody a fresh allowance.
//! One address holding its share of connections takes neither another's place nor its answer,
//! and behind a trusted proxy each client has its own share of requests in progress. The server
//! runs in process on 127.0.0.1; clients bind 127.0.0.1 or 127.0.0.2 as their source address.

use crate::support;

use std::time::Duration;

use cardarena_web::proxy::{TrustedProxies, parse_range};
use reqwest::StatusCode;
use serde_json::{Value, json};
use support::raw_http::{answer, ask_games, closed, connect_from, head_of_post, in_progress};
use support::{Server, TempDb, config};
use tokio::io::AsyncWriteExt;

/// Trusts the proxies in `ranges`.
fn trust(ranges: &[&str]) -> TrustedProxies {
    TrustedProxies::new(ranges.iter().map(|r| parse_range(r).unwrap()).collect())
}

/// POSTs `body` to `path` with `X-Forwarded-For: forwarded` (none if empty): status and JSON.
async fn post_as(server: &Server, forwarded: &str, path: &str, body: Value) -> (StatusCode, Value) {
    let mut request = server.http.post(server.url(path)).json(&body);
    if !forwarded.is_empty() {
        request = request.header("x-forwarded-for", forwarded);
    }
    let response = request.send().await.unwrap();
    let status = response.status();
    (status, response.json().await.unwrap())
}

/// Registers a dial-out bot named `name` (public mode takes no loopback URL): the status, and the
/// error's kind if refused.
async fn register_as(server: &Server, forwarded: &str, name: &str) -> (StatusCode, Value) {
    let body = json!({"name": name, "game": "durak", "connect": true});
    let (status, answer) = post_as(server, forwarded, "/api/bots", body).await;
    (status, answer["error"].clone())
}

/// Opens a table for a person against a house bot: the status, and the error's kind if refused.
async fn open_table_as(server: &Server, forwarded: &str) -> (StatusCode, Value) {
    let body = json!({"game": "durak", "seats": ["person", "random"]});
    let (status, answer) = post_as(server, forwarded, "/api/tables", body).await;
    (status, answer["error"].clone())
}

/// A public server allowing each client one registration an hour and one open table.
fn one_each(db: &TempDb, trusted: TrustedProxies) -> cardarena_web::app::ServeConfig {
    let mut config = config(db);
    config.public = true;
    config.limits.registrations_per_hour = 1;
    config.table_limits.per_client = 1;
    config.trust_proxy = trusted;
    config
}

const CREATED: (StatusCode, Value) = (StatusCode::CREATED, Value::Null);

fn rate_limited() -> (StatusCode, Value) {
    (StatusCode::TOO_MANY_REQUESTS, json!("rate_limited"))
}

#[tokio::test]
async fn an_untrusted_peers_forwarded_for_is_ignored_and_the_peer_is_counted() {
    let db = TempDb::new();
    // The proxies trusted are elsewhere: 127.0.0.1 is an ordinary client.
    let server = Server::start(one_each(&db, trust(&["10.0.0.0/8"]))).await;
    assert_eq!(register_as(&server, "203.0.113.1", "one").await, CREATED);
    // Each request names another client, and each is counted as the peer it came from.
    assert_eq!(
        register_as(&server, "203.0.113.2", "two").await,
        rate_limited()
    );
    assert_eq!(register_as(&server, "", "three").await, rate_limited());
    assert_eq!(open_table_as(&server, "203.0.113.1").await, CREATED);
    assert_eq!(open_table_as(&server, "203.0.113.2").await, rate_limited());
    let (status, _) = open_table_as(&server, "10.1.1.1, 203.0.113.3").await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
}

#[tokio::test]
async fn behind_a_trusted_proxy_each_forwarded_network_has_its_own_allowance() {
    let db = TempDb::new();
    let server = Server::start(one_each(&db, trust(&["127.0.0.1/32", "10.0.0.0/8"]))).await;
    assert_eq!(register_as(&server, "203.0.113.1", "a1").await, CREATED);
    assert_eq!(
        register_as(&server, "203.0.113.1", "a2").await,
        rate_limited()
    );
    // Registrations count the client's network (its /24): another address of it shares it.
    assert_eq!(
        register_as(&server, "203.0.113.2", "a3").await,
        rate_limited()
    );
    assert_eq!(register_as(&server, "198.51.100.2", "b1").await, CREATED);
    // Without the header, the proxy is the client (its own allowance).
    assert_eq!(register_as(&server, "", "proxy").await, CREATED);
    // Behind a second trusted proxy: the entry left of it.
    assert_eq!(
        register_as(&server, "192.0.2.3, 10.1.1.1", "c1").await,
        CREATED
    );
    assert_eq!(
        register_as(&server, "192.0.2.3,10.2.2.2", "c2").await,
        rate_limited()
    );

    assert_eq!(open_table_as(&server, "203.0.113.1").await, CREATED);
    assert_eq!(open_table_as(&server, "203.0.113.1").await, rate_limited());
    assert_eq!(open_table_as(&server, "[2001:db8::7]:4431").await, CREATED);
    assert_eq!(open_table_as(&server, "2001:db8::7").await, rate_limited());
    assert_eq!(open_table_as(&server, "203.0.113.2").await, CREATED);
}

#[tokio::test]
async fn spoofed_entries_left_of_the_proxys_own_cannot_escape_the_limits() {
    let db = TempDb::new();
    let server = Server::start(one_each(&db, trust(&["127.0.0.1/32"]))).await;
    // The proxy appends the address it saw (203.0.113.1) to whatever the client sent.
    assert_eq!(open_table_as(&server, "203.0.113.1").await, CREATED);
    for sent in [
        "198.51.100.9",
        "127.0.0.1",
        "198.51.100.9, 127.0.0.1",
        "garbage",
        "198.51.100.10, unknown",
    ] {
        let chain = format!("{sent}, 203.0.113.1");
        assert_eq!(
            open_table_as(&server, &chain).await,
            rate_limited(),
            "{chain}"
        );
        // And as a second header instance.
        let mut request = server.http.post(server.url("/api/tables"));
        request = request
            .header("x-forwarded-for", sent)
            .header("x-forwarded-for", "203.0.113.1")
            .json(&json!({"game": "durak", "seats": ["person", "random"]}));
        let response = request.send().await.unwrap();
        assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS, "{sent}");
    }
    // An entry the trusted proxy wrote that is no address counts as the proxy itself.
    assert_eq!(
        open_table_as(&server, "203.0.113.1, nonsense").await,
        CREATED
    );
    assert_eq!(open_table_as(&server, "").await, rate_limited());
}

/// A server with 4 connection places, 2 per address, and 10 s heads and bodies.
async fn four_places(db: &TempDb, trusted: TrustedProxies) -> Server {
    let mut config = config(db);
    config.connections.max_connections = 4;
    config.connections.max_per_address = 2;
    config.connections.head_timeout = Duration::from_secs(10);
    config.body_timeout = Duration::from_secs(10);
    config.trust_proxy = trusted;
    Server::start(config).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_address_whose_connections_are_all_busy_cannot_take_the_other_places() {
    let db = TempDb::new();
    let server = four_places(&db, TrustedProxies::default()).await;
    let addr = server.running.addr;
    let body = json!({"name": "held", "game": "durak", "connect": true}).to_string();
    // 127.0.0.2 tries to hold every place with a request whose body is slow to come.
    let mut busy = Vec::new();
    for i in 0..4 {
        let mut stream = connect_from("127.0.0.2", addr).await;
        let head = head_of_post(body.len(), "203.0.113.1");
        stream.write_all(head.as_bytes()).await.unwrap();
        if i < 2 {
            in_progress(&mut stream).await;
        }
        busy.push(stream);
    }
    // Past its two, it is refused at once: 429 in the API's JSON shape, and closed.
    for stream in &mut busy[2..] {
        let (status, refused) = answer(stream).await.expect("a refusal");
        let refused: Value = serde_json::from_str(&refused).unwrap();
        assert_eq!((status, &refused["error"]), (429, &json!("rate_limited")));
        let detail = refused["detail"].as_str().unwrap();
        assert!(
            detail.starts_with("Your address has 2 connections open") && !detail.contains("--"),
            "{detail}"
        );
        assert!(closed(stream).await);
    }
    // 127.0.0.1 connects and is answered at once, not after the body timeout.
    let mut fresh = connect_from("127.0.0.1", addr).await;
    assert_eq!(ask_games(&mut fresh).await, Some(200));
    // The two it holds were served on, not closed.
    for stream in &mut busy[..2] {
        stream.write_all(body.as_bytes()).await.unwrap();
        let (status, _) = answer(stream).await.expect("the held request's answer");
        assert!(status == 201 || status == 409, "{status}");
    }
    drop(busy);
    assert!(refusals(&server, "connections").await >= 2.0);
}

/// The listener's refusals of one kind so far, as `/metrics` counts them.
async fn refusals(server: &Server, share: &str) -> f64 {
    let page = reqwest::get(server.url("/metrics")).await.unwrap();
    let page = page.text().await.unwrap();
    let series = format!("cardarena_refused_total{{share=\"{share}\"}} ");
    let line = page.lines().find(|l| l.starts_with(&series));
    line.map_or(0.0, |l| l[series.len()..].parse().unwrap())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_address_past_its_share_replaces_its_own_idle_connections_not_anothers() {
    let db = TempDb::new();
    let server = four_places(&db, TrustedProxies::default()).await;
    let addr = server.running.addr;
    // 127.0.0.1 holds two kept-alive connections, idle after an answer each.
    let mut kept = Vec::new();
    for _ in 0..2 {
        let mut stream = connect_from("127.0.0.1", addr).await;
        assert_eq!(ask_games(&mut stream).await, Some(200));
        kept.push(stream);
    }
    // 127.0.0.2 opens ten silent connections: each one past its two closes its own oldest.
    let mut silent = Vec::new();
    for _ in 0..10 {
        silent.push(connect_from("127.0.0.2", addr).await);
    }
    for stream in &mut silent[..8] {
        assert!(closed(stream).await, "an older silent connection is open");
    }
    // Its last two are served, and so are 127.0.0.1's, on the connections they had.
    for stream in silent[8..].iter_mut().chain(&mut kept) {
        assert_eq!(ask_games(stream).await, Some(200));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn behind_a_trusted_proxy_each_client_has_its_share_of_requests_in_progress() {
    let db = TempDb::new();
    let server = four_places(&db, trust(&["127.0.0.1/32"])).await;
    let addr = server.running.addr;
    let body = json!({"name": "slow", "game": "durak", "connect": true}).to_string();
    // The proxy's connections are not counted per address: it opens all four places.
    let mut proxied = Vec::new();
    for _ in 0..4 {
        proxied.push(connect_from("127.0.0.1", addr).await);
    }
    // 203.0.113.1 has two requests in progress; its third is refused at once.
    for (i, stream) in proxied[..3].iter_mut().enumerate() {
        let head = head_of_post(body.len(), "203.0.113.1");
        stream.write_all(head.as_bytes()).await.unwrap();
        if i < 2 {
            in_progress(stream).await;
        }
    }
    let (status, refused) = answer(&mut proxied[2]).await.expect("a refusal");
    let refused: Value = serde_json::from_str(&refused).unwrap();
    assert_eq!((status, &refused["error"]), (429, &json!("rate_limited")));
    // Another client through the same proxy is answered at once.
    let request = "GET /api/games HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: 203.0.113.2\r\n\r\n";
    proxied[3].write_all(request.as_bytes()).await.unwrap();
    assert_eq!(answer(&mut proxied[3]).await.map(|a| a.0), Some(200));
    // When one of 203.0.113.1's requests ends, it may make another.
    proxied[0].write_all(body.as_bytes()).await.unwrap();
    assert_eq!(answer(&mut proxied[0]).await.map(|a| a.0), Some(201));
    let request = "GET /api/games HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: 203.0.113.1\r\n\r\n";
    proxied[3].write_all(request.as_bytes()).await.unwrap();
    assert_eq!(answer(&mut proxied[3]).await.map(|a| a.0), Some(200));
    drop(proxied);
    assert!(refusals(&server, "requests").await >= 1.0);
}
