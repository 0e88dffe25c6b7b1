//! Tables for people through their JSON (docs/api.md, "Tables"): a whole game of every game
//! played by a test client at a person seat, bots at the others; what a seat is sent; refused
//! moves; people who leave or stop moving; two people at a table; the limits; a restart.

use crate::support;

use std::time::Duration;

use axum::http::StatusCode;
use cardarena_engine::describe::json_words;
use cardarena_engine::shuffle::{below, rng};
use rand_chacha::ChaCha8Rng;
use reqwest::Method;
use serde_json::{Value, json};
use support::{Server, TempDb, config, short_match, test_bots};

/// Opens a table: the 201 answer.
async fn open(server: &Server, body: Value) -> Value {
    let (status, answer) = post(server, "/api/tables", body).await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    answer
}

/// POSTs `body` to `path`: status and JSON answer.
async fn post(server: &Server, path: &str, body: Value) -> (StatusCode, Value) {
    server.send(Method::POST, path, None, Some(body)).await
}

/// DELETEs `path`: status and JSON answer.
async fn delete(server: &Server, path: &str) -> (StatusCode, Value) {
    server.send(Method::DELETE, path, None, None).await
}

/// The token of the answer's `n`-th person seat.
fn token(opened: &Value, n: usize) -> String {
    opened["seats"][n]["token"].as_str().unwrap().to_string()
}

/// The seat's state once its version passes `after` (waiting up to 10 s).
async fn state_after(server: &Server, token: &str, after: u64) -> Value {
    let (status, state) = server
        .get(&format!("/api/tables/{token}?after={after}&wait=10"))
        .await;
    assert_eq!(status, StatusCode::OK, "{state}");
    state
}

/// Waits until the seat is asked for a move or the match ends; returns that state.
async fn next_decision(server: &Server, token: &str) -> Value {
    let mut version = 0;
    for _ in 0..200 {
        let state = state_after(server, token, version).await;
        if state["type"] != "waiting" {
            return state;
        }
        version = state["version"].as_u64().unwrap();
    }
    panic!("the seat never got a decision");
}

