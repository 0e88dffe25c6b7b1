//! The [`Bot`] trait: one seat's decision maker, wherever it runs.

use std::future::Future;
use std::pin::Pin;

use cardarena_engine::{Game, Seat};

/// The future a bot returns: boxed so that bots of different kinds share one seat list.
pub type BotFuture<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// What a bot is asked at one decision.
#[derive(Debug)]
pub struct Turn<'a, G: Game> {
    /// The seat the bot plays.
    pub seat: Seat,
    /// The number of this decision in the match, from 1.
    pub decision: u32,
    /// What the seat may see.
    pub view: &'a G::View,
    /// The actions the bot may choose from; never empty.
    pub legal_actions: &'a [G::Action],
}

/// A decision maker for one seat of game `G`.
pub trait Bot<G: Game>: Send {
    /// Chooses one of `turn.legal_actions`.
    fn act<'a>(&'a mut self, turn: Turn<'a, G>) -> BotFuture<'a, Result<G::Action, BotFault>>;
}

/// What went wrong with a bot's answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum FaultKind {
    /// The bot chose an action that is not among the legal ones.
    IllegalAction,
}

/// A bot's failure to give a legal answer, with what was seen.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{kind:?}: {detail}")]
pub struct BotFault {
    /// The kind of fault.
    pub kind: FaultKind,
    /// What happened, for the record.
    pub detail: String,
}

impl BotFault {
    /// An illegal-action fault with this detail.
    pub fn illegal(detail: impl Into<String>) -> BotFault {
        BotFault {
            kind: FaultKind::IllegalAction,
            detail: detail.into(),
        }
    }
}
