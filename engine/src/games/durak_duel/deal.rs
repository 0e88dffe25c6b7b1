//! The deal from a deck in drawing order, and who opens.

use super::{DurakDuel, HAND_SIZE, MAX_ATTACKS, PACK_SIZE, Phase};
use crate::cards::{Card, CardSet, Suit};
use crate::game::Seat;

impl DurakDuel {
    /// Deals from a deck in drawing order: six cards to seat 0, six to seat 1; the last card is
    /// the bottom of the deck and sets the trump. The seat with the lowest trump opens.
    pub(super) fn deal(order: &[Card]) -> DurakDuel {
        let mut deck = [order[0]; PACK_SIZE];
        deck.copy_from_slice(order);
        let trump = deck[PACK_SIZE - 1];
        let trump_suit = trump.suit().unwrap_or(Suit::Spades);
        let hands = [
            deck[..HAND_SIZE].iter().copied().collect(),
            deck[HAND_SIZE..2 * HAND_SIZE].iter().copied().collect(),
        ];
        let mut game = DurakDuel {
            deck,
            drawn: (2 * HAND_SIZE) as u8,
            trump,
            trump_suit,
            hands,
            starter: 0,
            attacker: 0,
            defender: 1,
            attacks: [trump; MAX_ATTACKS],
            beats: [None; MAX_ATTACKS],
            table_len: 0,
            discard: CardSet::EMPTY,
            phase: Phase::Open,
            round: 0,
            stalled: 0,
            ending: None,
        };
        let first = game.lowest_trump_seat();
        game.start_round(first);
        game
    }

    /// The seat holding the lowest trump; seat 0 when neither holds a trump (see RULES.md).
    fn lowest_trump_seat(&self) -> Seat {
        let trumps = CardSet::of_suit(self.trump_suit);
        match (
            (self.hands[0] & trumps).lowest(),
            (self.hands[1] & trumps).lowest(),
        ) {
            (Some(a), Some(b)) if b < a => 1,
            (None, Some(_)) => 1,
            _ => 0,
        }
    }
}
