//! Practice matches: an owner plays their bot against house bots, or against itself.

use axum::Json;
use axum::extract::State;
use axum::extract::rejection::JsonRejection;

use super::extract::Path;
use axum::http::{HeaderMap, StatusCode};
use serde::Deserialize;
use serde_json::{Value, json};

use super::ApiError;
use super::auth::owned_bot;
use super::detail::{self, Detail, numbers};
use super::openapi::schemas::{ErrorBody, Queued};
use super::words::{house_bots, outside};
use crate::app::AppState;
use crate::proxy::ClientAddr;
use cardarena_contest::games::{self, GameInfo};
use cardarena_contest::ladder::new_seed;
use cardarena_contest::table_sizes;
use cardarena_store::{BotRecord, MatchKind, NewMatch};

/// The most practice matches one request may queue.
pub const MAX_PRACTICE_MATCHES: u32 = 100;

/// POST /api/bots/{id}/practice.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PracticeRequest {
    matches: u32,
    opponents: Vec<String>,
    #[serde(default)]
    #[schema(value_type = Option<Object>)]
    options: Option<Value>,
}

/// The refusal of a practice match of `players` seats, a size `bot` does not play: it names the
/// sizes it plays, the opponents that fit them, and how to play at this size too.
fn outside_its_sizes(bot: &BotRecord, info: &GameInfo, players: usize) -> ApiError {
    let sizes = table_sizes::of(bot, info.players);
    let opponents: Vec<usize> = sizes.iter().map(|n| n - 1).collect();
    let detail = Detail::new("api-practice-outside-sizes")
        .words(
            "outside",
            outside(bot, info, Detail::new("api-this-practice-match"), players),
        )
        .words("opponents", numbers(&opponents, true))
        .number("last", opponents.last().copied().unwrap_or(0) as u64)
        .number("size", players as u64);
    ApiError::invalid("outside_ladder_players", detail)
}

/// Queues practice matches of the owner's bot against the named house bots ("self" names the
/// bot itself). The bot's seat moves round the table from one match to the next.
#[utoipa::path(post, path = "/bots/{id}/practice", tag = "practice",
    params(("id" = String, Path, description = "The bot's id")),
    request_body(content = PracticeRequest, description = "`options` are the game's (`GET /api/games/{id}/schema`)"),
    security(("owner_token" = [])), responses(
    (status = 202, description = "Queued", body = Queued),
    (status = 400, description = "`bad_matches`, `bad_opponents`, `bad_options`, `bad_json`, `outside_ladder_players`: the table is a size the bot does not play (its `ladder_players`)", body = ErrorBody),
    (status = 401, description = "`unauthorized`: no valid bearer token", body = ErrorBody),
    (status = 403, description = "`forbidden`: another bot's token", body = ErrorBody),
    (status = 409, description = "`held`: the organiser paused or disqualified the bot", body = ErrorBody),
    (status = 429, description = "`rate_limited`: past the bot's limit of queued practice matches, or the network's share of practice matches this hour", body = ErrorBody,
        headers(("retry-after" = u32, description = "Seconds to wait before trying again"))),
))]
pub async fn start(
    State(state): State<AppState>,
    client: ClientAddr,
    headers: HeaderMap,
    Path(id): Path<String>,
    body: Result<Json<PracticeRequest>, JsonRejection>,
) -> Result<(StatusCode, Json<Value>), ApiError> {
    let bot = owned_bot(&state.store, &headers, &id).await?;
    super::organiser::refuse_held(&bot)?;
    let Json(request) = body?;
    if !(1..=MAX_PRACTICE_MATCHES).contains(&request.matches) {
        return Err(ApiError::invalid(
            "bad_matches",
            Detail::new("api-matches-range").number("max", MAX_PRACTICE_MATCHES.into()),
        ));
    }
    let info = games::game(&bot.game).ok_or_else(|| ApiError::internal("bot of no game"))?;
    let players = request.opponents.len() + 1;
    if !info.players.allows(players) {
        // Each count joined by "or" ("1 or 2 or 3"), as the English has always said it.
        let opponents: Vec<u64> = info.players.counts().map(|n| (n - 1) as u64).collect();
        let opponents = opponents
            .iter()
            .rev()
            .fold(None::<Detail>, |or, &n| match or {
                None => Some(Detail::new("api-list-one").number("item", n)),
                Some(rest) => Some(Detail::new("api-or").number("first", n).words("rest", rest)),
            });
        let last = info.players.max.saturating_sub(1) as u64;
        let detail = Detail::new("api-opponents-count")
            .text("game", info.id)
            .words("seats", detail::players(info.players))
            .words(
                "opponents",
                opponents.unwrap_or_else(|| Detail::new("api-list-none")),
            )
            .number("last", last);
        return Err(ApiError::invalid("bad_opponents", detail));
    }
    if !bot.plays_at(players) {
        return Err(outside_its_sizes(&bot, &info, players));
    }
    let options = match &request.options {
        None => info.options.clone(),
        Some(options) => games::check_options(info.id, options)
            .ok_or_else(|| ApiError::internal("game vanished"))?
            .map_err(|e| ApiError::invalid("bad_options", Detail::english(e)))?,
    };
    let mut opponents = Vec::with_capacity(request.opponents.len());
    for name in &request.opponents {
        let bot_id = if name == "self" {
            bot.id.clone()
        } else if info.has_house_bot(name) {
            state.store.ensure_house_bot(info.id, name).await?
        } else {
            return Err(ApiError::invalid(
                "bad_opponents",
                Detail::new("api-no-house-bot")
                    .quoted("name", name)
                    .text("game", info.id)
                    .words("bots", house_bots(&info)),
            ));
        };
        opponents.push(bot_id);
    }
    let new_matches: Vec<NewMatch> = {
        let mut rng = state.seeds.lock().map_err(ApiError::internal)?;
        (0..request.matches as usize)
            .map(|k| {
                let mut bot_ids = opponents.clone();
                bot_ids.insert(k % players, bot.id.clone());
                NewMatch {
                    game: info.id.to_string(),
                    options: options.clone(),
                    seed: new_seed(&mut rng),
                    kind: MatchKind::Practice,
                    rated: false,
                    deadline_ms: state.config.deadline_ms,
                    time_bank_ms: 0,
                    wall_clock_ms: None,
                    stage: None,
                    bot_ids,
                }
            })
            .collect()
    };
    let rate = &state.rates.practice;
    if let Err(past) = rate.allow(client, request.matches) {
        return Err(super::bots::network_limited(
            past,
            Detail::new("api-network-practice")
                .number("max", rate.hourly().into())
                .number("asked", request.matches.into()),
        ));
    }
    let limit = state.config.max_queued_practice;
    let ids = state
        .store
        .queue_practice(&bot.id, &new_matches, limit)
        .await?
        .map_err(|full| {
            ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                "rate_limited",
                Detail::new("api-practice-queue-full")
                    .text("bot", &bot.name)
                    .number("queued", full.queued)
                    .number("max", limit as u64)
                    .number("asked", request.matches.into()),
            )
        })?;
    state.scheduler.wake();
    Ok((StatusCode::ACCEPTED, Json(json!({"match_ids": ids}))))
}
