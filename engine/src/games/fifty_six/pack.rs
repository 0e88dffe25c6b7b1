//! Fifty-six's pack and the order its hands are kept in: the pack as it comes out of the box,
//! and hands sorted by suit and precedence through a table of keys.

use super::PRECEDENCE;
use crate::cards::{Card, Rank, Suit};

/// The ranks of the six-player pack, nine to ace (the four-player pack leaves out Q and K).
const SIX_RANKS: [Rank; 6] = [
    Rank::Nine,
    Rank::Ten,
    Rank::Jack,
    Rank::Queen,
    Rank::King,
    Rank::Ace,
];

/// The pack for `players` as it comes out of the box: two decks one on the other, each suit by
/// suit (♣ ♦ ♥ ♠) from 9 up to A; kings and queens left out for 4 players (32 or 48 cards).
pub fn fifty_six_pack(players: usize) -> Vec<Card> {
    const FOUR: [Rank; 4] = [Rank::Nine, Rank::Ten, Rank::Jack, Rank::Ace];
    let ranks: &[Rank] = if players > 4 { &SIX_RANKS } else { &FOUR };
    let mut cards = Vec::with_capacity(2 * Suit::ALL.len() * ranks.len());
    for _deck in 0..2 {
        for suit in Suit::ALL {
            cards.extend(ranks.iter().map(|&rank| Card::new(rank, suit)));
        }
    }
    cards
}

/// The order hands are kept in: by suit (♣ ♦ ♥ ♠), then by precedence, J first. Two cards
/// share a key only when they are two copies of one card.
pub(super) fn hand_order(card: &Card) -> u8 {
    HAND_ORDER[card.index()]
}

/// [`hand_order`] by card number: the suit (jokers first), then the precedence from the highest.
const HAND_ORDER: [u8; 54] = {
    let mut keys = [0u8; 54];
    let mut i = 0;
    while i < 54 {
        let suit = if i >= 52 { 0 } else { i as u8 % 4 + 1 };
        keys[i] = suit * 8 + (7 - PRECEDENCE[i / 4]);
        i += 1;
    }
    keys
};

/// The fifty-six card with each [`hand_order`] key (the ranks nine to ace have distinct
/// precedences, so a key names one card); other keys hold the black joker, never looked up.
const CARD_OF_ORDER: [Card; 64] = {
    const RANKS: [Rank; 6] = SIX_RANKS;
    let mut cards = [Card::BLACK_JOKER; 64];
    let mut s = 0;
    while s < Suit::ALL.len() {
        let mut r = 0;
        while r < RANKS.len() {
            let card = Card::new(RANKS[r], Suit::ALL[s]);
            cards[HAND_ORDER[card.index()] as usize] = card;
            r += 1;
        }
        s += 1;
    }
    cards
};

/// Sorts a hand of fifty-six cards by [`hand_order`]: each key's cards, one copy or two, are
/// counted in a bit set and written back in key order (a sort of eight cards by comparisons
/// took a fifth of a deal's time).
pub(super) fn sort_hand(hand: &mut Vec<Card>) {
    let (mut once, mut twice) = (0u64, 0u64);
    for card in hand.iter() {
        let bit = 1u64 << HAND_ORDER[card.index()];
        twice |= once & bit;
        once |= bit;
    }
    hand.clear();
    while once != 0 {
        let key = once.trailing_zeros();
        let card = CARD_OF_ORDER[key as usize];
        hand.push(card);
        if twice & (1 << key) != 0 {
            hand.push(card);
        }
        once &= once - 1;
    }
}

/// Puts `card` into the sorted `hand`.
pub(super) fn insert_sorted(hand: &mut Vec<Card>, card: Card) {
    let at = hand.partition_point(|c| hand_order(c) <= hand_order(&card));
    hand.insert(at, card);
}

/// The cards of a sorted hand, each once.
pub(super) fn distinct(hand: &[Card]) -> impl Iterator<Item = Card> + '_ {
    hand.iter()
        .enumerate()
        .filter(|&(i, c)| i == 0 || hand[i - 1] != *c)
        .map(|(_, &c)| c)
}
