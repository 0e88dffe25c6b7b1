//! What clients create is counted by network (an IPv4 /24, an IPv6 /64, or as configured) in
//! every mode: registrations rotating through one network's addresses are refused past its rate
//! while another network still registers, the server's cap on unused bots refuses registration
//! until a bot answers, and versions and practice matches have their rates per network too. The
//! server runs on loopback behind a trusted proxy (127.0.0.1), so that each request names its
//! client in `X-Forwarded-For`; every answer is checked against the OpenAPI document.

use crate::support;

use cardarena_store::Networks;
use cardarena_web::app::ServeConfig;
use cardarena_web::proxy::{TrustedProxies, parse_range};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use support::{Server, TempDb, config, test_bots};

/// A server (not public) behind a proxy on loopback.
fn behind_proxy(db: &TempDb) -> ServeConfig {
    let mut config = config(db);
    config.trust_proxy = TrustedProxies::new(vec![parse_range("127.0.0.1").unwrap()]);
    config
}

/// Sends `body` with `method` to `path` for the client `forwarded`, with a bearer `token` if
/// given: the status, the JSON answer and its `Retry-After`, checked against the document.
async fn send_from(
    server: &Server,
    forwarded: &str,
    method: Method,
    path: &str,
    token: Option<&str>,
    body: Value,
) -> (StatusCode, Value, Option<String>) {
    let mut request = (server.http.request(method.clone(), server.url(path)))
        .header("x-forwarded-for", forwarded)
        .json(&body);
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    let response = request.send().await.unwrap();
    let status = response.status();
    let retry = (response.headers().get("retry-after")).map(|v| v.to_str().unwrap().to_string());
    let json: Value = response.json().await.unwrap();
    let contract = server.contract().await;
    let checked = contract.check(
        method.as_str(),
        path,
        status.as_u16(),
        Some("application/json"),
        &json,
    );
    assert_eq!(checked, Ok(()), "{method} {path} {status} {json}");
    (status, json, retry)
}

/// Registers a dial-out bot named `name` for `forwarded`: the status and answer.
async fn register_from(server: &Server, forwarded: &str, name: &str) -> (StatusCode, Value) {
    let body = json!({"name": name, "game": "durak", "connect": true});
    let (status, answer, _) =
        send_from(server, forwarded, Method::POST, "/api/bots", None, body).await;
    (status, answer)
}

/// Registers one bot from each of `clients` in turn: how many were created, and the kinds of
/// error of the rest.
async fn rotate(server: &Server, clients: &[String], prefix: &str) -> (usize, Vec<Value>) {
    let mut created = 0;
    let mut refused = Vec::new();
    for (k, client) in clients.iter().enumerate() {
        let (status, answer) = register_from(server, client, &format!("{prefix}{k}")).await;
        match status {
            StatusCode::CREATED => created += 1,
            _ => refused.push(answer["error"].clone()),
        }
    }
    (created, refused)
}

#[tokio::test]
async fn registrations_rotating_through_one_network_share_its_rate() {
    let db = TempDb::new();
    let mut config = behind_proxy(&db);
    config.limits.registrations_per_hour = 5;
    let server = Server::start(config).await;
    let v4: Vec<String> = (1..=12).map(|k| format!("203.0.113.{k}")).collect();
    let (created, refused) = rotate(&server, &v4, "v4-").await;
    assert_eq!(created, 5);
    assert_eq!(refused, vec![json!("rate_limited"); 7]);
    // An IPv4 address mapped into IPv6 is the same network.
    let (status, _) = register_from(&server, "::ffff:203.0.113.200", "mapped").await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    let v6: Vec<String> = (1..=12)
        .map(|k| format!("2001:db8:1:2::{k:x}:{k}"))
        .collect();
    let (created, refused) = rotate(&server, &v6, "v6-").await;
    assert_eq!(created, 5);
    assert_eq!(refused, vec![json!("rate_limited"); 7]);
    // Other networks still register: the next /24, the next /64.
    let (status, answer) = register_from(&server, "203.0.114.1", "other-v4").await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    let (status, answer) = register_from(&server, "2001:db8:1:3::1", "other-v6").await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    let body = json!({"name": "again", "game": "durak", "connect": true});
    let (status, refusal, retry) = send_from(
        &server,
        "203.0.113.250",
        Method::POST,
        "/api/bots",
        None,
        body,
    )
    .await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    // One of 5 an hour comes back every 12 minutes.
    let retry: u64 = retry.expect("Retry-After").parse().unwrap();
    assert!((600..=721).contains(&retry), "{retry}");
    let detail = refusal["detail"].as_str().unwrap();
    assert!(
        detail.contains("your network registered its 5 bots"),
        "{detail}"
    );
    assert!(
        !detail.contains("--"),
        "a player's error names no server flag: {detail}"
    );
}

