//! JSON Schemas of the protocol's messages ([`message_schemas`]), served with each game's own at
//! `GET /api/games/{id}/schema`.

use cardarena_engine::{Game, schema};
use schemars::JsonSchema;
use serde_json::{Value, json};

use super::protocol::{MatchEnd, MatchStart, Ping, TurnRequest};

/// The JSON Schemas (draft 2020-12) of every message of a match of `G`, each standalone:
/// `turn`, `match_start`, `match_end` and `ping` as the server sends them, and `answer`, a
/// turn's answer as a bot should send it. The turn's `view` and `legal_actions` refer to `G`'s
/// view and action schemas in its `$defs`.
pub fn message_schemas<G: Game>() -> Value {
    // A match's messages always name its game.
    let of_game = |mut schema: Value| {
        schema["properties"]["game"]["const"] = json!(G::ID);
        schema
    };
    json!({
        "turn": dialled(of_game(schema::serialized::<TurnRequest<'static, G::View, G::Action>>())),
        "match_start": dialled(of_game(schema::serialized::<MatchStart<'static, G::Options>>())),
        "match_end": dialled(of_game(schema::serialized::<MatchEnd<'static>>())),
        "ping": dialled(schema::serialized::<Ping<'static>>()),
        "answer": answer_schema::<G::Action>(),
    })
}

/// A message's schema with the optional `request_id` a dial-out bot's messages carry
/// ([`crate::dial`]).
fn dialled(mut schema: Value) -> Value {
    schema["properties"]["request_id"] = json!({
        "description": "The request's id, in a message to a dial-out bot: echo it in the answer.",
        "type": "string",
    });
    schema
}

/// The schema of a turn's answer: exactly one of `action` (one of the game's actions) and
/// `action_index`, an optional `say`, an optional `fallback`, and the optional `request_id` of an
/// answer to a dial-out request. Other fields are ignored by the server, and left out here.
fn answer_schema<A: JsonSchema>() -> Value {
    let mut generator = schema::for_deserialize();
    let action = generator.subschema_for::<A>();
    let defs = generator.take_definitions(true);
    json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "answer",
        "description": "A bot's answer to a turn: one of the legal actions, given as itself or by its index in legal_actions.",
        "type": "object",
        "properties": {
            "action": action,
            "action_index": {
                "description": "The index of the chosen action in legal_actions, from 0.",
                "type": "integer",
                "minimum": 0,
            },
            "say": {
                "description": "A line shown in the replay beside the move (cut to 200 characters; a seat keeps at most 2,000 characters of says in a match, then they are dropped).",
                "type": "string",
            },
            "fallback": {
                "description": "true when the bot's kit chose this action at random because the bot's own strategy failed (raised, or returned no valid choice): the server counts these decisions and shows them beside the bot's faults, but they are not faults. Any other value is ignored.",
                "type": "boolean",
            },
            "request_id": {
                "description": "The request's id, echoed in an answer to a dial-out request.",
                "type": "string",
            },
        },
        "oneOf": [{"required": ["action"]}, {"required": ["action_index"]}],
        "additionalProperties": false,
        "$defs": defs,
    })
}
