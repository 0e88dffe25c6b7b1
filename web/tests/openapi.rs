//! GET /api/openapi.json: the document covers every route of the router, is structurally valid
//! OpenAPI 3.1, and the tests' answer check (support/contract.rs) can fail.

use crate::support;

use std::collections::BTreeSet;

use reqwest::Method;
use serde_json::{Value, json};
use support::{Server, TempDb, config};

/// The document served by a fresh server.
async fn served() -> (TempDb, Server, Value) {
    let db = TempDb::new();
    let server = Server::start(config(&db)).await;
    let (status, doc) = server.get("/api/openapi.json").await;
    assert_eq!(status, 200, "{doc}");
    (db, server, doc)
}

/// The (method, path) pairs the document describes.
fn operations(doc: &Value) -> BTreeSet<(String, String)> {
    let mut out = BTreeSet::new();
    for (path, item) in doc["paths"].as_object().expect("paths") {
        for method in [
            "get", "put", "post", "patch", "delete", "head", "options", "trace",
        ] {
            if item.get(method).is_some() {
                out.insert((method.to_string(), path.clone()));
            }
        }
    }
    out
}

/// The routes the API's source registers outside utoipa-axum's `routes!` (which documents each
/// route as it registers it): each `.route("<path>", get(..).post(..))` as (method, /api<path>).
/// Any other way of adding routes (`nest`, `merge`, `route_service`) is refused outright.
fn routes_outside_the_document(source: &str, file: &str) -> Vec<(String, String)> {
    for bypass in [".nest(", ".merge(", ".route_service(", ".nest_service("] {
        assert!(
            !source.contains(bypass),
            "{file} adds routes with {bypass}: register them with routes!(..) so they are documented"
        );
    }
    let mut found = Vec::new();
    for (at, _) in source.match_indices(".route(") {
        let call = &source[at + ".route(".len()..];
        let path = call
            .split('"')
            .nth(1)
            .expect("a .route call names its path");
        // The call's method routers, up to its closing parenthesis.
        let mut depth = 1;
        let end = call
            .char_indices()
            .find(|&(_, c)| {
                depth += match c {
                    '(' => 1,
                    ')' => -1,
                    _ => 0,
                };
                depth == 0
            })
            .map_or(call.len(), |(i, _)| i);
        let methods = &call[..end];
        let before = found.len();
        for method in ["get", "post", "put", "patch", "delete"] {
            let called = methods.match_indices(&format!("{method}(")).any(|(i, _)| {
                let previous = methods[..i].chars().next_back();
                !previous.is_some_and(|c| c.is_alphanumeric() || c == '_')
            });
            if called {
                found.push((method.to_string(), format!("/api{path}")));
            }
        }
        assert!(
            found.len() > before,
            "{file}: cannot tell the methods of .route(\"{path}\", …): name them with get(..), post(..)"
        );
    }
    found
}

