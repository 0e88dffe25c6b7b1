//! `/tournaments`: every tournament, with the winner and podium of each finished one;
//! `/tournaments/{id}`: one tournament as `GET /api/tournaments/{id}` shows it (status, entries,
//! the winner and podium of the whole, and each stage's key figures, progress, winner and podium,
//! standings and head-to-head table).
//!
//! The page is rendered from [`tournament::view`], the very JSON the API answers, read back into
//! the plain structs below; `web/static/tournament.js` then polls the API every 2 s and redraws
//! the parts that change with the same markup and number formats, so both must change together.

use askama::Template;
use axum::extract::{Path, State};
use serde::Deserialize;
use serde_json::Value;

use super::format::{fixed3, short3, utc};
use super::{Frame, PageError, PageResult, ok};
use cardarena_contest::tournament::standings::Placing;
use cardarena_contest::tournament::{self, TournamentError};
use cardarena_store::{Store, TournamentRecord};

impl From<TournamentError> for PageError {
    fn from(e: TournamentError) -> PageError {
        match e {
            TournamentError::NotFound(id) => {
                PageError::NotFound(format!("There is no tournament {id:?}."))
            }
            other => PageError::Internal(other.to_string()),
        }
    }
}

/// A tournament as [`tournament::view`] shows it (fields the page does not use are ignored).
#[derive(Debug, Deserialize)]
struct TournamentJson {
    id: String,
    name: String,
    game: String,
    status: String,
    current_stage: Option<u32>,
    auto_advance: bool,
    created_at: i64,
    entries: Vec<EntryJson>,
    podium: Vec<Placing>,
    stages: Vec<StageJson>,
}

/// An entered bot.
#[derive(Debug, Deserialize)]
struct EntryJson {
    bot_id: String,
    name: String,
}

/// A stage of the view.
#[derive(Debug, Deserialize)]
struct StageJson {
    index: u32,
    kind: String,
    spec: Value,
    status: String,
    matches: CountsJson,
    standings: Vec<StandingJson>,
    head_to_head: Vec<HeadToHeadJson>,
    podium: Vec<Placing>,
}

/// A stage's matches by status.
#[derive(Debug, Deserialize)]
struct CountsJson {
    queued: u64,
    running: u64,
    finished: u64,
    failed: u64,
    cancelled: u64,
}

/// A line of the standings.
#[derive(Debug, Deserialize)]
struct StandingJson {
    rank: usize,
    bot_id: String,
    name: String,
    matches: u64,
    total: f64,
    mean: f64,
    ci95: Option<f64>,
    mean_score: f64,
    faults: u64,
    skipped: bool,
    #[serde(default)]
    disqualified: bool,
}

/// A row of the head-to-head table.
#[derive(Debug, Deserialize)]
struct HeadToHeadJson {
    bot_id: String,
    against: Vec<MeetingJson>,
}

/// One bot's record against another.
#[derive(Debug, Deserialize)]
struct MeetingJson {
    bot_id: String,
    wins: u64,
    losses: u64,
    draws: u64,
}

/// A line of the list of tournaments (also on the leaderboard page).
pub(super) struct TournamentLink {
    pub id: String,
    pub name: String,
    pub game: String,
    pub status: String,
    pub stage: String,
    pub created: String,
    /// The podium of the whole, once it is finished.
    pub podium: Vec<Place>,
}

/// A place on a podium, ready to print: "Winner", "second" or "third", the bot, its mean.
pub(super) struct Place {
    pub label: &'static str,
    pub bot_id: String,
    pub name: String,
    pub mean: String,
}

/// A podium ready to print, as `tournament.js` writes it: "Winner: A (mean 0.833); second: B
/// (0.700); third: C (0.400)".
fn places(podium: &[Placing]) -> Vec<Place> {
    podium
        .iter()
        .zip(["Winner", "second", "third"])
        .enumerate()
        .map(|(k, (p, label))| Place {
            label,
            bot_id: p.bot_id.clone(),
            name: p.name.clone(),
            mean: if k == 0 {
                format!("mean {}", fixed3(p.mean))
            } else {
                fixed3(p.mean)
            },
        })
        .collect()
}

