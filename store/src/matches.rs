//! Matches: queueing them, and the commit of a result together with its rating update (the
//! claim of queued matches is in `queue`).

use std::collections::HashMap;

use serde_json::Value;
use sqlx::Row;
use sqlx::any::AnyRow;

use super::bots::BotKind;
use super::logs::{LogState, engine_rules_version};
use super::options::{options_read, options_to_store};
use super::{Store, StoreError, Tx, WriterLock, now_ms};

/// Why a match was played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MatchKind {
    /// An owner's practice match: not rated.
    Practice,
    /// A rated match of the ladder.
    Ladder,
    /// A match of a tournament's stage: not rated.
    Tournament,
    /// A table with a person at one seat or more (the contest's `tables`): not rated unless the
    /// organiser says so.
    Human,
}

impl MatchKind {
    /// Every kind.
    pub const ALL: [MatchKind; 4] = [
        MatchKind::Practice,
        MatchKind::Ladder,
        MatchKind::Tournament,
        MatchKind::Human,
    ];

    /// The kind's name in the database and the API.
    pub fn as_str(self) -> &'static str {
        match self {
            MatchKind::Practice => "practice",
            MatchKind::Ladder => "ladder",
            MatchKind::Tournament => "tournament",
            MatchKind::Human => "human",
        }
    }

    /// The kind named `name` ([`MatchKind::as_str`]), if any.
    pub fn parse(name: &str) -> Option<MatchKind> {
        MatchKind::ALL
            .into_iter()
            .find(|kind| kind.as_str() == name)
    }
}

/// Where a match is in its life.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MatchStatus {
    /// Waiting for a free runner.
    Queued,
    /// Being played.
    Running,
    /// Played to the end; its result is stored.
    Finished,
    /// Could not be played (a setup or engine error, never a bot's doing).
    Failed,
    /// Dropped before it started, because a bot in it was removed.
    Cancelled,
}

impl MatchStatus {
    /// The status's name in the database and the API.
    pub fn as_str(self) -> &'static str {
        match self {
            MatchStatus::Queued => "queued",
            MatchStatus::Running => "running",
            MatchStatus::Finished => "finished",
            MatchStatus::Failed => "failed",
            MatchStatus::Cancelled => "cancelled",
        }
    }

    pub(super) fn parse(name: &str) -> Result<MatchStatus, StoreError> {
        [
            MatchStatus::Queued,
            MatchStatus::Running,
            MatchStatus::Finished,
            MatchStatus::Failed,
            MatchStatus::Cancelled,
        ]
        .into_iter()
        .find(|s| s.as_str() == name)
        .ok_or_else(|| StoreError::Corrupt(format!("match status {name:?}")))
    }
}

/// A match to queue.
#[derive(Debug, Clone)]
pub struct NewMatch {
    /// The game's id.
    pub game: String,
    /// The game's options, as JSON.
    pub options: Value,
    /// The deal's seed (below 2^53).
    pub seed: u64,
    /// Why it is played.
    pub kind: MatchKind,
    /// Whether its result moves the ratings.
    pub rated: bool,
    /// The per-decision deadline of HTTP bots, in ms.
    pub deadline_ms: u32,
    /// Extra time each HTTP bot may draw on across the match, in ms.
    pub time_bank_ms: u32,
    /// The match's wall-clock cap, in ms.
    pub wall_clock_ms: Option<u32>,
    /// The tournament stage the match belongs to.
    pub stage: Option<StageRef>,
    /// The bot of each seat, by id.
    pub bot_ids: Vec<String>,
}

impl NewMatch {
    /// A rated ladder match of `game` with `options` between `bot_ids` (in seat order), dealt
    /// from `seed`, `deadline_ms` a decision, with no time bank and no wall-clock cap: what the
    /// ladder queues.
    pub fn ladder(
        game: &str,
        options: Value,
        seed: u64,
        deadline_ms: u32,
        bot_ids: Vec<String>,
    ) -> NewMatch {
        NewMatch {
            game: game.to_string(),
            options,
            seed,
            kind: MatchKind::Ladder,
            rated: true,
            deadline_ms,
            time_bank_ms: 0,
            wall_clock_ms: None,
            stage: None,
            bot_ids,
        }
    }
}

