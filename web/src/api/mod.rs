//! The JSON API under /api: bots, practice matches, tables for people, matches, leaderboards and
//! games.

mod analysis;
mod auth;
mod bot_sizes;
mod bot_versions;
mod bots;
pub(crate) mod compressed;
mod connect;
mod detail;
mod downloads;
mod error;
mod extract;
mod frames;
mod guard;
pub mod heavy;
mod language;
mod live;
mod matches;
pub mod module;
pub mod openapi;
mod organiser;
mod paging;
mod practice;
mod rejection;
mod schema;
mod tables;
mod tournaments;
mod unfinished;
mod words;
mod workers;

use std::time::Duration;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::http::StatusCode;
use axum::middleware;
use tower_http::compression::CompressionLayer;
use utoipa_axum::router::{OpenApiRouter, UtoipaMethodRouter};
use utoipa_axum::routes;

pub use detail::Detail;
pub use error::{ApiError, Missing};
pub use guard::json_errors;

use crate::app::AppState;

/// The largest request body the API reads.
pub const MAX_BODY_BYTES: usize = 16 * 1024;

/// The API's routes, to be nested under /api; a request's body must arrive within
/// `body_timeout` (a module's upload of at most `module_bytes`: within [`MODULE_TIMEOUT`], or
/// `body_timeout` if longer). Every error answer is `{"error", "detail"}` JSON.
pub fn router(body_timeout: Duration, module_bytes: usize) -> Router<AppState> {
    let (routes, _) = documented().split_for_parts();
    let rules = guard::BodyRules {
        timeout: body_timeout,
        module_bytes,
        module_timeout: body_timeout.max(MODULE_TIMEOUT),
    };
    routes
        .fallback(|| async {
            ApiError::new(
                StatusCode::NOT_FOUND,
                "not_found",
                Detail::new("api-no-route"),
            )
        })
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES.max(module_bytes)))
        .layer(middleware::from_fn_with_state(rules, guard::read_body))
}

/// How long a module's upload may take to arrive: 64 MiB at 1 MB/s.
pub const MODULE_TIMEOUT: Duration = Duration::from_secs(120);

/// Every route with its documentation: each handler is registered with the path and methods of
/// its `#[utoipa::path]` attribute, so a route cannot be added without being documented
/// (`GET /api/openapi.json`, [`openapi::document`]).
fn documented() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(openapi::base())
        .routes(routes!(bots::register, bots::list))
        .routes(routes!(bots::show, bots::update, bots::remove))
        .routes(routes!(bots::new_version, bot_versions::versions))
        .routes(routes!(module::upload))
        .routes(routes!(bots::owner))
        .routes(routes!(practice::start))
        .routes(routes!(connect::connect))
        .routes(routes!(matches::show))
        .routes(routes!(frames::frames))
        .routes(routes!(analysis::request_analysis, analysis::show_analysis))
        .routes(routes!(live::live))
        .routes(compressed(routes!(downloads::replay)))
        .routes(compressed(routes!(downloads::log_text)))
        .routes(routes!(tables::create))
        .routes(routes!(tables::show, tables::play, tables::leave))
        .routes(routes!(matches::leaderboard))
        .routes(routes!(matches::games))
        .routes(routes!(schema::show))
        .routes(routes!(tournaments::create, tournaments::list))
        .routes(routes!(tournaments::show))
        .routes(routes!(tournaments::enter))
        .routes(routes!(tournaments::start))
        .routes(routes!(tournaments::advance))
        .routes(routes!(workers::list))
        .routes(routes!(organiser::act))
        .routes(routes!(organiser::actions))
        .routes(routes!(openapi::serve))
}

/// A route whose answers are gzip-compressed for clients that accept it (large ones).
fn compressed(route: UtoipaMethodRouter<AppState>) -> UtoipaMethodRouter<AppState> {
    let (schemas, paths, method_router) = route;
    (schemas, paths, method_router.layer(CompressionLayer::new()))
}
