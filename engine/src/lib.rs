//! cardarena-engine: the rules of every game cardarena plays.
//!
//! The engine is pure and synchronous: no I/O, no async, no clocks. A game is a state machine with
//! hidden information behind the [`Game`] trait; cards and seeded shuffles are shared by all games.
//! The [`catalog`] names every game and checks its options, and [`log_codec`] turns a stored
//! match's JSON actions into the compact [`log`] and back, so that the store needs nothing but
//! the engine. It imports no cardarena crate.

pub mod card_list;
pub mod cards;
pub mod catalog;
pub mod describe;
pub mod determinize;
pub mod encode;
pub mod game;
pub mod games;
pub mod log;
pub mod log_codec;
pub mod phrase;
pub mod playout;
pub mod relabel;
mod reuse;
pub mod schema;
pub mod shuffle;
pub mod table;
pub mod verdict;

pub use card_list::{CardList, InlineList};
pub use cards::{Card, CardSet, ParseCardError, Rank, Suit};
pub use determinize::Determinize;
pub use encode::Encode;
pub use game::{Game, Outcome, PlayerCount, RuleError, Seat, SeatResult, SetupError, place_value};
pub use phrase::{Arg, Phrase};
pub use table::{Eye, Layout, Pile, Table};
pub use verdict::Verdict;