/// Where a tournament match belongs: its tournament, stage and (for duplicate deals) deal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StageRef {
    /// The tournament's id.
    pub tournament_id: String,
    /// The stage's index.
    pub stage: u32,
    /// The deal the match replays, in a stage of duplicate deals.
    pub deal: Option<u32>,
    /// The entrant the match is played for, in a house or gauntlet stage (whose standings count
    /// only its seat); `None` in a final, where every seat counts.
    pub entrant: Option<String>,
}

/// Who plays a seat, as the runner needs it.
#[derive(Debug, Clone, PartialEq)]
pub struct SeatPlayer {
    /// The bot's id.
    pub bot_id: String,
    /// The bot's name.
    pub name: String,
    /// Where the bot runs.
    pub kind: BotKind,
}

/// A match the scheduler took from the queue to play.
#[derive(Debug, Clone)]
pub struct ClaimedMatch {
    /// The match's id.
    pub id: String,
    /// The game's id.
    pub game: String,
    /// Why it is played: its [`MatchKind`]'s name.
    pub kind: String,
    /// The game's options.
    pub options: Value,
    /// The deal's seed.
    pub seed: u64,
    /// The per-decision deadline of HTTP bots, in ms.
    pub deadline_ms: u32,
    /// Extra time each HTTP bot may draw on across the match, in ms.
    pub time_bank_ms: u32,
    /// The match's wall-clock cap, in ms.
    pub wall_clock_ms: Option<u32>,
    /// The tournament stage the match belongs to.
    pub stage: Option<StageRef>,
    /// The players by seat.
    pub seats: Vec<SeatPlayer>,
    /// The lease it is played under.
    pub lease: super::Lease,
}

/// One seat's final result.
#[derive(Debug, Clone, PartialEq)]
pub struct FinishedSeat {
    /// Place, 1 is best.
    pub rank: u32,
    /// The game's score.
    pub score: f64,
    /// The seat's fault, as (kind, detail), if its bot faulted.
    pub fault: Option<(String, String)>,
    /// How many of its decisions its bot's kit played at random because the bot's strategy
    /// failed (the answers marked `"fallback": true`): shown beside faults, never one.
    pub fallbacks: u32,
}

/// One action of a match's log.
#[derive(Debug, Clone, PartialEq)]
pub struct SavedAction {
    /// The seat that took it.
    pub seat: usize,
    /// The action, as JSON.
    pub action: Value,
    /// What the bot said with it.
    pub say: Option<String>,
}

/// A played match's result and log.
#[derive(Debug, Clone)]
pub struct MatchResult {
    /// Results by seat.
    pub seats: Vec<FinishedSeat>,
    /// Every action in order.
    pub actions: Vec<SavedAction>,
}

/// One seat of a stored match.
#[derive(Debug, Clone, PartialEq)]
pub struct SeatDetail {
    /// The seat number.
    pub seat: usize,
    /// The bot's id.
    pub bot_id: String,
    /// The bot's name.
    pub name: String,
    /// Place, once finished.
    pub rank: Option<u32>,
    /// Score, once finished.
    pub score: Option<f64>,
    /// The seat's fault as (kind, detail).
    pub fault: Option<(String, String)>,
    /// Its decisions its bot's kit played at random after the bot's strategy failed (0 until
    /// the match is finished, and for matches stored before they were counted).
    pub fallbacks: u32,
    /// The bot's conservative rating after the match, if it was rated.
    pub rating_after: Option<f64>,
    /// The version of the bot that played it (contestants' bots; none before it was played).
    pub version: Option<u32>,
}

