//! Tables for people (docs/api.md, "Tables"): `POST /api/tables` deals a table with person
//! seats, `GET /api/tables/{token}` is a seat's state (waiting for a change with `?after&wait`),
//! `POST` plays the seat's move and `DELETE` leaves the table.

use std::time::Duration;

use axum::body::Bytes;
use axum::extract::State;
use axum::extract::rejection::JsonRejection;
use axum::http::{HeaderMap, StatusCode};
use axum::{Extension, Json};
use serde::Deserialize;
use serde_json::{Value, json};

use super::ApiError;
use super::auth::{self, Requester};
use super::detail::{Detail, players};
use super::extract::{Path, Query};
use super::openapi::schemas::{ErrorBody, Move, SeatState, TableOpened};
use super::words::house_bots;
use crate::app::AppState;
use crate::listener::WaitMark;
use crate::proxy::ClientAddr;
use cardarena_bots::expert;
use cardarena_bots::thinking::Tenant;
use cardarena_contest::games;
use cardarena_contest::ladder::new_seed;
use cardarena_contest::secrets;
use cardarena_contest::tables::{MoveRefused, TableFacts, distinct_names};
use cardarena_store::{
    MatchKind, MatchSummary, NewMatch, NewTable, PersonSeat, TableLimits, TableRefusal,
};

/// The longest a seat's state request waits for a change (`?wait=`), in seconds.
pub const MAX_WAIT_SECS: u64 = 30;
/// How long a move waits for the game to take it before it answers.
const MOVE_SETTLES: Duration = Duration::from_secs(2);

/// POST /api/tables.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct TableRequest {
    game: String,
    seats: Vec<String>,
    #[serde(default)]
    #[schema(value_type = Option<Object>)]
    options: Option<Value>,
}

/// `?after=V&wait=S` of a seat's state.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub struct StateQuery {
    /// Wait until the state's version passes this one.
    #[serde(default)]
    after: Option<u64>,
    /// The longest to wait, seconds (at most 30).
    #[serde(default)]
    wait: Option<u64>,
}

fn bad_seats(detail: Detail) -> ApiError {
    ApiError::invalid("bad_seats", detail)
}

