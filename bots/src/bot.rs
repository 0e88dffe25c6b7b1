//! The [`Bot`] trait: one seat's decision maker, wherever it runs.

use std::future::Future;
use std::pin::Pin;

use cardarena_engine::{Game, Outcome, Seat};

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

/// A bot's answer to a [`Turn`]: the action, a line it may say (shown in the replay), and
/// whether its kit played the action at random because the bot's own strategy failed.
#[derive(Debug, Clone, PartialEq)]
pub struct Reply<A> {
    /// The chosen action; the runner checks that it is legal.
    pub action: A,
    /// A short line of text, at most [`Reply::MAX_SAY_CHARS`] characters.
    pub say: Option<String>,
    /// Whether the bot's kit chose the action at random because the bot's strategy failed (the
    /// answer's `"fallback": true`): counted per seat and shown, never a fault.
    pub fallback: bool,
}

impl<A> Reply<A> {
    /// The most characters of a "say" line that are kept.
    pub const MAX_SAY_CHARS: usize = 200;

    /// The most characters of "say" lines kept from one seat in one match (ten full lines);
    /// past it, lines are cut, then dropped, so a match's log cannot grow by what a bot says.
    pub const MAX_SAY_CHARS_PER_MATCH: usize = 2_000;

    /// A reply that says nothing.
    pub fn silent(action: A) -> Reply<A> {
        Reply {
            action,
            say: None,
            fallback: false,
        }
    }
}

/// A decision maker for one seat of game `G`.
pub trait Bot<G: Game>: Send {
    /// Chooses one of `turn.legal_actions`.
    fn act<'a>(
        &'a mut self,
        turn: Turn<'a, G>,
    ) -> BotFuture<'a, Result<Reply<G::Action>, BotFault>>;

    /// Told once before the first decision that the match starts, with the bot's seat and the
    /// number of players. Nothing the bot does here counts.
    fn start(&mut self, seat: Seat, players: usize) -> BotFuture<'_, ()> {
        let _ = (seat, players);
        Box::pin(async {})
    }

    /// Told once that the match is over, with its final outcome. Nothing the bot does here counts.
    fn end<'a>(&'a mut self, seat: Seat, outcome: &'a Outcome) -> BotFuture<'a, ()> {
        let _ = (seat, outcome);
        Box::pin(async {})
    }
}

/// What went wrong with a bot's answer (protocol version 1's fault kinds).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FaultKind {
    /// No complete answer by the deadline.
    Timeout,
    /// The bot's address could not be reached (or is refused by the server's address policy).
    Connect,
    /// The bot answered with a status other than 2xx.
    HttpStatus,
    /// The answer's body was larger than the protocol allows.
    TooLarge,
    /// The answer was not the JSON the protocol asks for.
    BadJson,
    /// The bot chose an action that is not among the legal ones.
    IllegalAction,
}

impl FaultKind {
    /// Every fault kind.
    pub const ALL: [FaultKind; 6] = [
        FaultKind::Timeout,
        FaultKind::Connect,
        FaultKind::HttpStatus,
        FaultKind::TooLarge,
        FaultKind::BadJson,
        FaultKind::IllegalAction,
    ];

    /// The kind's wire name, as in the API and the database.
    pub fn as_str(self) -> &'static str {
        match self {
            FaultKind::Timeout => "timeout",
            FaultKind::Connect => "connect",
            FaultKind::HttpStatus => "http_status",
            FaultKind::TooLarge => "too_large",
            FaultKind::BadJson => "bad_json",
            FaultKind::IllegalAction => "illegal_action",
        }
    }

    /// The kind with this wire name.
    pub fn from_name(name: &str) -> Option<FaultKind> {
        FaultKind::ALL
            .into_iter()
            .find(|kind| kind.as_str() == name)
    }
}

/// A bot's failure to give a legal answer, with what was seen.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}: {detail}", kind.as_str())]
pub struct BotFault {
    /// The kind of fault.
    pub kind: FaultKind,
    /// What happened, for the record.
    pub detail: String,
    /// How the bot answered, where the call got that far (an HTTP bot's status and first bytes;
    /// the runner adds the time taken).
    pub answer: Option<FaultAnswer>,
}

