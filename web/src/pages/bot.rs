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
use super::format::{fixed2, place, score, short_id, utc, version_label};
use super::leaderboard::recent_faults;
use super::organiser::OrganiserView;
use super::{Frame, PageError, PageResult, ok};
use cardarena_contest::health::{Verdict, probation_verdict};
use cardarena_contest::{games, table_sizes};
use cardarena_store::{
    BotKind, BotRecord, BotVersion, LeaderRow, MatchKind, MatchSummary, OrganiserHold, PauseReason,
    ProbationMatch, RECENT_MATCHES, RecentFallbacks, Rivalry, Store,
};

/// How many of its latest versions a bot's page lists.
const VERSIONS_ON_PAGE: usize = 10;
/// How many points the rating chart draws at most, however long the history.
const CHART_POINTS: u32 = 500;
/// How many of its latest finished matches the head-to-head table counts, so the page costs the
/// same however long the bot has played.
const RIVALRY_WINDOW: u32 = 2000;

/// The bot itself.
struct BotView {
    name: String,
    game: String,
    kind: &'static str,
    url: Option<String>,
    house_id: Option<String>,
    removed: bool,
    registered: String,
    /// "active" or "paused: <why>".
    status: String,
    /// What the last failed ping or the pause rule said.
    status_detail: Option<String>,
    /// Whether the last failed ping was refused with 401: the bot checks signatures with
    /// another secret than the one registration gave (the page says how to pass it).
    wrong_secret: bool,
    /// When the next ping is due.
    next_check: Option<String>,
    /// What the next check is: "Next check", or "Next probation" for a bot paused for faults.
    next_check_label: &'static str,
    /// Whether it is on probation (paused for faults).
    on_probation: bool,
    /// The probation match out now: (short id, id).
    probation_match: Option<(String, String)>,
    /// How the last probation went.
    last_probation: Option<LastProbationView>,
    /// Faulted over recent matches, e.g. "3/50".
    recent_faults: String,
    /// The same as a percentage, when there are recent matches.
    recent_rate: Option<String>,
    /// The table sizes it plays on the ladder, as a sentence ("Plays the ladder at 2 and 3
    /// seats."); none for the people's row, which the ladder never seats.
    ladder_sizes: Option<String>,
    /// What its kit played at random in its latest matches, in words (contestants' bots with a
    /// finished match).
    fallbacks: Option<String>,
}

/// The bot's last probation, ready to print.
struct LastProbationView {
    match_id: String,
    short_id: String,
    when: String,
    /// "passed", "faulted", "not played".
    result: &'static str,
    /// The bot's fault in it: (kind, detail).
    fault: Option<(String, String)>,
}

impl LastProbationView {
    fn new(m: ProbationMatch) -> Option<LastProbationView> {
        let verdict = probation_verdict(&m)?;
        Some(LastProbationView {
            short_id: short_id(&m.match_id).to_string(),
            when: m.ended_at.map(utc).unwrap_or_default(),
            result: match verdict {
                Verdict::Passed => "passed",
                Verdict::Faulted(..) => "faulted",
                Verdict::NotPlayed => "not played",
            },
            fault: m.fault,
            match_id: m.match_id,
        })
    }
}

impl BotView {
    fn new(
        bot: &BotRecord,
        last_probation: Option<ProbationMatch>,
        fallbacks: RecentFallbacks,
    ) -> BotView {
        let on_probation = bot.health.paused == Some(PauseReason::Faults);
        let kind = match bot.kind {
            BotKind::Dial => "dial (it connects to the server)",
            BotKind::Module { .. } => "module (the server runs its WebAssembly)",
            _ => bot.kind.as_str(),
        };
        let (url, house_id) = match &bot.kind {
            BotKind::Http { url } => (Some(url.clone()), None),
            BotKind::House { house_id } => (None, Some(house_id.clone())),
            BotKind::Dial | BotKind::Module { .. } | BotKind::Person => (None, None),
        };
        BotView {
            name: bot.name.clone(),
            game: bot.game.clone(),
            kind,
            url,
            house_id,
            removed: bot.deleted,
            registered: utc(bot.created_at),
            status: match (bot.organiser, bot.health.paused) {
                (Some(OrganiserHold::Paused), _) => "paused by the organiser".to_string(),
                (Some(OrganiserHold::Disqualified), _) => "disqualified".to_string(),
                (None, None) => "active: it plays on the ladder".to_string(),
                (None, Some(reason)) => format!("paused: {}", pause_text(reason)),
            },
            wrong_secret: refused_signature(bot.health.detail.as_deref()),
            status_detail: bot.health.detail.clone(),
            next_check: bot.health.next_check_at.map(utc),
            on_probation,
            next_check_label: match on_probation {
                true => "Next probation",
                false => "Next check",
            },
            probation_match: bot
                .health
                .probation_match
                .clone()
                .filter(|_| on_probation)
                .map(|id| (short_id(&id).to_string(), id)),
            last_probation: last_probation.and_then(LastProbationView::new),
            ladder_sizes: games::game(&bot.game)
                .filter(|_| bot.kind != BotKind::Person)
                .map(|game| table_sizes::sentence(bot, &game)),
            recent_faults: recent_faults(bot.health.faults(), bot.health.recent_matches),
            recent_rate: (bot.health.recent_matches > 0).then(|| {
                let percent =
                    100.0 * f64::from(bot.health.faults()) / f64::from(bot.health.recent_matches);
                format!("{percent:.0}%")
            }),
            fallbacks: fallbacks_text(&bot.kind, fallbacks),
        }
    }
}

