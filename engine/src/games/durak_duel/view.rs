//! What one seat sees of a durak-duel game: the JSON a bot receives as `view`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{DurakDuel, Phase};
use crate::cards::Card;
use crate::game::{Game, Seat};
use crate::reuse::refill;

/// One attack card on the table and the card that beat it, if any.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct DuelTablePair {
    /// The attack card.
    pub attack: Card,
    /// The card that beat it; `null` while it stands unbeaten.
    pub beat: Option<Card>,
}

/// What one seat may see of a durak-duel game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct DurakDuelView {
    /// The seat this view is for.
    pub seat: Seat,
    /// The round's number, from 1.
    pub round: u32,
    /// Where the round stands.
    pub phase: Phase,
    /// The seat whose decision it is; `null` once the game is over.
    pub to_act: Option<Seat>,
    /// The seat that opened this round.
    pub starter: Seat,
    /// The seat attacking now.
    pub attacker: Seat,
    /// The seat defending now.
    pub defender: Seat,
    /// The trump card, the bottom card of the deck turned face up (public even once drawn).
    pub trump: Card,
    /// This seat's own hand, ascending (rank, then ♣ ♦ ♥ ♠).
    pub hand: Vec<Card>,
    /// Cards left in the deck, the trump card included while nobody has drawn it.
    pub deck_size: usize,
    /// How many cards each seat holds.
    pub hand_sizes: Vec<usize>,
    /// This round's attack cards in the order played, each with the card that beat it.
    pub table: Vec<DuelTablePair>,
    /// Cards discarded in earlier defended rounds (both seats saw them played).
    pub discard: Vec<Card>,
    /// Rounds in a row played with the deck empty in which nothing left play (each was taken);
    /// when it reaches [`STALL_LIMIT`](super::STALL_LIMIT) the game ends (RULES.md, rule 13).
    pub stalled_rounds: u32,
}

impl DurakDuelView {
    /// The view of `game` for `seat`.
    pub fn of(game: &DurakDuel, seat: Seat) -> DurakDuelView {
        DurakDuelView::built(game, seat, None)
    }

    /// [`DurakDuelView::of`] written over this view, its lists rebuilt in their memory.
    pub fn refill(&mut self, game: &DurakDuel, seat: Seat) {
        let view = DurakDuelView::built(game, seat, Some(self));
        *self = view;
    }

    /// The view of `game` for `seat`, its lists built in `old`'s memory when there is one.
    fn built(game: &DurakDuel, seat: Seat, mut old: Option<&mut DurakDuelView>) -> DurakDuelView {
        DurakDuelView {
            seat,
            round: game.round,
            phase: game.phase,
            to_act: game.to_act(),
            starter: game.starter,
            attacker: game.attacker,
            defender: game.defender,
            trump: game.trump,
            hand: refill(old.as_mut().map(|o| &mut o.hand), game.hand(seat).iter()),
            deck_size: game.deck().len(),
            hand_sizes: refill(
                old.as_mut().map(|o| &mut o.hand_sizes),
                game.hands.iter().map(|h| h.len()),
            ),
            table: refill(
                old.as_mut().map(|o| &mut o.table),
                (game.table_slots()).map(|i| DuelTablePair {
                    attack: game.attacks[i],
                    beat: game.beats[i],
                }),
            ),
            discard: refill(old.as_mut().map(|o| &mut o.discard), game.discard.iter()),
            stalled_rounds: game.stalled,
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
