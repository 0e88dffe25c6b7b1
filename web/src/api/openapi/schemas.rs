//! The JSON the API answers, described for the OpenAPI document. The handlers build their
//! answers with `json!`; these types exist only to describe them, and the API tests validate
//! every answer against the document (`web/tests/support/mod.rs`), so a description that
//! drifts from an answer fails there. Game-specific JSON (views, actions, options, tables,
//! outcomes) is a free-form object here: its JSON Schemas are at `GET /api/games/{id}/schema`.

use serde_json::Value;
use utoipa::ToSchema;

/// An error answer, the API's only one: every 4xx and 5xx status carries it (docs/api.md lists the
/// kinds by status).
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ErrorBody {
    /// A short, stable, machine-readable kind, e.g. `name_taken`: the same in every language.
    pub error: String,
    /// What was wrong, for people, in the request's language (`Content-Language` names it).
    pub detail: String,
}

/// A new bot, with its owner's token and signing secret: shown this once.
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Registered {
    /// The bot's id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// Its URL, as the server will call it; null for a dial-out bot.
    #[schema(required = true)]
    pub url: Option<String>,
    /// Whether it is a dial-out bot, which connects to the server instead of being called.
    pub connect: bool,
    /// Where a dial-out bot connects (`GET`, a WebSocket); null for an HTTP bot.
    #[schema(required = true)]
    pub connect_url: Option<String>,
    /// Whether it is a module bot, which runs on the server from the WebAssembly module its
    /// owner uploads (`PUT module_url`).
    pub wasm: bool,
    /// Where a module bot's module is uploaded (`PUT`, `application/wasm`); null otherwise.
    #[schema(required = true)]
    pub module_url: Option<String>,
    /// The game it plays.
    pub game: String,
    /// The table sizes it plays on the ladder, fewest first: those the registration named, or
    /// every size the game seats.
    pub ladder_players: Vec<u32>,
    /// The owner's bearer token.
    pub token: String,
    /// The key of the signatures of the requests it is sent (docs/protocol.md).
    pub secret: String,
}

/// What plays a bot's seats.
#[derive(ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum BotKind {
    /// A contestant's program, called over HTTP.
    Http,
    /// A contestant's program that connects to the server (a dial-out bot).
    Dial,
    /// A contestant's WebAssembly module, run by the server (a module bot).
    Module,
    /// One of the game's house bots.
    House,
    /// The people at the game's tables (`person@<game>`).
    Person,
}

/// Whether the ladder seats a bot.
#[derive(ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum BotStatus {
    /// It is seated.
    Active,
    /// It is not seated; `status_reason` says why.
    Paused,
}

/// Why a bot is paused.
#[derive(ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum PauseReason {
    /// Registered, moved or resumed, and no ping has passed since.
    Unchecked,
    /// It faulted too often: it is on probation (`probation`).
    Faults,
    /// Its owner paused it.
    Owner,
    /// The organiser paused it (`organiser.hold`).
    Organiser,
    /// The organiser disqualified it (`organiser.hold`).
    Disqualified,
}

/// A bot, with its health and rating (docs/api.md, "Bots").
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Bot {
    /// Its id.
    pub id: String,
    /// Its name, unique.
    pub name: String,
    /// The game it plays.
    pub game: String,
    /// What plays it.
    pub kind: BotKind,
    /// An HTTP bot's URL.
    #[schema(required = true)]
    pub url: Option<String>,
    /// Whether it is a dial-out bot.
    pub connect: bool,
    /// Where a dial-out bot connects; null for every other bot.
    #[schema(required = true)]
    pub connect_url: Option<String>,
    /// A module bot's module: the SHA-256 of its bytes, in hex; null before the first upload
    /// and for every other bot.
    #[schema(required = true)]
    pub module: Option<String>,
    /// A house bot's id in its game.
    #[schema(required = true)]
    pub house_bot: Option<String>,
    /// When it was registered, Unix ms.
    pub created_at: i64,
    /// Whether the ladder seats it.
    pub status: BotStatus,
    /// Why it is paused.
    #[schema(required = true)]
    pub status_reason: Option<PauseReason>,
    /// What the last failed ping or the pause rule found.
    #[schema(required = true)]
    pub status_detail: Option<String>,
    /// When the next ping goes out, Unix ms.
    #[schema(required = true)]
    pub next_check_at: Option<i64>,
    /// Its probation: whether it is on one, the match being played, when the next is due, and
    /// how the last one went.
    pub probation: Probation,
    /// Its last ladder and tournament matches (at most 50).
    pub recent_matches: u32,
    /// How many of those it faulted in.
    pub recent_faults: u32,
    /// Its leaderboard row, if it has played a rated match.
    #[schema(required = true)]
    pub rating: Option<LeaderRow>,
    /// A contestant's bot's current version (null for house bots and people).
    #[schema(required = true)]
    pub version: Option<u32>,
    /// A contestant's bot's last versions (at most 5), oldest first (empty for house bots and
    /// people); `GET /api/bots/{id}/versions` pages through the rest.
    pub versions: Vec<BotVersion>,
    /// How many versions it ever started (0 for house bots and people).
    pub versions_total: u32,
    /// The organiser's hold on it and the last of the organiser's actions.
    pub organiser: super::organiser::Organiser,
    /// The table sizes it plays on the ladder, fewest first: those its owner named, or every
    /// size the game seats (house bots and people always).
    pub ladder_players: Vec<u32>,
}

