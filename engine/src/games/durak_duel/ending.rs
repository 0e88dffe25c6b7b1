//! How a durak-duel game ends: after a round, with the deck empty, when a player holds no cards
//! (rule 12), or when the game can no longer progress (rule 13): [`STALL_LIMIT`] rounds in a row
//! with the deck empty in which nothing leaves play end it, the player holding more cards losing.

use super::DurakDuel;
use crate::game::{Outcome, Seat, SeatResult};

/// Rounds in a row, with the deck empty, in which nothing leaves play (every one taken) that end
/// the game (rule 13 in RULES.md says why this many).
pub const STALL_LIMIT: u32 = 30;

/// How a finished game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Ending {
    /// This seat won.
    Winner(Seat),
    /// Neither seat won.
    Draw,
}

impl DurakDuel {
    /// The ending once the round that just ended (its refill done) ends the game: with the deck
    /// empty, the player without cards wins, the attacker when both have none (rule 12); after
    /// [`STALL_LIMIT`] rounds without progress, the player with fewer cards wins (rule 13).
    pub(super) fn ending(&self) -> Option<Ending> {
        if !self.deck().is_empty() {
            return None;
        }
        let sizes = [self.hands[0].len(), self.hands[1].len()];
        match sizes {
            [0, 0] => Some(Ending::Winner(self.attacker)),
            [0, _] => Some(Ending::Winner(0)),
            [_, 0] => Some(Ending::Winner(1)),
            [a, b] if self.stalled >= STALL_LIMIT => Some(match a.cmp(&b) {
                std::cmp::Ordering::Less => Ending::Winner(0),
                std::cmp::Ordering::Greater => Ending::Winner(1),
                std::cmp::Ordering::Equal => Ending::Draw,
            }),
            _ => None,
        }
    }
}

impl Ending {
    /// The result: the winner ranks first with score 1, the loser second with 0; in a draw both
    /// rank first with 0.5.
    pub(super) fn outcome(self) -> Outcome {
        let seats = (0..2)
            .map(|seat| match self {
                Ending::Draw => SeatResult {
                    rank: 1,
                    score: 0.5,
                },
                Ending::Winner(winner) if winner == seat => SeatResult {
                    rank: 1,
                    score: 1.0,
                },
                Ending::Winner(_) => SeatResult {
                    rank: 2,
                    score: 0.0,
                },
            })
            .collect();
        Outcome { seats }
    }
}
