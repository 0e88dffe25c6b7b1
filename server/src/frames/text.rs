//! An action in a few words, for a frame's `text`.

use serde_json::Value;

/// The action's words: the protocol's `kind` first, then the other fields' values (by field name,
/// as serde_json keeps objects sorted), arrays spread out, nulls left out
/// (`{"kind":"attack","card":"7H"}` reads `attack 7H`). Generic, so a new game's actions read
/// well with nothing written here.
pub fn action_text(action: &Value) -> String {
    let mut words = Vec::new();
    match action {
        Value::Object(map) => {
            if let Some(kind) = map.get("kind") {
                words_of(kind, &mut words);
            }
            map.iter()
                .filter(|(key, _)| *key != "kind")
                .for_each(|(_, value)| words_of(value, &mut words));
        }
        other => words_of(other, &mut words),
    }
    match words.is_empty() {
        true => action.to_string(),
        false => words.join(" "),
    }
}

fn words_of(value: &Value, words: &mut Vec<String>) {
    match value {
        Value::Null => {}
        Value::String(text) => words.push(text.clone()),
        Value::Array(items) => items.iter().for_each(|v| words_of(v, words)),
        Value::Object(map) => map.values().for_each(|v| words_of(v, words)),
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
            action_text(&json!({"card": "7H", "kind": "attack"})),
            "attack 7H"
        );
        assert_eq!(
            action_text(&json!({"kind": "lay_off", "cards": ["KH", "QH"], "meld": 0})),
            "lay_off KH QH 0"
        );
        assert_eq!(action_text(&json!({"kind": "pass", "suit": null})), "pass");
        assert_eq!(action_text(&json!("take")), "take");
        assert_eq!(action_text(&json!({})), "{}");
    }
}
