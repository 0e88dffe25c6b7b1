//! The answers about a match's analysis, described for the OpenAPI document.

use serde_json::Value;
use utoipa::ToSchema;

/// Where a requested analysis stands before it is done.
#[derive(ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum PendingStatus {
    /// Waiting for a process.
    Queued,
    /// Being computed.
    Running,
}

/// A requested analysis's progress.
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AnalysisProgress {
    /// `queued` or `running`.
    pub status: PendingStatus,
    /// Decisions evaluated so far.
    pub done: u32,
    /// Decisions in all (the match's actions).
    pub total: u32,
    /// While queued: the analyses that will be claimed before it (the queue serves requesters
    /// in turns); 0 once running.
    pub ahead: u32,
}

/// The status of a finished analysis.
#[derive(ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum DoneStatus {
    /// Done.
    Done,
}

/// One decision of a seat, as the expert saw it from that seat's information.
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AnalysedDecision {
    /// The action's number in the match, from 1 (as in the frames).
    pub step: u32,
    /// The seat that took it.
    pub seat: u32,
    /// Whether the seat's own bot chose it (`bot`) or the house bot that took over after its
    /// fault (`substitute`), as in the frames.
    pub by: super::matches::By,
    /// The expected place value (0 last to 1 first) of each legal action the seat was sent, in
    /// the order it was sent them, rounded to 3 decimals.
    pub values: Vec<f64>,
    /// Those legal actions, as the game's JSON.
    pub actions: Vec<Value>,
    /// Those legal actions in English, the seats numbered, in the same order.
    pub texts: Vec<String>,
    /// Those legal actions in words, as phrases, in the same order (empty in an analysis stored
    /// before they were kept).
    pub phrases: Vec<Vec<super::matches::Phrase>>,
    /// The index of the best action (the first of the best values).
    pub best: u32,
    /// The index of the action the seat took.
    pub taken: u32,
    /// `values[best] - values[taken]` (at least 0): a mistake from 0.05, a blunder from 0.15.
    pub loss: f64,
}

/// One seat's accuracy, over the decisions its own bot took (`by` `bot`).
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SeatAccuracy {
    /// The seat.
    pub seat: u32,
    /// Its decisions.
    pub decisions: u32,
    /// Its mean loss (0 with no decision).
    pub mean_loss: f64,
    /// Its decisions with a loss from 0.05 to under 0.15.
    pub mistakes: u32,
    /// Its decisions with a loss from 0.15.
    pub blunders: u32,
}

/// A finished analysis: every decision of every seat, forced ones included.
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AnalysisDone {
    /// `done`.
    pub status: DoneStatus,
    /// The expert's budget per decision, in ms.
    pub budget_ms: u32,
    /// Decisions in all.
    pub total: u32,
    /// Every decision, in the match's order.
    pub decisions: Vec<AnalysedDecision>,
    /// Each seat's accuracy, by seat.
    pub seats: Vec<SeatAccuracy>,
}

/// An analysis's progress, or the analysis once done.
#[derive(ToSchema)]
#[serde(untagged)]
pub enum AnalysisAnswer {
    /// Queued or running.
    Progress(AnalysisProgress),
    /// Done.
    Done(AnalysisDone),
}
