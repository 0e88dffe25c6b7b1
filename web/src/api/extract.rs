//! The API's own `Path` and `Query` extractors: axum's, with a rejection that is the API's JSON
//! error instead of plain text (`/api/bots/%ff`, `?game=a&game=b`).

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use serde::de::DeserializeOwned;

use super::{ApiError, Detail};

/// Path parameters; 400 `bad_path` when they do not decode.
#[derive(Debug)]
pub struct Path<T>(pub T);

impl<T, S> FromRequestParts<S> for Path<T>
where
    T: DeserializeOwned + Send,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        match axum::extract::Path::<T>::from_request_parts(parts, state).await {
            Ok(axum::extract::Path(value)) => Ok(Path(value)),
            Err(rejection) => Err(ApiError::invalid(
                "bad_path",
                axum_words(rejection.body_text()),
            )),
        }
    }
}

/// The query string's fields; 400 `bad_query` when it does not read (a field given twice, a
/// value of the wrong type).
#[derive(Debug)]
pub struct Query<T>(pub T);

impl<T, S> FromRequestParts<S> for Query<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        match axum::extract::Query::<T>::from_request_parts(parts, state).await {
            Ok(axum::extract::Query(value)) => Ok(Query(value)),
            Err(rejection) => Err(ApiError::invalid(
                "bad_query",
                axum_words(rejection.body_text()),
            )),
        }
    }
}

/// axum's words for a path or query that does not read, the part that says what kind of
/// failure it is in the API's words (what serde found stays as it wrote it).
fn axum_words(text: String) -> Detail {
    let kinds = [
        ("Failed to deserialize query string: ", "api-bad-query"),
        ("Invalid URL: ", "api-bad-path"),
    ];
    for (prefix, id) in kinds {
        if let Some(reason) = text.strip_prefix(prefix) {
            return Detail::new(id).text("reason", reason);
        }
    }
    Detail::english(text)
}
