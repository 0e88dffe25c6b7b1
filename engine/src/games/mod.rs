//! The games, one folder each with its rules, view, actions and RULES.md.

pub mod durak;

/// The ids of every game the engine knows, in the order they were added.
pub const IDS: &[&str] = &[durak::Durak::ID];

use crate::game::Game;
