//! What a pickled `Game` keeps: how it began (dealt from a seed, or rebuilt from a view) and the
//! index of every action applied since. Loading it deals or rebuilds the game again and replays
//! the actions, so the copy is the same game, its legal actions and views the same, without
//! the engine's inner state crossing a process boundary. The form is JSON, versioned by the
//! package: a pickle loads in the version that wrote it.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::game::PyGame;

/// How a game began.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Origin {
    /// Dealt for `players` seats with `options` (JSON), from the game's seed.
    Dealt {
        /// The table size.
        players: usize,
        /// The game's options as JSON.
        options: Value,
    },
    /// Rebuilt from a seat's `view`, the hidden cards dealt from the game's seed.
    Sampled {
        /// The view, as the JSON a bot is sent.
        view: Value,
    },
}

/// A game as a pickle keeps it.
#[derive(Debug, Serialize, Deserialize)]
pub struct State {
    /// The game's id.
    pub game: String,
    /// The seed it was dealt (or rebuilt) from.
    pub seed: u64,
    /// How it began.
    pub origin: Origin,
    /// The index among the legal actions of every action applied, in order.
    pub history: Vec<u32>,
}

impl State {
    /// The state as JSON text.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }
}

/// The game a pickle kept (pickle calls it with the text `Game.__reduce__` gave).
#[pyfunction]
pub fn _restore_game(state: &str) -> PyResult<PyGame> {
    let state: State = serde_json::from_str(state)
        .map_err(|e| PyValueError::new_err(format!("not a pickled cardarena game: {e}")))?;
    PyGame::restore(state)
}
