//! Bot registration and management: register (an HTTP bot at a URL, a dial-out bot that
//! connects, or a module bot whose module is uploaded: [`super::module`]), list (paginated),
//! show, check an owner's token, change (URL or dial-out, pause and resume, the table sizes it
//! plays on the ladder: [`super::bot_sizes`]), start a new version, remove.

use axum::Json;
use axum::extract::State;
use axum::extract::rejection::JsonRejection;

use super::extract::{Path, Query};
use super::paging::{cut_page, page_limit};
use axum::http::{HeaderMap, StatusCode};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::auth::owned_bot;
use super::bot_sizes::{self, sizes_of};
use super::openapi::schemas::{self, Bot, BotPage, ErrorBody, Registered};
use super::{ApiError, Detail, Missing};
use crate::app::AppState;
use crate::limits::PastRate;
use crate::proxy::ClientAddr;
use cardarena_contest::games;
use cardarena_contest::health::probation_verdict;
use cardarena_contest::secrets;
use cardarena_store::{
    BotKind, BotRecord, BotVersion, MAX_NOTE_CHARS, NewBot, OrganiserHold, PauseReason, UnusedFull,
};

/// The path a dial-out bot opens its WebSocket on (docs/api.md, "Bots").
fn connect_path(id: &str) -> String {
    format!("/api/bots/{id}/connect")
}

/// The `Retry-After` of a `503 registrations_full`, in seconds: bots waiting for their first
/// ping are pinged within minutes.
const REGISTRATIONS_RETRY_SECS: u64 = 300;

/// A `429 rate_limited` of a limit per network, saying `detail` and, when waiting helps, how
/// long to wait (`Retry-After`).
pub(super) fn network_limited(past: PastRate, detail: Detail) -> ApiError {
    let error = ApiError::new(StatusCode::TOO_MANY_REQUESTS, "rate_limited", detail);
    match past.retry_after {
        Some(seconds) => error.retry_after(seconds),
        None => error,
    }
}

/// The longest bot name.
pub const MAX_NAME_CHARS: usize = 40;

/// POST /api/bots: an HTTP bot (`url`), a dial-out bot (`"connect": true`) or a module bot
/// (`"wasm": true`).
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Registration {
    name: String,
    url: Option<String>,
    connect: Option<bool>,
    wasm: Option<bool>,
    game: String,
    /// The table sizes it plays on the ladder (at most 16 entries, each a size the game seats);
    /// absent or null for every size the game seats.
    #[schema(value_type = Option<Vec<u32>>, nullable)]
    ladder_players: Option<Vec<u64>>,
}

/// PATCH /api/bots/{id}: a new program (a URL, or `"connect": true`), a pause or resume, or
/// both.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct BotChange {
    url: Option<String>,
    connect: Option<bool>,
    active: Option<bool>,
    /// The table sizes it plays on the ladder from now on (at most 16 entries, each a size the
    /// game seats); null for every size the game seats; absent leaves them as they are.
    #[serde(default, deserialize_with = "bot_sizes::present")]
    #[schema(value_type = Option<Vec<u32>>, nullable)]
    ladder_players: Option<Option<Vec<u64>>>,
}

/// A body without the `url` it needs: JSON of the wrong shape, as a missing field always is.
fn missing_url(id: &'static str) -> ApiError {
    ApiError::new(
        StatusCode::UNPROCESSABLE_ENTITY,
        "bad_json",
        Detail::new(id),
    )
}

/// Where a bot is to run, from a request's `url` and `connect`: `None` when it says neither.
async fn program(
    state: &AppState,
    url: Option<&str>,
    connect: Option<bool>,
) -> Result<Option<BotKind>, ApiError> {
    match (url, connect) {
        (Some(_), Some(true)) => Err(ApiError::invalid(
            "bad_request",
            Detail::new("api-url-and-connect"),
        )),
        (Some(url), _) => Ok(Some(BotKind::Http {
            url: check_url(state, url).await?,
        })),
        (None, Some(true)) => Ok(Some(BotKind::Dial)),
        (None, Some(false)) => Err(missing_url("api-connect-false-needs-url")),
        (None, None) => Ok(None),
    }
}

