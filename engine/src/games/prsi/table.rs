//! prsi's table snapshot: the stock, the pile with its top card last, the suit in force, the
//! pending draw and aces, and who went out (docs/tables.md).

use serde::Serialize;

use super::Prsi;
use crate::cards::{Card, Suit};
use crate::game::{Game, Seat};
use crate::table::{Eye, Layout, Pile, Table};

/// What lies on a prsi table outside the hands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PrsiLayout {
    /// The stock, next card first (face down but for [`Eye::All`]).
    pub stock: Pile,
    /// The played cards, the top card last.
    pub pile: Pile,
    /// The suit in force: an over's chosen suit, else the top card's.
    pub suit: Suit,
    /// Cards the seat to act must draw unless it answers the pending sevens (0 when none).
    pub draw: u32,
    /// Aces pending: turns still to answer with an ace or stand.
    pub aces: u32,
    /// The seats that went out, in order.
    pub out: Vec<Seat>,
}

impl Layout for PrsiLayout {
    fn cards(&self, up: &mut Vec<Card>) -> usize {
        up.extend_from_slice(&self.stock.cards);
        up.extend_from_slice(&self.pile.cards);
        self.stock.down + self.pile.down
    }
}

/// The table of `game` as `eye` sees it; `trick` is the turn's number, from 1.
pub(super) fn table(game: &Prsi, eye: Eye) -> Table<PrsiLayout> {
    Table {
        to_act: game.to_act(),
        deal: 1,
        trick: game.turns + 1,
        hands: (0..game.players())
            .map(|s| Pile::shown(game.hand(s).iter(), eye.sees(s)))
            .collect(),
        layout: PrsiLayout {
            // The deck is drawn from its end: the next card is the last.
            stock: Pile::shown(game.deck.iter().rev().copied(), eye.sees_all()),
            pile: Pile::up(game.pile.iter().copied()),
            suit: game.suit,
            draw: game.sevens,
            aces: game.aces,
            out: game.out.clone(),
        },
    }
}
