//! `Game::view_into` in every game: over random deals and random play, a view written over an
//! older one (of another seat, from another point of the game) equals the view built afresh,
//! and writing the same position's view again allocates nothing (its lists already have room).

use allocation_counter::measure;
use cardarena_engine::Game;
use cardarena_engine::games::{
    bridge::Bridge, durak::Durak, durak_duel::DurakDuel, fifty_six::FiftySix, most::Most,
    prsi::Prsi,
};
use cardarena_engine::shuffle::{below, rng};
use proptest::prelude::*;

/// Plays `G` at random from `seed` for up to `decisions` decisions at every table size,
/// checking every seat's rewritten view at each; returns the allocations seen rewriting a
/// view the buffer already held.
fn check<G: Game + PartialEq>(seed: u64, decisions: usize) -> u64
where
    G::View: PartialEq,
{
    let mut again = 0;
    for players in G::PLAYERS.counts() {
        let mut game = G::new(&Default::default(), players, seed).unwrap();
        let mut buffer = game.view(players - 1);
        let mut choices = rng(seed);
        for _ in 0..decisions {
            if game.to_act().is_none() {
                break;
            }
            for seat in 0..players {
                game.view_into(seat, &mut buffer);
                assert_eq!(buffer, game.view(seat), "{} seat {seat}", G::ID);
            }
            again += measure(|| game.view_into(players - 1, &mut buffer)).count_total;
            let legal = game.legal_actions();
            game.apply(&legal[below(&mut choices, legal.len())])
                .unwrap();
        }
    }
    again
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(8))]

    #[test]
    fn a_view_written_over_another_is_the_view_and_rewriting_it_allocates_nothing(seed: u64) {
        prop_assert_eq!(check::<Durak>(seed, 300), 0);
        prop_assert_eq!(check::<DurakDuel>(seed, 300), 0);
        prop_assert_eq!(check::<Prsi>(seed, 300), 0);
        prop_assert_eq!(check::<Bridge>(seed, 300), 0);
        prop_assert_eq!(check::<FiftySix>(seed, 300), 0);
        // Most's melds on the table each hold a list of slots; rewriting them reuses that
        // memory only once a meld's clone keeps it (TableMeld's `clone_from`).
        check::<Most>(seed, 300);
    }
}
