//! A match's options as stored: only what differs from the game's defaults, filled in again on
//! read.

use serde_json::Value;

/// The options as stored: only the fields that differ from the game's defaults. Most matches
/// play the defaults, and writing them out in every row cost about fifty bytes a match.
pub(super) fn options_to_store(game: &str, options: &Value) -> String {
    let (Some(info), Value::Object(given)) = (cardarena_engine::catalog::facts(game), options)
    else {
        return options.to_string();
    };
    let differing: serde_json::Map<String, Value> = given
        .iter()
        .filter(|(key, value)| info.options.get(key.as_str()) != Some(value))
        .map(|(key, value)| (key.clone(), value.clone()))
        .collect();
    Value::Object(differing).to_string()
}

/// Stored options with the game's defaults filled in again.
pub(super) fn options_read(game: &str, stored: Value) -> Value {
    match cardarena_engine::catalog::check_options(game, &stored) {
        Some(Ok(whole)) => whole,
        _ => stored,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn defaults_are_left_out_and_filled_in_again() {
        let whole = cardarena_engine::catalog::facts("durak").unwrap().options;
        assert_eq!(options_to_store("durak", &whole), "{}");
        assert_eq!(options_read("durak", json!({})), whole);
        let mut dealt = whole.clone();
        dealt["deck_number"] = json!(60493);
        assert_eq!(
            options_to_store("durak", &dealt),
            r#"{"deck_number":60493}"#
        );
        assert_eq!(options_read("durak", json!({"deck_number": 60493})), dealt);
    }
}
