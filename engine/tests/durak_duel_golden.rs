//! Golden logs of durak-duel: whole games played by a seeded chooser, written with the game's
//! transcript. Any change to the deal, the shuffle, the rules or the log shows as a diff to
//! review.
//!
//! A uniformly random defender passes far more often than a player would (`pass` is always legal
//! beside a few defences), so the chooser here plays like a table: it defends or counterattacks
//! when it can and passes one time in six; everything else is a uniform choice among the legal
//! actions. The seeds are picked so that the logs hold sieges, a counterattack, a pile-on, taken
//! and discarded rounds, and the trump card drawn.

use cardarena_engine::Game;
use cardarena_engine::games::durak_duel::{DurakDuel, DurakDuelAction, DurakDuelOptions};
use cardarena_engine::shuffle::{RiffleShuffle, ShuffleModel, below, rng};
use rand_chacha::ChaCha8Rng;

/// The chooser's action among `legal` (never empty).
fn choose(legal: &[DurakDuelAction], chooser: &mut ChaCha8Rng) -> DurakDuelAction {
    let answers: Vec<&DurakDuelAction> = legal
        .iter()
        .filter(|a| {
            matches!(
                a,
                DurakDuelAction::Defend { .. } | DurakDuelAction::Counterattack { .. }
            )
        })
        .collect();
    if !answers.is_empty() && below(chooser, 6) != 0 {
        return answers[below(chooser, answers.len())].clone();
    }
    legal[below(chooser, legal.len())].clone()
}

fn log(options: &DurakDuelOptions, seed: u64) -> String {
    let initial = DurakDuel::new(options, 2, seed).unwrap();
    let mut game = initial.clone();
    let mut chooser = rng(seed ^ 0xd0e1);
    let mut actions = Vec::new();
    while game.to_act().is_some() {
        let action = choose(&game.legal_actions(), &mut chooser);
        game.apply(&action).unwrap();
        actions.push(action);
    }
    let names = ["Ann".to_string(), "Bob".to_string()];
    DurakDuel::transcript(&initial, &actions, &names).unwrap()
}

/// The uniform shuffle: two counterattacks (one with a pair of kings), a pile-on, taken and
/// discarded rounds, the trump card drawn last, and a winner out of cards.
#[test]
fn a_uniform_deal() {
    insta::assert_snapshot!(log(&DurakDuelOptions::default(), 6));
}

/// Two riffles of the pack in order: the hands keep runs of the pack's order.
#[test]
fn a_deal_riffled_twice() {
    let options = DurakDuelOptions {
        shuffle: ShuffleModel::Riffle(RiffleShuffle {
            riffles: 2,
            ..RiffleShuffle::default()
        }),
    };
    insta::assert_snapshot!(log(&options, 3));
}
