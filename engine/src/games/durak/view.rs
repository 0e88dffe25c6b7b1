//! What one seat sees of a durak game: the JSON a bot receives as `view`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::table::pairs;
use super::{Durak, Phase, seed_order};
use crate::cards::Card;
use crate::game::Seat;
use crate::reuse::refill;

/// One attack card on the table and the card that beat it, if any.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct TablePair {
    /// The attacking card.
    pub attack: Card,
    /// The card that beat it; `null` while it stands unbeaten.
    pub beat: Option<Card>,
}

/// What one seat may see of a durak game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct DurakView {
    /// The seat this view is for.
    pub seat: Seat,
    /// Number of seats.
    pub players: usize,
    /// The turn's number, from 1.
    pub turn: u32,
    /// Where the turn stands.
    pub phase: Phase,
    /// The seat whose decision it is; `null` once the game is over.
    pub to_act: Option<Seat>,
    /// This turn's attacker.
    pub attacker: Seat,
    /// This turn's defender.
    pub defender: Seat,
    /// The trump card turned up after the deal (public: it lay face up under the deck).
    pub trump: Card,
    /// This seat's own hand, in the seed's order: non-trumps by rank, then trumps.
    pub hand: Vec<Card>,
    /// Cards left in the deck, the trump card included while nobody has drawn it.
    pub deck_size: usize,
    /// How many cards each seat holds.
    pub hand_sizes: Vec<usize>,
    /// Whether each seat still plays.
    pub in_game: Vec<bool>,
    /// This turn's cards, in the order they were played.
    pub table: Vec<TablePair>,
    /// Cards beaten in earlier turns and put aside (every seat saw them played).
    pub discard: Vec<Card>,
    /// Turns in a row played with the deck empty in which nothing left play (no card discarded,
    /// nobody out); when it reaches [`STALL_LIMIT`](super::STALL_LIMIT) the game ends (RULES.md,
    /// rule 19).
    pub stalled_turns: u32,
}

impl DurakView {
    /// The view of `game` for `seat`.
    pub fn of(game: &Durak, seat: Seat) -> DurakView {
        DurakView::built(game, seat, None)
    }

    /// [`DurakView::of`] written over this view, its lists rebuilt in their memory.
    pub fn refill(&mut self, game: &Durak, seat: Seat) {
        let view = DurakView::built(game, seat, Some(self));
        *self = view;
    }

    /// The view of `game` for `seat`, its lists built in `old`'s memory when there is one.
    fn built(game: &Durak, seat: Seat, mut old: Option<&mut DurakView>) -> DurakView {
        let players = game.players;
        DurakView {
            seat,
            players,
            turn: game.turn,
            phase: game.phase,
            to_act: crate::game::Game::to_act(game),
            attacker: game.attacker,
            defender: game.defender,
            trump: game.trump,
            hand: refill(
                old.as_mut().map(|o| &mut o.hand),
                seed_order(game.hand(seat), game.trump_suit),
            ),
            deck_size: game.deck().len(),
            hand_sizes: refill(
                old.as_mut().map(|o| &mut o.hand_sizes),
                game.hands[..players].iter().map(|h| h.len()),
            ),
            in_game: refill(
                old.as_mut().map(|o| &mut o.in_game),
                game.in_game[..players].iter().copied(),
            ),
            table: refill(old.as_mut().map(|o| &mut o.table), pairs(game)),
            discard: refill(old.as_mut().map(|o| &mut o.discard), game.discard.iter()),
            stalled_turns: game.stalled,
        }
    }

    /// Every card this view shows: own hand, table, discard and the trump card.
    pub fn cards(&self) -> impl Iterator<Item = Card> + '_ {
        self.hand
            .iter()
            .copied()
            .chain(
                self.table
                    .iter()
                    .flat_map(|p| std::iter::once(p.attack).chain(p.beat)),
            )
            .chain(self.discard.iter().copied())
            .chain(std::iter::once(self.trump))
    }
}