/// What a contestant's bot's kit played at random in its latest finished matches, in words;
/// `None` for house bots, people, and a bot with no finished match.
fn fallbacks_text(kind: &BotKind, recent: RecentFallbacks) -> Option<String> {
    let contestant = matches!(
        kind,
        BotKind::Http { .. } | BotKind::Dial | BotKind::Module { .. }
    );
    if !contestant || recent.seats == 0 {
        return None;
    }
    let of = match recent.seats {
        1 => "its one finished match".to_string(),
        n => format!("its last {n} finished matches"),
    };
    if recent.decisions == 0 {
        return Some(format!("none in {of}"));
    }
    let within = match recent.seats {
        1 => of,
        _ => format!("{} of {of}", recent.with_fallbacks),
    };
    Some(format!(
        "{} decision{} in {within}: its kit caught its strategy failing and played a random legal \
         action instead. These are not faults, but they cost it places: its kit's log says where \
         the strategy failed.",
        recent.decisions,
        if recent.decisions == 1 { "" } else { "s" },
    ))
}

/// Why a paused bot is off the ladder, in words.
/// Whether a failed ping's `detail` is the bot's 401: it refused the server's signature.
fn refused_signature(detail: Option<&str>) -> bool {
    detail.is_some_and(|d| d.contains("http_status: answered 401"))
}

