//! Measures the house bot `expert`: how fast its search runs in each game (to calibrate the
//! steps a millisecond of budget buys) and how it fares against `greedy`.
//!
//! ```sh
//! nice cargo run --release -p cardarena-bots --example expert_strength -- calibrate
//! nice cargo run --release -p cardarena-bots --example expert_strength -- strength expert 200
//! ```
//!
//! `strength ID DEALS [GAME]` plays DEALS matches of each game (or of GAME) at its default table
//! size, one seat the expert named ID, rotating, the others `greedy`, and prints the expert's
//! mean place value and the time its decisions took (`OPPONENT=random` for other opponents).

use cardarena_bots::expert::calibrate;
use cardarena_bots::{Bot, GameVisitor, HouseGame, game_ids, play_match, with_game};
use cardarena_engine::shuffle::derive_seed;

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

/// Plays the expert against `greedy`.
struct Strength {
    id: String,
    deals: u64,
    opponent: String,
}

impl GameVisitor for Strength {
    type Output = ();
    fn visit<G: HouseGame>(self) {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap();
        let players = G::PLAYERS.default;
        let (mut total, mut expert_ms, mut expert_decisions) = (0.0, 0u64, 0u64);
        for deal in 0..self.deals {
            let seat = deal as usize % players;
            let seed = derive_seed(0xe4fe27, deal);
            let mut bots: Vec<Box<dyn Bot<G>>> = (0..players)
                .map(|s| {
                    let id = if s == seat {
                        self.id.as_str()
                    } else {
                        "greedy"
                    };
                    G::house_bot(id, derive_seed(seed, s as u64)).unwrap()
                })
                .collect();
            let played = runtime
                .block_on(play_match::<G>(&Default::default(), seed, &mut bots))
                .unwrap();
            total += played.outcome.place_value(seat);
            for (step, &actor) in played.steps.iter().zip(&played.actors) {
                if actor == seat {
                    expert_ms += u64::from(step.ms);
                    expert_decisions += 1;
                }
            }
        }
        println!(
            "{:<11} {} seats: {} vs {}, mean place value {:.3} over {} deals, {:.1} ms a decision",
            G::ID,
            players,
            self.id,
            self.opponent,
            total / self.deals as f64,
            self.deals,
            expert_ms as f64 / expert_decisions.max(1) as f64,
        );
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games: Vec<&str> = match args.first().map(String::as_str) {
        Some("strength") => args
            .get(3)
            .map_or(game_ids().to_vec(), |g| vec![g.as_str()]),
        _ => args
            .get(1)
            .map_or(game_ids().to_vec(), |g| vec![g.as_str()]),
    };
    for game in games {
        match args.first().map(String::as_str) {
            Some("calibrate") => with_game(game, Calibrate),
            Some("strength") => with_game(
                game,
                Strength {
                    id: args.get(1).cloned().unwrap_or_else(|| "expert".into()),
                    deals: args.get(2).and_then(|d| d.parse().ok()).unwrap_or(200),
                    opponent: std::env::var("OPPONENT").unwrap_or_else(|_| "greedy".into()),
                },
            ),
            _ => {
                eprintln!("usage: expert_strength calibrate [GAME] | strength ID DEALS [GAME]");
                std::process::exit(2);
            }
        };
    }
}
