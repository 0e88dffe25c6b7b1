//! [`CardSet`]: a set of cards as one 64-bit word, with the set operations and the iteration the
//! games' hot loops use.

use std::fmt;

use super::{Card, Rank, Suit};

/// A set of cards as a bit set: bit `i` holds the card with number `i`. Iteration is in card-number
/// order, that is by rank, then by suit in the engine's numbering.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct CardSet(u64);

impl CardSet {
    /// The empty set.
    pub const EMPTY: CardSet = CardSet(0);

    /// The set whose bit `i` holds the card with number `i` (bits 54 and up are dropped).
    pub const fn from_bits(bits: u64) -> CardSet {
        CardSet(bits & ((1 << 54) - 1))
    }

    /// The set as bits: bit `i` holds the card with number `i`.
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// Every card of one suit.
    pub const fn of_suit(suit: Suit) -> CardSet {
        CardSet(0x1_1111_1111_1111 << suit as u64)
    }

    /// Every card of one rank.
    pub const fn of_rank(rank: Rank) -> CardSet {
        CardSet(0b1111 << ((rank as u64 - 2) * 4))
    }

    /// Every standard card of rank `low` or higher.
    pub const fn from_rank(low: Rank) -> CardSet {
        CardSet(((1u64 << 52) - 1) & !((1u64 << ((low as u64 - 2) * 4)) - 1))
    }

    /// The cards ranked strictly above `card` in its suit (empty for a joker).
    pub fn above_in_suit(card: Card) -> CardSet {
        match card.suit() {
            Some(suit) => CardSet(!((2u64 << card.index()) - 1)) & CardSet::of_suit(suit),
            None => CardSet::EMPTY,
        }
    }

    /// Whether the set holds `card`.
    pub fn contains(self, card: Card) -> bool {
        self.0 & (1 << card.0) != 0
    }

    /// Adds `card`; returns whether it was absent.
    pub fn insert(&mut self, card: Card) -> bool {
        let absent = !self.contains(card);
        self.0 |= 1 << card.0;
        absent
    }

    /// Removes `card`; returns whether it was present.
    pub fn remove(&mut self, card: Card) -> bool {
        let present = self.contains(card);
        self.0 &= !(1 << card.0);
        present
    }

    /// The number of cards in the set.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The card with the lowest number, if any.
    pub fn lowest(self) -> Option<Card> {
        (self.0 != 0).then(|| Card(self.0.trailing_zeros() as u8))
    }

    /// Every standard card of a rank that has a card in the set (jokers are left out).
    pub fn whole_ranks(self) -> CardSet {
        // The lowest bit of each rank's four, for the thirteen ranks.
        const LOW: u64 = 0x1_1111_1111_1111;
        let bits = self.0 & (LOW * 0xF);
        let any = (bits | bits >> 1 | bits >> 2 | bits >> 3) & LOW;
        CardSet(any * 0xF)
    }

    /// The card with the highest number, if any.
    pub fn highest(self) -> Option<Card> {
        (self.0 != 0).then(|| Card(63 - self.0.leading_zeros() as u8))
    }

    /// The `n`-th card in card-number order, if the set has that many.
    pub fn nth(self, n: usize) -> Option<Card> {
        self.iter().nth(n)
    }

    /// The cards in card-number order.
    pub fn iter(self) -> CardSetIter {
        CardSetIter(self.0)
    }
}

impl std::ops::BitOr for CardSet {
    type Output = CardSet;
    fn bitor(self, other: CardSet) -> CardSet {
        CardSet(self.0 | other.0)
    }
}

impl std::ops::BitOrAssign for CardSet {
    fn bitor_assign(&mut self, other: CardSet) {
        self.0 |= other.0;
    }
}

impl std::ops::BitAnd for CardSet {
    type Output = CardSet;
    fn bitand(self, other: CardSet) -> CardSet {
        CardSet(self.0 & other.0)
    }
}

impl std::ops::Sub for CardSet {
    type Output = CardSet;
    fn sub(self, other: CardSet) -> CardSet {
        CardSet(self.0 & !other.0)
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(cards: I) -> CardSet {
        let mut set = CardSet::EMPTY;
        for card in cards {
            set.insert(card);
        }
        set
    }
}

impl IntoIterator for CardSet {
    type Item = Card;
    type IntoIter = CardSetIter;
    fn into_iter(self) -> CardSetIter {
        self.iter()
    }
}

impl fmt::Debug for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

/// Iterator over a [`CardSet`] in card-number order.
#[derive(Clone)]
pub struct CardSetIter(u64);

impl Iterator for CardSetIter {
    type Item = Card;

    fn next(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let card = Card(self.0.trailing_zeros() as u8);
        self.0 &= self.0 - 1;
        Some(card)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for CardSetIter {}
