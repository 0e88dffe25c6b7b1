//! Tournaments: the organiser creates and advances them, bot owners enter them.

use axum::Json;
use axum::extract::State;
use axum::extract::rejection::JsonRejection;

use super::extract::Path;
use axum::http::{HeaderMap, StatusCode};
use serde::Deserialize;
use serde_json::{Value, json};

use super::auth::{admin, owned_bot};
use super::openapi::schemas::ErrorBody;
use super::openapi::tournaments::{
    Created, Entered, StageStarted, Tournament, TournamentSpec as SpecJson, TournamentSummary,
};
use super::{ApiError, Detail, Missing};
use crate::app::AppState;
use cardarena_contest::games;
use cardarena_contest::tournament::spec::TournamentSpec;
use cardarena_contest::tournament::{self, TournamentError};

mod refusals;

impl From<TournamentError> for ApiError {
    fn from(error: TournamentError) -> ApiError {
        match error {
            TournamentError::NotFound(id) => ApiError::not_found(Missing::Tournament, &id),
            TournamentError::Conflict { kind, detail } => {
                ApiError::new(StatusCode::CONFLICT, kind, refusals::words(&detail))
            }
            TournamentError::Invalid { kind, detail } => {
                ApiError::invalid(kind, refusals::words(&detail))
            }
            TournamentError::Store(e) => e.into(),
        }
    }
}

/// POST /api/tournaments/{id}/entries.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Entry {
    bot_id: String,
}

/// Creates a tournament (organiser only).
#[utoipa::path(post, path = "/tournaments", tag = "tournaments", request_body = SpecJson,
    security(("organiser_token" = [])), responses(
    (status = 201, description = "Created", body = Created),
    (status = 400, description = "`bad_tournament`, `bad_options`, `bad_json`", body = ErrorBody),
    (status = 401, description = "`unauthorized`: no bearer token", body = ErrorBody),
    (status = 403, description = "`forbidden`: not the organiser's token", body = ErrorBody),
))]
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
                Detail::english(format!("stage {index}: {detail}")),
            ));
        }
    }
    Ok(())
}

/// Lists the tournaments, newest first.
#[utoipa::path(get, path = "/tournaments", tag = "tournaments", responses(
    (status = 200, description = "The tournaments, newest first", body = Vec<TournamentSummary>),
))]
pub async fn list(State(state): State<AppState>) -> Result<Json<Value>, ApiError> {
    let mut all = Vec::new();
    for t in state.store.tournaments().await? {
        let podium = tournament::podium_of(&state.store, &t).await?;
        all.push(
            json!({"id": t.id, "name": t.name, "game": t.game, "status": t.status,
                        "current_stage": t.current_stage, "created_at": t.created_at,
                        "winner": podium.first(), "podium": podium}),
        );
    }
    Ok(Json(json!(all)))
}

/// Shows a tournament with every stage's standings.
#[utoipa::path(get, path = "/tournaments/{id}", tag = "tournaments", params(("id" = String, Path, description = "The tournament's id")), responses(
    (status = 200, description = "The tournament with its entries and stages", body = Tournament),
))]
pub async fn show(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    Ok(Json(tournament::view(&state.store, &id).await?))
}

/// Enters a bot (its owner's token) while entries are open.
#[utoipa::path(post, path = "/tournaments/{id}/entries", tag = "tournaments", params(("id" = String, Path, description = "The tournament's id")), request_body = Entry,
    security(("owner_token" = [])), responses(
    (status = 201, description = "Entered", body = Entered),
    (status = 400, description = "`wrong_game`, `bad_json`, `outside_ladder_players`: a stage seats the bot at a table size it does not play", body = ErrorBody),
    (status = 401, description = "`unauthorized`: no valid bearer token", body = ErrorBody),
    (status = 403, description = "`forbidden`: the token is not the bot's owner's", body = ErrorBody),
    (status = 409, description = "`entries_closed`, `already_entered`, `disqualified`: the organiser disqualified the bot", body = ErrorBody),
))]
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
#[utoipa::path(post, path = "/tournaments/{id}/start", tag = "tournaments", params(("id" = String, Path, description = "The tournament's id")),
    security(("organiser_token" = [])), responses(
    (status = 200, description = "The first stage started", body = StageStarted),
    (status = 401, description = "`unauthorized`: no bearer token", body = ErrorBody),
    (status = 403, description = "`forbidden`: not the organiser's token", body = ErrorBody),
    (status = 409, description = "`no_entries`, `already_started`, `too_few_finalists`, `stage_too_large`, `outside_ladder_players`: a table of the stage seats a bot at a size it does not play", body = ErrorBody),
))]
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
        .ok_or_else(|| ApiError::not_found(Missing::Tournament, &id))?;
    if t.current_stage.is_some() {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "already_started",
            Detail::new("api-tournament-started"),
        ));
    }
    next_stage(&state, &id).await
}

/// Starts the next stage once the current one is over (organiser only).
#[utoipa::path(post, path = "/tournaments/{id}/advance", tag = "tournaments", params(("id" = String, Path, description = "The tournament's id")),
    security(("organiser_token" = [])), responses(
    (status = 200, description = "The next stage started", body = StageStarted),
    (status = 401, description = "`unauthorized`: no bearer token", body = ErrorBody),
    (status = 403, description = "`forbidden`: not the organiser's token", body = ErrorBody),
    (status = 409, description = "`stage_running`, `no_next_stage`, `too_few_finalists`, `stage_too_large`, `outside_ladder_players`: a table of the stage seats a bot at a size it does not play", body = ErrorBody),
))]
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
