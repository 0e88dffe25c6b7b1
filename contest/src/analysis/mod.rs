//! Analysis of a played match (docs/api.md, "Analysis"): every decision of every seat, forced
//! ones included, evaluated by the house bot `expert` from that seat's information alone.
//!
//! The match is replayed through its engine from the seed and the stored actions (generic over
//! the game, through the roster's [`cardarena_bots::GameVisitor`], as [`crate::frames`] does);
//! at each action the seat to act is shown exactly the view and legal actions the match sent
//! it, and the expert estimates the expected place value of each legal action
//! ([`cardarena_bots::expert::Expert::evaluate`]). The expert of seat `s` is seeded as the
//! runner seeds a house bot of that seat
//! (`derive_seed(seed, s + 1)`) and searches decision number `step`, so an analysis is
//! deterministic, and an expert seat analysed at its own budget is found to play its own choice.

pub mod queue;
mod steps;

use std::io::{self, Read};

use cardarena_bots::By;
use cardarena_engine::{Phrase, Seat};
use flate2::read::GzDecoder;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::frames::cache::Compressed;
use cardarena_store::{MatchDetail, SavedAction, StoredAnalysis};

pub use queue::{Analyses, AnalysisConfig};
pub use steps::Analysing;

/// A loss from this much on is a mistake.
pub const MISTAKE: f64 = 0.05;
/// A loss from this much on is a blunder (and no longer counted as a mistake).
pub const BLUNDER: f64 = 0.15;

/// One decision, as the expert saw it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Decision {
    /// The action's number in the match, from 1 (as in the frames).
    pub step: u32,
    /// The seat that took it.
    pub seat: Seat,
    /// Whether the seat's own bot chose it or the substitute of a faulted seat (as in the frames).
    pub by: By,
    /// The expected place value (0 to 1) of each legal action the seat was sent, in that order,
    /// rounded to 3 decimals.
    pub values: Vec<f64>,
    /// Those legal actions, as the game's JSON.
    pub actions: Vec<Value>,
    /// Those legal actions in English, the seats numbered ("Seat 1 takes 2 cards").
    pub texts: Vec<String>,
    /// Those legal actions in words, as [`Phrase`]s for a page to render in its reader's words
    /// (empty in an analysis stored before they were kept).
    #[serde(default)]
    pub phrases: Vec<Vec<Phrase>>,
    /// The index of the best action (the first of the best values).
    pub best: usize,
    /// The index of the action taken.
    pub taken: usize,
    /// `values[best] - values[taken]`, rounded to 3 decimals.
    pub loss: f64,
}

impl Decision {
    /// Whether the loss makes it a mistake (not a blunder).
    pub fn is_mistake(&self) -> bool {
        (MISTAKE..BLUNDER).contains(&self.loss)
    }

    /// Whether the loss makes it a blunder.
    pub fn is_blunder(&self) -> bool {
        self.loss >= BLUNDER
    }
}

/// One seat's accuracy over the decisions its own bot took (not its substitute's, after a
/// fault).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SeatAccuracy {
    /// The seat.
    pub seat: Seat,
    /// Its bot's decisions.
    pub decisions: u32,
    /// Their mean loss, rounded to 3 decimals (0 with no decision).
    pub mean_loss: f64,
    /// Its mistakes.
    pub mistakes: u32,
    /// Its blunders.
    pub blunders: u32,
}

/// The only status of a finished analysis's answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Done {
    /// Done.
    Done,
}

/// A finished analysis, as `GET /api/matches/{id}/analysis` answers it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Analysis {
    /// Always `done`.
    pub status: Done,
    /// The expert's budget per decision, in ms.
    pub budget_ms: u32,
    /// The decisions in all.
    pub total: u32,
    /// Every decision, in order.
    pub decisions: Vec<Decision>,
    /// Each seat's accuracy.
    pub seats: Vec<SeatAccuracy>,
}

impl Analysis {
    /// The analysis made of `decisions` at `budget_ms`, with each of `players` seats' accuracy.
    pub fn new(budget_ms: u32, players: usize, decisions: Vec<Decision>) -> Analysis {
        let seats = (0..players)
            .map(|seat| {
                let own: Vec<&Decision> = decisions
                    .iter()
                    .filter(|d| d.seat == seat && d.by == By::Bot)
                    .collect();
                let total: f64 = own.iter().map(|d| d.loss).sum();
                SeatAccuracy {
                    seat,
                    decisions: own.len() as u32,
                    mean_loss: if own.is_empty() {
                        0.0
                    } else {
                        round3(total / own.len() as f64)
                    },
                    mistakes: own.iter().filter(|d| d.is_mistake()).count() as u32,
                    blunders: own.iter().filter(|d| d.is_blunder()).count() as u32,
                }
            })
            .collect();
        Analysis {
            status: Done::Done,
            budget_ms,
            total: decisions.len() as u32,
            decisions,
            seats,
        }
    }

    /// The analysis as stored: its JSON, gzip-compressed, with its length and digest.
    pub fn encode(&self) -> io::Result<StoredAnalysis> {
        let compressed =
            Compressed::encode(|w| serde_json::to_writer(w, self).map_err(io::Error::from))?;
        Ok(StoredAnalysis {
            gzip: compressed.gzip.to_vec(),
            plain_len: compressed.plain_len,
            tag: compressed.tag.to_string(),
        })
    }

    /// The analysis `stored` holds.
    pub fn decode(stored: &StoredAnalysis) -> io::Result<Analysis> {
        let mut json = Vec::with_capacity(stored.plain_len as usize);
        GzDecoder::new(stored.gzip.as_slice()).read_to_end(&mut json)?;
        serde_json::from_slice(&json).map_err(io::Error::from)
    }
}

