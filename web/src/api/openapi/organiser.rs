//! The schemas of the organiser's actions on a bot (docs/api.md, "The organiser's actions").

use utoipa::ToSchema;

/// The organiser's hold on a bot.
#[derive(ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Hold {
    /// It plays no match until the organiser resumes it; its tournament matches wait.
    Paused,
    /// It plays no match, enters no tournament and ranks nowhere; its results are kept.
    Disqualified,
}

/// An action the organiser can take.
#[derive(ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ActionName {
    /// Hold the bot out of every match until resumed.
    Pause,
    /// Lift the organiser's pause.
    Resume,
    /// Put the bot out of the contest; its results stay.
    Disqualify,
    /// Undo a disqualification.
    Reinstate,
    /// Remove the bot, as its owner can.
    Delete,
}

/// An action the organiser took.
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Action {
    /// Its number, increasing (the cursor `?before=` of the paged list).
    pub number: i64,
    /// What was done.
    pub action: ActionName,
    /// Why, in the organiser's words.
    pub reason: String,
    /// Who did it, as the organiser named themselves ("organiser" unless they said).
    pub by: String,
    /// When, Unix ms.
    pub at: i64,
}

/// The organiser's hold on a bot and the last of its actions.
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Organiser {
    /// The hold now, null when none.
    #[schema(required = true)]
    pub hold: Option<Hold>,
    /// The last actions (at most 5), oldest first; `GET /api/bots/{id}/organiser-actions` pages
    /// through the rest.
    pub actions: Vec<Action>,
    /// How many actions the organiser ever took on it.
    pub actions_total: u64,
}

/// A page of the organiser's actions on a bot, newest first.
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ActionPage {
    /// The actions of this page.
    pub actions: Vec<Action>,
    /// The cursor of the next page (`?before=`), null on the last.
    #[schema(required = true)]
    pub next: Option<i64>,
    /// How many actions the organiser ever took on the bot.
    pub total: u64,
}
