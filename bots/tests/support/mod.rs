//! What the house bots' tests share: a runtime, and a match of house bots that must not fault.

use cardarena_bots::{Bot, HouseGame, Played, play_match};
use cardarena_engine::shuffle::derive_seed;

/// A single-threaded runtime for the async match runner.
pub fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap()
}

/// Plays one match of `G` with these house bots, each seeded from the match's seed; no seat may
/// fault.
pub fn play_house<G: HouseGame>(
    runtime: &tokio::runtime::Runtime,
    options: &G::Options,
    seed: u64,
    ids: &[&str],
) -> Played<G> {
    let mut bots: Vec<Box<dyn Bot<G>>> = ids
        .iter()
        .enumerate()
        .map(|(seat, id)| G::house_bot(id, derive_seed(seed, seat as u64)).unwrap())
        .collect();
    let played = runtime
        .block_on(play_match::<G>(options, seed, &mut bots))
        .unwrap_or_else(|e| panic!("seed {seed}, {ids:?}: {e}"));
    assert!(
        played.faults.iter().all(Option::is_none),
        "seed {seed}, {ids:?}: {:?}",
        played.faults
    );
    played
}
