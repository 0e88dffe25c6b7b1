//! The search's hot path: from positions along random games of every game, each legal action's
//! playout (the sampled deal cloned into one kept game, then played out with the game's rollout
//! moves read from one kept view), counted on this thread by `allocation_counter` once the kept
//! values have grown. In durak, durak-duel, prsi and bridge all that remains is where a rollout
//! ends: the game's `Outcome` (a list of seats; prsi builds its places first), at most two
//! allocations a rollout. Fifty-six's and most's greedy moves still build lists (most's search
//! for melds above all): their counts are held where they stand, so they can only go down.

use allocation_counter::measure;
use cardarena_engine::shuffle::{below, derive_seed, rng};

use super::search::{Scratch, rollout};
use crate::roster::{GameVisitor, HouseGame, game_ids, with_game};

/// The allocations of the second and third round of rollouts from positions of `G`, and the
/// rollouts of those rounds.
struct Count;

impl GameVisitor for Count {
    type Output = (u64, u64);
    fn visit<G: HouseGame>(self) -> (u64, u64) {
        let mut positions = Vec::new();
        let mut choices = rng(3);
        for index in 0..4 {
            let players = G::PLAYERS.default;
            let mut game = G::new(&Default::default(), players, derive_seed(5, index)).unwrap();
            let mut step = 0;
            while game.to_act().is_some() && step < 300 {
                if step % 7 == 0 {
                    positions.push(game.clone());
                }
                let legal = game.legal_actions();
                game.apply(&legal[below(&mut choices, legal.len())])
                    .unwrap();
                step += 1;
            }
        }
        let first = &positions[0];
        let seat = first.to_act().unwrap();
        let mut scratch = Scratch::<G>::new(&first.view(seat));
        let mut kept = first.clone();
        let (mut allocations, mut rollouts) = (0, 0);
        for round in 0..3 {
            for start in &positions {
                let Some(seat) = start.to_act() else { continue };
                let count = measure(|| {
                    kept.clone_from(start);
                    rollout(start, &mut kept, seat, &mut choices, &mut scratch);
                })
                .count_total;
                if round > 0 {
                    allocations += count;
                    rollouts += 1;
                }
            }
        }
        (allocations, rollouts)
    }
}

#[test]
fn a_rollout_allocates_at_most_its_outcome_where_greedy_allocates_nothing() {
    let counts: Vec<(&str, u64, u64)> = (game_ids().iter())
        .map(|&id| {
            let (allocations, rollouts) = with_game(id, Count).expect("a game of the roster");
            (id, allocations, rollouts)
        })
        .collect();
    println!("{counts:?}");
    for (id, allocations, rollouts) in counts {
        let per_rollout = match id {
            "fifty-six" => 250,
            "most" => 1_000,
            _ => 2,
        };
        assert!(
            allocations <= per_rollout * rollouts,
            "{id}: {allocations} allocations over {rollouts} rollouts"
        );
    }
}