/// A stored match, without its log.
#[derive(Debug, Clone, PartialEq)]
pub struct MatchSummary {
    /// The match's id.
    pub id: String,
    /// The game's id.
    pub game: String,
    /// Why it was played.
    pub kind: String,
    /// Where it is in its life.
    pub status: MatchStatus,
    /// The deal's seed.
    pub seed: u64,
    /// The game's options.
    pub options: Value,
    /// Whether it moved the ratings.
    pub rated: bool,
    /// Why it failed, if it did.
    pub error: Option<String>,
    /// When it was queued, Unix ms.
    pub created_at: i64,
    /// When it ended, Unix ms.
    pub finished_at: Option<i64>,
    /// The tournament stage it belongs to.
    pub stage: Option<StageRef>,
    /// The version of the game's rules it was played (or is to be played) under.
    pub rules_version: Option<u32>,
    /// How many times it was claimed: more than once when a process playing it stopped.
    pub attempt: u32,
    /// The seats.
    pub seats: Vec<SeatDetail>,
}

/// A stored match with its log.
#[derive(Debug, Clone, PartialEq)]
pub struct MatchDetail {
    /// The match.
    pub summary: MatchSummary,
    /// Every action in order (empty until finished, and when the log cannot be shown).
    pub actions: Vec<SavedAction>,
    /// Whether the log is kept, was dropped by retention, or cannot be read by this engine.
    pub log: LogState,
}

fn to_db_seed(seed: u64) -> i64 {
    seed as i64
}

/// The columns of `matches` a [`MatchSummary`] is read from (a macro, so that queries built with
/// `concat!` stay static strings).
macro_rules! summary_columns {
    () => {
        "id, game, kind, status, seed, options, rated, error, created_at, finished_at,
         tournament_id, stage, deal, entrant_id, rules_version, attempt"
    };
}

/// The columns of `seats s JOIN bots b` a [`SeatDetail`] is read from.
macro_rules! seat_columns {
    () => {
        "s.seat, s.bot_id, b.name, s.rank, s.score, s.fault_kind, s.fault_detail, s.fallbacks,
         s.mu_after - 3 * s.sigma_after AS rating_after, s.version"
    };
}

/// The ids of the `$2` most recent matches the bot `$1` sat in: read newest first from the index
/// `seats_by_bot (bot_id, match_number)`, so as fast with a million matches stored as with ten.
macro_rules! recent_of_bot {
    () => {
        "SELECT s.match_id FROM seats s WHERE s.bot_id = $1 ORDER BY s.match_number DESC LIMIT $2"
    };
}

/// A match read through `summary_columns!`, with its `seats`.
fn summary_of(row: &AnyRow, seats: Vec<SeatDetail>) -> Result<MatchSummary, StoreError> {
    let game: String = row.try_get("game")?;
    Ok(MatchSummary {
        id: row.try_get("id")?,
        options: options_read(&game, json(&row.try_get::<String, _>("options")?)?),
        game,
        kind: row.try_get("kind")?,
        status: MatchStatus::parse(&row.try_get::<String, _>("status")?)?,
        seed: row.try_get::<i64, _>("seed")? as u64,
        rated: row.try_get::<i64, _>("rated")? != 0,
        error: row.try_get("error")?,
        created_at: row.try_get("created_at")?,
        finished_at: row.try_get("finished_at")?,
        stage: stage_ref(row)?,
        rules_version: row
            .try_get::<Option<i64>, _>("rules_version")?
            .map(|v| v as u32),
        attempt: row.try_get::<i64, _>("attempt")? as u32,
        seats,
    })
}

/// A seat read through `seat_columns!`.
fn seat_detail(row: &AnyRow) -> Result<SeatDetail, StoreError> {
    Ok(SeatDetail {
        seat: row.try_get::<i64, _>("seat")? as usize,
        bot_id: row.try_get("bot_id")?,
        name: row.try_get("name")?,
        rank: row.try_get::<Option<i64>, _>("rank")?.map(|x| x as u32),
        score: row.try_get("score")?,
        fault: fault_of(row)?,
        fallbacks: u32::try_from(row.try_get::<i64, _>("fallbacks")?).unwrap_or(0),
        rating_after: row.try_get("rating_after")?,
        version: row.try_get::<Option<i64>, _>("version")?.map(|v| v as u32),
    })
}

