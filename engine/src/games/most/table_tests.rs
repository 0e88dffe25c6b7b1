//! Most's table snapshot on hand-built positions: melds with each joker's stand-in, the bridge
//! card a taker must meld held apart from the hand, the stock in drawing order, the scores.

use serde_json::json;

use super::*;
use crate::table::{Eye, Pile};

fn c(text: &str) -> Card {
    text.parse().unwrap()
}

fn cards(text: &str) -> Vec<Card> {
    text.split_whitespace().map(c).collect()
}

fn set(text: &str) -> CardSet {
    cards(text).into_iter().collect()
}

/// Seat 0 to act in `phase` with these hands, bridge (oldest first) and deck (drawn from the end).
fn position(hands: &[&str], bridge: &str, deck: &str, phase: Phase) -> Most {
    Most::from_position(
        hands.iter().map(|h| set(h)).collect(),
        cards(bridge),
        cards(deck),
        Vec::new(),
        vec![false; hands.len()],
        0,
        phase,
        None,
    )
}

#[test]
fn a_meld_shows_each_joker_with_the_card_it_stands_for() {
    let mut game = position(&["BJ 8H 9H 2C", "3D"], "5D", "4S 4C", Phase::Play);
    game.apply(&MostAction::Meld {
        cards: cards("8H 9H").into(),
        jokers: [JokerAs {
            joker: c("BJ"),
            stands_for: c("7H"),
        }]
        .into(),
    })
    .unwrap();
    let json = serde_json::to_value(game.table(Eye::Public)).unwrap();
    assert_eq!(
        json["melds"],
        json!([{"owner": 0, "kind": "run", "cards": [
            {"card": "BJ", "stands_for": "7H", "by": 0},
            {"card": "8H", "stands_for": "8H", "by": 0},
            {"card": "9H", "stands_for": "9H", "by": 0},
        ]}])
    );
    assert_eq!(json["melded"], json!([true, false]));
    let table = game.table(Eye::Public);
    let (up, down) = table.face_up();
    assert!(
        up.contains(&c("BJ")) && !up.contains(&c("7H")),
        "7H is not on the table"
    );
    assert_eq!(down, 1 + 1 + 2, "two hands and the stock counted");
}

#[test]
fn a_card_taken_from_the_bridge_waits_apart_until_it_is_melded() {
    let mut game = position(&["7C 7D 2S", "3D"], "5H 7S 9C", "4S 4C", Phase::Draw);
    game.apply(&MostAction::Take { index: 1 }).unwrap();
    let public = game.table(Eye::Public);
    assert_eq!(public.layout.pending, Some(c("7S")));
    assert_eq!(public.layout.bridge, Pile::up([c("5H")]));
    assert_eq!(
        public.hands[0],
        Pile::down(4),
        "7C 7D 2S 9C: the 7S lies apart"
    );
    let own = game.table(Eye::Seat(0));
    assert_eq!(own.hands[0], Pile::up(cards("2S 7C 7D 9C")));
    assert_eq!(serde_json::to_value(&own).unwrap()["pending"], "7S");
    game.apply(&MostAction::Meld {
        cards: cards("7C 7D 7S").into(),
        jokers: JokerList::new(),
    })
    .unwrap();
    let own = game.table(Eye::Seat(0));
    assert_eq!(own.layout.pending, None);
    assert_eq!(own.hands[0], Pile::up(cards("2S 9C")));
    assert_eq!(own.layout.melds[0].kind, MeldKind::Set);
}

#[test]
fn the_stock_is_counted_in_public_and_in_drawing_order_for_all() {
    let game = position(&["2C", "3D"], "5D", "4S 6C 8H", Phase::Draw);
    assert_eq!(
        game.table(Eye::All).layout.stock,
        Pile::up(cards("8H 6C 4S"))
    );
    assert_eq!(game.table(Eye::Seat(1)).layout.stock, Pile::down(3));
    let json = serde_json::to_value(game.table(Eye::Public)).unwrap();
    assert_eq!(json["stock"], json!({"cards": [], "down": 3}));
    assert_eq!(json["bridge"], json!({"cards": ["5D"], "down": 0}));
    assert_eq!(json["phase"], "draw");
    assert_eq!(
        (json["deal"].clone(), json["trick"].clone()),
        (json!(1), json!(1))
    );
}

#[test]
fn each_deal_s_scores_and_the_totals_to_the_target() {
    let mut game = position(&["9D", "AS"], "5D", "4S 6C 8H", Phase::Play);
    game.options.single_deal = false;
    game.totals = vec![20, 0];
    game.melds = vec![TableMeld {
        owner: 0,
        kind: MeldKind::Set,
        slots: cards("2C 2D 2H")
            .into_iter()
            .map(|card| Slot {
                card,
                stands_for: card,
                by: 0,
            })
            .collect(),
    }];
    game.apply(&MostAction::Discard { card: c("9D") }).unwrap();
    let json = serde_json::to_value(game.table(Eye::Public)).unwrap();
    assert_eq!(json["deal"], 2);
    assert_eq!(json["scores"], json!([[15, -15]]));
    assert_eq!(json["totals"], json!([35, -15]));
    assert_eq!(json["target"], 500);
    assert_eq!(json["melds"], json!([]), "a new deal");
}

#[test]
fn the_trick_counts_the_deal_s_turns() {
    let mut game = Most::new(&MostOptions::default(), 3, 9).unwrap();
    let mut rng = crate::shuffle::rng(9);
    let mut turns = 0;
    while game.deals_played() == 0 && game.to_act().is_some() {
        assert_eq!(game.table(Eye::Public).trick, turns + 1);
        let legal = game.legal_actions();
        let action = legal[crate::shuffle::below(&mut rng, legal.len())].clone();
        game.apply(&action).unwrap();
        if matches!(action, MostAction::Discard { .. }) {
            turns += 1;
        }
    }
    assert!(turns > 2);
}
