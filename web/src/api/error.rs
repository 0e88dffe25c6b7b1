//! The API's errors: `{"error": "<kind>", "detail": "<text>"}` with the status that fits.

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};

use cardarena_store::StoreError;

/// The `Retry-After` of a `503 database_unavailable`, in seconds.
const DATABASE_RETRY_SECS: u64 = 2;

/// An error answer of the API.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// A short, stable, machine-readable kind, e.g. "name_taken".
    pub kind: &'static str,
    /// What was wrong, for people.
    pub detail: String,
    /// Seconds after which asking again may succeed (`Retry-After`), for a 429 or 503.
    pub retry_after: Option<u64>,
}

impl ApiError {
    /// An error with this status, kind and detail.
    pub fn new(status: StatusCode, kind: &'static str, detail: impl Into<String>) -> ApiError {
        ApiError {
            status,
            kind,
            detail: detail.into(),
            retry_after: None,
        }
    }

    /// The same error, telling the client to ask again after `seconds` (`Retry-After`).
    pub fn retry_after(mut self, seconds: u64) -> ApiError {
        self.retry_after = Some(seconds);
        self
    }

    /// 400: a field of the request is not valid; `kind` names what.
    pub fn invalid(kind: &'static str, detail: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, kind, detail)
    }

    /// 400 `unknown_game`: no game is named `name`; the detail lists those there are.
    pub fn unknown_game(name: &str) -> ApiError {
        let known: Vec<&str> = cardarena_contest::games::games()
            .iter()
            .map(|g| g.id)
            .collect();
        ApiError::invalid(
            "unknown_game",
            format!("no game {name:?}; the games are {}", known.join(", ")),
        )
    }

    /// 404: nothing has this id.
    pub fn not_found(what: &str, id: &str) -> ApiError {
        ApiError::new(
            StatusCode::NOT_FOUND,
            "not_found",
            format!("no {what} {id:?}"),
        )
    }

    /// 500: something broke on the server's side; the detail is logged, not shown.
    pub fn internal(error: impl std::fmt::Display) -> ApiError {
        tracing::error!("internal error: {error}");
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal",
            "the server failed; the error is logged",
        )
    }

    /// The answer's body: `{"error": kind, "detail": detail}`.
    pub fn body(&self) -> serde_json::Value {
        serde_json::json!({"error": self.kind, "detail": self.detail})
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut response = (self.status, Json(self.body())).into_response();
        if let Some(seconds) = self.retry_after {
            response
                .headers_mut()
                .insert(axum::http::header::RETRY_AFTER, seconds.into());
        }
        response
    }
}

impl From<StoreError> for ApiError {
    fn from(error: StoreError) -> ApiError {
        match error {
            StoreError::NameTaken(name) => ApiError::new(
                StatusCode::CONFLICT,
                "name_taken",
                format!("a bot named {name:?} exists already"),
            ),
            StoreError::Limited(detail) => {
                ApiError::new(StatusCode::TOO_MANY_REQUESTS, "rate_limited", detail)
            }
            unavailable if unavailable.is_unavailable() => {
                tracing::warn!("database unavailable: {unavailable}");
                ApiError::new(
                    StatusCode::SERVICE_UNAVAILABLE,
                    "database_unavailable",
                    "the database cannot be reached right now; try again shortly",
                )
                .retry_after(DATABASE_RETRY_SECS)
            }
            other => ApiError::internal(other),
        }
    }
}
