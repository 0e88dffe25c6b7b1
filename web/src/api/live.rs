//! A match as it is played: GET /api/matches/{id}/live, server-sent events (docs/api.md).

use std::convert::Infallible;
use std::time::Duration;

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use cardarena_engine::Eye;
use futures_util::stream::{self, Stream, StreamExt};
use tokio::sync::broadcast::error::RecvError;

use super::ApiError;
use super::extract::Path;
use super::frames::{Answer, Read, log_json, sealed_log};
use super::openapi::schemas::ErrorBody;
use crate::app::AppState;
use cardarena_contest::frames::{self, Frames};
use cardarena_contest::live::{LiveEvent, Subscription};
use cardarena_store::{Disclosure, LogState, MatchStatus};

/// How often a quiet feed sends a keep-alive comment.
const KEEP_ALIVE: Duration = Duration::from_secs(15);
/// When a feed of a match not being played yet closes, how soon the browser's `EventSource`
/// should come back.
const RETRY_QUEUED: Duration = Duration::from_secs(3);
/// How soon the browser should ask again about a sealed match: its page opens within this
/// long of the last table of its deal ending.
const RETRY_SEALED: Duration = Duration::from_secs(2);

/// GET /api/matches/{id}/live: `initial` (the public frames so far), then `frame` and `fault`
/// events as the match is played, and `end`. A finished match gets `end` at once; a match not
/// being played here yet gets its `initial` and a hint to reconnect in a few seconds. 429
/// `rate_limited` past the cap on live viewers.
#[utoipa::path(get, path = "/matches/{id}/live", tag = "matches", params(("id" = String, Path, description = "The match's id")), responses(
    (status = 200, description = "Server-sent events: `initial` (data: the `Frames` answer so far, eye `public`), \
        then `frame` (a `Frame`) and `fault` (a `FaultFrame`) as the match is played, and `end` \
        (`{\"steps\"}`, or `{\"status\"}` for a match that is over)", content_type = "text/event-stream", body = String),
    (status = 429, description = "`rate_limited`: too many live viewers", body = ErrorBody),
))]
pub async fn live(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let read = Read::of(&state, &id).await?;
    let summary = &read.detail.summary;
    let tables_left = state.store.deal_tables_left(summary).await?;
    if Disclosure::of(summary.status, tables_left) == Disclosure::Sealed {
        // Not even the public moves: they would tell another table its deal. How many tables
        // keep it sealed is no secret (a tournament's matches are listed).
        let mut log = sealed_log();
        log["tables_left"] = tables_left.into();
        let answer = Answer::new(summary, Eye::Public, log, None, &[]);
        let data = serde_json::to_string(&answer).map_err(ApiError::internal)?;
        let initial = Event::default()
            .event("initial")
            .data(data)
            .retry(RETRY_SEALED);
        return Ok(sse(stream::once(async { initial })));
    }
    // Played by a worker (not here): follow it through a mirror.
    state.mirrors.follow(summary);
    let subscription = state.live.subscribe(&summary.id).map_err(|full| {
        ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "rate_limited",
            super::words::live_full(full),
        )
    })?;
    if let Some(subscription) = subscription {
        let initial = initial_event(&read, &subscription.initial)?;
        return Ok(sse(
            stream::once(async { initial }).chain(events(subscription))
        ));
    }
    // Not being played here: it may have ended between the read above and the subscription (its
    // result stored, then its feed ended). Read again, so such a viewer gets `end` now rather
    // than the dealt table and a reconnection seconds later.
    let status = match summary.status {
        MatchStatus::Running => Read::of(&state, &id).await?.detail.summary.status,
        status => status,
    };
    match status {
        MatchStatus::Queued | MatchStatus::Running => {
            let seat_faults = read.seat_faults();
            let stored = read.stored(Eye::Public, &seat_faults);
            let dealt = frames::build(&stored).map_err(ApiError::internal)?;
            let initial = initial_event(&read, &dealt)?.retry(RETRY_QUEUED);
            Ok(sse(stream::once(async { initial })))
        }
        status => {
            let end = Event::default()
                .event("end")
                .data(format!("{{\"status\":\"{}\"}}", status.as_str()));
            Ok(sse(stream::once(async { end })))
        }
    }
}

fn sse(events: impl Stream<Item = Event> + Send + 'static) -> Response {
    Sse::new(events.map(Ok::<_, Infallible>))
        .keep_alive(KeepAlive::new().interval(KEEP_ALIVE))
        .into_response()
}

/// The `initial` event: the frames answer so far, public.
fn initial_event(read: &Read, frames: &Frames) -> Result<Event, ApiError> {
    let summary = &read.detail.summary;
    let answer = Answer::new(
        summary,
        Eye::Public,
        log_json(&LogState::Kept),
        Some(frames),
        &frames.faults,
    );
    let data = serde_json::to_string(&answer).map_err(ApiError::internal)?;
    Ok(Event::default().event("initial").data(data))
}

/// The subscription's events until `end`; a subscriber that fell behind is dropped (its stream
/// ends), as is every one when the registry drops the match.
fn events(subscription: Subscription) -> impl Stream<Item = Event> + Send + 'static {
    stream::unfold(Some(subscription), |subscription| async move {
        let mut subscription = subscription?;
        match subscription.events.recv().await {
            Ok(LiveEvent { name, data }) => {
                let event = Event::default().event(name).data(&*data);
                let next = (name != "end").then_some(subscription);
                Some((event, next))
            }
            Err(RecvError::Lagged(_)) | Err(RecvError::Closed) => None,
        }
    })
}
