//! What one seat sees of a prsi game: the JSON a bot receives as `view`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::Prsi;
use crate::cards::{Card, Suit};
use crate::game::{Game, Seat};
use crate::reuse::{cloned, refill};

/// What one seat may see of a prsi game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct PrsiView {
    /// The seat this view is for.
    pub seat: Seat,
    /// The seat whose decision it is; `null` once the game is over.
    pub to_act: Option<Seat>,
    /// Turns played so far (the game ends after 2000).
    pub turn: u32,
    /// This seat's own hand, ascending (rank, then ♣ ♦ ♥ ♠).
    pub hand: Vec<Card>,
    /// How many cards each seat holds.
    pub hand_sizes: Vec<usize>,
    /// The top card of the discard pile.
    pub top: Card,
    /// The suit the next card must follow (an over's chosen suit, else the top card's).
    pub suit: Suit,
    /// Turns still to stand or answer with an ace; while above 0 the seat to act plays aces or
    /// stands.
    pub aces: u32,
    /// Cards the pending sevens make the seat to act draw; 0 when no seven is pending.
    pub sevens: u32,
    /// Cards drawn per seven in this game (3 or 2).
    pub seven_draw: u32,
    /// Cards in the pulling pile.
    pub deck_size: usize,
    /// The discard pile, bottom first (every card in it was played face up).
    pub pile: Vec<Card>,
    /// Seats in the order they went out.
    pub out: Vec<Seat>,
}

impl PrsiView {
    /// The view of `game` for `seat`.
    pub fn of(game: &Prsi, seat: Seat) -> PrsiView {
        PrsiView::built(game, seat, None)
    }

    /// [`PrsiView::of`] written over this view, its lists rebuilt in their memory.
    pub fn refill(&mut self, game: &Prsi, seat: Seat) {
        let view = PrsiView::built(game, seat, Some(self));
        *self = view;
    }

    /// The view of `game` for `seat`, its lists built in `old`'s memory when there is one.
    fn built(game: &Prsi, seat: Seat, mut old: Option<&mut PrsiView>) -> PrsiView {
        PrsiView {
            seat,
            to_act: game.to_act(),
            turn: game.turns,
            hand: refill(old.as_mut().map(|o| &mut o.hand), game.hand(seat).iter()),
            hand_sizes: refill(
                old.as_mut().map(|o| &mut o.hand_sizes),
                game.hands.iter().map(|h| h.len()),
            ),
            top: game.top(),
            suit: game.suit,
            aces: game.aces,
            sevens: game.sevens,
            seven_draw: game.seven_draw,
            deck_size: game.deck.len(),
            pile: cloned(old.as_mut().map(|o| &mut o.pile), &game.pile),
            out: cloned(old.as_mut().map(|o| &mut o.out), &game.out),
        }
    }

    /// Every card this view shows: own hand and the pile.
    pub fn cards(&self) -> impl Iterator<Item = Card> + '_ {
        self.hand.iter().copied().chain(self.pile.iter().copied())
    }
}
