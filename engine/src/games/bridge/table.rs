//! Bridge's table snapshot: the stock, the pile and its top, the suit a jack orders, what the
//! turn's sevens, eights and aces still demand, and the scores to 125. The fields are listed in
//! docs/tables.md.

use serde::Serialize;

use super::Bridge;
use crate::cards::{Card, Suit};
use crate::game::{Game, Seat};
use crate::table::{Eye, Layout, Pile, Table};
use crate::verdict::{self, PointsWords, Verdict};

/// Where bridge's cards lie outside the hands, and the scores.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BridgeLayout {
    /// The face-down stock, its next card first.
    pub stock: Pile,
    /// The face-up pile since the last reshuffle, its top card last.
    pub pile: Pile,
    /// How many of the pile's top cards the seat to act put there this turn.
    pub played: usize,
    /// The suit the jack on top orders, `null` unless a jack is on top.
    pub ordered_suit: Option<Suit>,
    /// Whether the six on top must still be covered by the seat to act.
    pub must_cover: bool,
    /// What the turn's cards will make the others do when it ends, and the turns owed.
    pub pending: Pending,
    /// The deal's dealer.
    pub dealer: Seat,
    /// Each finished deal's points per seat, in order.
    pub scores: Vec<Vec<u32>>,
    /// Each seat's running total (lower is better).
    pub totals: Vec<u32>,
    /// Going over this total loses; reaching it exactly falls back to zero.
    pub target: u32,
}

/// What the top cards still demand: the cards the turn's sevens or eights will make others take
/// when the turn ends, and the turns each seat is to lose.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Pending {
    /// Cards the turn's sevens or eights will make others take, in all.
    pub draw: u32,
    /// Per seat, the cards of `draw` it will take.
    pub takes: Vec<u32>,
    /// Per seat, the turns it is to lose: those owed already and those the turn's eights and
    /// aces will add.
    pub skips: Vec<u32>,
}

impl Layout for BridgeLayout {
    fn cards(&self, up: &mut Vec<Card>) -> usize {
        up.extend_from_slice(&self.stock.cards);
        up.extend_from_slice(&self.pile.cards);
        self.stock.down + self.pile.down
    }
}

/// The table of `game` as `eye` sees it.
pub(super) fn table(game: &Bridge, eye: Eye) -> Table<BridgeLayout> {
    let n = game.players;
    let mut takes = vec![0; n];
    let mut skips = game.skips[..n].to_vec();
    for (victim, cards, lost) in game.turn_effects() {
        takes[victim] += cards;
        skips[victim] += lost;
    }
    let layout = BridgeLayout {
        stock: Pile::shown(game.deck.iter().rev().copied(), eye.sees_all()),
        pile: Pile::up(game.pile.iter().copied()),
        played: game.turn.played.len(),
        ordered_suit: game.ordered,
        must_cover: game.turn.must_cover,
        pending: Pending {
            draw: takes.iter().sum(),
            takes,
            skips,
        },
        dealer: game.dealer,
        scores: game.scores.iter().map(|d| d[..n].to_vec()).collect(),
        totals: game.totals[..n].to_vec(),
        target: game.options.target,
    };
    Table {
        to_act: game.to_act(),
        deal: game.deal,
        trick: game.turns + 1,
        hands: (0..n)
            .map(|s| {
                let mut hand: Vec<Card> = game.hands[s].iter().collect();
                hand.sort_by_key(|c| (c.suit(), c.rank()));
                Pile::shown(hand, eye.sees(s))
            })
            .collect(),
        result: result(game),
        layout,
    }
}

/// How the match ended, once it has: each seat's total (lower is better) and place, and the
/// last deal's points.
fn result(game: &Bridge) -> Option<Verdict> {
    let outcome = game.outcome()?;
    let totals: Vec<i64> = game.totals().iter().map(|&t| i64::from(t)).collect();
    let last: Option<Vec<i64>> = (game.scores.last())
        .map(|deal| deal[..game.players].iter().map(|&p| i64::from(p)).collect());
    let words = PointsWords {
        totals: "bridge-totals",
        total: "bridge-lost",
        scored: "bridge-lost",
        seat: "bridge-seat-lost",
    };
    Some(verdict::by_points(
        &outcome,
        &totals,
        last.as_deref(),
        game.scores.len(),
        i64::from(game.options.target),
        &words,
    ))
}
