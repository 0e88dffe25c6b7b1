//! An action in words, for the match page and the frames API: the generic reading every game
//! starts from ([`Game::describe`](crate::Game::describe)'s default), and the words for what
//! follows an action by itself in any game ([`with_aftermath`]). Words are [`Phrase`]s
//! ([`crate::phrase`]).

use serde_json::Value;

use crate::game::Game;
use crate::phrase::{Arg, Phrase};
use crate::table::Eye;

/// `own`, the phrases of `action` (of the seat to act in `before`), followed by what the engine
/// then did by itself that every game shares, found by playing the action on a copy: a new deal
/// dealt, and at the end the result ("the game is over: seat 0 won; …"). `extra` adds the
/// game's own (read against the game before and after). Names no card: a new deal's cards are
/// hidden.
pub fn with_aftermath<G: Game>(
    before: &G,
    action: &G::Action,
    own: Vec<Phrase>,
    extra: impl FnOnce(&G, &G) -> Vec<Phrase>,
) -> Vec<Phrase> {
    let mut after = before.clone();
    if after.apply(action).is_err() {
        return own;
    }
    let mut words = own;
    words.extend(extra(before, &after));
    let (was, now) = (before.table(Eye::Public), after.table(Eye::Public));
    match now.result {
        Some(result) => words.extend(game_over(result.text)),
        None if now.deal != was.deal => {
            words.push(Phrase::new("deal-dealt").number("deal", now.deal));
        }
        None => {}
    }
    words
}

/// "the game is over:" and the result's phrases.
pub fn game_over(result: Vec<Phrase>) -> Vec<Phrase> {
    let mut words = vec![Phrase::new("game-over")];
    words.extend(result);
    words
}

/// The default description of `action`, a decision of `actor`: its JSON in a few words
/// ([`json_words`]).
pub fn json_phrase(actor: usize, action: &Value) -> Phrase {
    Phrase::new("move")
        .seat("actor", actor)
        .arg("action", Arg::Text(json_words(action)))
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
    use crate::phrase::english::{Names, words};
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

    #[test]
    fn the_default_reads_the_json_after_the_actor() {
        let phrase = json_phrase(1, &json!({"card": "7H", "kind": "attack"}));
        assert_eq!(words(&[phrase], &Names::numbered()), "Seat 1: attack 7H");
    }
}
