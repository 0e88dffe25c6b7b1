//! Prsi's fixed encodings for learning (see [`crate::encode`]); the layouts are documented in
//! docs/games/prsi.md, "Encodings for learning".
//!
//! A card's slot is its place in the 32-card pack numbered rank-major from the seven
//! (`7C 7D 7H 7S 8C … AS`): the engine's card number less that of 7♣.

use super::{MAX_TURNS, PACK_SIZE, Prsi, PrsiAction, PrsiView};
use crate::cards::{Card, Rank};
use crate::encode::Encode;

/// The engine's number of the lowest card of the pack, 7♣.
const FIRST: usize = Rank::Seven.index() * 4;

/// Plays of one value without a suit asked: every non-empty set of suits with each of its suits
/// as the last card (4 + 12 + 12 + 4).
const PLAYS_PER_VALUE: usize = 32;
/// Where the overs' plays start (the values seven to jack before them), and the values after
/// them (king, ace), each over's play once for each suit asked.
const OVERS: usize = 5 * PLAYS_PER_VALUE;
const AFTER_OVERS: usize = OVERS + 4 * PLAYS_PER_VALUE;
const DRAW: usize = AFTER_OVERS + 2 * PLAYS_PER_VALUE;
const STAND: usize = DRAW + 1;
const ACTIONS: usize = STAND + 1;

/// `SETS_BEFORE[mask]`: how many plays of one value the suit sets numbered below `mask` make
/// (each set one play per suit in it).
const SETS_BEFORE: [usize; 16] = {
    let mut before = [0; 16];
    let mut mask = 1;
    while mask < 16 {
        before[mask] = before[mask - 1] + (mask as u32 - 1).count_ones() as usize;
        mask += 1;
    }
    before
};

/// Where the observation's card vectors start (each [`PACK_SIZE`] long), then the rest.
const HAND: usize = 0;
const PILE: usize = HAND + PACK_SIZE;
const TOP: usize = PILE + PACK_SIZE;
const SUIT: usize = TOP + PACK_SIZE;
const ACES: usize = SUIT + 4;
const SEVENS: usize = ACES + 1;
const SEVEN_DRAW: usize = SEVENS + 1;
const DECK: usize = SEVEN_DRAW + 1;
const TURN: usize = DECK + 1;
const SEATS: usize = TURN + 1;
/// Values per seat: to act, out, hand size.
const PER_SEAT: usize = 3;
/// The most cards pending sevens can make a seat draw: four sevens of three.
const MOST_SEVENS: f32 = 12.0;

/// A card's slot in the 32-card pack.
fn slot(card: Card) -> usize {
    card.index() - FIRST
}

/// The id of a play of `cards` (one value, the last laid last) asking for `suit`.
fn play_id(cards: &[Card], suit: Option<crate::cards::Suit>) -> usize {
    let Some(&last) = cards.last() else {
        return DRAW;
    };
    let mask = cards.iter().fold(0usize, |m, c| m | 1 << (c.index() % 4));
    let last_suit = last.index() % 4;
    let within = SETS_BEFORE[mask] + (mask & ((1 << last_suit) - 1)).count_ones() as usize;
    let value = slot(last) / 4;
    match suit {
        Some(asked) => OVERS + within * 4 + asked as usize,
        None if value < 5 => value * PLAYS_PER_VALUE + within,
        None => AFTER_OVERS + (value - 6) * PLAYS_PER_VALUE + within,
    }
}

impl Encode for Prsi {
    fn action_space(_players: usize) -> usize {
        ACTIONS
    }

    fn action_id(_view: &PrsiView, action: &PrsiAction) -> usize {
        match action {
            PrsiAction::Play { cards, suit } => play_id(cards, *suit),
            PrsiAction::Draw => DRAW,
            PrsiAction::Stand => STAND,
        }
    }

    fn observation_len(players: usize) -> usize {
        SEATS + PER_SEAT * players
    }

