//! Local play's conventions, shared by `cardarena play` and the Python package's
//! `cardarena.play`, so that a seed plays the same games in both: each game's seed and match id,
//! each seat's bot seed (a module's instance is seeded with it, as a house bot is), and a
//! module's budget unless told otherwise.

use cardarena_engine::shuffle::derive_seed;
use serde_json::Value;

use crate::bot::ModuleSeat;

/// A module's per-decision deadline in local play unless told otherwise, in ms: the server's
/// default deadline, in fuel ([`crate::FUEL_PER_MS`] a millisecond).
pub const LOCAL_DEADLINE_MS: u32 = 1000;

/// A module's time bank in local play unless told otherwise, in ms: none, as the ladder gives.
pub const LOCAL_TIME_BANK_MS: u32 = 0;

/// The seed game `index` (from 0) of a run seeded `seed` is dealt from: `seed` itself for the
/// first game, so that a one-game run replays a match's seed.
pub fn local_game_seed(seed: u64, index: u64) -> u64 {
    match index {
        0 => seed,
        _ => derive_seed(seed, index),
    }
}

/// The seed of the bot at `seat` in a game dealt from `game_seed`: a house bot's choices and a
/// module's instance (its WASI randomness) follow from it.
pub fn local_bot_seed(game_seed: u64, seat: usize) -> u64 {
    derive_seed(derive_seed(game_seed, u64::MAX), seat as u64)
}

/// The match id of game `index` (from 0) dealt from `game_seed`, as the bots are sent it.
pub fn local_match_id(index: u64, game_seed: u64) -> String {
    format!("play-{}-{game_seed}", index + 1)
}

impl ModuleSeat {
    /// How a module plays `seat` of game `index` (from 0) of a local run, dealt from `game_seed`
    /// with `options`: charged to `name`, in [`local_match_id`]'s match, its instance seeded by
    /// [`local_bot_seed`], with a deadline of `deadline_ms` and a bank of `time_bank_ms` a match.
    pub fn local(
        name: &str,
        index: u64,
        game_seed: u64,
        seat: usize,
        (deadline_ms, time_bank_ms): (u32, u32),
        options: Value,
    ) -> ModuleSeat {
        ModuleSeat {
            bot_id: name.to_string(),
            match_id: local_match_id(index, game_seed),
            seed: local_bot_seed(game_seed, seat),
            deadline_ms: deadline_ms.into(),
            time_bank_ms: time_bank_ms.into(),
            options,
        }
    }
}
