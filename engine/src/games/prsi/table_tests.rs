//! prsi's table snapshot on hand-built positions: the top card, the suit in force after an over
//! (svršek), the pending draw of sevens and the pending aces, the stock and who went out
//! (docs/tables.md).

use serde_json::json;

use super::tests::{card, cards, over, play, position};
use super::*;
use crate::table::{Eye, Pile};

fn json_of(game: &Prsi, eye: Eye) -> serde_json::Value {
    serde_json::to_value(game.table(eye)).unwrap()
}

#[test]
fn the_pile_shows_the_top_card_last_and_the_stock_next_card_first() {
    let game = position(&["9C 8H", "10H"], "8S 9H", "KC KD AS");
    let all = game.table(Eye::All);
    assert_eq!(
        all.layout.pile,
        Pile::up(cards("8S 9H")),
        "the top card last"
    );
    assert_eq!(
        all.layout.stock,
        Pile::up(cards("AS KD KC")),
        "the deck is drawn from its end"
    );
    let public = json_of(&game, Eye::Public);
    assert_eq!(public["stock"], json!({"cards": [], "down": 3}));
    assert_eq!(public["pile"], json!({"cards": ["8S", "9H"], "down": 0}));
    assert_eq!(
        public["hands"],
        json!([{"cards": [], "down": 2}, {"cards": [], "down": 1}])
    );
    assert_eq!(
        (&public["suit"], &public["draw"], &public["aces"]),
        (&json!("H"), &json!(0), &json!(0))
    );
    assert_eq!(
        (&public["trick"], &public["to_act"]),
        (&json!(1), &json!(0))
    );
    let own = game.table(Eye::Seat(0));
    assert_eq!(own.hands[0], Pile::up(cards("8H 9C")));
    assert_eq!(own.hands[1], Pile::down(1));
    assert_eq!(own.layout.stock, Pile::down(3));
}

#[test]
fn an_over_sets_the_suit_in_force() {
    let mut game = position(&["QH 9C", "10C 10H"], "9H", "KC");
    game.apply(&over("QH", Suit::Clubs)).unwrap();
    let public = json_of(&game, Eye::Public);
    assert_eq!(public["suit"], "C", "the suit the over named");
    assert_eq!(public["pile"]["cards"], json!(["9H", "QH"]));
    assert_eq!(
        (&public["trick"], &public["to_act"]),
        (&json!(2), &json!(1))
    );
}

#[test]
fn sevens_pend_a_draw_until_it_is_taken() {
    let mut game = position(
        &["7H 7C 9C", "7D 10H", "8H"],
        "9H",
        "KC KD KH KS AS QC QD QH QS",
    );
    game.apply(&play("7C 7H")).unwrap();
    assert_eq!(game.table(Eye::Public).layout.draw, 6);
    game.apply(&play("7D")).unwrap();
    assert_eq!(json_of(&game, Eye::Public)["draw"], 9);
    game.apply(&PrsiAction::Draw).unwrap();
    let table = game.table(Eye::Public);
    assert_eq!((table.layout.draw, table.hands[2].len()), (0, 10));
    assert_eq!(table.layout.stock, Pile::down(0));
}

#[test]
fn aces_pend_until_each_seat_has_stood() {
    let mut game = position(&["AH AC 9C", "9H", "8H"], "9H", "7C 7D");
    game.apply(&play("AC AH")).unwrap();
    assert_eq!(json_of(&game, Eye::Public)["aces"], 2);
    game.apply(&PrsiAction::Stand).unwrap();
    assert_eq!(game.table(Eye::Seat(2)).layout.aces, 1);
    game.apply(&PrsiAction::Stand).unwrap();
    assert_eq!(game.table(Eye::All).layout.aces, 0);
}

#[test]
fn seats_that_went_out_are_listed_in_order() {
    let mut game = position(&["9H", "10H 8C", "9D 8D"], "8H", "KC KD");
    game.apply(&play("9H")).unwrap();
    assert_eq!(json_of(&game, Eye::Public)["out"], json!([0]));
    for action in [PrsiAction::Draw, play("9D"), PrsiAction::Draw, play("8D")] {
        game.apply(&action).unwrap();
    }
    let table = game.table(Eye::All);
    assert_eq!(table.layout.out, [0, 2, 1]);
    assert_eq!(table.to_act, None);
    assert!(table.hands[0].is_empty());
    assert_eq!(table.layout.pile.cards.last(), Some(&card("8D")));
}
