//! `/bots/{id}?kind=&tournament=&stage=&before=&after=&per_page=`: a bot, whether it plays on
//! the ladder (active or paused, and why) and at which table sizes, its recent fault rate and
//! the decisions its kit played at random in its latest matches, its current rating and a chart
//! of its whole rated history, its versions, its matches paged newest first (of one kind, or of
//! one tournament stage, if asked; each seat with the version that played it) with the faults
//! and random plays among them, its record against each opponent, and the organiser's hold on
//! it, actions and tools (`organiser.rs`).

use askama::Template;
use axum::extract::{Path, RawQuery, State};

use super::browse::{ListParams, Pager};
use super::chart::RatingChart;
use super::format::{
    decimal, fault_kind, match_kind, match_status, place, score_in, short_id, utc, version_label,
};
use super::organiser::OrganiserView;
use super::words::{Arg, Words, link, markup};
use super::{Frame, PageError, PageResult, ok};
use crate::locale::Locale;
use cardarena_store::{
    BotKind, BotVersion, LeaderRow, MatchKind, MatchSummary, RECENT_MATCHES, Rivalry, Store,
};

mod facts;

use facts::BotView;

/// How many of its latest versions a bot's page lists.
const VERSIONS_ON_PAGE: usize = 10;
/// How many points the rating chart draws at most, however long the history.
const CHART_POINTS: u32 = 500;
/// How many of its latest finished matches the head-to-head table counts, so the page costs the
/// same however long the bot has played.
const RIVALRY_WINDOW: u32 = 2000;

/// The current rating, ready to print.
struct RatingView {
    rating: String,
    mu: String,
    sigma: String,
    matches: u64,
    wins: u64,
    faults: u64,
}

impl RatingView {
    fn new(row: &LeaderRow, locale: Locale) -> RatingView {
        RatingView {
            rating: decimal(locale, row.skill.rating(), 2),
            mu: decimal(locale, row.skill.mu, 2),
            sigma: decimal(locale, row.skill.sigma, 2),
            matches: row.matches,
            wins: row.wins,
            faults: row.faults,
        }
    }
}

/// A version of the bot, ready to print.
struct VersionRow {
    /// "v2".
    label: String,
    started: String,
    /// "http://…" or "dial-out".
    runs: String,
    note: Option<String>,
    matches: u64,
    /// The rating it started from, e.g. "31.20 − 3 × 4.28".
    start: String,
}

impl VersionRow {
    fn new(v: &BotVersion, w: Words) -> VersionRow {
        VersionRow {
            label: version_label(v.version),
            started: utc(v.created_at),
            runs: match &v.kind {
                BotKind::Http { url } => url.clone(),
                BotKind::Module { hash: Some(hash) } => {
                    w.t("bot-runs-module", &[("hash", Arg::text(short_hash(hash)))])
                }
                _ => w.t("bot-runs-dial", &[]),
            },
            note: v.note.clone(),
            matches: v.matches,
            start: match v.start {
                Some(s) => format!(
                    "{} (μ {}, σ {})",
                    decimal(w.0, s.rating(), 2),
                    decimal(w.0, s.mu, 2),
                    decimal(w.0, s.sigma, 2)
                ),
                None => w.t("bot-start-newcomer", &[]),
            },
        }
    }
}

/// Another bot of a match.
#[derive(Clone)]
struct Opponent {
    bot_id: String,
    name: String,
    /// "v2", for a contestant's bot.
    version: Option<String>,
}

/// One of the bot's seats in a recent match.
struct MatchRow {
    match_id: String,
    short_id: String,
    when: String,
    /// The status in words.
    status: String,
    /// The kind in words, and whether it was rated ("ladder, rated").
    kind: String,
    seat: usize,
    /// The bot's version in this seat, "v2".
    version: Option<String>,
    place: String,
    score: String,
    /// Its fault's kind in words.
    fault: Option<String>,
    /// Its decisions its kit played at random after its strategy failed, in words ("3 at
    /// random"), if any.
    fallbacks: Option<String>,
    opponents: Vec<Opponent>,
}

