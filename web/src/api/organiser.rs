//! The organiser's actions on any contestant's bot, with the organiser's token:
//! `POST /api/admin/bots/{id}/{action}` (`pause`, `resume`, `disqualify`, `reinstate`, `delete`)
//! with `{"reason", "by"}`; and the record of them, which everyone may read: the last few in the
//! bot's JSON (`"organiser"`), the rest a page at a time at `GET /api/bots/{id}/organiser-actions`.

use axum::Json;
use axum::extract::State;
use axum::extract::rejection::JsonRejection;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde_json::{Value, json};

use super::auth;
use super::extract::{Path, Query};
use super::openapi::organiser::ActionPage;
use super::openapi::schemas::{Bot, ErrorBody};
use super::paging::{cut_page, page_limit};
use super::{ApiError, Detail, Missing};
use crate::app::AppState;
use cardarena_store::{
    ActionRefused, BotRecord, OrganiserAction, OrganiserActionRecord, OrganiserHold, Store,
    StoreError,
};

/// The longest reason, in characters.
pub const MAX_REASON_CHARS: usize = 500;
/// The longest name of the organiser (`by`), in characters.
pub const MAX_BY_CHARS: usize = 60;
/// Who took an action that does not say.
pub const DEFAULT_BY: &str = "organiser";
/// How many of the organiser's last actions a bot's JSON lists.
pub const SHOWN_ACTIONS: u32 = 5;
/// Actions per page of `GET /api/bots/{id}/organiser-actions` unless `?limit=` says otherwise.
const DEFAULT_LIMIT: u32 = 20;
/// The most actions a page holds.
const MAX_LIMIT: u32 = 100;

/// The body of an action: why (required) and who (optional).
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ActionRequest {
    reason: String,
    by: Option<String>,
}

/// `text` trimmed, if it has 1 to `max` characters and no control characters but line breaks
/// and tabs; `400 kind` otherwise (`bad_reason` or `bad_by`), the detail naming what it is.
fn checked<'a>(text: &'a str, kind: &'static str, max: usize) -> Result<&'a str, ApiError> {
    let (length, control) = match kind {
        "bad_by" => ("api-by-length", "api-by-control"),
        _ => ("api-reason-length", "api-reason-control"),
    };
    let text = text.trim();
    let count = text.chars().count();
    if count == 0 || count > max {
        let detail = Detail::new(length)
            .number("max", max as u64)
            .number("count", count as u64);
        return Err(ApiError::invalid(kind, detail));
    }
    if text
        .chars()
        .any(|c| c.is_control() && c != '\n' && c != '\t')
    {
        return Err(ApiError::invalid(kind, Detail::new(control)));
    }
    Ok(text)
}

/// Why an action does not apply to a bot held so.
fn wrong_state(name: &str, action: OrganiserAction, hold: Option<OrganiserHold>) -> ApiError {
    let now = match hold {
        None => "api-hold-none",
        Some(OrganiserHold::Paused) => "api-hold-paused",
        Some(OrganiserHold::Disqualified) => "api-hold-disqualified",
    };
    let fits = match action {
        OrganiserAction::Pause => "api-only-pause",
        OrganiserAction::Resume => "api-only-resume",
        OrganiserAction::Disqualify => "api-only-disqualify",
        OrganiserAction::Reinstate => "api-only-reinstate",
        OrganiserAction::Delete => "api-only-delete",
    };
    let detail = Detail::new("api-wrong-state")
        .text("bot", name)
        .words("now", Detail::new(now))
        .words("fits", Detail::new(fits));
    ApiError::new(StatusCode::CONFLICT, "wrong_state", detail)
}

