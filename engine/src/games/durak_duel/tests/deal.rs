//! The deal, who starts, and the wire format.

use super::*;

// ---------------------------------------------------------------------------------------------
// The deal and who starts.

#[test]
fn the_deal_gives_six_each_and_the_bottom_card_sets_the_trump() {
    let game = DurakDuel::new(&DurakDuelOptions::default(), 2, 7).unwrap();
    assert_eq!(game.hand(0).len(), 6);
    assert_eq!(game.hand(1).len(), 6);
    assert_eq!(game.deck().len(), 24);
    assert_eq!(game.deck().last(), Some(&game.trump()));
    assert_eq!(game.trump().suit(), Some(game.trump_suit()));
    assert_eq!((game.round(), game.phase()), (1, Phase::Open));
}

/// The pack arranged so that seat 0 gets `first`, seat 1 `second`, and `bottom` is the last card.
fn arranged(first: &str, second: &str, bottom: &str) -> DurakDuel {
    let mut order = cards(first);
    order.extend(cards(second));
    let rest: Vec<Card> = duel_pack()
        .into_iter()
        .filter(|c| !order.contains(c) && *c != card(bottom))
        .collect();
    order.extend(rest);
    order.push(card(bottom));
    DurakDuel::deal(&order)
}

#[test]
fn the_lowest_trump_opens_the_game() {
    let game = arranged("6C 7C 8C 9C 10C 9D", "6H 7H 8H 9H 10H 7D", "AD");
    assert_eq!(game.attacker(), 1);
    assert_eq!(game.to_act(), Some(1));
    let game = arranged("6C 7C 8C 9C 10C 6D", "6H 7H 8H 9H 10H 7D", "AD");
    assert_eq!(game.attacker(), 0);
    let game = arranged("6C 7C 8C 9C 10C JC", "6H 7H 8H 9H 10H 7D", "AD");
    assert_eq!(game.attacker(), 1);
}

#[test]
fn without_trumps_in_hand_seat_0_opens() {
    let game = arranged("6C 7C 8C 9C 10C JC", "6H 7H 8H 9H 10H JH", "AD");
    assert_eq!(game.attacker(), 0);
}

fn riffle_options(riffles: u32, cut: bool, packet: usize) -> DurakDuelOptions {
    DurakDuelOptions {
        shuffle: ShuffleModel::Riffle(shuffle::RiffleShuffle {
            riffles,
            cut,
            packet,
        }),
    }
}

#[test]
fn a_riffle_deals_the_riffled_pack_in_packets_from_the_top() {
    for seed in 0..40 {
        let game = DurakDuel::new(&riffle_options(1, false, 4), 2, seed).unwrap();
        // The pack riffled once with the same draws, dealt by hand: four cards to seat 0, four to
        // seat 1, two and two; the rest is the deck from its top, its bottom card the trump.
        let mut deck = duel_pack();
        shuffle::riffle(&mut deck, &mut shuffle::rng(shuffle::derive_seed(seed, 0)));
        for seat in 0..2 {
            let expected: CardSet = deck[4 * seat..4 * seat + 4]
                .iter()
                .chain(&deck[8 + 2 * seat..10 + 2 * seat])
                .copied()
                .collect();
            assert_eq!(game.hand(seat), expected, "seat {seat}, seed {seed}");
        }
        assert_eq!(game.deck(), &deck[12..]);
        assert_eq!(game.trump(), deck[35]);
    }
}

#[test]
fn a_riffle_deal_is_fixed_by_the_seed_and_keeps_every_card() {
    let options = riffle_options(3, true, 4);
    let game = DurakDuel::new(&options, 2, 5).unwrap();
    assert_eq!(game, DurakDuel::new(&options, 2, 5).unwrap());
    assert_ne!(game, DurakDuel::new(&options, 2, 6).unwrap());
    let uniform = DurakDuel::new(&DurakDuelOptions::default(), 2, 5).unwrap();
    assert_ne!(game.hand(0), uniform.hand(0));
    let cards: Vec<Card> = game
        .hand(0)
        .iter()
        .chain(game.hand(1).iter())
        .chain(game.deck().iter().copied())
        .collect();
    assert_eq!(cards.len(), PACK_SIZE);
    assert_eq!(
        cards.into_iter().collect::<CardSet>(),
        duel_pack().into_iter().collect()
    );
}

#[test]
fn a_riffle_shuffle_is_checked() {
    for options in [riffle_options(0, true, 4), riffle_options(3, true, 14)] {
        match DurakDuel::new(&options, 2, 1) {
            Err(SetupError::Options { game, detail }) => {
                assert_eq!(game, "durak-duel");
                assert!(detail.starts_with("shuffle."), "{detail}");
            }
            other => panic!("{other:?}"),
        }
    }
    let parsed: DurakDuelOptions =
        serde_json::from_str(r#"{"shuffle": {"kind": "riffle", "riffles": 2}}"#).unwrap();
    assert_eq!(parsed, riffle_options(2, true, 4));
}

// ---------------------------------------------------------------------------------------------
// The wire format.

#[test]
fn actions_travel_as_tagged_json() {
    let cases = [
        (attack("8C 8D"), r#"{"kind":"attack","cards":["8C","8D"]}"#),
        (
            defend("7C", "8C"),
            r#"{"kind":"defend","attack":"7C","card":"8C"}"#,
        ),
        (counter("7H"), r#"{"kind":"counterattack","cards":["7H"]}"#),
        (DurakDuelAction::Pass, r#"{"kind":"pass"}"#),
        (pile_on("9S"), r#"{"kind":"pile_on","cards":["9S"]}"#),
        (DurakDuelAction::Done, r#"{"kind":"done"}"#),
    ];
    for (action, json) in cases {
        assert_eq!(serde_json::to_string(&action).unwrap(), json);
        assert_eq!(
            serde_json::from_str::<DurakDuelAction>(json).unwrap(),
            action
        );
    }
    assert!(serde_json::from_str::<DurakDuelOptions>("{}").is_ok());
    assert!(serde_json::from_str::<DurakDuelOptions>(r#"{"x":1}"#).is_err());
}

#[test]
fn the_pack_array_is_the_pack() {
    assert_eq!(PACK.to_vec(), duel_pack());
}
