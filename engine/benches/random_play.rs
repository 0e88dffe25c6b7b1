//! Criterion bench: whole random games of each game, dealt and played in process.

use cardarena_engine::Game;
use cardarena_engine::games::durak::Durak;
use cardarena_engine::games::fifty_six::{FiftySix, fifty_six_pack};
use cardarena_engine::playout::random_playout;
use cardarena_engine::shuffle::{RiffleShuffle, derive_seed, rng, shuffle};
use criterion::{Criterion, criterion_group, criterion_main};

fn random_games<G: Game>(c: &mut Criterion, players: usize) {
    let options = G::Options::default();
    let mut legal = Vec::new();
    let mut chooser = rng(1);
    let mut index = 0;
    c.bench_function(&format!("{} random game, {players} players", G::ID), |b| {
        b.iter(|| {
            index += 1;
            let mut game = G::new(&options, players, derive_seed(7, index)).expect("valid setup");
            random_playout(&mut game, &mut chooser, &mut legal).expect("legal play")
        })
    });
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
    random_games::<Durak>(c, 2);
    random_games::<Durak>(c, 4);
    random_games::<FiftySix>(c, 4);
    random_games::<FiftySix>(c, 6);
    shuffles(c);
}

criterion_group!(random_play, benches);
criterion_main!(random_play);