    fn observe(view: &PrsiView, out: &mut [f32]) {
        out.fill(0.0);
        for &card in &view.hand {
            out[HAND + slot(card)] = 1.0;
        }
        if let Some((_, under)) = view.pile.split_last() {
            for &card in under {
                out[PILE + slot(card)] = 1.0;
            }
        }
        out[TOP + slot(view.top)] = 1.0;
        out[SUIT + view.suit as usize] = 1.0;
        out[ACES] = (view.aces as f32 / 4.0).min(1.0);
        out[SEVENS] = (view.sevens as f32 / MOST_SEVENS).min(1.0);
        out[SEVEN_DRAW] = f32::from(u8::from(view.seven_draw == 3));
        out[DECK] = view.deck_size as f32 / PACK_SIZE as f32;
        out[TURN] = (view.turn as f32 / MAX_TURNS as f32).min(1.0);
        let players = view.hand_sizes.len();
        for (k, at) in (0..players).map(|k| (k, SEATS + PER_SEAT * k)) {
            let seat = (view.seat + k) % players;
            out[at] = f32::from(u8::from(view.to_act == Some(seat)));
            out[at + 1] = f32::from(u8::from(view.out.contains(&seat)));
            out[at + 2] = view.hand_sizes[seat] as f32 / PACK_SIZE as f32;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::Suit;
    use crate::encode::checks::check;
    use crate::games::prsi::PrsiOptions;
    use crate::games::prsi::tests::{card, cards};

    fn play(text: &str, suit: Option<Suit>) -> PrsiAction {
        PrsiAction::Play {
            cards: cards(text).into(),
            suit,
        }
    }

    #[test]
    fn random_games_meet_the_encoding_properties_at_every_table_size() {
        for players in 2..=5 {
            let options = PrsiOptions {
                seven_draw: if players % 2 == 0 { 3 } else { 2 },
                ..PrsiOptions::default()
            };
            let used = check::<Prsi>(&options, players, 200);
            assert!(
                used * 10 >= ACTIONS * 9,
                "{players} players used {used} of {ACTIONS} ids"
            );
        }
    }

    #[test]
    fn every_play_of_every_value_has_its_own_id() {
        let mut ids = Vec::new();
        for value in 0..8 {
            for mask in 1..16usize {
                let set: Vec<Card> = (0..4)
                    .filter(|s| mask & 1 << s != 0)
                    .map(|s| Card::from_index(FIRST + value * 4 + s).unwrap())
                    .collect();
                for &last in &set {
                    let mut laid: Vec<Card> = set.iter().copied().filter(|&c| c != last).collect();
                    laid.push(last);
                    let suits: &[Option<Suit>] = if value == 5 {
                        &[
                            Some(Suit::Clubs),
                            Some(Suit::Diamonds),
                            Some(Suit::Hearts),
                            Some(Suit::Spades),
                        ]
                    } else {
                        &[None]
                    };
                    for &suit in suits {
                        ids.push(play_id(&laid, suit));
                    }
                }
            }
        }
        assert_eq!(ids.len(), DRAW);
        ids.sort_unstable();
        assert_eq!(ids, (0..DRAW).collect::<Vec<_>>());
    }

    fn view() -> PrsiView {
        PrsiView {
            seat: 1,
            to_act: Some(1),
            turn: 500,
            hand: cards("7C QH JS AD"),
            hand_sizes: vec![3, 4, 0],
            top: card("9H"),
            suit: Suit::Spades,
            aces: 0,
            sevens: 6,
            seven_draw: 3,
            deck_size: 16,
            pile: cards("8S 10D 9H"),
            out: vec![2],
        }
    }

    #[test]
    fn ids_name_the_value_the_suits_and_the_last_card() {
        let view = view();
        let id = |action| Prsi::action_id(&view, &action);
        assert_eq!(id(play("7C", None)), 0);
        // Sevens ♣ ♦: the suit set 3, after the plays of sets 1 and 2; the ♣ last, then the ♦.
        assert_eq!(id(play("7D 7C", None)), 2);
        assert_eq!(id(play("7C 7D", None)), 3);
        assert_eq!(id(play("8C", None)), 32);
        // The jack of the set ♠ alone, after the 12 plays of the sets ♣ to ♣ ♦ ♥.
        assert_eq!(id(play("JS", None)), 4 * 32 + 12);
        assert_eq!(id(play("QH", Some(Suit::Clubs))), 160 + 4 * 4);
        assert_eq!(id(play("QH", Some(Suit::Spades))), 160 + 4 * 4 + 3);
        assert_eq!(id(play("KC", None)), 288);
        assert_eq!(id(play("AC AD AH AS", None)), 352 - 1);
        assert_eq!(id(PrsiAction::Draw), 352);
        assert_eq!(id(PrsiAction::Stand), 353);
        assert_eq!(Prsi::action_space(4), 354);
    }

    #[test]
    fn the_observation_puts_each_fact_in_its_slot() {
        let mut out = vec![0.5; Prsi::observation_len(3)];
        Prsi::observe(&view(), &mut out);
        assert_eq!(out.len(), 3 * 32 + 9 + 9);
        let ones: Vec<usize> = (0..out.len()).filter(|&i| out[i] == 1.0).collect();
        // Hand 7♣ J♠ Q♥ A♦; under the top 8♠ 10♦; top 9♥; suit ♠; seven draw 3; seat 1 to act;
        // seat 2 out.
        let expected = [
            0,
            19,
            22,
            29,
            32 + 7,
            32 + 13,
            64 + 10,
            96 + 3,
            102,
            105,
            109,
        ];
        assert_eq!(ones, expected);
        assert_eq!(out[100], 0.0);
        assert_eq!(out[101], 0.5);
        assert_eq!(out[103], 0.5);
        assert_eq!(out[104], 0.25);
        assert_eq!(out[107], 4.0 / 32.0);
        assert_eq!(out[110], 0.0);
        assert_eq!(out[113], 3.0 / 32.0);
    }
}
