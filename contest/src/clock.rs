//! The match clock: each HTTP seat's time budget for a whole match, by game.
//!
//! A game's default is the time a bot needs to answer every decision of a long match (the most
//! decisions one seat made in the matches measured, rounded up) in half the per-decision deadline;
//! a tournament's time bank is added on top. A bot answering within half the deadline never runs
//! out, and a match with slower bots still ends: no seat takes more than its clock.

use std::time::Duration;

/// The decisions one seat makes in a long match of each game: the 99th percentile of the most
/// decisions a seat made in greedy house bots' matches at every table size, plus a fifth,
/// rounded up (measured by the ignored test `measure_long_matches`).
const LONG_MATCH_DECISIONS: &[(&str, u64)] = &[
    ("durak", 40),
    ("bridge", 400),
    ("durak-duel", 50),
    ("prsi", 60),
    ("most", 320),
    ("fifty-six", 80),
];

/// The decisions assumed of a game missing from [`LONG_MATCH_DECISIONS`].
const UNMEASURED_DECISIONS: u64 = 1000;

/// The decisions a seat makes in a long match of `game`.
fn long_match_decisions(game: &str) -> u64 {
    LONG_MATCH_DECISIONS
        .iter()
        .find(|(id, _)| *id == game)
        .map_or(UNMEASURED_DECISIONS, |(_, n)| *n)
}

/// A game's default match clock at a per-decision deadline of `deadline_ms`, in ms.
pub fn default_clock_ms(game: &str, deadline_ms: u32) -> u64 {
    long_match_decisions(game) * u64::from(deadline_ms) / 2
}

/// The match clock of an HTTP seat, in ms: `percent` % of the game's default at `deadline_ms`,
/// plus the match's time bank.
pub fn match_clock_ms(game: &str, deadline_ms: u32, time_bank_ms: u32, percent: u32) -> u64 {
    default_clock_ms(game, deadline_ms) * u64::from(percent) / 100 + u64::from(time_bank_ms)
}

/// [`match_clock_ms`] as a duration.
pub fn match_clock(game: &str, deadline_ms: u32, time_bank_ms: u32, percent: u32) -> Duration {
    Duration::from_millis(match_clock_ms(game, deadline_ms, time_bank_ms, percent))
}

#[cfg(test)]
mod tests {
    use super::*;
    use cardarena_bots::{Bot, GameVisitor, HouseGame, game_ids, play_match, with_game};

    #[test]
    fn every_game_has_a_measured_clock_that_scales() {
        for id in game_ids() {
            assert_ne!(long_match_decisions(id), UNMEASURED_DECISIONS, "{id}");
        }
        assert_eq!(default_clock_ms("bridge", 1000), 200_000);
        assert_eq!(match_clock_ms("durak", 1000, 5000, 50), 10_000 + 5000);
        assert_eq!(default_clock_ms("chess", 100), UNMEASURED_DECISIONS * 50);
    }

    /// The most decisions one seat made in each of 300 matches per table size, sorted.
    struct Measure(&'static str);

    impl GameVisitor for Measure {
        type Output = Vec<u64>;
        fn visit<G: HouseGame>(self) -> Vec<u64> {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .build()
                .unwrap();
            let mut most = Vec::new();
            for players in G::PLAYERS.counts() {
                for seed in 0..300u64 {
                    let mut bots: Vec<Box<dyn Bot<G>>> = (0..players)
                        .map(|s| G::house_bot(self.0, seed * 10 + s as u64).unwrap())
                        .collect();
                    let options = G::Options::default();
                    // A match cut off as a cycle has no length to measure.
                    let Ok(played) = runtime.block_on(play_match::<G>(&options, seed, &mut bots))
                    else {
                        continue;
                    };
                    let per_seat = |s| played.actors.iter().filter(|&&a| a == s).count() as u64;
                    most.push((0..players).map(per_seat).max().unwrap_or(0));
                }
            }
            most.sort_unstable();
            most
        }
    }

    /// Prints how many decisions a seat makes in long matches of each game, the figures behind
    /// [`LONG_MATCH_DECISIONS`]: `cargo test -p cardarena-contest --release --lib
    /// measure_long_matches -- --ignored --nocapture`.
    #[test]
    #[ignore = "a measurement, run by hand"]
    fn measure_long_matches() {
        for id in game_ids() {
            for bot in ["greedy", "random"] {
                let most = with_game(id, Measure(bot)).unwrap();
                let at = |q: f64| most[((most.len() - 1) as f64 * q) as usize];
                println!(
                    "{id} {bot}: {} matches, median {}, p99 {}, max {}",
                    most.len(),
                    at(0.5),
                    at(0.99),
                    at(1.0)
                );
                if bot == "greedy" {
                    assert!(at(0.99) <= long_match_decisions(id), "{id}");
                }
            }
        }
    }
}