impl TournamentLink {
    /// The line of a stored tournament.
    pub(super) fn new(t: &TournamentRecord) -> TournamentLink {
        let stages = t.stages.as_array().map_or(0, Vec::len);
        let stage = match t.current_stage {
            None => "not started".to_string(),
            Some(i) => {
                let kind = t.stages[i as usize]["kind"].as_str().unwrap_or("?");
                format!("{} of {stages}: {kind}", i + 1)
            }
        };
        TournamentLink {
            id: t.id.clone(),
            name: t.name.clone(),
            game: t.game.clone(),
            status: t.status.clone(),
            stage,
            created: utc(t.created_at),
            podium: Vec::new(),
        }
    }
}

#[derive(Template)]
#[template(path = "tournaments.html")]
struct ListPage {
    /// The site's frame in the reader's language.
    frame: Frame,
    tournaments: Vec<TournamentLink>,
}

/// `GET /tournaments`: every tournament, newest first, each finished one with its podium.
pub(super) async fn list(State(store): State<Store>, frame: Frame) -> PageResult {
    let mut tournaments = Vec::new();
    for t in store.tournaments().await? {
        let mut link = TournamentLink::new(&t);
        link.podium = places(&tournament::podium_of(&store, &t).await?);
        tournaments.push(link);
    }
    ok(&ListPage { frame, tournaments })
}

/// A bot in a list.
struct BotLink {
    bot_id: String,
    name: String,
}

/// A line of a stage's standings, ready to print.
struct StandingRow {
    rank: usize,
    bot_id: String,
    name: String,
    matches: u64,
    mean: String,
    total: String,
    mean_score: String,
    faults: u64,
    skipped: bool,
    disqualified: bool,
}

/// A cell of the head-to-head table.
struct Cell {
    text: String,
    class: &'static str,
}

/// A row of the head-to-head table: a bot and its record against each bot of the standings.
struct HeadToHeadRow {
    bot_id: String,
    name: String,
    cells: Vec<Cell>,
}

