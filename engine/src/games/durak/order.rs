//! Seed 000's order of cards in a hand: non-trumps by rank, ties by suit (♠, ♣, ♦, ♥), then the
//! trumps by rank. Hands are shown in this order, and "the lowest card" means the first in it.

use crate::cards::{Card, CardSet, Suit};

/// The cards of `cards` in the seed's hand order under `trump`: only the cards held are visited.
/// Within each rank's four bits (♣ ♦ ♥ ♠ in card numbering) the bits are turned so that ♠
/// comes first, then ♣ ♦ ♥, and the non-trumps are read in that order; then the trumps by rank.
pub fn seed_order(cards: CardSet, trump: Suit) -> impl Iterator<Item = Card> {
    const LOW: u64 = 0x0001_1111_1111_1111;
    let trumps = cards & CardSet::of_suit(trump);
    let plain = (cards - trumps).bits();
    let turned = ((plain << 1) & (LOW * 0b1110)) | ((plain >> 3) & LOW);
    let plain = BitIter(turned).map(|at| {
        // Position 0 of a rank is ♠ (3), positions 1-3 are ♣ ♦ ♥ (0-2).
        let suit = (at % 4 + 3) % 4;
        (at - at % 4) + suit
    });
    plain
        .chain(BitIter(trumps.bits()))
        .filter_map(|index| Card::from_index(index as usize))
}

/// The positions of the set bits of a word, lowest first.
struct BitIter(u64);

impl Iterator for BitIter {
    type Item = u32;

    fn next(&mut self) -> Option<u32> {
        if self.0 == 0 {
            return None;
        }
        let at = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Some(at)
    }
}

/// The cards of `cards` as a hand sorted in the seed's order under `trump`.
pub fn sort_hand(cards: CardSet, trump: Suit) -> Vec<Card> {
    seed_order(cards, trump).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::Rank;
    use crate::shuffle::{below, rng};

    /// Suits in the seed's sorting order: spades, clubs, diamonds, hearts.
    const SUIT_ORDER: [Suit; 4] = [Suit::Spades, Suit::Clubs, Suit::Diamonds, Suit::Hearts];
    /// Where durak's ranks (six to ace) start in [`Rank::ALL`].
    const FIRST_RANK: usize = Rank::Six.index();

    /// The 36 cards in the seed's order for one trump suit.
    fn order_for(trump: Suit) -> [Card; 36] {
        let mut order = [Card::new(Rank::Six, Suit::Spades); 36];
        let mut n = 0;
        let mut r = FIRST_RANK;
        while r < Rank::ALL.len() {
            let mut s = 0;
            while s < SUIT_ORDER.len() {
                if SUIT_ORDER[s] as u8 != trump as u8 {
                    order[n] = Card::new(Rank::ALL[r], SUIT_ORDER[s]);
                    n += 1;
                }
                s += 1;
            }
            r += 1;
        }
        let mut r = FIRST_RANK;
        while r < Rank::ALL.len() {
            order[n] = Card::new(Rank::ALL[r], trump);
            n += 1;
            r += 1;
        }
        order
    }

    #[test]
    fn the_seed_order_visits_the_held_cards_in_the_full_orders_sequence() {
        let mut r = rng(36);
        for trump in Suit::ALL {
            let order = order_for(trump);
            for _ in 0..200 {
                let held: CardSet = order
                    .iter()
                    .copied()
                    .filter(|_| below(&mut r, 3) == 0)
                    .collect();
                let expected: Vec<Card> = order
                    .iter()
                    .copied()
                    .filter(|&c| held.contains(c))
                    .collect();
                assert_eq!(seed_order(held, trump).collect::<Vec<_>>(), expected);
            }
            assert_eq!(
                seed_order(order.iter().copied().collect(), trump).collect::<Vec<_>>(),
                order
            );
        }
    }
}
