//! What the frames' tests share: the engine's replay of a stored match, which says what every
//! frame must hold, a practice match queued through the API, and the check of a finished
//! match's frames against the replay.

use cardarena_bots::{GameVisitor, HouseGame, with_game};
use cardarena_engine::Eye;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::support::Server;

/// What the engine says a match's frames must hold: the table as dealt and, per action, the seat
/// to act, what it was sent and the table after it (every hand shown).
pub struct Expected {
    /// The table as dealt, every hand shown.
    pub initial: Value,
    /// Per action: the seat to act, what it was sent and the table after it.
    pub steps: Vec<(usize, Value, Value)>,
    /// The public table after each action.
    pub public: Vec<Value>,
    /// The game's text log, with the seats' names.
    pub transcript: Option<String>,
    /// The outcome, forfeits applied as the stored faults say.
    pub outcome: cardarena_engine::Outcome,
}

/// Replays a match through its engine, from the stored seed, options and actions.
struct Replay<'a> {
    options: &'a Value,
    players: usize,
    seed: u64,
    actions: &'a [Value],
    names: &'a [String],
    faulted: &'a [bool],
}

impl GameVisitor for Replay<'_> {
    type Output = Expected;

    fn visit<G: HouseGame>(self) -> Expected {
        let options: G::Options = serde_json::from_value(self.options.clone()).unwrap();
        let initial = G::new(&options, self.players, self.seed).unwrap();
        let mut game = initial.clone();
        let mut steps = Vec::new();
        let mut public = Vec::new();
        let mut typed = Vec::new();
        for json in self.actions {
            let seat = game.to_act().expect("a seat to act");
            let sent = json!({"view": game.view(seat), "legal_actions": game.legal_actions()});
            let action: G::Action = serde_json::from_value(json.clone()).unwrap();
            game.apply(&action).unwrap();
            steps.push((seat, sent, json!(game.table(Eye::All))));
            public.push(json!(game.table(Eye::Public)));
            typed.push(action);
        }
        let outcome = game.outcome().expect("the stored actions end the game");
        Expected {
            initial: json!(initial.table(Eye::All)),
            steps,
            public,
            transcript: G::transcript(&initial, &typed, self.names),
            outcome: cardarena_bots::forfeit(&outcome, self.faulted),
        }
    }
}

/// What the engine says of stored match `m` (GET /api/matches/{id}).
pub fn expected(m: &Value) -> Expected {
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
    let faulted: Vec<bool> = m["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| !s["fault"].is_null())
        .collect();
    let replay = Replay {
        options: &m["options"],
        players: names.len(),
        seed: m["seed"].as_u64().unwrap(),
        actions: &actions,
        names: &names,
        faulted: &faulted,
    };
    with_game(m["game"].as_str().unwrap(), replay).unwrap()
}

/// Queues one practice match of `bot` against `opponents` with `options`; returns its id.
pub async fn practice(server: &Server, bot: &Value, opponents: &Value, options: &Value) -> String {
    let path = format!("/api/bots/{}/practice", bot["id"].as_str().unwrap());
    let body = json!({"matches": 1, "opponents": opponents, "options": options});
    let (status, answer) = server
        .send(Method::POST, &path, bot["token"].as_str(), Some(body))
        .await;
    assert_eq!(status, StatusCode::ACCEPTED, "{answer}");
    answer["match_ids"][0].as_str().unwrap().to_string()
}

/// Checks a finished match's frames against the engine's replay of it.
pub fn check_frames(m: &Value, frames: &Value) {
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
