//! Golden logs of prsi: whole games played by a seeded chooser, written with the game's
//! transcript. Any change to the deal, the shuffle, the rules or the log shows as a diff to
//! review.
//!
//! Drawing is always legal, so a uniformly random player draws far more often than a person
//! would and games run long; the chooser here plays a card when it can five times in six (a
//! uniform choice among the plays, an over's suit included), and otherwise picks uniformly among
//! all the legal actions. The seeds are picked so that the logs hold sevens, aces, overs, the
//! green under and a reshuffle between them.

use cardarena_engine::Game;
use cardarena_engine::games::prsi::{Prsi, PrsiAction, PrsiOptions};
use cardarena_engine::shuffle::{RiffleShuffle, ShuffleModel, below, rng};
use rand_chacha::ChaCha8Rng;

/// The chooser's action among `legal` (never empty).
fn choose(legal: &[PrsiAction], chooser: &mut ChaCha8Rng) -> PrsiAction {
    let plays: Vec<&PrsiAction> = legal
        .iter()
        .filter(|a| matches!(a, PrsiAction::Play { .. }))
        .collect();
    if !plays.is_empty() && below(chooser, 6) != 0 {
        return plays[below(chooser, plays.len())].clone();
    }
    legal[below(chooser, legal.len())].clone()
}

fn log(options: &PrsiOptions, players: usize, seed: u64) -> String {
    let initial = Prsi::new(options, players, seed).unwrap();
    let mut game = initial.clone();
    let mut chooser = rng(seed ^ 0x9751);
    let mut actions = Vec::new();
    while game.to_act().is_some() {
        let action = choose(&game.legal_actions(), &mut chooser);
        game.apply(&action).unwrap();
        actions.push(action);
    }
    let names: Vec<String> = ["Ann", "Bob", "Cid", "Dee", "Eve"][..players]
        .iter()
        .map(|n| n.to_string())
        .collect();
    Prsi::transcript(&initial, &actions, &names).unwrap()
}

/// Two players: sevens, aces, overs, the green under cancelling a draw, and a reshuffle.
#[test]
fn two_players() {
    insta::assert_snapshot!(log(&PrsiOptions::default(), 2, 2));
}

/// Four players going out one by one, with the green under and a reshuffle.
#[test]
fn four_players() {
    insta::assert_snapshot!(log(&PrsiOptions::default(), 4, 2));
}

/// Three players, two cards a seven, the pack riffled twice (and each reshuffled pile too).
#[test]
fn three_players_riffled_twice_with_sevens_of_two() {
    let options = PrsiOptions {
        seven_draw: 2,
        shuffle: ShuffleModel::Riffle(RiffleShuffle {
            riffles: 2,
            ..RiffleShuffle::default()
        }),
    };
    insta::assert_snapshot!(log(&options, 3, 11));
}
