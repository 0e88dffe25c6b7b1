//! Uniform random play inside the engine: what `cardarena bench`, the criterion bench and the
//! property tests run.

use std::ops::Range;

use rand_chacha::ChaCha8Rng;

use crate::game::{Game, RuleError, SetupError};
use crate::shuffle::{below, derive_seed};

/// Plays `game` to its end, each decision uniform among the legal actions drawn from `rng`;
/// `legal` is a reusable buffer. Returns the number of decisions taken.
pub fn random_playout<G: Game>(
    game: &mut G,
    rng: &mut ChaCha8Rng,
    legal: &mut Vec<G::Action>,
) -> Result<u64, RuleError> {
    let mut decisions = 0;
    while game.to_act().is_some() {
        game.legal_actions_into(legal);
        if legal.is_empty() {
            return Err(RuleError::Illegal(
                "a seat is to act but has no legal action".into(),
            ));
        }
        let action = &legal[below(rng, legal.len())];
        game.apply(action)?;
        decisions += 1;
    }
    Ok(decisions)
}

/// Why a series of random games stopped.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SeriesError {
    /// A game could not be dealt.
    #[error("game {index}: {source}")]
    Setup {
        /// The game's index in the series.
        index: u64,
        /// Why.
        source: SetupError,
    },
    /// A game's random play broke a rule (an engine bug).
    #[error("game {index}: {source}")]
    Rule {
        /// The game's index in the series.
        index: u64,
        /// Why.
        source: RuleError,
    },
}

/// Deals the games `games` of the series keyed by `seed` (game `i` from
/// `derive_seed(seed, i)`), each new, and plays each to its end with [`random_playout`], the
/// choices drawn from `chooser`. Returns the decisions taken.
///
/// What `cardarena bench --game` times and what the criterion bench (`engine/benches/`) measures,
/// so that the two agree: every game a deal of its own, as in a contest.
pub fn random_games<G: Game>(
    options: &G::Options,
    players: usize,
    seed: u64,
    games: Range<u64>,
    chooser: &mut ChaCha8Rng,
    legal: &mut Vec<G::Action>,
) -> Result<u64, SeriesError> {
    let mut decisions = 0;
    for index in games {
        let mut game = G::new(options, players, derive_seed(seed, index))
            .map_err(|source| SeriesError::Setup { index, source })?;
        decisions += random_playout(&mut game, chooser, legal)
            .map_err(|source| SeriesError::Rule { index, source })?;
    }
    Ok(decisions)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::durak::Durak;
    use crate::shuffle::rng;

    #[test]
    fn a_series_deals_each_game_from_its_index_and_counts_every_decision() {
        let mut legal = Vec::new();
        let mut chooser = rng(4);
        let mut alone = 0;
        for index in 3..7 {
            let mut game = Durak::new(&Default::default(), 3, derive_seed(9, index)).unwrap();
            alone += random_playout(&mut game, &mut chooser, &mut legal).unwrap();
        }
        let mut chooser = rng(4);
        let series =
            random_games::<Durak>(&Default::default(), 3, 9, 3..7, &mut chooser, &mut legal);
        assert_eq!(series, Ok(alone));
        assert!(alone > 4);
    }

    #[test]
    fn a_series_names_the_game_that_could_not_be_dealt() {
        let error = random_games::<Durak>(
            &Default::default(),
            9,
            1,
            5..6,
            &mut rng(1),
            &mut Vec::new(),
        );
        let Err(SeriesError::Setup { index: 5, .. }) = error else {
            panic!("{error:?}");
        };
        assert!(error.unwrap_err().to_string().starts_with("game 5: "));
    }
}
