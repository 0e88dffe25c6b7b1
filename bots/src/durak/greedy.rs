//! `greedy`: a sensible durak heuristic. It sheds low non-trumps, keeps trumps while the deck
//! lasts, and would rather take two small cards than spend a high trump on them.

use cardarena_engine::games::durak::{DurakAction, DurakView, Phase};
use cardarena_engine::{Card, Rank};

use super::{Strategy, is_trump, pending_attack};

/// The greedy heuristic:
/// - lead the lowest non-trump, preferring a rank held twice (the pair can follow);
/// - continue with non-trumps while the deck lasts, with anything allowed once it is empty;
/// - beat with the cheapest card (same suit before trumps); take instead when the only answer is a
///   queen-or-higher trump, the deck still holds more than a hand, and the table is small.
#[derive(Debug, Clone, Copy, Default)]
pub struct Greedy;

/// What a card costs to give away: rank, plus a whole suit's worth for a trump.
fn cost(view: &DurakView, card: Card) -> u32 {
    let rank = card.rank().map_or(0, |r| r as u32);
    if is_trump(view, card) {
        rank + 20
    } else {
        rank
    }
}

impl Strategy for Greedy {
    fn choose(&self, view: &DurakView, legal: &[DurakAction]) -> Option<DurakAction> {
        let deck_left = view.deck_size > 0;
        match view.phase {
            Phase::Lead => {
                let pairs =
                    |card: Card| view.hand.iter().filter(|c| c.rank() == card.rank()).count();
                view.hand
                    .iter()
                    .copied()
                    .min_by_key(|&c| (cost(view, c), std::cmp::Reverse(pairs(c))))
                    .map(|card| DurakAction::Attack { card })
            }
            Phase::Continue => {
                let cheap = legal.iter().filter_map(|a| match *a {
                    DurakAction::Attack { card } if !deck_left || !is_trump(view, card) => {
                        Some(card)
                    }
                    _ => None,
                });
                Some(
                    cheap
                        .min_by_key(|&c| cost(view, c))
                        .map_or(DurakAction::Done, |card| DurakAction::Attack { card }),
                )
            }
            Phase::Defend => {
                let target = pending_attack(view)?;
                let cheapest = legal
                    .iter()
                    .filter_map(|a| match *a {
                        DurakAction::Beat { card } => Some(card),
                        _ => None,
                    })
                    .min_by_key(|&c| cost(view, c));
                let too_dear = |card: Card| {
                    is_trump(view, card)
                        && !is_trump(view, target)
                        && card.rank() >= Some(Rank::Queen)
                        && view.deck_size > 6
                        && view.table.len() <= 2
                };
                Some(match cheapest {
                    Some(card) if !too_dear(card) => DurakAction::Beat { card },
                    _ => DurakAction::Take,
                })
            }
            Phase::Over => None,
        }
    }
}
