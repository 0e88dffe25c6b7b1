//! A deal's shuffle and deal, uniform or riffled, into the buffers the match keeps.

use super::{Bridge, HAND_SIZE, MAX_PLAYERS, PACK};
use crate::cards::{Card, CardSet, Rank, Suit, pack};
use crate::shuffle::{self, RiffleShuffle, ShuffleModel};

impl Bridge {
    /// The last deal's cards as the table gathers them, top first: the pile turned face down (the
    /// first card played on top), on it each hand from seat 0 on (a hand in card order), and the
    /// undrawn deck below them all, as it lay.
    pub(super) fn gathered(&self) -> Vec<Card> {
        let hands = self.hands[..self.players]
            .iter()
            .flat_map(|hand| hand.iter());
        let deck = self.deck.iter().rev();
        self.pile
            .iter()
            .copied()
            .chain(hands)
            .chain(deck.copied())
            .collect()
    }

    /// Riffles and cuts the deal's cards (the pack in order for the first deal, else the last
    /// deal's [`gathered`](Self::gathered)) and deals them in packets from the seat after the
    /// dealer; returns the rest of the deck, laid out to be drawn from the end.
    fn riffle_and_deal(&mut self, riffle: RiffleShuffle) -> Vec<Card> {
        let mut cards = if self.deal == 1 {
            let mut pack = pack(Rank::Six, Suit::ALL);
            self.suits.cards(&mut pack);
            pack
        } else {
            self.gathered()
        };
        riffle.shuffle(&mut cards, &mut self.rng);
        let hands = riffle.deal(&mut cards, self.players, HAND_SIZE);
        self.hands = [CardSet::EMPTY; MAX_PLAYERS];
        for (k, hand) in hands.into_iter().enumerate() {
            self.hands[(self.dealer + 1 + k) % self.players] = hand.into_iter().collect();
        }
        cards.reverse();
        cards
    }

    pub(super) fn start_deal(&mut self) {
        let mut cards = match self.options.shuffle {
            ShuffleModel::Uniform => {
                // The new pack goes into the deck's buffer.
                let mut cards = std::mem::take(&mut self.deck);
                cards.clear();
                cards.extend_from_slice(&PACK);
                shuffle::shuffle(&mut cards, &mut self.rng);
                self.suits.cards(&mut cards);
                self.hands = [CardSet::EMPTY; MAX_PLAYERS];
                for k in 0..HAND_SIZE * self.players {
                    let seat = (self.dealer + 1 + k) % self.players;
                    let card = cards.pop().expect("36 cards deal 5 to at most 6 players");
                    self.hands[seat].insert(card);
                }
                cards
            }
            ShuffleModel::Riffle(riffle) => self.riffle_and_deal(riffle),
        };
        let up = cards.pop().expect("a card is left to turn up");
        self.deck = cards;
        self.pile.clear();
        self.pile.push(up);
        self.ordered = (up.rank() == Some(Rank::Jack)).then(|| up.suit()).flatten();
        self.current = (self.dealer + 1) % self.players;
        self.turn.reset(true, up.rank() == Some(Rank::Six));
        self.skips = [0; MAX_PLAYERS];
        self.idle_turns = 0;
        self.turns = 0;
    }
}
