//! The card lists of durak-duel's actions: every list the legal actions name, and the check of a
//! list a bot sent (each card once, ascending, allowed now, not too many).

use super::{DurakDuelAction, PACK_SIZE};
use crate::card_list::CardList;
use crate::cards::{Card, CardSet};
use crate::game::RuleError;

/// Pushes onto `out` an action made by `kind` of every subset of `pool` of 1 to `max` cards, each
/// ascending: by size, then in lexicographic order. One card, the usual case, is pushed here (this
/// is inlined into every caller); larger pools go to [`more_subsets`].
#[inline]
pub(super) fn subsets(
    pool: CardSet,
    max: usize,
    out: &mut Vec<DurakDuelAction>,
    kind: impl Fn(CardList) -> DurakDuelAction,
) {
    if max == 0 {
        return;
    }
    match pool.lowest() {
        None => {}
        Some(card) if pool.len() == 1 => out.push(kind(CardList::of_one(card))),
        Some(_) => more_subsets(pool, max, out, kind),
    }
}

/// The subsets of a small pool's positions (bit `i` for the pool's `i`-th card), indexed by the
/// pool's size (two to four cards: every rank's pool when opening): by size, then in
/// lexicographic order, as [`subsets`] lists them.
const SMALL_SUBSETS: [&[u8]; 5] = [
    &[],
    &[],
    &[0b01, 0b10, 0b11],
    &[0b001, 0b010, 0b100, 0b011, 0b101, 0b110, 0b111],
    &[
        0b0001, 0b0010, 0b0100, 0b1000, // one card
        0b0011, 0b0101, 0b1001, 0b0110, 0b1010, 0b1100, // two
        0b0111, 0b1011, 0b1101, 0b1110, // three
        0b1111,
    ],
];

/// [`subsets`] of a pool of two cards or more: from [`SMALL_SUBSETS`] for up to four cards; for
/// more, walked as positions in the pool, each list filled in place in `out`. Nothing is
/// allocated.
fn more_subsets(
    pool: CardSet,
    max: usize,
    out: &mut Vec<DurakDuelAction>,
    kind: impl Fn(CardList) -> DurakDuelAction,
) {
    let mut cards = [Card::BLACK_JOKER; PACK_SIZE];
    let mut n = 0;
    for card in pool {
        cards[n] = card;
        n += 1;
    }
    if let Some(&masks) = SMALL_SUBSETS.get(n) {
        for &mask in masks {
            if mask.count_ones() as usize > max {
                break;
            }
            let mut list = CardList::new();
            let mut left = mask;
            while left != 0 {
                list.push(cards[left.trailing_zeros() as usize]);
                left &= left - 1;
            }
            out.push(kind(list));
        }
        return;
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
