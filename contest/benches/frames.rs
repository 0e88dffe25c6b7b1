//! How big and how slow is a long match's frames answer? Plays matches of a game in process with
//! its `random` house bots, takes the longest, and times building its frames (the engine's replay
//! with every table and view, as GET /api/matches/{id}/frames does for a finished match) and
//! writing them as JSON. Prints one JSON line per game and writes the answer to a temporary file
//! (to see its compressed size with `gzip -c FILE | wc -c`).
//!
//! `cargo bench -p cardarena-contest --bench frames -- most bridge`

use std::time::Instant;

use cardarena_bots::{Bot, GameVisitor, HouseGame, play_match, with_game};
use cardarena_contest::frames::{Stored, build};
use cardarena_engine::Eye;
use cardarena_store::{PlayRecord, SavedAction};
use serde_json::{Value, json};

/// Seeds tried per game; the longest match is kept.
const SEEDS: u64 = 40;
/// Builds timed; the median is reported.
const SAMPLES: usize = 5;

fn main() {
    let games: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let games = if games.is_empty() {
        vec!["most".to_string(), "bridge".to_string()]
    } else {
        games
    };
    let runtime = tokio::runtime::Runtime::new().unwrap();
    for game in games {
        let longest = with_game(&game, Longest).expect("a game's id");
        let (options, players, seed, actions) = runtime.block_on(longest);
        measure(&game, &options, players, seed, &actions);
    }
}

type Match = (Value, usize, u64, Vec<SavedAction>);

struct Longest;

impl GameVisitor for Longest {
    type Output = std::pin::Pin<Box<dyn std::future::Future<Output = Match>>>;

    fn visit<G: HouseGame>(self) -> Self::Output {
        Box::pin(async {
            let options = G::Options::default();
            let players = G::PLAYERS.max;
            let mut best: Option<Match> = None;
            for seed in 0..SEEDS {
                let mut bots: Vec<Box<dyn Bot<G>>> = (0..players)
                    .map(|seat| G::house_bot("random", seed * 10 + seat as u64).unwrap())
                    .collect();
                let played = play_match::<G>(&options, seed, &mut bots).await.unwrap();
                if best
                    .as_ref()
                    .is_none_or(|b| b.3.len() < played.actions.len())
                {
                    let actions = played
                        .actions
                        .iter()
                        .zip(&played.actors)
                        .map(|(action, &seat)| SavedAction {
                            seat,
                            action: json!(action),
                            say: None,
                        })
                        .collect();
                    best = Some((json!(options), players, seed, actions));
                }
            }
            best.unwrap()
        })
    }
}

fn measure(game: &str, options: &Value, players: usize, seed: u64, actions: &[SavedAction]) {
    let record = PlayRecord {
        timing: vec![12; actions.len()],
        faults: vec![None; players],
    };
    let faults = vec![None; players];
    let stored = Stored {
        game,
        options,
        players,
        seed,
        actions,
        record: &record,
        seat_faults: &faults,
        eye: Eye::All,
    };
    let mut times = Vec::new();
    let mut body = Vec::new();
    for _ in 0..SAMPLES {
        let started = Instant::now();
        let frames = build(&stored).unwrap();
        body = serde_json::to_vec(&frames).unwrap();
        times.push(started.elapsed().as_secs_f64() * 1000.0);
    }
    times.sort_by(f64::total_cmp);
    let path = std::env::temp_dir().join(format!("cardarena-frames-{game}.json"));
    std::fs::write(&path, &body).unwrap();
    println!(
        "{}",
        json!({
            "game": game,
            "players": players,
            "steps": actions.len(),
            "bytes": body.len(),
            "bytes_per_step": body.len() / actions.len().max(1),
            "build_and_write_ms_median": (times[SAMPLES / 2] * 10.0).round() / 10.0,
            "file": path,
        })
    );
}
