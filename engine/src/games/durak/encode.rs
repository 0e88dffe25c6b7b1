//! Durak's fixed encodings for learning (see [`crate::encode`]); the layouts are documented in
//! docs/games/durak.md, "Encodings for learning".
//!
//! A card's slot is its place in the 36-card pack numbered rank-major from the six
//! (`6C 6D 6H 6S 7C … AS`): the engine's card number less that of 6♣.

use super::{Durak, DurakAction, DurakView, PACK_SIZE, Phase, STALL_LIMIT};
use crate::cards::{Card, Rank};
use crate::encode::Encode;

/// The engine's number of the lowest card of the pack, 6♣.
const FIRST: usize = Rank::Six.index() * 4;

/// Where the action blocks start: attack with a card, beat with a card, take, done.
const ATTACK: usize = 0;
const BEAT: usize = ATTACK + PACK_SIZE;
const TAKE: usize = BEAT + PACK_SIZE;
const DONE: usize = TAKE + 1;
const ACTIONS: usize = DONE + 1;

/// Where the observation's card vectors start (each [`PACK_SIZE`] long), then the one-hots and
/// the per-seat block.
const HAND: usize = 0;
const UNBEATEN: usize = HAND + PACK_SIZE;
const BEATEN: usize = UNBEATEN + PACK_SIZE;
const BEATING: usize = BEATEN + PACK_SIZE;
const DISCARD: usize = BEATING + PACK_SIZE;
const TRUMP_CARD: usize = DISCARD + PACK_SIZE;
const TRUMP_SUIT: usize = TRUMP_CARD + PACK_SIZE;
const PHASE: usize = TRUMP_SUIT + 4;
const DECK: usize = PHASE + 4;
const STALLED: usize = DECK + 1;
const SEATS: usize = STALLED + 1;
/// Values per seat: in the game, attacker, defender, to act, hand size.
const PER_SEAT: usize = 5;

/// A card's slot in the 36-card pack.
fn slot(card: Card) -> usize {
    card.index() - FIRST
}

impl Encode for Durak {
    fn action_space(_players: usize) -> usize {
        ACTIONS
    }

    fn action_id(_view: &DurakView, action: &DurakAction) -> usize {
        match action {
            DurakAction::Attack { card } => ATTACK + slot(*card),
            DurakAction::Beat { card } => BEAT + slot(*card),
            DurakAction::Take => TAKE,
            DurakAction::Done => DONE,
        }
    }

    fn observation_len(players: usize) -> usize {
        SEATS + PER_SEAT * players
    }

    fn observe(view: &DurakView, out: &mut [f32]) {
        out.fill(0.0);
        for &card in &view.hand {
            out[HAND + slot(card)] = 1.0;
        }
        for pair in &view.table {
            match pair.beat {
                Some(beat) => {
                    out[BEATEN + slot(pair.attack)] = 1.0;
                    out[BEATING + slot(beat)] = 1.0;
                }
                None => out[UNBEATEN + slot(pair.attack)] = 1.0,
            }
        }
        for &card in &view.discard {
            out[DISCARD + slot(card)] = 1.0;
        }
        out[TRUMP_CARD + slot(view.trump)] = 1.0;
        if let Some(suit) = view.trump.suit() {
            out[TRUMP_SUIT + suit as usize] = 1.0;
        }
        let phase = match view.phase {
            Phase::Lead => 0,
            Phase::Defend => 1,
            Phase::Continue => 2,
            Phase::Over => 3,
        };
        out[PHASE + phase] = 1.0;
        let players = view.players;
        // The deck holds at most what the deal left.
        let dealt = super::HAND_SIZE * players;
        out[DECK] = view.deck_size as f32 / (PACK_SIZE - dealt) as f32;
        out[STALLED] = (view.stalled_turns as f32 / STALL_LIMIT as f32).min(1.0);
        for (k, at) in (0..players).map(|k| (k, SEATS + PER_SEAT * k)) {
            let seat = (view.seat + k) % players;
            out[at] = f32::from(u8::from(view.in_game[seat]));
            out[at + 1] = f32::from(u8::from(view.attacker == seat));
            out[at + 2] = f32::from(u8::from(view.defender == seat));
            out[at + 3] = f32::from(u8::from(view.to_act == Some(seat)));
            out[at + 4] = view.hand_sizes[seat] as f32 / PACK_SIZE as f32;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encode::checks::check;
    use crate::games::durak::tests::card;
    use crate::games::durak::{DurakOptions, TablePair};

    #[test]
    fn random_games_meet_the_encoding_properties_at_every_table_size() {
        for players in 2..=4 {
            let used = check::<Durak>(&DurakOptions::default(), players, 300);
            assert!(
                used * 10 >= ACTIONS * 9,
                "{players} players used {used} of {ACTIONS} ids"
            );
        }
    }

    /// Three players, seat 2 defending 9♥ (beaten 7♠ with 10♠ before it), trump ♦.
    fn defending() -> DurakView {
        DurakView {
            seat: 2,
            players: 3,
            turn: 4,
            phase: Phase::Defend,
            to_act: Some(2),
            attacker: 1,
            defender: 2,
            trump: card("8D"),
            hand: vec![card("6C"), card("QH"), card("AS"), card("7D")],
            deck_size: 9,
            hand_sizes: vec![6, 5, 4],
            in_game: vec![true, true, true],
            table: vec![
                TablePair {
                    attack: card("7S"),
                    beat: Some(card("10S")),
                },
                TablePair {
                    attack: card("9H"),
                    beat: None,
                },
            ],
            discard: vec![card("6S"), card("AD")],
            stalled_turns: 0,
        }
    }

    #[test]
    fn ids_name_the_card_or_the_move() {
        let view = defending();
        let id = |action| Durak::action_id(&view, &action);
        assert_eq!(id(DurakAction::Attack { card: card("6C") }), 0);
        assert_eq!(id(DurakAction::Attack { card: card("AS") }), 35);
        assert_eq!(id(DurakAction::Beat { card: card("QH") }), 36 + 26);
        assert_eq!(id(DurakAction::Take), 72);
        assert_eq!(id(DurakAction::Done), 73);
        assert_eq!(Durak::action_space(3), 74);
    }

    #[test]
    fn the_observation_puts_each_fact_in_its_slot() {
        let view = defending();
        let mut out = vec![0.5; Durak::observation_len(3)];
        Durak::observe(&view, &mut out);
        assert_eq!(out.len(), 6 * 36 + 10 + 15);
        let ones: Vec<usize> = (0..out.len()).filter(|&i| out[i] == 1.0).collect();
        let expected = [
            // Hand: 6♣, 7♦, Q♥, A♠.
            0,
            5,
            26,
            35,
            // Unbeaten 9♥; beaten 7♠ by 10♠.
            36 + 14,
            72 + 7,
            108 + 19,
            // Discard 6♠, A♦; trump card 8♦, trump suit ♦, phase defend.
            144 + 3,
            144 + 33,
            180 + 9,
            216 + 1,
            220 + 1,
            // Seat 2 (itself) in, defending, to act; seat 0 in; seat 1 in and attacking.
            226,
            228,
            229,
            231,
            236,
            237,
        ];
        assert_eq!(ones, expected);
        assert_eq!(out[224], 9.0 / 18.0);
        assert_eq!(out[225], 0.0);
        assert_eq!(out[230], 4.0 / 36.0);
        assert_eq!(out[235], 6.0 / 36.0);
        assert_eq!(out[240], 5.0 / 36.0);
    }
}
