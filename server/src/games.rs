//! What the server knows of each game, game-agnostically: its players, default options and house
//! bots, read through the roster.

use cardarena_bots::{GameVisitor, HouseGame, game_ids, with_game};
use cardarena_engine::PlayerCount;
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
    /// The version of its rules this engine plays; stored matches are stamped with it.
    pub rules_version: u32,
}

struct Info;

impl GameVisitor for Info {
    type Output = GameInfo;
    fn visit<G: HouseGame>(self) -> GameInfo {
        GameInfo {
            id: G::ID,
            players: G::PLAYERS,
            options: serde_json::to_value(G::Options::default()).unwrap_or(Value::Null),
            house_bots: G::HOUSE_BOTS,
            partnerships: G::PARTNERSHIPS,
            rules_version: G::RULES_VERSION,
        }
    }
}

/// The game with this id.
pub fn game(id: &str) -> Option<GameInfo> {
    with_game(id, Info)
}

/// Every game, in the roster's order.
pub fn games() -> Vec<GameInfo> {
    game_ids().iter().filter_map(|id| game(id)).collect()
}

/// Checks `options` against the game's options type; returns them with every default filled in.
pub fn check_options(id: &str, options: &Value) -> Option<Result<Value, String>> {
    struct Check<'a>(&'a Value);
    impl GameVisitor for Check<'_> {
        type Output = Result<Value, String>;
        fn visit<G: HouseGame>(self) -> Self::Output {
            let parsed: G::Options =
                serde_json::from_value(self.0.clone()).map_err(|e| e.to_string())?;
            serde_json::to_value(parsed).map_err(|e| e.to_string())
        }
    }
    with_game(id, Check(options))
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

    #[test]
    fn options_are_checked_and_completed() {
        let filled = check_options("durak", &serde_json::json!({}))
            .unwrap()
            .unwrap();
        assert_eq!(filled, game("durak").unwrap().options);
        assert!(
            check_options("durak", &serde_json::json!({"jokers": 2}))
                .unwrap()
                .is_err()
        );
        assert!(check_options("chess", &serde_json::json!({})).is_none());
    }
}
