//! cardarena-contest: what plays and schedules. It owns the matches from queue to result: the
//! [`scheduler`] claims queued matches and the [`runner`] plays them with their seats' bots, each
//! wrapped in a [`metered`] seat and held to its [`clock`]; the [`ladder`] queues rated matches
//! (seating each bot only at its [`table_sizes`]), [`tournament`] plans and scores staged
//! tournaments, [`tables`] seats people, [`health`] pauses bots that fault, [`demo`] fills a new
//! server. What a running match shows is [`live`] (the
//! public record as it grows, relayed between processes); what a stored match shows step by step
//! is [`frames`], read back through [`replay`]; [`analysis`] runs the expert over a stored match.
//!
//! It stands on the store (every row it reads or writes goes through `cardarena_store::Store`),
//! the bots (`cardarena_bots`: house bots, the HTTP and dial-out clients, the arena), the
//! sandbox (`cardarena_sandbox`: contestants' uploaded [`modules`]) and the engine. It must never import the HTTP face (`cardarena-web`) or the commands: it answers no
//! request and parses no flag, so the web face and the worker process both drive it the same way.

pub mod analysis;
pub mod clock;
pub mod demo;
pub mod frames;
pub mod games;
pub mod hash;
pub mod health;
pub mod ladder;
pub mod live;
pub mod metered;
pub mod modules;
pub mod replay;
pub mod retention;
pub mod runner;
pub mod scheduler;
pub mod secrets;
pub mod table_sizes;
pub mod tables;
pub mod tournament;
