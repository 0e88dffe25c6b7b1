//! Tournaments: the organiser creates and advances them, bot owners enter them.

use axum::Json;
use axum::extract::State;
use axum::extract::rejection::JsonRejection;

use super::extract::Path;
use axum::http::{HeaderMap, StatusCode};
use serde::Deserialize;
use serde_json::{Value, json};

use super::ApiError;
use super::auth::{admin, owned_bot};
use crate::app::AppState;
use crate::games;
use crate::tournament::spec::TournamentSpec;
use crate::tournament::{self, TournamentError};

impl From<TournamentError> for ApiError {
    fn from(error: TournamentError) -> ApiError {
        match error {
            TournamentError::NotFound(id) => ApiError::not_found("tournament", &id),
            TournamentError::Conflict { kind, detail } => {
                ApiError::new(StatusCode::CONFLICT, kind, detail)
            }
            TournamentError::Invalid { kind, detail } => ApiError::invalid(kind, detail),
            TournamentError::Store(e) => e.into(),
        }
    }
}

/// POST /api/tournaments/{id}/entries.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Entry {
    bot_id: String,
}

/// Creates a tournament (organiser only).
pub async fn create(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Result<Json<TournamentSpec>, JsonRejection>,
) -> Result<(StatusCode, Json<Value>), ApiError> {
    admin(&state.admin_hash, &headers)?;
    let Json(spec) = body?;
    check_stage_options(&spec)?;
    let id = tournament::create(&state.store, spec).await?;
    Ok((StatusCode::CREATED, Json(json!({"id": id}))))
}

/// 400 `bad_options` naming the stage and the field, if a stage's options are not the game's.
fn check_stage_options(spec: &TournamentSpec) -> Result<(), ApiError> {
    for (index, stage) in spec.stages.iter().enumerate() {
        let options = match &stage.options {
            Value::Null => json!({}),
            options => options.clone(),
        };
        if let Some(Err(detail)) = games::check_options(&spec.game, &options) {
            return Err(ApiError::invalid(
                "bad_options",
                format!("stage {index}: {detail}"),
            ));
        }
    }
    Ok(())
}

/// Lists the tournaments, newest first.
pub async fn list(State(state): State<AppState>) -> Result<Json<Value>, ApiError> {
    let all: Vec<Value> = state
        .store
        .tournaments()
        .await?
        .into_iter()
        .map(|t| {
            json!({"id": t.id, "name": t.name, "game": t.game, "status": t.status,
                   "current_stage": t.current_stage, "created_at": t.created_at})
        })
        .collect();
    Ok(Json(json!(all)))
}

/// Shows a tournament with every stage's standings.
pub async fn show(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    Ok(Json(tournament::view(&state.store, &id).await?))
}

/// Enters a bot (its owner's token) while entries are open.
pub async fn enter(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(id): Path<String>,
    body: Result<Json<Entry>, JsonRejection>,
) -> Result<(StatusCode, Json<Value>), ApiError> {
    let Json(entry) = body?;
    let bot = owned_bot(&state.store, &headers, &entry.bot_id).await?;
    tournament::enter(&state.store, &id, &bot.id).await?;
    Ok((
        StatusCode::CREATED,
        Json(json!({"tournament_id": id, "bot_id": bot.id})),
    ))
}

/// Starts the first stage (organiser only); entries close.
pub async fn start(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    admin(&state.admin_hash, &headers)?;
    let t = state
        .store
        .tournament(&id)
        .await?
        .ok_or_else(|| ApiError::not_found("tournament", &id))?;
    if t.current_stage.is_some() {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "already_started",
            "the tournament has started; advance it instead",
        ));
    }
    next_stage(&state, &id).await
}

/// Starts the next stage once the current one is over (organiser only).
pub async fn advance(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    admin(&state.admin_hash, &headers)?;
    next_stage(&state, &id).await
}

async fn next_stage(state: &AppState, id: &str) -> Result<Json<Value>, ApiError> {
    let stage = tournament::advance(&state.store, id).await?;
    state.scheduler.wake();
    Ok(Json(json!({"id": id, "stage": stage})))
}
