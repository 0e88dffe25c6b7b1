//! Suit relabellings of a deal, for duplicate deals a bot cannot recognise by its own hand.
//!
//! A tournament replays one deal at several tables (a final's rotations, a gauntlet's best bots
//! meeting every entrant's deals). In a game whose rules treat the four suits alike, the same
//! deal with its suits renamed is strategically the same deal, yet a bot that remembers its hand
//! from one table does not find it again at the next. The relabelling travels in the seed: a
//! seed's low [`DEAL_BITS`] bits key the deal's draws, and the five bits above them name one of
//! the 24 orderings of the suits ([`SuitMap::nth`]). Every seed below 2^53, which is every seed
//! the server drew before relabelling existed, names ordering 0, the identity, so stored matches
//! deal exactly as before. Games whose suits differ (prsi's green under, J♠, goes on anything) ignore the bits
//! above the deal's and key their draws with the whole seed, as always.

use crate::cards::{Card, Suit};

/// The bits of a seed that key a deal's draws; the next five name its suit relabelling.
pub const DEAL_BITS: u32 = 53;

/// How many different relabellings there are: the orderings of the four suits.
pub const RELABELLINGS: usize = 24;

const DEAL_MASK: u64 = (1 << DEAL_BITS) - 1;

/// A renaming of the suits: `map[s]` is the suit that suit `s` (in the engine's numbering)
/// becomes. Ranks and jokers are unchanged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SuitMap([Suit; 4]);

impl SuitMap {
    /// Every suit stays itself.
    pub const IDENTITY: SuitMap = SuitMap(Suit::ALL);

    /// The `index`-th ordering of the suits (taken modulo [`RELABELLINGS`]), in lexicographic
    /// order of the suits' numbering: 0 is the identity.
    pub fn nth(index: usize) -> SuitMap {
        let mut rest: Vec<Suit> = Suit::ALL.to_vec();
        let mut k = index % RELABELLINGS;
        let mut out = [Suit::Clubs; 4];
        for (slot, left) in out.iter_mut().zip((1..=4usize).rev()) {
            let block = (1..left).product::<usize>();
            *slot = rest.remove(k / block);
            k %= block;
        }
        SuitMap(out)
    }

    /// The suit that `suit` becomes.
    pub fn suit(self, suit: Suit) -> Suit {
        self.0[suit as usize]
    }

    /// The card that `card` becomes: the same rank in the renamed suit; a joker stays itself.
    pub fn card(self, card: Card) -> Card {
        match (card.rank(), card.suit()) {
            (Some(rank), Some(suit)) => Card::new(rank, self.suit(suit)),
            _ => card,
        }
    }

    /// Renames every card of `cards` in place (nothing to do for the identity).
    pub fn cards(self, cards: &mut [Card]) {
        if self != SuitMap::IDENTITY {
            for card in cards {
                *card = self.card(*card);
            }
        }
    }
}

/// A seed split into the seed of its deal's draws (its low [`DEAL_BITS`] bits) and its suit
/// relabelling (the five bits above them).
pub fn split_seed(seed: u64) -> (u64, SuitMap) {
    let index = (seed >> DEAL_BITS) & 0x1f;
    (seed & DEAL_MASK, SuitMap::nth(index as usize))
}

/// The seed that deals `deal_seed`'s deal (its low [`DEAL_BITS`] bits) under relabelling
/// `index` (modulo [`RELABELLINGS`]; 0 leaves the seed as it was).
pub fn relabelled_seed(deal_seed: u64, index: usize) -> u64 {
    (deal_seed & DEAL_MASK) | (((index % RELABELLINGS) as u64) << DEAL_BITS)
}

/// The part of `seed` that every relabelling of its deal shares: two seeds with the same deal
/// seed deal the same cards up to the suits' names.
pub fn deal_seed(seed: u64) -> u64 {
    seed & DEAL_MASK
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::Rank;
    use std::collections::HashSet;

    #[test]
    fn the_orderings_are_the_24_permutations_and_the_first_is_the_identity() {
        assert_eq!(SuitMap::nth(0), SuitMap::IDENTITY);
        let all: HashSet<[Suit; 4]> = (0..RELABELLINGS).map(|k| SuitMap::nth(k).0).collect();
        assert_eq!(all.len(), RELABELLINGS);
        for map in &all {
            let mut sorted = *map;
            sorted.sort();
            assert_eq!(sorted, Suit::ALL);
        }
        assert_eq!(SuitMap::nth(RELABELLINGS + 3), SuitMap::nth(3));
    }

    #[test]
    fn a_map_renames_suits_and_keeps_ranks_and_jokers() {
        let map = SuitMap::nth(23);
        assert_eq!(
            map.0,
            [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs]
        );
        let ten = Card::new(Rank::Ten, Suit::Hearts);
        assert_eq!(map.card(ten), Card::new(Rank::Ten, Suit::Diamonds));
        assert_eq!(map.card(Card::RED_JOKER), Card::RED_JOKER);
    }

    #[test]
    fn seeds_below_2_53_are_their_own_deal_unrelabelled() {
        for seed in [0, 1, 12345, (1 << 53) - 1] {
            assert_eq!(split_seed(seed), (seed, SuitMap::IDENTITY));
            assert_eq!(relabelled_seed(seed, 0), seed);
        }
        let seed = relabelled_seed(777, 5);
        assert!(seed >= 1 << 53);
        assert_eq!(split_seed(seed), (777, SuitMap::nth(5)));
        assert_eq!(deal_seed(seed), 777);
    }
}
