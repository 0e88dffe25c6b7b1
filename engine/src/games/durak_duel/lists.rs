//! The card lists of durak-duel's actions: every list the legal actions name, and the check of a
//! list a bot sent (each card once, ascending, allowed now, not too many).

use super::{DurakDuelAction, PACK_SIZE};
use crate::card_list::CardList;
use crate::cards::{Card, CardSet};
use crate::game::RuleError;

/// Pushes onto `out` an action made by `kind` of every subset of `pool` of 1 to `max` cards, each
/// ascending: by size, then in lexicographic order. The subsets are walked as positions in the
/// pool, and each list is filled in place in `out`: nothing is allocated, and no list is built
/// on the stack only to be copied a byte at a time.
pub(super) fn subsets(
    pool: CardSet,
    max: usize,
    out: &mut Vec<DurakDuelAction>,
    kind: fn(CardList) -> DurakDuelAction,
) {
    if max == 0 {
        return;
    }
    if pool.len() == 1 {
        // One card (the usual case): one list.
        out.push(kind(CardList::new()));
        if let (Some(list), Some(card)) = (
            out.last_mut().and_then(DurakDuelAction::cards_mut),
            pool.lowest(),
        ) {
            list.push(card);
        }
        return;
    }
    let mut cards = [Card::BLACK_JOKER; PACK_SIZE];
    let mut n = 0;
    for card in pool {
        cards[n] = card;
        n += 1;
    }
    // Each action is pushed as a copy of one made here, long written, then filled.
    let blank = kind(CardList::new());
    // The positions of the current subset's cards in `cards`, ascending.
    let mut at = [0usize; CardList::CAPACITY];
    for size in 1..=max.min(n).min(CardList::CAPACITY) {
        for (i, slot) in at[..size].iter_mut().enumerate() {
            *slot = i;
        }
        loop {
            out.push(blank.clone());
            if let Some(list) = out.last_mut().and_then(DurakDuelAction::cards_mut) {
                for &i in &at[..size] {
                    list.push(cards[i]);
                }
            }
            // The last position that can still move right, moved; those after it follow it.
            let Some(i) = (0..size).rev().find(|&i| at[i] < n - size + i) else {
                break;
            };
            at[i] += 1;
            for j in i + 1..size {
                at[j] = at[j - 1] + 1;
            }
        }
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
