//! Dealing, a void deal's re-deal, and scoring a deal that was played out.

use super::{
    DEAL_PACKET, DealResult, FiftySix, HAND_SIZE, HIGH_BID, Phase, TANI, Trick, sort_hand, team,
};
use crate::cards::Card;
use crate::shuffle::{self, ShuffleModel};

impl FiftySix {
    /// Shuffles and deals a new deal for the current dealer; `lying` is the pack as it lies on
    /// the table before the shuffle (the riffle model starts from it).
    pub(super) fn start_deal(&mut self, lying: Vec<Card>) {
        let n = self.players;
        let mut rng = shuffle::rng(shuffle::derive_seed(self.seed, self.deal_counter));
        let first = (self.dealer + 1) % n;
        match self.shuffle {
            ShuffleModel::Uniform => {
                // A new pack, shuffled, dealt in packets from the top: into the kept buffers.
                let deck = &mut self.spare.deck;
                deck.clear();
                deck.extend_from_slice(&self.spare.pack);
                shuffle::shuffle(deck, &mut rng);
                for hand in &mut self.dealt {
                    hand.clear();
                }
                // Packets of cards to each seat in turn from the left of the dealer.
                let mut seat = first;
                for packet in deck[..n * HAND_SIZE].chunks(DEAL_PACKET) {
                    self.dealt[seat].extend_from_slice(packet);
                    seat = if seat + 1 == n { 0 } else { seat + 1 };
                }
            }
            ShuffleModel::Riffle(riffle) => {
                let mut deck = lying;
                riffle.shuffle(&mut deck, &mut rng);
                let hands = riffle.deal(&mut deck, n, HAND_SIZE);
                for (k, hand) in hands.into_iter().enumerate() {
                    self.dealt[(first + k) % n] = hand;
                }
            }
        }
        // The sorted hands keep their buffers from deal to deal.
        for (sorted, hand) in self.hands.iter_mut().zip(&self.dealt) {
            sorted.clear();
            sorted.extend_from_slice(hand);
            sort_hand(sorted);
        }
        self.phase = Phase::Bidding;
        self.turn = first;
        self.bids.clear();
        self.standing = None;
        self.passes = 0;
        self.trump = None;
        self.reveal = None;
        for trick in self.tricks.drain(..) {
            self.spare.keep(trick.cards);
        }
        let cards = std::mem::take(&mut self.trick.cards);
        self.spare.keep(cards);
        self.trick = Trick {
            leader: first,
            cards: self.spare.trick(),
        };
    }

    /// The cards as they lie before the next shuffle, gathered by `gather`, when the riffle
    /// model needs them; nothing for the uniform model, which starts from a new pack.
    fn lying(&self, gather: fn(&FiftySix) -> Vec<Card>) -> Vec<Card> {
        match self.shuffle {
            ShuffleModel::Uniform => Vec::new(),
            ShuffleModel::Riffle(_) => gather(self),
        }
    }

    /// The cards of this deal as dealt, hands in seat order from left of the dealer: how a void
    /// deal's cards are gathered.
    pub(super) fn gathered_as_dealt(&self) -> Vec<Card> {
        (1..=self.players)
            .flat_map(|k| self.dealt[(self.dealer + k) % self.players].iter().copied())
            .collect()
    }

    /// The cards of a played deal as the table gathers them: the tricks in the order they were
    /// won, each in play order, then the cards still in hands (tani sit-outs) in seat order.
    pub(super) fn gathered_after_play(&self) -> Vec<Card> {
        self.tricks
            .iter()
            .flat_map(|t| t.cards.iter().map(|p| p.card))
            .chain(self.hands.iter().flatten().copied())
            .collect()
    }

    /// The deal is void (the defenders hold no trump): the same dealer deals again.
    pub(super) fn void_deal(&mut self) {
        let lying = self.lying(FiftySix::gathered_as_dealt);
        self.void_deals += 1;
        self.deal_counter += 1;
        self.start_deal(lying);
    }

    /// Scores the deal after its eighth trick and starts the next, or ends the match.
    pub(super) fn end_deal(&mut self) {
        let contract = self.standing.expect("a deal in play has a contract");
        let bidding_team = team(contract.seat);
        let taken = self.card_points()[bidding_team];
        let tani = contract.points == TANI;
        let made = if tani {
            self.tricks.iter().all(|t| t.winner == contract.seat)
        } else {
            taken >= contract.points
        };
        let change = score_change(contract.points, made, self.players);
        self.totals[bidding_team] += change;
        self.last_deal = Some(DealResult {
            bidder: contract.seat,
            team: bidding_team,
            bid: contract.points,
            tani,
            card_points: taken,
            made,
            change,
        });
        self.deal += 1;
        if self.deal >= self.deals {
            self.phase = Phase::Over;
            return;
        }
        let lying = self.lying(FiftySix::gathered_after_play);
        self.dealer = (self.dealer + 1) % self.players;
        self.deal_counter += 1;
        self.start_deal(lying);
    }
}

/// The change to the bidding team's total: 28–39 made +1, failed −2; 40–55 +2 / −3; tani (56)
/// +players / −(players + 1).
pub fn score_change(bid: u32, made: bool, players: usize) -> i32 {
    let (win, loss) = match bid {
        TANI => (players as i32, -(players as i32 + 1)),
        b if b >= HIGH_BID => (2, -3),
        _ => (1, -2),
    };
    if made { win } else { loss }
}
