//! A stored match's text log: the game's own transcript (its seed document's format).

use cardarena_bots::{GameVisitor, HouseGame, with_game};

use super::Stored;
use crate::replay::{ReplayError, deal};

/// The game's transcript of `stored` with the seats' `names`; `None` when the game writes none.
pub fn transcript(stored: &Stored<'_>, names: &[String]) -> Result<Option<String>, ReplayError> {
    with_game(stored.game, Transcript(stored, names))
        .ok_or_else(|| ReplayError::UnknownGame(stored.game.to_string()))?
}

struct Transcript<'a, 'b>(&'a Stored<'b>, &'a [String]);

impl GameVisitor for Transcript<'_, '_> {
    type Output = Result<Option<String>, ReplayError>;

    fn visit<G: HouseGame>(self) -> Self::Output {
        let Transcript(stored, names) = self;
        let initial: G = deal(stored.options, stored.players, stored.seed)?;
        let actions = stored
            .actions
            .iter()
            .enumerate()
            .map(|(index, saved)| {
                serde_json::from_value::<G::Action>(saved.action.clone()).map_err(|e| {
                    ReplayError::Action {
                        index,
                        detail: e.to_string(),
                    }
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(G::transcript(&initial, &actions, names))
    }
}