/// A page of a bot's versions, newest first.
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub struct VersionPage {
    /// The versions of this page.
    pub versions: Vec<BotVersion>,
    /// The cursor of the next page (`?before=`), null on the last.
    #[schema(required = true)]
    pub next: Option<u32>,
    /// How many versions the bot ever started; the last 100 are kept one by one.
    pub total: u32,
}

/// A bot's probation (docs/api.md, "Bot health"): a bot paused for faults comes back on the
/// ladder only after an unrated practice match against the game's first house bot ends with no
/// fault of its own.
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Probation {
    /// Whether it is on probation (paused for faults).
    pub on_probation: bool,
    /// The probation match queued or being played now.
    #[schema(required = true)]
    pub match_id: Option<String>,
    /// When the next probation starts (once a ping passes), Unix ms; null while one is out or
    /// off probation.
    #[schema(required = true)]
    pub next_at: Option<i64>,
    /// The last probation match that was judged, if any.
    #[schema(required = true)]
    pub last: Option<LastProbation>,
}

/// How a bot's last probation went.
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub struct LastProbation {
    /// The probation match (`GET /api/matches/{id}`).
    pub match_id: String,
    /// How it went.
    pub result: ProbationResult,
    /// The kind of the bot's fault in it, e.g. `timeout`.
    #[schema(required = true)]
    pub fault_kind: Option<String>,
    /// What the fault was.
    #[schema(required = true)]
    pub fault_detail: Option<String>,
    /// When the match ended, Unix ms.
    #[schema(required = true)]
    pub ended_at: Option<i64>,
}

/// How a probation match went.
#[derive(ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ProbationResult {
    /// It finished with no fault of the bot's: the bot is back on the ladder.
    Passed,
    /// The bot faulted: the next probation waits out a doubled back-off.
    Faulted,
    /// It failed or was cancelled with no fault of the bot's: tried again after the same
    /// back-off.
    NotPlayed,
}

/// One version of a contestant's bot: a program it ran (docs/api.md, "Versions").
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub struct BotVersion {
    /// Its number, from 1.
    pub version: u32,
    /// When it started, Unix ms.
    pub created_at: i64,
    /// What its owner said changed.
    #[schema(required = true)]
    pub note: Option<String>,
    /// The URL it was called at; null for a dial-out version.
    #[schema(required = true)]
    pub url: Option<String>,
    /// Whether it dialled out.
    pub connect: bool,
    /// The module it ran (the SHA-256 of its bytes, in hex); null for other versions.
    #[schema(required = true)]
    pub module: Option<String>,
    /// The matches it played.
    pub matches: u64,
    /// Its rating when it started (the last one carried over, uncertainty widened); null when
    /// it started unrated.
    #[schema(required = true)]
    pub rating: Option<VersionRating>,
}

/// A version's starting skill.
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub struct VersionRating {
    /// The skill estimate.
    pub mu: f64,
    /// Its uncertainty.
    pub sigma: f64,
    /// The conservative rating, mu − 3·sigma.
    pub rating: f64,
}

/// A page of bots by name.
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub struct BotPage {
    /// The bots of this page.
    pub bots: Vec<Bot>,
    /// The cursor of the next page (`?after=`), null on the last.
    #[schema(required = true)]
    pub next: Option<String>,
}

/// A bot's line on a leaderboard.
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub struct LeaderRow {
    /// The bot.
    pub bot_id: String,
    /// Its name.
    pub name: String,
    /// The rating's mean.
    pub mu: f64,
    /// The rating's uncertainty.
    pub sigma: f64,
    /// `mu - 3 sigma`, by which the board is ordered.
    pub rating: f64,
    /// Its rated matches.
    pub matches: u64,
    /// Those it won.
    pub wins: u64,
    /// Those it faulted in, ever.
    pub faults: u64,
    /// Faulted matches among the recent ones.
    pub recent_faults: u32,
    /// Its last ladder and tournament matches (at most 50).
    pub recent_matches: u32,
}

