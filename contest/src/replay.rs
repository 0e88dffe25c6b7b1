//! Replaying a stored match: its game dealt again from its seed and options and its action log
//! applied, to check its outcome ([`replay`]), and why a stored match does not replay
//! ([`ReplayError`]), which the frames ([`crate::frames`]) report when they replay one to draw
//! it. It sits below the match runner and the frames alike: drawing a stored match does not reach
//! for what plays one.

use cardarena_bots::{GameVisitor, HouseGame, forfeit, with_game};
use cardarena_engine::Outcome;
use serde_json::Value;

/// Why a stored match does not replay.
#[derive(Debug, thiserror::Error)]
pub enum ReplayError {
    /// No game has this id.
    #[error("unknown game {0:?}")]
    UnknownGame(String),
    /// The stored options do not fit the game.
    #[error("bad options: {0}")]
    Options(String),
    /// A stored action does not replay.
    #[error("action {index}: {detail}")]
    Action {
        /// The action's index in the log.
        index: usize,
        /// What went wrong.
        detail: String,
    },
}

/// The game a stored match was dealt: its `options` (JSON) read for the game, `players` seated,
/// `seed` shuffled.
pub fn deal<G: HouseGame>(options: &Value, players: usize, seed: u64) -> Result<G, ReplayError> {
    let options: G::Options =
        serde_json::from_value(options.clone()).map_err(|e| ReplayError::Options(e.to_string()))?;
    G::new(&options, players, seed).map_err(|e| ReplayError::Options(e.to_string()))
}

/// A stored match to check: what [`replay`] needs.
#[derive(Debug, Clone)]
pub struct StoredPlay<'a> {
    /// The game's id.
    pub game: &'a str,
    /// The game's options.
    pub options: &'a Value,
    /// The deal's seed.
    pub seed: u64,
    /// Which seats faulted.
    pub faulted: &'a [bool],
    /// The action log.
    pub actions: &'a [Value],
}

/// Re-runs a stored match from its seed and actions and returns its outcome, forfeits applied.
pub fn replay(stored: &StoredPlay<'_>) -> Result<Outcome, ReplayError> {
    with_game(stored.game, Replay(stored))
        .ok_or_else(|| ReplayError::UnknownGame(stored.game.to_string()))?
}

struct Replay<'a, 'b>(&'a StoredPlay<'b>);

impl GameVisitor for Replay<'_, '_> {
    type Output = Result<Outcome, ReplayError>;

    fn visit<G: HouseGame>(self) -> Self::Output {
        let stored = self.0;
        let mut game: G = deal(stored.options, stored.faulted.len(), stored.seed)?;
        for (index, json) in stored.actions.iter().enumerate() {
            let action: G::Action =
                serde_json::from_value(json.clone()).map_err(|e| ReplayError::Action {
                    index,
                    detail: e.to_string(),
                })?;
            game.apply(&action).map_err(|e| ReplayError::Action {
                index,
                detail: e.to_string(),
            })?;
        }
        let outcome = game.outcome().ok_or(ReplayError::Action {
            index: stored.actions.len(),
            detail: "the log ends before the game does".into(),
        })?;
        Ok(forfeit(&outcome, stored.faulted))
    }
}
