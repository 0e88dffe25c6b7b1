//! prsi's table snapshot: the stock, the pile with its top card last, the suit in force, the
//! pending draw and aces, and who went out (docs/tables.md).

use serde::Serialize;

use super::{MAX_TURNS, Prsi};
use crate::cards::{Card, Suit};
use crate::game::{Game, Seat};
use crate::phrase::{Arg, Phrase};
use crate::table::{Eye, Layout, Pile, Table};
use crate::verdict::{self, Verdict};

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
        result: result(game),
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

/// How the game ended, once it has: who went out in which order, and who was left holding
/// cards (the last player left, or at the turn limit every player still in, by hand size).
pub(super) fn result(game: &Prsi) -> Option<Verdict> {
    let outcome = game.outcome()?;
    let holding = |s: Seat| game.hand(s).len();
    let went_out: Vec<Seat> = game
        .out
        .iter()
        .copied()
        .filter(|&s| holding(s) == 0)
        .collect();
    let mut left: Vec<Seat> = (0..game.players()).filter(|&s| holding(s) > 0).collect();
    left.sort_by_key(|&s| (outcome.seats[s].rank, s));
    let mut text = Vec::new();
    if game.turns >= MAX_TURNS && left.len() > 1 {
        text.push(Phrase::new("prsi-turn-limit").number("turns", MAX_TURNS));
    }
    text.extend(went_out.iter().enumerate().map(|(i, &s)| {
        Phrase::new("prsi-out")
            .seat("seat", s)
            .arg("place", Arg::Place(i as u32 + 1))
    }));
    let id = match left.len() {
        1 => "prsi-left-holding",
        _ => "prsi-still-holding",
    };
    text.extend((left.iter()).map(|&s| Phrase::new(id).seat("seat", s).count("count", holding(s))));
    let seats = (0..game.players())
        .map(|s| match went_out.iter().position(|&o| o == s) {
            Some(i) => vec![Phrase::new("prsi-seat-out").arg("place", Arg::Place(i as u32 + 1))],
            None if left.len() == 1 => {
                vec![Phrase::new("prsi-seat-last").count("count", holding(s))]
            }
            None => vec![
                verdict::place(&outcome, s),
                Phrase::new("prsi-seat-holding").count("count", holding(s)),
            ],
        })
        .collect();
    Some(Verdict { text, seats })
}
