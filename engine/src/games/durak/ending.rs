//! How a durak game ends: when at most one player is left holding cards (rule 18), or when the
//! game can no longer progress (rule 19): once the deck is empty, [`STALL_LIMIT`] turns in a row in
//! which nothing leaves play end it, the player holding the most cards becoming the fool.

use super::Durak;
use crate::game::{Outcome, Seat, SeatResult};

/// Turns in a row, with the deck empty, in which nothing leaves play (no card discarded, nobody
/// out) that end the game (rule 19 in RULES.md says why this many).
pub const STALL_LIMIT: u32 = 60;

/// How a finished game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Ending {
    /// This seat is the fool.
    Fool(Seat),
    /// Nobody is the fool.
    Draw,
}

impl Durak {
    /// The ending once the turn that just ended leaves at most one player holding cards (rule 18),
    /// or once the run of turns in which nothing left play reaches [`STALL_LIMIT`] (rule 19).
    pub(super) fn ending(&self) -> Option<Ending> {
        let mut left = (0..self.players).filter(|&s| self.in_game[s]);
        match (left.next(), left.next()) {
            (None, _) => Some(Ending::Draw),
            (Some(fool), None) => Some(Ending::Fool(fool)),
            _ if self.stalled >= STALL_LIMIT => Some(self.most_cards()),
            _ => None,
        }
    }

    /// The player holding the most cards is the fool; a tie for the most is a draw.
    fn most_cards(&self) -> Ending {
        let sizes = |s: Seat| self.hands[s].len();
        let most = (0..self.players).map(sizes).max().unwrap_or(0);
        let mut holders = (0..self.players).filter(|&s| sizes(s) == most);
        match (holders.next(), holders.next()) {
            (Some(fool), None) => Ending::Fool(fool),
            _ => Ending::Draw,
        }
    }

    /// Whether the turn that ends now counts towards rule 19: the deck was already empty (so
    /// nobody drew), the defender took (nothing was discarded) and nobody went out.
    pub(super) fn turn_stalled(&self, took: bool, deck_was_empty: bool, before: &[bool]) -> bool {
        took && deck_was_empty && before[..self.players] == self.in_game[..self.players]
    }

    /// The result: every player but the fool ranks first with score 1, the fool second with score
    /// 0; in a draw everyone ranks first.
    pub(super) fn outcome_of(&self, ending: Ending) -> Outcome {
        let seats = (0..self.players)
            .map(|seat| match ending {
                Ending::Fool(fool) if fool == seat => SeatResult {
                    rank: 2,
                    score: 0.0,
                },
                _ => SeatResult {
                    rank: 1,
                    score: 1.0,
                },
            })
            .collect();
        Outcome { seats }
    }
}
