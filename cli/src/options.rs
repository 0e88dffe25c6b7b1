//! Game options from the command line: a JSON object, plus shorthand flags merged into it,
//! checked as the server checks submitted options.

use serde_json::{Map, Value};

use super::CliError;
use cardarena_contest::games::parse_options;
use cardarena_engine::Game;

/// Parses `json` (an object; empty means `{}`) with `deck_number` added when given, into `G`'s
/// options; the error names the field at fault and what it wants.
pub fn game_options<G: Game>(
    json: Option<&str>,
    deck_number: Option<u64>,
) -> Result<G::Options, CliError> {
    let mut object = match json {
        None => Map::new(),
        Some(text) => match serde_json::from_str::<Value>(text) {
            Ok(Value::Object(object)) => object,
            Ok(_) => return Err(CliError("--options must be a JSON object".into())),
            Err(e) => return Err(CliError(format!("--options is not valid JSON: {e}"))),
        },
    };
    if let Some(number) = deck_number {
        object.insert("deck_number".into(), number.into());
    }
    parse_options::<G>(&Value::Object(object))
        .map_err(|e| CliError(format!("bad options for {}: {e}", G::ID)))
}
