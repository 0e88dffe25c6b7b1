//! Determinization: a whole game rebuilt from what one seat sees, the cards it cannot see dealt
//! afresh at random. A search bot (the house bot `expert`) plays its candidate actions out on such
//! games, so it never reads a hidden card: it builds its own guesses from the seat's view, the
//! same JSON a remote bot receives.
//!
//! Each game implements [`Determinize`] beside its rules (`games/<game>/determinize.rs`). A
//! sample keeps every card the view shows where the view shows it, each hand's and the stock's
//! size, and whatever the view says of the hidden cards (durak's trump at the bottom of the
//! deck, fifty-six's hidden trump in its bidder's keeping); the rest are shuffled among the hidden
//! places. The view of the sample for the same seat equals the view it was built from, so its
//! legal actions are the real game's.

use rand_chacha::ChaCha8Rng;

use crate::cards::Card;
use crate::game::Game;
use crate::shuffle::shuffle;

/// A game that can be rebuilt from one seat's view.
pub trait Determinize: Game {
    /// A whole game whose view for `view.seat` is `view`, the cards the seat cannot see dealt
    /// uniformly at random by `rng` among the places it cannot see. Reads nothing but `view`, so
    /// two games that show a seat the same view give the same sample for the same `rng`. Facts
    /// the view does not hold (options that do not change the play of the current deal, a
    /// finished deal's order) take fixed values, which each game documents.
    fn determinize(view: &Self::View, rng: &mut ChaCha8Rng) -> Self;
}

/// The cards no seat's view shows, shuffled, to be dealt out to the hidden places one count at a
/// time.
#[derive(Debug)]
pub struct Unseen(Vec<Card>);

impl Unseen {
    /// `cards`, shuffled by `rng`.
    pub fn shuffled(mut cards: Vec<Card>, rng: &mut ChaCha8Rng) -> Unseen {
        shuffle(&mut cards, rng);
        Unseen(cards)
    }

    /// The next `count` cards (fewer if fewer are left, which a consistent view never asks).
    pub fn take(&mut self, count: usize) -> impl Iterator<Item = Card> + '_ {
        let from = self.0.len().saturating_sub(count);
        self.0.drain(from..)
    }

    /// How many cards are left to deal.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether every card was dealt.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}
