//! The encodings for learning: the property check at both table sizes, and the documented ids
//! and observation slots on hand-built positions.

use super::*;
use crate::encode::Encode;
use crate::encode::checks::check;

/// Four hands holding the 32 cards of the four-player pack, seat 0's with single and double
/// copies.
const HANDS: [&str; 4] = [
    "JC JC 9D AH 10S JS 9S AS",
    "9C 9C AC AC 10C 10C JD JD",
    "9D AD AD 10D 10D JH JH 9H",
    "9H AH 10H 10H JS 9S AS 10S",
];

fn observation(game: &FiftySix, seat: Seat) -> Vec<f32> {
    let mut out = vec![0.5; FiftySix::observation_len(game.players())];
    FiftySix::observe(&game.view(seat), &mut out);
    out
}

#[test]
fn both_table_sizes_number_their_actions_apart_and_use_every_id() {
    for (players, space, len) in [(4, 63, 222), (6, 79, 358)] {
        assert_eq!(FiftySix::action_space(players), space);
        assert_eq!(FiftySix::observation_len(players), len);
        let used = check::<FiftySix>(&FiftySixOptions::default(), players, 120);
        assert_eq!(used, space, "{players} players used {used} ids of {space}");
    }
    let riffled = FiftySixOptions {
        deals: 2,
        shuffle: ShuffleModel::Riffle(RiffleShuffle::default()),
    };
    assert!(check::<FiftySix>(&riffled, 6, 20) > 70);
}

#[test]
fn ids_name_the_same_move_in_every_state() {
    let game = bidding(&HANDS, 3);
    let id = |action| FiftySix::action_id(&game.view(0), &action);
    assert_eq!(id(bid(28)), 0);
    assert_eq!(id(bid(40)), 12);
    assert_eq!(id(bid(56)), 28);
    assert_eq!(id(PASS), 29);
    assert_eq!(id(hide("JC")), 30);
    assert_eq!(id(hide("AS")), 30 + 3 * 4 + 2);
    assert_eq!(id(REVEAL), 46);
    assert_eq!(id(play("JC")), 47);
    assert_eq!(id(play("10S")), 62);
    let six = new_game(6);
    let id = |action| FiftySix::action_id(&six.view(0), &action);
    assert_eq!(id(hide("QC")), 30 + 5);
    assert_eq!(id(REVEAL), 30 + 24);
    assert_eq!(id(play("QS")), 78);
}

#[test]
fn the_observation_puts_each_fact_in_its_documented_slot() {
    let mut game = bidding(&HANDS, 3);
    let out = observation(&game, 0);
    assert_eq!(out[0], 1.0, "JC twice");
    assert_eq!(out[1], 0.0, "no 9C");
    assert_eq!(out[5], 0.5, "9D once");
    assert_eq!(out[10], 0.5, "AH once");
    assert_eq!(out[112], 1.0, "bidding");
    assert_eq!(out[158], 1.0, "seat 0 is to act: itself");
    assert_eq!(out[162 + 3], 1.0, "the dealer is three seats on");
    apply_all(&mut game, &[bid(28), PASS]);
    let out = observation(&game, 2);
    assert_eq!(out[123], 1.0, "the standing bid is 28");
    assert_eq!(out[122], 1.0 / 3.0, "one pass in a row");
    assert_eq!(out[158 + 2 * 4 + 2], 1.0, "seat 0 holds it, two seats on");
    assert_eq!(out[158 + 9 * 4 + 3], 1.0, "seat 1 passed");
    assert_eq!(out[158 + 10 * 4 + 2], 1.0 / 29.0, "seat 0's highest bid");
    assert_eq!(out[158 + 11 * 4 + 2], 1.0, "seat 0 bid in 28-39");

    let mut game = playing(&HANDS, 0, 28, "10S", 0);
    apply_all(&mut game, &[play("JC"), play("9C"), play("9D")]);
    let out = observation(&game, 0);
    assert_eq!(out[16], 0.5, "JC played once");
    assert_eq!(out[32 + 15], 1.0, "the bidder sees its trump 10S");
    assert_eq!(out[48 + 2 * 16 + 5], 1.0, "seat 2 put 9D in the trick");
    assert_eq!(out[116], 1.0, "clubs led");
    assert_eq!(out[206 + 2 * 4], 1.0, "seat 2 showed out of clubs");
    assert_eq!(out[206 + 4], 0.0, "seat 1 followed");
    assert_eq!(observation(&game, 1)[32 + 15], 0.0, "the others do not");
}
