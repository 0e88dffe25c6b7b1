//! The answers about tournaments, described for the OpenAPI document (see
//! `schemas.rs` for why these types exist).

use serde_json::Value;
use utoipa::ToSchema;

/// A tournament in the list.
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub struct TournamentSummary {
    /// Its id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// The game.
    pub game: String,
    /// `open`, `running` or `finished`.
    pub status: String,
    /// The stage started last, from 0.
    #[schema(required = true)]
    pub current_stage: Option<u32>,
    /// When it was created, Unix ms.
    pub created_at: i64,
    /// Once it is finished: the winner of the whole (of its last stage); null before.
    #[schema(required = true)]
    pub winner: Option<Placing>,
    /// Once it is finished: the podium of the whole (its last stage's), winner first; empty
    /// before.
    pub podium: Vec<Placing>,
}

/// A place on a podium: one of the best three of a finished stage's standings that were not
/// skipped.
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Placing {
    /// Its place in the stage's standings, from 1.
    pub rank: u32,
    /// The bot.
    pub bot_id: String,
    /// Its name.
    pub name: String,
    /// Its mean result in the stage.
    pub mean: f64,
}

/// A kind of tournament stage.
#[derive(ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum StageKind {
    /// Entrants play house bots.
    House,
    /// Entrants play the best `top` of the previous stage.
    Gauntlet,
    /// The best `top` play each other.
    Final,
}

/// A tournament stage as the organiser asks for it (docs/api.md, "Tournaments").
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub struct StageSpec {
    /// The kind.
    pub kind: StageKind,
    /// House stages: the house bots at every entrant's table.
    #[serde(default)]
    pub opponents: Vec<String>,
    /// Gauntlet and final stages: how many of the previous stage's best take part.
    #[serde(default)]
    pub top: Option<u32>,
    /// House and gauntlet stages: matches per entrant (1 to 1000).
    #[serde(default)]
    pub matches: Option<u32>,
    /// Final stages: deals (1 to 100).
    #[serde(default)]
    pub deals: Option<u32>,
    /// House and gauntlet stages: whether every entrant meets the same deals (true by default);
    /// `false` deals each match on its own, so it can be watched live while it runs.
    #[serde(default)]
    pub same_deals: Option<bool>,
    /// Final stages: players per table.
    #[serde(default)]
    pub table: Option<u32>,
    /// The game's options in this stage (`GET /api/games/{id}/schema`).
    #[serde(default)]
    #[schema(value_type = Object)]
    pub options: Value,
    /// The per-decision deadline, ms (1000 by default).
    #[serde(default)]
    pub deadline_ms: u32,
    /// Extra time per bot and match, ms.
    #[serde(default)]
    pub time_bank_ms: u32,
    /// The wall-clock cap of a match, ms (120000 by default).
    #[serde(default)]
    pub match_time_limit_ms: u32,
}

/// A tournament as the organiser creates it.
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub struct TournamentSpec {
    /// Its name, 1 to 80 printable characters.
    pub name: String,
    /// The game.
    pub game: String,
    /// The stages in order, 1 to 10; the first is a `house` stage.
    pub stages: Vec<StageSpec>,
    /// Whether each stage starts by itself when the previous one is over.
    #[serde(default)]
    pub auto_advance: bool,
}

/// An entrant of a tournament.
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Entrant {
    /// The bot.
    pub bot_id: String,
    /// Its name.
    pub name: String,
}

/// A bot's line in a stage's standings.
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Standing {
    /// Place, from 1.
    pub rank: u32,
    /// The bot.
    pub bot_id: String,
    /// Its name.
    pub name: String,
    /// Finished matches counted: in a house or gauntlet stage the bot's own matches (not those
    /// it sat in as another entrant's opponent), in a final every match it played.
    pub matches: u32,
    /// The sum of its results: each match's place value (n − p)/(n − 1) for n seats, p the
    /// average of the places its group of tied seats occupies (a sole winner 1, a sole loser 0).
    pub total: f64,
    /// The mean result.
    pub mean: f64,
    /// Half the 95% confidence interval of the mean; null under two matches.
    #[schema(required = true)]
    pub ci95: Option<f64>,
    /// The mean of the game's own score.
    pub mean_score: f64,
    /// Matches in which it faulted.
    pub faults: u32,
    /// Whether it was skipped for faulting.
    pub skipped: bool,
    /// Whether the organiser disqualified it (it ranks last, on no podium).
    pub disqualified: bool,
}

/// How a bot fared against another.
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Meeting {
    /// The other bot.
    pub bot_id: String,
    /// Matches where this bot placed better.
    pub wins: u32,
    /// Matches where it placed worse.
    pub losses: u32,
    /// Matches where they shared a place.
    pub draws: u32,
}

/// A bot's row of the head-to-head table.
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub struct HeadToHead {
    /// The bot.
    pub bot_id: String,
    /// Its meetings, in standings order.
    pub against: Vec<Meeting>,
}

/// A stage's matches counted by status.
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub struct StageCounts {
    /// Waiting.
    pub queued: u32,
    /// Being played.
    pub running: u32,
    /// Played.
    pub finished: u32,
    /// Failed.
    pub failed: u32,
    /// Cancelled.
    pub cancelled: u32,
}

/// A stage of a tournament, with its progress and standings.
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Stage {
    /// Its index, from 0.
    pub index: u32,
    /// Its kind.
    pub kind: StageKind,
    /// What the organiser asked for, with the game's default options filled in.
    pub spec: StageSpec,
    /// `pending`, `running` or `finished`.
    pub status: String,
    /// Its matches by status.
    pub matches: StageCounts,
    /// Best mean first; skipped bots last.
    pub standings: Vec<Standing>,
    /// Each bot's meetings.
    pub head_to_head: Vec<HeadToHead>,
    /// Once the stage is finished: its winner; null before.
    #[schema(required = true)]
    pub winner: Option<Placing>,
    /// Once the stage is finished: the best three of its standings not skipped, winner first;
    /// empty before.
    pub podium: Vec<Placing>,
}

/// A tournament with its entries and stages.
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Tournament {
    /// Its id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// The game.
    pub game: String,
    /// `open`, `running` or `finished`.
    pub status: String,
    /// The stage started last.
    #[schema(required = true)]
    pub current_stage: Option<u32>,
    /// Whether stages start by themselves.
    pub auto_advance: bool,
    /// When it was created, Unix ms.
    pub created_at: i64,
    /// The bots entered.
    pub entries: Vec<Entrant>,
    /// Once it is finished: the winner of the whole (of its last stage, the final where it has
    /// one); null before.
    #[schema(required = true)]
    pub winner: Option<Placing>,
    /// Once it is finished: the podium of the whole (its last stage's), winner first; empty
    /// before.
    pub podium: Vec<Placing>,
    /// The stages in order.
    pub stages: Vec<Stage>,
}

/// A new tournament's id.
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Created {
    /// The id.
    pub id: String,
}

/// An entry made.
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Entered {
    /// The tournament.
    pub tournament_id: String,
    /// The bot entered.
    pub bot_id: String,
}

/// A stage started.
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub struct StageStarted {
    /// The tournament.
    pub id: String,
    /// The stage started, from 0.
    pub stage: u32,
}
