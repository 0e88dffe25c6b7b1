//! Criterion bench: whole random games of each game, dealt and played in process, with their
//! throughput in decisions per second (criterion's "elements").

use cardarena_engine::Game;
use cardarena_engine::games::bridge::Bridge;
use cardarena_engine::games::durak::Durak;
use cardarena_engine::games::durak_duel::DurakDuel;
use cardarena_engine::games::fifty_six::{FiftySix, fifty_six_pack};
use cardarena_engine::games::most::{Most, MostOptions};
use cardarena_engine::games::prsi::Prsi;
use cardarena_engine::playout::random_playout;
use cardarena_engine::shuffle::{RiffleShuffle, derive_seed, rng, shuffle};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

/// Plays `games` random games of `G` from fixed seeds, each dealt and played to its end, the
/// choices drawn from a generator reset first: the same decisions at every call. Returns how
/// many decisions were taken.
fn play<G: Game>(
    options: &G::Options,
    players: usize,
    games: u64,
    legal: &mut Vec<G::Action>,
) -> u64 {
    let mut chooser = rng(1);
    (0..games)
        .map(|index| {
            let mut game = G::new(options, players, derive_seed(7, index)).expect("valid setup");
            random_playout(&mut game, &mut chooser, legal).expect("legal play")
        })
        .sum()
}

/// Whole random games of `G`, `games` to an iteration, with their throughput in decisions.
fn random_games<G: Game>(c: &mut Criterion, options: G::Options, players: usize, games: u64) {
    let mut legal = Vec::new();
    let decisions = play::<G>(&options, players, games, &mut legal);
    let mut group = c.benchmark_group(format!("{} random play", G::ID));
    group.throughput(Throughput::Elements(decisions));
    group.bench_function(format!("{players} players, {games} games"), |b| {
        b.iter(|| play::<G>(&options, players, games, &mut legal))
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
    random_games::<Prsi>(c, Default::default(), 2, 16);
    random_games::<DurakDuel>(c, Default::default(), 2, 16);
    random_games::<Durak>(c, Default::default(), 2, 16);
    random_games::<Durak>(c, Default::default(), 4, 16);
    random_games::<FiftySix>(c, Default::default(), 4, 16);
    random_games::<FiftySix>(c, Default::default(), 6, 16);
    random_games::<Bridge>(c, Default::default(), 4, 4);
    // One deal a game (a whole match is some ten deals).
    let one_deal = MostOptions {
        single_deal: true,
        ..MostOptions::default()
    };
    random_games::<Most>(c, one_deal, 2, 4);
    shuffles(c);
}

criterion_group!(random_play, benches);
criterion_main!(random_play);