fn pause_text(reason: PauseReason) -> &'static str {
    match reason {
        PauseReason::Unchecked => {
            "it has not answered a ping yet since it was registered, moved or resumed"
        }
        PauseReason::Faults => "on probation after repeated faults",
        PauseReason::Owner => "its owner paused it",
    }
}

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
    fn new(row: &LeaderRow) -> RatingView {
        RatingView {
            rating: fixed2(row.skill.rating()),
            mu: fixed2(row.skill.mu),
            sigma: fixed2(row.skill.sigma),
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
    fn new(v: &BotVersion) -> VersionRow {
        VersionRow {
            label: version_label(v.version),
            started: utc(v.created_at),
            runs: match &v.kind {
                BotKind::Http { url } => url.clone(),
                BotKind::Module { hash: Some(hash) } => format!("module {}", short_hash(hash)),
                _ => "dial-out".to_string(),
            },
            note: v.note.clone(),
            matches: v.matches,
            start: match v.start {
                Some(s) => format!(
                    "{} (μ {}, σ {})",
                    fixed2(s.rating()),
                    fixed2(s.mu),
                    fixed2(s.sigma)
                ),
                None => "a newcomer's".to_string(),
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
    status: &'static str,
    kind: String,
    rated: bool,
    seat: usize,
    /// The bot's version in this seat, "v2".
    version: Option<String>,
    place: String,
    score: String,
    fault: Option<String>,
    /// Its decisions its kit played at random after its strategy failed.
    fallbacks: u32,
    opponents: Vec<Opponent>,
}

/// A fault of the bot.
struct FaultRow {
    match_id: String,
    short_id: String,
    when: String,
    kind: String,
    detail: String,
}

/// A choice of the kind filter.
struct KindChoice {
    value: &'static str,
    label: &'static str,
    selected: bool,
}

/// The filters in force, ready to print.
struct Filters {
    kinds: Vec<KindChoice>,
    /// The stage the list is limited to: (tournament id, stage index, "stage 2 of <name>").
    stage: Option<(String, u32, String)>,
    /// The page without the stage filter.
    clear_stage: String,
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
    versions: Vec<VersionRow>,
    /// Versions started before those in the table (kept ones and dropped ones).
    earlier_versions: u32,
    filters: Filters,
    matches: Vec<MatchRow>,
    faults: Vec<FaultRow>,
    pager: Pager,
    rivals: Vec<RivalRow>,
    /// The finished matches the head-to-head table counts, and whether that is a window.
    rivals_over: u64,
    rivals_windowed: bool,
    organiser: OrganiserView,
}

/// `GET /bots/{id}`; 404 if there is no such bot (or tournament), 400 for a bad parameter.
pub(super) async fn page(
    State(store): State<Store>,
    Path(id): Path<String>,
    RawQuery(raw): RawQuery,
    frame: Frame,
) -> PageResult {
    let params = ListParams::parse(raw.as_deref(), &["kind", "tournament", "stage"])?;
    let Some(bot) = store.bot(&id).await? else {
        return Err(PageError::NotFound(format!("There is no bot {id:?}.")));
    };
    let stage = match &params.stage {
        None => None,
        Some((t, stage)) => {
            let Some(record) = store.tournament(t).await? else {
                return Err(PageError::NotFound(format!(
                    "There is no tournament {t:?}."
                )));
            };
            let label = format!("stage {} of {}", stage + 1, record.name);
            Some((t.clone(), *stage, label))
        }
    };
    let last_probation = match &bot.health.last_probation {
        Some(at) => store.probation_match(at, &id).await?,
        None => None,
    };
    let rating = store.rating_of(&id).await?;
    let fallbacks = store.recent_fallbacks(&id, RECENT_MATCHES).await?;
    let organiser = OrganiserView::read(&store, &bot).await?;
    let history = store.rating_chart(&id, CHART_POINTS).await?;
    let versions = store.bot_versions(&id).await?;
    let starts: Vec<(u32, u64)> = versions.iter().map(|v| (v.version, v.from_rated)).collect();
    // The table shows the latest few; the API pages through the rest.
    let shown = &versions[versions.len().saturating_sub(VERSIONS_ON_PAGE)..];
    let earlier_versions = shown.first().map_or(0, |v| v.version.saturating_sub(1));
    let chart = RatingChart::new(
        &history,
        rating.as_ref().map(|r| r.skill),
        rating.as_ref().map_or(0, |r| r.matches),
        &starts,
    );
    let page = store
        .browse_matches(&params.filter(Some(&id)), params.at, params.per_page)
        .await?;
    let summaries: Vec<MatchSummary> = page.matches.iter().map(|(_, m)| m.clone()).collect();
    let (matches, faults) = rows_of(&id, &summaries);
    let (rivals, rivals_over) = store.rivalries(&id, params.kind, RIVALRY_WINDOW).await?;
    let path = format!("/bots/{id}");
    let clear_stage = format!(
        "{path}{}",
        ListParams {
            stage: None,
            ..params.clone()
        }
        .query(None)
    );
    ok(&BotPage {
        frame,
        bot_id: id.clone(),
        bot: BotView::new(&bot, last_probation, fallbacks),
        rating: rating.as_ref().map(RatingView::new),
        chart,
        versions: shown.iter().map(VersionRow::new).collect(),
        earlier_versions,
        filters: Filters {
            kinds: kind_choices(params.kind),
            stage,
            clear_stage,
        },
        matches,
        faults,
        pager: Pager::new(&path, &params, &page),
        rivals: rivals.into_iter().map(RivalRow::new).collect(),
        rivals_over,
        rivals_windowed: rivals_over >= u64::from(RIVALRY_WINDOW),
        organiser,
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
fn kind_choices(current: Option<MatchKind>) -> Vec<KindChoice> {
    let kinds = [
        (None, "", "every kind"),
        (Some(MatchKind::Practice), "practice", "practice"),
        (Some(MatchKind::Ladder), "ladder", "ladder"),
        (Some(MatchKind::Tournament), "tournament", "tournament"),
        (Some(MatchKind::Human), "human", "with people"),
    ];
    kinds
        .into_iter()
        .map(|(kind, value, label)| KindChoice {
            value,
            label,
            selected: kind == current,
        })
        .collect()
}

/// The rows of the bot `bot_id` in `recent` matches (one per seat it held: a bot may play
/// itself), and its faults among them.
fn rows_of(bot_id: &str, recent: &[MatchSummary]) -> (Vec<MatchRow>, Vec<FaultRow>) {
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
                    kind: kind.clone(),
                    detail: detail.clone(),
                });
            }
            matches.push(MatchRow {
                match_id: m.id.clone(),
                short_id: short_id(&m.id).to_string(),
                when: when.clone(),
                status: m.status.as_str(),
                kind: m.kind.clone(),
                rated: m.rated,
                seat: seat.seat,
                version: seat.version.map(version_label),
                place: place(seat.rank),
                score: score(seat.score),
                fault: seat.fault.as_ref().map(|(kind, _)| kind.clone()),
                fallbacks: seat.fallbacks,
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
