//! An action in words, for the match page and the frames API: the generic reading every game
//! starts from ([`Game::describe`](crate::Game::describe)'s default).

use serde_json::Value;

/// An action's JSON in a few words: the protocol's `kind` first, then the other fields' values
/// (in the object's order: alphabetical, as serde_json keeps objects sorted), arrays spread out,
/// nulls left out: `{"kind":"attack","card":"7H"}` reads `attack 7H`.
pub fn json_words(action: &Value) -> String {
    let mut words = Vec::new();
    match action {
        Value::Object(map) => {
            if let Some(kind) = map.get("kind") {
                push_words(kind, &mut words);
            }
            map.iter()
                .filter(|(key, _)| *key != "kind")
                .for_each(|(_, value)| push_words(value, &mut words));
        }
        other => push_words(other, &mut words),
    }
    match words.is_empty() {
        true => action.to_string(),
        false => words.join(" "),
    }
}

fn push_words(value: &Value, words: &mut Vec<String>) {
    match value {
        Value::Null => {}
        Value::String(text) => words.push(text.clone()),
        Value::Array(items) => items.iter().for_each(|v| push_words(v, words)),
        Value::Object(map) => map.values().for_each(|v| push_words(v, words)),
        other => words.push(other.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn kind_first_then_the_values() {
        assert_eq!(
            json_words(&json!({"card": "7H", "kind": "attack"})),
            "attack 7H"
        );
        assert_eq!(
            json_words(&json!({"kind": "lay_off", "cards": ["KH", "QH"], "meld": 0})),
            "lay_off KH QH 0"
        );
        assert_eq!(json_words(&json!({"kind": "pass", "suit": null})), "pass");
        assert_eq!(json_words(&json!("take")), "take");
        assert_eq!(json_words(&json!({})), "{}");
    }
}
