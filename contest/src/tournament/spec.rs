//! What an organiser asks for: a tournament's stages, checked before anything is stored.

use std::ops::RangeInclusive;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::refusal::{Refusal, StageFault};
use crate::games::{self, GameInfo};

/// The longest tournament name.
pub const MAX_NAME_CHARS: usize = 80;
/// The most stages a tournament may have.
pub const MAX_STAGES: usize = 10;
/// The most matches one stage may queue.
pub const MAX_STAGE_MATCHES: usize = 20_000;
/// A stage's per-decision deadline, in ms.
pub const DEADLINE_MS: RangeInclusive<u32> = 10..=60_000;
/// The most time bank a stage gives a bot, in ms.
pub const MAX_TIME_BANK_MS: u32 = 600_000;
/// A stage's wall-clock cap of a match, in ms.
pub const MATCH_TIME_LIMIT_MS: RangeInclusive<u32> = 1_000..=3_600_000;
/// How many finalists a final has.
pub const FINALISTS: RangeInclusive<usize> = 2..=64;

/// A tournament as the organiser creates it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TournamentSpec {
    /// Its name.
    pub name: String,
    /// The game played.
    pub game: String,
    /// The stages, in order.
    pub stages: Vec<StageSpec>,
    /// Whether each stage starts by itself when the previous one is over.
    #[serde(default)]
    pub auto_advance: bool,
}

/// What kind of stage, mirroring the contest of seed 001.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StageKind {
    /// Every entrant plays the organiser's house bots (the first round).
    House,
    /// Every entrant plays the best `top` bots of the previous stage (the second round).
    Gauntlet,
    /// The best `top` bots of the previous stage play each other in every seating, with
    /// duplicate deals (the tournament).
    Final,
}

/// One stage.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StageSpec {
    /// The kind of stage.
    pub kind: StageKind,
    /// House stages: the house bots at every entrant's table.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub opponents: Vec<String>,
    /// Gauntlet and final stages: how many of the previous stage's best take part (as opponents
    /// in a gauntlet, as finalists in a final). A house stage after another: how many go on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub top: Option<usize>,
    /// House and gauntlet stages: matches per entrant.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub matches: Option<usize>,
    /// Final stages: deals, each replayed with the seats rotated through every position.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deals: Option<usize>,
    /// House and gauntlet stages: whether every entrant meets the same deals (the default, the
    /// fairest comparison). With `false` each match is dealt on its own, so no other table
    /// shares its cards and anyone may watch it live while it runs (a shared deal stays sealed
    /// until its last table ends); the price is more luck in the comparison.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub same_deals: Option<bool>,
    /// Final stages: players per table (default: the game's usual count, at most `top`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub table: Option<usize>,
    /// The game's options in this stage (a later stage may add the organiser's twists).
    #[serde(default)]
    pub options: Value,
    /// The per-decision deadline of HTTP bots, in ms.
    #[serde(default = "default_deadline")]
    pub deadline_ms: u32,
    /// Extra time each bot may draw on across a match, in ms.
    #[serde(default)]
    pub time_bank_ms: u32,
    /// The wall-clock cap of each match, in ms.
    #[serde(default = "default_match_cap")]
    pub match_time_limit_ms: u32,
}

fn default_deadline() -> u32 {
    1000
}

fn default_match_cap() -> u32 {
    120_000
}

impl StageSpec {
    /// Whether the stage's entrants meet the same deals (a final always does).
    pub fn shares_deals(&self) -> bool {
        self.kind == StageKind::Final || self.same_deals.unwrap_or(true)
    }

    /// The players at this stage's tables for an entrant, in a game with `info`.
    pub fn table_size(&self, info: &GameInfo, finalists: usize) -> usize {
        match self.kind {
            StageKind::House => self.opponents.len() + 1,
            StageKind::Gauntlet => self.top.unwrap_or(1) + 1,
            StageKind::Final => {
                let most = self.table.unwrap_or(info.players.default).min(finalists);
                info.players
                    .counts()
                    .filter(|&n| n <= most)
                    .last()
                    .unwrap_or(info.players.min)
            }
        }
    }
}

impl StageKind {
    /// The kind's name, as specs and the API write it.
    pub fn as_str(self) -> &'static str {
        match self {
            StageKind::House => "house",
            StageKind::Gauntlet => "gauntlet",
            StageKind::Final => "final",
        }
    }
}

impl StageSpec {
    /// Every table size the stage is planned to seat a bot at, in a game with `info`: a house
    /// stage's one; a gauntlet's, and the table one seat smaller where one of the best meets the
    /// others (when the game seats it); a final's table when `top` finalists qualify (fewer
    /// make it smaller, which `tournament::advance` checks when it lays the final out).
    pub fn planned_sizes(&self, info: &GameInfo) -> Vec<usize> {
        match self.kind {
            StageKind::House | StageKind::Final => {
                vec![self.table_size(info, self.top.unwrap_or(info.players.max))]
            }
            StageKind::Gauntlet => {
                let table = self.table_size(info, 0);
                let smaller = table - 1;
                match info.players.allows(smaller) {
                    true => vec![smaller, table],
                    false => vec![table],
                }
            }
        }
    }
}

