//! cardarena-sandbox: bots uploaded as WebAssembly components, run where they can only compute.
//!
//! A bot module is a component of the WIT world `cardarena:bot/bot` (`wit/bot.wit`): one export,
//! `handle`, taking the JSON body an HTTP bot receives and returning its answer. [`Sandbox`] is
//! the engine (Cranelift, fuel metering); [`Sandbox::check`] turns uploaded bytes into a
//! [`Module`] or says why not (size, validity, the interface, its imports); [`Module::start`]
//! gives one match's seat a fresh [`Seat`] (its own store: a memory cap, WASI with fixed clocks,
//! random seeded from the match, no files, no network), whose [`Seat::handle`] runs one call on a
//! budget of fuel. [`ModuleBot`] is such a seat for the match runner: a [`cardarena_bots::Bot`]
//! sent the HTTP protocol's JSON, thinking in the thinking pool. [`componentize`] makes a
//! component of a core module (C, Rust) for the kits. [`local_game_seed`] and its siblings are local
//! play's conventions (`cardarena play`, the Python package's `cardarena.play`).
//!
//! It imports the bots (the Bot trait, the protocol's bodies, the pool; not their HTTP client)
//! and the engine; the contest's runner and the command line play its seats, and nothing below
//! them may.

mod bot;
mod componentize;
mod limits;
mod local;
mod module;
mod seat;

pub use bot::{FUEL_PER_MS, ModuleBot, ModuleSeat};
pub use componentize::{WIT, componentize};
pub use limits::Limits;
pub use local::{
    LOCAL_DEADLINE_MS, LOCAL_TIME_BANK_MS, local_bot_seed, local_game_seed, local_match_id,
};
pub use module::{Module, Refusal, Sandbox, ServerOptions};
pub use seat::{Fault, Seat};