/// Deals a table with a seat for each entry of `seats` and plays it at once.
#[utoipa::path(post, path = "/tables", tag = "tables",
    request_body(content = TableRequest, description = "A seat per entry: `person`, a house bot or a registered bot's id"),
    security((), ("owner_token" = [])),
    responses(
    (status = 201, description = "Dealt; one token per person seat", body = TableOpened),
    (status = 400, description = "`unknown_game`, `bad_seats` (also: an expert past its default budget without a bot's token), `bad_options`, `bad_json`", body = ErrorBody),
    (status = 401, description = "`unauthorized`: a token that belongs to no bot", body = ErrorBody),
    (status = 429, description = "`rate_limited`: this address's or a bot's limit of tables", body = ErrorBody),
    (status = 503, description = "`tables_full`: the server has its limit of open tables", body = ErrorBody),
))]
pub async fn create(
    State(state): State<AppState>,
    client: ClientAddr,
    headers: HeaderMap,
    body: Result<Json<TableRequest>, JsonRejection>,
) -> Result<(StatusCode, Json<Value>), ApiError> {
    let requester = auth::requester(&state.store, &state.admin_hash, &headers).await?;
    let Json(request) = body?;
    let Some(info) = games::game(&request.game) else {
        return Err(ApiError::unknown_game(&request.game));
    };
    if !info.players.allows(request.seats.len()) {
        return Err(bad_seats(
            Detail::new("api-sizes-unseated")
                .text("game", info.id)
                .words("seats", players(info.players))
                .text("size", request.seats.len()),
        ));
    }
    if !request.seats.iter().any(|s| s == "person") {
        return Err(bad_seats(Detail::new("api-seats-no-person")));
    }
    let options = match &request.options {
        None => info.options.clone(),
        Some(options) => games::check_options(info.id, options)
            .ok_or_else(|| ApiError::internal("game vanished"))?
            .map_err(|e| ApiError::invalid("bad_options", Detail::english(e)))?,
    };
    let mut bot_ids = Vec::with_capacity(request.seats.len());
    let mut names = Vec::with_capacity(request.seats.len());
    let mut persons = Vec::new();
    let mut tokens = Vec::new();
    for (seat, name) in request.seats.iter().enumerate() {
        if name == "person" {
            bot_ids.push(state.store.ensure_person_bot(info.id).await?);
            names.push("person".to_string());
            let token = secrets::random_token();
            persons.push((seat, secrets::hash(&token)));
            tokens.push((seat, token));
        } else if info.has_house_bot(name) {
            refuse_long_thinking(&requester, seat, name)?;
            bot_ids.push(state.store.ensure_house_bot(info.id, name).await?);
            names.push(name.clone());
        } else {
            let bot = state
                .store
                .bot(name)
                .await?
                .filter(|b| !b.deleted && b.kind.is_contestant())
                .ok_or_else(|| {
                    bad_seats(
                        Detail::new("api-seat-unknown")
                            .number("seat", seat as u64)
                            .quoted("name", name)
                            .text("game", info.id)
                            .words("bots", house_bots(&info)),
                    )
                })?;
            if bot.game != info.id {
                return Err(bad_seats(
                    Detail::new("api-seat-other-game")
                        .number("seat", seat as u64)
                        .text("bot", &bot.name)
                        .text("plays", &bot.game)
                        .text("game", info.id),
                ));
            }
            if bot.health.paused.is_some() {
                return Err(bad_seats(
                    Detail::new("api-seat-paused")
                        .number("seat", seat as u64)
                        .text("bot", &bot.name),
                ));
            }
            bot_ids.push(bot.id.clone());
            names.push(bot.name.clone());
        }
    }
    let named: Vec<(String, String)> = bot_ids.iter().cloned().zip(names.clone()).collect();
    let seed = {
        let mut rng = state.seeds.lock().map_err(ApiError::internal)?;
        new_seed(&mut rng)
    };
    let table = NewTable {
        new_match: NewMatch {
            game: info.id.to_string(),
            options,
            seed,
            kind: MatchKind::Human,
            rated: state.config.rate_people,
            deadline_ms: state.config.deadline_ms,
            time_bank_ms: 0,
            wall_clock_ms: None,
            stage: None,
            bot_ids,
        },
        persons,
        client: client.to_string(),
    };
    let name_of = |id: &str| {
        named
            .iter()
            .find(|(bot, _)| bot == id)
            .map_or_else(|| "That bot".to_string(), |(_, name)| name.clone())
    };
    let claimed = state
        .store
        .open_table(
            &table,
            TableLimits {
                networks: state.config.networks,
                ..state.config.table_limits
            },
            state.scheduler.worker_id(),
        )
        .await?
        .map_err(|refusal| refused(refusal, name_of))?;
    let match_id = claimed.id.clone();
    state.tables.open(TableFacts {
        match_id: match_id.clone(),
        game: info.id.to_string(),
        persons: request.seats.iter().map(|s| s == "person").collect(),
        names: distinct_names(&names),
        payer: match requester {
            Requester::Organiser => Tenant::contest(),
            Requester::Owner(bot) => Tenant::owner(&bot),
            Requester::Anonymous => {
                Tenant::network(&state.config.networks.of(client.0).to_string())
            }
        },
    });
    state.scheduler.play_now(claimed);
    tracing::info!(%match_id, game = info.id, %client, "table opened");
    let seats: Vec<Value> = tokens
        .into_iter()
        .map(|(seat, token)| json!({"seat": seat, "url": format!("/play/{token}"), "token": token}))
        .collect();
    Ok((
        StatusCode::CREATED,
        Json(json!({"match_id": match_id, "seats": seats})),
    ))
}

/// Refuses seat `seat`'s house bot `name` when it is the expert with more than its default
/// budget and the table is opened without a bot's token: such searches are charged to an owner.
fn refuse_long_thinking(requester: &Requester, seat: usize, name: &str) -> Result<(), ApiError> {
    let long = expert::budget_ms(name).is_some_and(|ms| ms > expert::DEFAULT_BUDGET_MS);
    if long && *requester == Requester::Anonymous {
        return Err(bad_seats(
            Detail::new("api-seat-long-expert")
                .number("seat", seat as u64)
                .number("ms", expert::DEFAULT_BUDGET_MS.into())
                .text("expert", expert::ID),
        ));
    }
    Ok(())
}

