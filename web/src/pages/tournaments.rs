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

use super::format::{decimal, decimal_short, stage_kind, tournament_status, utc};
use super::words::{Arg, Words, escaped, link, markup};
use super::{Frame, PageError, PageResult, ok};
use crate::locale::Locale;
use cardarena_contest::tournament::standings::Placing;
use cardarena_contest::tournament::{self, TournamentError};
use cardarena_store::{Store, TournamentRecord};

mod figures;

use figures::figures;

/// The page of a tournament's error: a 404 for an unknown one, in `w`'s language.
fn page_error(w: Words, e: TournamentError) -> PageError {
    match e {
        TournamentError::NotFound(id) => {
            PageError::NotFound(w.t("tournaments-not-found", &[("id", Arg::text(id))]))
        }
        other => PageError::Internal(other.to_string()),
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
    /// The status as stored (`open`, `running`, `finished`), for the markup.
    pub status: String,
    /// The status in words.
    pub status_text: String,
    /// The stage now, in words: "2 of 3: final".
    pub stage: String,
    pub created: String,
    /// The podium of the whole once it is finished, as [`podium`] writes it (HTML).
    pub podium: Option<String>,
}

/// A podium ready to print (HTML, each bot linked), as `tournament.js` writes it: "Winner: A
/// (mean 0.833); second: B (0.700); third: C (0.400)"; `None` while there is none.
fn podium(w: Words, podium: &[Placing]) -> Option<String> {
    let places: Vec<String> = podium
        .iter()
        .take(3)
        .enumerate()
        .map(|(k, p)| {
            let mean = Arg::Text(decimal(w.0, p.mean, 3));
            let args = [("bot", Arg::Mark(0)), ("mean", mean)];
            let place = match k {
                0 => w.t("tournaments-first", &args),
                1 => w.t("tournaments-second", &args),
                _ => w.t("tournaments-third", &args),
            };
            markup(&place, &[link(&format!("/bots/{}", p.bot_id), &p.name)])
        })
        .collect();
    // Each place is HTML already: the line marks where each goes.
    let line = match places.len() {
        0 => return None,
        1 => return places.into_iter().next(),
        2 => w.t(
            "tournaments-podium-two",
            &[("first", Arg::Mark(0)), ("second", Arg::Mark(1))],
        ),
        _ => w.t(
            "tournaments-podium-three",
            &[
                ("first", Arg::Mark(0)),
                ("second", Arg::Mark(1)),
                ("third", Arg::Mark(2)),
            ],
        ),
    };
    Some(markup(&line, &places))
}

impl TournamentLink {
    /// The line of a stored tournament, in `w`'s language.
    pub(super) fn new(t: &TournamentRecord, w: Words) -> TournamentLink {
        let stages = t.stages.as_array().map_or(0, Vec::len);
        let stage = match t.current_stage {
            None => w.t("tournaments-stage-none", &[]),
            Some(i) => {
                let kind = t.stages[i as usize]["kind"].as_str().unwrap_or("?");
                w.t(
                    "tournaments-stage-of",
                    &[
                        ("stage", Arg::num(i + 1)),
                        ("stages", Arg::num(stages as f64)),
                        ("kind", Arg::Text(stage_kind(w, kind))),
                    ],
                )
            }
        };
        TournamentLink {
            id: t.id.clone(),
            name: t.name.clone(),
            game: t.game.clone(),
            status: t.status.clone(),
            status_text: tournament_status(w, &t.status),
            stage,
            created: utc(t.created_at),
            podium: None,
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
pub(super) async fn list(State(store): State<Store>, locale: Locale, frame: Frame) -> PageResult {
    let w = Words(locale);
    let mut tournaments = Vec::new();
    for t in store.tournaments().await? {
        let mut line = TournamentLink::new(&t, w);
        let placings = (tournament::podium_of(&store, &t).await).map_err(|e| page_error(w, e))?;
        line.podium = podium(w, &placings);
        tournaments.push(line);
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
    /// The stage's title: "Stage 2: final".
    title: String,
    /// The status as the API gives it, for the markup.
    status: String,
    /// The status in words.
    status_text: String,
    /// The key figures: (label, value).
    figures: Vec<(String, String)>,
    finished: u64,
    /// The progress bar's maximum: the stage's matches, at least 1.
    bar_max: u64,
    progress: String,
    /// The stage's podium (HTML), once it is over.
    podium: Option<String>,
    standings: Vec<StandingRow>,
    columns: Vec<BotLink>,
    head_to_head: Vec<HeadToHeadRow>,
}

/// The tournament, ready to print.
struct TournamentView {
    id: String,
    name: String,
    game: String,
    /// The status as the API gives it, for the markup and the script.
    status: String,
    /// The status in words.
    status_text: String,
    current: String,
    auto_advance: bool,
    created: String,
    entries: Vec<BotLink>,
    /// The podium of the whole (HTML), once it is over.
    podium: Option<String>,
    stages: Vec<StageView>,
}

#[derive(Template)]
#[template(path = "tournament.html")]
struct TournamentPage {
    /// The site's frame in the reader's language.
    frame: Frame,
    t: TournamentView,
    /// The note on how results and standings are counted, with the time of the last refresh
    /// (`#updated`) in it (HTML).
    about: String,
}

/// `GET /tournaments/{id}`; 404 if there is no such tournament.
pub(super) async fn page(
    State(store): State<Store>,
    Path(id): Path<String>,
    locale: Locale,
    frame: Frame,
) -> PageResult {
    let w = Words(locale);
    let json = (tournament::view(&store, &id).await).map_err(|e| page_error(w, e))?;
    let t: TournamentJson = serde_json::from_value(json)
        .map_err(|e| PageError::Internal(format!("the tournament view: {e}")))?;
    let about = w.t("tournaments-about", &[("updated", Arg::Mark(0))]);
    let updated = format!(
        "<span id=\"updated\">{}</span>",
        escaped(&w.t("tournaments-page-load", &[]))
    );
    ok(&TournamentPage {
        frame,
        t: tournament_view(w, &t),
        about: markup(&about, &[updated]),
    })
}

fn tournament_view(w: Words, t: &TournamentJson) -> TournamentView {
    TournamentView {
        id: t.id.clone(),
        name: t.name.clone(),
        game: t.game.clone(),
        status: t.status.clone(),
        status_text: tournament_status(w, &t.status),
        current: current_stage(w, t),
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
        podium: podium(w, &t.podium),
        stages: t.stages.iter().map(|s| stage_view(w, s)).collect(),
    }
}

/// "stage 2 of 3: gauntlet", or why there is none yet (as `tournament.js` writes it).
fn current_stage(w: Words, t: &TournamentJson) -> String {
    match t.current_stage {
        None if t.status == "open" => w.t("tournaments-current-open", &[]),
        None => w.t("tournaments-current-none", &[]),
        Some(i) => {
            let kind = t
                .stages
                .iter()
                .find(|s| s.index == i)
                .map_or("?", |s| s.kind.as_str());
            w.t(
                "tournaments-current",
                &[
                    ("stage", Arg::num(i + 1)),
                    ("stages", Arg::num(t.stages.len() as f64)),
                    ("kind", Arg::Text(stage_kind(w, kind))),
                ],
            )
        }
    }
}

/// "12/12 finished", with the other statuses that have matches (as `tournament.js` writes it).
fn progress(w: Words, c: &CountsJson) -> (u64, String) {
    let total = c.queued + c.running + c.finished + c.failed + c.cancelled;
    if total == 0 {
        return (0, w.t("tournaments-progress-none", &[]));
    }
    let count = |n: u64| [("count", Arg::num(n as f64))];
    let others = [
        (
            c.running,
            w.t("tournaments-progress-running", &count(c.running)),
        ),
        (
            c.queued,
            w.t("tournaments-progress-queued", &count(c.queued)),
        ),
        (
            c.failed,
            w.t("tournaments-progress-failed", &count(c.failed)),
        ),
        (
            c.cancelled,
            w.t("tournaments-progress-cancelled", &count(c.cancelled)),
        ),
    ];
    let finished = w.t(
        "tournaments-progress",
        &[
            ("finished", Arg::num(c.finished as f64)),
            ("total", Arg::num(total as f64)),
        ],
    );
    let text = (others.into_iter().filter(|(n, _)| *n > 0)).fold(finished, |text, (_, more)| {
        w.t(
            "tournaments-list",
            &[("first", Arg::Text(text)), ("rest", Arg::Text(more))],
        )
    });
    (total, text)
}

/// "0.583 ± 0.163" (ru "0,583 ± 0,163"), or the mean alone below two matches.
fn mean_with_interval(locale: Locale, mean: f64, ci95: Option<f64>) -> String {
    match ci95 {
        Some(ci) => format!("{} ± {}", decimal(locale, mean, 3), decimal(locale, ci, 3)),
        None => decimal(locale, mean, 3),
    }
}

fn stage_view(w: Words, s: &StageJson) -> StageView {
    let (total, progress) = progress(w, &s.matches);
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
        title: w.t(
            "tournaments-stage-title",
            &[
                ("stage", Arg::num(s.index + 1)),
                ("kind", Arg::Text(stage_kind(w, &s.kind))),
            ],
        ),
        status: s.status.clone(),
        status_text: tournament_status(w, &s.status),
        figures: figures(w, &s.spec, s.index),
        finished: s.matches.finished,
        bar_max: total.max(1),
        progress,
        podium: podium(w, &s.podium),
        standings: s
            .standings
            .iter()
            .map(|r| StandingRow {
                rank: r.rank,
                bot_id: r.bot_id.clone(),
                name: r.name.clone(),
                matches: r.matches,
                mean: mean_with_interval(w.0, r.mean, r.ci95),
                total: decimal_short(w.0, r.total, 3),
                mean_score: decimal_short(w.0, r.mean_score, 3),
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
        let view = stage_view(Words(Locale::En), &stage);
        assert_eq!(view.progress, "3/6 finished, 1 running, 2 queued");
        assert_eq!((view.finished, view.bar_max), (3, 6));
        assert_eq!(view.standings[0].mean, "0.833");
        assert_eq!(view.standings[1].mean, "0.167 ± 0.200");
        assert_eq!(view.standings[0].total, "2.5");
        assert_eq!(
            view.podium.as_deref(),
            Some(
                "Winner: <a href=\"/bots/b\">Bea</a> (mean 0.833); \
                 second: <a href=\"/bots/a\">Al</a> (0.167)"
            )
        );
        assert_eq!(view.head_to_head[0].bot_id, "b");
        let texts: Vec<Vec<&str>> = view
            .head_to_head
            .iter()
            .map(|r| r.cells.iter().map(|c| c.text.as_str()).collect())
            .collect();
        assert_eq!(texts, [["—", "2–0–1"], ["0–2–1", "—"]]);
        let labels: Vec<&str> = view.figures.iter().map(|(l, _)| l.as_str()).collect();
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
        let ru = stage_view(Words(Locale::Ru), &stage);
        assert_eq!(ru.progress, "завершено: 3 из 6, идёт: 1, в очереди: 2");
        assert_eq!(ru.title, "Этап 2: финал");
        assert_eq!(
            ru.figures[0],
            ("Финалисты".into(), "лучшие 3 этапа 1".into())
        );
        let cs = stage_view(Words(Locale::Cs), &stage);
        assert_eq!(cs.figures[2].1, "500 ms na rozhodnutí");
        assert!(
            cs.podium
                .unwrap()
                .starts_with("Vítěz: <a href=\"/bots/b\">Bea</a> (průměr 0,833); druhý: ")
        );
        assert_eq!(cs.standings[1].mean, "0,167 ± 0,200");
        assert_eq!(ru.standings[0].total, "2,5");
    }
}