/// A fault of the bot.
struct FaultRow {
    match_id: String,
    short_id: String,
    when: String,
    /// The fault's kind in words.
    kind: String,
    detail: String,
}

/// A choice of the kind filter.
struct KindChoice {
    value: &'static str,
    label: String,
    selected: bool,
}

/// The filters in force, ready to print.
struct Filters {
    kinds: Vec<KindChoice>,
    /// The stage the list is limited to: (tournament id, stage index), and "Only <a>stage 2 of
    /// <name></a> (<a>all matches</a>)" (HTML).
    stage: Option<(String, u32, String)>,
}

/// The bot's record against one opponent, ready to print.
struct RivalRow {
    bot_id: String,
    name: String,
    matches: u64,
    wins: u64,
    draws: u64,
    losses: u64,
}

#[derive(Template)]
#[template(path = "bot.html")]
struct BotPage {
    /// The site's frame in the reader's language.
    frame: Frame,
    bot_id: String,
    bot: BotView,
    rating: Option<RatingView>,
    chart: Option<RatingChart>,
    /// The chart's key and caption.
    chart_text: Option<ChartText>,
    versions: Vec<VersionRow>,
    /// The versions started before those in the table (kept ones and dropped ones), in a
    /// sentence with the API's link (HTML), if there are any.
    earlier_versions: Option<String>,
    filters: Filters,
    matches: Vec<MatchRow>,
    faults: Vec<FaultRow>,
    pager: Pager,
    rivals: Vec<RivalRow>,
    /// What the head-to-head table says when it is empty, and above it otherwise.
    rivals_about: (String, String),
    /// The organiser's actions before those listed, in a sentence with the API's link (HTML).
    earlier_actions: Option<String>,
    organiser: OrganiserView,
}