#[tokio::test]
async fn every_route_is_in_the_document_and_every_documented_route_answers() {
    let (_db, server, doc) = served().await;
    let documented = operations(&doc);
    // Every route the source registers without documenting it as it goes must be documented.
    let api = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/api");
    let mut files: Vec<_> = std::fs::read_dir(&api)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "rs"))
        .collect();
    files.sort();
    assert!(files.iter().any(|f| f.ends_with("mod.rs")));
    for file in &files {
        let source = std::fs::read_to_string(file).unwrap();
        let name = file.display().to_string();
        for route in routes_outside_the_document(&source, &name) {
            assert!(
                documented.contains(&route),
                "{name} routes {} {} without documenting it in /api/openapi.json",
                route.0,
                route.1
            );
        }
    }
    // The source scan finds what it looks for.
    let sample =
        r#"Router::new().route("/x/{id}", get(a).delete(budget(b))).route("/y", routing::post(c))"#;
    assert_eq!(
        routes_outside_the_document(sample, "sample"),
        [
            ("get".to_string(), "/api/x/{id}".to_string()),
            ("delete".to_string(), "/api/x/{id}".to_string()),
            ("post".to_string(), "/api/y".to_string()),
        ]
    );
    // Every documented operation is routed: neither the fallback's 404 nor a 405.
    let expected = [
        "get /api/bots",
        "post /api/bots",
        "get /api/bots/{id}",
        "patch /api/bots/{id}",
        "delete /api/bots/{id}",
        "get /api/bots/{id}/owner",
        "post /api/bots/{id}/practice",
        "get /api/matches/{id}",
        "get /api/matches/{id}/frames",
        "post /api/matches/{id}/analysis",
        "get /api/matches/{id}/analysis",
        "get /api/matches/{id}/live",
        "get /api/matches/{id}/replay.json",
        "get /api/matches/{id}/log.txt",
        "post /api/tables",
        "get /api/tables/{token}",
        "post /api/tables/{token}",
        "delete /api/tables/{token}",
        "get /api/leaderboard",
        "get /api/games",
        "get /api/tournaments",
        "post /api/tournaments",
        "get /api/tournaments/{id}",
        "post /api/tournaments/{id}/entries",
        "post /api/tournaments/{id}/start",
        "post /api/tournaments/{id}/advance",
        "get /api/workers",
        "get /api/openapi.json",
    ];
    for route in expected {
        let (method, path) = route.split_once(' ').unwrap();
        assert!(
            documented.contains(&(method.to_string(), path.to_string())),
            "{route} is missing from the document"
        );
    }
    for (method, template) in &documented {
        let path: Vec<String> = template
            .split('/')
            .map(|s| match s.starts_with('{') {
                true => "no-such-id".to_string(),
                false => s.to_string(),
            })
            .collect();
        let path = path.join("/");
        let method = Method::from_bytes(method.to_uppercase().as_bytes()).unwrap();
        let (status, body) = server.send(method.clone(), &path, None, None).await;
        assert_ne!(status, 405, "{method} {path}: {body}");
        assert_ne!(
            body["detail"], "no such API route",
            "{method} {path} is not routed"
        );
    }
}

/// Every `$ref` in `value`, with where it is.
fn refs(value: &Value, at: &str, out: &mut Vec<(String, String)>) {
    match value {
        Value::Object(map) => {
            for (key, inner) in map {
                if key == "$ref" {
                    out.push((at.to_string(), inner.as_str().unwrap_or("").to_string()));
                }
                refs(inner, &format!("{at}/{key}"), out);
            }
        }
        Value::Array(items) => {
            for (i, inner) in items.iter().enumerate() {
                refs(inner, &format!("{at}/{i}"), out);
            }
        }
        _ => {}
    }
}

