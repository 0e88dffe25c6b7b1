//! The analysis queue: requests bounded per requester and in all, served in turns between
//! requesters rather than first come first served, and a full queue making room by dropping an
//! analysis nobody has asked after for a while (docs/api.md, "Analysis").
//!
//! A requester is a key the API gives (`bot:ID`, `net:NETWORK`, `organiser`). The next analysis
//! claimed is the oldest of the requester whose last turn came longest ago (a requester never
//! served first), so one requester's twenty requests wait behind everyone else's one.

use std::collections::HashMap;

use sqlx::{AnyConnection, Row};

use super::analyses::{AnalysisState, FORMAT, STALE_AFTER_MS, current, state_of};
use super::logs::engine_rules_version;
use super::{Store, StoreError, WriterLock, now_ms};

/// A pending analysis nobody has asked after for this long may be dropped to make room for a
/// fresh request when the queue is full (a match page asks every few seconds while it is open).
pub const UNWATCHED_AFTER_MS: i64 = 60_000;
/// How often, at most, asking after a pending analysis writes that it was asked after.
const SEEN_EVERY_MS: i64 = 10_000;

/// A request to analyse a match.
#[derive(Debug, Clone, Copy)]
pub struct AnalysisRequest<'a> {
    /// The match's id.
    pub id: &'a str,
    /// Its game.
    pub game: &'a str,
    /// Its decisions.
    pub total: u32,
    /// The expert's budget per decision, in ms.
    pub budget_ms: u32,
    /// Who asks (`bot:ID`, `net:NETWORK`, `organiser`).
    pub requester: &'a str,
    /// Analyses queued or running at most, all requesters together.
    pub max_pending: u32,
    /// Analyses one requester may have queued or running at once (`None`: no bound, the
    /// organiser's).
    pub per_requester: Option<u32>,
}

/// What a request to analyse a match found or did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Requested {
    /// The analysis was queued now, or was already queued or running: where it stands.
    Pending(AnalysisState),
    /// The analysis is done, or failed: nothing was queued.
    Settled(AnalysisState),
    /// The queue holds `max` analyses already, each asked after lately; nothing was queued.
    QueueFull {
        /// The queue's bound.
        max: u32,
    },
    /// The requester has `max` analyses queued or running already; nothing was queued.
    RequesterFull {
        /// The bound per requester.
        max: u32,
    },
}

/// An analysis a process claimed, to compute.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClaimedAnalysis {
    /// The match's id.
    pub match_id: String,
    /// The expert's budget per decision, in ms.
    pub budget_ms: u32,
    /// Who asked for it.
    pub requester: String,
}

