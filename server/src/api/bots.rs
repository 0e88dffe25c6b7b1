//! Bot registration and management: register, list (paginated), show, change (URL, pause and
//! resume), remove.

use std::net::SocketAddr;

use axum::Json;
use axum::extract::rejection::JsonRejection;
use axum::extract::{ConnectInfo, State};

use super::extract::{Path, Query};
use axum::http::{HeaderMap, StatusCode};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::ApiError;
use super::auth::owned_bot;
use super::openapi::schemas::{Bot, BotPage, ErrorBody, Registered};
use crate::app::AppState;
use crate::games;
use crate::secrets;
use crate::store::{BotKind, BotRecord, NewBot, PauseReason};

/// The longest bot name.
pub const MAX_NAME_CHARS: usize = 40;

/// POST /api/bots.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Registration {
    name: String,
    url: String,
    game: String,
}

/// PATCH /api/bots/{id}: a new URL, a pause or resume, or both.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct BotChange {
    url: Option<String>,
    active: Option<bool>,
}

/// The query of GET /api/bots: `?game=` filter, `?limit=` and the `?after=` cursor.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    game: Option<String>,
    limit: Option<u32>,
    after: Option<String>,
}

/// Bots per page of GET /api/bots unless `?limit=` says otherwise.
pub const DEFAULT_PAGE: u32 = 50;
/// The most bots a page of GET /api/bots holds.
pub const MAX_PAGE: u32 = 200;

/// A bot as the API shows it.
#[derive(Debug, Serialize)]
struct BotJson {
    id: String,
    name: String,
    game: String,
    kind: &'static str,
    url: Option<String>,
    house_bot: Option<String>,
    created_at: i64,
    status: &'static str,
    status_reason: Option<&'static str>,
    status_detail: Option<String>,
    next_check_at: Option<i64>,
    recent_matches: u32,
    recent_faults: u32,
}

impl From<BotRecord> for BotJson {
    fn from(bot: BotRecord) -> BotJson {
        let (kind, url, house_bot) = match bot.kind {
            BotKind::Http { url } => ("http", Some(url), None),
            BotKind::House { house_id } => ("house", None, Some(house_id)),
            BotKind::Person => ("person", None, None),
        };
        let health = bot.health;
        BotJson {
            status: match health.paused {
                None => "active",
                Some(_) => "paused",
            },
            status_reason: health.paused.map(PauseReason::as_str),
            recent_faults: health.faults(),
            recent_matches: health.recent_matches,
            status_detail: health.detail,
            next_check_at: health.next_check_at,
            id: bot.id,
            name: bot.name,
            game: bot.game,
            kind,
            url,
            house_bot,
            created_at: bot.created_at,
        }
    }
}

/// Why a name is not acceptable, if it is not.
fn check_name(name: &str) -> Result<(), ApiError> {
    let ok_char = |c: char| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.');
    let count = name.chars().count();
    if count == 0 || count > MAX_NAME_CHARS {
        return Err(ApiError::invalid(
            "bad_name",
            format!("a name has 1 to {MAX_NAME_CHARS} characters"),
        ));
    }
    if !name.chars().all(ok_char) || !name.starts_with(|c: char| c.is_ascii_alphanumeric()) {
        return Err(ApiError::invalid(
            "bad_name",
            "a name is made of letters, digits, '-', '_' and '.', and starts with a letter or digit",
        ));
    }
    Ok(())
}

async fn check_url(state: &AppState, url: &str) -> Result<String, ApiError> {
    cardarena_bots::http::check_bot_url(url, state.config.address_policy())
        .await
        .map(|url| url.to_string())
        .map_err(|e| ApiError::invalid("bad_url", e.to_string()))
}

/// Registers a bot and shows its owner token and signing secret, once.
#[utoipa::path(post, path = "/bots", tag = "bots", request_body = Registration, responses(
    (status = 201, description = "Registered; the token and secret are shown this once", body = Registered),
    (status = 400, description = "`bad_name`, `bad_url`, `unknown_game`, `bad_json`", body = ErrorBody),
    (status = 409, description = "`name_taken`", body = ErrorBody),
    (status = 429, description = "`rate_limited`: too many registrations from this address (public mode)", body = ErrorBody),
))]
pub async fn register(
    State(state): State<AppState>,
    ConnectInfo(client): ConnectInfo<SocketAddr>,
    body: Result<Json<Registration>, JsonRejection>,
) -> Result<(StatusCode, Json<Value>), ApiError> {
    if let Some(limiter) = &state.registrations {
        if limiter.check_key(&client.ip()).is_err() {
            return Err(ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                "rate_limited",
                "too many registrations from this address; try again later",
            ));
        }
    }
    let Json(request) = body?;
    check_name(&request.name)?;
    if games::game(&request.game).is_none() {
        return Err(ApiError::unknown_game(&request.game));
    }
    let url = check_url(&state, &request.url).await?;
    let id = uuid::Uuid::new_v4().to_string();
    let token = secrets::random_token();
    let secret = state.key.bot_secret(&id);
    let bot = NewBot {
        id: id.clone(),
        name: request.name.clone(),
        game: request.game.clone(),
        kind: BotKind::Http { url: url.clone() },
        token_hash: Some(secrets::hash(&token)),
        secret_hash: Some(secrets::hash(&secret)),
    };
    state.store.insert_bot(&bot).await?;
    state.health.wake();
    tracing::info!(bot = %request.name, %url, "bot registered");
    let body = json!({
        "id": id, "name": request.name, "url": url, "game": request.game,
        "token": token, "secret": secret,
    });
    Ok((StatusCode::CREATED, Json(body)))
}