#[tokio::test]
async fn the_document_is_openapi_3_1_and_every_reference_resolves() {
    let (_db, _server, doc) = served().await;
    let version = doc["openapi"].as_str().unwrap();
    assert!(version.starts_with("3.1."), "openapi {version}");
    assert_eq!(doc["info"]["version"], env!("CARGO_PKG_VERSION"));
    assert!(doc["info"]["title"].is_string());
    assert!(
        doc["info"]["description"]
            .as_str()
            .unwrap()
            .contains("docs/api.md")
    );
    let mut found = Vec::new();
    refs(&doc, "", &mut found);
    assert!(found.len() > 20, "{found:?}");
    for (at, target) in found {
        let pointer = target.strip_prefix('#').unwrap_or_else(|| {
            panic!("{at}: {target} is not a reference into the document");
        });
        assert!(
            doc.pointer(pointer).is_some(),
            "{at}: {target} resolves to nothing"
        );
    }
    let schemes = doc["components"]["securitySchemes"].as_object().unwrap();
    for scheme in ["owner_token", "organiser_token"] {
        assert_eq!(schemes[scheme]["type"], "http", "{scheme}");
        assert_eq!(schemes[scheme]["scheme"], "bearer", "{scheme}");
    }
    let mut ids = BTreeSet::new();
    for (method, path) in operations(&doc) {
        let operation = &doc["paths"][&path][&method];
        let what = format!("{method} {path}");
        let id = operation["operationId"].as_str().unwrap().to_string();
        assert!(ids.insert(id.clone()), "{what}: operationId {id} twice");
        let responses = operation["responses"].as_object().unwrap();
        // A WebSocket's success is its upgrade (101).
        assert!(
            responses.keys().any(|s| s.starts_with('2') || s == "101"),
            "{what}: no success answer"
        );
        for (status, response) in responses {
            assert!(status.parse::<u16>().is_ok(), "{what}: status {status}");
            assert!(response["description"].is_string(), "{what} {status}");
            // 304 (frames' If-None-Match) has no body.
            if !status.starts_with('2') && status != "101" && status != "304" {
                assert_eq!(
                    response["content"]["application/json"]["schema"]["$ref"],
                    "#/components/schemas/ErrorBody",
                    "{what} {status}: errors are ErrorBody"
                );
            }
        }
        for requirement in operation["security"].as_array().into_iter().flatten() {
            for name in requirement.as_object().unwrap().keys() {
                assert!(schemes.contains_key(name), "{what}: no scheme {name}");
            }
        }
        // Path parameters: exactly those of the template, each required.
        let params = operation["parameters"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        let in_path: BTreeSet<&str> = params
            .iter()
            .filter(|p| p["in"] == "path")
            .inspect(|p| assert_eq!(p["required"], true, "{what}: {p}"))
            .map(|p| p["name"].as_str().unwrap())
            .collect();
        let in_template: BTreeSet<&str> = path
            .split('/')
            .filter_map(|s| s.strip_prefix('{')?.strip_suffix('}'))
            .collect();
        assert_eq!(in_path, in_template, "{what}: path parameters");
    }
    // Routes that need a token say which.
    let secured = |method: &str, path: &str| doc["paths"][path][method]["security"][0].clone();
    assert_eq!(
        secured("patch", "/api/bots/{id}"),
        json!({"owner_token": []})
    );
    assert_eq!(
        secured("get", "/api/workers"),
        json!({"organiser_token": []})
    );
    assert_eq!(secured("get", "/api/bots"), Value::Null);
    // Streams and downloads say their content types.
    let content = |path: &str| doc["paths"][path]["get"]["responses"]["200"]["content"].clone();
    assert!(content("/api/matches/{id}/live")["text/event-stream"].is_object());
    assert!(content("/api/matches/{id}/log.txt")["text/plain; charset=utf-8"].is_object());
}

#[tokio::test]
async fn the_answer_check_refuses_what_the_document_does_not_describe() {
    let (_db, server, _doc) = served().await;
    let contract = server.contract().await;
    let json = Some("application/json");
    let error = json!({"error": "not_found", "detail": "no bot \"x\""});
    let bot = json!({"id": "b", "name": "rick", "game": "durak", "kind": "http",
        "url": "http://127.0.0.1:9/", "connect": false, "connect_url": null, "module": null, "version": 1, "versions": [], "versions_total": 1, "house_bot": null, "created_at": 1, "status": "active",
        "status_reason": null, "status_detail": null, "next_check_at": null,
        "recent_matches": 0, "recent_faults": 0, "rating": null, "ladder_players": [2, 3],
        "probation": {"on_probation": false, "match_id": null, "next_at": null, "last": null},
        "organiser": {"hold": null, "actions": [], "actions_total": 0}});
    let ok = [
        ("GET", "/api/bots/x", 200, bot.clone()),
        ("GET", "/api/bots/x", 404, error.clone()),
        (
            "GET",
            "/api/bots?limit=3",
            200,
            json!({"bots": [bot.clone()], "next": null}),
        ),
        ("GET", "/api/nothing/here", 404, error.clone()),
        ("PUT", "/api/games", 405, error.clone()),
    ];
    for (method, path, status, body) in ok {
        let checked = contract.check(method, path, status, json, &body);
        assert_eq!(checked, Ok(()), "{method} {path} {status} {body}");
    }
    let mut wrong_kind = bot.clone();
    wrong_kind["kind"] = json!("robot");
    let mut extra = bot.clone();
    extra["secret"] = json!("leaked");
    let mut missing = bot.clone();
    missing.as_object_mut().unwrap().remove("status");
    let wrong = [
        ("GET", "/api/bots/x", 200, wrong_kind, "robot"),
        ("GET", "/api/bots/x", 200, extra, "secret"),
        ("GET", "/api/bots/x", 200, missing, "status"),
        (
            "GET",
            "/api/bots/x",
            404,
            json!({"error": "not_found"}),
            "detail",
        ),
        ("GET", "/api/bots/x", 418, error.clone(), "not documented"),
        (
            "GET",
            "/api/games",
            200,
            json!({"games": []}),
            "does not match",
        ),
        (
            "GET",
            "/api/nothing/here",
            200,
            json!({}),
            "not a documented route",
        ),
        (
            "DELETE",
            "/api/bots/x",
            204,
            json!({"gone": true}),
            "without a body",
        ),
    ];
    for (method, path, status, body, says) in wrong {
        let checked = contract.check(method, path, status, json, &body);
        let mismatch = checked.expect_err(&format!("{method} {path} {status} {body} passed"));
        assert!(mismatch.contains(says), "{mismatch}");
    }
    let text = contract.check("GET", "/api/bots/x", 200, Some("text/html"), &bot);
    assert!(text.unwrap_err().contains("content type"));
}

#[tokio::test]
async fn a_sealed_matchs_log_is_sealed_as_documented() {
    use cardarena_store::{MatchFilter, MatchKind, NewMatch, PageAt, StageRef};
    let db = TempDb::new();
    let mut config = config(&db);
    // Nothing plays here: both tables of the deal stay queued, so each seals the other.
    config.plays = false;
    let server = Server::start(config).await;
    let store = &server.running.store;
    let random = store.ensure_house_bot("durak", "random").await.unwrap();
    let greedy = store.ensure_house_bot("durak", "greedy").await.unwrap();
    let stages = json!([{"kind": "final", "rounds": 1}]);
    (store.insert_tournament("cup", "cup", "durak", &stages, false))
        .await
        .unwrap();
    let table = |bot_ids: [&str; 2]| NewMatch {
        stage: Some(StageRef {
            tournament_id: "cup".to_string(),
            stage: 0,
            deal: Some(0),
            entrant: None,
        }),
        kind: MatchKind::Tournament,
        rated: false,
        ..NewMatch::ladder(
            "durak",
            json!({}),
            42,
            1000,
            bot_ids.map(String::from).to_vec(),
        )
    };
    let tables = [table([&random, &greedy]), table([&greedy, &random])];
    let entrants = vec![random.clone(), greedy.clone()];
    assert!(
        store
            .start_stage("cup", 0, &entrants, &tables)
            .await
            .unwrap()
    );
    let filter = MatchFilter {
        stage: Some(("cup".to_string(), 0)),
        ..MatchFilter::default()
    };
    let page = (store.browse_matches(&filter, PageAt::default(), 10))
        .await
        .unwrap();
    let ids: Vec<&str> = page.matches.iter().map(|(_, m)| m.id.as_str()).collect();
    assert_eq!(ids.len(), 2);
    // The answer is checked against the document, whose `log` has a `sealed` variant.
    let (status, m) = server.get(&format!("/api/matches/{}", ids[0])).await;
    assert_eq!(status, 200, "{m}");
    assert_eq!(m["disclosure"], "sealed", "{m}");
    assert_eq!(m["log"]["state"], "sealed", "{m}");
    let detail = m["log"]["detail"].as_str().unwrap();
    assert!(detail.contains("another table"), "{detail}");
}
