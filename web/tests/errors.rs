//! Every error of the API is `{"error": <kind>, "detail": <text>}` JSON with the status that
//! fits: malformed requests of every sort sent to the real server on loopback.

use crate::support;

use reqwest::Method;
use reqwest::header::{AUTHORIZATION, CONTENT_TYPE, HeaderValue};
use serde_json::{Value, json};
use support::{Server, TempDb, config};

const ADMIN: &str = "organiser-token";

async fn server(db: &TempDb) -> Server {
    let mut config = config(db);
    config.admin_token = Some(ADMIN.to_string());
    Server::start(config).await
}

/// Checks that `response` is the documented error: `status`, JSON, exactly "error" (= `kind`)
/// and a non-empty "detail". Returns the detail.
async fn expect_error(response: reqwest::Response, status: u16, kind: &str) -> String {
    assert_eq!(response.status().as_u16(), status, "{response:?}");
    let content_type = response
        .headers()
        .get(CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_string();
    let text = response.text().await.unwrap();
    assert!(
        content_type.starts_with("application/json"),
        "content type {content_type:?} of {text:?}"
    );
    let body: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text:?}"));
    let object = body.as_object().unwrap_or_else(|| panic!("{text}"));
    assert_eq!(object.len(), 2, "{text}");
    assert_eq!(body["error"], kind, "{text}");
    let detail = body["detail"].as_str().unwrap_or_else(|| panic!("{text}"));
    assert!(!detail.is_empty(), "{text}");
    detail.to_string()
}

#[tokio::test]
async fn unknown_routes_and_methods_answer_json() {
    let db = TempDb::new();
    let server = server(&db).await;
    let response = server
        .http
        .get(server.url("/api/nope"))
        .send()
        .await
        .unwrap();
    expect_error(response, 404, "not_found").await;

    for (method, path, allowed) in [
        (Method::PUT, "/api/bots", ["GET", "POST"].as_slice()),
        (Method::DELETE, "/api/games", &["GET"]),
        (Method::GET, "/api/tournaments/x/start", &["POST"]),
    ] {
        let response = server
            .http
            .request(method, server.url(path))
            .send()
            .await
            .unwrap();
        let allow = response.headers()["allow"].to_str().unwrap().to_string();
        let detail = expect_error(response, 405, "method_not_allowed").await;
        for method in allowed {
            assert!(allow.contains(method), "{path}: Allow {allow}");
            assert!(detail.contains(method), "{path}: {detail}");
        }
    }
}

#[tokio::test]
async fn paths_and_queries_that_do_not_read_answer_json() {
    let db = TempDb::new();
    let server = server(&db).await;
    let get = |path: &str| server.http.get(server.url(path)).send();
    expect_error(get("/api/bots/%ff").await.unwrap(), 400, "bad_path").await;
    expect_error(get("/api/matches/%c3%28").await.unwrap(), 400, "bad_path").await;
    expect_error(get("/api/tournaments/%ff").await.unwrap(), 400, "bad_path").await;
    let detail = expect_error(
        get("/api/bots?game=durak&game=most").await.unwrap(),
        400,
        "bad_query",
    )
    .await;
    assert!(detail.contains("game"), "{detail}");
    expect_error(
        get("/api/leaderboard?game=durak&game=durak").await.unwrap(),
        400,
        "bad_query",
    )
    .await;
    expect_error(
        get("/api/leaderboard?game=durak&game").await.unwrap(),
        400,
        "bad_query",
    )
    .await;
}

#[tokio::test]
async fn bad_authorization_headers_are_401_json() {
    let db = TempDb::new();
    let server = server(&db).await;
    let bot = server.register("owned", "http://127.0.0.1:9/bot").await;
    let token = bot["token"].as_str().unwrap();
    let path = format!("/api/bots/{}", bot["id"].as_str().unwrap());
    let headers: Vec<HeaderValue> = vec![
        HeaderValue::from_static("Basic dXNlcjpwYXNz"),
        HeaderValue::from_static("Bearer"),
        HeaderValue::from_static("Bearer    "),
        HeaderValue::from_static(""),
        HeaderValue::from_str(token).unwrap(),
        HeaderValue::from_bytes(b"Bearer \xe9t\xe9").unwrap(),
    ];
    for header in headers {
        let response = server
            .http
            .delete(server.url(&path))
            .header(AUTHORIZATION, header.clone())
            .send()
            .await
            .unwrap();
        expect_error(response, 401, "unauthorized").await;
        let response = server
            .http
            .post(server.url("/api/tournaments/x/start"))
            .header(AUTHORIZATION, header)
            .send()
            .await
            .unwrap();
        expect_error(response, 401, "unauthorized").await;
    }
    // The scheme is matched without regard to case, as HTTP says.
    let response = server
        .http
        .delete(server.url(&path))
        .header(AUTHORIZATION, format!("bearer {token}"))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 204);
}

