//! Bridge's fixed encodings for learning: 50 action ids (a card to play, a jack with the suit it
//! orders, draw, end the turn) and a seat's view as numbers. The layouts are documented in
//! `docs/games/bridge.md`, "Encodings for learning".

use super::{Bridge, BridgeAction, BridgeView, PACK_SIZE};
use crate::cards::{Card, Rank};
use crate::encode::Encode;
use crate::game::Seat;

/// The number of the pack's lowest card, the six of clubs: a card's slot is its number less this.
const FIRST_CARD: usize = (Rank::Six as usize - 2) * 4;

/// Ids 0–31: play a card other than a jack, in card order (6♣ 6♦ 6♥ 6♠ 7♣ … A♠).
const PLAIN: usize = 32;
/// Ids 32–47: play the jack of suit `s` ordering suit `t`, at `32 + 4s + t` (♣ ♦ ♥ ♠ = 0–3).
const JACKS: usize = PLAIN;
/// Id 48: draw a card.
const DRAW: usize = JACKS + 16;
/// Id 49: end the turn.
const END_TURN: usize = DRAW + 1;
/// Every id is below this.
const SPACE: usize = END_TURN + 1;

/// Observation offsets: the hand, the pile since the last reshuffle, the top card, the cards
/// played this turn (36 each, by card slot), the ordered suit (4), the turn's flags (opening,
/// drew, must cover), the deck's size, the single-deal flag, then six blocks of one value per
/// seat, the observing seat first (see [`SEAT_BLOCKS`]).
const HAND: usize = 0;
const PILE: usize = HAND + PACK_SIZE;
const TOP: usize = PILE + PACK_SIZE;
const PLAYED: usize = TOP + PACK_SIZE;
const ORDERED: usize = PLAYED + PACK_SIZE;
const FLAGS: usize = ORDERED + 4;
const DECK: usize = FLAGS + 3;
const SINGLE_DEAL: usize = DECK + 1;
const SEATS: usize = SINGLE_DEAL + 1;
/// The per-seat blocks after [`SEATS`]: to act, dealer, hand size, turns to lose, total, last
/// deal's points.
const SEAT_BLOCKS: usize = 6;
/// Turns to lose are counted up to this many.
const MAX_SKIPS: f32 = 4.0;

/// A card's slot, 0–35, in card order (by rank, then ♣ ♦ ♥ ♠).
fn slot(card: Card) -> usize {
    card.index() - FIRST_CARD
}

/// `seat` counted from `me`: 0 is `me`, 1 the next seat in turn order.
fn relative(seat: Seat, me: Seat, players: usize) -> usize {
    (seat + players - me) % players
}

/// `value / max`, at most 1.
fn share(value: f32, max: f32) -> f32 {
    (value / max).min(1.0)
}

impl Encode for Bridge {
    fn action_space(_players: usize) -> usize {
        SPACE
    }

    fn action_id(_view: &BridgeView, action: &BridgeAction) -> usize {
        match *action {
            BridgeAction::Play { card, suit: None } => {
                let at = slot(card);
                // The four jacks' slots are left out of the plain plays.
                if card.rank() > Some(Rank::Jack) {
                    at - 4
                } else {
                    at
                }
            }
            BridgeAction::Play {
                card,
                suit: Some(ordered),
            } => JACKS + 4 * card.suit().map_or(0, |s| s as usize) + ordered as usize,
            BridgeAction::Draw => DRAW,
            BridgeAction::EndTurn => END_TURN,
        }
    }

    fn observation_len(players: usize) -> usize {
        SEATS + SEAT_BLOCKS * players
    }

