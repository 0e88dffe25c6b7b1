//! What the server knows of each game, game-agnostically: its players, default options and house
//! bots, read through the roster.

use cardarena_bots::{GameVisitor, HouseGame, game_ids, names_house_bot, with_game};
use cardarena_engine::{Game, PlayerCount, SetupError};
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
            relabels: G::RELABELS,
            rules_version: G::RULES_VERSION,
        }
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

/// The game with this id.
pub fn game(id: &str) -> Option<GameInfo> {
    with_game(id, Info)
}

/// Every game, in the roster's order.
pub fn games() -> Vec<GameInfo> {
    game_ids().iter().filter_map(|id| game(id)).collect()
}

/// Checks `options` completely against the game's options, as they arrive (practice,
/// tournaments, the command line): `None` for an unknown game, else the options with every
/// default filled in, or an error naming the field at fault and what it wants.
pub fn check_options(id: &str, options: &Value) -> Option<Result<Value, String>> {
    struct Check<'a>(&'a Value);
    impl GameVisitor for Check<'_> {
        type Output = Result<Value, String>;
        fn visit<G: HouseGame>(self) -> Self::Output {
            let parsed = parse_options::<G>(self.0)?;
            serde_json::to_value(parsed).map_err(|e| e.to_string())
        }
    }
    with_game(id, Check(options))
}

/// Reads `value` as `G`'s options: it must be a JSON object whose fields `G` knows, each of its
/// type, and a deal with them must succeed at every player count the game allows (so nothing a
/// match would refuse later is accepted now). The error names the field, e.g.
/// `target: invalid type: string "x", expected i32`.
pub fn parse_options<G: Game>(value: &Value) -> Result<G::Options, String> {
    if !value.is_object() {
        return Err(format!(
            "options must be a JSON object, not {}",
            json_type(value)
        ));
    }
    let options: G::Options = serde_path_to_error::deserialize(value).map_err(|error| {
        let mut path = error.path().to_string();
        let message = error.into_inner().to_string();
        // An unknown field's path ends with the field, which the message names already.
        if message.starts_with("unknown field") {
            path = path
                .rsplit_once('.')
                .map_or(".", |(parent, _)| parent)
                .to_string();
        }
        match path.as_str() {
            "." => message,
            _ => format!("{path}: {message}"),
        }
    })?;
    for players in G::PLAYERS.counts() {
        G::new(&options, players, 0).map_err(|error| match error {
            SetupError::Options { detail, .. } => detail,
            other => other.to_string(),
        })?;
    }
    Ok(options)
}

/// The JSON type of `value`, in words.
fn json_type(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
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

    #[test]
    fn options_errors_name_the_field_and_what_it_wants() {
        let error =
            |game: &str, options: Value| check_options(game, &options).unwrap().unwrap_err();
        assert_eq!(
            error("durak", serde_json::json!([7])),
            "options must be a JSON object, not an array"
        );
        let riffles = error(
            "durak",
            serde_json::json!({"shuffle": {"kind": "riffle", "riffles": 1_000_000_000}}),
        );
        assert!(riffles.contains("shuffle.riffles"), "{riffles}");
        let target = error("most", serde_json::json!({"target": "x"}));
        assert!(
            target.starts_with("target: invalid type: string"),
            "{target}"
        );
        let unknown = error("durak", serde_json::json!({"jokers": 2}));
        assert!(unknown.contains("jokers"), "{unknown}");
    }
}