/// POST /api/bots/{id}/versions: what changed, optionally.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct VersionNote {
    note: Option<String>,
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
    connect: bool,
    connect_url: Option<String>,
    module: Option<String>,
    house_bot: Option<String>,
    created_at: i64,
    status: &'static str,
    status_reason: Option<&'static str>,
    status_detail: Option<String>,
    next_check_at: Option<i64>,
    recent_matches: u32,
    recent_faults: u32,
    ladder_players: Vec<usize>,
}

impl From<BotRecord> for BotJson {
    fn from(bot: BotRecord) -> BotJson {
        let ladder_players = sizes_of(&bot);
        let kind = bot.kind.as_str();
        let connect = bot.kind == BotKind::Dial;
        let (url, module, house_bot) = match bot.kind {
            BotKind::Http { url } => (Some(url), None, None),
            BotKind::Module { hash } => (None, hash, None),
            BotKind::House { house_id } => (None, None, Some(house_id)),
            BotKind::Dial | BotKind::Person => (None, None, None),
        };
        let health = bot.health;
        // The organiser's hold comes first: neither the owner nor the health loop lifts it.
        let reason = match bot.organiser {
            Some(OrganiserHold::Paused) => Some("organiser"),
            Some(OrganiserHold::Disqualified) => Some("disqualified"),
            None => health.paused.map(PauseReason::as_str),
        };
        BotJson {
            status: match reason {
                None => "active",
                Some(_) => "paused",
            },
            status_reason: reason,
            recent_faults: health.faults(),
            recent_matches: health.recent_matches,
            status_detail: health.detail,
            next_check_at: health.next_check_at,
            connect_url: connect.then(|| connect_path(&bot.id)),
            id: bot.id,
            name: bot.name,
            game: bot.game,
            kind,
            url,
            connect,
            module,
            house_bot,
            created_at: bot.created_at,
            ladder_players,
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
            Detail::new("api-name-length").number("max", MAX_NAME_CHARS as u64),
        ));
    }
    if !name.chars().all(ok_char) || !name.starts_with(|c: char| c.is_ascii_alphanumeric()) {
        return Err(ApiError::invalid(
            "bad_name",
            Detail::new("api-name-characters"),
        ));
    }
    Ok(())
}

async fn check_url(state: &AppState, url: &str) -> Result<String, ApiError> {
    cardarena_bots::http::check_bot_url(url, state.config.address_policy())
        .await
        .map(|url| url.to_string())
        .map_err(|e| ApiError::invalid("bad_url", super::words::url(e)))
}