/// `GET /bots/{id}`; 404 if there is no such bot (or tournament), 400 for a bad parameter.
pub(super) async fn page(
    State(store): State<Store>,
    Path(id): Path<String>,
    RawQuery(raw): RawQuery,
    locale: Locale,
    frame: Frame,
) -> PageResult {
    let w = Words(locale);
    let params = ListParams::parse(raw.as_deref(), &["kind", "tournament", "stage"], w)?;
    let Some(bot) = store.bot(&id).await? else {
        return Err(PageError::NotFound(
            w.t("bot-not-found", &[("id", Arg::text(&id))]),
        ));
    };
    let path = format!("/bots/{id}");
    let clear_stage = format!(
        "{path}{}",
        ListParams {
            stage: None,
            ..params.clone()
        }
        .query(None)
    );
    let stage = match &params.stage {
        None => None,
        Some((t, stage)) => {
            let Some(record) = store.tournament(t).await? else {
                return Err(PageError::NotFound(
                    w.t("tournaments-not-found", &[("id", Arg::text(t))]),
                ));
            };
            let label = w.t(
                "bot-filter-stage",
                &[
                    ("stage", Arg::num(stage + 1)),
                    ("tournament", Arg::text(&record.name)),
                ],
            );
            let href = format!("/tournaments/{t}#stage-{}", stage + 1);
            let sentence = w.t(
                "bot-filter-only",
                &[("stage", Arg::Mark(0)), ("all", Arg::Mark(1))],
            );
            let all = w.t("bot-filter-all", &[]);
            let html = markup(&sentence, &[link(&href, &label), link(&clear_stage, &all)]);
            Some((t.clone(), *stage, html))
        }
    };
    let last_probation = match &bot.health.last_probation {
        Some(at) => store.probation_match(at, &id).await?,
        None => None,
    };
    let rating = store.rating_of(&id).await?;
    let fallbacks = store.recent_fallbacks(&id, RECENT_MATCHES).await?;
    let organiser = OrganiserView::read(&store, &bot, w).await?;
    let history = store.rating_chart(&id, CHART_POINTS).await?;
    let versions = store.bot_versions(&id).await?;
    let starts: Vec<(u32, u64)> = versions.iter().map(|v| (v.version, v.from_rated)).collect();
    // The table shows the latest few; the API pages through the rest.
    let shown = &versions[versions.len().saturating_sub(VERSIONS_ON_PAGE)..];
    let earlier_versions = shown.first().map_or(0, |v| v.version.saturating_sub(1));
    let mut chart = RatingChart::new(
        locale,
        &history,
        rating.as_ref().map(|r| r.skill),
        rating.as_ref().map_or(0, |r| r.matches),
        &starts,
    );
    let page = store
        .browse_matches(&params.filter(Some(&id)), params.at, params.per_page)
        .await?;
    let summaries: Vec<MatchSummary> = page.matches.iter().map(|(_, m)| m.clone()).collect();
    for marker in chart.iter_mut().flat_map(|c| c.versions.iter_mut()) {
        marker.title = w.t(
            "bot-chart-version",
            &[
                ("version", Arg::num(marker.version)),
                ("from", Arg::num(marker.from as f64)),
            ],
        );
    }
    let (matches, faults) = rows_of(w, &id, &summaries);
    let (rivals, rivals_over) = store.rivalries(&id, params.kind, RIVALRY_WINDOW).await?;
    let earlier_versions_text = (earlier_versions > 0).then(|| {
        let sentence = w.t(
            "bot-earlier-versions",
            &[
                ("count", Arg::num(earlier_versions)),
                ("link", Arg::Mark(0)),
            ],
        );
        let href = format!("/api/bots/{id}/versions?before={}", earlier_versions + 1);
        markup(&sentence, &[link(&href, &w.t("bot-api-lists-them", &[]))])
    });
    ok(&BotPage {
        bot_id: id.clone(),
        bot: BotView::new(w, &bot, last_probation, fallbacks),
        rating: rating.as_ref().map(|r| RatingView::new(r, locale)),
        chart_text: chart.as_ref().map(|c| ChartText::new(w, c)),
        chart,
        versions: shown.iter().map(|v| VersionRow::new(v, w)).collect(),
        earlier_versions: earlier_versions_text,
        filters: Filters {
            kinds: kind_choices(w, params.kind),
            stage,
        },
        matches,
        faults,
        pager: Pager::new(&path, &params, &page),
        rivals_about: rivals_about(w, params.kind.is_some(), rivals_over),
        rivals: rivals.into_iter().map(RivalRow::new).collect(),
        earlier_actions: (organiser.earlier > 0).then(|| {
            let sentence = w.t(
                "bot-earlier-actions",
                &[
                    ("count", Arg::num(organiser.earlier as f64)),
                    ("link", Arg::Mark(0)),
                ],
            );
            let href = format!("/api/bots/{id}/organiser-actions");
            markup(&sentence, &[link(&href, &w.t("bot-api-lists-them", &[]))])
        }),
        organiser,
        frame,
    })
}

impl RivalRow {
    fn new(r: Rivalry) -> RivalRow {
        RivalRow {
            bot_id: r.bot_id,
            name: r.name,
            matches: r.matches,
            wins: r.wins,
            draws: r.draws,
            losses: r.losses,
        }
    }
}

/// The kind filter's choices, `current` selected.
fn kind_choices(w: Words, current: Option<MatchKind>) -> Vec<KindChoice> {
    let every = KindChoice {
        value: "",
        label: w.t("bot-kind-every", &[]),
        selected: current.is_none(),
    };
    let kinds = MatchKind::ALL.into_iter().map(|kind| KindChoice {
        value: kind.as_str(),
        label: match_kind(w, kind.as_str()),
        selected: Some(kind) == current,
    });
    std::iter::once(every).chain(kinds).collect()
}