/// A stage, ready to print.
struct StageView {
    index: u32,
    number: u32,
    kind: String,
    status: String,
    figures: Vec<(&'static str, String)>,
    finished: u64,
    /// The progress bar's maximum: the stage's matches, at least 1.
    bar_max: u64,
    progress: String,
    podium: Vec<Place>,
    standings: Vec<StandingRow>,
    columns: Vec<BotLink>,
    head_to_head: Vec<HeadToHeadRow>,
}

/// The tournament, ready to print.
struct TournamentView {
    id: String,
    name: String,
    game: String,
    status: String,
    current: String,
    auto_advance: bool,
    created: String,
    entries: Vec<BotLink>,
    podium: Vec<Place>,
    stages: Vec<StageView>,
}

#[derive(Template)]
#[template(path = "tournament.html")]
struct TournamentPage {
    /// The site's frame in the reader's language.
    frame: Frame,
    t: TournamentView,
}

/// `GET /tournaments/{id}`; 404 if there is no such tournament.
pub(super) async fn page(
    State(store): State<Store>,
    Path(id): Path<String>,
    frame: Frame,
) -> PageResult {
    let json = tournament::view(&store, &id).await?;
    let t: TournamentJson = serde_json::from_value(json)
        .map_err(|e| PageError::Internal(format!("the tournament view: {e}")))?;
    ok(&TournamentPage {
        frame,
        t: tournament_view(&t),
    })
}

fn tournament_view(t: &TournamentJson) -> TournamentView {
    TournamentView {
        id: t.id.clone(),
        name: t.name.clone(),
        game: t.game.clone(),
        status: t.status.clone(),
        current: current_stage(t),
        auto_advance: t.auto_advance,
        created: utc(t.created_at),
        entries: t
            .entries
            .iter()
            .map(|e| BotLink {
                bot_id: e.bot_id.clone(),
                name: e.name.clone(),
            })
            .collect(),
        podium: places(&t.podium),
        stages: t.stages.iter().map(stage_view).collect(),
    }
}

/// "Stage 2 of 3: gauntlet", or why there is none yet (as `tournament.js` writes it).
fn current_stage(t: &TournamentJson) -> String {
    match t.current_stage {
        None if t.status == "open" => "none yet: entries are open".to_string(),
        None => "none".to_string(),
        Some(i) => {
            let kind = t
                .stages
                .iter()
                .find(|s| s.index == i)
                .map_or("?", |s| s.kind.as_str());
            format!("stage {} of {}: {kind}", i + 1, t.stages.len())
        }
    }
}

/// "12/12 finished", with the other statuses that have matches (as `tournament.js` writes it).
fn progress(c: &CountsJson) -> (u64, String) {
    let total = c.queued + c.running + c.finished + c.failed + c.cancelled;
    if total == 0 {
        return (0, "no matches yet".to_string());
    }
    let mut text = format!("{}/{total} finished", c.finished);
    for (n, what) in [
        (c.running, "running"),
        (c.queued, "queued"),
        (c.failed, "failed"),
        (c.cancelled, "cancelled"),
    ] {
        if n > 0 {
            text.push_str(&format!(", {n} {what}"));
        }
    }
    (total, text)
}

/// "0.583 ± 0.163", or the mean alone below two matches.
fn mean_with_interval(mean: f64, ci95: Option<f64>) -> String {
    match ci95 {
        Some(ci) => format!("{} ± {}", fixed3(mean), fixed3(ci)),
        None => fixed3(mean),
    }
}

fn stage_view(s: &StageJson) -> StageView {
    let (total, progress) = progress(&s.matches);
    let columns: Vec<BotLink> = s
        .standings
        .iter()
        .map(|r| BotLink {
            bot_id: r.bot_id.clone(),
            name: r.name.clone(),
        })
        .collect();
    let head_to_head = columns
        .iter()
        .map(|row| {
            let meetings = s
                .head_to_head
                .iter()
                .find(|h| h.bot_id == row.bot_id)
                .map_or(&[][..], |h| h.against.as_slice());
            let cells = columns
                .iter()
                .map(|col| h2h_cell(&row.bot_id, &col.bot_id, meetings))
                .collect();
            HeadToHeadRow {
                bot_id: row.bot_id.clone(),
                name: row.name.clone(),
                cells,
            }
        })
        .collect();
    StageView {
        index: s.index,
        number: s.index + 1,
        kind: s.kind.clone(),
        status: s.status.clone(),
        figures: figures(&s.spec, s.index),
        finished: s.matches.finished,
        bar_max: total.max(1),
        progress,
        podium: places(&s.podium),
        standings: s
            .standings
            .iter()
            .map(|r| StandingRow {
                rank: r.rank,
                bot_id: r.bot_id.clone(),
                name: r.name.clone(),
                matches: r.matches,
                mean: mean_with_interval(r.mean, r.ci95),
                total: short3(r.total),
                mean_score: short3(r.mean_score),
                faults: r.faults,
                skipped: r.skipped,
                disqualified: r.disqualified,
            })
            .collect(),
        columns,
        head_to_head,
    }
}

/// The cell of `row` against `col`: "W–L–D", a dash on the diagonal, a dot if they never met
/// (as `tournament.js` writes it).
fn h2h_cell(row: &str, col: &str, meetings: &[MeetingJson]) -> Cell {
    if row == col {
        return Cell {
            text: "—".to_string(),
            class: "num self",
        };
    }
    match meetings.iter().find(|m| m.bot_id == col) {
        Some(m) => Cell {
            text: format!("{}–{}–{}", m.wins, m.losses, m.draws),
            class: "num",
        },
        None => Cell {
            text: "·".to_string(),
            class: "num none",
        },
    }
}

/// The key figures of a stage's spec, as (label, value); they never change, so only the server
/// writes them.
fn figures(spec: &Value, index: u32) -> Vec<(&'static str, String)> {
    let mut out = Vec::new();
    let number = |key: &str| spec.get(key).and_then(Value::as_u64);
    // The stage before this one, numbered from 1 as the page numbers them.
    let previous = format!("stage {index}");
    let top_of_previous = |top| format!("the top {top} of {previous}");
    match spec.get("kind").and_then(Value::as_str) {
        Some("house") => {
            let entrants = match (index, number("top")) {
                (0, _) => "every entered bot".to_string(),
                (_, Some(top)) => top_of_previous(top),
                (_, None) => format!("every bot of {previous} not skipped"),
            };
            out.push(("Entrants", entrants));
            let opponents: Vec<&str> = spec
                .get("opponents")
                .and_then(Value::as_array)
                .map(|a| a.iter().filter_map(Value::as_str).collect())
                .unwrap_or_default();
            out.push(("House bots", opponents.join(", ")));
            if let Some(n) = number("matches") {
                out.push(("Matches", format!("{n} per entrant")));
            }
        }
        Some("gauntlet") => {
            out.push(("Entrants", format!("every bot of {previous} not skipped")));
            if let Some(top) = number("top") {
                out.push(("Opponents", top_of_previous(top)));
            }
            if let Some(n) = number("matches") {
                out.push(("Matches", format!("{n} per entrant")));
            }
        }
        Some("final") => {
            if let Some(top) = number("top") {
                out.push(("Finalists", top_of_previous(top)));
            }
            if let Some(n) = number("deals") {
                out.push(("Deals", format!("{n}, each played in every seating")));
            }
            if let Some(n) = number("table") {
                out.push(("Table", format!("{n} players")));
            }
        }
        _ => {}
    }
    if let Some(ms) = number("deadline_ms") {
        out.push(("Deadline", format!("{ms} ms per decision")));
    }
    match number("time_bank_ms") {
        Some(0) | None => out.push(("Time bank", "none".to_string())),
        Some(ms) => out.push(("Time bank", format!("{ms} ms per bot and match"))),
    }
    if let Some(ms) = number("match_time_limit_ms") {
        out.push(("Match cap", format!("{} s", ms as f64 / 1000.0)));
    }
    if let Some(options) = spec.get("options").filter(|o| !o.is_null()) {
        out.push(("Options", options.to_string()));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_head_to_head_follows_the_standings_with_a_dash_on_the_diagonal() {
        let stage: StageJson = serde_json::from_value(json!({
            "index": 1, "kind": "final", "status": "running",
            "spec": {"kind": "final", "top": 3, "deals": 2, "deadline_ms": 500,
                     "time_bank_ms": 0, "match_time_limit_ms": 120000, "options": {}},
            "matches": {"queued": 2, "running": 1, "finished": 3, "failed": 0, "cancelled": 0},
            "standings": [
                {"rank": 1, "bot_id": "b", "name": "Bea", "matches": 3, "total": 2.5,
                 "mean": 0.8333333, "ci95": null, "mean_score": -1.0, "faults": 0, "skipped": false},
                {"rank": 2, "bot_id": "a", "name": "Al", "matches": 3, "total": 0.5,
                 "mean": 0.1666667, "ci95": 0.2, "mean_score": -7.0, "faults": 1, "skipped": true},
            ],
            "head_to_head": [
                {"bot_id": "a", "against": [{"bot_id": "b", "wins": 0, "losses": 2, "draws": 1}]},
                {"bot_id": "b", "against": [{"bot_id": "a", "wins": 2, "losses": 0, "draws": 1}]},
            ],
            "winner": {"rank": 1, "bot_id": "b", "name": "Bea", "mean": 0.8333333},
            "podium": [{"rank": 1, "bot_id": "b", "name": "Bea", "mean": 0.8333333},
                       {"rank": 2, "bot_id": "a", "name": "Al", "mean": 0.1666667}],
        }))
        .unwrap();
        let view = stage_view(&stage);
        assert_eq!(view.progress, "3/6 finished, 1 running, 2 queued");
        assert_eq!((view.finished, view.bar_max), (3, 6));
        assert_eq!(view.standings[0].mean, "0.833");
        assert_eq!(view.standings[1].mean, "0.167 ± 0.200");
        assert_eq!(view.standings[0].total, "2.5");
        let podium: Vec<(&str, &str, &str)> = view
            .podium
            .iter()
            .map(|p| (p.label, p.name.as_str(), p.mean.as_str()))
            .collect();
        assert_eq!(
            podium,
            [("Winner", "Bea", "mean 0.833"), ("second", "Al", "0.167")]
        );
        assert_eq!(view.head_to_head[0].bot_id, "b");
        let texts: Vec<Vec<&str>> = view
            .head_to_head
            .iter()
            .map(|r| r.cells.iter().map(|c| c.text.as_str()).collect())
            .collect();
        assert_eq!(texts, [["—", "2–0–1"], ["0–2–1", "—"]]);
        let labels: Vec<&str> = view.figures.iter().map(|(l, _)| *l).collect();
        assert_eq!(
            labels,
            [
                "Finalists",
                "Deals",
                "Deadline",
                "Time bank",
                "Match cap",
                "Options"
            ]
        );
        assert_eq!(view.figures[0].1, "the top 3 of stage 1");
        assert_eq!(view.figures[4].1, "120 s");
    }
}
