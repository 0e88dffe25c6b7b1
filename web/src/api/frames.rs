//! A match step by step: GET /api/matches/{id}/frames (docs/api.md, "Frames").

use std::io::{self, Write};

use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use cardarena_engine::Eye;
use serde::Serialize;
use serde_json::Value;
use serde_json::value::RawValue;
use sha2::Digest;

use super::extract::Path;
use super::openapi::matches::Frames as FramesJson;
use super::openapi::schemas::ErrorBody;
use super::{ApiError, Missing, compressed, heavy};
use crate::app::AppState;
use crate::proxy::ClientAddr;
use cardarena_contest::frames::cache::Compressed;
use cardarena_contest::frames::{self, FaultFrame, Frame, Frames, Stored};
use cardarena_store::{Disclosure, LogState, MatchDetail, MatchStatus, MatchSummary, PlayRecord};

/// The longest match id looked up (a UUID is 36 characters).
pub const MAX_ID_CHARS: usize = 64;

/// The frames answer, as documented.
#[derive(Serialize)]
pub(super) struct Answer<'a> {
    id: &'a str,
    game: &'a str,
    status: &'static str,
    players: usize,
    eye: &'static str,
    seats: Vec<SeatJson<'a>>,
    log: Value,
    initial: Option<&'a RawValue>,
    frames: &'a [Frame],
    faults: &'a [FaultFrame],
}

#[derive(Serialize)]
struct SeatJson<'a> {
    seat: usize,
    bot_id: &'a str,
    name: &'a str,
}

impl<'a> Answer<'a> {
    /// The answer for `summary` with these frames (`None`: the log cannot be shown, `log` says
    /// why), seen by `eye`.
    pub(super) fn new(
        summary: &'a MatchSummary,
        eye: Eye,
        log: Value,
        frames: Option<&'a Frames>,
        faults: &'a [FaultFrame],
    ) -> Answer<'a> {
        Answer {
            id: &summary.id,
            game: &summary.game,
            status: summary.status.as_str(),
            players: summary.seats.len(),
            eye: if eye == Eye::All { "all" } else { "public" },
            seats: summary
                .seats
                .iter()
                .map(|s| SeatJson {
                    seat: s.seat,
                    bot_id: &s.bot_id,
                    name: &s.name,
                })
                .collect(),
            log,
            initial: frames.map(|f| &*f.initial),
            frames: frames.map_or(&[], |f| &f.frames),
            faults,
        }
    }

    /// Writes the answer as JSON.
    fn write(&self, w: &mut dyn Write) -> io::Result<()> {
        serde_json::to_writer(w, self).map_err(io::Error::from)
    }
}

/// Checks a match id from a path: an id too long to be one is no match (404).
pub(super) fn checked_id(id: &str) -> Result<&str, ApiError> {
    match id.chars().count() <= MAX_ID_CHARS {
        true => Ok(id),
        false => Err(ApiError::not_found(
            Missing::Match,
            &format!("{}…", id.chars().take(MAX_ID_CHARS).collect::<String>()),
        )),
    }
}

/// A stored match read for its frames.
pub(super) struct Read {
    /// The match with its log.
    pub detail: MatchDetail,
    /// How its steps were played.
    pub record: PlayRecord,
}

impl Read {
    /// Match `id` with its log and play record; 404 when there is none.
    pub(super) async fn of(state: &AppState, id: &str) -> Result<Read, ApiError> {
        let id = checked_id(id)?;
        let detail = state
            .store
            .match_detail(id)
            .await?
            .ok_or_else(|| ApiError::not_found(Missing::Match, id))?;
        let record = state.store.play_record(id).await?;
        Ok(Read { detail, record })
    }

    /// The stored match as the frames builder reads it, seen by `eye`.
    pub(super) fn stored<'a>(
        &'a self,
        eye: Eye,
        faults: &'a [Option<(String, String)>],
    ) -> Stored<'a> {
        let m = &self.detail.summary;
        Stored {
            game: &m.game,
            options: &m.options,
            players: m.seats.len(),
            seed: m.seed,
            actions: &self.detail.actions,
            record: &self.record,
            seat_faults: faults,
            eye,
        }
    }

    /// Each seat's fault as (kind, detail).
    pub(super) fn seat_faults(&self) -> Vec<Option<(String, String)>> {
        self.detail
            .summary
            .seats
            .iter()
            .map(|s| s.fault.clone())
            .collect()
    }
}

/// The log of a sealed match, as JSON: not shown while another table of its deal is to be played.
pub(super) fn sealed_log() -> Value {
    serde_json::json!({
        "state": "sealed",
        "detail": "another table of this tournament is dealt the same cards and has not finished"
    })
}

/// What became of a match's log, as JSON (as GET /api/matches/{id} says it).
pub(super) fn log_json(log: &LogState) -> Value {
    match log {
        LogState::Kept => serde_json::json!({"state": "kept"}),
        LogState::Dropped { at } => serde_json::json!({"state": "dropped", "at": at}),
        LogState::Unreadable(why) => serde_json::json!({"state": "unreadable", "detail": why}),
    }
}

