//! An action in words, for the match page and the frames API: the generic reading every game
//! starts from ([`Game::describe`](crate::Game::describe)'s default), and the words for what
//! follows an action by itself in any game ([`with_aftermath`]).

use serde_json::Value;

use crate::game::Game;
use crate::table::Eye;

/// `own`, the words of `action` (of the seat to act in `before`), followed by what the engine
/// then did by itself that every game shares, found by playing the action on a copy: a new deal
/// dealt, and at the end the result ("the game is over: seat 0 won. …"). `extra` adds the game's
/// own (read against the game before and after). Names no card: a new deal's cards are hidden.
pub fn with_aftermath<G: Game>(
    before: &G,
    action: &G::Action,
    own: String,
    extra: impl FnOnce(&G, &G) -> Vec<String>,
) -> String {
    let mut after = before.clone();
    if after.apply(action).is_err() {
        return own;
    }
    let mut words = vec![own];
    words.extend(extra(before, &after));
    let (was, now) = (before.table(Eye::Public), after.table(Eye::Public));
    match now.result {
        Some(result) => {
            let mut text = result.text;
            text[..1].make_ascii_lowercase();
            words.push(format!("the game is over: {text}"));
        }
        None if now.deal != was.deal => {
            words.push(format!("the deal is over; deal {} is dealt", now.deal));
        }
        None => {}
    }
    words.join("; ")
}

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
