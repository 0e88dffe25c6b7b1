//! Owner authentication: `Authorization: Bearer <token>` names a bot's owner.

use axum::http::{HeaderMap, StatusCode, header};

use super::ApiError;
use crate::secrets;
use crate::store::{BotRecord, Store};

/// The bot `id`, if the request carries its owner's token: 401 without a valid token, 404 for an
/// unknown bot, 403 with another bot's token.
pub async fn owned_bot(
    store: &Store,
    headers: &HeaderMap,
    id: &str,
) -> Result<BotRecord, ApiError> {
    let unauthorized =
        |detail: &str| ApiError::new(StatusCode::UNAUTHORIZED, "unauthorized", detail);
    let value = headers
        .get(header::AUTHORIZATION)
        .ok_or_else(|| unauthorized("send the bot's token as `Authorization: Bearer <token>`"))?;
    let token = value
        .to_str()
        .ok()
        .and_then(|v| v.strip_prefix("Bearer "))
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .ok_or_else(|| unauthorized("the Authorization header must be `Bearer <token>`"))?;
    let owner = store
        .bot_id_by_token(&secrets::hash(token))
        .await?
        .ok_or_else(|| unauthorized("this token belongs to no bot"))?;
    let bot = store
        .bot(id)
        .await?
        .filter(|b| !b.deleted)
        .ok_or_else(|| ApiError::not_found("bot", id))?;
    if owner != bot.id {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            "forbidden",
            "this token belongs to another bot",
        ));
    }
    Ok(bot)
}