/// The organiser's action `action` on the contestant's bot `id`: `pause` (it plays no match until
/// resumed: its queued matches are cancelled, a tournament's wait), `resume`, `disqualify` (it
/// plays no match, enters no tournament, ranks nowhere; its results are kept and its queued
/// matches cancelled), `reinstate`, or `delete` (as its owner's). The body says why and, if the
/// organiser likes, who. Answers the bot as `GET /api/bots/{id}` shows it, or 204 for a deletion.
#[utoipa::path(post, path = "/admin/bots/{id}/{action}", tag = "organiser",
    params(
        ("id" = String, Path, description = "The bot's id"),
        ("action" = super::openapi::organiser::ActionName, Path, description = "What to do"),
    ),
    request_body(content = ActionRequest, description = "Why (1 to 500 characters) and, optionally, who (1 to 60; \"organiser\" by default)"),
    security(("organiser_token" = [])), responses(
    (status = 200, description = "Done: the bot as it is now", body = Bot),
    (status = 204, description = "Deleted"),
    (status = 400, description = "`bad_reason`: no reason, or one over 500 characters; `bad_by`: a name over 60 characters; `bad_json`", body = ErrorBody),
    (status = 401, description = "`unauthorized`: no valid bearer token", body = ErrorBody),
    (status = 403, description = "`forbidden`: not the organiser's token", body = ErrorBody),
    (status = 404, description = "`not_found`: no such bot (or it was removed), or no such action", body = ErrorBody),
    (status = 409, description = "`wrong_state`: the action does not apply to the bot as it is (a resume of a bot not paused by the organiser, say); `not_a_contestant`: a house bot or the people's row", body = ErrorBody),
))]
pub async fn act(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path((id, action)): Path<(String, String)>,
    body: Result<Json<ActionRequest>, JsonRejection>,
) -> Result<Response, ApiError> {
    auth::admin(&state.admin_hash, &headers)?;
    let action = OrganiserAction::ALL
        .into_iter()
        .find(|a| a.as_str() == action)
        .ok_or_else(|| ApiError::not_found(Missing::Action, &action))?;
    let Json(request) = body?;
    let reason = checked(&request.reason, "bad_reason", MAX_REASON_CHARS)?;
    let by = match &request.by {
        Some(by) => checked(by, "bad_by", MAX_BY_CHARS)?,
        None => DEFAULT_BY,
    };
    let bot = (state.store.bot(&id).await?)
        .filter(|b| !b.deleted)
        .ok_or_else(|| ApiError::not_found(Missing::Bot, &id))?;
    match state.store.organiser_act(&id, action, reason, by).await? {
        Ok(()) => {}
        Err(ActionRefused::NoSuchBot) => return Err(ApiError::not_found(Missing::Bot, &id)),
        Err(ActionRefused::NotContestant) => {
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                "not_a_contestant",
                Detail::new("api-not-a-contestant").text("bot", &bot.name),
            ));
        }
        Err(ActionRefused::Held(hold)) => return Err(wrong_state(&bot.name, action, hold)),
    }
    tracing::warn!(bot = %bot.name, action = action.as_str(), by, reason, "organiser's action");
    if action == OrganiserAction::Delete {
        state.switchboard.hang_up(&bot.id);
    }
    if matches!(
        action,
        OrganiserAction::Disqualify | OrganiserAction::Delete
    ) {
        // Its tournament matches were cancelled: a stage they were the last of is over.
        if let Err(e) = cardarena_contest::tournament::resume(&state.store).await {
            tracing::error!("settling the tournaments after an organiser's action: {e}");
        }
    }
    state.scheduler.wake();
    state.health.wake();
    if action == OrganiserAction::Delete {
        return Ok(StatusCode::NO_CONTENT.into_response());
    }
    let bot =
        (state.store.bot(&id).await?).ok_or_else(|| ApiError::not_found(Missing::Bot, &id))?;
    Ok(Json(super::bots::with_rating(&state, bot).await?).into_response())
}

/// An action as the API shows it.
fn action_json(a: &OrganiserActionRecord) -> Value {
    json!({
        "number": a.number, "action": a.action.as_str(), "reason": a.reason, "by": a.by,
        "at": a.at,
    })
}