/// Registers a bot (an HTTP bot at `url`, or a dial-out bot with `"connect": true`) and shows
/// its owner token and signing secret, once.
#[utoipa::path(post, path = "/bots", tag = "bots", request_body = Registration, responses(
    (status = 201, description = "Registered; the token and secret are shown this once", body = Registered),
    (status = 400, description = "`bad_name`, `bad_url`, `unknown_game`, `bad_ladder_players`, `bad_json`", body = ErrorBody),
    (status = 409, description = "`name_taken`", body = ErrorBody),
    (status = 429, description = "`rate_limited`: this network registered its share of bots this hour", body = ErrorBody,
        headers(("retry-after" = u32, description = "Seconds to wait before trying again"))),
    (status = 503, description = "`registrations_full`: the server holds as many unused bots (never answered, in no match) as it keeps", body = ErrorBody,
        headers(("retry-after" = u32, description = "Seconds to wait before trying again"))),
))]
pub async fn register(
    State(state): State<AppState>,
    client: ClientAddr,
    body: Result<Json<Registration>, JsonRejection>,
) -> Result<(StatusCode, Json<Value>), ApiError> {
    let rate = &state.rates.registrations;
    if let Err(past) = rate.allow(client, 1) {
        return Err(network_limited(
            past,
            Detail::new("api-network-registrations").number("max", rate.hourly().into()),
        ));
    }
    let Json(request) = body?;
    check_name(&request.name)?;
    let info = games::game(&request.game).ok_or_else(|| ApiError::unknown_game(&request.game))?;
    let sizes = bot_sizes::checked(&info, request.ladder_players.as_deref())?;
    let kind = match (request.wasm, &request.url, request.connect) {
        (Some(true), None, None) => Some(BotKind::Module { hash: None }),
        (Some(true), _, _) => {
            return Err(ApiError::invalid(
                "bad_request",
                Detail::new("api-module-bot-program"),
            ));
        }
        _ => program(&state, request.url.as_deref(), request.connect).await?,
    };
    let Some(kind) = kind else {
        return Err(missing_url("api-program-missing"));
    };
    let id = uuid::Uuid::new_v4().to_string();
    let token = secrets::random_token();
    let secret = state.key.bot_secret(&id);
    let bot = NewBot {
        id: id.clone(),
        name: request.name.clone(),
        game: request.game.clone(),
        kind,
        token_hash: Some(secrets::hash(&token)),
        secret_hash: Some(secrets::hash(&secret)),
        ladder_players: sizes,
    };
    let max_unused = state.config.limits.max_unused_bots;
    if let Err(UnusedFull(n)) = state.store.register_bot(&bot, max_unused).await? {
        tracing::warn!(%client, "registration refused: {n} unused bots");
        return Err(ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "registrations_full",
            Detail::new("api-registrations-full").number("count", n as u64),
        )
        .retry_after(REGISTRATIONS_RETRY_SECS));
    }
    state.health.wake();
    let url = match &bot.kind {
        BotKind::Http { url } => Some(url.as_str()),
        _ => None,
    };
    let connect = bot.kind == BotKind::Dial;
    let wasm = matches!(bot.kind, BotKind::Module { .. });
    let program = url.unwrap_or(if connect { "(dial-out)" } else { "(module)" });
    tracing::info!(bot = %request.name, program, %client, "bot registered");
    let body = json!({
        "id": id, "name": request.name, "url": url, "connect": connect,
        "connect_url": connect.then(|| connect_path(&id)), "wasm": wasm,
        "module_url": wasm.then(|| super::module::module_path(&id)), "game": request.game,
        "ladder_players": bot.ladder_players.clone().unwrap_or_else(|| info.players.counts().collect()), "token": token, "secret": secret,
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
    let limit = page_limit(query.limit, DEFAULT_PAGE, MAX_PAGE)?;
    let game = query.game.as_deref();
    let after = query.after.as_deref();
    let mut bots = state.store.bots_page(game, after, limit + 1).await?;
    let next = cut_page(&mut bots, limit, |b| b.name.clone());
    let mut out = Vec::with_capacity(bots.len());
    for bot in bots {
        out.push(with_rating(&state, bot).await?);
    }
    Ok(Json(json!({"bots": out, "next": next})))
}

/// A bot's JSON with its rating, its probation, its current version, its last few versions and
/// how many it ever started, and the organiser's hold and last actions.
pub(super) async fn with_rating(state: &AppState, bot: BotRecord) -> Result<Value, ApiError> {
    let rating = state.store.rating_of(&bot.id).await?;
    let mut versions = (state.store)
        .versions_before(&bot.id, None, super::bot_versions::SHOWN_VERSIONS)
        .await?;
    let total = versions.first().map_or(0, |v| v.version);
    versions.reverse();
    let probation = probation_json(state, &bot).await?;
    let organiser = super::organiser::organiser_json(&state.store, &bot).await?;
    let mut value = serde_json::to_value(BotJson::from(bot)).map_err(ApiError::internal)?;
    value["rating"] = match rating {
        Some(row) => super::matches::leader_json(&row),
        None => Value::Null,
    };
    value["probation"] = probation;
    value["version"] = json!(versions.last().map(|v| v.version));
    value["versions"] = versions.iter().map(version_json).collect();
    value["versions_total"] = json!(total);
    value["organiser"] = organiser;
    Ok(value)
}

/// A bot's probation as the API shows it (docs/api.md, "Bot health").
async fn probation_json(state: &AppState, bot: &BotRecord) -> Result<Value, ApiError> {
    let health = &bot.health;
    let on = health.paused == Some(PauseReason::Faults);
    let last = match &health.last_probation {
        Some(id) => state.store.probation_match(id, &bot.id).await?,
        None => None,
    };
    let last = last.and_then(|m| {
        let verdict = probation_verdict(&m)?;
        let (kind, detail) = m.fault.unzip();
        Some(json!({
            "match_id": m.match_id, "result": verdict.as_str(), "fault_kind": kind,
            "fault_detail": detail, "ended_at": m.ended_at,
        }))
    });
    let out = health.probation_match.clone().filter(|_| on);
    let next_at = health.next_check_at.filter(|_| on && out.is_none());
    Ok(json!({"on_probation": on, "match_id": out, "next_at": next_at, "last": last}))
}

/// A version as the API shows it.
pub(super) fn version_json(v: &BotVersion) -> Value {
    let (url, module) = match &v.kind {
        BotKind::Http { url } => (Some(url.as_str()), None),
        BotKind::Module { hash } => (None, hash.as_deref()),
        _ => (None, None),
    };
    json!({
        "version": v.version,
        "created_at": v.created_at,
        "note": v.note,
        "url": url,
        "connect": v.kind == BotKind::Dial,
        "module": module,
        "matches": v.matches,
        "rating": v.start.map(|s| json!({"mu": s.mu, "sigma": s.sigma, "rating": s.rating()})),
    })
}

/// Starts a new version of the owner's bot, whose program changed where it runs (its URL, or
/// dial-out, stays): its rating carries over with a wider uncertainty. The body is empty or
/// `{"note": "…"}` (at most [`MAX_NOTE_CHARS`] characters). Answers the new version.
#[utoipa::path(post, path = "/bots/{id}/versions", tag = "bots",
    params(("id" = String, Path, description = "The bot's id")),
    request_body(content = Option<VersionNote>, description = "Empty, or a note of at most 200 characters"),
    security(("owner_token" = [])), responses(
    (status = 201, description = "The new version", body = schemas::BotVersion),
    (status = 400, description = "`bad_note`: a note over 200 characters; `bad_json`", body = ErrorBody),
    (status = 401, description = "`unauthorized`: no valid bearer token", body = ErrorBody),
    (status = 403, description = "`forbidden`: another bot's token", body = ErrorBody),
    (status = 429, description = "`rate_limited`: 20 versions of the bot in the last hour already, or the network's share of versions this hour", body = ErrorBody,
        headers(("retry-after" = u32, description = "Seconds to wait before trying again"))),
))]
pub async fn new_version(
    State(state): State<AppState>,
    client: ClientAddr,
    headers: HeaderMap,
    Path(id): Path<String>,
    body: axum::body::Bytes,
) -> Result<(StatusCode, Json<Value>), ApiError> {
    let bot = owned_bot(&state.store, &headers, &id).await?;
    let note = match body.iter().all(u8::is_ascii_whitespace) {
        true => None,
        false => Json::<VersionNote>::from_bytes(&body)?.0.note,
    };
    if note
        .as_ref()
        .is_some_and(|n| n.chars().count() > MAX_NOTE_CHARS)
    {
        return Err(ApiError::invalid(
            "bad_note",
            Detail::new("api-note-length").number("max", MAX_NOTE_CHARS as u64),
        ));
    }
    allow_version(&state, client)?;
    let version = state
        .store
        .new_version(&bot.id, note.as_deref())
        .await?
        .ok_or_else(|| ApiError::not_found(Missing::Bot, &id))?;
    let versions = state.store.versions_before(&bot.id, None, 1).await?;
    let made = versions
        .iter()
        .find(|v| v.version == version)
        .ok_or_else(|| ApiError::internal(format!("version {version} of {id} vanished")))?;
    Ok((StatusCode::CREATED, Json(version_json(made))))
}