#[tokio::test]
async fn the_networks_counted_are_as_configured() {
    let db = TempDb::new();
    let mut config = behind_proxy(&db);
    config.limits.registrations_per_hour = 2;
    // Single addresses in IPv4, /48s in IPv6.
    config.networks = Networks::new(32, 48).unwrap();
    let server = Server::start(config).await;
    let v4: Vec<String> = (1..=4).map(|k| format!("203.0.113.{k}")).collect();
    assert_eq!(rotate(&server, &v4, "a").await.0, 4);
    let v6: Vec<String> = (1..=4).map(|k| format!("2001:db8:1:{k}::1")).collect();
    assert_eq!(rotate(&server, &v6, "b").await.0, 2);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unused_bots_are_capped_until_one_answers() {
    let db = TempDb::new();
    let mut config = behind_proxy(&db);
    config.limits.max_unused_bots = 4;
    let server = Server::start(config).await;
    let bots = test_bots().await;
    // One bot that answers its ping (it is not unused), and dial-out bots that never connect,
    // each from a network of its own: the rate per network is not what refuses them.
    let body = json!({"name": "answers", "game": "durak", "url": bots.url("/good")});
    let (status, answering, _) = send_from(
        &server,
        "198.51.100.1",
        Method::POST,
        "/api/bots",
        None,
        body,
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{answering}");
    server.wait_active(answering["id"].as_str().unwrap()).await;
    let mut silent = Vec::new();
    let mut refused = Vec::new();
    for k in 1..=6 {
        let (status, answer) =
            register_from(&server, &format!("203.0.{k}.1"), &format!("s{k}")).await;
        match status {
            StatusCode::CREATED => silent.push(answer),
            _ => refused.push(answer["error"].clone()),
        }
    }
    assert_eq!(silent.len(), 4);
    assert_eq!(refused, vec![json!("registrations_full"); 2]);
    let body = json!({"name": "late", "game": "durak", "connect": true});
    let (status, full, retry) = send_from(
        &server,
        "192.0.2.1",
        Method::POST,
        "/api/bots",
        None,
        body.clone(),
    )
    .await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
    assert!(retry.is_some(), "a 503 says when to try again");
    let detail = full["detail"].as_str().unwrap();
    assert!(
        detail.contains("4 bots that have never answered"),
        "{detail}"
    );
    assert!(!detail.contains("--"), "{detail}");
    // One of them moves to a URL that answers: once its ping passes, there is room for one.
    let moved = &silent[0];
    let path = format!("/api/bots/{}", moved["id"].as_str().unwrap());
    let change = json!({"url": bots.url("/good")});
    let token = moved["token"].as_str();
    let (status, _, _) = send_from(&server, "203.0.1.1", Method::PATCH, &path, token, change).await;
    assert_eq!(status, StatusCode::OK);
    server.wait_active(moved["id"].as_str().unwrap()).await;
    let (status, answer, _) =
        send_from(&server, "192.0.2.1", Method::POST, "/api/bots", None, body).await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    let (status, _) = register_from(&server, "192.0.2.2", "one-too-many").await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
}

#[tokio::test]
async fn versions_and_practice_have_rates_per_network() {
    let db = TempDb::new();
    let mut config = behind_proxy(&db);
    // Nothing plays: the practice matches stay queued.
    config.plays = false;
    config.limits.versions_per_hour = 3;
    config.limits.practice_per_hour = 5;
    let server = Server::start(config).await;
    let (_, a) = register_from(&server, "203.0.113.1", "a").await;
    let (_, b) = register_from(&server, "203.0.113.2", "b").await;
    let (_, c) = register_from(&server, "198.51.100.1", "c").await;
    let versions = |bot: &Value| format!("/api/bots/{}/versions", bot["id"].as_str().unwrap());
    let token = |bot: &Value| bot["token"].as_str().unwrap().to_string();
    let mut statuses = Vec::new();
    for (client, bot) in [
        ("203.0.113.1", &a),
        ("203.0.113.2", &b),
        ("203.0.113.3", &a),
    ] {
        let path = versions(bot);
        let (status, _, _) = send_from(
            &server,
            client,
            Method::POST,
            &path,
            Some(&token(bot)),
            json!({}),
        )
        .await;
        statuses.push(status);
    }
    assert_eq!(statuses, vec![StatusCode::CREATED; 3]);
    // A new URL is a new version too, and counts.
    let change = json!({"url": "http://127.0.0.1:9/elsewhere"});
    let path = format!("/api/bots/{}", b["id"].as_str().unwrap());
    let (status, limited, _) = send_from(
        &server,
        "203.0.113.4",
        Method::PATCH,
        &path,
        Some(&token(&b)),
        change,
    )
    .await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{limited}");
    let (status, _, _) = send_from(
        &server,
        "198.51.100.9",
        Method::POST,
        &versions(&c),
        Some(&token(&c)),
        json!({}),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED);

    let practice = |bot: &Value| format!("/api/bots/{}/practice", bot["id"].as_str().unwrap());
    let ask = |n: u32| json!({"matches": n, "opponents": ["random"]});
    let (status, _, _) = send_from(
        &server,
        "203.0.113.1",
        Method::POST,
        &practice(&a),
        Some(&token(&a)),
        ask(3),
    )
    .await;
    assert_eq!(status, StatusCode::ACCEPTED);
    let (status, limited, _) = send_from(
        &server,
        "203.0.113.2",
        Method::POST,
        &practice(&b),
        Some(&token(&b)),
        ask(3),
    )
    .await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{limited}");
    assert!(
        limited["detail"]
            .as_str()
            .unwrap()
            .contains("5 practice matches an hour")
    );
    let (status, _, _) = send_from(
        &server,
        "203.0.113.2",
        Method::POST,
        &practice(&b),
        Some(&token(&b)),
        ask(2),
    )
    .await;
    assert_eq!(status, StatusCode::ACCEPTED);
    let (status, _, _) = send_from(
        &server,
        "198.51.100.1",
        Method::POST,
        &practice(&c),
        Some(&token(&c)),
        ask(5),
    )
    .await;
    assert_eq!(status, StatusCode::ACCEPTED);
}
