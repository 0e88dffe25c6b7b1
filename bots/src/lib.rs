//! cardarena-bots: the [`Bot`] trait, the house bots of every game, and the match runner.
//!
//! A bot is anything that, given a seat's view and its legal actions, picks an action. The trait is
//! async and knows nothing of where the bot runs: house bots answer in process, a contestant's bot
//! answers over HTTP ([`http`]). The [`roster`] lists the games with their house bots.
//!
//! It imports only the engine; the contest runs its bots, and the store never needs it.

pub mod arena;
pub mod bot;
pub mod bridge;
pub mod dial;
pub mod durak;
pub mod durak_duel;
pub mod expert;
pub mod fifty_six;
pub mod http;
pub mod most;
pub mod prsi;
pub mod random;
#[cfg(feature = "remote")]
pub mod remote;
pub mod results;
pub mod roster;
pub mod thinking;

pub use arena::{
    By, MatchError, Observer, Played, Said, Step, forfeit, play_match, play_match_observed,
    play_match_within,
};
pub use bot::{Bot, BotFault, BotFuture, FaultAnswer, FaultKind, Reply, Turn};
#[cfg(feature = "remote")]
pub use http::{AddressPolicy, HttpClient};
pub use random::RandomBot;
#[cfg(feature = "remote")]
pub use remote::{DialBotConfig, HttpBotConfig, RemoteBot};
pub use roster::{GameVisitor, HouseGame, game_ids, names_house_bot, with_game};