/// A game's leaderboard, best rating first.
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Leaderboard {
    /// The game.
    pub game: String,
    /// Bots with at least one rated match.
    pub rows: Vec<LeaderRow>,
}

/// How many players a game seats: `min`, `min + step`, … `max`.
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PlayerCount {
    /// The fewest.
    pub min: u32,
    /// The most.
    pub max: u32,
    /// The usual count.
    pub default: u32,
    /// The step between allowed counts.
    pub step: u32,
}

/// A game the server plays.
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Game {
    /// Its id.
    pub id: String,
    /// How many it seats.
    pub players: PlayerCount,
    /// Its options with their defaults (the game's own object: `GET /api/games/{id}/schema`).
    #[schema(value_type = Object)]
    pub options: Value,
    /// Its house bots' ids; `expert` may also be named `expert:N`, N ms a decision (N one of 5, 10, 20, 50, 100, 200, 500, 1000, 2000).
    pub house_bots: Vec<String>,
    /// Whether even seats play odd seats as two partnerships.
    pub partnerships: bool,
    /// The version of its rules this server plays.
    pub rules_version: u32,
    /// A contestant seat's match clock at the server's deadline, in ms.
    pub clock_ms: u64,
}

/// Queued practice matches.
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Queued {
    /// Their ids, in order.
    pub match_ids: Vec<String>,
}

/// A person seat of a new table.
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PersonSeat {
    /// The seat, from 0.
    pub seat: u32,
    /// The seat's page: `/play/<token>`.
    pub url: String,
    /// The seat's secret: whoever holds it plays the seat.
    pub token: String,
}

/// A table dealt for people.
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub struct TableOpened {
    /// The match it plays.
    pub match_id: String,
    /// One entry per person seat.
    pub seats: Vec<PersonSeat>,
}

/// What a seat's state says.
#[derive(ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum SeatStateType {
    /// The seat is to act: the fields of a bot's turn message are here too (docs/protocol.md).
    Turn,
    /// Another seat is to act.
    Waiting,
    /// The match is over.
    MatchEnd,
}

/// A table seat's state (docs/api.md, "Tables"). On a turn it holds the turn message a bot
/// receives (`view`, `legal_actions`, …: the game's JSON, `GET /api/games/{id}/schema`), so more
/// fields than these may be present.
#[derive(ToSchema)]
pub struct SeatState {
    /// What the state says.
    #[serde(rename = "type")]
    pub kind: SeatStateType,
    /// The match.
    pub match_id: String,
    /// The game.
    pub game: String,
    /// This seat.
    pub seat: u32,
    /// Grows at every change of this state.
    pub version: u64,
    /// The match's status.
    pub status: String,
    /// The table size.
    pub players: u32,
    /// Each seat's name (`person` for a person seat); a name at more than one seat is numbered
    /// from its second seat on (`reference (2)`).
    pub names: Vec<String>,
    /// The table as this seat sees it (docs/tables.md); null when the match is no longer in
    /// memory.
    #[schema(value_type = Option<Object>, required = true)]
    pub table: Option<Value>,
    /// The last moves in words.
    pub recent: Vec<Value>,
    /// Null, or why a house bot plays the seat now.
    #[schema(required = true)]
    pub replaced: Option<super::matches::SeatFault>,
    /// `waiting`: the seat to act.
    #[serde(default)]
    pub to_act: Option<u32>,
    /// `match_end`: the result as a bot's `match_end` gives it, null when it did not finish.
    #[serde(default)]
    #[schema(value_type = Option<Object>)]
    pub outcome: Option<Value>,
}

/// A move at a table: the action's index among the legal actions, or the action itself, as a
/// bot answers.
#[derive(ToSchema)]
pub struct Move {
    /// The index of the action in `legal_actions`.
    #[serde(default)]
    pub action_index: Option<u32>,
    /// The action, as the game's JSON (`GET /api/games/{id}/schema`).
    #[serde(default)]
    pub action: Option<Value>,
    /// The turn the move is meant for: another turn's move is refused.
    #[serde(default)]
    pub turn: Option<u32>,
}

/// A process that plays matches.
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Worker {
    /// Its id.
    pub id: String,
    /// `serve` or `worker`.
    pub role: String,
    /// Its machine.
    pub host: String,
    /// Its process id.
    pub pid: u32,
    /// Its `--max-matches`.
    pub slots: u32,
    /// When it started, Unix ms.
    pub started_at: i64,
    /// When it last renewed its leases, Unix ms.
    pub seen_at: i64,
    /// Whether that was within a lease (30 s).
    pub alive: bool,
    /// The running matches it holds.
    pub playing: u64,
}

/// The processes heard from in the last day.
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Workers {
    /// Latest started first.
    pub workers: Vec<Worker>,
}