fn fault_of(row: &AnyRow) -> Result<Option<(String, String)>, StoreError> {
    let kind: Option<String> = row.try_get("fault_kind")?;
    let detail: Option<String> = row.try_get("fault_detail")?;
    Ok(kind.map(|k| (k, detail.unwrap_or_default())))
}

pub(super) fn stage_ref(row: &AnyRow) -> Result<Option<StageRef>, StoreError> {
    let Some(tournament_id) = row.try_get::<Option<String>, _>("tournament_id")? else {
        return Ok(None);
    };
    Ok(Some(StageRef {
        tournament_id,
        stage: row.try_get::<Option<i64>, _>("stage")?.unwrap_or(0) as u32,
        deal: row.try_get::<Option<i64>, _>("deal")?.map(|d| d as u32),
        entrant: row.try_get("entrant_id")?,
    }))
}

pub(super) fn json(text: &str) -> Result<Value, StoreError> {
    serde_json::from_str(text).map_err(|e| StoreError::Corrupt(format!("JSON {text:?}: {e}")))
}

impl Store {
    /// Queues matches; returns their ids in order.
    pub async fn create_matches(&self, matches: &[NewMatch]) -> Result<Vec<String>, StoreError> {
        let mut tx = self.write().await?;
        let ids = insert_matches(&mut tx, matches).await?;
        tx.commit().await?;
        Ok(ids)
    }

    /// Puts every match left running (by a server that stopped mid-match) back in the queue; a
    /// running match has no stored result or log, so it is simply played again. Returns how many.
    /// A table people were playing ([`MatchKind::Human`]) is not played again: its people's
    /// moves are gone with the process, so it is cancelled (see [`Store::cancel_interrupted_tables`]).
    ///
    /// Only by the holder of the SQLite database's [`WriterLock`], its proof that the process
    /// that left them running is gone (the OS releases a dead process's lock). A shared database
    /// (PostgreSQL) has no such lock: the running matches may be other processes' (workers'),
    /// and those of a process that stopped are taken back when their leases pass
    /// ([`Store::reap_leases`]).
    pub async fn requeue_interrupted(&self, _sole: &WriterLock) -> Result<u64, StoreError> {
        if self.backend.shared() {
            return Ok(0);
        }
        let done = sqlx::query(
            "UPDATE matches SET status = 'queued', started_at = NULL, worker = NULL,
                 lease_until = NULL
             WHERE status = 'running' AND kind != 'human'",
        )
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected())
    }

    /// How many matches of this kind and game are queued or running.
    pub async fn pending_matches(&self, kind: MatchKind, game: &str) -> Result<u64, StoreError> {
        let count: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM matches WHERE kind = $1 AND game = $2 AND status IN ('queued', 'running')",
        )
        .bind(kind.as_str())
        .bind(game)
        .fetch_one(&self.pool)
        .await?;
        Ok(count as u64)
    }

    /// A match with its seats and log.
    pub async fn match_detail(&self, id: &str) -> Result<Option<MatchDetail>, StoreError> {
        let Some(summary) = self.match_summary(id).await? else {
            return Ok(None);
        };
        let (actions, log) = self.read_log(&summary).await?;
        Ok(Some(MatchDetail {
            summary,
            actions,
            log,
        }))
    }

    /// A match with its seats, without its log.
    pub async fn match_summary(&self, id: &str) -> Result<Option<MatchSummary>, StoreError> {
        let row = sqlx::query(concat!(
            "SELECT ",
            summary_columns!(),
            " FROM matches WHERE id = $1"
        ))
        .bind(id)
        .fetch_optional(&self.pool)
        .await?;
        let Some(row) = row else {
            return Ok(None);
        };
        let seats = sqlx::query(concat!(
            "SELECT ",
            seat_columns!(),
            " FROM seats s JOIN bots b ON b.id = s.bot_id WHERE s.match_id = $1 ORDER BY s.seat"
        ))
        .bind(id)
        .fetch_all(&self.pool)
        .await?
        .iter()
        .map(seat_detail)
        .collect::<Result<_, _>>()?;
        Ok(Some(summary_of(&row, seats)?))
    }

    /// The most recent matches a bot sat in, newest first: two queries, however many matches.
    pub async fn matches_of_bot(
        &self,
        bot_id: &str,
        limit: u32,
    ) -> Result<Vec<MatchSummary>, StoreError> {
        let rows = sqlx::query(concat!(
            "SELECT ",
            summary_columns!(),
            " FROM matches WHERE id IN (",
            recent_of_bot!(),
            ") ORDER BY number DESC"
        ))
        .bind(bot_id)
        .bind(i64::from(limit))
        .fetch_all(&self.pool)
        .await?;
        let seat_rows = sqlx::query(concat!(
            "SELECT s.match_id, ",
            seat_columns!(),
            " FROM seats s JOIN bots b ON b.id = s.bot_id WHERE s.match_id IN (",
            recent_of_bot!(),
            ") ORDER BY s.match_id, s.seat"
        ))
        .bind(bot_id)
        .bind(i64::from(limit))
        .fetch_all(&self.pool)
        .await?;
        let mut seats: HashMap<String, Vec<SeatDetail>> = HashMap::new();
        for row in &seat_rows {
            let match_id: String = row.try_get("match_id")?;
            seats.entry(match_id).or_default().push(seat_detail(row)?);
        }
        rows.iter()
            .map(|row| {
                let id: String = row.try_get("id")?;
                summary_of(row, seats.remove(&id).unwrap_or_default())
            })
            .collect()
    }

    /// Every match in creation order, with its seats: for checks and exports.
    pub async fn match_ids(&self) -> Result<Vec<String>, StoreError> {
        Ok(sqlx::query_scalar("SELECT id FROM matches ORDER BY number")
            .fetch_all(&self.pool)
            .await?)
    }
}

