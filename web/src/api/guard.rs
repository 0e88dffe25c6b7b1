//! Layers over every API route: the request body read whole within its deadline and size, and
//! any error answer axum makes by itself (405, a rejection) turned into the API's JSON.

use std::time::Duration;

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use http_body_util::LengthLimitError;

use super::detail::Detail;
use super::{ApiError, MAX_BODY_BYTES, language};

/// The most characters of a plain-text error kept as a JSON error's detail.
const MAX_DETAIL_CHARS: usize = 300;

/// How long a request's body may take before the request counts as only waiting: from then on,
/// the listener may close its connection to make room for another client
/// ([`crate::listener::WaitMark`]).
pub const BODY_GRACE: Duration = Duration::from_secs(1);

/// How request bodies are read: within `timeout` and [`MAX_BODY_BYTES`], a module's upload
/// within `module_timeout` and `module_bytes`.
#[derive(Debug, Clone, Copy)]
pub struct BodyRules {
    /// How long a body may take to arrive.
    pub timeout: Duration,
    /// The largest module upload.
    pub module_bytes: usize,
    /// How long a module upload may take to arrive.
    pub module_timeout: Duration,
}

/// Reads the request's body before the handler does: 408 `body_timeout` if it has not all
/// arrived within its deadline, 413 `too_large` past [`MAX_BODY_BYTES`] (a module's upload:
/// `400 bad_module` past its limit). A client sending its body
/// slowly holds its connection for `deadline` at most, and past [`BODY_GRACE`] its connection is
/// among those closed first when the server is full.
pub async fn read_body(State(rules): State<BodyRules>, request: Request, next: Next) -> Response {
    let (parts, body) = request.into_parts();
    let announced = parts
        .headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    // A module's upload is the one body larger than a few KiB, and takes longer to arrive.
    let upload = parts.method == Method::PUT && parts.uri.path().ends_with("/module");
    let (limit, deadline) = match upload {
        true => (rules.module_bytes, rules.module_timeout),
        false => (MAX_BODY_BYTES, rules.timeout),
    };
    let refuse = |bytes| match upload {
        true => super::module::too_large(bytes, limit).into_response(),
        false => too_large().into_response(),
    };
    if announced.is_some_and(|n| n > limit as u64) {
        return refuse(announced);
    }
    let read = tokio::time::timeout(deadline, axum::body::to_bytes(body, limit));
    tokio::pin!(read);
    let read = match tokio::time::timeout(BODY_GRACE, &mut read).await {
        Ok(read) => read,
        Err(_) => {
            let _waiting = crate::listener::mark_waiting(&parts.extensions);
            read.await
        }
    };
    let bytes = match read {
        Ok(Ok(bytes)) => bytes,
        Ok(Err(error)) => {
            let error = error.into_inner();
            return match error.downcast_ref::<LengthLimitError>() {
                Some(_) => refuse(None),
                None => {
                    let detail = Detail::new("api-body-broken").text("reason", error);
                    ApiError::invalid("bad_body", detail).into_response()
                }
            };
        }
        Err(_) => {
            return ApiError::new(
                StatusCode::REQUEST_TIMEOUT,
                "body_timeout",
                Detail::new("api-body-timeout").number("ms", deadline.as_millis() as u64),
            )
            .into_response();
        }
    };
    next.run(Request::from_parts(parts, Body::from(bytes)))
        .await
}

fn too_large() -> ApiError {
    ApiError::new(
        StatusCode::PAYLOAD_TOO_LARGE,
        "too_large",
        Detail::new("api-body-too-large").number("max", MAX_BODY_BYTES as u64),
    )
}

/// Answers every error under `/api` as the API's `{"error", "detail"}` in the request's
/// language ([`language`]): an [`ApiError`] in that language, and an answer that is not JSON
/// (axum's own 405, or a rejection no handler mapped) turned into one, keeping its status and
/// headers. It wraps the whole app, outside the routes, because axum adds a 405's `Allow`
/// header there.
pub async fn json_errors(request: Request, next: Next) -> Response {
    if !request.uri().path().starts_with("/api") {
        return next.run(request).await;
    }
    let locale = language::of(request.headers());
    let mut response = next.run(request).await;
    if let Some(error) = response.extensions_mut().remove::<ApiError>() {
        let (parts, _) = response.into_parts();
        return language::answer(parts, &error, locale);
    }
    let status = response.status();
    let is_json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
    if is_json || !(status.is_client_error() || status.is_server_error()) {
        return response;
    }
    let (parts, body) = response.into_parts();
    let error = if status == StatusCode::METHOD_NOT_ALLOWED {
        let allowed = parts
            .headers
            .get(header::ALLOW)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("");
        let detail = Detail::new("api-method-not-allowed").text("allowed", allowed);
        ApiError::new(status, "method_not_allowed", detail)
    } else {
        let text = axum::body::to_bytes(body, 4 * MAX_DETAIL_CHARS)
            .await
            .unwrap_or_default();
        let text = String::from_utf8_lossy(&text);
        let detail: String = text.chars().take(MAX_DETAIL_CHARS).collect();
        ApiError::new(status, kind_of(status), Detail::english(detail))
    };
    language::answer(parts, &error, locale)
}

/// The error kind for a status when nothing more specific is known.
fn kind_of(status: StatusCode) -> &'static str {
    match status {
        StatusCode::BAD_REQUEST => "bad_request",
        StatusCode::UNAUTHORIZED => "unauthorized",
        StatusCode::NOT_FOUND => "not_found",
        StatusCode::REQUEST_TIMEOUT => "body_timeout",
        StatusCode::PAYLOAD_TOO_LARGE => "too_large",
        StatusCode::UNSUPPORTED_MEDIA_TYPE => "unsupported_media_type",
        s if s.is_server_error() => "internal",
        _ => "bad_request",
    }
}
