//! GET /api/games/{id}/schema: the JSON Schemas (draft 2020-12) of a game's options, view,
//! action and outcome and of the protocol's messages, generated from the Rust types.

use axum::Json;
use axum::http::StatusCode;
use cardarena_bots::http::message_schemas;
use cardarena_bots::{GameVisitor, HouseGame, game_ids, with_game};
use cardarena_engine::schema;
use serde_json::{Value, json};

use super::extract::Path;
use super::openapi::schemas::ErrorBody;
use super::{ApiError, Detail};

/// The most characters of an unknown game's id quoted back.
const QUOTED_ID_CHARS: usize = 32;

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

/// GET /api/games/{id}/schema; 404 `not_found`, naming the games there are, for an unknown game.
#[utoipa::path(get, path = "/games/{id}/schema", tag = "games",
    params(("id" = String, Path, description = "The game's id, e.g. `durak`")), responses(
    (status = 200, description = "JSON Schemas (draft 2020-12) of the game's `options`, `view`, `action` and `outcome`, and of the protocol's `messages` (`turn`, `match_start`, `match_end`, `ping`, `answer`), each standalone with its own `$defs`", body = Object),
    (status = 404, description = "`not_found`: no such game", body = ErrorBody),
))]
pub async fn show(Path(id): Path<String>) -> Result<Json<Value>, ApiError> {
    with_game(&id, Schemas).map(Json).ok_or_else(|| {
        let quoted: String = id.chars().take(QUOTED_ID_CHARS).collect();
        ApiError::new(
            StatusCode::NOT_FOUND,
            "not_found",
            Detail::new("api-unknown-game")
                .quoted("name", &quoted)
                .text("games", game_ids().join(", ")),
        )
    })
}
