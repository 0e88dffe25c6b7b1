//! No allocation per decision: random games of every game, with the allocator counted (on this
//! thread only, by `allocation_counter`) around each call of the playing loop.
//!
//! - `legal_actions_into` never allocates, in any game, once its buffer has room (the buffer is
//!   reserved up front, so a growing buffer is not what is counted);
//! - `apply` never allocates with the default (uniform) shuffle: every buffer a deal, a trick or a
//!   turn fills is made when the game is set up and kept from deal to deal (bridge's list of each
//!   deal's scores has room for 32 deals, most's for 50; most's melds take their slot lists from
//!   lists kept for them, one for every meld a deal can hold).
//!
//! `tests/rollouts.rs` checks the same of a search's loop, cloning a position into a kept game.

use allocation_counter::measure;
use cardarena_engine::Game;
use cardarena_engine::games::{
    bridge::Bridge, durak::Durak, durak_duel::DurakDuel, fifty_six::FiftySix, most::Most,
    prsi::Prsi,
};
use cardarena_engine::shuffle::{below, derive_seed, rng};

/// Room enough for any legal list the games make.
const ROOM: usize = 1 << 12;

/// What the allocator saw over some random games.
#[derive(Debug, Default)]
struct Counts {
    decisions: u64,
    /// Allocations inside `legal_actions_into`.
    listing: u64,
    /// Allocations inside `apply`.
    applying: u64,
}

/// Plays `games` random games of `G` for `players`, counting allocations.
fn count<G: Game>(options: &G::Options, players: usize, games: u64) -> Counts {
    let mut legal = Vec::with_capacity(ROOM);
    let mut chooser = rng(5);
    let mut counts = Counts::default();
    for index in 0..games {
        let mut game = G::new(options, players, derive_seed(11, index)).unwrap();
        while game.to_act().is_some() {
            counts.listing += measure(|| game.legal_actions_into(&mut legal)).count_total;
            assert!(
                legal.len() < ROOM,
                "{} listed {} actions",
                G::ID,
                legal.len()
            );
            let action = &legal[below(&mut chooser, legal.len())];
            counts.applying += measure(|| game.apply(action).unwrap()).count_total;
            counts.decisions += 1;
        }
    }
    counts
}

/// Checks `G` at each of its player counts: no allocation listing or applying actions.
fn check<G: Game>(options: G::Options, games: u64) {
    for players in G::PLAYERS.counts() {
        let counts = count::<G>(&options, players, games);
        println!("{} at {players}: {counts:?}", G::ID);
        assert_eq!(
            counts.listing,
            0,
            "{} at {players} listed actions with allocation: {counts:?}",
            G::ID
        );
        assert_eq!(
            counts.applying,
            0,
            "{} at {players} allocated applying actions: {counts:?}",
            G::ID
        );
    }
}

#[test]
fn prsi_lists_and_applies_without_allocation() {
    check::<Prsi>(Default::default(), 200);
}

#[test]
fn durak_duel_lists_and_applies_without_allocation() {
    check::<DurakDuel>(Default::default(), 200);
}

#[test]
fn durak_lists_and_applies_without_allocation() {
    check::<Durak>(Default::default(), 200);
}

#[test]
fn fifty_six_lists_and_applies_without_allocation() {
    check::<FiftySix>(Default::default(), 50);
}

#[test]
fn bridge_lists_and_applies_without_allocation() {
    check::<Bridge>(Default::default(), 20);
}

#[test]
fn most_lists_and_applies_without_allocation() {
    check::<Most>(Default::default(), 5);
}
