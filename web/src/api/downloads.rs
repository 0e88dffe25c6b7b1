//! A finished match to keep: GET /api/matches/{id}/replay.json and /log.txt (docs/api.md).

use axum::extract::State;
use axum::http::StatusCode;
use axum::http::header::{CONTENT_DISPOSITION, CONTENT_TYPE};
use axum::response::{IntoResponse, Response};
use cardarena_engine::Eye;
use serde_json::{Value, json};

use super::extract::Path;
use super::frames::{Read, log_json};
use super::heavy::holding;
use super::openapi::matches::Replay;
use super::openapi::schemas::ErrorBody;
use super::{ApiError, Detail};
use crate::app::AppState;
use crate::proxy::ClientAddr;
use cardarena_contest::frames::{self, by_of};
use cardarena_store::{LogState, MatchStatus};

/// The match read for a download: finished, with its log (409 `not_finished`, 410 `log_gone`).
async fn finished(state: &AppState, id: &str) -> Result<Read, ApiError> {
    let read = Read::of(state, id).await?;
    let summary = &read.detail.summary;
    if summary.status != MatchStatus::Finished {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "not_finished",
            Detail::new("api-download-unfinished")
                .text("id", &summary.id)
                .text("status", summary.status.as_str()),
        ));
    }
    if !state.store.disclosure(summary).await?.is_open() {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "sealed",
            Detail::new("api-download-sealed").text("id", &summary.id),
        ));
    }
    let gone = |why: Detail| ApiError::new(StatusCode::GONE, "log_gone", why);
    match &read.detail.log {
        LogState::Kept => Ok(read),
        LogState::Dropped { .. } => Err(gone(
            Detail::new("api-log-dropped")
                .text("id", &summary.id)
                .text("log", log_json(&read.detail.log)),
        )),
        LogState::Unreadable(why) => Err(gone(
            Detail::new("api-log-unreadable")
                .text("id", &summary.id)
                .text("reason", why),
        )),
    }
}

/// The file name of a download of `read`'s match: the game and the id's first part.
fn file_name(read: &Read, extension: &str) -> String {
    let summary = &read.detail.summary;
    let short: String = summary
        .id
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric())
        .take(8)
        .collect();
    format!(
        "attachment; filename=\"{}-{short}.{extension}\"",
        summary.game
    )
}

/// GET /api/matches/{id}/replay.json: game, options, seed, rules version, seats, every action with
/// its seat, `by` and answer time, the say lines, the faults and the outcome.
#[utoipa::path(get, path = "/matches/{id}/replay.json", tag = "matches", params(("id" = String, Path, description = "The match's id")), responses(
    (status = 200, description = "The match to keep or replay, as an attachment", body = Replay,
        headers(("content-disposition" = String, description = "attachment; filename=\"<game>-<id>.json\""))),
    (status = 409, description = "`not_finished`, or `sealed`: another table of its tournament deal is still to be played", body = ErrorBody),
    (status = 410, description = "`log_gone`: the log was dropped or cannot be read", body = ErrorBody),
    (status = 429, description = "`rate_limited`: this address has 4 frames, downloads or analyses in progress", body = ErrorBody,
        headers(("retry-after" = u32, description = "Seconds to wait before trying again"))),
))]
pub async fn replay(
    State(state): State<AppState>,
    client: ClientAddr,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let heavy = match state.heavy_reads.take(client) {
        Ok(heavy) => heavy,
        Err(refused) => return Ok(refused.into_response()),
    };
    let read = finished(&state, &id).await?;
    let m = &read.detail.summary;
    let fault_steps: Vec<Option<u32>> = (0..m.seats.len())
        .map(|seat| read.record.faults.get(seat).cloned().flatten()?.step)
        .collect();
    let actions: Vec<Value> = read
        .detail
        .actions
        .iter()
        .enumerate()
        .map(|(index, a)| {
            json!({
                "seat": a.seat,
                "by": by_of(&fault_steps, a.seat, index as u32 + 1),
                "action": a.action,
                "ms": read.record.timing.get(index),
            })
        })
        .collect();
    let says: Vec<Value> = read
        .detail
        .actions
        .iter()
        .enumerate()
        .filter_map(|(index, a)| {
            let text = a.say.as_ref()?;
            Some(json!({"index": index, "seat": a.seat, "text": text}))
        })
        .collect();
    let seat_faults = read.seat_faults();
    let faults = frames::fault_frames(&read.stored(Eye::All, &seat_faults));
    let seats: Vec<Value> = m
        .seats
        .iter()
        .map(|s| json!({"seat": s.seat, "bot_id": s.bot_id, "name": s.name}))
        .collect();
    let outcome: Vec<Value> = m
        .seats
        .iter()
        .map(|s| json!({"rank": s.rank, "score": s.score}))
        .collect();
    let body = json!({
        "id": m.id,
        "game": m.game,
        "options": m.options,
        "seed": m.seed,
        "rules_version": m.rules_version,
        "players": m.seats.len(),
        "seats": seats,
        "actions": actions,
        "says": says,
        "faults": faults,
        "outcome": {"seats": outcome},
    });
    let body = serde_json::to_vec(&body).map_err(ApiError::internal)?;
    let headers = [
        (CONTENT_TYPE, "application/json".to_string()),
        (CONTENT_DISPOSITION, file_name(&read, "json")),
    ];
    Ok(holding((headers, body).into_response(), heavy))
}

/// GET /api/matches/{id}/log.txt: the game's own text log of the match, with the seats' names.
#[utoipa::path(get, path = "/matches/{id}/log.txt", tag = "matches", params(("id" = String, Path, description = "The match's id")), responses(
    (status = 200, description = "The game's own text log, as an attachment", content_type = "text/plain; charset=utf-8", body = String,
        headers(("content-disposition" = String, description = "attachment; filename=\"<game>-<id>.txt\""))),
    (status = 404, description = "`not_found`, or `no_text_log`: the game has no text log", body = ErrorBody),
    (status = 409, description = "`not_finished`, or `sealed`: another table of its tournament deal is still to be played", body = ErrorBody),
    (status = 410, description = "`log_gone`: the log was dropped or cannot be read", body = ErrorBody),
    (status = 429, description = "`rate_limited`: this address has 4 frames, downloads or analyses in progress", body = ErrorBody,
        headers(("retry-after" = u32, description = "Seconds to wait before trying again"))),
))]
pub async fn log_text(
    State(state): State<AppState>,
    client: ClientAddr,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let heavy = match state.heavy_reads.take(client) {
        Ok(heavy) => heavy,
        Err(refused) => return Ok(refused.into_response()),
    };
    let read = finished(&state, &id).await?;
    let names: Vec<String> = read
        .detail
        .summary
        .seats
        .iter()
        .map(|s| s.name.clone())
        .collect();
    let seat_faults = read.seat_faults();
    let text = frames::transcript(&read.stored(Eye::All, &seat_faults), &names)
        .map_err(ApiError::internal)?
        .ok_or_else(|| {
            ApiError::new(
                StatusCode::NOT_FOUND,
                "no_text_log",
                Detail::new("api-no-text-log").text("game", &read.detail.summary.game),
            )
        })?;
    let headers = [
        (CONTENT_TYPE, "text/plain; charset=utf-8".to_string()),
        (CONTENT_DISPOSITION, file_name(&read, "txt")),
    ];
    Ok(holding((headers, text).into_response(), heavy))
}
