//! Uniform random play inside the engine: what `cardarena bench`, the criterion bench and the
//! property tests run.

use rand_chacha::ChaCha8Rng;

use crate::game::{Game, RuleError};
use crate::shuffle::below;

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
