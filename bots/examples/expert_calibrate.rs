//! Calibrates the house bot `expert`: how fast its search runs in each game, so that a
//! millisecond of budget buys about a millisecond of one core (each game's `EXPERT` constant).
//!
//! ```sh
//! nice cargo run --release -p cardarena-bots --example expert_calibrate [GAME]
//! ```
//!
//! Its strength is measured by `cardarena bench --strength` (docs/benchmarks.md, "The expert's strength").

use cardarena_bots::expert::calibrate;
use cardarena_bots::{GameVisitor, HouseGame, game_ids, with_game};

/// Measures the expert's rollouts in `G` and prints the calibration beside the one in use.
struct Calibrate;

impl GameVisitor for Calibrate {
    type Output = ();
    fn visit<G: HouseGame>(self) {
        let measured = calibrate::measure::<G>(40);
        println!(
            "{:<11} {:>6} steps/ms, a sample {:>3} steps, random play {:>6} steps/ms (in use: {} and {})",
            G::ID,
            measured.expert.steps_per_ms,
            measured.expert.sample_steps,
            measured.random_steps_per_ms,
            G::EXPERT.steps_per_ms,
            G::EXPERT.sample_steps
        );
    }
}

fn main() {
    let game = std::env::args().nth(1);
    let games = game.as_deref().map_or(game_ids().to_vec(), |g| vec![g]);
    for game in games {
        if with_game(game, Calibrate).is_none() {
            eprintln!(
                "usage: expert_calibrate [GAME], GAME one of {}",
                game_ids().join(", ")
            );
            std::process::exit(2);
        }
    }
}
