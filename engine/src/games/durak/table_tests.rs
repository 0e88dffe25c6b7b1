//! durak's table snapshot on hand-built positions: the trump card under the stock, the
//! attack/defence pairs, the discard, who attacks and defends (docs/tables.md).

use serde_json::json;

use super::tests::{attack, beat, card, cards, play, position};
use super::*;
use crate::table::{Eye, Pile};

fn json_of(game: &Durak, eye: Eye) -> serde_json::Value {
    serde_json::to_value(game.table(eye)).unwrap()
}

#[test]
fn the_trump_card_lies_face_up_under_the_stock_until_it_is_drawn() {
    let mut game = position(
        "AS",
        &["7C 8C", "7H 8H 9H 10H JH QH"],
        "6D 6H 6C 6S AS",
        0,
        1,
    );
    let all = game.table(Eye::All);
    assert_eq!(
        all.layout.stock,
        Pile::up(cards("6D 6H 6C 6S AS")),
        "next card first"
    );
    for eye in [Eye::Public, Eye::Seat(0), Eye::Seat(1)] {
        let stock = game.table(eye).layout.stock;
        assert_eq!((stock.cards, stock.down), (cards("AS"), 4), "{eye:?}");
    }
    assert_eq!(
        json_of(&game, Eye::Public)["stock"],
        json!({"cards": ["AS"], "down": 4})
    );
    assert_eq!(json_of(&game, Eye::Public)["trump_suit"], "S");

    // Nothing beats 7C, so seat 1 takes; seat 0 refills from one card and draws the trump card.
    play(&mut game, &[attack("7C")]);
    assert!(game.hand(0).contains(card("AS")));
    for eye in [Eye::All, Eye::Public, Eye::Seat(1)] {
        assert!(game.table(eye).layout.stock.is_empty(), "{eye:?}");
    }
    let public = game.table(Eye::Public);
    assert_eq!(public.hands[0], Pile::down(6));
    assert!(
        !public.face_up().0.contains(&card("AS")),
        "the drawn trump is hidden"
    );
    assert!(
        game.table(Eye::Seat(0)).hands[0]
            .cards
            .contains(&card("AS"))
    );
    assert_eq!(
        json_of(&game, Eye::All)["trump_suit"],
        "S",
        "the suit stays"
    );
}

#[test]
fn pairs_show_each_attack_with_the_card_that_beat_it() {
    let mut game = position("6D", &["7C 7H 9S", "8C 9H QS KS"], "", 0, 1);
    play(&mut game, &[attack("7C"), beat("8C"), attack("7H")]);
    let public = json_of(&game, Eye::Public);
    assert_eq!(
        public["table"],
        json!([{"attack": "7C", "beat": "8C"}, {"attack": "7H", "beat": null}])
    );
    assert_eq!(
        (&public["attacker"], &public["defender"]),
        (&json!(0), &json!(1))
    );
    assert_eq!(
        (&public["phase"], &public["to_act"]),
        (&json!("defend"), &json!(1))
    );
    assert_eq!((&public["deal"], &public["trick"]), (&json!(1), &json!(1)));
    assert_eq!(
        public["hands"],
        json!([{"cards": [], "down": 1}, {"cards": [], "down": 3}])
    );
    assert_eq!(public["discard"], json!({"cards": [], "down": 0}));
    assert_eq!(public["in_game"], json!([true, true]));
}

#[test]
fn a_beaten_turn_goes_to_the_discard_and_the_roles_move_on() {
    let mut game = position("6D", &["7C 7H 9S", "8C 9H QS KS"], "", 0, 1);
    play(
        &mut game,
        &[
            attack("7C"),
            beat("8C"),
            attack("7H"),
            beat("9H"),
            DurakAction::Done,
        ],
    );
    let table = game.table(Eye::Public);
    assert_eq!(table.trick, 2, "the turn's number");
    assert_eq!(table.to_act, Some(1));
    let layout = &table.layout;
    assert!(layout.table.is_empty());
    assert_eq!(layout.discard, Pile::up(cards("7C 7H 8C 9H")));
    assert_eq!((layout.attacker, layout.defender), (1, 0));
    assert_eq!(layout.phase, Phase::Lead);
}

#[test]
fn a_seat_sees_its_own_hand_and_counts_the_others() {
    let game = position("6D", &["7C 7H 9S", "8C 9H QS KS"], "10C 6D", 0, 1);
    let own = game.table(Eye::Seat(1));
    assert_eq!(own.hands[1], Pile::up(cards("8C 9H QS KS")));
    assert_eq!(own.hands[0], Pile::down(3));
    assert_eq!(own.layout.stock, game.table(Eye::Public).layout.stock);
    let all = game.table(Eye::All);
    assert_eq!(
        all.hands[0],
        Pile::up(cards("7C 7H 9S")),
        "the seed's hand order"
    );
    assert_eq!(all.face_up().1, 0);
}
