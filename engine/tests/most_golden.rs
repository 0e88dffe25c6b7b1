//! Golden logs of most: whole games played by a seeded chooser, written with the game's
//! transcript. Any change to the deal, the rules or the log shows as a diff to review.
//!
//! A uniform chooser mostly draws and discards (those are most of the legal actions), so this one
//! takes, melds, lays off or swaps three times in four when it can, and otherwise picks uniformly
//! among the legal actions. The seeds are picked so that the logs hold a take from the bridge, a
//! joker in a meld, a lay-off and a swap between them.

use cardarena_engine::Game;
use cardarena_engine::games::most::{Most, MostAction, MostOptions};
use cardarena_engine::shuffle::{below, rng};

fn log(options: &MostOptions, players: usize, seed: u64) -> String {
    let initial = Most::new(options, players, seed).unwrap();
    let mut game = initial.clone();
    let mut chooser = rng(seed ^ 0x305);
    let mut actions = Vec::new();
    while game.to_act().is_some() {
        let legal = game.legal_actions();
        let building: Vec<&MostAction> = legal
            .iter()
            .filter(|a| !matches!(a, MostAction::Draw | MostAction::Discard { .. }))
            .collect();
        let action = if !building.is_empty() && below(&mut chooser, 4) < 3 {
            building[below(&mut chooser, building.len())].clone()
        } else {
            legal[below(&mut chooser, legal.len())].clone()
        };
        game.apply(&action).unwrap();
        actions.push(action);
    }
    let names: Vec<String> = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay"][..players]
        .iter()
        .map(|n| n.to_string())
        .collect();
    Most::transcript(&initial, &actions, &names).unwrap()
}

#[test]
fn a_single_deal_of_two() {
    let options = MostOptions {
        single_deal: true,
        ..MostOptions::default()
    };
    insta::assert_snapshot!(log(&options, 2, 1));
}

#[test]
fn a_single_deal_of_four() {
    let options = MostOptions {
        single_deal: true,
        ..MostOptions::default()
    };
    insta::assert_snapshot!(log(&options, 4, 2));
}

#[test]
fn a_three_player_match_to_a_target_of_100() {
    let options = MostOptions {
        target: 100,
        ..MostOptions::default()
    };
    insta::assert_snapshot!(log(&options, 3, 3));
}
