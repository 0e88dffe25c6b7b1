//! Criterion bench: whole random games of each game, dealt and played in process.

use cardarena_engine::Game;
use cardarena_engine::games::durak::Durak;
use cardarena_engine::playout::random_playout;
use cardarena_engine::shuffle::{derive_seed, rng};
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

fn benches(c: &mut Criterion) {
    random_games::<Durak>(c, 2);
    random_games::<Durak>(c, 4);
}

criterion_group!(random_play, benches);
criterion_main!(random_play);
