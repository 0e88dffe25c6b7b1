//! The organiser's part of a bot's page: the organiser's hold on it, the actions taken (who, why,
//! when), and the tools, a small form that `web/static/organiser.js` drives with the admin token
//! (kept in the tab's sessionStorage, sent only to this server's API).

use super::format::utc;
use super::words::Words;
use cardarena_store::{BotRecord, OrganiserAction, OrganiserHold, Store, StoreError};

/// How many of the organiser's latest actions a bot's page lists.
const ACTIONS_ON_PAGE: u32 = 10;

/// An action taken, ready to print.
pub(super) struct ActionRow {
    pub when: String,
    /// The action in words.
    pub action: String,
    pub by: String,
    pub reason: String,
}

/// A button of the tools: the action's name in the API and its label.
pub(super) struct Button {
    pub action: &'static str,
    pub label: String,
}

/// The organiser's part of a bot's page.
pub(super) struct OrganiserView {
    /// The hold's name (`paused`, `disqualified`), "" for none: the tools' `data-hold`.
    pub hold: &'static str,
    /// What the hold means, in words.
    pub hold_text: Option<String>,
    /// The latest actions, newest first.
    pub actions: Vec<ActionRow>,
    /// How many actions were taken before those listed.
    pub earlier: u64,
    /// Whether the organiser removed the bot (its last action a deletion).
    pub removed_by_organiser: bool,
    /// The actions that apply to the bot as it is; none for a removed bot or one that is no
    /// contestant's.
    pub buttons: Vec<Button>,
}

impl OrganiserView {
    /// The organiser's part of `bot`'s page, read from `store`, in `w`'s language.
    pub(super) async fn read(
        store: &Store,
        bot: &BotRecord,
        w: Words,
    ) -> Result<OrganiserView, StoreError> {
        let actions = store
            .organiser_actions(&bot.id, None, ACTIONS_ON_PAGE)
            .await?;
        let earlier = match actions.len() < ACTIONS_ON_PAGE as usize {
            true => 0,
            false => store.organiser_action_count(&bot.id).await? - actions.len() as u64,
        };
        let removed_by_organiser =
            bot.deleted && actions.first().map(|a| a.action) == Some(OrganiserAction::Delete);
        let buttons = match bot.deleted || !bot.kind.is_contestant() {
            true => Vec::new(),
            false => OrganiserAction::ALL
                .into_iter()
                .filter(|a| a.after(bot.organiser).is_some())
                .map(|a| Button {
                    action: a.as_str(),
                    label: label(w, a),
                })
                .collect(),
        };
        Ok(OrganiserView {
            hold: bot.organiser.map_or("", OrganiserHold::as_str),
            hold_text: bot.organiser.map(|hold| hold_text(w, hold)),
            actions: actions
                .into_iter()
                .map(|a| ActionRow {
                    when: utc(a.at),
                    action: label(w, a.action),
                    by: a.by,
                    reason: a.reason,
                })
                .collect(),
            earlier,
            removed_by_organiser,
            buttons,
        })
    }
}

/// An action's label on the page.
fn label(w: Words, action: OrganiserAction) -> String {
    match action {
        OrganiserAction::Pause => w.t("bot-action-pause", &[]),
        OrganiserAction::Resume => w.t("bot-action-resume", &[]),
        OrganiserAction::Disqualify => w.t("bot-action-disqualify", &[]),
        OrganiserAction::Reinstate => w.t("bot-action-reinstate", &[]),
        OrganiserAction::Delete => w.t("bot-action-delete", &[]),
    }
}

/// What a hold means, in words.
fn hold_text(w: Words, hold: OrganiserHold) -> String {
    match hold {
        OrganiserHold::Paused => w.t("bot-hold-paused", &[]),
        OrganiserHold::Disqualified => w.t("bot-hold-disqualified", &[]),
    }
}
