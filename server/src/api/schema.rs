//! GET /api/games/{id}/schema: the JSON Schemas (draft 2020-12) of a game's options, view,
//! action and outcome and of the protocol's messages, generated from the Rust types.

use axum::Json;
use axum::extract::Path;
use cardarena_bots::http::protocol::message_schemas;
use cardarena_bots::{GameVisitor, HouseGame, with_game};
use cardarena_engine::schema;
use serde_json::{Value, json};

use super::ApiError;

/// The schemas of one game, each standalone with its own `$defs`.
struct Schemas;

impl GameVisitor for Schemas {
    type Output = Value;
    fn visit<G: HouseGame>(self) -> Value {
        json!({
            "game": G::ID,
            "options": schema::options::<G>(),
            "view": schema::view::<G>(),
            "action": schema::action::<G>(),
            "outcome": schema::outcome(),
            "messages": message_schemas::<G>(),
        })
    }
}

/// GET /api/games/{id}/schema; 404 `not_found` for an unknown game.
pub async fn show(Path(id): Path<String>) -> Result<Json<Value>, ApiError> {
    with_game(&id, Schemas)
        .map(Json)
        .ok_or_else(|| ApiError::not_found("game", &id))
}