impl Store {
    /// Queues the analysis `request` names, unless it is queued, running or done already
    /// (under these rules and format), its requester has its bound pending, or the queue is
    /// full and holds no analysis left unwatched for [`UNWATCHED_AFTER_MS`] (the longest
    /// unwatched one is dropped to make room). An analysis of other rules or format, or a
    /// failed one, is replaced.
    pub async fn request_analysis(
        &self,
        request: AnalysisRequest<'_>,
    ) -> Result<Requested, StoreError> {
        let AnalysisRequest { id, game, .. } = request;
        let mut tx = self.write().await?;
        let row = sqlx::query(
            "SELECT status, done, total, rules_version, format, result, plain_len, tag, error
             FROM analyses WHERE match_id = $1",
        )
        .bind(id)
        .fetch_optional(&mut *tx)
        .await?;
        if let Some(row) = &row
            && current(row, game)?
        {
            let state = state_of(row)?;
            drop(tx);
            if !state.is_pending() {
                return Ok(Requested::Settled(state));
            }
            self.analysis_seen(id).await?;
            return Ok(Requested::Pending(self.with_place(id, state).await?));
        }
        if let Some(max) = request.per_requester {
            let own: i64 = sqlx::query_scalar(
                "SELECT COUNT(*) FROM analyses
                 WHERE requester = $1 AND status IN ('queued', 'running')",
            )
            .bind(request.requester)
            .fetch_one(&mut *tx)
            .await?;
            if own >= i64::from(max) {
                return Ok(Requested::RequesterFull { max });
            }
        }
        let pending: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM analyses WHERE status IN ('queued', 'running')",
        )
        .fetch_one(&mut *tx)
        .await?;
        let now = now_ms();
        if pending >= i64::from(request.max_pending) {
            // Queued ones first, then those nobody has asked after for longest.
            let dropped = sqlx::query(
                "DELETE FROM analyses WHERE match_id = (
                     SELECT match_id FROM analyses
                     WHERE status IN ('queued', 'running')
                       AND COALESCE(viewed_at, requested_at) < $1
                     ORDER BY status, COALESCE(viewed_at, requested_at), match_id
                     LIMIT 1)",
            )
            .bind(now - UNWATCHED_AFTER_MS)
            .execute(&mut *tx)
            .await?;
            if dropped.rows_affected() == 0 {
                return Ok(Requested::QueueFull {
                    max: request.max_pending,
                });
            }
        }
        sqlx::query("DELETE FROM analyses WHERE match_id = $1")
            .bind(id)
            .execute(&mut *tx)
            .await?;
        sqlx::query(
            "INSERT INTO analyses (match_id, status, done, total, budget_ms, rules_version, format,
                 requested_at, requester, viewed_at)
             VALUES ($1, 'queued', 0, $2, $3, $4, $5, $6, $7, $6)",
        )
        .bind(id)
        .bind(i64::from(request.total))
        .bind(i64::from(request.budget_ms))
        .bind(engine_rules_version(game).map(i64::from))
        .bind(i64::from(FORMAT))
        .bind(now)
        .bind(request.requester)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        let state = AnalysisState::Queued {
            done: 0,
            total: request.total,
            ahead: 0,
        };
        Ok(Requested::Pending(self.with_place(id, state).await?))
    }

    /// Notes that someone asked how match `id`'s pending analysis stands (written at most every
    /// few seconds), so that a full queue does not drop it.
    pub async fn analysis_seen(&self, id: &str) -> Result<(), StoreError> {
        let now = now_ms();
        let mut tx = self.write().await?;
        sqlx::query(
            "UPDATE analyses SET viewed_at = $1
             WHERE match_id = $2 AND status IN ('queued', 'running')
               AND (viewed_at IS NULL OR viewed_at < $3)",
        )
        .bind(now)
        .bind(id)
        .bind(now - SEEN_EVERY_MS)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }

    /// `state` of match `id` with, when queued, the analyses that will be claimed before it.
    pub(crate) async fn with_place(
        &self,
        id: &str,
        state: AnalysisState,
    ) -> Result<AnalysisState, StoreError> {
        let AnalysisState::Queued { done, total, .. } = state else {
            return Ok(state);
        };
        let mut conn = self.pool.acquire().await?;
        let order = turn_order(&mut conn).await?;
        let ahead = order.iter().position(|m| m == id).unwrap_or(order.len());
        Ok(AnalysisState::Queued {
            done,
            total,
            ahead: ahead as u32,
        })
    }

    /// Claims for `worker` the oldest queued analysis of the requester whose turn came longest
    /// ago (among those never served, the one waiting longest), if any analysis is queued.
    pub async fn claim_analysis(
        &self,
        worker: &str,
    ) -> Result<Option<ClaimedAnalysis>, StoreError> {
        let mut tx = self.write().await?;
        let Some(next) = turn_order(&mut tx).await?.into_iter().next() else {
            return Ok(None);
        };
        let row =
            sqlx::query("SELECT match_id, budget_ms, requester FROM analyses WHERE match_id = $1")
                .bind(&next)
                .fetch_one(&mut *tx)
                .await?;
        let claimed = ClaimedAnalysis {
            match_id: row.try_get("match_id")?,
            budget_ms: row.try_get::<i64, _>("budget_ms")? as u32,
            requester: row.try_get("requester")?,
        };
        let now = now_ms();
        sqlx::query(
            "UPDATE analyses SET status = 'running', done = 0, worker = $1, heartbeat_at = $2,
                 claimed_at = $2
             WHERE match_id = $3",
        )
        .bind(worker)
        .bind(now)
        .bind(&claimed.match_id)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(Some(claimed))
    }

    /// Records that `done` decisions of match `id`'s analysis are evaluated (and that its
    /// process lives): `false` when it is no longer running (a full queue dropped it).
    pub async fn analysis_progress(&self, id: &str, done: u32) -> Result<bool, StoreError> {
        let mut tx = self.write().await?;
        let updated = sqlx::query(
            "UPDATE analyses SET done = $1, heartbeat_at = $2
             WHERE match_id = $3 AND status = 'running'",
        )
        .bind(i64::from(done))
        .bind(now_ms())
        .bind(id)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(updated.rows_affected() > 0)
    }

    /// Puts match `id`'s running analysis back in the queue (its process could not go on with
    /// it for now: the database failed it).
    pub async fn release_analysis(&self, id: &str) -> Result<(), StoreError> {
        let mut tx = self.write().await?;
        sqlx::query(
            "UPDATE analyses SET status = 'queued', done = 0, worker = NULL, heartbeat_at = NULL
             WHERE match_id = $1 AND status = 'running'",
        )
        .bind(id)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }

    /// Queues again every analysis left running by a process that is gone: on SQLite, every
    /// running one (holding the writer lock proves their process gone); on a shared database,
    /// those whose process has not reported for [`STALE_AFTER_MS`]. Returns how many.
    pub async fn requeue_analyses(&self, sole: Option<&WriterLock>) -> Result<u64, StoreError> {
        let before = match sole {
            Some(_) if !self.shared() => i64::MAX,
            _ => now_ms() - STALE_AFTER_MS,
        };
        let mut tx = self.write().await?;
        let done = sqlx::query(
            "UPDATE analyses SET status = 'queued', done = 0, worker = NULL, heartbeat_at = NULL
             WHERE status = 'running' AND heartbeat_at < $1",
        )
        .bind(before)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(done.rows_affected())
    }
}

