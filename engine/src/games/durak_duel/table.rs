//! durak-duel's table snapshot: the stock with the trump card face up at its bottom, this
//! round's attack/defence pairs, the discard, who attacks, defends and opened the round
//! (docs/tables.md).

use serde::Serialize;

use super::ending::{Ending, STALL_LIMIT};
use super::{DuelTablePair, DurakDuel, Phase};
use crate::cards::{Card, Suit};
use crate::game::{Game, Seat};
use crate::phrase::Phrase;
use crate::table::{Eye, Layout, Pile, Table};
use crate::verdict::Verdict;

/// What lies on a durak-duel table outside the hands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DurakDuelLayout {
    /// The stock, next card first; the trump card face up at its bottom while nobody has drawn it.
    pub stock: Pile,
    /// The trump suit.
    pub trump_suit: Suit,
    /// The seat attacking now (after a counterattack, the counterattacker).
    pub attacker: Seat,
    /// The seat defending now.
    pub defender: Seat,
    /// This round's attack/defence pairs, in the order attacked.
    pub table: Vec<DuelTablePair>,
    /// The cards discarded in earlier defended rounds (both seats saw them played).
    pub discard: Pile,
    /// Where the round stands.
    pub phase: Phase,
    /// The seat that opened this round.
    pub starter: Seat,
}

impl Layout for DurakDuelLayout {
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

/// The table of `game` as `eye` sees it; `trick` is the round's number.
pub(super) fn table(game: &DurakDuel, eye: Eye) -> Table<DurakDuelLayout> {
    Table {
        to_act: game.to_act(),
        deal: 1,
        trick: game.round,
        hands: (0..2)
            .map(|s| Pile::shown(game.hand(s).iter(), eye.sees(s)))
            .collect(),
        result: result(game),
        layout: DurakDuelLayout {
            stock: Pile::under_trump(game.deck(), game.trump, eye),
            trump_suit: game.trump_suit,
            attacker: game.attacker,
            defender: game.defender,
            table: game
                .pairs()
                .into_iter()
                .map(|(attack, beat)| DuelTablePair { attack, beat })
                .collect(),
            discard: Pile::up(game.discard.iter()),
            phase: game.phase,
            starter: game.starter,
        },
    }
}

/// How the game ended, once it has: who won and who is the fool, or a draw.
pub(super) fn result(game: &DurakDuel) -> Option<Verdict> {
    let ending = game.ending?;
    let stalled = game.stalled >= STALL_LIMIT;
    let (text, seats) = match ending {
        Ending::Winner(winner) => {
            let fool = 1 - winner;
            let text = match stalled {
                true => Phrase::new("durak-duel-won-stalled").number("rounds", STALL_LIMIT),
                false => Phrase::new("durak-duel-won").count("count", game.hand(fool).len()),
            }
            .seat("winner", winner)
            .seat("fool", fool);
            let seats = (0..2)
                .map(|s| match s == winner {
                    true => vec![Phrase::new("place-won")],
                    false => vec![Phrase::new("durak-seat-fool")],
                })
                .collect();
            (text, seats)
        }
        Ending::Draw => (
            Phrase::new("durak-duel-draw"),
            vec![vec![Phrase::new("durak-duel-seat-draw")]; 2],
        ),
    };
    Some(Verdict {
        text: vec![text],
        seats,
    })
}
