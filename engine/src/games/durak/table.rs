//! durak's table snapshot: the stock with the trump card face up at its bottom, this turn's
//! attack/defence pairs, the discard, and who attacks and defends (docs/tables.md).

use serde::Serialize;

use super::ending::{Ending, STALL_LIMIT};
use super::{Durak, Phase, TablePair, sort_hand};
use crate::cards::{Card, Suit};
use crate::game::{Game, Seat};
use crate::phrase::{Arg, Phrase};
use crate::table::{Eye, Layout, Pile, Table};
use crate::verdict::{self, Verdict};

/// What lies on a durak table outside the hands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DurakLayout {
    /// The stock, next card first; the trump card face up at its bottom while nobody has drawn it.
    pub stock: Pile,
    /// The trump suit.
    pub trump_suit: Suit,
    /// This turn's attacker.
    pub attacker: Seat,
    /// This turn's defender.
    pub defender: Seat,
    /// This turn's attack/defence pairs, in the order attacked.
    pub table: Vec<TablePair>,
    /// The cards beaten off in earlier turns (every seat saw them played).
    pub discard: Pile,
    /// Where the turn stands.
    pub phase: Phase,
    /// Per seat, whether it still plays.
    pub in_game: Vec<bool>,
}

impl Layout for DurakLayout {
    fn cards(&self, up: &mut Vec<Card>) -> usize {
        up.extend_from_slice(&self.stock.cards);
        for pair in &self.table {
            up.push(pair.attack);
            up.extend(pair.beat);
        }
        up.extend_from_slice(&self.discard.cards);
        self.stock.down + self.discard.down
    }
}

/// The table of `game` as `eye` sees it; `trick` is the turn's number.
pub(super) fn table(game: &Durak, eye: Eye) -> Table<DurakLayout> {
    let players = game.players;
    Table {
        to_act: game.to_act(),
        deal: 1,
        trick: game.turn,
        hands: (0..players)
            .map(|s| Pile::shown(sort_hand(game.hand(s), game.trump_suit), eye.sees(s)))
            .collect(),
        result: result(game),
        layout: DurakLayout {
            stock: Pile::under_trump(game.deck(), game.trump, eye),
            trump_suit: game.trump_suit,
            attacker: game.attacker,
            defender: game.defender,
            table: pairs(game).collect(),
            discard: Pile::up(game.discard.iter()),
            phase: game.phase,
            in_game: game.in_game[..players].to_vec(),
        },
    }
}

/// This turn's cards as attack/defence pairs, in the order attacked.
pub(super) fn pairs(game: &Durak) -> impl Iterator<Item = TablePair> + '_ {
    game.played().chunks(2).map(|pair| TablePair {
        attack: pair[0],
        beat: pair.get(1).copied(),
    })
}

/// How the game ended, once it has: who is the fool (the last player holding cards, or the one
/// holding the most when play stalled), or a draw.
pub(super) fn result(game: &Durak) -> Option<Verdict> {
    let ending = game.ending?;
    let outcome = game.outcome_of(ending);
    let stalled = game.stalled >= STALL_LIMIT;
    let text = match ending {
        Ending::Fool(fool) if stalled => Phrase::new("durak-fool-stalled")
            .seat("fool", fool)
            .number("turns", STALL_LIMIT)
            .count("count", game.hand(fool).len()),
        Ending::Fool(fool) => Phrase::new("durak-fool")
            .seat("fool", fool)
            .count("count", game.hand(fool).len()),
        Ending::Draw if stalled => Phrase::new("durak-draw-stalled").number("turns", STALL_LIMIT),
        Ending::Draw => Phrase::new("durak-draw"),
    };
    let seats = (0..game.players)
        .map(|seat| match ending {
            Ending::Fool(fool) if fool == seat => Phrase::new("durak-seat-fool"),
            Ending::Fool(_) => match verdict::tied_with(&outcome, seat) {
                others if others.is_empty() => Phrase::new("durak-seat-not-fool"),
                others => {
                    Phrase::new("durak-seat-not-fool-shared").arg("seats", Arg::Seats(others))
                }
            },
            Ending::Draw => Phrase::new("durak-seat-draw"),
        })
        .map(|phrase| vec![phrase])
        .collect();
    Some(Verdict {
        text: vec![text],
        seats,
    })
}
