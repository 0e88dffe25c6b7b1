//! No game of the roster needs the match runner's decision cap: every seed of a sample, at every
//! allowed table size, played by uniform random play, by always-the-first-legal-action play (the
//! policy that found durak seed 47's cycle) and by the house bots against each other, ends by the
//! game's own rules well under `HouseGame::MAX_DECISIONS`.

mod support;

use cardarena_bots::{GameVisitor, HouseGame, game_ids, with_game};
use cardarena_engine::shuffle::{below, rng};

/// Seeds per table size and policy.
const SEEDS: u64 = 12;

/// Plays `G` from `seed` choosing with `choose` (given the legal actions) and returns the number
/// of decisions; fails once half the cap is reached.
fn decisions<G: HouseGame>(
    players: usize,
    seed: u64,
    mut choose: impl FnMut(usize) -> usize,
) -> u32 {
    let mut game = G::new(&G::Options::default(), players, seed).unwrap();
    let mut legal = Vec::new();
    let mut n = 0;
    while game.to_act().is_some() {
        assert!(
            n < G::MAX_DECISIONS / 2,
            "{} seed {seed}, {players} players: no end",
            G::ID
        );
        game.legal_actions_into(&mut legal);
        let action = legal[choose(legal.len())].clone();
        game.apply(&action).unwrap();
        n += 1;
    }
    n
}

struct Sample;

impl GameVisitor for Sample {
    type Output = u32;

    /// The most decisions any sampled game took.
    fn visit<G: HouseGame>(self) -> u32 {
        let runtime = support::runtime();
        let mut longest = 0;
        for players in G::PLAYERS.counts() {
            for seed in 0..SEEDS {
                let mut chooser = rng(seed);
                longest = longest.max(decisions::<G>(players, seed, |n| below(&mut chooser, n)));
                longest = longest.max(decisions::<G>(players, seed, |_| 0));
                // The expert's search costs 50 ms a decision in release, far more in a debug
                // build; its own tests play it at every table size.
                let bots: Vec<&str> = (G::HOUSE_BOTS.iter().copied())
                    .filter(|&id| id != "expert")
                    .collect();
                let ids: Vec<&str> = (0..players)
                    .map(|seat| bots[(seat + seed as usize) % bots.len()])
                    .collect();
                let played = support::play_house::<G>(&runtime, &G::Options::default(), seed, &ids);
                longest = longest.max(played.actions.len() as u32);
            }
        }
        assert!(longest < G::MAX_DECISIONS / 2, "{}: {longest}", G::ID);
        longest
    }
}

#[test]
fn no_game_needs_the_decision_cap() {
    for id in game_ids() {
        let longest = with_game(id, Sample).unwrap();
        println!("{id}: at most {longest} decisions");
    }
}
