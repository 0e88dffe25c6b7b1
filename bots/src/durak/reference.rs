//! `reference`: seed 000's fixed strategy, exactly. With it in every seat, the deck number and the
//! players decide the whole game, as in the seed's reference log.

use cardarena_engine::Card;
use cardarena_engine::games::durak::{DurakAction, DurakView, Phase};

use super::{Strategy, is_trump, pending_attack};

/// Seed 000's strategy. "Lowest" is the first card in the seed's hand order (non-trumps by rank
/// then suit ♠ ♣ ♦ ♥, then trumps by rank), which is the order of the view's hand:
/// - lead the lowest non-trump, or the lowest trump when only trumps are left;
/// - continue with the lowest card of a rank on the table while there is one;
/// - beat with the lowest higher card of the attacked suit, else the lowest trump, else take.
#[derive(Debug, Clone, Copy, Default)]
pub struct Reference;

impl Strategy for Reference {
    fn choose(&self, view: &DurakView, legal: &[DurakAction]) -> Option<DurakAction> {
        // The first card in hand order that `pick` accepts and that makes a legal action.
        let first_legal = |make: fn(Card) -> DurakAction, pick: &dyn Fn(Card) -> bool| {
            view.hand
                .iter()
                .copied()
                .filter(|&c| pick(c))
                .map(make)
                .find(|a| legal.contains(a))
        };
        let attack = |card: Card| DurakAction::Attack { card };
        let beat = |card: Card| DurakAction::Beat { card };
        match view.phase {
            Phase::Lead => view.hand.first().map(|&card| attack(card)),
            Phase::Continue => Some(first_legal(attack, &|_| true).unwrap_or(DurakAction::Done)),
            Phase::Defend => {
                let target = pending_attack(view)?;
                let same_suit = first_legal(beat, &|c| c.suit() == target.suit() && c > target);
                let trump = || first_legal(beat, &|c| !is_trump(view, target) && is_trump(view, c));
                Some(same_suit.or_else(trump).unwrap_or(DurakAction::Take))
            }
            Phase::Over => None,
        }
    }
}