/// The queued analyses' match ids in the order they will be claimed: each requester's
/// oldest, the requester whose turn came longest ago first (among those never served, the
/// one waiting longest), then each one's second, and so on.
async fn turn_order(conn: &mut AnyConnection) -> Result<Vec<String>, StoreError> {
    let rows = sqlx::query(
        "SELECT a.match_id, a.requester, a.requested_at,
                (SELECT COALESCE(MAX(b.claimed_at), 0) FROM analyses b
                 WHERE b.requester = a.requester) AS turn
         FROM analyses a WHERE a.status = 'queued'",
    )
    .fetch_all(&mut *conn)
    .await?;
    let mut queued = Vec::with_capacity(rows.len());
    let mut first_asked: HashMap<String, i64> = HashMap::new();
    for row in &rows {
        let requester = row.try_get::<String, _>("requester")?;
        let requested_at = row.try_get::<i64, _>("requested_at")?;
        let first = first_asked.entry(requester.clone()).or_insert(requested_at);
        *first = (*first).min(requested_at);
        queued.push((
            row.try_get::<i64, _>("turn")?,
            requester,
            requested_at,
            row.try_get::<String, _>("match_id")?,
        ));
    }
    // As the claim orders them: by turn, then by who has waited longest.
    queued.sort_by_key(|(turn, requester, requested_at, id)| {
        let first = first_asked.get(requester).copied().unwrap_or(0);
        (*turn, first, requester.clone(), *requested_at, id.clone())
    });
    // The n-th of each requester goes in the n-th round.
    let mut rounds: HashMap<&str, usize> = HashMap::new();
    let mut order: Vec<(usize, usize, &str)> = queued
        .iter()
        .enumerate()
        .map(|(rank, (_, requester, _, id))| {
            let round = rounds.entry(requester.as_str()).or_insert(0);
            *round += 1;
            (*round, rank, id.as_str())
        })
        .collect();
    order.sort();
    Ok(order.into_iter().map(|(_, _, id)| id.to_string()).collect())
}
