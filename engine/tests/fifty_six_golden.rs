//! Golden logs of fifty-six: whole matches played by a seeded chooser, written with the game's
//! transcript. Any change to the deal, the shuffle, the rules or the log shows as a diff to
//! review.
//!
//! A uniformly random bidder raises until somebody bids 56, so every deal would be tani; the
//! chooser here bids like a table does instead: it passes more often than not, bids one of the
//! four lowest bids it may, and now and then bids tani. Everything else (the hidden card, the
//! cards played, calling for the trump) is a uniform choice among the legal actions. The seeds
//! are picked so that the logs hold a void deal, a tani and an automatic reveal between them.

use cardarena_engine::Game;
use cardarena_engine::games::fifty_six::{FiftySix, FiftySixAction, FiftySixOptions, Phase};
use cardarena_engine::shuffle::{RiffleShuffle, ShuffleModel, below, rng};
use rand_chacha::ChaCha8Rng;

/// The chooser's action among `legal` (never empty) in `game`.
fn choose(game: &FiftySix, legal: &[FiftySixAction], chooser: &mut ChaCha8Rng) -> FiftySixAction {
    if game.phase() == Phase::Bidding {
        // Bids come first in the legal list, in increasing order up to 56, then `pass`.
        let bids = legal
            .iter()
            .filter(|a| matches!(a, FiftySixAction::Bid { .. }))
            .count();
        let can_pass = bids < legal.len();
        let roll = below(chooser, 150);
        if roll == 0 {
            return legal[bids - 1];
        }
        if can_pass && roll < 100 {
            return FiftySixAction::Pass;
        }
        return legal[below(chooser, bids.min(4))];
    }
    legal[below(chooser, legal.len())]
}

fn log(options: &FiftySixOptions, players: usize, seed: u64) -> String {
    let initial = FiftySix::new(options, players, seed).unwrap();
    let mut game = initial.clone();
    let mut chooser = rng(seed ^ 0x56);
    let mut actions = Vec::new();
    while game.to_act().is_some() {
        let legal = game.legal_actions();
        let action = choose(&game, &legal, &mut chooser);
        game.apply(&action).unwrap();
        actions.push(action);
    }
    let names: Vec<String> = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay"][..players]
        .iter()
        .map(|n| n.to_string())
        .collect();
    FiftySix::transcript(&initial, &actions, &names).unwrap()
}

/// Four players, the uniform shuffle: the second deal is void and dealt again.
#[test]
fn four_players_with_a_void_deal() {
    insta::assert_snapshot!(log(&FiftySixOptions::default(), 4, 128));
}

/// Six players (kings and queens in the pack): a tani with two teammates sitting out, and the
/// tani bidder's hidden trump turning up in the last trick.
#[test]
fn six_players_with_a_tani() {
    insta::assert_snapshot!(log(&FiftySixOptions::default(), 6, 5));
}

/// Four players, two riffles: the first deal comes from the pack as it comes out of the box and
/// is void; later deals from the gathered tricks. A tani, and an automatic reveal in deal 1.
#[test]
fn four_players_riffled_twice() {
    let options = FiftySixOptions {
        shuffle: ShuffleModel::Riffle(RiffleShuffle {
            riffles: 2,
            ..RiffleShuffle::default()
        }),
        ..FiftySixOptions::default()
    };
    insta::assert_snapshot!(log(&options, 4, 117));
}