    fn observe(view: &BridgeView, out: &mut [f32]) {
        out.fill(0.0);
        for &card in &view.hand {
            out[HAND + slot(card)] = 1.0;
        }
        for &card in &view.pile {
            out[PILE + slot(card)] = 1.0;
        }
        out[TOP + slot(view.top)] = 1.0;
        for &card in &view.turn.played {
            out[PLAYED + slot(card)] = 1.0;
        }
        if let Some(suit) = view.ordered_suit {
            out[ORDERED + suit as usize] = 1.0;
        }
        let turn = &view.turn;
        for (at, flag) in [turn.opening, turn.drew, turn.must_cover]
            .into_iter()
            .enumerate()
        {
            out[FLAGS + at] = f32::from(u8::from(flag));
        }
        out[DECK] = share(view.deck_size as f32, PACK_SIZE as f32);
        out[SINGLE_DEAL] = f32::from(u8::from(view.single_deal));
        let n = view.players;
        let block = |b: usize, seat: Seat| SEATS + b * n + relative(seat, view.seat, n);
        if let Some(seat) = view.to_act {
            out[block(0, seat)] = 1.0;
        }
        out[block(1, view.dealer)] = 1.0;
        let target = view.target as f32;
        for seat in 0..n {
            out[block(2, seat)] = share(view.hand_sizes[seat] as f32, PACK_SIZE as f32);
            out[block(3, seat)] = share(view.skips[seat] as f32, MAX_SKIPS);
            out[block(4, seat)] = share(view.totals[seat] as f32, target);
            if let Some(last) = &view.last_deal {
                out[block(5, seat)] = share(last[seat] as f32, target);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::Suit;
    use crate::encode::checks::check;
    use crate::game::Game;
    use crate::games::bridge::BridgeOptions;

    fn card(text: &str) -> Card {
        text.parse().unwrap()
    }

    fn play(text: &str, suit: Option<Suit>) -> BridgeAction {
        BridgeAction::Play {
            card: card(text),
            suit,
        }
    }

    #[test]
    fn every_table_size_numbers_its_actions_apart_and_uses_every_id() {
        let options = BridgeOptions {
            single_deal: true,
            ..BridgeOptions::default()
        };
        for players in 2..=6 {
            let used = check::<Bridge>(&options, players, 150);
            assert_eq!(used, SPACE, "{players} players used {used} ids of {SPACE}");
        }
        assert!(check::<Bridge>(&BridgeOptions::default(), 3, 10) > SPACE * 9 / 10);
    }

    #[test]
    fn ids_name_the_same_move_in_every_state() {
        let view = Bridge::new(&BridgeOptions::default(), 4, 1)
            .unwrap()
            .view(0);
        let id = |action| Bridge::action_id(&view, &action);
        assert_eq!(id(play("6C", None)), 0);
        assert_eq!(id(play("9H", None)), 14);
        assert_eq!(id(play("10S", None)), 19);
        assert_eq!(id(play("QC", None)), 20);
        assert_eq!(id(play("AS", None)), 31);
        assert_eq!(id(play("JC", Some(Suit::Clubs))), 32);
        assert_eq!(id(play("JH", Some(Suit::Spades))), 32 + 4 * 2 + 3);
        assert_eq!(id(BridgeAction::Draw), 48);
        assert_eq!(id(BridgeAction::EndTurn), 49);
        assert_eq!(Bridge::action_space(2), 50);
    }

    #[test]
    fn the_observation_puts_each_fact_in_its_documented_slot() {
        // Seed 1, four players: seat 0 holds AC 8D 10D 7H QS on the ten of spades (docs/games/
        // bridge.md, "Example"); seat 3 deals.
        let game = Bridge::new(&BridgeOptions::default(), 4, 1).unwrap();
        let view = game.view(1);
        let mut out = vec![0.5; Bridge::observation_len(4)];
        Bridge::observe(&game.view(0), &mut out);
        assert_eq!(out.len(), 153 + 24);
        assert_eq!(out[slot(card("AC"))], 1.0);
        assert_eq!(out[32], 1.0, "AC is slot 32");
        assert_eq!(out[slot(card("AS"))], 0.0);
        assert_eq!(out[PILE + slot(card("10S"))], 1.0);
        assert_eq!(out[TOP + 19], 1.0);
        assert_eq!(out[FLAGS], 1.0, "the opening turn");
        assert_eq!(out[DECK], 15.0 / 36.0);
        assert_eq!(out[SEATS], 1.0, "seat 0 is to act: itself");
        assert_eq!(out[SEATS + 4 + 3], 1.0, "the dealer is three seats on");
        assert_eq!(out[SEATS + 8], 5.0 / 36.0);
        Bridge::observe(&view, &mut out);
        assert_eq!(out[SEATS + 3], 1.0, "for seat 1, seat 0 is three seats on");
        assert_eq!(out[SEATS + 4 + 2], 1.0, "and the dealer two");
    }
}
