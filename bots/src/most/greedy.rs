//! `greedy`: a simple most heuristic. It takes from the bridge when a meld is sure (taking as few
//! cards as it can), puts down the meld worth the most (a joker counts as the 100 points it would
//! cost in hand), lays off its most costly card, never swaps, and discards its most costly card
//! that has no partner for a meld, keeping its jokers.

use cardarena_engine::Card;
use cardarena_engine::games::most::{MostAction, MostView, hand_penalty};

/// The greedy heuristic (see the module docs).
#[derive(Debug, Clone, Copy, Default)]
pub struct Greedy;

/// What putting these cards on the table saves: each card's cost in hand.
fn saved(cards: &[Card], jokers: usize) -> i32 {
    cards.iter().map(|&c| hand_penalty(c)).sum::<i32>() + 100 * jokers as i32
}

/// Whether `card` has a partner in `hand` for a meld: the same rank, or the same suit within two.
fn has_partner(hand: &[Card], card: Card) -> bool {
    let (Some(rank), Some(suit)) = (card.rank(), card.suit()) else {
        return true;
    };
    hand.iter().any(|&o| {
        o != card
            && (o.rank() == Some(rank)
                || (o.suit() == Some(suit)
                    && o.rank().is_some_and(|r| {
                        let d = (r.index() as i32 - rank.index() as i32).rem_euclid(13);
                        d <= 2 || d >= 11
                    })))
    })
}

impl Greedy {
    /// The greedy choice among `legal`; `None` only when nothing is legal.
    pub fn choose(&self, view: &MostView, legal: &[MostAction]) -> Option<MostAction> {
        let take = legal
            .iter()
            .filter_map(|a| match a {
                MostAction::Take { index } => Some(*index),
                _ => None,
            })
            .max();
        if let Some(index) = take {
            return Some(MostAction::Take { index });
        }
        if legal.contains(&MostAction::Draw) {
            return Some(MostAction::Draw);
        }
        let meld = legal
            .iter()
            .filter_map(|a| match a {
                MostAction::Meld { cards, jokers } => Some((saved(cards, jokers.len()), a)),
                _ => None,
            })
            .max_by_key(|(value, _)| *value);
        if let Some((_, action)) = meld {
            return Some(action.clone());
        }
        let lay = legal
            .iter()
            .filter_map(|a| match a {
                MostAction::LayOff { card, .. } => Some((hand_penalty(*card), a)),
                _ => None,
            })
            .max_by_key(|(value, _)| *value);
        if let Some((_, action)) = lay {
            return Some(action.clone());
        }
        let discards: Vec<Card> = legal
            .iter()
            .filter_map(|a| match a {
                MostAction::Discard { card } => Some(*card),
                _ => None,
            })
            .collect();
        let best = discards.iter().copied().max_by_key(|&card| {
            if card.is_joker() {
                -1000
            } else {
                hand_penalty(card) - if has_partner(&view.hand, card) { 20 } else { 0 }
            }
        });
        best.map(|card| MostAction::Discard { card })
            .or_else(|| legal.first().cloned())
    }
}
