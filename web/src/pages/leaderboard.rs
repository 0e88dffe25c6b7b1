//! `/`: the leaderboard of every game, or of the one named by `?game=`, each linking its game's
//! recent matches (`/matches?game=<id>`), and the latest tournaments (of that game). The table
//! bodies are redrawn every 2 s by `web/static/live.js` from `/api/leaderboard?game=<id>`, which
//! must print the same columns in the same formats (the decimals as the page's language writes
//! them: `format::decimal` here, `Intl.NumberFormat` there).

use askama::Template;
use axum::extract::{Query, State};
use serde::Deserialize;

use super::format::decimal;
use super::tournaments::TournamentLink;
use super::{Frame, PageError, PageResult, ok};
use crate::locale::Locale;
use cardarena_store::{LeaderRow, Store};

/// The query string of `/`.
#[derive(Debug, Deserialize)]
pub(super) struct Filter {
    /// Show only this game.
    game: Option<String>,
}

/// One row of a leaderboard table, ready to print.
pub(super) struct BoardRow {
    pub rank: usize,
    pub bot_id: String,
    pub name: String,
    pub rating: String,
    pub mu: String,
    pub sigma: String,
    pub matches: u64,
    pub wins: u64,
    /// Faulted among the recent matches, as "3/50".
    pub faults: String,
}

impl BoardRow {
    /// The row of `row` at place `rank` (1 is best), its numbers as `locale` writes them.
    pub(super) fn new(rank: usize, row: &LeaderRow, locale: Locale) -> BoardRow {
        BoardRow {
            rank,
            bot_id: row.bot_id.clone(),
            name: row.name.clone(),
            rating: decimal(locale, row.skill.rating(), 2),
            mu: decimal(locale, row.skill.mu, 2),
            sigma: decimal(locale, row.skill.sigma, 2),
            matches: row.matches,
            wins: row.wins,
            faults: recent_faults(row.recent_faults, row.recent_matches),
        }
    }
}

/// A recent fault count as shown: faulted matches over recent matches, e.g. "3/50".
pub(super) fn recent_faults(faults: u32, matches: u32) -> String {
    format!("{faults}/{matches}")
}

/// One game's table.
struct Board {
    game: &'static str,
    rows: Vec<BoardRow>,
}

/// How many tournaments the page lists; `/tournaments` has them all.
const TOURNAMENTS_SHOWN: usize = 5;

#[derive(Template)]
#[template(path = "leaderboard.html")]
struct LeaderboardPage {
    /// The site's frame in the reader's language.
    frame: Frame,
    boards: Vec<Board>,
    /// The latest tournaments of the games shown, newest first.
    tournaments: Vec<TournamentLink>,
    /// How many more there are.
    more_tournaments: usize,
    /// How many of a bot's latest matches its recent faults are counted over.
    faults_window: usize,
}

/// `GET /?game=<id>`: one table per game, or the one game asked for (404 if there is no such
/// game).
pub(super) async fn page(
    State(store): State<Store>,
    Query(filter): Query<Filter>,
    locale: Locale,
    frame: Frame,
) -> PageResult {
    let games: Vec<&'static str> = match filter.game.as_deref() {
        None | Some("") => cardarena_bots::game_ids().to_vec(),
        Some(wanted) => match cardarena_bots::game_ids().iter().find(|g| **g == wanted) {
            Some(game) => vec![*game],
            None => return Err(PageError::NotFound(format!("There is no game {wanted:?}."))),
        },
    };
    let mut boards = Vec::with_capacity(games.len());
    for game in games {
        let rows = store.leaderboard(game).await?;
        boards.push(Board {
            game,
            rows: rows
                .iter()
                .enumerate()
                .map(|(i, row)| BoardRow::new(i + 1, row, locale))
                .collect(),
        });
    }
    let mut tournaments: Vec<TournamentLink> = store
        .tournaments()
        .await?
        .iter()
        .filter(|t| boards.iter().any(|b| b.game == t.game))
        .map(|t| TournamentLink::new(t, super::words::Words(locale)))
        .collect();
    let more_tournaments = tournaments.len().saturating_sub(TOURNAMENTS_SHOWN);
    tournaments.truncate(TOURNAMENTS_SHOWN);
    ok(&LeaderboardPage {
        frame,
        boards,
        tournaments,
        more_tournaments,
        faults_window: cardarena_store::RECENT_MATCHES as usize,
    })
}
