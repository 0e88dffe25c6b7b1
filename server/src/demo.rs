//! The demo tournament `serve --demo` runs, so that a newcomer sees every page filled: the house
//! bots of the contest's game in the contest's three stages, advancing by themselves.

use serde_json::json;

use crate::store::Store;
use crate::tournament::{self, TournamentError};

/// The demo tournament's name; one is made only when no tournament of that name exists.
pub const DEMO_NAME: &str = "Demo cup (house bots)";

/// Creates and starts the demo tournament unless it exists; returns its id.
pub async fn ensure_demo_tournament(store: &Store) -> Result<String, TournamentError> {
    if let Some(t) = store
        .tournaments()
        .await?
        .into_iter()
        .find(|t| t.name == DEMO_NAME)
    {
        return Ok(t.id);
    }
    let game = "bridge";
    let one_deal = json!({"single_deal": true});
    let spec = serde_json::from_value(json!({
        "name": DEMO_NAME,
        "game": game,
        "auto_advance": true,
        "stages": [
            {"kind": "house", "opponents": ["demo"], "matches": 6, "options": one_deal},
            {"kind": "gauntlet", "top": 2, "matches": 6, "options": one_deal},
            {"kind": "final", "top": 3, "deals": 4, "table": 3, "options": one_deal},
        ],
    }))
    .map_err(|e| TournamentError::Invalid {
        kind: "bad_tournament",
        detail: e.to_string(),
    })?;
    let id = tournament::create(store, spec).await?;
    for house in ["greedy", "demo", "random"] {
        let bot_id = store.ensure_house_bot(game, house).await?;
        tournament::enter(store, &id, &bot_id).await?;
    }
    tournament::advance(store, &id).await?;
    Ok(id)
}
