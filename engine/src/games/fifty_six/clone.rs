//! Cloning a fifty-six match without allocating (see `crate::reuse`).

use super::{FiftySix, FinishedTrick, Spare, Trick};
use crate::reuse::with_room;

impl Clone for Spare {
    /// Buffers of the same sizes, empty; the same pack.
    fn clone(&self) -> Spare {
        Spare {
            pack: self.pack.clone(),
            deck: Vec::with_capacity(self.deck.capacity()),
            tricks: self.tricks.clone(),
        }
    }

    /// The source's pack; `self`'s own buffers.
    fn clone_from(&mut self, source: &Spare) {
        self.pack.clone_from(&source.pack);
    }
}

impl Clone for FiftySix {
    fn clone(&self) -> FiftySix {
        FiftySix {
            dealt: self.dealt.iter().map(with_room).collect(),
            hands: self.hands.iter().map(with_room).collect(),
            bids: with_room(&self.bids),
            trick: Trick {
                leader: self.trick.leader,
                cards: with_room(&self.trick.cards),
            },
            tricks: with_room(&self.tricks),
            spare: self.spare.clone(),
            ..*self
        }
    }

    /// Copies into `self`'s lists, keeping their buffers: the finished tricks' card lists go back
    /// to the spare buffers and come out again for the source's tricks.
    fn clone_from(&mut self, source: &FiftySix) {
        let FiftySix {
            players,
            seed,
            shuffle,
            deals,
            deal_counter,
            deal,
            void_deals,
            dealer,
            dealt,
            hands,
            phase,
            turn,
            bids,
            standing,
            passes,
            trump,
            reveal,
            trick,
            tricks,
            totals,
            last_deal,
            spare,
        } = source;
        self.players = *players;
        self.seed = *seed;
        self.shuffle = *shuffle;
        self.deals = *deals;
        self.deal_counter = *deal_counter;
        self.deal = *deal;
        self.void_deals = *void_deals;
        self.dealer = *dealer;
        self.dealt.clone_from(dealt);
        self.hands.clone_from(hands);
        self.phase = *phase;
        self.turn = *turn;
        self.bids.clone_from(bids);
        self.standing = *standing;
        self.passes = *passes;
        self.trump = *trump;
        self.reveal = *reveal;
        for finished in self.tricks.drain(..) {
            self.spare.keep(finished.cards);
        }
        // A match that ended holds no list for a next trick: give it one.
        if self.trick.cards.capacity() == 0 {
            self.trick.cards = self.spare.trick();
        }
        self.trick.clone_from(trick);
        for finished in tricks {
            let mut cards = self.spare.trick();
            cards.clone_from(&finished.cards);
            self.tricks.push(FinishedTrick { cards, ..*finished });
        }
        self.totals = *totals;
        self.last_deal = *last_deal;
        self.spare.clone_from(spare);
    }
}
