//! What the server knows of each game, game-agnostically: its players, default options and house
//! bots, read through the roster. Options are checked by the engine's catalog
//! ([`cardarena_engine::catalog`], re-exported here), which the store reads as well.

use cardarena_bots::{GameVisitor, HouseGame, game_ids, names_house_bot, with_game};
use cardarena_engine::PlayerCount;
use cardarena_engine::catalog::facts;
pub use cardarena_engine::catalog::{check_options, parse_options};
use serde_json::Value;

/// One game as the server presents it.
#[derive(Debug, Clone, serde::Serialize)]
pub struct GameInfo {
    /// The game's id.
    pub id: &'static str,
    /// How many players it seats.
    pub players: PlayerCount,
    /// Its options with their default values.
    pub options: Value,
    /// The ids of its house bots.
    pub house_bots: &'static [&'static str],
    /// Whether its players form two partnerships, even seats against odd seats.
    pub partnerships: bool,
    /// Whether its rules treat the suits alike, so duplicate deals are relabelled.
    #[serde(skip)]
    pub relabels: bool,
    /// The version of its rules this engine plays; stored matches are stamped with it.
    pub rules_version: u32,
}

/// A game's house bots, from the roster.
struct HouseBots;

impl GameVisitor for HouseBots {
    type Output = &'static [&'static str];
    fn visit<G: HouseGame>(self) -> Self::Output {
        G::HOUSE_BOTS
    }
}

impl GameInfo {
    /// Whether `id` names one of the game's house bots: a listed id, or `expert:N` (the expert
    /// with a budget of N ms).
    pub fn has_house_bot(&self, id: &str) -> bool {
        names_house_bot(self.house_bots, id)
    }

    /// The game's house bots in words, for messages: the ids, and how to name the expert's
    /// budget.
    pub fn house_bots_in_words(&self) -> String {
        let ids = self.house_bots.join(", ");
        if self.house_bots.contains(&cardarena_bots::expert::ID) {
            let budgets = cardarena_bots::expert::budgets_in_words();
            format!("{ids} (or expert:N, N ms a decision: {budgets})")
        } else {
            ids
        }
    }
}

/// The game with this id: the engine's facts of it, and its house bots.
pub fn game(id: &str) -> Option<GameInfo> {
    let facts = facts(id)?;
    Some(GameInfo {
        id: facts.id,
        players: facts.players,
        options: facts.options,
        house_bots: with_game(id, HouseBots)?,
        partnerships: facts.partnerships,
        relabels: facts.relabels,
        rules_version: facts.rules_version,
    })
}

/// Every game, in the roster's order.
pub fn games() -> Vec<GameInfo> {
    game_ids().iter().filter_map(|id| game(id)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_is_described_with_its_defaults() {
        let all = games();
        assert_eq!(all.len(), game_ids().len());
        let durak = game("durak").unwrap();
        assert_eq!((durak.players.min, durak.players.max), (2, 4));
        assert!(durak.house_bots.contains(&"random"));
        assert!(game("chess").is_none());
    }
}