/// What the head-to-head table says: the line of an empty one, the sentence above a full one.
fn rivals_about(w: Words, one_kind: bool, over: u64) -> (String, String) {
    let window = match over >= u64::from(RIVALRY_WINDOW) {
        true => "latest",
        false => "all",
    };
    let args = [
        ("window", Arg::text(window)),
        ("count", Arg::num(over as f64)),
    ];
    match one_kind {
        false => (w.t("bot-h2h-none", &[]), w.t("bot-h2h-about", &args)),
        true => (
            w.t("bot-h2h-none-kind", &[]),
            w.t("bot-h2h-about-kind", &args),
        ),
    }
}

/// The chart's words: its key (HTML, with a sample of each line) and its count of matches.
struct ChartText {
    key: String,
    matches: String,
}

impl ChartText {
    fn new(w: Words, c: &RatingChart) -> ChartText {
        let sentence = w.t(
            "bot-chart-key",
            &[
                ("mu", Arg::Mark(0)),
                ("band", Arg::Mark(1)),
                ("low", Arg::Mark(2)),
                ("versions", Arg::Mark(3)),
            ],
        );
        let sample = |class: &str| format!("<span class=\"key {class}\"></span>");
        let key = markup(
            &sentence,
            &[
                sample("mu"),
                sample("band"),
                sample("low"),
                sample("version-key"),
            ],
        );
        let count = ("count", Arg::num(c.matches as f64));
        let matches = match c.downsampled {
            true => w.t(
                "bot-chart-matches-drawn",
                &[count, ("points", Arg::num(c.points as f64))],
            ),
            false => w.t("bot-chart-matches", &[count]),
        };
        ChartText { key, matches }
    }
}

/// The rows of the bot `bot_id` in `recent` matches (one per seat it held: a bot may play
/// itself), and its faults among them.
fn rows_of(w: Words, bot_id: &str, recent: &[MatchSummary]) -> (Vec<MatchRow>, Vec<FaultRow>) {
    let mut matches = Vec::new();
    let mut faults = Vec::new();
    for m in recent {
        let when = utc(m.finished_at.unwrap_or(m.created_at));
        let opponents: Vec<Opponent> = m
            .seats
            .iter()
            .filter(|s| s.bot_id != bot_id)
            .map(|s| Opponent {
                bot_id: s.bot_id.clone(),
                name: s.name.clone(),
                version: s.version.map(version_label),
            })
            .collect();
        for seat in m.seats.iter().filter(|s| s.bot_id == bot_id) {
            if let Some((kind, detail)) = &seat.fault {
                faults.push(FaultRow {
                    match_id: m.id.clone(),
                    short_id: short_id(&m.id).to_string(),
                    when: when.clone(),
                    kind: fault_kind(w, kind),
                    detail: detail.clone(),
                });
            }
            matches.push(MatchRow {
                match_id: m.id.clone(),
                short_id: short_id(&m.id).to_string(),
                when: when.clone(),
                status: match_status(w, m.status.as_str()),
                kind: match m.rated {
                    true => w.t(
                        "bot-kind-rated",
                        &[
                            ("name", Arg::Text(match_kind(w, &m.kind))),
                            ("kind", Arg::text(&m.kind)),
                        ],
                    ),
                    false => match_kind(w, &m.kind),
                },
                seat: seat.seat,
                version: seat.version.map(version_label),
                place: place(seat.rank),
                score: score_in(w.0, seat.score),
                fault: seat.fault.as_ref().map(|(kind, _)| fault_kind(w, kind)),
                fallbacks: (seat.fallbacks > 0)
                    .then(|| w.t("bot-at-random", &[("count", Arg::num(seat.fallbacks))])),
                opponents: opponents.clone(),
            });
        }
    }
    (matches, faults)
}

/// The first 12 hex digits of a module's hash: enough to tell one upload from another.
fn short_hash(hash: &str) -> &str {
    hash.get(..12).unwrap_or(hash)
}
