//! The rollout loop of a search allocates nothing: positions along random games of every game,
//! each cloned into one game value kept from rollout to rollout (`clone_from`) and played out with
//! random legal actions listed into a reused buffer. After one warm-up rollout from every
//! position, further rollouts from them allocate nothing at all (counted on this thread by
//! `allocation_counter`). The clone equals its source (and plays on as the source would), and
//! what a determinization costs in allocations is printed.

use allocation_counter::measure;
use cardarena_engine::games::bridge::Bridge;
use cardarena_engine::games::durak::Durak;
use cardarena_engine::games::durak_duel::DurakDuel;
use cardarena_engine::games::fifty_six::FiftySix;
use cardarena_engine::games::most::{Most, MostOptions};
use cardarena_engine::games::prsi::Prsi;
use cardarena_engine::playout::random_playout;
use cardarena_engine::shuffle::{below, derive_seed, rng};
use cardarena_engine::{Determinize, Game};

/// Room enough for any legal list the games make.
const ROOM: usize = 1 << 12;

/// Positions at every `every`-th decision of `games` random games of `G` for `players`.
fn positions<G: Game>(options: &G::Options, players: usize, games: u64, every: usize) -> Vec<G> {
    let mut chooser = rng(17);
    let mut legal = Vec::with_capacity(ROOM);
    let mut positions = Vec::new();
    for index in 0..games {
        let mut game = G::new(options, players, derive_seed(23, index)).unwrap();
        let mut step = 0;
        while game.to_act().is_some() {
            if step % every == 0 {
                positions.push(game.clone());
            }
            game.legal_actions_into(&mut legal);
            game.apply(&legal[below(&mut chooser, legal.len())])
                .unwrap();
            step += 1;
        }
    }
    positions
}

/// Rollouts from every position into one game value; returns the allocations made by the
/// rollouts after the first round.
fn rollout_allocations<G: Game + PartialEq>(positions: &[G]) -> u64 {
    let mut game = positions[positions.len() - 1].clone();
    let mut legal = Vec::with_capacity(ROOM);
    let mut chooser = rng(29);
    let mut allocations = 0;
    for round in 0..3 {
        for start in positions {
            let count = measure(|| {
                game.clone_from(start);
                random_playout(&mut game, &mut chooser, &mut legal).unwrap();
            })
            .count_total;
            if round > 0 {
                allocations += count;
            }
        }
    }
    allocations
}

/// The clone of `start` made by `clone_from` into a played-out game, and by `clone`, equal it
/// and play on alike.
fn clones_play_alike<G: Game + PartialEq>(positions: &[G]) {
    let mut game = positions[0].clone();
    let mut legal = Vec::new();
    for (index, start) in positions.iter().enumerate() {
        random_playout(&mut game, &mut rng(index as u64), &mut legal).unwrap();
        game.clone_from(start);
        assert_eq!(&game, start, "{} position {index}", G::ID);
        let mut copy = start.clone();
        assert_eq!(&copy, start, "{} position {index}", G::ID);
        let seed = derive_seed(31, index as u64);
        random_playout(&mut game, &mut rng(seed), &mut legal).unwrap();
        random_playout(&mut copy, &mut rng(seed), &mut legal).unwrap();
        assert_eq!(game, copy, "{} position {index}", G::ID);
    }
}

/// Allocations of one determinization from the view of the seat to act, on average over the
/// positions.
fn determinize_allocations<G: Determinize>(positions: &[G]) -> f64 {
    let mut chooser = rng(37);
    let total: u64 = positions
        .iter()
        .filter_map(|game| game.to_act().map(|seat| (game, game.view(seat))))
        .map(|(_, view)| measure(|| drop(G::determinize(&view, &mut chooser))).count_total)
        .sum();
    total as f64 / positions.len() as f64
}

/// Checks `G` at each of its player counts over `games` random games.
fn check<G: Determinize + PartialEq>(options: G::Options, games: u64) {
    for players in G::PLAYERS.counts() {
        let positions = positions::<G>(&options, players, games, 7);
        clones_play_alike(&positions);
        let allocations = rollout_allocations(&positions);
        println!(
            "{} at {players}: {} positions, {allocations} allocations over two rounds of \
             rollouts, {:.1} allocations a determinization",
            G::ID,
            positions.len(),
            determinize_allocations(&positions),
        );
        assert_eq!(allocations, 0, "{} at {players}: rollouts allocated", G::ID);
    }
}

#[test]
fn prsi_rollouts_allocate_nothing() {
    check::<Prsi>(Default::default(), 20);
}

#[test]
fn durak_duel_rollouts_allocate_nothing() {
    check::<DurakDuel>(Default::default(), 20);
}

#[test]
fn durak_rollouts_allocate_nothing() {
    check::<Durak>(Default::default(), 20);
}

#[test]
fn fifty_six_rollouts_allocate_nothing() {
    check::<FiftySix>(Default::default(), 4);
}

#[test]
fn bridge_rollouts_allocate_nothing() {
    check::<Bridge>(Default::default(), 3);
}

#[test]
fn most_rollouts_allocate_nothing() {
    // What a search plays: its samples of most are single deals.
    let one_deal = MostOptions {
        single_deal: true,
        ..MostOptions::default()
    };
    check::<Most>(one_deal, 4);
}