/// How a bot answered the call it faulted on: each part `None` where there was nothing (no
/// status for a connection that failed, no body for a timeout).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FaultAnswer {
    /// The HTTP status of the answer.
    pub status: Option<u16>,
    /// How long the call took, until the answer or the deadline, in ms.
    pub ms: Option<u32>,
    /// The first [`FaultAnswer::MAX_BODY_BYTES`] bytes of the answer's body, as text (invalid
    /// UTF-8 replaced).
    pub body: Option<String>,
}

impl FaultAnswer {
    /// The most bytes of a faulty answer's body that are kept.
    pub const MAX_BODY_BYTES: usize = 200;

    /// An answer with this status and the first bytes of `body`.
    pub fn new(status: u16, body: &[u8]) -> FaultAnswer {
        FaultAnswer::of(Some(status), body)
    }

    /// An answer with this status, if it had one (none over a dial-out bot's connection), and
    /// the first bytes of `body`.
    pub fn of(status: Option<u16>, body: &[u8]) -> FaultAnswer {
        let head = &body[..body.len().min(Self::MAX_BODY_BYTES)];
        FaultAnswer {
            status,
            ms: None,
            body: Some(String::from_utf8_lossy(head).into_owned()),
        }
    }
}

impl BotFault {
    /// The most characters of a fault's detail that are kept: a detail quotes what the bot
    /// sent, and it is stored and shown on pages, so a bot cannot fill either with it.
    pub const MAX_DETAIL_CHARS: usize = 500;

    /// A fault of this kind with this detail, cut to [`BotFault::MAX_DETAIL_CHARS`] characters
    /// (marked with "…" when cut).
    pub fn new(kind: FaultKind, detail: impl Into<String>) -> BotFault {
        let mut detail = detail.into();
        if detail.chars().nth(Self::MAX_DETAIL_CHARS).is_some() {
            let cut = detail
                .char_indices()
                .nth(Self::MAX_DETAIL_CHARS - 1)
                .map_or(detail.len(), |(at, _)| at);
            detail.truncate(cut);
            detail.push('…');
        }
        BotFault {
            kind,
            detail,
            answer: None,
        }
    }

    /// The same fault with how the bot answered.
    pub fn with_answer(self, answer: FaultAnswer) -> BotFault {
        BotFault {
            answer: Some(answer),
            ..self
        }
    }

    /// An illegal-action fault with this detail.
    pub fn illegal(detail: impl Into<String>) -> BotFault {
        BotFault::new(FaultKind::IllegalAction, detail)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fault_kind_names_round_trip_and_match_serde() {
        for kind in FaultKind::ALL {
            assert_eq!(FaultKind::from_name(kind.as_str()), Some(kind));
            let json = format!("\"{}\"", kind.as_str());
            assert_eq!(serde_json::from_str::<FaultKind>(&json).unwrap(), kind);
        }
        assert_eq!(FaultKind::from_name("slow"), None);
    }

    #[test]
    fn long_details_are_cut_on_a_character_boundary() {
        let long = "é".repeat(30_000);
        let fault = BotFault::illegal(long);
        assert_eq!(fault.detail.chars().count(), BotFault::MAX_DETAIL_CHARS);
        assert!(fault.detail.ends_with('…'));
        let short = BotFault::illegal("x".repeat(BotFault::MAX_DETAIL_CHARS));
        assert_eq!(short.detail, "x".repeat(BotFault::MAX_DETAIL_CHARS));
    }

    #[test]
    fn a_faulty_answer_keeps_its_first_bytes_as_text() {
        let mut body = vec![b'a'; 199];
        body.extend_from_slice("é and more".as_bytes());
        let answer = FaultAnswer::new(500, &body);
        assert_eq!(answer.status, Some(500));
        let kept = answer.body.unwrap();
        assert!(kept.starts_with(&"a".repeat(199)) && kept.ends_with('\u{fffd}'));
        assert_eq!(kept.chars().count(), 200);
        assert_eq!(FaultAnswer::new(200, b"").body.as_deref(), Some(""));
    }
}
