//! The catalog of games: each game's facts (players, default options, partnerships, rules
//! version) and its options checked as they arrive, for a game named at run time. What a game
//! is lives in its folder under [`crate::games`]; this is the one list of them, so that code
//! that stores or checks matches of any game (the store, the server's API) needs nothing but
//! the engine. The house bots' roster (`cardarena_bots::roster`) lists the same games, with their
//! bots, in the same order.

use serde_json::Value;

use crate::games::bridge::Bridge;
use crate::games::durak::Durak;
use crate::games::durak_duel::DurakDuel;
use crate::games::fifty_six::FiftySix;
use crate::games::most::Most;
use crate::games::prsi::Prsi;
use crate::{Game, PlayerCount, SetupError};

/// Generic code to run on a game chosen by id at run time (see [`with_rules`]).
pub trait RulesVisitor {
    /// What the code returns.
    type Output;
    /// Runs the code for game `G`.
    fn visit<G: Game>(self) -> Self::Output;
}

/// Runs `visitor` on the game with this id; `None` when no game has it.
pub fn with_rules<V: RulesVisitor>(id: &str, visitor: V) -> Option<V::Output> {
    match id {
        Durak::ID => Some(visitor.visit::<Durak>()),
        Bridge::ID => Some(visitor.visit::<Bridge>()),
        DurakDuel::ID => Some(visitor.visit::<DurakDuel>()),
        Prsi::ID => Some(visitor.visit::<Prsi>()),
        Most::ID => Some(visitor.visit::<Most>()),
        FiftySix::ID => Some(visitor.visit::<FiftySix>()),
        _ => None,
    }
}

/// The ids of every game, in the order they were added.
pub const GAME_IDS: &[&str] = &[
    Durak::ID,
    Bridge::ID,
    DurakDuel::ID,
    Prsi::ID,
    Most::ID,
    FiftySix::ID,
];

/// What is known of a game without dealing it.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Facts {
    /// The game's id.
    pub id: &'static str,
    /// How many players it seats.
    pub players: PlayerCount,
    /// Its options with their default values.
    pub options: Value,
    /// Whether its players form two partnerships, even seats against odd seats.
    pub partnerships: bool,
    /// Whether its rules treat the suits alike, so duplicate deals are relabelled.
    pub relabels: bool,
    /// The version of its rules this engine plays; stored matches are stamped with it.
    pub rules_version: u32,
}

/// The facts of the game with this id.
pub fn facts(id: &str) -> Option<Facts> {
    struct Read;
    impl RulesVisitor for Read {
        type Output = Facts;
        fn visit<G: Game>(self) -> Facts {
            Facts {
                id: G::ID,
                players: G::PLAYERS,
                options: serde_json::to_value(G::Options::default()).unwrap_or(Value::Null),
                partnerships: G::PARTNERSHIPS,
                relabels: G::RELABELS,
                rules_version: G::RULES_VERSION,
            }
        }
    }
    with_rules(id, Read)
}

/// Checks `options` completely against the game's options, as they arrive (practice,
/// tournaments, the command line): `None` for an unknown game, else the options with every
/// default filled in, or an error naming the field at fault and what it wants.
pub fn check_options(id: &str, options: &Value) -> Option<Result<Value, String>> {
    struct Check<'a>(&'a Value);
    impl RulesVisitor for Check<'_> {
        type Output = Result<Value, String>;
        fn visit<G: Game>(self) -> Self::Output {
            let parsed = parse_options::<G>(self.0)?;
            serde_json::to_value(parsed).map_err(|e| e.to_string())
        }
    }
    with_rules(id, Check(options))
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
    use serde_json::json;

    #[test]
    fn every_listed_game_has_its_facts_and_no_other_id_does() {
        for id in GAME_IDS {
            assert_eq!(facts(id).map(|f| f.id), Some(*id));
        }
        let durak = facts("durak").unwrap();
        assert_eq!((durak.players.min, durak.players.max), (2, 4));
        assert!(facts("fifty-six").unwrap().partnerships);
        assert!(!durak.partnerships);
        assert!(facts("chess").is_none());
    }

    #[test]
    fn options_are_checked_and_completed() {
        let filled = check_options("durak", &json!({})).unwrap().unwrap();
        assert_eq!(filled, facts("durak").unwrap().options);
        assert!(
            check_options("durak", &json!({"jokers": 2}))
                .unwrap()
                .is_err()
        );
        assert!(check_options("chess", &json!({})).is_none());
    }

    #[test]
    fn options_errors_name_the_field_and_what_it_wants() {
        let error =
            |game: &str, options: Value| check_options(game, &options).unwrap().unwrap_err();
        assert_eq!(
            error("durak", json!([7])),
            "options must be a JSON object, not an array"
        );
        let riffles = error(
            "durak",
            json!({"shuffle": {"kind": "riffle", "riffles": 1_000_000_000}}),
        );
        assert!(riffles.contains("shuffle.riffles"), "{riffles}");
        let target = error("most", json!({"target": "x"}));
        assert!(
            target.starts_with("target: invalid type: string"),
            "{target}"
        );
        let unknown = error("durak", json!({"jokers": 2}));
        assert!(unknown.contains("jokers"), "{unknown}");
    }
}
