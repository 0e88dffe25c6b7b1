//! The games, one folder each with its rules, view, actions and RULES.md.

pub mod bridge;
pub mod durak;
pub mod durak_duel;
pub mod fifty_six;
pub mod most;
pub mod prsi;