/// `value` rounded to 3 decimals.
pub fn round3(value: f64) -> f64 {
    (value * 1000.0).round() / 1000.0
}

/// A played match to analyse.
#[derive(Debug, Clone, Copy)]
pub struct Played<'a> {
    /// The game's id.
    pub game: &'a str,
    /// The game's options (defaults filled in).
    pub options: &'a Value,
    /// The number of seats.
    pub players: usize,
    /// The deal's seed.
    pub seed: u64,
    /// Every action in order.
    pub actions: &'a [SavedAction],
    /// The step each seat faulted at (its substitute played from there on), if it did.
    pub fault_steps: &'a [Option<u32>],
}

impl<'a> Played<'a> {
    /// The stored match `detail` as played, its seats faulting at `fault_steps`.
    pub fn of(detail: &'a MatchDetail, fault_steps: &'a [Option<u32>]) -> Played<'a> {
        let m = &detail.summary;
        Played {
            game: &m.game,
            options: &m.options,
            players: m.seats.len(),
            seed: m.seed,
            actions: &detail.actions,
            fault_steps,
        }
    }
}

/// Why a match could not be analysed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AnalysisError {
    /// No game has this id.
    #[error("no game {0:?}")]
    UnknownGame(String),
    /// The stored options do not read as the game's.
    #[error("the options: {0}")]
    Options(String),
    /// Action `index` (from 0) does not replay.
    #[error("action {index} does not replay: {detail}")]
    Replay {
        /// The action's index.
        index: usize,
        /// What went wrong.
        detail: String,
    },
}

/// Analyses `played` at `budget_ms` per decision, calling `progress` with the decisions done
/// after each. Searches for a while (about `budget_ms` per action): call it off the async
/// runtime, or step an [`Analysing`] through the thinking pool as the queue does.
pub fn analyse(
    played: &Played<'_>,
    budget_ms: u32,
    progress: &mut dyn FnMut(u32),
) -> Result<Analysis, AnalysisError> {
    let mut analysing = Analysing::new(played, budget_ms)?;
    while analysing.step()? {
        progress(analysing.done());
    }
    Ok(analysing.finish())
}

#[cfg(test)]
mod tests {
    use cardarena_engine::Game;
    use cardarena_engine::games::durak::Durak;
    use serde_json::json;

    use super::*;

    /// The first `n` actions of a durak game from `seed`, each seat taking its first legal one.
    fn first_actions(seed: u64, n: usize) -> Vec<SavedAction> {
        let mut game = Durak::new(&Default::default(), 2, seed).unwrap();
        let mut actions = Vec::new();
        let mut legal = Vec::new();
        while actions.len() < n
            && let Some(seat) = game.to_act()
        {
            game.legal_actions_into(&mut legal);
            actions.push(SavedAction {
                seat,
                action: serde_json::to_value(legal[0]).unwrap(),
                say: None,
            });
            game.apply(&legal[0]).unwrap();
        }
        actions
    }

    #[test]
    fn an_analysis_is_the_same_each_time_and_reads_back_as_stored() {
        let actions = first_actions(7, 12);
        let options = serde_json::to_value(<Durak as Game>::Options::default()).unwrap();
        let played = Played {
            game: "durak",
            options: &options,
            players: 2,
            seed: 7,
            actions: &actions,
            fault_steps: &[None, Some(5)],
        };
        let mut progress = Vec::new();
        let analysis = analyse(&played, 5, &mut |n| progress.push(n)).unwrap();
        assert_eq!(progress, (1..=12).collect::<Vec<u32>>());
        assert_eq!(analyse(&played, 5, &mut |_| ()).unwrap(), analysis);
        assert_eq!(analysis.total, 12);
        for d in &analysis.decisions {
            assert_eq!(d.actions[d.taken], actions[d.step as usize - 1].action);
            assert_eq!(d.by == By::Substitute, d.seat == 1 && d.step >= 5, "{d:?}");
        }
        let seat1 = analysis
            .decisions
            .iter()
            .filter(|d| d.seat == 1 && d.step < 5);
        assert_eq!(analysis.seats[1].decisions as usize, seat1.count());
        let stored = analysis.encode().unwrap();
        assert!(stored.gzip.len() < stored.plain_len as usize);
        assert_eq!(Analysis::decode(&stored).unwrap(), analysis);
        let json = serde_json::to_value(&analysis).unwrap();
        assert_eq!(json["status"], json!("done"));
        assert_eq!(json["decisions"][0]["by"], json!("bot"));
    }

    #[test]
    fn an_action_the_match_did_not_allow_is_a_replay_error() {
        let options = serde_json::to_value(<Durak as Game>::Options::default()).unwrap();
        let bad = [SavedAction {
            seat: 0,
            action: json!({"kind": "take"}),
            say: None,
        }];
        let played = Played {
            game: "durak",
            options: &options,
            players: 2,
            seed: 7,
            actions: &bad,
            fault_steps: &[],
        };
        let error = analyse(&played, 5, &mut |_| ()).unwrap_err();
        assert!(
            matches!(error, AnalysisError::Replay { index: 0, .. }),
            "{error}"
        );
        let unknown = Played {
            game: "chess",
            ..played
        };
        assert_eq!(
            analyse(&unknown, 5, &mut |_| ()).unwrap_err(),
            AnalysisError::UnknownGame("chess".into())
        );
    }

    #[test]
    fn values_round_to_three_decimals() {
        assert_eq!(round3(0.61249), 0.612);
        assert_eq!(round3(0.6125001), 0.613);
        assert_eq!(round3(1.0), 1.0);
    }
}
