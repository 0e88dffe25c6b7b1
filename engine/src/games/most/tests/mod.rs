//! Rule tests of most: each rule on a hand-built position, the seed's own examples, and the meld
//! enumeration against a brute force.

use super::*;
use crate::shuffle::{self, below, rng};

mod encode;
mod melds;
mod riffle;
mod rules;

fn c(text: &str) -> Card {
    text.parse().unwrap()
}

fn cards(text: &str) -> Vec<Card> {
    text.split_whitespace().map(c).collect()
}

fn set(text: &str) -> CardSet {
    cards(text).into_iter().collect()
}

/// A meld put down by `owner`: `"8C RJ=9C 10C"` (a joker written with the card it stands for).
fn meld(owner: Seat, text: &str) -> TableMeld {
    let slots: Vec<Slot> = text
        .split_whitespace()
        .map(|t| match t.split_once('=') {
            Some((j, x)) => Slot {
                card: c(j),
                stands_for: c(x),
                by: owner,
            },
            None => Slot {
                card: c(t),
                stands_for: c(t),
                by: owner,
            },
        })
        .collect();
    let represented: Vec<Card> = slots.iter().map(|s| s.stands_for).collect();
    let (kind, order) = meld_shape(&represented).expect("a meld");
    let slots = order
        .iter()
        .map(|x| *slots.iter().find(|s| s.stands_for == *x).unwrap())
        .collect();
    TableMeld { owner, kind, slots }
}

fn play(hands: &[&str], melds: Vec<TableMeld>, melded: &[bool]) -> Most {
    Most::from_position(
        hands.iter().map(|h| set(h)).collect(),
        cards("5D"),
        cards("4S 4D 4C"),
        melds,
        melded.to_vec(),
        0,
        Phase::Play,
        None,
    )
}

fn meld_action(naturals: &str, jokers: &[(&str, &str)]) -> MostAction {
    MostAction::Meld {
        cards: cards(naturals).into(),
        jokers: jokers
            .iter()
            .map(|(j, x)| JokerAs {
                joker: c(j),
                stands_for: c(x),
            })
            .collect(),
    }
}

fn assert_legal(game: &Most, action: &MostAction) {
    assert!(
        game.legal_actions().contains(action),
        "{action:?} not in {:?}",
        game.legal_actions()
    );
    game.clone().apply(action).unwrap();
}

fn assert_illegal(game: &Most, action: &MostAction) {
    assert!(!game.legal_actions().contains(action), "{action:?} listed");
    let mut copy = game.clone();
    assert!(copy.apply(action).is_err(), "{action:?} accepted");
    assert_eq!(&copy, game);
}
