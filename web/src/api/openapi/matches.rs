//! The answers about matches, described for the OpenAPI document: a match, its frames (and the
//! live feed's `initial` event) and its replay download. Game-specific JSON is a free-form
//! object; its JSON Schemas are at `GET /api/games/{id}/schema`.

use serde_json::Value;
use utoipa::ToSchema;

/// What a match is played for.
#[derive(ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum MatchKind {
    /// An owner's practice.
    Practice,
    /// The rated ladder.
    Ladder,
    /// A tournament stage.
    Tournament,
    /// A table with people.
    Human,
}

/// Where a match stands.
#[derive(ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum MatchStatus {
    /// Waiting to be played.
    Queued,
    /// Being played.
    Running,
    /// Played to its end.
    Finished,
    /// It could not be played (a setup error or the decision cap).
    Failed,
    /// Cancelled before its end.
    Cancelled,
}

/// What became of a match's action log.
#[derive(ToSchema)]
#[serde(tag = "state", rename_all = "snake_case", deny_unknown_fields)]
pub enum LogState {
    /// The whole log is here.
    Kept,
    /// Retention dropped it.
    Dropped {
        /// When, Unix ms.
        at: i64,
    },
    /// It cannot be read by this server's engine.
    Unreadable {
        /// Why.
        detail: String,
    },
    /// Not shown yet: another table of its tournament deal is still to be played.
    Sealed {
        /// Why.
        detail: String,
    },
}

/// How much of a match is shown now (docs/api.md, "What is hidden").
#[derive(ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Disclosure {
    /// Over, and no other table of its deal is to be played: everything.
    Open,
    /// Being played or queued: the public view only, no seed.
    Live,
    /// Another table of its tournament deal is still to be played: no seed, move, say line,
    /// fault detail or error.
    Sealed,
}

/// Until when a match's seed is hidden.
#[derive(ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum SeedHiddenUntil {
    /// The match is still to be played or being played.
    MatchEnd,
    /// Another table of its tournament deal is still to be played.
    DealEnd,
}

/// A seat's fault.
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SeatFault {
    /// Its kind: `timeout`, `bad_json`, …
    pub kind: String,
    /// What happened; null while the match is sealed.
    #[schema(required = true)]
    pub detail: Option<String>,
}

/// A seat of a stored match, with its result.
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub struct MatchSeat {
    /// The seat, from 0.
    pub seat: u32,
    /// The bot in it.
    pub bot_id: String,
    /// The bot's name.
    pub name: String,
    /// The version of a contestant's bot that played the seat (null for house bots and people).
    #[schema(required = true)]
    pub version: Option<u32>,
    /// Its place, 1 first; null until the match finished.
    #[schema(required = true)]
    pub rank: Option<u32>,
    /// The game's own score.
    #[schema(required = true)]
    pub score: Option<f64>,
    /// Its fault, if it faulted.
    #[schema(required = true)]
    pub fault: Option<SeatFault>,
    /// How many of its decisions its bot's kit played at random because the bot's strategy
    /// failed (answers marked `"fallback": true`, docs/protocol.md): shown beside faults, never
    /// counted as one. 0 until the match is finished.
    pub fallbacks: u32,
}

/// One action of the log.
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub struct LoggedAction {
    /// The seat that took it.
    pub seat: u32,
    /// The action, as the game's JSON (`GET /api/games/{id}/schema`).
    pub action: Value,
}

/// One message of words (docs/api.md, "Phrases"): its id and its arguments by name, each
/// tagged with what it is: `{"seat": 1}`, `{"seats": [0, 2]}`, `{"card": "7S"}`, `{"cards":
/// ["7S"]}`, `{"meld": [{"card": "RJ", "stands_for": "7H"}]}`, `{"count": 2}`, `{"number": 30}`,
/// `{"place": 2}`, `{"suit": "H"}`, `{"word": "run"}` or `{"text": "…"}`.
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Phrase {
    /// The message's id (`durak-attacks`).
    pub id: String,
    /// Its arguments by name; absent when it has none.
    #[serde(default)]
    #[schema(value_type = Option<Object>)]
    pub args: Option<Value>,
}

/// A line a bot said with an action.
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Say {
    /// The action's index in `actions`.
    pub index: u32,
    /// The seat.
    pub seat: u32,
    /// What it said.
    pub text: String,
}

/// A stored match (docs/api.md, "Matches").
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Match {
    /// Its id.
    pub id: String,
    /// The game.
    pub game: String,
    /// What it is played for.
    pub kind: MatchKind,
    /// Where it stands.
    pub status: MatchStatus,
    /// Whether it counts for the ratings.
    pub rated: bool,
    /// The deal's seed, once the match is open (null before); below 2^53 unless the deal's suits
    /// are relabelled (a tournament's duplicate deal), when it is below 2^58.
    #[schema(required = true)]
    pub seed: Option<u64>,
    /// Until when the seed is hidden; null once it is shown.
    #[schema(required = true)]
    pub seed_hidden_until: Option<SeedHiddenUntil>,
    /// How much of the match is shown now.
    pub disclosure: Disclosure,
    /// The game's options (`GET /api/games/{id}/schema`).
    #[schema(value_type = Object)]
    pub options: Value,
    /// Why it failed or was cancelled (null while sealed).
    #[schema(required = true)]
    pub error: Option<String>,
    /// When it was queued, Unix ms.
    pub created_at: i64,
    /// When it ended, Unix ms.
    #[schema(required = true)]
    pub finished_at: Option<i64>,
    /// The version of the rules it was played under.
    #[schema(required = true)]
    pub rules_version: Option<u32>,
    /// How many times a process claimed it.
    pub attempt: u32,
    /// Its seats in order.
    pub seats: Vec<MatchSeat>,
    /// What became of its log.
    pub log: LogState,
    /// Every action in order (empty until it ends).
    pub actions: Vec<LoggedAction>,
    /// The say lines.
    pub says: Vec<Say>,
}

