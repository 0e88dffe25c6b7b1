//! Cloning a bridge match without allocating (see `crate::reuse`).

use super::{Bridge, Turn};
use crate::reuse::with_room;

impl Clone for Turn {
    fn clone(&self) -> Turn {
        Turn {
            played: with_room(&self.played),
            ..*self
        }
    }

    fn clone_from(&mut self, source: &Turn) {
        let Turn {
            opening,
            drew,
            must_cover,
            played,
            acted,
        } = source;
        (self.opening, self.drew, self.must_cover, self.acted) =
            (*opening, *drew, *must_cover, *acted);
        self.played.clone_from(played);
    }
}

impl Clone for Bridge {
    fn clone(&self) -> Bridge {
        Bridge {
            options: self.options.clone(),
            rng: self.rng.clone(),
            deck: with_room(&self.deck),
            pile: with_room(&self.pile),
            scores: with_room(&self.scores),
            turn: self.turn.clone(),
            ..*self
        }
    }

    /// Copies into `self`'s lists, keeping their buffers.
    fn clone_from(&mut self, source: &Bridge) {
        let Bridge {
            players,
            options,
            rng,
            suits,
            hands,
            deck,
            pile,
            ordered,
            dealer,
            deal,
            totals,
            scores,
            turns,
            current,
            turn,
            skips,
            idle_turns,
            over,
        } = source;
        self.players = *players;
        self.options.clone_from(options);
        self.rng.clone_from(rng);
        self.suits = *suits;
        self.hands = *hands;
        self.deck.clone_from(deck);
        self.pile.clone_from(pile);
        self.ordered = *ordered;
        self.dealer = *dealer;
        self.deal = *deal;
        self.totals = *totals;
        self.scores.clone_from(scores);
        self.turns = *turns;
        self.current = *current;
        self.turn.clone_from(turn);
        self.skips = *skips;
        self.idle_turns = *idle_turns;
        self.over = *over;
    }
}
