//! Golden logs of bridge: whole games played by a seeded random chooser, written with the game's
//! transcript. Any change to the deal, the rules or the log shows as a diff to review.

use cardarena_engine::Game;
use cardarena_engine::games::bridge::{Bridge, BridgeOptions};
use cardarena_engine::shuffle::{below, rng};

fn log(options: &BridgeOptions, players: usize, seed: u64) -> String {
    let initial = Bridge::new(options, players, seed).unwrap();
    let mut game = initial.clone();
    let mut chooser = rng(seed ^ 0xb1d9e);
    let mut actions = Vec::new();
    while game.to_act().is_some() {
        let legal = game.legal_actions();
        let action = legal[below(&mut chooser, legal.len())];
        game.apply(&action).unwrap();
        actions.push(action);
    }
    let names: Vec<String> = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay"][..players]
        .iter()
        .map(|n| n.to_string())
        .collect();
    Bridge::transcript(&initial, &actions, &names).unwrap()
}

#[test]
fn a_single_deal_of_three() {
    let options = BridgeOptions {
        single_deal: true,
        ..BridgeOptions::default()
    };
    insta::assert_snapshot!(log(&options, 3, 1));
}

#[test]
fn a_two_player_match_to_a_target_of_40() {
    let options = BridgeOptions {
        target: 40,
        ..BridgeOptions::default()
    };
    insta::assert_snapshot!(log(&options, 2, 2));
}

#[test]
fn a_single_deal_of_six() {
    let options = BridgeOptions {
        single_deal: true,
        ..BridgeOptions::default()
    };
    insta::assert_snapshot!(log(&options, 6, 3));
}
