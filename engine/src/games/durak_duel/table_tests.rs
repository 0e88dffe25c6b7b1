//! durak-duel's table snapshot on hand-built positions: the trump card under the stock, the
//! attack/defence pairs through a counterattack and a pile-on, the discard, and the round's
//! starter beside its attacker and defender (docs/tables.md).

use serde_json::json;

use super::tests::{attack, card, cards, counter, defend, pile_on, play, position};
use super::*;
use crate::table::{Eye, Pile};

fn json_of(game: &DurakDuel, eye: Eye) -> serde_json::Value {
    serde_json::to_value(game.table(eye)).unwrap()
}

/// Cards in the order written (the tests' `cards` sorts them).
fn in_order(text: &str) -> Vec<Card> {
    text.split_whitespace().map(card).collect()
}

#[test]
fn the_trump_card_lies_face_up_under_the_stock_until_it_is_drawn() {
    let mut game = position("AD", "8C QS KS AS", "9C 9D", &[], "6C 7D AD");
    let all = game.table(Eye::All);
    assert_eq!(
        all.layout.stock,
        Pile::up(in_order("6C 7D AD")),
        "next card first"
    );
    for eye in [Eye::Public, Eye::Seat(0), Eye::Seat(1)] {
        let stock = game.table(eye).layout.stock;
        assert_eq!((stock.cards, stock.down), (cards("AD"), 2), "{eye:?}");
    }
    assert_eq!(
        json_of(&game, Eye::Public)["stock"],
        json!({"cards": ["AD"], "down": 2})
    );
    assert_eq!(json_of(&game, Eye::Public)["trump_suit"], "D");

    // Seat 1 passes and takes; seat 0 refills from three cards and draws the trump card.
    play(
        &mut game,
        &[attack("8C"), DurakDuelAction::Pass, DurakDuelAction::Done],
    );
    assert!(game.hand(0).contains(card("AD")));
    for eye in [Eye::All, Eye::Public, Eye::Seat(1)] {
        assert!(game.table(eye).layout.stock.is_empty(), "{eye:?}");
    }
    let public = game.table(Eye::Public);
    assert_eq!(public.hands[0], Pile::down(6));
    assert!(
        !public.face_up().0.contains(&card("AD")),
        "the drawn trump is hidden"
    );
    assert!(
        game.table(Eye::Seat(0)).hands[0]
            .cards
            .contains(&card("AD"))
    );
}

#[test]
fn a_counterattack_turns_attacker_and_defender_but_not_the_starter() {
    let mut game = position("AD", "7C 9S 10S 9H", "7H 8H 9D", &[], "");
    play(&mut game, &[attack("7C"), counter("7H")]);
    let public = json_of(&game, Eye::Public);
    assert_eq!(
        public["table"],
        json!([{"attack": "7C", "beat": null}, {"attack": "7H", "beat": null}])
    );
    assert_eq!(
        [&public["attacker"], &public["defender"], &public["starter"]],
        [&json!(1), &json!(0), &json!(0)]
    );
    assert_eq!(
        (&public["phase"], &public["to_act"]),
        (&json!("defend"), &json!(0))
    );
    assert_eq!(
        public["hands"],
        json!([{"cards": [], "down": 3}, {"cards": [], "down": 2}])
    );
}

#[test]
fn pairs_show_each_attack_with_its_beat_through_a_pass_and_a_pile_on() {
    let mut game = position(
        "AD",
        "8C 8H 8S QS KS AS",
        "9C 9D 9H 9S 10C 10H",
        &[],
        "6C 6D 6H 6S 7D AD",
    );
    play(
        &mut game,
        &[
            attack("8C"),
            defend("8C", "9C"),
            attack("8H"),
            DurakDuelAction::Pass,
        ],
    );
    let table = game.table(Eye::Public);
    assert_eq!(table.layout.phase, Phase::PileOn);
    assert_eq!(
        serde_json::to_value(&table.layout.table).unwrap(),
        json!([{"attack": "8C", "beat": "9C"}, {"attack": "8H", "beat": null}])
    );
    assert_eq!((table.trick, table.to_act), (1, Some(0)));

    play(&mut game, &[pile_on("8S")]);
    let table = game.table(Eye::All);
    assert!(table.layout.table.is_empty(), "seat 1 took the table");
    assert!(table.layout.discard.is_empty());
    assert_eq!(table.hands[1].len(), 9);
    assert_eq!(table.layout.stock, Pile::up(in_order("6S 7D AD")));
    assert_eq!((table.trick, table.layout.starter), (2, 0));
}

#[test]
fn a_defended_round_goes_to_the_discard_and_the_defender_opens_the_next() {
    let mut game = position("AD", "8C 9S", "9C 10S KH", &[], "6C 6D 6H 6S 7D AD");
    play(
        &mut game,
        &[
            attack("8C"),
            defend("8C", "9C"),
            attack("9S"),
            defend("9S", "10S"),
        ],
    );
    let table = game.table(Eye::Seat(1));
    assert_eq!(table.layout.discard, Pile::up(cards("8C 9C 9S 10S")));
    assert_eq!(table.trick, 2);
    let layout = &table.layout;
    assert_eq!(
        (layout.starter, layout.attacker, layout.defender),
        (1, 1, 0)
    );
    assert_eq!(table.hands, [Pile::down(6), Pile::up(cards("KH"))]);
    assert_eq!(table.to_act, Some(1));
}