#[tokio::test]
async fn bodies_too_large_of_the_wrong_type_or_broken_answer_json() {
    let db = TempDb::new();
    let server = server(&db).await;
    let post = |body: Vec<u8>, content_type: &'static str| {
        server
            .http
            .post(server.url("/api/bots"))
            .header(CONTENT_TYPE, content_type)
            .body(body)
            .send()
    };
    let big = format!(r#"{{"name": "{}"}}"#, "x".repeat(20_000)).into_bytes();
    expect_error(
        post(big, "application/json").await.unwrap(),
        413,
        "too_large",
    )
    .await;
    let json = br#"{"name":"a","url":"http://127.0.0.1:9/","game":"durak"}"#.to_vec();
    expect_error(
        post(json, "text/plain").await.unwrap(),
        415,
        "unsupported_media_type",
    )
    .await;
    expect_error(
        post(b"{\"name\":".to_vec(), "application/json")
            .await
            .unwrap(),
        400,
        "bad_json",
    )
    .await;
    // A chunked body (no Content-Length) past the limit is refused too.
    let mut request = b"POST /api/bots HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\
        Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
        .to_vec();
    for _ in 0..20 {
        request.extend_from_slice(b"400\r\n");
        request.extend_from_slice(&[b' '; 1024]);
        request.extend_from_slice(b"\r\n");
    }
    request.extend_from_slice(b"0\r\n\r\n");
    let (status, head, body) = raw(&server, &request).await;
    assert_eq!(status, 413, "{head}");
    assert!(head.contains("application/json"), "{head}");
    let body: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(body["error"], "too_large");
}

/// Sends `request` as it is over a new connection and reads the whole answer: status, head and
/// body.
async fn raw(server: &Server, request: &[u8]) -> (u16, String, String) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut stream = tokio::net::TcpStream::connect(server.running.addr)
        .await
        .unwrap();
    // The server may answer and close before reading all of a refused body.
    let _ = stream.write_all(request).await;
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer).await;
    let text = String::from_utf8_lossy(&answer).to_string();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    (status, head.to_string(), body.to_string())
}

#[tokio::test]
async fn options_are_checked_where_practice_is_asked_for() {
    let db = TempDb::new();
    let server = server(&db).await;
    let bot = server.register("practiser", "http://127.0.0.1:9/bot").await;
    let path = format!("/api/bots/{}/practice", bot["id"].as_str().unwrap());
    let token = bot["token"].as_str();
    for (options, field) in [
        (json!([7]), "JSON object"),
        (json!(7), "JSON object"),
        (
            json!({"shuffle": {"kind": "riffle", "riffles": 1_000_000_000}}),
            "shuffle.riffles",
        ),
        (
            json!({"shuffle": {"kind": "riffle", "packet": 0}}),
            "packet",
        ),
        (json!({"deck_number": "x"}), "deck_number"),
        (json!({"jokers": 2}), "jokers"),
    ] {
        let body = json!({"matches": 1, "opponents": ["random"], "options": options});
        let (status, answer) = server.send(Method::POST, &path, token, Some(body)).await;
        assert_eq!(status.as_u16(), 400, "{options}: {answer}");
        assert_eq!(answer["error"], "bad_options", "{options}: {answer}");
        let detail = answer["detail"].as_str().unwrap();
        assert!(detail.contains(field), "{options}: {detail}");
    }
    let body = json!({"matches": 1, "opponents": ["random"],
                      "options": {"shuffle": {"kind": "riffle", "riffles": 2}}});
    let (status, answer) = server.send(Method::POST, &path, token, Some(body)).await;
    assert_eq!(status.as_u16(), 202, "{answer}");
}

#[tokio::test]
async fn options_are_checked_where_a_tournament_is_created() {
    let db = TempDb::new();
    let server = server(&db).await;
    for (options, field) in [
        (json!([7]), "JSON object"),
        (
            json!({"shuffle": {"kind": "riffle", "riffles": 1_000_000_000}}),
            "shuffle.riffles",
        ),
        (json!({"deck_number": -1}), "deck_number"),
    ] {
        let spec = json!({"name": "cup", "game": "durak", "stages": [
            {"kind": "house", "opponents": ["random"], "matches": 2},
            {"kind": "final", "top": 2, "deals": 1, "options": options},
        ]});
        let (status, answer) = server
            .send(Method::POST, "/api/tournaments", Some(ADMIN), Some(spec))
            .await;
        assert_eq!(status.as_u16(), 400, "{options}: {answer}");
        assert_eq!(answer["error"], "bad_options", "{options}: {answer}");
        let detail = answer["detail"].as_str().unwrap();
        assert!(
            detail.contains(field) && detail.contains("stage 1"),
            "{options}: {detail}"
        );
    }
}