/// The answer to a table the limits refuse, in words for the person who asked (the server's
/// flags that set each limit are in docs/operations.md, not here); `name_of` names a bot by id.
fn refused(refusal: TableRefusal, name_of: impl Fn(&str) -> String) -> ApiError {
    let limited = StatusCode::TOO_MANY_REQUESTS;
    let (status, kind, detail) = match refusal {
        TableRefusal::ServerFull(n) => (
            StatusCode::SERVICE_UNAVAILABLE,
            "tables_full",
            Detail::new("api-tables-server-full").number("count", n.into()),
        ),
        TableRefusal::ClientOpen(n) => (
            limited,
            "rate_limited",
            Detail::new("api-tables-client-open").number("count", n.into()),
        ),
        TableRefusal::NetworkOpen(n) => (
            limited,
            "rate_limited",
            Detail::new("api-tables-network-open").number("count", n.into()),
        ),
        TableRefusal::Reserved(n) => (
            limited,
            "rate_limited",
            Detail::new("api-tables-reserved").number("count", n.into()),
        ),
        TableRefusal::ClientHour(n) => (
            limited,
            "rate_limited",
            Detail::new("api-tables-client-hour").number("count", n.into()),
        ),
        TableRefusal::BotBusy(bot, n) => (
            limited,
            "rate_limited",
            Detail::new("api-tables-bot-busy")
                .text("bot", name_of(&bot))
                .number("count", n.into()),
        ),
        TableRefusal::BotHour(bot, n) => (
            limited,
            "rate_limited",
            Detail::new("api-tables-bot-hour")
                .text("bot", name_of(&bot))
                .number("count", n.into()),
        ),
    };
    ApiError::new(status, kind, detail)
}

/// 404 `not_found`: a token that is no seat's.
fn no_seat() -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        "not_found",
        Detail::new("api-no-seat"),
    )
}

/// The seat a token names; 404 for a token that is no seat's.
async fn seat_of(state: &AppState, token: &str) -> Result<PersonSeat, ApiError> {
    if token.is_empty() || token.len() > 128 {
        return Err(no_seat());
    }
    state
        .store
        .person_seat(&secrets::hash(token))
        .await?
        .ok_or_else(no_seat)
}

/// GET /api/tables/{token}: the seat's state, once it passes version `after` (or after `wait`).
#[utoipa::path(get, path = "/tables/{token}", tag = "tables", params(("token" = String, Path, description = "The seat's token"), StateQuery), responses(
    (status = 200, description = "The seat's state", body = SeatState),
    (status = 400, description = "`bad_query`: wait over 30 s", body = ErrorBody),
    (status = 429, description = "`rate_limited`: this address, or this table, has its limit of long polls waiting (`Retry-After`)", body = ErrorBody),
))]
pub async fn show(
    State(state): State<AppState>,
    client: ClientAddr,
    mark: Option<Extension<WaitMark>>,
    Path(token): Path<String>,
    Query(query): Query<StateQuery>,
) -> Result<Json<Value>, ApiError> {
    let seat = seat_of(&state, &token).await?;
    if query.wait.is_some_and(|w| w > MAX_WAIT_SECS) {
        return Err(ApiError::invalid(
            "bad_query",
            Detail::new("api-wait-range").number("max", MAX_WAIT_SECS),
        ));
    }
    let Some(table) = state.tables.get(&seat.match_id) else {
        return Ok(Json(stored_state(&state, &seat).await?));
    };
    if let (Some(after), Some(wait)) = (query.after, query.wait)
        && table.version() <= after
        && wait > 0
    {
        let _slot = state
            .tables
            .waiters
            .take(client.0, &seat.match_id)
            .map_err(|refused| {
                ApiError::new(
                    StatusCode::TOO_MANY_REQUESTS,
                    "rate_limited",
                    super::words::wait_refused(refused),
                )
                .retry_after(1)
            })?;
        let _waiting = mark.map(|Extension(mark)| mark.waiting());
        table.changed_after(after, Duration::from_secs(wait)).await;
    }
    Ok(Json(table.seat_state(seat.seat)))
}

