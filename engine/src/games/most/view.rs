//! What one seat sees of a most match: the JSON a bot receives as `view`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{Most, Phase, TableMeld};
use crate::cards::Card;
use crate::game::{Game, Seat};
use crate::reuse::{cloned, refill};

/// What one seat may see of a most match.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct MostView {
    /// The seat this view is for.
    pub seat: Seat,
    /// Deals finished so far (the current deal is number `deals_played + 1`).
    pub deals_played: u32,
    /// The dealer of this deal; the seat after it played first.
    pub dealer: Seat,
    /// Where the turn stands.
    pub phase: Phase,
    /// The seat whose decision it is; `null` once the match is over.
    pub to_act: Option<Seat>,
    /// The bridge card taken this turn that a meld must still use.
    pub pending: Option<Card>,
    /// This seat's own hand, in card order (rank, then suit; jokers last).
    pub hand: Vec<Card>,
    /// How many cards each seat holds.
    pub hand_sizes: Vec<usize>,
    /// Cards left in the deck.
    pub deck_size: usize,
    /// The bridge, the oldest card first.
    pub bridge: Vec<Card>,
    /// The melds on the table, by index.
    pub melds: Vec<TableMeld>,
    /// Whether each seat has put down a meld of their own in this deal.
    pub melded: Vec<bool>,
    /// Match totals by seat.
    pub totals: Vec<i32>,
    /// Points of the last finished deal by seat.
    pub last_scores: Vec<i32>,
    /// The points to reach.
    pub target: i32,
}

impl MostView {
    /// The view of `game` for `seat`.
    pub fn of(game: &Most, seat: Seat) -> MostView {
        MostView::built(game, seat, None)
    }

    /// [`MostView::of`] written over this view, its lists rebuilt in their memory.
    pub fn refill(&mut self, game: &Most, seat: Seat) {
        let view = MostView::built(game, seat, Some(self));
        *self = view;
    }

    /// The view of `game` for `seat`, its lists built in `old`'s memory when there is one.
    fn built(game: &Most, seat: Seat, mut old: Option<&mut MostView>) -> MostView {
        MostView {
            seat,
            deals_played: game.deal,
            dealer: game.dealer,
            phase: game.phase,
            to_act: game.to_act(),
            pending: game.pending,
            hand: refill(old.as_mut().map(|o| &mut o.hand), game.hand(seat).iter()),
            hand_sizes: refill(
                old.as_mut().map(|o| &mut o.hand_sizes),
                game.hands.iter().map(|h| h.len()),
            ),
            deck_size: game.deck.len(),
            bridge: cloned(old.as_mut().map(|o| &mut o.bridge), &game.bridge),
            melds: cloned(old.as_mut().map(|o| &mut o.melds), &game.melds),
            melded: cloned(old.as_mut().map(|o| &mut o.melded), &game.melded),
            totals: cloned(old.as_mut().map(|o| &mut o.totals), &game.totals),
            last_scores: cloned(old.as_mut().map(|o| &mut o.last_scores), game.last_scores()),
            target: game.options.target,
        }
    }
}