/// Lists the bots that are not removed, by name, of one game with `?game=`: a page of at most
/// `?limit=` ([`DEFAULT_PAGE`], at most [`MAX_PAGE`]) after the name `?after=`, with the cursor
/// of the next page in `"next"` (null on the last).
#[utoipa::path(get, path = "/bots", tag = "bots", params(ListQuery), responses(
    (status = 200, description = "A page of bots by name", body = BotPage),
    (status = 400, description = "`bad_query`: limit out of bounds, a field given twice", body = ErrorBody),
))]
pub async fn list(
    State(state): State<AppState>,
    Query(query): Query<ListQuery>,
) -> Result<Json<Value>, ApiError> {
    let limit = query.limit.unwrap_or(DEFAULT_PAGE);
    if !(1..=MAX_PAGE).contains(&limit) {
        return Err(ApiError::invalid(
            "bad_query",
            format!("limit is 1 to {MAX_PAGE}"),
        ));
    }
    let game = query.game.as_deref();
    let after = query.after.as_deref();
    // One more than asked shows whether a next page exists.
    let mut bots = state.store.bots_page(game, after, limit + 1).await?;
    let next = match bots.len() > limit as usize {
        true => {
            bots.truncate(limit as usize);
            bots.last().map(|b| b.name.clone())
        }
        false => None,
    };
    let mut out = Vec::with_capacity(bots.len());
    for bot in bots {
        out.push(with_rating(&state, bot).await?);
    }
    Ok(Json(json!({"bots": out, "next": next})))
}

async fn with_rating(state: &AppState, bot: BotRecord) -> Result<Value, ApiError> {
    let rating = state.store.rating_of(&bot.id).await?;
    let mut value = serde_json::to_value(BotJson::from(bot)).map_err(ApiError::internal)?;
    value["rating"] = match rating {
        Some(row) => super::matches::leader_json(&row),
        None => Value::Null,
    };
    Ok(value)
}

/// Shows one bot with its rating.
#[utoipa::path(get, path = "/bots/{id}", tag = "bots", params(("id" = String, Path, description = "The bot's id")), responses(
    (status = 200, description = "The bot", body = Bot),
))]
pub async fn show(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let bot = state
        .store
        .bot(&id)
        .await?
        .filter(|b| !b.deleted)
        .ok_or_else(|| ApiError::not_found("bot", &id))?;
    Ok(Json(with_rating(&state, bot).await?))
}

/// Changes the owner's bot: `"url"` points it at a new URL (it is pinged there before it plays
/// on the ladder again), `"active": false` pauses it, `"active": true` asks for a ping now and
/// resumes it once the ping passes.
#[utoipa::path(patch, path = "/bots/{id}", tag = "bots", params(("id" = String, Path, description = "The bot's id")),
    request_body = BotChange, security(("owner_token" = [])), responses(
    (status = 200, description = "The bot as changed", body = Bot),
    (status = 400, description = "`bad_request` (nothing to change), `bad_url`, `bad_json`", body = ErrorBody),
    (status = 401, description = "`unauthorized`: no valid bearer token", body = ErrorBody),
    (status = 403, description = "`forbidden`: another bot's token", body = ErrorBody),
))]
pub async fn update(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(id): Path<String>,
    body: Result<Json<BotChange>, JsonRejection>,
) -> Result<Json<Value>, ApiError> {
    let bot = owned_bot(&state.store, &headers, &id).await?;
    let Json(change) = body?;
    if change.url.is_none() && change.active.is_none() {
        return Err(ApiError::invalid(
            "bad_request",
            "say what to change: \"url\", \"active\" or both",
        ));
    }
    let url = match &change.url {
        Some(url) => Some(check_url(&state, url).await?),
        None => None,
    };
    if change.active == Some(false) {
        state.store.pause_by_owner(&bot.id).await?;
    }
    if let Some(url) = &url {
        state.store.set_bot_url(&bot.id, url).await?;
    }
    if change.active == Some(true) {
        state.store.resume_by_owner(&bot.id).await?;
    }
    state.health.wake();
    let bot = state
        .store
        .bot(&id)
        .await?
        .ok_or_else(|| ApiError::not_found("bot", &id))?;
    Ok(Json(with_rating(&state, bot).await?))
}

/// Removes the owner's bot: it plays no more; its results stay.
#[utoipa::path(delete, path = "/bots/{id}", tag = "bots", params(("id" = String, Path, description = "The bot's id")),
    security(("owner_token" = [])), responses(
    (status = 204, description = "Removed"),
    (status = 401, description = "`unauthorized`: no valid bearer token", body = ErrorBody),
    (status = 403, description = "`forbidden`: another bot's token", body = ErrorBody),
))]
pub async fn remove(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<StatusCode, ApiError> {
    let bot = owned_bot(&state.store, &headers, &id).await?;
    state.store.remove_bot(&bot.id).await?;
    Ok(StatusCode::NO_CONTENT)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_short_plain_words() {
        for good in ["rick", "Morty-2", "a.b_c", "x"] {
            assert!(check_name(good).is_ok(), "{good}");
        }
        let long = "a".repeat(MAX_NAME_CHARS + 1);
        for bad in [
            "",
            "-lead",
            "has space",
            "<script>",
            "greedy@durak",
            long.as_str(),
        ] {
            assert_eq!(check_name(bad).unwrap_err().kind, "bad_name", "{bad}");
        }
    }
}
