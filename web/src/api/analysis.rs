//! The analysis of a played match: POST and GET /api/matches/{id}/analysis (docs/api.md,
//! "Analysis"). Only a match whose every hand may be shown is analysed: one that is finished,
//! whose log is kept, and no other table of whose deal is still to be played (what the frames
//! and downloads show whole); the analysis tells what each seat could have known, so anything
//! less would leak hidden cards.

use std::sync::Arc;

use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use serde_json::json;

use super::auth::{self, Requester};
use super::extract::Path;
use super::frames::checked_id;
use super::openapi::analysis::{AnalysisAnswer, AnalysisDone, AnalysisProgress};
use super::openapi::schemas::ErrorBody;
use super::{ApiError, Detail, Missing, compressed, heavy};
use crate::app::AppState;
use crate::proxy::ClientAddr;
use cardarena_bots::thinking;
use cardarena_contest::frames::cache::Compressed;
use cardarena_store::{
    AnalysisRequest, AnalysisState, LogState, MatchStatus, MatchSummary, Requested, StoredAnalysis,
    stamp_mismatch,
};

/// The `Retry-After` of a `503 busy`, in seconds.
const BUSY_RETRY_SECS: u64 = 30;
/// The `Retry-After` of a request past its address's share, in seconds.
const LIMITED_RETRY_SECS: u64 = 60;

/// The match `id`, if its analysis may be shown or made: finished, every hand open to all, and
/// played under the rules this engine plays.
async fn analysable(state: &AppState, id: &str) -> Result<MatchSummary, ApiError> {
    let id = checked_id(id)?;
    let summary = state
        .store
        .match_summary(id)
        .await?
        .ok_or_else(|| ApiError::not_found(Missing::Match, id))?;
    let status = summary.status;
    if matches!(status, MatchStatus::Queued | MatchStatus::Running) {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "match_running",
            Detail::new("api-match-running")
                .text("id", id)
                .text("status", status.as_str()),
        ));
    }
    if status != MatchStatus::Finished {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "not_finished",
            Detail::new("api-analysis-unfinished")
                .text("id", id)
                .text("status", status.as_str()),
        ));
    }
    if !state.store.disclosure(&summary).await?.is_open() {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "sealed",
            Detail::new("api-analysis-sealed").text("id", id),
        ));
    }
    if let Some(why) = stamp_mismatch(&summary.game, summary.rules_version) {
        return Err(log_gone(id, Detail::new("api-text").text("text", why)));
    }
    Ok(summary)
}

/// 410 `log_gone`: match `id`'s log cannot be analysed, `why` saying why.
fn log_gone(id: &str, why: Detail) -> ApiError {
    let detail = Detail::new("api-log-not-analysable")
        .text("id", id)
        .words("reason", why);
    ApiError::new(StatusCode::GONE, "log_gone", detail)
}

/// The answer for an analysis in `state`, to a request with `headers`; `pending` is the status
/// of a progress answer.
fn answer(
    app: &AppState,
    id: &str,
    state: AnalysisState,
    headers: &HeaderMap,
    pending: StatusCode,
) -> Response {
    let progress = |status: &str, done: u32, total: u32, ahead: u32| {
        let body = json!({"status": status, "done": done, "total": total, "ahead": ahead});
        (pending, Json(body)).into_response()
    };
    match state {
        AnalysisState::Queued { done, total, ahead } => progress("queued", done, total, ahead),
        AnalysisState::Running { done, total } => progress("running", done, total, 0),
        AnalysisState::Done(stored) => {
            compressed::respond(compressed_of(stored), headers, app.heavy_reads.inflating())
        }
        AnalysisState::Failed(why) => ApiError::new(
            StatusCode::GONE,
            "analysis_failed",
            Detail::new("api-analysis-failed")
                .text("id", id)
                .text("reason", why),
        )
        .into_response(),
    }
}

/// A stored analysis as a compressed answer.
fn compressed_of(stored: StoredAnalysis) -> Compressed {
    Compressed {
        gzip: Bytes::from(stored.gzip),
        plain_len: stored.plain_len,
        tag: Arc::from(stored.tag),
    }
}

