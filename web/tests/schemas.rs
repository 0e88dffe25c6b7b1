//! GET /api/games/{id}/schema: the schemas of every game, a 404 for an unknown one, the real
//! requests an HTTP bot receives (ping, match_start, every turn, match_end) and the answers it
//! gives validated against them, the answer schema against the server's reading of answers, and
//! an options schema that takes exactly what the server's options check takes.

use crate::support;

use std::time::Duration;

use axum::http::StatusCode;
use cardarena_bots::FaultKind;
use jsonschema::Validator;
use reqwest::Method;
use serde_json::{Value, json};
use support::{Server, TempDb, config, short_match, smallest_table, test_bots};

/// A validator for `schema`, which must itself be a valid draft 2020-12 schema.
fn validator(schema: &Value) -> Validator {
    assert_eq!(
        schema["$schema"], "https://json-schema.org/draft/2020-12/schema",
        "{schema}"
    );
    jsonschema::meta::validate(schema).unwrap_or_else(|e| panic!("not a valid schema: {e}"));
    jsonschema::draft202012::new(schema).unwrap()
}

/// Asserts that `instance` validates against `validator`, naming the first error.
fn assert_valid(validator: &Validator, instance: &Value, what: &str) {
    if let Err(error) = validator.validate(instance) {
        panic!(
            "{what} fails its schema at {}: {error}\n{instance}",
            error.instance_path()
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_game_has_its_schemas_and_an_unknown_game_is_404() {
    let db = TempDb::new();
    let server = Server::start(config(&db)).await;
    let (status, games) = server.get("/api/games").await;
    assert_eq!(status, StatusCode::OK);
    let games = games.as_array().unwrap();
    assert_eq!(games.len(), 6);
    for game in games {
        let id = game["id"].as_str().unwrap();
        let (status, schemas) = server.get(&format!("/api/games/{id}/schema")).await;
        assert_eq!(status, StatusCode::OK, "{id}: {schemas}");
        assert_eq!(schemas["game"], id);
        for part in ["options", "view", "action", "outcome"] {
            validator(&schemas[part]);
        }
        let messages = &schemas["messages"];
        for message in ["turn", "match_start", "match_end", "ping", "answer"] {
            validator(&messages[message]);
        }
        assert_valid(
            &validator(&schemas["options"]),
            &game["options"],
            &format!("{id}'s default options"),
        );
        // The turn's view and actions are the game's own, by reference.
        let turn = &messages["turn"];
        let view_ref = turn["properties"]["view"]["$ref"].as_str().unwrap();
        let action_ref = turn["properties"]["legal_actions"]["items"]["$ref"]
            .as_str()
            .unwrap();
        assert_eq!(
            turn.pointer(&view_ref[1..]).unwrap()["properties"],
            schemas["view"]["properties"],
            "{id}"
        );
        assert_eq!(
            turn.pointer(&action_ref[1..]).unwrap()["oneOf"],
            schemas["action"]["oneOf"],
            "{id}"
        );
        for message in ["turn", "match_start", "match_end"] {
            assert_eq!(messages[message]["properties"]["game"]["const"], id);
        }
        let answer = validator(&messages["answer"]);
        assert!(answer.is_valid(&json!({"action_index": 0, "say": "hi", "request_id": "r1"})));
        for bad in [
            json!({}),
            json!({"say": "hi"}),
            json!({"action_index": -1}),
            json!({"action_index": 0, "action": {"kind": "nothing"}}),
            json!({"action": {"kind": "nothing"}}),
            json!({"action_index": 0, "request_id": 7}),
        ] {
            assert!(!answer.is_valid(&bad), "{id}'s answer schema takes {bad}");
        }
    }
    let long = format!("/api/games/{}/schema", "x".repeat(5000));
    for path in ["/api/games/chess/schema", "/api/games/DURAK/schema", &long] {
        let (status, body) = server.get(path).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{path}: {body}");
        assert_eq!(body["error"], "not_found");
        let detail = body["detail"].as_str().unwrap();
        assert!(
            detail.starts_with("no game") && detail.contains("durak, bridge"),
            "{body}"
        );
        assert!(detail.len() < 200, "{detail}");
    }
    let (status, body) = server.get("/api/games/%ff/schema").await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(body["error"], "bad_path");
}

/// Checks the answer schema against the server's reading of answers (`parse_answer`) to one
/// real turn of the game: an answer the schema takes is never `bad_json`, and is refused only
/// for naming no legal action (which a schema cannot know); one the server reads, the schema
/// takes unless it carries a property the server ignores.
struct Answers<'a> {
    turn: &'a Value,
    schema: &'a Validator,
}

impl cardarena_bots::GameVisitor for Answers<'_> {
    type Output = ();
    fn visit<G: cardarena_bots::HouseGame>(self) {
        let legal: Vec<G::Action> =
            serde_json::from_value(self.turn["legal_actions"].clone()).unwrap();
        let first = &self.turn["legal_actions"][0];
        let answers = [
            json!({"action_index": 0}),
            json!({"action_index": legal.len()}),
            json!({"action_index": -1}),
            json!({"action_index": "0"}),
            json!({"action_index": 0.5}),
            json!({"action": first, "say": "mine"}),
            json!({"action": first, "action_index": 0}),
            json!({"action": {"kind": "nothing"}}),
            json!({"action": null}),
            json!({"say": "only words"}),
            json!({"action_index": 0, "say": 42}),
            json!({"action_index": 0, "request_id": "r-1"}),
            json!({"action_index": 0, "fallback": true}),
            json!({"action_index": 0, "fallback": "yes"}),
            json!({"action_index": 0, "mood": 7}),
            json!({}),
            json!([{"action_index": 0}]),
        ];
        for answer in answers {
            let body = serde_json::to_vec(&answer).unwrap();
            let read = cardarena_bots::http::parse_answer(&body, &legal);
            if self.schema.is_valid(&answer) {
                if let Err(fault) = &read {
                    assert_eq!(fault.kind, FaultKind::IllegalAction, "{answer}: {fault:?}");
                }
            } else if read.is_ok() {
                let extra = ["say", "mood", "fallback"]
                    .iter()
                    .any(|k| answer.get(k).is_some());
                assert!(
                    extra,
                    "{}: the server reads {answer}, the schema refuses it",
                    G::ID
                );
            }
            if matches!(&read, Err(fault) if fault.kind == FaultKind::BadJson) {
                assert!(!self.schema.is_valid(&answer), "{answer}");
            }
        }
    }
}

/// Candidate values for an option: in range and out of it, and of the wrong types.
fn candidates() -> Vec<Value> {
    [
        0, 1, 2, 3, 4, 13, 14, 27, 28, 32, 33, 56, 100, 101, 125, -1, -500,
    ]
    .into_iter()
    .chain([i64::from(i32::MAX) + 1, i64::from(u32::MAX) + 1, i64::MIN])
    .map(|n| json!(n))
    .chain([
        json!("x"),
        json!(null),
        json!(true),
        json!({}),
        json!([]),
        json!(1.5),
    ])
    .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_options_schema_takes_exactly_the_options_a_match_accepts() {
    let db = TempDb::new();
    let server = Server::start(config(&db)).await;
    let (_, games) = server.get("/api/games").await;
    for game in games.as_array().unwrap() {
        let id = game["id"].as_str().unwrap();
        let (_, schemas) = server.get(&format!("/api/games/{id}/schema")).await;
        let schema = validator(&schemas["options"]);
        let defaults = game["options"].as_object().unwrap().clone();
        let mut tried = vec![json!({}), json!({"colour": "blue"}), json!([]), json!(null)];
        let riffle = json!({"kind": "riffle"});
        for (field, _) in &defaults {
            for value in candidates() {
                tried.push(json!({ field: value }));
            }
            tried.push(json!({ field: 7, "shuffle": riffle }));
        }
        for field in ["riffles", "cut", "packet", "kind", "extra"] {
            for value in candidates() {
                tried.push(json!({"shuffle": {"kind": "riffle", field: value}}));
                // The server ignores a uniform shuffle's other fields; the schema refuses them.
                let uniform = json!({"shuffle": {"kind": "uniform", field: value}});
                if field == "kind" {
                    tried.push(uniform);
                } else {
                    assert!(!schema.is_valid(&uniform), "{id}: {uniform} passes");
                }
            }
        }
        for options in &tried {
            let accepted = matches!(
                cardarena_contest::games::check_options(id, options),
                Some(Ok(_))
            );
            assert_eq!(
                schema.is_valid(options),
                accepted,
                "{id}: the options schema and the server disagree on {options}"
            );
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn what_an_http_bot_receives_and_answers_fits_the_message_schemas() {
    let db = TempDb::new();
    let server = Server::start(config(&db)).await;
    let bots = test_bots().await;
    let (_, games) = server.get("/api/games").await;
    for game in games.as_array().unwrap() {
        let id = game["id"].as_str().unwrap();
        let bot = server
            .register_for(id, &format!("schemas-{id}"), &bots.url("/good"))
            .await;
        let path = format!("/api/bots/{}/practice", bot["id"].as_str().unwrap());
        let body =
            json!({"matches": 2, "opponents": smallest_table(game), "options": short_match(game)});
        let (status, answer) = server
            .send(Method::POST, &path, bot["token"].as_str(), Some(body))
            .await;
        assert_eq!(status, StatusCode::ACCEPTED, "{id}: {answer}");
        for match_id in answer["match_ids"].as_array().unwrap() {
            let m = server.finished_match(match_id.as_str().unwrap()).await;
            assert_eq!(m["status"], "finished", "{id}: {m}");
        }
    }
    // The registration's ping may still be on its way: give it a moment.
    for _ in 0..100 {
        let pings = bots
            .bodies("/good")
            .iter()
            .filter(|b| b["type"] == "ping")
            .count();
        if pings >= 6 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let bodies = bots.bodies("/good");
    let ping_schema = {
        let (_, schemas) = server.get("/api/games/durak/schema").await;
        validator(&schemas["messages"]["ping"])
    };
    let pings: Vec<&Value> = bodies.iter().filter(|b| b["type"] == "ping").collect();
    assert!(!pings.is_empty(), "no ping reached the bot");
    for ping in pings {
        assert_valid(&ping_schema, ping, "a ping");
    }
    for game in games.as_array().unwrap() {
        let id = game["id"].as_str().unwrap();
        let (_, schemas) = server.get(&format!("/api/games/{id}/schema")).await;
        let messages = &schemas["messages"];
        let answer = validator(&messages["answer"]);
        let mut seen = std::collections::BTreeMap::new();
        for body in bodies.iter().filter(|b| b["game"] == id) {
            let kind = body["type"].as_str().unwrap();
            let schema = validator(&messages[kind]);
            assert_valid(&schema, body, &format!("{id} {kind}"));
            *seen.entry(kind).or_insert(0) += 1;
            if kind == "turn" {
                // What the good bot answered, as the support code builds it.
                let reply = json!({"action_index": 0, "say": format!("turn {}", body["turn"])});
                assert_valid(&answer, &reply, &format!("{id} answer"));
                let chosen = json!({"action": body["legal_actions"][0], "say": "mine"});
                assert_valid(&answer, &chosen, &format!("{id} answer by action"));
                let answers = Answers {
                    turn: body,
                    schema: &answer,
                };
                cardarena_bots::with_game(id, answers).unwrap();
                let mut wrong = body.clone();
                wrong["legal_actions"][0]["kind"] = json!("nothing");
                assert!(
                    !schema.is_valid(&wrong),
                    "{id}: a turn with a made-up action passes"
                );
                let mut strange = body.clone();
                strange["view"]["hand"] = json!(["11X"]);
                assert!(
                    !schema.is_valid(&strange),
                    "{id}: a view holding 11X passes"
                );
            }
        }
        for kind in ["match_start", "turn", "match_end"] {
            assert!(
                seen.get(kind).copied().unwrap_or(0) > 0,
                "{id}: no {kind} seen"
            );
        }
    }
}