/// Checks a spec, filling in each stage's options with the game's defaults; the error says what
/// is wrong.
pub fn check(mut spec: TournamentSpec) -> Result<TournamentSpec, Refusal> {
    let count = spec.name.chars().count();
    if count == 0 || count > MAX_NAME_CHARS || spec.name.chars().any(char::is_control) {
        return Err(Refusal::Name {
            max: MAX_NAME_CHARS,
        });
    }
    let info = games::game(&spec.game).ok_or_else(|| Refusal::UnknownGame {
        game: spec.game.clone(),
    })?;
    if spec.stages.is_empty() || spec.stages.len() > MAX_STAGES {
        return Err(Refusal::StageCount { max: MAX_STAGES });
    }
    for (index, stage) in spec.stages.iter_mut().enumerate() {
        check_stage(&info, index, stage).map_err(|fault| Refusal::Stage { index, fault })?;
    }
    Ok(spec)
}

/// Checks stage `index` of a tournament of `info`, filling in its options.
fn check_stage(info: &GameInfo, index: usize, stage: &mut StageSpec) -> Result<(), StageFault> {
    if index == 0 && stage.kind != StageKind::House {
        return Err(StageFault::FirstNotHouse);
    }
    if !DEADLINE_MS.contains(&stage.deadline_ms) {
        return Err(StageFault::Deadline);
    }
    if stage.time_bank_ms > MAX_TIME_BANK_MS {
        return Err(StageFault::TimeBank);
    }
    if !MATCH_TIME_LIMIT_MS.contains(&stage.match_time_limit_ms) {
        return Err(StageFault::MatchCap);
    }
    if stage.options.is_null() {
        stage.options = Value::Object(Default::default());
    }
    stage.options = games::check_options(info.id, &stage.options)
        .unwrap_or_else(|| Err("no such game".into()))
        .map_err(StageFault::Options)?;
    let players = info.players;
    match stage.kind {
        StageKind::House => {
            if stage.opponents.is_empty() {
                return Err(StageFault::NoOpponents);
            }
            if let Some(name) = stage.opponents.iter().find(|b| !info.has_house_bot(b)) {
                return Err(StageFault::NoHouseBot {
                    name: name.clone(),
                    game: info.id,
                });
            }
            if !players.allows(stage.opponents.len() + 1) {
                return Err(StageFault::Seats {
                    game: info.id,
                    players,
                });
            }
            check_count(stage.matches, "matches", 1000)
        }
        StageKind::Gauntlet => {
            let top = stage.top.ok_or(StageFault::NoTop)?;
            if top == 0 || !players.allows(top + 1) {
                return Err(StageFault::GauntletTop { top, players });
            }
            check_count(stage.matches, "matches", 1000)
        }
        StageKind::Final => {
            let top = stage.top.ok_or(StageFault::NoTop)?;
            if !FINALISTS.contains(&top) {
                return Err(StageFault::Finalists);
            }
            if let Some(table) = stage.table
                && (!players.allows(table) || table > top)
            {
                return Err(StageFault::FinalTable { table, players });
            }
            check_count(stage.deals, "deals", 100)?;
            match stage.same_deals {
                Some(_) => Err(StageFault::SameDeals),
                None => Ok(()),
            }
        }
    }
}

fn check_count(value: Option<usize>, field: &'static str, most: usize) -> Result<(), StageFault> {
    match value {
        Some(n) if (1..=most).contains(&n) => Ok(()),
        _ => Err(StageFault::Count { field, most }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(stages: Value) -> Result<TournamentSpec, String> {
        let spec = serde_json::json!({"name": "cup", "game": "bridge", "stages": stages});
        check(serde_json::from_value(spec).map_err(|e| e.to_string())?).map_err(|e| e.to_string())
    }

    #[test]
    fn the_contests_three_stages_pass_and_options_get_their_defaults() {
        let checked = spec(serde_json::json!([
            {"kind": "house", "opponents": ["demo"], "matches": 3},
            {"kind": "gauntlet", "top": 2, "matches": 3, "options": {"single_deal": true}},
            {"kind": "final", "top": 3, "deals": 2, "time_bank_ms": 5000}
        ]))
        .unwrap();
        assert_eq!(checked.stages[0].options["target"], 125);
        assert_eq!(checked.stages[1].options["single_deal"], true);
        assert_eq!(checked.stages[2].deadline_ms, 1000);
    }

    #[test]
    fn bad_stages_are_refused_with_a_reason() {
        let cases = [
            (serde_json::json!([]), "1 to 10 stages"),
            (
                serde_json::json!([{"kind": "final", "top": 2, "deals": 1}]),
                "first stage",
            ),
            (
                serde_json::json!([{"kind": "house", "opponents": ["nobody"], "matches": 1}]),
                "no house bot",
            ),
            (
                serde_json::json!([{"kind": "house", "opponents": ["demo"]}]),
                "\"matches\"",
            ),
            (
                serde_json::json!([{"kind": "house", "opponents": ["demo"], "matches": 1, "options": {"x": 1}}]),
                "options",
            ),
            (
                serde_json::json!([{"kind": "house", "opponents": ["demo"], "matches": 1},
                                {"kind": "gauntlet", "top": 9, "matches": 1}]),
                "must fit",
            ),
            (
                serde_json::json!([{"kind": "house", "opponents": ["demo"], "matches": 1, "deadline_ms": 1}]),
                "deadline_ms",
            ),
            (
                serde_json::json!([{"kind": "house", "opponents": ["demo"], "matches": 1},
                                {"kind": "final", "top": 2, "deals": 1, "same_deals": false}]),
                "every seating",
            ),
        ];
        for (stages, expected) in cases {
            let error = spec(stages.clone()).unwrap_err();
            assert!(error.contains(expected), "{stages}: {error}");
        }
    }
}