/// Inserts queued matches with their seats inside `tx`; returns their ids in order.
pub(super) async fn insert_matches(
    tx: &mut Tx,
    matches: &[NewMatch],
) -> Result<Vec<String>, StoreError> {
    let mut ids = Vec::with_capacity(matches.len());
    for m in matches {
        let id = uuid::Uuid::new_v4().to_string();
        let number: i64 = sqlx::query_scalar(
            "INSERT INTO matches (id, game, options, seed, kind, rated, deadline_ms, status,
                     created_at, time_bank_ms, wall_clock_ms, tournament_id, stage, deal,
                     rules_version, entrant_id)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, 'queued', $8, $9, $10, $11, $12, $13, $14, $15)
                 RETURNING number",
        )
        .bind(&id)
        .bind(&m.game)
        .bind(options_to_store(&m.game, &m.options))
        .bind(to_db_seed(m.seed))
        .bind(m.kind.as_str())
        .bind(i64::from(m.rated))
        .bind(i64::from(m.deadline_ms))
        .bind(now_ms())
        .bind(i64::from(m.time_bank_ms))
        .bind(m.wall_clock_ms.map(i64::from))
        .bind(m.stage.as_ref().map(|s| &s.tournament_id))
        .bind(m.stage.as_ref().map(|s| i64::from(s.stage)))
        .bind(m.stage.as_ref().and_then(|s| s.deal).map(i64::from))
        .bind(engine_rules_version(&m.game).map(i64::from))
        .bind(m.stage.as_ref().and_then(|s| s.entrant.as_deref()))
        .fetch_one(&mut **tx)
        .await?;
        for (seat, bot_id) in m.bot_ids.iter().enumerate() {
            sqlx::query(
                "INSERT INTO seats (match_id, seat, bot_id, match_number, match_kind, version)
                 VALUES ($1, $2, $3, $4, $5,
                         (SELECT MAX(v.version) FROM bot_versions v WHERE v.bot_id = $3))",
            )
            .bind(&id)
            .bind(seat as i64)
            .bind(bot_id)
            .bind(number)
            .bind(m.kind.as_str())
            .execute(&mut **tx)
            .await?;
        }
        super::queue::set_owner(tx, &id).await?;
        ids.push(id);
    }
    Ok(ids)
}
