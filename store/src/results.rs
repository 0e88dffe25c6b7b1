//! One scale for match results: a seat's place turned into a value from 1 (first) to 0 (last),
//! tied seats sharing the places they occupy, so that tables of any size and any game compare.
//! It sits in the store, below everything that scores, so each reads results the same way.

/// One seat of a finished match, as standings read it.
#[derive(Debug, Clone, PartialEq)]
pub struct SeatResult {
    /// The bot.
    pub bot_id: String,
    /// Its place (1 for the best; tied seats share one).
    pub rank: u32,
    /// The game's score.
    pub score: f64,
    /// Whether it faulted.
    pub faulted: bool,
}

/// The place value of every seat of a match, from the match's places by seat
/// ([`cardarena_engine::place_value`]: 1 first, 0 last, tied seats sharing their places).
pub fn place_values(ranks: &[u32]) -> Vec<f64> {
    ranks
        .iter()
        .map(|&rank| cardarena_engine::place_value(ranks.iter().copied(), rank))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::place_values;

    fn close(got: &[f64], want: &[f64]) -> bool {
        got.len() == want.len() && got.iter().zip(want).all(|(a, b)| (a - b).abs() < 1e-12)
    }

    #[test]
    fn the_survivors_of_three_player_durak_share_first_and_second_place() {
        assert!(close(&place_values(&[1, 2, 1]), &[0.75, 0.0, 0.75]));
    }

    #[test]
    fn three_tied_for_first_of_four_share_the_first_three_places() {
        // Places 1, 2, 3 shared: p = 2, value (4 − 2) / 3.
        let v = place_values(&[1, 1, 2, 1]);
        assert!(close(&v, &[2.0 / 3.0, 2.0 / 3.0, 0.0, 2.0 / 3.0]), "{v:?}");
    }

    #[test]
    fn a_table_that_ties_all_through_scores_one_half_each() {
        assert!(close(&place_values(&[1, 1]), &[0.5, 0.5]));
        assert!(close(&place_values(&[1; 6]), &[0.5; 6]));
    }

    #[test]
    fn a_sole_winner_scores_one_and_a_sole_loser_zero() {
        assert!(close(&place_values(&[2, 1]), &[0.0, 1.0]));
        let v = place_values(&[3, 1, 2, 4]);
        assert!(close(&v, &[1.0 / 3.0, 1.0, 2.0 / 3.0, 0.0]), "{v:?}");
        // Ties in the middle leave the ends whole.
        assert!(close(&place_values(&[1, 2, 2, 3]), &[1.0, 0.5, 0.5, 0.0]));
        assert!(close(&place_values(&[1]), &[1.0]));
    }

    mod property {
        use cardarena_engine::Game;
        use cardarena_engine::catalog::{GAME_IDS, RulesVisitor, with_rules};
        use proptest::prelude::*;

        use super::super::place_values;

        /// The most decisions a random match is played for (bridge's house-bot limit).
        const MAX_DECISIONS: u32 = 200_000;

        /// Plays a match of the game at every table size it allows, each seat choosing a legal
        /// action at random (from `seed`), and returns each finished match's places by seat.
        struct RandomMatches {
            seed: u64,
        }

        impl RulesVisitor for RandomMatches {
            type Output = Vec<Vec<u32>>;
            fn visit<G: Game>(self) -> Vec<Vec<u32>> {
                let mut state = self.seed | 1;
                let mut next = move || {
                    // xorshift64
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    state
                };
                let mut out = Vec::new();
                for players in G::PLAYERS.counts() {
                    let mut game = G::new(&G::Options::default(), players, next() >> 11)
                        .expect("a table size the game allows");
                    let mut actions = Vec::new();
                    for _ in 0..MAX_DECISIONS {
                        if game.to_act().is_none() {
                            break;
                        }
                        game.legal_actions_into(&mut actions);
                        let pick = &actions[(next() % actions.len() as u64) as usize];
                        game.apply(&pick.clone()).expect("a legal action");
                    }
                    if let Some(outcome) = game.outcome() {
                        out.push(outcome.seats.iter().map(|s| s.rank).collect());
                    }
                }
                out
            }
        }

        proptest! {
            #![proptest_config(ProptestConfig::with_cases(16))]

            #[test]
            fn every_finished_match_shares_out_half_its_seats_in_the_order_of_its_places(
                seed in any::<u64>(),
            ) {
                for id in GAME_IDS {
                    let matches = with_rules(id, RandomMatches { seed }).unwrap();
                    prop_assert!(!matches.is_empty(), "{id}: no match finished");
                    for ranks in matches {
                        let n = ranks.len();
                        let values = place_values(&ranks);
                        let sum: f64 = values.iter().sum();
                        let half = n as f64 / 2.0;
                        prop_assert!((sum - half).abs() < 1e-9, "{id} {ranks:?} {values:?}");
                        let best = *ranks.iter().min().unwrap();
                        let worst = *ranks.iter().max().unwrap();
                        let only = |r: u32| ranks.iter().filter(|&&x| x == r).count() == 1;
                        for (rank, value) in ranks.iter().zip(&values) {
                            prop_assert!((0.0..=1.0).contains(value));
                            if *rank == best && only(best) {
                                prop_assert_eq!(*value, 1.0, "{} {:?}: a sole winner", id, &ranks);
                            }
                            if *rank == worst && only(worst) {
                                prop_assert_eq!(*value, 0.0, "{} {:?}: a sole loser", id, &ranks);
                            }
                        }
                        for (i, j) in (0..n).flat_map(|i| (0..n).map(move |j| (i, j))) {
                            match ranks[i].cmp(&ranks[j]) {
                                std::cmp::Ordering::Less => prop_assert!(values[i] > values[j]),
                                std::cmp::Ordering::Equal => prop_assert_eq!(values[i], values[j]),
                                std::cmp::Ordering::Greater => prop_assert!(values[i] < values[j]),
                            }
                        }
                    }
                }
            }
        }
    }
}
