//! The compact action log over random games of every game: a played log decodes to the same
//! actions, it stays within a byte an action, and damaged blobs are errors, never panics.

use cardarena_engine::Game;
use cardarena_engine::games::bridge::Bridge;
use cardarena_engine::games::durak::Durak;
use cardarena_engine::games::durak_duel::DurakDuel;
use cardarena_engine::games::fifty_six::FiftySix;
use cardarena_engine::games::most::Most;
use cardarena_engine::games::prsi::Prsi;
use cardarena_engine::log::{self, LogError};
use cardarena_engine::shuffle::{below, rng};
use proptest::prelude::*;

/// Plays a random game of `G` from `seed` with every allowed table size; returns the game as
/// dealt and its actions.
fn random_log<G: Game>(seed: u64, players_pick: usize) -> (G, Vec<G::Action>) {
    let counts: Vec<usize> = G::PLAYERS.counts().collect();
    let players = counts[players_pick % counts.len()];
    let initial = G::new(&G::Options::default(), players, seed).unwrap();
    let mut game = initial.clone();
    let mut chooser = rng(seed ^ 0x5eed);
    let mut legal = Vec::new();
    let mut actions = Vec::new();
    while game.to_act().is_some() && actions.len() < 20_000 {
        game.legal_actions_into(&mut legal);
        let action = legal[below(&mut chooser, legal.len())].clone();
        game.apply(&action).unwrap();
        actions.push(action);
    }
    (initial, actions)
}

fn round_trip<G: Game>(seed: u64, players_pick: usize) {
    let (initial, actions) = random_log::<G>(seed, players_pick);
    let blob = log::encode(&initial, &actions).unwrap();
    assert!(blob.len() <= actions.len() + 4, "{} bytes", blob.len());
    assert_eq!(log::decode(&initial, &blob).unwrap(), actions);
    // Any prefix of a log is a log of its own.
    let half = &actions[..actions.len() / 2];
    let blob = log::encode(&initial, half).unwrap();
    assert_eq!(log::decode(&initial, &blob).unwrap(), half);
}

/// Damage of every kind decodes to an error or to some other legal log, never a panic.
fn damaged<G: Game>(seed: u64, flip_at: usize, flip: u8, cut: usize) {
    let (initial, actions) = random_log::<G>(seed, 0);
    let blob = log::encode(&initial, &actions).unwrap();
    let mut changed = blob.clone();
    let at = flip_at % changed.len();
    changed[at] ^= flip.max(1);
    let _ = log::decode(&initial, &changed);
    // A cut log never decodes to the same actions: every byte carries some of them.
    assert_ne!(
        log::decode(&initial, &blob[..cut % blob.len()]),
        Ok(actions)
    );
    let mut longer = blob.clone();
    longer.push(0);
    assert!(log::decode(&initial, &longer).is_err());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn every_game_round_trips(seed in any::<u64>(), players in 0usize..8) {
        round_trip::<Durak>(seed, players);
        round_trip::<DurakDuel>(seed, players);
        round_trip::<Bridge>(seed, players);
        round_trip::<FiftySix>(seed, players);
        round_trip::<Most>(seed, players);
        round_trip::<Prsi>(seed, players);
    }

    #[test]
    fn damaged_logs_never_panic(seed in any::<u64>(), at in any::<usize>(), flip in any::<u8>(), cut in any::<usize>()) {
        damaged::<Durak>(seed, at, flip, cut);
        damaged::<Bridge>(seed, at, flip, cut);
        damaged::<FiftySix>(seed, at, flip, cut);
        damaged::<Most>(seed, at, flip, cut);
        damaged::<Prsi>(seed, at, flip, cut);
        damaged::<DurakDuel>(seed, at, flip, cut);
    }

    #[test]
    fn random_bytes_never_panic(seed in any::<u64>(), bytes in proptest::collection::vec(any::<u8>(), 0..64)) {
        let initial = Durak::new(&Default::default(), 3, seed).unwrap();
        let _ = log::decode(&initial, &bytes);
        let mut with_format = vec![log::FORMAT];
        with_format.extend(&bytes);
        let _ = log::decode(&initial, &with_format);
    }
}

#[test]
fn errors_name_what_is_wrong() {
    let initial = Durak::new(&Default::default(), 2, 7).unwrap();
    assert_eq!(
        log::decode(&initial, &[]),
        Err(LogError::Damaged("empty".into()))
    );
    assert_eq!(
        log::decode(&initial, &[9, 0]),
        Err(LogError::Damaged("unknown format 9".into()))
    );
    assert_eq!(
        log::decode(&initial, &[log::FORMAT, 0xff, 0xff, 0xff, 0x7f]),
        Err(LogError::TooLong)
    );
    let (_, actions) = random_log::<Durak>(7, 0);
    let mut longer = actions.clone();
    longer.push(actions[0]);
    assert_eq!(
        log::encode(&initial, &longer),
        Err(LogError::AfterEnd(actions.len()))
    );
}