/// Checks a turn state against the protocol and the seat's own table, and returns the index of
/// a choice picked by `rng`.
fn checked_choice(state: &Value, rng: &mut ChaCha8Rng) -> usize {
    for field in [
        "protocol",
        "match_id",
        "game",
        "seat",
        "turn",
        "deadline_ms",
        "view",
    ] {
        assert!(state.get(field).is_some(), "{field} missing: {state}");
    }
    let legal = state["legal_actions"].as_array().unwrap();
    let choices = state["choices"].as_array().unwrap();
    assert!(!legal.is_empty());
    assert_eq!(choices.len(), legal.len(), "{state}");
    let seat = state["seat"].as_u64().unwrap() as usize;
    let hand: Vec<&str> = state["table"]["hands"][seat]["cards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap())
        .collect();
    for (i, choice) in choices.iter().enumerate() {
        assert_eq!(choice["index"], i);
        assert!(!choice["words"].as_str().unwrap().is_empty());
        // Read from the action alone: the game's own words could tell what the seat may not see.
        assert_eq!(choice["words"], json_words(&choice["action"]), "{choice}");
        for card in choice["cards"].as_array().unwrap() {
            assert!(
                hand.contains(&card.as_str().unwrap()),
                "{card} not in {hand:?}"
            );
        }
    }
    // Other hands are face down on the seat's own table.
    for (other, pile) in state["table"]["hands"]
        .as_array()
        .unwrap()
        .iter()
        .enumerate()
    {
        if other != seat {
            assert!(pile["cards"].as_array().unwrap().is_empty(), "{pile}");
        }
    }
    assert!(state["remaining_ms"].as_u64().unwrap() > 0);
    below(rng, legal.len())
}

/// Plays the seat to the end of the match choosing at random; returns the last state and how
/// many moves the seat made.
async fn play_out(server: &Server, token: &str, seed: u64) -> (Value, usize) {
    let mut rng = rng(seed);
    let mut moves = 0;
    loop {
        let state = next_decision(server, token).await;
        if state["type"] == "match_end" {
            return (state, moves);
        }
        assert_eq!(state["type"], "turn", "{state}");
        let index = checked_choice(&state, &mut rng);
        let body = json!({"action_index": index, "turn": state["turn"]});
        let (status, after) = post(server, &format!("/api/tables/{token}"), body).await;
        assert_eq!(status, StatusCode::OK, "{after}");
        moves += 1;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_of_every_game_is_played_through_the_json_seat() {
    let db = TempDb::new();
    let mut config = config(&db);
    config.table_limits.per_client = 10;
    let server = Server::start(config).await;
    let (_, games) = server.get("/api/games").await;
    // A game may end before a seat's first turn (most's first player can meld out at once), so
    // the person's moves are counted over all the games.
    let mut total_moves = 0;
    for game in games.as_array().unwrap() {
        let id = game["id"].as_str().unwrap();
        let min = game["players"]["min"].as_u64().unwrap() as usize;
        let mut seats = vec![json!("person")];
        seats.extend(
            game["house_bots"]
                .as_array()
                .unwrap()
                .iter()
                .cycle()
                .take(min - 1)
                .cloned(),
        );
        let opened = open(
            &server,
            json!({"game": id, "seats": seats, "options": short_match(game)}),
        )
        .await;
        let match_id = opened["match_id"].as_str().unwrap();
        assert_eq!(opened["seats"].as_array().unwrap().len(), 1);
        assert_eq!(opened["seats"][0]["seat"], 0);
        let url = opened["seats"][0]["url"].as_str().unwrap();
        assert_eq!(url, format!("/play/{}", token(&opened, 0)));
        let (end, moves) = play_out(&server, &token(&opened, 0), 7).await;
        total_moves += moves;
        assert_eq!(end["status"], "finished", "{id}: {end}");
        assert!(end["replaced"].is_null(), "{id}: {end}");
        let stored = server.finished_match(match_id).await;
        assert_eq!(stored["kind"], "human", "{id}");
        assert_eq!(stored["status"], "finished", "{id}: {stored}");
        assert_eq!(stored["rated"], false);
        assert_eq!(stored["seats"][0]["name"], format!("person@{id}"));
        assert!(stored["seats"][0]["fault"].is_null(), "{id}: {stored}");
        let ranks: Vec<&Value> = stored["seats"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| &s["rank"])
            .collect();
        let outcome: Vec<&Value> = end["outcome"]["seats"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| &s["rank"])
            .collect();
        assert_eq!(ranks, outcome, "{id}");
        // The person's moves are in the log, as anyone's: at least as many seat-0 actions.
        let own = stored["actions"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|a| a["seat"] == 0)
            .count();
        assert!(own >= moves, "{id}: {own} < {moves}");
        // Once ended, the state stays readable, and a move is refused.
        let (status, again) = server
            .get(&format!("/api/tables/{}", token(&opened, 0)))
            .await;
        assert_eq!(
            (status, &again["type"]),
            (StatusCode::OK, &json!("match_end"))
        );
        let (status, refused) = post(
            &server,
            &format!("/api/tables/{}", token(&opened, 0)),
            json!({"action_index": 0}),
        )
        .await;
        assert_eq!(status, StatusCode::CONFLICT, "{refused}");
        assert_eq!(refused["error"], "match_over");
    }
    assert!(total_moves >= 6, "{total_moves}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_sees_what_a_bot_at_that_seat_is_sent_and_misclicks_without_forfeiting() {
    let db = TempDb::new();
    let server = Server::start(config(&db)).await;
    let bots = test_bots().await;
    let bot = server.register("rick", &bots.url("/good")).await;
    let bot_id = bot["id"].as_str().unwrap();
    wait_active(&server, bot_id).await;
    let opened = open(
        &server,
        json!({"game": "durak", "seats": [bot_id, "person"]}),
    )
    .await;
    let token = token(&opened, 0);
    assert_eq!(opened["seats"][0]["seat"], 1);
    let path = format!("/api/tables/{token}");
    let state = next_decision(&server, &token).await;
    assert_eq!(state["type"], "turn", "{state}");
    assert_eq!(state["names"], json!(["rick", "person"]));
    // The turn message holds every field of the one the bot gets, with the same values where
    // they do not depend on the seat.
    let sent = bots
        .bodies("/good")
        .into_iter()
        .find(|b| b["type"] == "turn")
        .expect("the bot was asked");
    for (field, value) in sent.as_object().unwrap() {
        if field == "clock_ms" {
            continue; // a person's seat has no match clock, so its message has none
        }
        assert!(state.get(field).is_some(), "{field} missing: {state}");
        if ["protocol", "type", "match_id", "game"].contains(&field.as_str()) {
            assert_eq!(&state[field], value, "{field}");
        }
    }
    assert_eq!(state["deadline_ms"], 300_000);
    // Not a legal action, an index out of range, a body that does not read, another turn:
    // refused, and the turn stays the person's.
    let turn = state["turn"].as_u64().unwrap();
    for (body, kind) in [
        (
            json!({"action": {"kind": "attack", "card": "RJ"}}),
            "illegal_action",
        ),
        (json!({"action_index": 999}), "illegal_action"),
        (json!({"nothing": true}), "bad_action"),
    ] {
        let (status, refused) = post(&server, &path, body).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{refused}");
        assert_eq!(refused["error"], kind, "{refused}");
    }
    let stale = json!({"action_index": 0, "turn": turn + 5});
    let (status, refused) = post(&server, &path, stale).await;
    assert_eq!(
        (status, &refused["error"]),
        (StatusCode::CONFLICT, &json!("not_your_turn"))
    );
    let (_, still) = server.get(&path).await;
    assert_eq!(still["type"], "turn");
    assert_eq!(still["turn"], turn);
    // A token that is no seat's.
    let (status, missing) = server.get("/api/tables/not-a-token").await;
    assert_eq!(
        (status, &missing["error"]),
        (StatusCode::NOT_FOUND, &json!("not_found"))
    );
    let (end, _) = play_out(&server, &token, 3).await;
    assert_eq!(end["status"], "finished");
    let stored = server
        .finished_match(opened["match_id"].as_str().unwrap())
        .await;
    assert!(stored["seats"][1]["fault"].is_null(), "{stored}");
}

/// Waits until the registered bot `id` is active (its first ping answered).
async fn wait_active(server: &Server, id: &str) {
    for _ in 0..300 {
        let (_, bot) = server.get(&format!("/api/bots/{id}")).await;
        if bot["status"] == "active" {
            return;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    panic!("bot {id} never became active");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_who_leaves_or_stops_moving_is_replaced_and_the_match_still_ends() {
    let db = TempDb::new();
    let mut config = config(&db);
    config.person_deadline = Duration::from_secs(1);
    let server = Server::start(config).await;
    // One leaves at their first turn; the other never moves.
    let leaving = open(
        &server,
        json!({"game": "prsi", "seats": ["person", "greedy", "random"]}),
    )
    .await;
    let idle = open(
        &server,
        json!({"game": "durak", "seats": ["greedy", "person"]}),
    )
    .await;
    let leaver = token(&leaving, 0);
    let state = next_decision(&server, &leaver).await;
    assert_eq!(state["type"], "turn");
    let (status, left) = delete(&server, &format!("/api/tables/{leaver}")).await;
    assert_eq!(status, StatusCode::OK, "{left}");
    for (opened, detail) in [
        (&leaving, "the person left the table"),
        (&idle, "the person did not move within 1 s"),
    ] {
        let id = opened["match_id"].as_str().unwrap();
        let stored = server.finished_match(id).await;
        assert_eq!(stored["status"], "finished", "{stored}");
        let seat = opened["seats"][0]["seat"].as_u64().unwrap() as usize;
        let fault = &stored["seats"][seat]["fault"];
        assert_eq!(fault["kind"], "timeout", "{stored}");
        assert_eq!(fault["detail"], detail, "{stored}");
        // The house bot played the seat on: the log goes on after the fault.
        let (_, state) = server
            .get(&format!("/api/tables/{}", token(opened, 0)))
            .await;
        assert_eq!(state["type"], "match_end", "{state}");
        assert_eq!(state["replaced"]["detail"], detail, "{state}");
        let (status, refused) = post(
            &server,
            &format!("/api/tables/{}", token(opened, 0)),
            json!({"action_index": 0}),
        )
        .await;
        assert_eq!(status, StatusCode::CONFLICT, "{refused}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_people_play_one_table_each_seeing_only_their_own_hand() {
    let db = TempDb::new();
    let server = Server::start(config(&db)).await;
    let opened = open(
        &server,
        json!({"game": "durak-duel", "seats": ["person", "person"]}),
    )
    .await;
    let (a, b) = (token(&opened, 0), token(&opened, 1));
    assert_ne!(a, b);
    let ((end_a, moves_a), (end_b, moves_b)) =
        tokio::join!(play_out(&server, &a, 1), play_out(&server, &b, 2));
    assert!(moves_a > 0 && moves_b > 0);
    assert_eq!(end_a["outcome"], end_b["outcome"]);
    let stored = server
        .finished_match(opened["match_id"].as_str().unwrap())
        .await;
    assert_eq!(stored["status"], "finished");
    assert!(
        stored["seats"]
            .as_array()
            .unwrap()
            .iter()
            .all(|s| s["fault"].is_null()),
        "{stored}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tables_are_refused_past_each_limit_and_bad_requests_say_why() {
    let db = TempDb::new();
    let mut config = config(&db);
    config.table_limits.per_client = 2;
    config.table_limits.per_bot = 1;
    let server = Server::start(config).await;
    let bots = test_bots().await;
    let bot = server.register("rick", &bots.url("/good")).await;
    let bot_id = bot["id"].as_str().unwrap().to_string();
    wait_active(&server, &bot_id).await;
    let first = open(
        &server,
        json!({"game": "durak", "seats": ["person", bot_id]}),
    )
    .await;
    // The bot sits at its one open table.
    let (status, refused) = post(
        &server,
        "/api/tables",
        json!({"game": "durak", "seats": ["person", bot_id]}),
    )
    .await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{refused}");
    assert!(words_for_a_person(&refused).contains("is playing at 1 table already"));
    let _second = open(
        &server,
        json!({"game": "durak", "seats": ["person", "random"]}),
    )
    .await;
    // This address has its two open tables.
    let (status, refused) = post(
        &server,
        "/api/tables",
        json!({"game": "durak", "seats": ["person", "random"]}),
    )
    .await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{refused}");
    assert!(words_for_a_person(&refused).contains("You have 2 tables open already"));
    // Leaving ends a table (a house bot finishes it), and the address may open another.
    let (status, _) = delete(&server, &format!("/api/tables/{}", token(&first, 0))).await;
    assert_eq!(status, StatusCode::OK);
    server
        .finished_match(first["match_id"].as_str().unwrap())
        .await;
    open(
        &server,
        json!({"game": "durak", "seats": ["person", "random"]}),
    )
    .await;
    for (body, kind) in [
        (
            json!({"game": "chess", "seats": ["person"]}),
            "unknown_game",
        ),
        (
            json!({"game": "durak", "seats": ["random", "greedy"]}),
            "bad_seats",
        ),
        (json!({"game": "durak", "seats": ["person"]}), "bad_seats"),
        (
            json!({"game": "durak", "seats": ["person", "nobody"]}),
            "bad_seats",
        ),
        (
            json!({"game": "prsi", "seats": ["person", bot_id]}),
            "bad_seats",
        ),
        (
            json!({"game": "durak", "seats": ["person", "random"], "options": {"x": 1}}),
            "bad_options",
        ),
        (
            json!({"game": "durak", "seats": ["person", "random"], "extra": 1}),
            "bad_json",
        ),
    ] {
        let (status, refused) = post(&server, "/api/tables", body.clone()).await;
        assert!(status.is_client_error(), "{body}: {status}");
        assert_eq!(refused["error"], kind, "{body}: {refused}");
    }
    let (status, refused) = server
        .get(&format!("/api/tables/{}?after=1&wait=31", token(&first, 0)))
        .await;
    assert_eq!(
        (status, &refused["error"]),
        (StatusCode::BAD_REQUEST, &json!("bad_query"))
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tables_are_counted_per_hour_for_each_address_and_each_registered_bot() {
    let db = TempDb::new();
    let mut config = config(&db);
    config.table_limits.per_bot_hour = 2;
    config.table_limits.per_client_hour = 3;
    let server = Server::start(config).await;
    let bots = test_bots().await;
    let bot = server.register("busy", &bots.url("/good")).await;
    let bot_id = bot["id"].as_str().unwrap().to_string();
    wait_active(&server, &bot_id).await;
    // Each table is left at once, so only the hourly counts can refuse the next.
    let mut opened = 0;
    let mut open_and_leave = |body: Value| {
        opened += 1;
        let server = &server;
        async move {
            let table = open(server, body).await;
            let (status, _) = delete(server, &format!("/api/tables/{}", token(&table, 0))).await;
            assert_eq!(status, StatusCode::OK);
            server
                .finished_match(table["match_id"].as_str().unwrap())
                .await;
        }
    };
    for _ in 0..2 {
        open_and_leave(json!({"game": "durak", "seats": ["person", bot_id]})).await;
    }
    let (status, refused) = post(
        &server,
        "/api/tables",
        json!({"game": "durak", "seats": ["person", bot_id]}),
    )
    .await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{refused}");
    assert!(
        words_for_a_person(&refused).contains("has sat at 2 tables in the last hour"),
        "{refused}"
    );
    // A house bot is not limited; the address is, at its third table of the hour.
    open_and_leave(json!({"game": "durak", "seats": ["person", "random"]})).await;
    assert_eq!(opened, 3);
    let (status, refused) = post(
        &server,
        "/api/tables",
        json!({"game": "durak", "seats": ["person", "random"]}),
    )
    .await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{refused}");
    assert!(
        words_for_a_person(&refused).contains("You have opened 3 tables in the last hour"),
        "{refused}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_open_when_the_server_stopped_is_cancelled_and_says_so() {
    let db = TempDb::new();
    let server = Server::start(config(&db)).await;
    let opened = open(
        &server,
        json!({"game": "durak", "seats": ["person", "random"]}),
    )
    .await;
    let token = token(&opened, 0);
    assert_eq!(next_decision(&server, &token).await["type"], "turn");
    server.running.task.abort();
    drop(server);
    let server = Server::start(config(&db)).await;
    let (status, state) = server.get(&format!("/api/tables/{token}")).await;
    assert_eq!(status, StatusCode::OK, "{state}");
    assert_eq!(state["type"], "match_end");
    assert_eq!(state["status"], "cancelled");
    assert!(state["outcome"].is_null());
    let (_, stored) = server
        .get(&format!(
            "/api/matches/{}",
            opened["match_id"].as_str().unwrap()
        ))
        .await;
    assert_eq!(stored["status"], "cancelled", "{stored}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_rate_people_a_table_moves_the_ratings_of_everyone_at_it() {
    let db = TempDb::new();
    let mut config = config(&db);
    config.rate_people = true;
    config.table_limits.per_client = 5;
    let server = Server::start(config).await;
    let rated = open(
        &server,
        json!({"game": "durak", "seats": ["person", "random"]}),
    )
    .await;
    let twice = open(
        &server,
        json!({"game": "durak", "seats": ["person", "person"]}),
    )
    .await;
    play_out(&server, &token(&rated, 0), 5).await;
    let (a, b) = (token(&twice, 0), token(&twice, 1));
    tokio::join!(play_out(&server, &a, 1), play_out(&server, &b, 2));
    let stored = server
        .finished_match(rated["match_id"].as_str().unwrap())
        .await;
    assert_eq!(stored["rated"], true);
    let (_, board) = server.get("/api/leaderboard?game=durak").await;
    let names: Vec<&str> = board["rows"]
        .as_array()
        .unwrap_or_else(|| panic!("{board}"))
        .iter()
        .map(|r| r["name"].as_str().unwrap())
        .collect();
    assert!(names.contains(&"person@durak"), "{board}");
    assert!(names.contains(&"random@durak"), "{board}");
    // One row in two seats moves no rating: the people's table of two counts once, not twice.
    let people = board["rows"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["name"] == "person@durak")
        .unwrap();
    assert_eq!(people["matches"], 1, "{people}");
}

/// A refusal's detail, checked to be words for the person at the browser: a sentence, and no
/// server flag in it.
fn words_for_a_person(refused: &Value) -> String {
    let detail = refused["detail"].as_str().unwrap().to_string();
    assert!(!detail.contains("--"), "a server flag in {detail:?}");
    // A sentence (a bot's name may start it in lower case, as its owner wrote it).
    assert!(detail.ends_with('.') && detail.contains(' '), "{detail:?}");
    detail
}