/// Counts a version started by `client` against its network's share.
pub(super) fn allow_version(state: &AppState, client: ClientAddr) -> Result<(), ApiError> {
    let rate = &state.rates.versions;
    rate.allow(client, 1).map_err(|past| {
        network_limited(
            past,
            Detail::new("api-network-versions").number("max", rate.hourly().into()),
        )
    })
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
        .ok_or_else(|| ApiError::not_found(Missing::Bot, &id))?;
    Ok(Json(with_rating(&state, bot).await?))
}

/// Checks the owner's token of a bot and answers the bot as `GET /api/bots/{id}` shows it:
/// changes nothing, so a page can check an id and a token given to it before keeping them.
#[utoipa::path(get, path = "/bots/{id}/owner", tag = "bots", params(("id" = String, Path, description = "The bot's id")),
    security(("owner_token" = [])), responses(
    (status = 200, description = "The token is the bot's own: the bot", body = Bot),
    (status = 401, description = "`unauthorized`: no valid bearer token, or a token of no bot", body = ErrorBody),
    (status = 403, description = "`forbidden`: another bot's token", body = ErrorBody),
))]
pub async fn owner(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let bot = owned_bot(&state.store, &headers, &id).await?;
    Ok(Json(with_rating(&state, bot).await?))
}

