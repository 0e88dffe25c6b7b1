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

use crate::cards::{Card, CardSet, Suit};
use crate::game::{Game, Seat};
use crate::shuffle::{below, shuffle};

/// A game that can be rebuilt from one seat's view.
pub trait Determinize: Game {
    /// A whole game whose view for `view.seat` is `view`, the cards the seat cannot see dealt
    /// uniformly at random by `rng` among the places it cannot see. Reads nothing but `view`, so
    /// two games that show a seat the same view give the same sample for the same `rng`. Facts
    /// the view does not hold (options that do not change the play of the current deal, a
    /// finished deal's order) take fixed values, which each game documents.
    fn determinize(view: &Self::View, rng: &mut ChaCha8Rng) -> Self;
}

/// The cards a seat's view does not show, shuffled, to be dealt out to the hidden places one count at a
/// time.
#[derive(Debug)]
pub struct Unseen(Vec<Card>);

impl Unseen {
    /// `cards`, shuffled by `rng`.
    pub fn shuffled(mut cards: Vec<Card>, rng: &mut ChaCha8Rng) -> Unseen {
        shuffle(&mut cards, rng);
        Unseen(cards)
    }

    /// The cards of `pack` that `shown` does not hold, shuffled by `rng`.
    pub fn outside(
        pack: impl IntoIterator<Item = Card>,
        shown: CardSet,
        rng: &mut ChaCha8Rng,
    ) -> Unseen {
        let hidden = pack.into_iter().filter(|&c| !shown.contains(c)).collect();
        Unseen::shuffled(hidden, rng)
    }

    /// Every seat's hand, in seat order, for hands of `sizes`: `own` at the `viewer`'s seat, the
    /// next cards here at the others.
    pub fn hands<'a>(
        &'a mut self,
        sizes: &'a [usize],
        viewer: Seat,
        own: CardSet,
    ) -> impl Iterator<Item = CardSet> + 'a {
        sizes.iter().enumerate().map(move |(seat, &size)| {
            if seat == viewer {
                own
            } else {
                self.take(size).collect()
            }
        })
    }

    /// The next `count` cards (fewer if fewer are left, which a consistent view never asks).
    pub fn take(&mut self, count: usize) -> impl Iterator<Item = Card> + '_ {
        let from = self.0.len().saturating_sub(count);
        self.0.drain(from..)
    }
}

/// A hidden place to fill: how many cards it holds and the suits it cannot hold (a seat that
/// failed to follow a suit holds none of it), as a mask of [`Suit`] bits (`1 << suit as u8`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Place {
    /// The cards it holds.
    pub size: usize,
    /// The suits it holds none of.
    pub void: u8,
}

/// The bit of `suit` in a [`Place::void`] mask.
pub fn suit_bit(suit: Suit) -> u8 {
    1 << suit as u8
}

/// Deals `cards` to `places` (their sizes adding up to the cards' count), each card to a place
/// not void in its suit, at random from `rng`: each card goes to an open place with a chance in
/// proportion to its free room, the cards fewest places may hold first. A draw that runs into a
/// dead end is drawn again, up to a few times; past them the voids are dropped (a view whose
/// voids no deal meets cannot come from a game, but the deal stays whole).
pub fn deal_with_voids(cards: &[Card], places: &[Place], rng: &mut ChaCha8Rng) -> Vec<Vec<Card>> {
    const TRIES: usize = 16;
    let allows = |place: &Place, card: Card| {
        card.suit()
            .is_none_or(|suit| place.void & suit_bit(suit) == 0)
    };
    for _ in 0..TRIES {
        let mut order = cards.to_vec();
        shuffle(&mut order, rng);
        order.sort_by_key(|&card| places.iter().filter(|p| allows(p, card)).count());
        let mut dealt: Vec<Vec<Card>> = places.iter().map(|p| Vec::with_capacity(p.size)).collect();
        let mut stuck = false;
        for card in order {
            let room = |i: usize| places[i].size - dealt[i].len();
            let open: usize = (0..places.len())
                .filter(|&i| allows(&places[i], card))
                .map(room)
                .sum();
            if open == 0 {
                stuck = true;
                break;
            }
            let mut pick = below(rng, open);
            for i in 0..places.len() {
                if !allows(&places[i], card) {
                    continue;
                }
                if pick < room(i) {
                    dealt[i].push(card);
                    break;
                }
                pick -= room(i);
            }
        }
        if !stuck {
            return dealt;
        }
    }
    let mut unseen = Unseen::shuffled(cards.to_vec(), rng);
    places
        .iter()
        .map(|p| unseen.take(p.size).collect())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shuffle::rng;

    fn cards(text: &str) -> Vec<Card> {
        text.split(' ').map(|c| c.parse().unwrap()).collect()
    }

    #[test]
    fn voids_are_kept_when_a_deal_meets_them_and_dropped_when_none_can() {
        let pool = cards("AH KH QH AS KS QS");
        let places = [
            Place {
                size: 3,
                void: suit_bit(Suit::Hearts),
            },
            Place { size: 3, void: 0 },
        ];
        for seed in 0..50 {
            let dealt = deal_with_voids(&pool, &places, &mut rng(seed));
            assert!(
                dealt[0].iter().all(|c| c.suit() == Some(Suit::Spades)),
                "{dealt:?}"
            );
            assert_eq!(dealt[1].len(), 3);
        }
        let both_void = [
            Place {
                size: 3,
                void: suit_bit(Suit::Hearts),
            },
            Place {
                size: 3,
                void: suit_bit(Suit::Hearts),
            },
        ];
        let dealt = deal_with_voids(&pool, &both_void, &mut rng(1));
        let mut all: Vec<Card> = dealt.concat();
        all.sort();
        let mut want = pool.clone();
        want.sort();
        assert_eq!(all, want, "the deal stays whole");
    }
}
