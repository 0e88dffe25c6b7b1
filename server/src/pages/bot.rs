//! `/bots/{id}`: a bot, whether it plays on the ladder (active or paused, and why), its recent
//! fault rate, its current rating and rating history, its recent matches and the faults among
//! them.

use askama::Template;
use axum::extract::{Path, State};

use super::format::{Sparkline, fixed2, place, score, short_id, utc};
use super::leaderboard::recent_faults;
use super::{PageError, PageResult, ok};
use crate::store::{BotKind, BotRecord, LeaderRow, MatchSummary, PauseReason, Store};

/// How many recent matches the page lists (their faults with them).
const RECENT_MATCHES: u32 = 30;
/// How many rated matches the sparkline draws.
const HISTORY: u32 = 200;

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
    /// When the next ping is due.
    next_check: Option<String>,
    /// Faulted over recent matches, e.g. "3/50".
    recent_faults: String,
    /// The same as a percentage, when there are recent matches.
    recent_rate: Option<String>,
}

impl BotView {
    fn new(bot: &BotRecord) -> BotView {
        let (kind, url, house_id) = match &bot.kind {
            BotKind::Http { url } => ("http", Some(url.clone()), None),
            BotKind::House { house_id } => ("house", None, Some(house_id.clone())),
        };
        BotView {
            name: bot.name.clone(),
            game: bot.game.clone(),
            kind,
            url,
            house_id,
            removed: bot.deleted,
            registered: utc(bot.created_at),
            status: match bot.health.paused {
                None => "active: it plays on the ladder".to_string(),
                Some(reason) => format!("paused: {}", pause_text(reason)),
            },
            status_detail: bot.health.detail.clone(),
            next_check: bot.health.next_check_at.map(utc),
            recent_faults: recent_faults(bot.health.faults(), bot.health.recent_matches),
            recent_rate: (bot.health.recent_matches > 0).then(|| {
                let percent =
                    100.0 * f64::from(bot.health.faults()) / f64::from(bot.health.recent_matches);
                format!("{percent:.0}%")
            }),
        }
    }
}

/// Why a paused bot is off the ladder, in words.
fn pause_text(reason: PauseReason) -> &'static str {
    match reason {
        PauseReason::Unchecked => {
            "it has not answered a ping yet since it was registered, moved or resumed"
        }
        PauseReason::Faults => "it faulted repeatedly; it comes back when a ping passes",
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

/// Another bot of a match.
#[derive(Clone)]
struct Opponent {
    bot_id: String,
    name: String,
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
    place: String,
    score: String,
    fault: Option<String>,
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

#[derive(Template)]
#[template(path = "bot.html")]
struct BotPage {
    bot: BotView,
    rating: Option<RatingView>,
    history: Option<Sparkline>,
    history_len: usize,
    matches: Vec<MatchRow>,
    faults: Vec<FaultRow>,
}

/// `GET /bots/{id}`; 404 if there is no such bot.
pub(super) async fn page(State(store): State<Store>, Path(id): Path<String>) -> PageResult {
    let Some(bot) = store.bot(&id).await? else {
        return Err(PageError::NotFound(format!("There is no bot {id:?}.")));
    };
    let rating = store.rating_of(&id).await?;
    let history: Vec<f64> = store
        .rating_history(&id, HISTORY)
        .await?
        .iter()
        .map(|point| point.skill.rating())
        .collect();
    let recent = store.matches_of_bot(&id, RECENT_MATCHES).await?;
    let (matches, faults) = rows_of(&id, &recent);
    ok(&BotPage {
        bot: BotView::new(&bot),
        rating: rating.as_ref().map(RatingView::new),
        history: Sparkline::new(&history),
        history_len: history.len(),
        matches,
        faults,
    })
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
                place: place(seat.rank),
                score: score(seat.score),
                fault: seat.fault.as_ref().map(|(kind, _)| kind.clone()),
                opponents: opponents.clone(),
            });
        }
    }
    (matches, faults)
}
