//! A JSON body the API cannot take is answered, on every route that reads one, with the API's
//! error shape and a detail a person reads: a missing field named ("the field \"opponents\" is
//! missing"), a value of the wrong type with what was wanted, a body that is not JSON, a body
//! sent without `Content-Type: application/json`; never the deserializer's own message.

use crate::support;

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use support::{Server, TempDb, config};

const ADMIN: &str = "body-errors-organiser";

/// One route that reads a JSON body: how to call it, a body missing a field (and which), and a
/// body with a value of the wrong type (and which field).
struct Route {
    method: Method,
    path: String,
    token: Option<String>,
    missing: Option<(Value, &'static str)>,
    wrong_type: (Value, &'static str),
    /// Whether a body without `Content-Type: application/json` is refused (a new version's
    /// body is optional, so that route reads whatever comes).
    typed: bool,
}

/// The error of an answer: status, `error` and `detail`, the body checked to be the API's shape.
async fn error_of(response: reqwest::Response) -> (StatusCode, String, String) {
    let status = response.status();
    let content_type = response
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_string();
    let body: Value = response.json().await.expect("a JSON error body");
    assert!(
        content_type.starts_with("application/json"),
        "{content_type}"
    );
    let object = body.as_object().expect("an object");
    assert_eq!(object.len(), 2, "only error and detail: {body}");
    let kind = body["error"].as_str().expect("error").to_string();
    let detail = body["detail"].as_str().expect("detail").to_string();
    (status, kind, detail)
}

/// The deserializer's and axum's own words, which a person should never be shown.
fn assert_in_words(detail: &str) {
    for raw in [
        "Failed to",
        "deserialize",
        "target type",
        "`",
        "Expected request",
        "u32",
        "a sequence",
    ] {
        assert!(!detail.contains(raw), "{raw:?} in {detail:?}");
    }
}

async fn send(server: &Server, route: &Route, body: Option<(&str, &[u8])>) -> reqwest::Response {
    let mut request = server
        .http
        .request(route.method.clone(), server.url(&route.path));
    if let Some(token) = &route.token {
        request = request.bearer_auth(token);
    }
    if let Some((content_type, bytes)) = body {
        if !content_type.is_empty() {
            request = request.header("content-type", content_type);
        }
        request = request.body(bytes.to_vec());
    }
    request.send().await.unwrap()
}

#[tokio::test]
async fn every_json_body_refused_is_the_api_error_in_words() {
    let db = TempDb::new();
    let mut config = config(&db);
    config.admin_token = Some(ADMIN.to_string());
    let server = Server::start(config).await;
    let bot = server.register("words", "http://127.0.0.1:9/").await;
    let id = bot["id"].as_str().unwrap().to_string();
    let token = bot["token"].as_str().unwrap().to_string();
    let (status, tournament) = server
        .send(
            Method::POST,
            "/api/tournaments",
            Some(ADMIN),
            Some(json!({"name": "Cup", "game": "durak",
                        "stages": [{"kind": "house", "opponents": ["random"], "matches": 1}]})),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{tournament}");
    let tournament = tournament["id"].as_str().unwrap().to_string();

    let owner = Some(token.clone());
    let routes = [
        Route {
            method: Method::POST,
            path: "/api/bots".into(),
            token: None,
            missing: Some((
                json!({"url": "http://127.0.0.1:9/", "game": "durak"}),
                "name",
            )),
            wrong_type: (json!({"name": 7, "game": "durak", "connect": true}), "name"),
            typed: true,
        },
        Route {
            method: Method::PATCH,
            path: format!("/api/bots/{id}"),
            token: owner.clone(),
            missing: None,
            wrong_type: (json!({"active": "yes"}), "active"),
            typed: true,
        },
        Route {
            method: Method::POST,
            path: format!("/api/bots/{id}/versions"),
            token: owner.clone(),
            missing: None,
            wrong_type: (json!({"note": ["a"]}), "note"),
            typed: false,
        },
        Route {
            method: Method::POST,
            path: format!("/api/bots/{id}/practice"),
            token: owner.clone(),
            missing: Some((json!({"matches": 1}), "opponents")),
            wrong_type: (json!({"matches": "3", "opponents": ["random"]}), "matches"),
            typed: true,
        },
        Route {
            method: Method::POST,
            path: "/api/tables".into(),
            token: None,
            missing: Some((json!({"game": "durak"}), "seats")),
            wrong_type: (json!({"game": "durak", "seats": "person"}), "seats"),
            typed: true,
        },
        Route {
            method: Method::POST,
            path: "/api/tournaments".into(),
            token: Some(ADMIN.into()),
            missing: Some((json!({"name": "Cup", "stages": []}), "game")),
            wrong_type: (
                json!({"name": "Cup", "game": "durak", "stages": {}}),
                "stages",
            ),
            typed: true,
        },
        Route {
            method: Method::POST,
            path: format!("/api/tournaments/{tournament}/entries"),
            token: owner.clone(),
            missing: Some((json!({}), "bot_id")),
            wrong_type: (json!({"bot_id": 3}), "bot_id"),
            typed: true,
        },
        Route {
            method: Method::POST,
            path: format!("/api/admin/bots/{id}/pause"),
            token: Some(ADMIN.into()),
            missing: Some((json!({"by": "Ann"}), "reason")),
            wrong_type: (json!({"reason": true}), "reason"),
            typed: true,
        },
    ];

    for route in &routes {
        let at = format!("{} {}", route.method, route.path);
        if let Some((body, field)) = &route.missing {
            let bytes = serde_json::to_vec(body).unwrap();
            let answer = send(&server, route, Some(("application/json", &bytes))).await;
            let (status, kind, detail) = error_of(answer).await;
            assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{at}: {detail}");
            assert_eq!(kind, "bad_json", "{at}");
            assert!(
                detail.contains(&format!("the field \"{field}\" is missing")),
                "{at}: {detail}"
            );
            assert_in_words(&detail);
        }
        let (body, field) = &route.wrong_type;
        let bytes = serde_json::to_vec(body).unwrap();
        let answer = send(&server, route, Some(("application/json", &bytes))).await;
        let (status, kind, detail) = error_of(answer).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{at}: {detail}");
        assert_eq!(kind, "bad_json", "{at}");
        assert!(
            detail.contains(&format!("\"{field}\" must be ")) && detail.contains(", not "),
            "{at}: {detail}"
        );
        assert_in_words(&detail);

        let answer = send(&server, route, Some(("application/json", b"{nope"))).await;
        let (status, kind, detail) = error_of(answer).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{at}: {detail}");
        assert_eq!(kind, "bad_json", "{at}");
        assert!(
            detail.starts_with("the body is not JSON: ") && detail.contains("line 1, column "),
            "{at}: {detail}"
        );

        if !route.typed {
            continue;
        }
        let answer = send(&server, route, Some(("text/plain", b"{}"))).await;
        let (status, kind, detail) = error_of(answer).await;
        assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE, "{at}: {detail}");
        assert_eq!(kind, "unsupported_media_type", "{at}");
        assert!(
            detail.contains("Content-Type: application/json"),
            "{at}: {detail}"
        );
        assert_in_words(&detail);
    }

    // The issue's own case, through the contract-checked client: a practice request without
    // `opponents` is the documented 422 with the field named.
    let (status, answer) = server
        .send(
            Method::POST,
            &format!("/api/bots/{id}/practice"),
            Some(&token),
            Some(json!({"matches": 2})),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
    assert_eq!(
        answer,
        json!({"error": "bad_json",
               "detail": "the body does not fit: the field \"opponents\" is missing"})
    );
    // An empty body where an object is wanted says so.
    let route = &routes[3];
    let answer = send(&server, route, Some(("application/json", b""))).await;
    let (status, _, detail) = error_of(answer).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(detail, "the body is empty: send a JSON object");
}
