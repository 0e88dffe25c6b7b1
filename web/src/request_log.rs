//! The request log: every request runs in a `request` span carrying its request id, method,
//! route template, client address ([`ClientAddr`]: behind a trusted proxy, the forwarded one)
//! and, once the API knows it, the bot's id, so whatever it logs carries them too; its answer is
//! logged at `debug` (a server error at `warn`). The route's template is logged, never the path
//! itself, whose tokens (a table's seat, say) are secrets.
//!
//! The request id is the client's `X-Request-Id` when it is a short plain token (a proxy's, say),
//! or a new one; either way the answer carries it back, so a contestant reporting a problem can
//! quote it.

use std::time::Instant;

use axum::extract::{MatchedPath, Request};
use axum::http::HeaderValue;
use axum::middleware::Next;
use axum::response::Response;
use tracing::Instrument;

use crate::proxy::ClientAddr;

/// The header carrying a request's id, both ways.
pub const REQUEST_ID: &str = "x-request-id";

/// The longest client-given request id kept.
const MAX_REQUEST_ID: usize = 64;

/// Runs the request in its span and logs its answer. Added with `Router::layer`, so it sees the
/// matched route.
pub async fn trace(request: Request, next: Next) -> Response {
    let started = Instant::now();
    let id = request
        .headers()
        .get(REQUEST_ID)
        .and_then(|v| v.to_str().ok())
        .filter(|v| is_plain_token(v))
        .map_or_else(|| uuid::Uuid::new_v4().simple().to_string(), str::to_string);
    let route = route_of(&request);
    let client = request
        .extensions()
        .get::<ClientAddr>()
        .map(|c| c.0.to_string())
        .unwrap_or_default();
    let method = request.method().clone();
    let span = tracing::info_span!(
        "request",
        request_id = %id,
        %method,
        %route,
        %client,
        bot_id = tracing::field::Empty,
    );
    let mut response = next.run(request).instrument(span.clone()).await;
    let status = response.status();
    let ms = started.elapsed().as_millis() as u64;
    span.in_scope(|| {
        if status.is_server_error() {
            tracing::warn!(status = status.as_u16(), ms, "answered");
        } else {
            tracing::debug!(status = status.as_u16(), ms, "answered");
        }
    });
    if let Ok(value) = HeaderValue::from_str(&id) {
        response.headers_mut().insert(REQUEST_ID, value);
    }
    response
}

/// The template of the route a request matched (`/api/bots/{id}`), or `unmatched`: what the log
/// and the metrics name a request by, never its path. Needs a layer added with `Router::layer`,
/// which runs after routing.
pub fn route_of(request: &Request) -> String {
    request
        .extensions()
        .get::<MatchedPath>()
        .map_or("unmatched", |p| p.as_str())
        .to_string()
}

/// Records the bot a request acts for in its span (the API calls it once it knows).
pub fn record_bot(bot_id: &str) {
    tracing::Span::current().record("bot_id", bot_id);
}

/// Whether a client's request id is safe to log and echo: 1 to 64 letters, digits, `-`, `_`, `.`.
fn is_plain_token(id: &str) -> bool {
    !id.is_empty()
        && id.len() <= MAX_REQUEST_ID
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'))
}
