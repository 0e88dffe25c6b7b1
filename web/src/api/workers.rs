//! GET /api/workers: the processes that play matches (docs/api.md), for the organiser.

use axum::Json;
use axum::extract::State;
use axum::http::HeaderMap;
use serde_json::{Value, json};

use super::ApiError;
use super::auth::admin;
use super::openapi::schemas::{ErrorBody, Workers};
use crate::app::AppState;
use cardarena_store::{LEASE_MS, now_ms};

/// The processes that renewed their leases in the last day, newest first: each one's role,
/// machine, process id, slots, start, last renewal, whether it is alive (renewed within a lease)
/// and how many matches it plays now. The organiser's token is needed: host names and process ids
/// are the contest's own business.
#[utoipa::path(get, path = "/workers", tag = "workers", security(("organiser_token" = [])), responses(
    (status = 200, description = "The processes heard from in the last day", body = Workers),
    (status = 401, description = "`unauthorized`: no bearer token", body = ErrorBody),
    (status = 403, description = "`forbidden`: not the organiser's token", body = ErrorBody),
))]
pub async fn list(
    State(state): State<AppState>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    admin(&state.admin_hash, &headers)?;
    let now = now_ms();
    let workers: Vec<Value> = (state.store.workers().await?)
        .into_iter()
        .map(|w| {
            json!({
                "id": w.info.id,
                "role": w.info.role,
                "host": w.info.host,
                "pid": w.info.pid,
                "slots": w.info.slots,
                "started_at": w.started_at,
                "seen_at": w.seen_at,
                "alive": now - w.seen_at < LEASE_MS,
                "playing": w.playing,
            })
        })
        .collect();
    Ok(Json(json!({ "workers": workers })))
}
