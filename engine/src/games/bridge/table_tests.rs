//! Bridge's table snapshot on hand-built positions: the stock in drawing order, the pile's top,
//! the suit a jack orders, what sevens, eights and aces still demand, and the scores per deal.

use serde_json::json;

use super::*;
use crate::table::{Eye, Pile};

fn cards(text: &str) -> Vec<Card> {
    text.split_whitespace()
        .map(|c| c.parse().unwrap())
        .collect()
}

/// Seat 0 to act (not the opening turn) with these hands, pile (top last) and deck (drawn from
/// the end).
fn position(hands: &[&str], pile: &str, deck: &str) -> Bridge {
    let mut game = Bridge::new(&BridgeOptions::default(), hands.len(), 1).unwrap();
    game.hands = [CardSet::EMPTY; MAX_PLAYERS];
    for (seat, hand) in hands.iter().enumerate() {
        game.hands[seat] = cards(hand).into_iter().collect();
    }
    game.pile = cards(pile);
    game.deck = cards(deck);
    game.ordered = None;
    game.current = 0;
    game.turn = Turn::default();
    game
}

fn apply(game: &mut Bridge, actions: &[BridgeAction]) {
    for action in actions {
        game.apply(action).unwrap();
    }
}

fn play(card: &str) -> BridgeAction {
    BridgeAction::Play {
        card: card.parse().unwrap(),
        suit: None,
    }
}

#[test]
fn the_stock_is_counted_in_public_and_in_drawing_order_for_all() {
    let game = position(&["9H KC", "9D"], "6S 7D", "QS 10S AC");
    let all = game.table(Eye::All);
    assert_eq!(
        all.layout.stock,
        Pile::up(cards("AC 10S QS")),
        "the next card first"
    );
    assert_eq!(game.table(Eye::Public).layout.stock, Pile::down(3));
    assert_eq!(game.table(Eye::Seat(0)).layout.stock, Pile::down(3));
    let public = serde_json::to_value(game.table(Eye::Public)).unwrap();
    assert_eq!(
        public["pile"],
        json!({"cards": ["6S", "7D"], "down": 0}),
        "top last"
    );
    assert_eq!(
        public["hands"],
        json!([{"cards": [], "down": 2}, {"cards": [], "down": 1}])
    );
    let own = serde_json::to_value(game.table(Eye::Seat(0))).unwrap();
    assert_eq!(
        own["hands"][0],
        json!({"cards": ["KC", "9H"], "down": 0}),
        "as the view sorts it"
    );
}

#[test]
fn a_jack_on_top_shows_the_suit_it_orders() {
    let mut game = position(&["JS 9H", "9D"], "9C", "6D 6C");
    assert_eq!(game.table(Eye::Public).layout.ordered_suit, None);
    apply(
        &mut game,
        &[BridgeAction::Play {
            card: "JS".parse().unwrap(),
            suit: Some(Suit::Diamonds),
        }],
    );
    let table = serde_json::to_value(game.table(Eye::Public)).unwrap();
    assert_eq!(table["ordered_suit"], "D");
    assert_eq!(table["played"], 1);
    apply(&mut game, &[BridgeAction::EndTurn]);
    assert_eq!(
        game.table(Eye::Public).layout.ordered_suit,
        Some(Suit::Diamonds)
    );
    assert_eq!(game.table(Eye::Public).layout.played, 0, "a new turn");
}

#[test]
fn sevens_eights_and_aces_show_what_they_still_demand() {
    let mut game = position(&["7H 7S KC", "9D", "9C"], "8H", "6D 6C AC");
    apply(&mut game, &[play("7H"), play("7S")]);
    let pending = game.table(Eye::Public).layout.pending;
    assert_eq!(pending.draw, 2);
    assert_eq!(pending.takes, [0, 2, 0], "both sevens hit the next player");
    assert_eq!(pending.skips, [0, 0, 0]);

    let mut game = position(&["8H 8D 8C KC", "9D", "9C"], "8S", "6D 6C AC QS 10S 10C 7D");
    apply(&mut game, &[play("8H"), play("8D"), play("8C")]);
    let json = serde_json::to_value(game.table(Eye::Public)).unwrap();
    assert_eq!(
        json["pending"],
        json!({"draw": 6, "takes": [0, 4, 2], "skips": [0, 2, 1]})
    );
    apply(&mut game, &[BridgeAction::EndTurn]);
    let pending = game.table(Eye::Public).layout.pending;
    assert_eq!(pending.draw, 0, "given");
    assert_eq!(pending.skips, [0, 1, 0], "seat 1 still owes a turn");

    let mut game = position(&["AH AD KC", "9D", "9C", "9S"], "8H", "6D");
    apply(&mut game, &[play("AH"), play("AD")]);
    let pending = game.table(Eye::Public).layout.pending;
    assert_eq!((pending.draw, pending.skips), (0, vec![0, 1, 1, 0]));
}

#[test]
fn the_scores_of_each_deal_and_the_totals_to_the_target() {
    let mut game = position(&["9H", "JC AC 10C", "KD"], "7H", "6S 6D");
    game.totals = [5, 10, 0, 0, 0, 0];
    let before = game.table(Eye::Public);
    assert_eq!((before.deal, before.layout.scores.len()), (1, 0));
    assert_eq!(before.layout.target, 125);
    apply(&mut game, &[play("9H"), BridgeAction::EndTurn]);
    let after = serde_json::to_value(game.table(Eye::Public)).unwrap();
    assert_eq!(after["deal"], 2);
    assert_eq!(after["trick"], 1);
    assert_eq!(after["scores"], json!([[0, 45, 10]]));
    assert_eq!(after["totals"], json!([5, 55, 10]));
    assert_eq!(after["target"], 125);
}

#[test]
fn the_trick_counts_the_deals_turns() {
    let mut game = Bridge::new(&BridgeOptions::default(), 3, 5).unwrap();
    let mut rng = crate::shuffle::rng(5);
    let mut turns = 0;
    while game.deal_number() == 1 && game.to_act().is_some() {
        assert_eq!(game.table(Eye::Public).trick, turns + 1);
        let legal = game.legal_actions();
        let action = legal[crate::shuffle::below(&mut rng, legal.len())];
        game.apply(&action).unwrap();
        if action == BridgeAction::EndTurn {
            turns += 1;
        }
    }
    assert!(turns > 2);
}
