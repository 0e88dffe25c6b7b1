//! Matches, leaderboards and the list of games.

use axum::Json;
use axum::extract::State;

use super::extract::{Path, Query};
use serde::Deserialize;
use serde_json::{Value, json};

use super::frames::{log_json, sealed_log};
use super::openapi::matches::Match;
use super::openapi::schemas::{ErrorBody, Game, Leaderboard};
use super::{ApiError, Detail, Missing};
use crate::app::AppState;
use cardarena_contest::games;
use cardarena_store::{Disclosure, LeaderRow, MatchDetail};

/// The ?game= parameter of the leaderboard.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct LeaderboardQuery {
    /// The game (required).
    game: Option<String>,
}

/// A leaderboard row as JSON.
pub fn leader_json(row: &LeaderRow) -> Value {
    json!({
        "bot_id": row.bot_id,
        "name": row.name,
        "mu": row.skill.mu,
        "sigma": row.skill.sigma,
        "rating": row.skill.rating(),
        "matches": row.matches,
        "wins": row.wins,
        "faults": row.faults,
        "recent_faults": row.recent_faults,
        "recent_matches": row.recent_matches,
    })
}

/// A stored match as JSON: seats with results, faults and random plays, the action log and the
/// say lines, as much of them as `disclosure` allows (a sealed match shows no move, say line,
/// fault detail or error, and its log is `sealed`; the seed shows only once the match is open).
pub fn match_json(detail: &MatchDetail, disclosure: Disclosure) -> Value {
    let m = &detail.summary;
    let sealed = disclosure == Disclosure::Sealed;
    let actions: &[_] = if sealed { &[] } else { &detail.actions };
    let seats: Vec<Value> = m
        .seats
        .iter()
        .map(|s| {
            json!({
                "seat": s.seat,
                "bot_id": s.bot_id,
                "name": s.name,
                "version": s.version,
                "rank": s.rank,
                "score": s.score,
                "fault": s.fault.as_ref().map(|(kind, detail)| {
                    json!({"kind": kind, "detail": if sealed { None } else { Some(detail) }})
                }),
                "fallbacks": s.fallbacks,
            })
        })
        .collect();
    let says: Vec<Value> = actions
        .iter()
        .enumerate()
        .filter_map(|(index, a)| {
            let text = a.say.as_ref()?;
            Some(json!({"index": index, "seat": a.seat, "text": text}))
        })
        .collect();
    json!({
        "id": m.id,
        "game": m.game,
        "kind": m.kind,
        "status": m.status.as_str(),
        "rated": m.rated,
        "seed": disclosure.is_open().then_some(m.seed),
        "seed_hidden_until": disclosure.seed_hidden_until(),
        "disclosure": disclosure.as_str(),
        "options": m.options,
        "error": if sealed { None } else { m.error.as_deref() },
        "created_at": m.created_at,
        "finished_at": m.finished_at,
        "rules_version": m.rules_version,
        "attempt": m.attempt,
        "seats": seats,
        "log": if sealed { sealed_log() } else { log_json(&detail.log) },
        "actions": actions
            .iter()
            .map(|a| json!({"seat": a.seat, "action": a.action}))
            .collect::<Vec<_>>(),
        "says": says,
    })
}

/// GET /api/matches/{id}.
#[utoipa::path(get, path = "/matches/{id}", tag = "matches", params(("id" = String, Path, description = "The match's id")), responses(
    (status = 200, description = "The match with its seats, results and log", body = Match),
))]
pub async fn show(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let detail = state
        .store
        .match_detail(&id)
        .await?
        .ok_or_else(|| ApiError::not_found(Missing::Match, &id))?;
    let disclosure = state.store.disclosure(&detail.summary).await?;
    Ok(Json(match_json(&detail, disclosure)))
}

/// GET /api/leaderboard?game=ID.
#[utoipa::path(get, path = "/leaderboard", tag = "games", params(LeaderboardQuery), responses(
    (status = 200, description = "Bots with a rated match, best rating first", body = Leaderboard),
    (status = 400, description = "`missing_game`, `unknown_game`, `bad_query`", body = ErrorBody),
))]
pub async fn leaderboard(
    State(state): State<AppState>,
    Query(query): Query<LeaderboardQuery>,
) -> Result<Json<Value>, ApiError> {
    let game = query
        .game
        .ok_or_else(|| ApiError::invalid("missing_game", Detail::new("api-missing-game")))?;
    if games::game(&game).is_none() {
        return Err(ApiError::unknown_game(&game));
    }
    let rows: Vec<Value> = state
        .store
        .leaderboard(&game)
        .await?
        .iter()
        .map(leader_json)
        .collect();
    Ok(Json(json!({"game": game, "rows": rows})))
}

/// GET /api/games, each game with its match clock at the server's deadline.
#[utoipa::path(get, path = "/games", tag = "games", responses(
    (status = 200, description = "The games this server plays", body = Vec<Game>),
))]
pub async fn games(State(state): State<AppState>) -> Json<Value> {
    let config = &state.config;
    let all: Vec<Value> = games::games()
        .iter()
        .map(|game| {
            let mut json = json!(game);
            json["clock_ms"] = json!(cardarena_contest::clock::match_clock_ms(
                game.id,
                config.deadline_ms,
                0,
                config.clock_percent
            ));
            json
        })
        .collect();
    Json(Value::Array(all))
}
