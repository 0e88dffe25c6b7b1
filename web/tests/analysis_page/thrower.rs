//! A durak bot that throws away a won position, served on loopback over the bot protocol: at
//! every decision it asks the expert for each legal action's value from its own view (all a
//! real bot gets) and plays the best, except at ONE decision of each match, the first where it
//! stands to win and the worst action is far worse than the best: there it plays the worst, and
//! says so.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use axum::Router;
use axum::body::Bytes;
use axum::extract::State;
use axum::routing::post;
use cardarena_bots::HouseGame;
use cardarena_bots::expert::Expert;
use cardarena_engine::Game;
use cardarena_engine::games::durak::Durak;
use serde_json::{Value, json};

/// What the bot says with its blunder (the frames API gives it back, naming the step).
pub const THROW_SAY: &str = "throwing it away";

/// Its evaluation's seed and budget per decision (in the expert's ms, counted in engine steps,
/// so the same however slow a debug build is).
const SEED: u64 = 28;
const BUDGET_MS: u32 = 10;

/// The position is won when the best action is worth this much place value or more...
const WON: f64 = 0.55;
/// ...and thrown away when the action played instead is worth this much less.
const GAP: f64 = 0.4;

/// The blunder the bot made.
#[derive(Debug, Clone, PartialEq)]
pub struct Blunder {
    /// The seat it played.
    pub seat: usize,
    /// The decision's number in the match (the request's `turn`).
    pub turn: u32,
    /// Its estimates of every legal action, in the order it was sent them.
    pub values: Vec<f64>,
    /// The index of the best action.
    pub best: usize,
    /// The index of the action it played: the worst.
    pub worst: usize,
}

/// The blunders made so far, by match id.
type Blunders = Arc<Mutex<HashMap<String, Blunder>>>;

/// The bot's URL and where its blunders are written once made.
pub struct Thrower {
    /// The bot's URL on loopback.
    pub url: String,
    /// Its blunder in each match where it made one, by match id.
    pub blunders: Blunders,
}

impl Thrower {
    /// Its blunder in match `id`, if it made one.
    pub fn blunder(&self, id: &str) -> Option<Blunder> {
        self.blunders.lock().unwrap().get(id).cloned()
    }
}

/// Starts the bot on a free loopback port.
pub async fn start() -> Thrower {
    let blunders: Blunders = Arc::default();
    let app = Router::new()
        .route("/bot", post(answer))
        .with_state(blunders.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await });
    Thrower {
        url: format!("http://{addr}/bot"),
        blunders,
    }
}

/// Answers a request of the bot protocol: a ping, a turn, or anything else (ignored).
async fn answer(State(blunders): State<Blunders>, body: Bytes) -> axum::Json<Value> {
    let request: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
    match request["type"].as_str() {
        Some("ping") => axum::Json(json!({"pong": true})),
        Some("turn") => {
            let answer = tokio::task::spawn_blocking(move || turn(&request, &blunders));
            axum::Json(answer.await.expect("the bot's decision"))
        }
        _ => axum::Json(json!({})),
    }
}

/// The answer to a turn: the best action by the bot's estimate, or the worst once a match.
fn turn(request: &Value, blunders: &Mutex<HashMap<String, Blunder>>) -> Value {
    let view: <Durak as Game>::View =
        serde_json::from_value(request["view"].clone()).expect("a durak view");
    let legal: Vec<<Durak as Game>::Action> =
        serde_json::from_value(request["legal_actions"].clone()).expect("durak actions");
    if legal.len() == 1 {
        return json!({"action_index": 0});
    }
    let seat = request["seat"].as_u64().expect("the seat") as usize;
    let number = request["turn"].as_u64().expect("the turn's number") as u32;
    let values =
        Expert::<Durak>::new(SEED, BUDGET_MS, Durak::EXPERT).evaluate(seat, number, &view, &legal);
    let best = (0..values.len()).fold(0, |b, i| if values[i] > values[b] { i } else { b });
    let worst = (0..values.len()).fold(0, |w, i| if values[i] < values[w] { i } else { w });
    let id = request["match_id"]
        .as_str()
        .expect("the match's id")
        .to_string();
    let mut made = blunders.lock().unwrap();
    if !made.contains_key(&id) && values[best] >= WON && values[best] - values[worst] >= GAP {
        made.insert(
            id,
            Blunder {
                seat,
                turn: number,
                values,
                best,
                worst,
            },
        );
        return json!({"action_index": worst, "say": THROW_SAY});
    }
    json!({"action_index": best})
}