/// POST /api/tables/{token}: plays the seat's move, and answers its state once the game took it.
#[utoipa::path(post, path = "/tables/{token}", tag = "tables", params(("token" = String, Path, description = "The seat's token")), request_body = Move, responses(
    (status = 200, description = "The seat's state after the move", body = SeatState),
    (status = 400, description = "`illegal_action`, `bad_action`: the turn stays the person's", body = ErrorBody),
    (status = 409, description = "`not_your_turn`, `replaced`, `match_over`", body = ErrorBody),
))]
pub async fn play(
    State(state): State<AppState>,
    Path(token): Path<String>,
    body: Bytes,
) -> Result<Json<Value>, ApiError> {
    let seat = seat_of(&state, &token).await?;
    let Some(table) = state.tables.get(&seat.match_id) else {
        return Err(move_refused(MoveRefused::Over));
    };
    let before = table.answer(seat.seat, &body).map_err(move_refused)?;
    table.changed_after(before, MOVE_SETTLES).await;
    Ok(Json(table.seat_state(seat.seat)))
}

fn move_refused(refused: MoveRefused) -> ApiError {
    match refused {
        MoveRefused::NotYourTurn => ApiError::new(
            StatusCode::CONFLICT,
            "not_your_turn",
            Detail::new("api-not-your-turn"),
        ),
        MoveRefused::Replaced => ApiError::new(
            StatusCode::CONFLICT,
            "replaced",
            Detail::new("api-seat-replaced"),
        ),
        MoveRefused::Over => ApiError::new(
            StatusCode::CONFLICT,
            "match_over",
            Detail::new("api-match-over"),
        ),
        MoveRefused::Bad(kind, detail) => {
            // The table's own sentences in the API's words; a bot protocol's reading of the
            // answer stays as that crate wrote it.
            let words = match detail.as_str() {
                "not a legal action" => Detail::new("api-not-legal"),
                "turn is the turn's number" => Detail::new("api-turn-number"),
                _ => Detail::english(detail),
            };
            ApiError::invalid(kind, words)
        }
    }
}

/// DELETE /api/tables/{token}: the person leaves; a house bot plays the seat on.
#[utoipa::path(delete, path = "/tables/{token}", tag = "tables", params(("token" = String, Path, description = "The seat's token")), responses(
    (status = 200, description = "The seat's state", body = SeatState),
))]
pub async fn leave(
    State(state): State<AppState>,
    Path(token): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let seat = seat_of(&state, &token).await?;
    let Some(table) = state.tables.get(&seat.match_id) else {
        return Ok(Json(stored_state(&state, &seat).await?));
    };
    if !table.is_over() {
        table.leave(seat.seat);
        tracing::info!(match_id = %seat.match_id, seat = seat.seat, "a person left a table");
    }
    Ok(Json(table.seat_state(seat.seat)))
}

/// A seat's state read from the store: a table no longer (or never, in this process) in memory.
async fn stored_state(state: &AppState, seat: &PersonSeat) -> Result<Value, ApiError> {
    let summary = state
        .store
        .match_summary(&seat.match_id)
        .await?
        .ok_or_else(|| ApiError::internal("a person seat of no match"))?;
    Ok(ended_state(&summary, seat.seat))
}

/// The `match_end` state of a stored match (`outcome` null unless it finished).
fn ended_state(summary: &MatchSummary, seat: usize) -> Value {
    let status = summary.status.as_str();
    let outcome = (status == "finished").then(|| {
        let seats: Vec<Value> = summary
            .seats
            .iter()
            .map(|s| json!({"rank": s.rank, "score": s.score}))
            .collect();
        json!({ "seats": seats })
    });
    let names: Vec<&str> = summary
        .seats
        .iter()
        .map(|s| match s.name.starts_with("person@") {
            true => "person",
            false => s.name.as_str(),
        })
        .collect();
    let names = distinct_names(&names);
    let replaced = summary
        .seats
        .get(seat)
        .and_then(|s| s.fault.as_ref())
        .map(|(kind, detail)| json!({"kind": kind, "detail": detail}));
    json!({
        "type": "match_end", "match_id": summary.id, "game": summary.game, "seat": seat,
        "outcome": outcome, "version": 0, "status": status, "players": summary.seats.len(),
        "names": names, "table": null, "recent": [], "replaced": replaced,
        "error": summary.error,
    })
}
