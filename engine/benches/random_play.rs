//! Criterion bench: whole random games of each game, dealt and played in process, with their
//! throughput in decisions per second (criterion's "elements").
//!
//! Every iteration deals new games, as `cardarena bench --game` does (both run
//! [`random_games`]): replaying the same few deals every iteration let the branch predictor
//! learn them and read 10 to 13% faster than a contest's fresh deals.

use cardarena_engine::Game;
use cardarena_engine::games::bridge::Bridge;
use cardarena_engine::games::durak::Durak;
use cardarena_engine::games::durak_duel::DurakDuel;
use cardarena_engine::games::fifty_six::{FiftySix, fifty_six_pack};
use cardarena_engine::games::most::{Most, MostOptions};
use cardarena_engine::games::prsi::Prsi;
use cardarena_engine::playout::random_games;
use cardarena_engine::shuffle::{RiffleShuffle, rng, shuffle};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

/// Batches of deals an iteration cycles through: iteration `k` plays batch `k % BATCHES`, its
/// choices drawn from a generator keyed by the batch, so the throughput (the pool's decisions
/// over its batches) is exact over whole cycles; the pool is too large for the branch predictor
/// to learn.
const BATCHES: u64 = 64;

/// Plays batch `batch` of `games` new deals; returns its decisions.
fn play_batch<G: Game>(
    options: &G::Options,
    players: usize,
    games: u64,
    batch: u64,
    legal: &mut Vec<G::Action>,
) -> u64 {
    let first = batch * games;
    let deals = first..first + games;
    random_games::<G>(options, players, 7, deals, &mut rng(batch), legal).expect("legal play")
}

/// Whole random games of `G`, `games` new deals to an iteration, with their throughput in
/// decisions.
fn random_games_of<G: Game>(c: &mut Criterion, options: G::Options, players: usize, games: u64) {
    let mut legal = Vec::new();
    let pool: u64 = (0..BATCHES)
        .map(|batch| play_batch::<G>(&options, players, games, batch, &mut legal))
        .sum();
    let mut group = c.benchmark_group(format!("{} random play", G::ID));
    group.throughput(Throughput::Elements(pool / BATCHES));
    let mut next = 0;
    group.bench_function(format!("{players} players, {games} new games"), |b| {
        b.iter(|| {
            next += 1;
            play_batch::<G>(&options, players, games, next % BATCHES, &mut legal)
        })
    });
    group.finish();
}

/// The two shuffle models on fifty-six's 48 cards: a uniform shuffle, and three riffles with a
/// cut and a deal in packets of four.
fn shuffles(c: &mut Criterion) {
    let pack = fifty_six_pack(6);
    let mut generator = rng(3);
    c.bench_function("uniform shuffle, 48 cards", |b| {
        b.iter(|| {
            let mut deck = pack.clone();
            shuffle(&mut deck, &mut generator);
            deck
        })
    });
    let riffle = RiffleShuffle::default();
    c.bench_function("riffle shuffle and deal, 48 cards", |b| {
        b.iter(|| {
            let mut deck = pack.clone();
            riffle.shuffle(&mut deck, &mut generator);
            riffle.deal(&mut deck, 6, 8)
        })
    });
}

fn benches(c: &mut Criterion) {
    random_games_of::<Prsi>(c, Default::default(), 2, 16);
    random_games_of::<DurakDuel>(c, Default::default(), 2, 16);
    random_games_of::<Durak>(c, Default::default(), 2, 16);
    random_games_of::<Durak>(c, Default::default(), 4, 16);
    random_games_of::<FiftySix>(c, Default::default(), 4, 16);
    random_games_of::<FiftySix>(c, Default::default(), 6, 16);
    random_games_of::<Bridge>(c, Default::default(), 4, 4);
    // One deal a game (a whole match is some ten deals).
    let one_deal = MostOptions {
        single_deal: true,
        ..MostOptions::default()
    };
    random_games_of::<Most>(c, one_deal, 2, 4);
    shuffles(c);
}

criterion_group!(random_play, benches);
criterion_main!(random_play);
