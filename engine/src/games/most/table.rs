//! Most's table snapshot: the stock, the bridge row of discards, every meld with each joker's
//! stand-in, the bridge card a taker must meld, and the scores to 500. The fields are listed in
//! docs/tables.md.

use serde::Serialize;

use super::{MeldKind, Most, Phase, Slot};
use crate::cards::Card;
use crate::game::{Game, Seat};
use crate::table::{Eye, Layout, Pile, Table};
use crate::verdict::{self, PointsWords, Verdict};

/// Where most's cards lie outside the hands, and the scores.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MostLayout {
    /// Where the turn stands: `draw`, `play`, or `over` (the match).
    pub phase: Phase,
    /// The face-down stock, its next card first.
    pub stock: Pile,
    /// The bridge row of discards, its newest card last.
    pub bridge: Pile,
    /// The card taken from the bridge this turn that the seat to act must meld, held apart from
    /// its hand (the hand's pile does not count it); `null` otherwise.
    pub pending: Option<Card>,
    /// Every meld on the table, in the order put down (the index actions name).
    pub melds: Vec<MeldOnTable>,
    /// Per seat, whether it has put down a meld of its own this deal (and so may lay off).
    pub melded: Vec<bool>,
    /// The deal's dealer.
    pub dealer: Seat,
    /// Each finished deal's points per seat, in order.
    pub scores: Vec<Vec<i32>>,
    /// Each seat's running total.
    pub totals: Vec<i32>,
    /// The total that ends the match after its deal.
    pub target: i32,
}

/// A meld as the table shows it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MeldOnTable {
    /// The seat that put it down.
    pub owner: Seat,
    /// Run or set.
    pub kind: MeldKind,
    /// Its cards in table order: each `{"card", "stands_for", "by"}`, a joker standing for a
    /// standard card, any other card for itself; `by` is the seat that put it there.
    pub cards: Vec<Slot>,
}

impl Layout for MostLayout {
    fn cards(&self, up: &mut Vec<Card>) -> usize {
        up.extend_from_slice(&self.stock.cards);
        up.extend_from_slice(&self.bridge.cards);
        up.extend(self.pending);
        for meld in &self.melds {
            up.extend(meld.cards.iter().map(|s| s.card));
        }
        self.stock.down + self.bridge.down
    }
}

/// The table of `game` as `eye` sees it.
pub(super) fn table(game: &Most, eye: Eye) -> Table<MostLayout> {
    let over = game.phase == Phase::Over;
    let layout = MostLayout {
        phase: game.phase,
        stock: Pile::shown(game.deck.iter().rev().copied(), eye.sees_all()),
        bridge: Pile::up(game.bridge.iter().copied()),
        pending: game.pending,
        melds: game
            .melds
            .iter()
            .map(|m| MeldOnTable {
                owner: m.owner,
                kind: m.kind,
                cards: m.slots.clone(),
            })
            .collect(),
        melded: game.melded.clone(),
        dealer: game.dealer,
        scores: game
            .scores
            .chunks(game.players)
            .map(<[i32]>::to_vec)
            .collect(),
        totals: game.totals.clone(),
        target: game.options.target,
    };
    Table {
        to_act: game.to_act(),
        deal: if over { game.deal } else { game.deal + 1 },
        trick: game.turns + 1,
        hands: (0..game.players)
            .map(|s| {
                let mut hand = game.hands[s];
                if s == game.to_act
                    && let Some(card) = game.pending
                {
                    hand.remove(card);
                }
                Pile::shown(hand, eye.sees(s))
            })
            .collect(),
        result: result(game),
        layout,
    }
}

/// How the match ended, once it has: each seat's total and place, and the last deal's points.
fn result(game: &Most) -> Option<Verdict> {
    let outcome = game.outcome()?;
    let totals: Vec<i64> = game.totals.iter().map(|&t| i64::from(t)).collect();
    let deals = game.scores.len() / game.players.max(1);
    let last: Option<Vec<i64>> = (game.scores.chunks(game.players).last())
        .map(|deal| deal.iter().map(|&p| i64::from(p)).collect());
    let words = PointsWords {
        totals: "most-totals",
        total: "most-total",
        scored: "most-scored",
        seat: "points",
    };
    Some(verdict::by_points(
        &outcome,
        &totals,
        last.as_deref(),
        deals,
        i64::from(game.options.target),
        &words,
    ))
}
