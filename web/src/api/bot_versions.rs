//! `GET /api/bots/{id}/versions`: a bot's kept versions, newest first, a page at a time. A bot's
//! own JSON shows only its last few ([`SHOWN_VERSIONS`]) and how many it ever made, so that what
//! a contestant can make does not grow every list the bot is in.

use axum::Json;
use axum::extract::{Path, Query, State};
use serde::Deserialize;
use serde_json::{Value, json};

use super::Missing;
use super::bots::version_json;
use super::error::ApiError;
use super::openapi::schemas::{self, ErrorBody};
use super::paging::{cut_page, page_limit};
use crate::app::AppState;
use cardarena_store::KEPT_VERSIONS;

/// How many of its latest versions a bot's JSON lists.
pub const SHOWN_VERSIONS: u32 = 5;

/// Versions per page unless `?limit=` says otherwise.
const DEFAULT_LIMIT: u32 = 20;

/// The query of `GET /api/bots/{id}/versions`: `?before=` (a version number) and `?limit=`.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct VersionsQuery {
    /// Only versions older than this one (the previous page's `next`).
    before: Option<u32>,
    /// How many, 1 to 100 (default 20).
    limit: Option<u32>,
}

/// Lists a bot's kept versions (its last 100), newest first: a page of at most `?limit=` older
/// than `?before=`, with the cursor of the next page in `"next"` (null on the last), and the
/// number of versions it ever started in `"total"`.
#[utoipa::path(get, path = "/bots/{id}/versions", tag = "bots",
    params(("id" = String, Path, description = "The bot's id"), VersionsQuery),
    responses(
    (status = 200, description = "A page of versions, newest first", body = schemas::VersionPage),
    (status = 400, description = "`bad_query`: limit out of bounds", body = ErrorBody),
    (status = 404, description = "`not_found`: no such bot", body = ErrorBody),
))]
pub async fn versions(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Query(query): Query<VersionsQuery>,
) -> Result<Json<Value>, ApiError> {
    let limit = page_limit(query.limit, DEFAULT_LIMIT, KEPT_VERSIONS)?;
    let bot = (state.store.bot(&id).await?)
        .filter(|b| !b.deleted)
        .ok_or_else(|| ApiError::not_found(Missing::Bot, &id))?;
    let total = state.store.versions_before(&bot.id, None, 1).await?;
    let total = total.first().map_or(0, |v| v.version);
    let mut versions = (state.store)
        .versions_before(&bot.id, query.before, limit + 1)
        .await?;
    let next = cut_page(&mut versions, limit, |v| v.version);
    let versions: Vec<Value> = versions.iter().map(version_json).collect();
    Ok(Json(
        json!({"versions": versions, "next": next, "total": total}),
    ))
}
