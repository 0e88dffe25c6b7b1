//! Authentication: `Authorization: Bearer <token>` names a bot's owner, or the organiser.

use axum::http::{HeaderMap, StatusCode, header};

use super::{ApiError, Detail, Missing};
use cardarena_contest::secrets;
use cardarena_store::{BotRecord, Store};

fn unauthorized(id: &'static str) -> ApiError {
    ApiError::new(StatusCode::UNAUTHORIZED, "unauthorized", Detail::new(id))
}

/// The bearer token of a request: 401 without a well-formed one (no header, a scheme other than
/// Bearer, which is matched without regard to case, an empty token, or bytes that are not
/// visible ASCII).
fn bearer(headers: &HeaderMap) -> Result<&str, ApiError> {
    let value = headers
        .get(header::AUTHORIZATION)
        .ok_or_else(|| unauthorized("api-token-missing"))?;
    let text = value
        .to_str()
        .map_err(|_| unauthorized("api-token-not-ascii"))?;
    let (scheme, token) = text.trim().split_once(' ').unwrap_or((text.trim(), ""));
    if !scheme.eq_ignore_ascii_case("bearer") {
        return Err(unauthorized("api-token-not-bearer"));
    }
    let token = token.trim();
    if token.is_empty() {
        return Err(unauthorized("api-token-empty"));
    }
    Ok(token)
}

/// Passes a request that carries the organiser's token: 401 without a token, 403 with another.
pub fn admin(admin_hash: &str, headers: &HeaderMap) -> Result<(), ApiError> {
    if secrets::hash(bearer(headers)?) != admin_hash {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            "forbidden",
            Detail::new("api-not-organiser"),
        ));
    }
    Ok(())
}

/// The bot `id`, if the request carries its owner's token: 401 without a valid token, 404 for an
/// unknown bot, 403 with another bot's token.
pub async fn owned_bot(
    store: &Store,
    headers: &HeaderMap,
    id: &str,
) -> Result<BotRecord, ApiError> {
    let owner = store
        .bot_id_by_token(&secrets::hash(bearer(headers)?))
        .await?
        .ok_or_else(|| unauthorized("api-token-unknown"))?;
    let bot = store
        .bot(id)
        .await?
        .filter(|b| !b.deleted)
        .ok_or_else(|| ApiError::not_found(Missing::Bot, id))?;
    if owner != bot.id {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            "forbidden",
            Detail::new("api-token-other-bot"),
        ));
    }
    crate::request_log::record_bot(&bot.id);
    Ok(bot)
}

/// Who sent a request that anyone may send, for what it is charged to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Requester {
    /// The organiser's token.
    Organiser,
    /// A bot's owner's token, by the bot's id.
    Owner(String),
    /// No token.
    Anonymous,
}

/// Who sent the request: the organiser, a bot's owner, or (no `Authorization` header) nobody
/// known; 401 for a token that is malformed or belongs to nobody.
pub async fn requester(
    store: &Store,
    admin_hash: &str,
    headers: &HeaderMap,
) -> Result<Requester, ApiError> {
    if !headers.contains_key(header::AUTHORIZATION) {
        return Ok(Requester::Anonymous);
    }
    let hash = secrets::hash(bearer(headers)?);
    if hash == admin_hash {
        return Ok(Requester::Organiser);
    }
    let bot = store
        .bot_id_by_token(&hash)
        .await?
        .ok_or_else(|| unauthorized("api-token-unknown"))?;
    crate::request_log::record_bot(&bot);
    Ok(Requester::Owner(bot))
}
