//! Cloning a most match without allocating (see `crate::reuse`).

use super::{Most, TableMeld};
use crate::reuse::with_room;

impl Clone for Most {
    fn clone(&self) -> Most {
        Most {
            options: self.options.clone(),
            deck: with_room(&self.deck),
            bridge: with_room(&self.bridge),
            hands: with_room(&self.hands),
            melds: (self.melds.iter())
                .map(|meld| TableMeld {
                    slots: with_room(&meld.slots),
                    ..*meld
                })
                .collect(),
            melded: with_room(&self.melded),
            totals: with_room(&self.totals),
            scores: with_room(&self.scores),
            spare: self.spare.clone(),
            ..*self
        }
    }

    /// Copies into `self`'s lists, keeping their buffers: the melds' slot lists go back to the
    /// spare buffers and come out again for the source's melds.
    fn clone_from(&mut self, source: &Most) {
        let Most {
            options,
            players,
            seed,
            suits,
            deal,
            dealer,
            deck,
            bridge,
            hands,
            melds,
            melded,
            to_act,
            phase,
            pending,
            totals,
            scores,
            turns,
            spare,
        } = source;
        self.options.clone_from(options);
        self.players = *players;
        self.seed = *seed;
        self.suits = *suits;
        self.deal = *deal;
        self.dealer = *dealer;
        self.deck.clone_from(deck);
        self.bridge.clone_from(bridge);
        self.hands.clone_from(hands);
        for meld in self.melds.drain(..) {
            self.spare.keep(meld.slots);
        }
        for meld in melds {
            let mut slots = self.spare.take();
            slots.clone_from(&meld.slots);
            self.melds.push(TableMeld { slots, ..*meld });
        }
        self.melded.clone_from(melded);
        self.to_act = *to_act;
        self.phase = *phase;
        self.pending = *pending;
        self.totals.clone_from(totals);
        self.scores.clone_from(scores);
        self.turns = *turns;
        self.spare.clone_from(spare);
    }
}