/// The organiser's hold on `bot` and the last [`SHOWN_ACTIONS`] actions, oldest first, with how
/// many there were (docs/api.md, "The organiser's actions").
pub(super) async fn organiser_json(store: &Store, bot: &BotRecord) -> Result<Value, StoreError> {
    let mut actions = store
        .organiser_actions(&bot.id, None, SHOWN_ACTIONS)
        .await?;
    let total = match actions.len() < SHOWN_ACTIONS as usize {
        true => actions.len() as u64,
        false => store.organiser_action_count(&bot.id).await?,
    };
    actions.reverse();
    Ok(json!({
        "hold": bot.organiser.map(OrganiserHold::as_str),
        "actions": actions.iter().map(action_json).collect::<Vec<_>>(),
        "actions_total": total,
    }))
}

/// `409 held` if the organiser holds `bot`: it plays no match, practice included.
pub(super) fn refuse_held(bot: &BotRecord) -> Result<(), ApiError> {
    let id = match bot.organiser {
        None => return Ok(()),
        Some(OrganiserHold::Paused) => "api-held-paused",
        Some(OrganiserHold::Disqualified) => "api-held-disqualified",
    };
    let detail = Detail::new(id).text("bot", &bot.name);
    Err(ApiError::new(StatusCode::CONFLICT, "held", detail))
}

/// The query of `GET /api/bots/{id}/organiser-actions`: `?before=` and `?limit=`.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ActionsQuery {
    /// Only actions older than this one (the previous page's `next`).
    before: Option<i64>,
    /// How many, 1 to 100 (default 20).
    limit: Option<u32>,
}

/// Lists the organiser's actions on a bot, newest first: a page of at most `?limit=` older than
/// `?before=`, with the cursor of the next page in `"next"` (null on the last) and how many there
/// are in `"total"`.
#[utoipa::path(get, path = "/bots/{id}/organiser-actions", tag = "organiser",
    params(("id" = String, Path, description = "The bot's id"), ActionsQuery),
    responses(
    (status = 200, description = "A page of actions, newest first", body = ActionPage),
    (status = 400, description = "`bad_query`: limit out of bounds", body = ErrorBody),
    (status = 404, description = "`not_found`: no such bot", body = ErrorBody),
))]
pub async fn actions(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Query(query): Query<ActionsQuery>,
) -> Result<Json<Value>, ApiError> {
    let limit = page_limit(query.limit, DEFAULT_LIMIT, MAX_LIMIT)?;
    let bot = (state.store.bot(&id).await?)
        .filter(|b| !b.deleted)
        .ok_or_else(|| ApiError::not_found(Missing::Bot, &id))?;
    let total = state.store.organiser_action_count(&bot.id).await?;
    let mut actions = (state.store)
        .organiser_actions(&bot.id, query.before, limit + 1)
        .await?;
    let next = cut_page(&mut actions, limit, |a| a.number);
    let actions: Vec<Value> = actions.iter().map(action_json).collect();
    Ok(Json(
        json!({"actions": actions, "next": next, "total": total}),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reasons_and_names_are_bounded_plain_text() {
        assert_eq!(checked("  spam  ", "bad_reason", 500), Ok("spam"));
        assert_eq!(checked("two\nlines", "bad_reason", 500), Ok("two\nlines"));
        let long = "x".repeat(MAX_REASON_CHARS + 1);
        for bad in ["", "   ", long.as_str(), "a\u{7}bell"] {
            let error = checked(bad, "bad_reason", MAX_REASON_CHARS).unwrap_err();
            assert_eq!(error.kind, "bad_reason", "{bad:?}");
        }
        let most = "é".repeat(MAX_REASON_CHARS);
        assert!(checked(&most, "bad_reason", MAX_REASON_CHARS).is_ok());
    }
}
