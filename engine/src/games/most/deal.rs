//! Dealing and ending a deal: the shuffle (uniform, or a dealer's riffles from the cards as the
//! table gathers them), the deal's scores and the match's end.

use super::{HAND_SIZE, Most, PACK, PACK_SIZE, Phase, most_pack};
use crate::cards::{Card, CardSet};
use crate::shuffle::{self, ShuffleModel};

impl Most {
    /// The last deal's cards as the table gathers them, top first: the melds in the order they
    /// were put down (each in table order, jokers as jokers), the bridge oldest first, each hand
    /// from seat 0 on (a hand in card order), and the undrawn deck below them all, as it lay.
    pub(super) fn gathered(&self) -> Vec<Card> {
        let melds = self
            .melds
            .iter()
            .flat_map(|m| m.slots.iter().map(|s| s.card));
        let hands = self.hands.iter().flat_map(|hand| hand.iter());
        let deck = self.deck.iter().rev().copied();
        melds
            .chain(self.bridge.iter().copied())
            .chain(hands)
            .chain(deck)
            .collect()
    }

    /// Shuffles and deals deal number `self.deal`: hands, the bridge's first card, the deck.
    pub(super) fn start_deal(&mut self) {
        let seed = shuffle::derive_seed(self.seed, self.deal as u64);
        self.dealer = self.deal as usize % self.players;
        let mut cards = match self.options.shuffle {
            ShuffleModel::Uniform => {
                // A new pack into the last deal's deck buffer.
                let mut cards = std::mem::take(&mut self.deck);
                cards.clear();
                cards.extend_from_slice(&PACK);
                shuffle::shuffle_with_seed(&mut cards, seed);
                self.suits.cards(&mut cards);
                for seat in 0..self.players {
                    self.hands[seat] = CardSet::EMPTY;
                }
                for _ in 0..HAND_SIZE {
                    for k in 0..self.players {
                        let seat = (self.dealer + 1 + k) % self.players;
                        let card = cards.pop().expect("54 cards deal six to six players");
                        self.hands[seat].insert(card);
                    }
                }
                cards
            }
            ShuffleModel::Riffle(riffle) => {
                // The first deal from the pack in order (2♣ on top), later ones from the cards
                // as gathered; packets from the seat after the dealer, the rest laid out to be
                // drawn from the end.
                let mut cards = if self.deal == 0 {
                    let mut pack = most_pack();
                    self.suits.cards(&mut pack);
                    pack
                } else {
                    self.gathered()
                };
                riffle.shuffle(&mut cards, &mut shuffle::rng(seed));
                let hands = riffle.deal(&mut cards, self.players, HAND_SIZE);
                for (k, hand) in hands.into_iter().enumerate() {
                    self.hands[(self.dealer + 1 + k) % self.players] = hand.into_iter().collect();
                }
                cards.reverse();
                cards
            }
        };
        // The bridge keeps its buffer, with room for the pack, from deal to deal.
        self.bridge.clear();
        self.bridge.reserve(PACK_SIZE);
        self.bridge
            .push(cards.pop().expect("a card for the bridge"));
        self.deck = cards;
        for meld in self.melds.drain(..) {
            self.spare.keep(meld.slots);
        }
        self.melded.fill(false);
        self.to_act = (self.dealer + 1) % self.players;
        self.phase = Phase::Draw;
        self.pending = None;
        self.turns = 0;
    }

    /// Scores the deal that just ended and deals the next, or ends the match.
    pub(super) fn end_deal(&mut self) {
        for seat in 0..self.players {
            let score = self.deal_points(seat);
            self.totals[seat] += score;
            self.scores.push(score);
        }
        self.deal += 1;
        let reached = self.totals.iter().any(|&t| t >= self.options.target);
        if self.options.single_deal || reached || self.deal >= self.options.max_deals {
            self.phase = Phase::Over;
            self.pending = None;
        } else {
            self.start_deal();
        }
    }
}