/// A seat and who sits in it.
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SeatName {
    /// The seat, from 0.
    pub seat: u32,
    /// The bot in it.
    pub bot_id: String,
    /// The bot's name.
    pub name: String,
}

/// Who chose an action.
#[derive(ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum By {
    /// The seat's own bot.
    Bot,
    /// The house bot that took over a faulted seat.
    Substitute,
}

/// Whose eyes a frames answer is seen with.
#[derive(ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Eye {
    /// Every hand: a finished match.
    All,
    /// Public information only: a queued or running match.
    Public,
}

/// One step of a match.
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Frame {
    /// The action's number, from 1.
    pub step: u32,
    /// The seat that took it.
    pub seat: u32,
    /// Who chose it.
    pub by: By,
    /// The action as the game's JSON; null while the public may not see it.
    #[schema(required = true)]
    pub action: Option<Value>,
    /// The action in English, the seats numbered ("Seat 1 takes 2 cards").
    pub text: String,
    /// The action in words, as phrases for a page to render in its reader's words.
    pub phrases: Vec<Phrase>,
    /// What the bot said with it.
    #[schema(required = true)]
    pub say: Option<String>,
    /// How long the bot took, ms; null where not recorded.
    #[schema(required = true)]
    pub ms: Option<u32>,
    /// The `view` and `legal_actions` the seat was sent (finished matches only).
    #[schema(value_type = Option<Object>)]
    pub sent: Option<Value>,
    /// The table after the action (docs/tables.md).
    #[schema(value_type = Object)]
    pub table: Value,
}

/// How a faulting bot answered; each field null where there was nothing.
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub struct FaultAnswer {
    /// The HTTP status.
    #[schema(required = true)]
    pub status: Option<u16>,
    /// The time until the answer or the deadline, ms.
    #[schema(required = true)]
    pub ms: Option<u32>,
    /// The first bytes of the body, as text.
    #[schema(required = true)]
    pub body: Option<String>,
    /// Why the answer was refused.
    #[schema(required = true)]
    pub error: Option<String>,
}

/// A seat's fault, at the step its bot failed.
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub struct FaultFrame {
    /// The seat.
    pub seat: u32,
    /// The decision it faulted at; null for matches stored before steps were recorded.
    #[schema(required = true)]
    pub step: Option<u32>,
    /// The fault's kind.
    pub kind: String,
    /// What happened.
    pub detail: String,
    /// What the bot was sent (finished matches only).
    #[schema(value_type = Option<Object>)]
    pub sent: Option<Value>,
    /// How it answered.
    pub answer: FaultAnswer,
}

/// A match step by step (docs/api.md, "Frames"); also the data of the live feed's `initial`
/// event.
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Frames {
    /// The match.
    pub id: String,
    /// The game.
    pub game: String,
    /// Where it stands.
    pub status: MatchStatus,
    /// The table size.
    pub players: u32,
    /// Whose eyes.
    pub eye: Eye,
    /// The seats.
    pub seats: Vec<SeatName>,
    /// What became of the log.
    pub log: LogState,
    /// The table as dealt; null without a log.
    #[schema(value_type = Option<Object>, required = true)]
    pub initial: Option<Value>,
    /// One frame per action.
    pub frames: Vec<Frame>,
    /// The faults.
    pub faults: Vec<FaultFrame>,
}

/// One action of a replay.
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ReplayAction {
    /// The seat that took it.
    pub seat: u32,
    /// Who chose it.
    pub by: By,
    /// The action, as the game's JSON.
    pub action: Value,
    /// How long the bot took, ms.
    #[schema(required = true)]
    pub ms: Option<u32>,
}

/// A seat's result.
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SeatResult {
    /// Its place, 1 first.
    #[schema(required = true)]
    pub rank: Option<u32>,
    /// The game's own score.
    #[schema(required = true)]
    pub score: Option<f64>,
}

/// The result of a match.
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Outcome {
    /// Each seat's, in seat order.
    pub seats: Vec<SeatResult>,
}

/// A finished match to keep or replay (docs/api.md, "Matches").
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Replay {
    /// The match.
    pub id: String,
    /// The game.
    pub game: String,
    /// The game's options.
    #[schema(value_type = Object)]
    pub options: Value,
    /// The deal's seed.
    pub seed: u64,
    /// The version of the rules it was played under.
    #[schema(required = true)]
    pub rules_version: Option<u32>,
    /// The table size.
    pub players: u32,
    /// The seats.
    pub seats: Vec<SeatName>,
    /// Every action in order.
    pub actions: Vec<ReplayAction>,
    /// The say lines.
    pub says: Vec<Say>,
    /// The faults.
    pub faults: Vec<FaultFrame>,
    /// The result.
    pub outcome: Outcome,
}
