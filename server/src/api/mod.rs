//! The JSON API under /api: bots, practice matches, tables for people, matches, leaderboards and
//! games.

mod auth;
mod bots;
mod downloads;
mod error;
mod extract;
mod frames;
mod guard;
mod live;
mod matches;
mod practice;
mod tables;
mod tournaments;
mod workers;

use std::time::Duration;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::http::StatusCode;
use axum::middleware;
use axum::routing::{get, post};
use tower_http::compression::CompressionLayer;

pub use error::ApiError;
pub use guard::json_errors;

use crate::app::AppState;

/// The largest request body the API reads.
pub const MAX_BODY_BYTES: usize = 16 * 1024;

/// The API's routes, to be nested under /api; a request's body must arrive within
/// `body_timeout`. Every error answer is `{"error", "detail"}` JSON.
pub fn router(body_timeout: Duration) -> Router<AppState> {
    Router::new()
        .route("/bots", post(bots::register).get(bots::list))
        .route(
            "/bots/{id}",
            get(bots::show).patch(bots::update).delete(bots::remove),
        )
        .route("/bots/{id}/practice", post(practice::start))
        .route("/bots/{id}/versions", post(bots::new_version))
        .route("/matches/{id}", get(matches::show))
        .route(
            "/matches/{id}/frames",
            get(frames::frames).layer(CompressionLayer::new()),
        )
        .route("/matches/{id}/live", get(live::live))
        .route(
            "/matches/{id}/replay.json",
            get(downloads::replay).layer(CompressionLayer::new()),
        )
        .route(
            "/matches/{id}/log.txt",
            get(downloads::log_text).layer(CompressionLayer::new()),
        )
        .route("/tables", post(tables::create))
        .route(
            "/tables/{token}",
            get(tables::show).post(tables::play).delete(tables::leave),
        )
        .route("/leaderboard", get(matches::leaderboard))
        .route("/games", get(matches::games))
        .route(
            "/tournaments",
            post(tournaments::create).get(tournaments::list),
        )
        .route("/tournaments/{id}", get(tournaments::show))
        .route("/tournaments/{id}/entries", post(tournaments::enter))
        .route("/tournaments/{id}/start", post(tournaments::start))
        .route("/tournaments/{id}/advance", post(tournaments::advance))
        .route("/workers", get(workers::list))
        .fallback(|| async {
            ApiError::new(StatusCode::NOT_FOUND, "not_found", "no such API route")
        })
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
        .layer(middleware::from_fn_with_state(
            body_timeout,
            guard::read_body,
        ))
}