/// POST /api/matches/{id}/analysis: queues the analysis of a finished match (202 with its
/// progress), or answers it when it is done (200, costing nothing).
#[utoipa::path(post, path = "/matches/{id}/analysis", tag = "matches", params(("id" = String, Path, description = "The match's id")), responses(
    (status = 200, description = "Already analysed: the analysis, gzip for clients that accept it, with a strong `ETag`", body = AnalysisDone,
        headers(("etag" = String, description = "The answer's strong validator"))),
    (status = 202, description = "Queued now, or already queued or running: its progress", body = AnalysisProgress),
    (status = 404, description = "`not_found`: no such match", body = ErrorBody),
    (status = 409, description = "`match_running`: the match is queued or running (its analysis would show hidden cards); `not_finished`: it failed or was cancelled; `sealed`: another table of its tournament deal is still to be played", body = ErrorBody),
    (status = 410, description = "`log_gone`: the match's log was dropped or cannot be read; `analysis_failed`: its analysis could not be made", body = ErrorBody),
    (status = 401, description = "`unauthorized`: a token that belongs to no bot", body = ErrorBody),
    (status = 429, description = "`rate_limited`: this network or bot's owner queued its share of analyses this hour, or has its share queued or running now", body = ErrorBody,
        headers(("retry-after" = u32, description = "Seconds to wait before trying again"))),
    (status = 503, description = "`busy`: the analysis queue is full of analyses someone is waiting for", body = ErrorBody,
        headers(("retry-after" = u32, description = "Seconds to wait before trying again"))),
))]
pub async fn request_analysis(
    State(app): State<AppState>,
    client: ClientAddr,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let requester = auth::requester(&app.store, &app.admin_hash, &headers).await?;
    let summary = analysable(&app, &id).await?;
    let id = summary.id.as_str();
    if let Some(state) = app.store.analysis(id, &summary.game).await? {
        if state.is_pending() {
            app.store.analysis_seen(id).await?;
        }
        return Ok(answer_request(&app, id, state, &headers));
    }
    let network = thinking::network_key(&app.config.networks.of(client.0).to_string());
    let (key, counted) = match &requester {
        Requester::Organiser => (thinking::ORGANISER_KEY.to_string(), vec![]),
        Requester::Owner(bot) => {
            let owner = thinking::owner_key(bot);
            (owner.clone(), vec![owner, network])
        }
        Requester::Anonymous => (network.clone(), vec![network]),
    };
    let counted: Vec<&str> = counted.iter().map(String::as_str).collect();
    if !app.analyses.allow(&counted) {
        return Err(ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "rate_limited",
            Detail::new("api-analyses-per-hour")
                .number("count", app.analyses.config().per_hour.into()),
        )
        .retry_after(LIMITED_RETRY_SECS));
    }
    let detail = app
        .store
        .match_detail(id)
        .await?
        .ok_or_else(|| ApiError::not_found(Missing::Match, id))?;
    match &detail.log {
        LogState::Kept => {}
        LogState::Dropped { .. } => {
            return Err(log_gone(id, Detail::new("api-retention-dropped-it")));
        }
        LogState::Unreadable(why) => {
            return Err(log_gone(id, Detail::new("api-text").text("text", why)));
        }
    }
    let config = app.analyses.config();
    let total = detail.actions.len() as u32;
    let requested = app
        .store
        .request_analysis(AnalysisRequest {
            id,
            game: &summary.game,
            total,
            budget_ms: config.budget_ms,
            requester: &key,
            max_pending: config.max_pending,
            per_requester: (requester != Requester::Organiser).then_some(config.per_requester),
        })
        .await?;
    match requested {
        Requested::Pending(state) => {
            app.analyses.wake();
            Ok(answer_request(&app, id, state, &headers))
        }
        Requested::Settled(state) => Ok(answer_request(&app, id, state, &headers)),
        Requested::QueueFull { max } => Err(ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "busy",
            Detail::new("api-analyses-busy").number("count", max.into()),
        )
        .retry_after(BUSY_RETRY_SECS)),
        Requested::RequesterFull { max } => Err(ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "rate_limited",
            Detail::new("api-analyses-yours").number("count", max.into()),
        )
        .retry_after(LIMITED_RETRY_SECS)),
    }
}

/// The answer to a request for an analysis in `state`: 202 while it is queued or running.
fn answer_request(app: &AppState, id: &str, state: AnalysisState, headers: &HeaderMap) -> Response {
    answer(app, id, state, headers, StatusCode::ACCEPTED)
}

/// GET /api/matches/{id}/analysis: the analysis's progress, or the analysis once done.
#[utoipa::path(get, path = "/matches/{id}/analysis", tag = "matches", params(("id" = String, Path, description = "The match's id")), responses(
    (status = 200, description = "The progress while queued or running; then the analysis, gzip for clients that accept it, with a strong `ETag`", body = AnalysisAnswer,
        headers(("etag" = String, description = "The answer's strong validator, once done"))),
    (status = 304, description = "Not modified: the `If-None-Match` named this analysis", headers(("etag" = String, description = "The answer's strong validator"))),
    (status = 404, description = "`not_analysed`: never requested, or made under other rules or by an older analysis (request it again); `not_found`: no such match", body = ErrorBody),
    (status = 409, description = "`match_running`, `not_finished` or `sealed`, as for POST", body = ErrorBody),
    (status = 410, description = "`log_gone` or `analysis_failed`, as for POST", body = ErrorBody),
    (status = 429, description = "`rate_limited`: this address has 4 frames, downloads or analyses in progress", body = ErrorBody,
        headers(("retry-after" = u32, description = "Seconds to wait before trying again"))),
))]
pub async fn show_analysis(
    State(app): State<AppState>,
    client: ClientAddr,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let read = match app.heavy_reads.take(client) {
        Ok(read) => read,
        Err(refused) => return Ok(refused.into_response()),
    };
    let summary = analysable(&app, &id).await?;
    let id = summary.id.as_str();
    let state = app
        .store
        .analysis(id, &summary.game)
        .await?
        .ok_or_else(|| {
            ApiError::new(
                StatusCode::NOT_FOUND,
                "not_analysed",
                Detail::new("api-not-analysed").text("id", id),
            )
        })?;
    if state.is_pending() {
        app.store.analysis_seen(id).await?;
    }
    let answer = answer(&app, id, state, &headers, StatusCode::OK);
    Ok(heavy::holding(answer, read))
}