/// GET /api/matches/{id}/frames: every hand once the match is finished; while it is queued or
/// running, the public frames so far (from the live registry while it is played here). A
/// finished match's answer is built once and kept compressed ([`crate::frames::cache`]); 304 to
/// an `If-None-Match` naming it; 429 `rate_limited` past the address's heavy reads.
#[utoipa::path(get, path = "/matches/{id}/frames", tag = "matches", params(("id" = String, Path, description = "The match's id")), responses(
    (status = 200, description = "The match step by step: gzip for clients that accept it, with a strong `ETag` (one per encoding) and `Vary: accept-encoding`", body = FramesJson,
        headers(("etag" = String, description = "The answer's strong validator"))),
    (status = 304, description = "Not modified: the `If-None-Match` named this answer", headers(("etag" = String, description = "The answer's strong validator"))),
    (status = 404, description = "`not_found`: no such match", body = ErrorBody),
    (status = 429, description = "`rate_limited`: this address has 4 frames, downloads or analyses in progress", body = ErrorBody,
        headers(("retry-after" = u32, description = "Seconds to wait before trying again"))),
))]
pub async fn frames(
    State(state): State<AppState>,
    client: ClientAddr,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let read = match state.heavy_reads.take(client) {
        Ok(read) => read,
        Err(refused) => return Ok(refused.into_response()),
    };
    let id = checked_id(&id)?;
    let inflating = state.heavy_reads.inflating();
    if let Some(answer) = state.frames_cache.recent(id) {
        let response = compressed::respond(answer, &headers, inflating);
        return Ok(heavy::holding(response, read));
    }
    let summary = state
        .store
        .match_summary(id)
        .await?
        .ok_or_else(|| ApiError::not_found(Missing::Match, id))?;
    // Only what cannot change is kept: a finished match everyone may see whole, with its log.
    // The key holds what the answer shows of the seats, so a renamed bot is a new entry.
    let settled = summary.status == MatchStatus::Finished
        && state.store.disclosure(&summary).await?.is_open()
        && state.store.log_dropped_at(id).await?.is_none();
    let answer = match settled {
        true => {
            let key = cache_key(&summary);
            let build = || build(&state, id);
            let answer = state.frames_cache.get_or_build(&key, build).await?;
            state.frames_cache.settled(id, &key);
            answer
        }
        false => build(&state, id).await?,
    };
    let response = compressed::respond(answer, &headers, inflating);
    Ok(heavy::holding(response, read))
}

/// The cache's key of a finished match's answer: its id and a digest of its seats as shown.
fn cache_key(summary: &MatchSummary) -> String {
    let mut seats = sha2::Sha256::new();
    for seat in &summary.seats {
        seats.update(seat.bot_id.as_bytes());
        seats.update([0]);
        seats.update(seat.name.as_bytes());
        seats.update([0]);
    }
    format!("{}/{}", summary.id, hex::encode(&seats.finalize()[..8]))
}

/// The frames answer of match `id` as it is now, compressed: built and written on the blocking
/// pool ([`cardarena_contest::frames::cache::FramesCache::compress`]), never held whole as JSON.
async fn build(state: &AppState, id: &str) -> Result<Compressed, ApiError> {
    let read = Read::of(state, id).await?;
    let summary = &read.detail.summary;
    let disclosure = state.store.disclosure(summary).await?;
    let cache = &state.frames_cache;
    let compressed = if disclosure == Disclosure::Sealed {
        cache
            .compress(move |w| {
                let summary = &read.detail.summary;
                Answer::new(summary, Eye::Public, sealed_log(), None, &[]).write(w)
            })
            .await
    } else {
        let eye = match (summary.status, disclosure) {
            (MatchStatus::Finished, Disclosure::Open) => Eye::All,
            _ => Eye::Public,
        };
        // Played by a worker: its frames come through a mirror, from the deal on.
        let live = (eye == Eye::Public)
            .then(|| {
                state.mirrors.follow(summary);
                state.live.frames(&summary.id)
            })
            .flatten();
        match live {
            Some(live) => {
                cache
                    .compress(move |w| {
                        let log = log_json(&LogState::Kept);
                        let summary = &read.detail.summary;
                        Answer::new(summary, eye, log, Some(&live), &live.faults).write(w)
                    })
                    .await
            }
            None => cache.compress(move |w| stored_answer(&read, eye, w)).await,
        }
    };
    compressed.map_err(ApiError::internal)
}

/// Writes the frames answer of the stored match `read`, replayed, seen by `eye`.
fn stored_answer(read: &Read, eye: Eye, w: &mut dyn Write) -> io::Result<()> {
    let seat_faults = read.seat_faults();
    let stored = read.stored(eye, &seat_faults);
    let (built, log) = match &read.detail.log {
        LogState::Kept => match frames::build(&stored) {
            Ok(built) => (Some(built), LogState::Kept),
            Err(e) => (None, LogState::Unreadable(e.to_string())),
        },
        other => (None, other.clone()),
    };
    let faults = match &built {
        Some(built) => built.faults.clone(),
        None => frames::fault_frames(&stored),
    };
    let summary = &read.detail.summary;
    Answer::new(summary, eye, log_json(&log), built.as_ref(), &faults).write(w)
}