/// Changes the owner's bot: `"url"` points it at a new URL and `"connect": true` makes it a
/// dial-out bot (either way it is pinged before it plays on the ladder again, and a new program
/// starts a new version), `"active": false` pauses it, `"active": true` asks for a ping now and
/// resumes it once the ping passes, `"ladder_players"` names the table sizes it plays on the
/// ladder (null: every size).
#[utoipa::path(patch, path = "/bots/{id}", tag = "bots", params(("id" = String, Path, description = "The bot's id")),
    request_body = BotChange, security(("owner_token" = [])), responses(
    (status = 200, description = "The bot as changed", body = Bot),
    (status = 400, description = "`bad_request` (nothing to change), `bad_url`, `bad_ladder_players`, `bad_json`", body = ErrorBody),
    (status = 401, description = "`unauthorized`: no valid bearer token", body = ErrorBody),
    (status = 403, description = "`forbidden`: another bot's token", body = ErrorBody),
    (status = 409, description = "`outside_ladder_players`: a tournament the bot is entered in seats it at a table size the new list leaves out (nothing changes)", body = ErrorBody),
    (status = 429, description = "`rate_limited`: a new URL would be the bot's 21st version in an hour, or pass the network's share of versions this hour (nothing changes)", body = ErrorBody,
        headers(("retry-after" = u32, description = "Seconds to wait before trying again"))),
))]
pub async fn update(
    State(state): State<AppState>,
    client: ClientAddr,
    headers: HeaderMap,
    Path(id): Path<String>,
    body: Result<Json<BotChange>, JsonRejection>,
) -> Result<Json<Value>, ApiError> {
    let bot = owned_bot(&state.store, &headers, &id).await?;
    let Json(change) = body?;
    let program = program(&state, change.url.as_deref(), change.connect).await?;
    if program.is_none() && change.active.is_none() && change.ladder_players.is_none() {
        return Err(ApiError::invalid(
            "bad_request",
            Detail::new("api-nothing-to-change"),
        ));
    }
    let sizes = match &change.ladder_players {
        Some(sizes) => Some(bot_sizes::change(&state, &bot, sizes.as_deref()).await?),
        None => None,
    };
    if program.as_ref().is_some_and(|p| *p != bot.kind) {
        allow_version(&state, client)?;
    }
    if let Some(sizes) = &sizes {
        state
            .store
            .set_ladder_players(&bot.id, sizes.as_deref())
            .await?;
    }
    if change.active == Some(false) {
        state.store.pause_by_owner(&bot.id).await?;
    }
    if let Some(program) = &program {
        state.store.set_bot_program(&bot.id, program).await?;
        if !matches!(program, BotKind::Dial) {
            // A bot called at a URL from now on: its open connections serve nothing.
            state.switchboard.hang_up(&bot.id);
        }
    }
    if change.active == Some(true) {
        state.store.resume_by_owner(&bot.id).await?;
    }
    state.health.wake();
    let bot = state
        .store
        .bot(&id)
        .await?
        .ok_or_else(|| ApiError::not_found(Missing::Bot, &id))?;
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
    state.switchboard.hang_up(&bot.id);
    // Its queued tournament matches were cancelled: a stage they were the last of is over.
    if let Err(e) = cardarena_contest::tournament::resume(&state.store).await {
        tracing::error!("settling the tournaments after a removal: {e}");
    }
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
