//! The API's errors: `{"error": "<kind>", "detail": "<text>"}` with the status that fits; the
//! kind is a stable English word for programs, the detail a sentence for people in the request's
//! language ([`Detail`], rendered by [`super::language`]).

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};

use cardarena_store::{StoreError, VERSIONS_PER_HOUR};

use super::detail::Detail;
use crate::locale::Locale;

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
    pub detail: Detail,
    /// Seconds after which asking again may succeed (`Retry-After`), for a 429 or 503.
    pub retry_after: Option<u64>,
}

impl ApiError {
    /// An error with this status, kind and detail.
    pub fn new(status: StatusCode, kind: &'static str, detail: impl Into<Detail>) -> ApiError {
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
    pub fn invalid(kind: &'static str, detail: impl Into<Detail>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, kind, detail)
    }

    /// 400 `unknown_game`: no game is named `name`; the detail lists those there are.
    pub fn unknown_game(name: &str) -> ApiError {
        let known: Vec<&str> = cardarena_contest::games::games()
            .iter()
            .map(|g| g.id)
            .collect();
        let detail = Detail::new("api-unknown-game")
            .quoted("name", name)
            .text("games", known.join(", "));
        ApiError::invalid("unknown_game", detail)
    }

    /// 404: no `what` has this id.
    pub fn not_found(what: Missing, id: &str) -> ApiError {
        let message = match what {
            Missing::Bot => "api-no-bot",
            Missing::Match => "api-no-match",
            Missing::Tournament => "api-no-tournament",
            Missing::Action => "api-no-action",
        };
        let detail = Detail::new(message).quoted("id", id);
        ApiError::new(StatusCode::NOT_FOUND, "not_found", detail)
    }

    /// 500: something broke on the server's side; the detail is logged, not shown.
    pub fn internal(error: impl std::fmt::Display) -> ApiError {
        tracing::error!("internal error: {error}");
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal",
            Detail::new("api-internal"),
        )
    }

    /// The answer's body in English: `{"error": kind, "detail": detail}`.
    pub fn body(&self) -> serde_json::Value {
        self.body_in(Locale::En)
    }

    /// The answer's body with the detail in `locale`.
    pub fn body_in(&self, locale: Locale) -> serde_json::Value {
        serde_json::json!({"error": self.kind, "detail": self.detail.render(locale)})
    }
}

/// What a 404 `not_found` found no such one of.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Missing {
    /// A bot.
    Bot,
    /// A match.
    Match,
    /// A tournament.
    Tournament,
    /// An organiser's action.
    Action,
}

/// The answer in English, carrying the error itself, from which the API's outer layer
/// ([`super::json_errors`]) answers it in the request's language.
impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut response = (self.status, Json(self.body())).into_response();
        if let Some(seconds) = self.retry_after {
            response
                .headers_mut()
                .insert(axum::http::header::RETRY_AFTER, seconds.into());
        }
        response.extensions_mut().insert(self);
        response
    }
}

/// Text written elsewhere, in English (a server's own refusal at its door, say).
impl From<String> for Detail {
    fn from(text: String) -> Detail {
        Detail::English(text)
    }
}

impl From<StoreError> for ApiError {
    fn from(error: StoreError) -> ApiError {
        match error {
            StoreError::NameTaken(name) => ApiError::new(
                StatusCode::CONFLICT,
                "name_taken",
                Detail::new("api-name-taken").quoted("name", &name),
            ),
            StoreError::Limited(detail) => {
                // The store's one limit so far, a bot's versions an hour, in the request's words.
                let detail = match detail.starts_with("a bot starts at most") {
                    true => {
                        Detail::new("api-versions-per-bot").number("max", VERSIONS_PER_HOUR.into())
                    }
                    false => Detail::English(detail),
                };
                ApiError::new(StatusCode::TOO_MANY_REQUESTS, "rate_limited", detail)
            }
            unavailable if unavailable.is_unavailable() => {
                tracing::warn!("database unavailable: {unavailable}");
                ApiError::new(
                    StatusCode::SERVICE_UNAVAILABLE,
                    "database_unavailable",
                    Detail::new("api-database-unavailable"),
                )
                .retry_after(DATABASE_RETRY_SECS)
            }
            other => ApiError::internal(other),
        }
    }
}
