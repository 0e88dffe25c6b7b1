//! A match step by step against the real thing: the server on loopback with a temporary SQLite
//! file, real HTTP bots on loopback, and the engine replaying each match from its seed to say
//! what every frame must hold.

mod support;

use cardarena_bots::{GameVisitor, HouseGame, with_game};
use cardarena_engine::Eye;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use support::{Server, TempDb, config, short_match, smallest_table, test_bots};

/// What the engine says a match's frames must hold: the table as dealt and, per action, the seat
/// to act, what it was sent and the table after it (every hand shown).
struct Expected {
    initial: Value,
    steps: Vec<(usize, Value, Value)>,
}

/// Replays a match through its engine, from the stored seed, options and actions.
struct Replay<'a> {
    options: &'a Value,
    players: usize,
    seed: u64,
    actions: &'a [Value],
}

impl GameVisitor for Replay<'_> {
    type Output = Expected;

    fn visit<G: HouseGame>(self) -> Expected {
        let options: G::Options = serde_json::from_value(self.options.clone()).unwrap();
        let initial = G::new(&options, self.players, self.seed).unwrap();
        let mut game = initial.clone();
        let mut steps = Vec::new();
        for json in self.actions {
            let seat = game.to_act().expect("a seat to act");
            let sent = json!({"view": game.view(seat), "legal_actions": game.legal_actions()});
            let action: G::Action = serde_json::from_value(json.clone()).unwrap();
            game.apply(&action).unwrap();
            steps.push((seat, sent, json!(game.table(Eye::All))));
        }
        assert!(game.outcome().is_some(), "the stored actions end the game");
        Expected {
            initial: json!(initial.table(Eye::All)),
            steps,
        }
    }
}

/// What the engine says of stored match `m` (GET /api/matches/{id}).
fn expected(m: &Value) -> Expected {
    let actions: Vec<Value> = m["actions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["action"].clone())
        .collect();
    let names: Vec<String> = m["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap().to_string())
        .collect();
    let replay = Replay {
        options: &m["options"],
        players: names.len(),
        seed: m["seed"].as_u64().unwrap(),
        actions: &actions,
    };
    with_game(m["game"].as_str().unwrap(), replay).unwrap()
}

/// Queues one practice match of `bot` against `opponents` with `options`; returns its id.
async fn practice(server: &Server, bot: &Value, opponents: &Value, options: &Value) -> String {
    let path = format!("/api/bots/{}/practice", bot["id"].as_str().unwrap());
    let body = json!({"matches": 1, "opponents": opponents, "options": options});
    let (status, answer) = server
        .send(Method::POST, &path, bot["token"].as_str(), Some(body))
        .await;
    assert_eq!(status, StatusCode::ACCEPTED, "{answer}");
    answer["match_ids"][0].as_str().unwrap().to_string()
}

/// Checks a finished match's frames against the engine's replay of it.
fn check_frames(m: &Value, frames: &Value) {
    let expected = expected(m);
    assert_eq!(frames["status"], "finished");
    assert_eq!(frames["eye"], "all");
    assert_eq!(frames["game"], m["game"]);
    assert_eq!(frames["log"], json!({"state": "kept"}));
    assert_eq!(frames["initial"], expected.initial, "{}", m["game"]);
    let got = frames["frames"].as_array().unwrap();
    assert_eq!(got.len(), expected.steps.len(), "one frame per action");
    assert_eq!(got.len(), m["actions"].as_array().unwrap().len());
    for (index, (frame, (seat, sent, table))) in got.iter().zip(&expected.steps).enumerate() {
        let game = &m["game"];
        assert_eq!(frame["step"], index + 1);
        assert_eq!(frame["seat"], *seat, "{game} step {}", index + 1);
        assert_eq!(frame["seat"], m["actions"][index]["seat"]);
        assert_eq!(frame["action"], m["actions"][index]["action"]);
        assert_eq!(
            &frame["sent"],
            sent,
            "{game} step {}: what was sent",
            index + 1
        );
        assert_eq!(
            &frame["table"],
            table,
            "{game} step {}: the table",
            index + 1
        );
        assert!(frame["text"].as_str().is_some_and(|t| !t.is_empty()));
        assert!(frame["by"] == "bot" || frame["by"] == "substitute");
    }
    let seats = frames["seats"].as_array().unwrap();
    assert_eq!(seats.len(), frames["players"].as_u64().unwrap() as usize);
    for (seat, shown) in seats.iter().zip(m["seats"].as_array().unwrap()) {
        assert_eq!(seat["name"], shown["name"]);
        assert_eq!(seat["bot_id"], shown["bot_id"]);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_games_frames_are_the_engines_replay_of_the_match() {
    let db = TempDb::new();
    let server = Server::start(config(&db)).await;
    let bots = test_bots().await;
    let (_, games) = server.get("/api/games").await;
    for game in games.as_array().unwrap() {
        let id = game["id"].as_str().unwrap();
        let bot = server
            .register_for(id, &format!("good-{id}"), &bots.url("/good"))
            .await;
        let match_id = practice(&server, &bot, &smallest_table(game), &short_match(game)).await;
        let m = server.finished_match(&match_id).await;
        assert_eq!(m["status"], "finished", "{m}");
        let (status, frames) = server.get(&format!("/api/matches/{match_id}/frames")).await;
        assert_eq!(status, StatusCode::OK, "{frames}");
        check_frames(&m, &frames);
        // The contestant's own steps: its say line and a measured answer time.
        let own: Vec<&Value> = frames["frames"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|f| f["seat"] == 0)
            .collect();
        assert!(!own.is_empty(), "{id}: the bot played");
        for frame in own {
            assert_eq!(frame["by"], "bot");
            assert!(frame["ms"].as_u64().is_some(), "{frame}");
            assert!(frame["say"].as_str().unwrap().starts_with("turn "));
        }
        assert_eq!(frames["faults"], json!([]));
    }
}
