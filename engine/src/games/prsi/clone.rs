//! Cloning a prsi game without allocating (see `crate::reuse`).

use super::Prsi;
use crate::reuse::with_room;

impl Clone for Prsi {
    fn clone(&self) -> Prsi {
        Prsi {
            deck: with_room(&self.deck),
            pile: with_room(&self.pile),
            hands: with_room(&self.hands),
            out: with_room(&self.out),
            ..*self
        }
    }

    /// Copies into `self`'s lists, keeping their buffers.
    fn clone_from(&mut self, source: &Prsi) {
        let Prsi {
            seed,
            seven_draw,
            shuffle,
            deck,
            pile,
            hands,
            turn,
            aces,
            suit,
            sevens,
            out,
            turns,
            reshuffles,
            over,
        } = source;
        self.seed = *seed;
        self.seven_draw = *seven_draw;
        self.shuffle = *shuffle;
        self.deck.clone_from(deck);
        self.pile.clone_from(pile);
        self.hands.clone_from(hands);
        self.turn = *turn;
        self.aces = *aces;
        self.suit = *suit;
        self.sevens = *sevens;
        self.out.clone_from(out);
        self.turns = *turns;
        self.reshuffles = *reshuffles;
        self.over = *over;
    }
}
