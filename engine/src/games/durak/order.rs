//! Seed 000's order of cards in a hand: non-trumps by rank, ties by suit (♠, ♣, ♦, ♥), then the
//! trumps by rank. Hands are shown in this order, and "the lowest card" means the first in it.

use crate::cards::{Card, CardSet, Rank, Suit};

/// Suits in the seed's sorting order: spades, clubs, diamonds, hearts.
const SUIT_ORDER: [Suit; 4] = [Suit::Spades, Suit::Clubs, Suit::Diamonds, Suit::Hearts];
/// Where durak's ranks (six to ace) start in [`Rank::ALL`].
const FIRST_RANK: usize = Rank::Six.index();

/// The 36 cards in the seed's order for one trump suit.
const fn order_for(trump: Suit) -> [Card; 36] {
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

/// The seed's order for each trump suit, indexed by the suit's number.
const ORDERS: [[Card; 36]; 4] = [
    order_for(Suit::Clubs),
    order_for(Suit::Diamonds),
    order_for(Suit::Hearts),
    order_for(Suit::Spades),
];

/// The cards of `cards` in the seed's hand order under `trump`.
pub fn seed_order(cards: CardSet, trump: Suit) -> impl Iterator<Item = Card> {
    ORDERS[trump as usize]
        .iter()
        .copied()
        .filter(move |&card| cards.contains(card))
}

/// The cards of `cards` as a hand sorted in the seed's order under `trump`.
pub fn sort_hand(cards: CardSet, trump: Suit) -> Vec<Card> {
    seed_order(cards, trump).collect()
}
