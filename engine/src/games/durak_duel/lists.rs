//! The card lists of durak-duel's actions: every list the legal actions name, and the check of a
//! list a bot sent (each card once, ascending, allowed now, not too many).

use crate::cards::{Card, CardSet};
use crate::game::RuleError;

/// Calls `out` with every subset of `pool` of 1 to `max` cards, each ascending: by size, then in
/// lexicographic order.
pub(super) fn subsets(pool: CardSet, max: usize, out: &mut impl FnMut(Vec<Card>)) {
    fn go(
        cards: &[Card],
        size: usize,
        start: usize,
        current: &mut Vec<Card>,
        out: &mut impl FnMut(Vec<Card>),
    ) {
        if current.len() == size {
            out(current.clone());
            return;
        }
        for (i, &card) in cards.iter().enumerate().skip(start) {
            current.push(card);
            go(cards, size, i + 1, current, out);
            current.pop();
        }
    }
    let cards: Vec<Card> = pool.iter().collect();
    let mut current = Vec::new();
    for size in 1..=max.min(cards.len()) {
        go(&cards, size, 0, &mut current, out);
    }
}

/// Checks a card list of an action: not empty, each card once in ascending order, every card in
/// `pool`, at most `max` cards.
pub(super) fn check_cards(
    cards: &[Card],
    pool: CardSet,
    max: usize,
    what: &str,
) -> Result<(), RuleError> {
    let illegal = |why: String| Err(RuleError::Illegal(why));
    if cards.is_empty() {
        return illegal(format!("{what}: no cards"));
    }
    if !cards.windows(2).all(|w| w[0] < w[1]) {
        return illegal(format!(
            "{what}: list each card once, in ascending order (as legal_actions does)"
        ));
    }
    if let Some(card) = cards.iter().find(|&&c| !pool.contains(c)) {
        return illegal(format!("{what}: {card} may not be played now"));
    }
    if cards.len() > max {
        return illegal(format!(
            "{what}: {} cards, but at most {max} may be added now",
            cards.len()
        ));
    }
    Ok(())
}
