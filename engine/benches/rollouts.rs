//! Criterion bench: clone-and-apply rollouts, the loop a search bot runs. Positions are taken
//! along random games from fixed seeds; each rollout clones one into a game value kept from
//! rollout to rollout (`clone_from`, which reuses its buffers) and plays it out with uniformly
//! random legal actions listed into a reused buffer. Two throughputs a game: rollout actions per
//! second, and rollouts per second.

use cardarena_engine::Game;
use cardarena_engine::games::bridge::Bridge;
use cardarena_engine::games::durak::Durak;
use cardarena_engine::games::durak_duel::DurakDuel;
use cardarena_engine::games::fifty_six::FiftySix;
use cardarena_engine::games::most::{Most, MostOptions};
use cardarena_engine::games::prsi::Prsi;
use cardarena_engine::playout::random_playout;
use cardarena_engine::shuffle::{below, derive_seed, rng};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand_chacha::ChaCha8Rng;

/// Positions along `games` random games of `G` from fixed seeds: one at a random step of each
/// (the game is played once to learn its length, then again with the same choices).
fn positions<G: Game>(options: &G::Options, players: usize, games: u64) -> Vec<G> {
    let mut legal = Vec::new();
    (0..games)
        .map(|index| {
            let seed = derive_seed(13, index);
            let mut whole = G::new(options, players, seed).expect("valid setup");
            let length =
                random_playout(&mut whole, &mut rng(seed), &mut legal).expect("legal play");
            let stop = below(&mut rng(index), length.max(1) as usize);
            let mut game = G::new(options, players, seed).expect("valid setup");
            let mut chooser = rng(seed);
            for _ in 0..stop {
                game.legal_actions_into(&mut legal);
                game.apply(&legal[below(&mut chooser, legal.len())])
                    .expect("legal play");
            }
            game
        })
        .collect()
}

/// One rollout from each of `positions` into `game`, choices drawn from `chooser`: the actions
/// played.
fn rollouts<G: Game>(
    positions: &[G],
    game: &mut G,
    chooser: &mut ChaCha8Rng,
    legal: &mut Vec<G::Action>,
) -> u64 {
    positions
        .iter()
        .map(|start| {
            game.clone_from(start);
            random_playout(game, chooser, legal).expect("legal play")
        })
        .sum()
}

/// Rollouts of `G` at `players` from `count` positions, an iteration one rollout from each:
/// measured once in actions and once in rollouts.
fn bench<G: Game>(c: &mut Criterion, options: G::Options, players: usize, count: u64) {
    let positions = positions::<G>(&options, players, count);
    let mut game = positions[0].clone();
    let mut legal = Vec::new();
    let actions = rollouts(&positions, &mut game, &mut rng(3), &mut legal);
    let mut group = c.benchmark_group(format!("{} rollouts", G::ID));
    for (unit, elements) in [("actions", actions), ("rollouts", count)] {
        group.throughput(Throughput::Elements(elements));
        group.bench_function(
            format!("{players} players, {count} positions, {unit}"),
            |b| b.iter(|| rollouts(&positions, &mut game, &mut rng(3), &mut legal)),
        );
    }
    group.finish();
}

fn benches(c: &mut Criterion) {
    bench::<Prsi>(c, Default::default(), 2, 64);
    bench::<DurakDuel>(c, Default::default(), 2, 64);
    bench::<Durak>(c, Default::default(), 4, 64);
    bench::<FiftySix>(c, Default::default(), 4, 64);
    bench::<Bridge>(c, Default::default(), 4, 16);
    // A search plays most to the end of the deal (its determinized games are single deals).
    let one_deal = MostOptions {
        single_deal: true,
        ..MostOptions::default()
    };
    bench::<Most>(c, one_deal, 2, 16);
}

criterion_group!(rollout_benches, benches);
criterion_main!(rollout_benches);
