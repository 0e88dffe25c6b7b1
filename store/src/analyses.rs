//! Analyses of played matches: one row per match, queued by a request, claimed by a serving
//! process, its progress written as it goes, and its result kept gzip-compressed once done
//! (docs/architecture.md, "The expert"). A row computed under another rules version of its game,
//! or another [`FORMAT`], counts as never analysed.

use sqlx::Row;

use super::logs::engine_rules_version;
use super::{Store, StoreError, WriterLock, now_ms};

/// The version of the analysis (its search and its stored result): raise it when either
/// changes, and every analysis stored before counts as never made.
pub const FORMAT: u32 = 1;

/// A running analysis whose process has not reported for this long is taken to be dead and is
/// queued again (on a shared database, where no lock proves a process gone).
pub const STALE_AFTER_MS: i64 = 120_000;

/// A finished analysis as stored: the answer, gzip-compressed JSON.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredAnalysis {
    /// The gzip bytes.
    pub gzip: Vec<u8>,
    /// The JSON's length once decompressed.
    pub plain_len: u64,
    /// A digest of the JSON, in hex (the answer's entity tag).
    pub tag: String,
}

/// Where a match's analysis stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AnalysisState {
    /// Waiting for a process: `done` of `total` decisions evaluated (0 until claimed).
    Queued {
        /// Decisions evaluated.
        done: u32,
        /// Decisions in all.
        total: u32,
    },
    /// Being computed.
    Running {
        /// Decisions evaluated.
        done: u32,
        /// Decisions in all.
        total: u32,
    },
    /// Done: the stored answer.
    Done(StoredAnalysis),
    /// It could not be computed: why.
    Failed(String),
}

/// What a request to analyse a match found or did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Requested {
    /// The analysis was queued now, or was already queued or running: where it stands.
    Pending(AnalysisState),
    /// The analysis is done, or failed: nothing was queued.
    Settled(AnalysisState),
    /// The queue holds `max` analyses already; nothing was queued.
    QueueFull {
        /// The queue's bound.
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
}

impl Store {
    /// Where match `id` (of `game`) stands with its analysis; `None` when it has none, or only
    /// one made under other rules or another format.
    pub async fn analysis(
        &self,
        id: &str,
        game: &str,
    ) -> Result<Option<AnalysisState>, StoreError> {
        let row = sqlx::query(
            "SELECT status, done, total, rules_version, format, result, plain_len, tag, error
             FROM analyses WHERE match_id = $1",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await?;
        let Some(row) = row else {
            return Ok(None);
        };
        if !current(&row, game)? {
            return Ok(None);
        }
        state_of(&row).map(Some)
    }

    /// Queues the analysis of match `id` (of `game`, `total` decisions) at `budget_ms` a
    /// decision, unless it is queued, running or done already (under these rules and format), or
    /// `max_pending` analyses are queued or running. An analysis of other rules or format, or a
    /// failed one, is replaced.
    pub async fn request_analysis(
        &self,
        id: &str,
        game: &str,
        total: u32,
        budget_ms: u32,
        max_pending: u32,
    ) -> Result<Requested, StoreError> {
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
            return Ok(match state {
                AnalysisState::Queued { .. } | AnalysisState::Running { .. } => {
                    Requested::Pending(state)
                }
                AnalysisState::Done(_) | AnalysisState::Failed(_) => Requested::Settled(state),
            });
        }
        let pending: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM analyses WHERE status IN ('queued', 'running')",
        )
        .fetch_one(&mut *tx)
        .await?;
        if pending >= i64::from(max_pending) {
            return Ok(Requested::QueueFull { max: max_pending });
        }
        sqlx::query("DELETE FROM analyses WHERE match_id = $1")
            .bind(id)
            .execute(&mut *tx)
            .await?;
        sqlx::query(
            "INSERT INTO analyses (match_id, status, done, total, budget_ms, rules_version, format,
                 requested_at)
             VALUES ($1, 'queued', 0, $2, $3, $4, $5, $6)",
        )
        .bind(id)
        .bind(i64::from(total))
        .bind(i64::from(budget_ms))
        .bind(engine_rules_version(game).map(i64::from))
        .bind(i64::from(FORMAT))
        .bind(now_ms())
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(Requested::Pending(AnalysisState::Queued { done: 0, total }))
    }

    /// Claims the oldest queued analysis for `worker`, if there is one.
    pub async fn claim_analysis(
        &self,
        worker: &str,
    ) -> Result<Option<ClaimedAnalysis>, StoreError> {
        let mut tx = self.write().await?;
        let row = sqlx::query(
            "SELECT match_id, budget_ms FROM analyses WHERE status = 'queued'
             ORDER BY requested_at, match_id LIMIT 1",
        )
        .fetch_optional(&mut *tx)
        .await?;
        let Some(row) = row else {
            return Ok(None);
        };
        let claimed = ClaimedAnalysis {
            match_id: row.try_get("match_id")?,
            budget_ms: row.try_get::<i64, _>("budget_ms")? as u32,
        };
        sqlx::query(
            "UPDATE analyses SET status = 'running', done = 0, worker = $1, heartbeat_at = $2
             WHERE match_id = $3",
        )
        .bind(worker)
        .bind(now_ms())
        .bind(&claimed.match_id)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(Some(claimed))
    }

    /// Records that `done` decisions of match `id`'s analysis are evaluated (and that its
    /// process lives).
    pub async fn analysis_progress(&self, id: &str, done: u32) -> Result<(), StoreError> {
        let mut tx = self.write().await?;
        sqlx::query(
            "UPDATE analyses SET done = $1, heartbeat_at = $2
             WHERE match_id = $3 AND status = 'running'",
        )
        .bind(i64::from(done))
        .bind(now_ms())
        .bind(id)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }

    /// Stores match `id`'s finished analysis (of `game`), stamped with this engine's rules
    /// version and [`FORMAT`].
    pub async fn finish_analysis(
        &self,
        id: &str,
        game: &str,
        stored: &StoredAnalysis,
    ) -> Result<(), StoreError> {
        let mut tx = self.write().await?;
        sqlx::query(
            "UPDATE analyses SET status = 'done', done = total, result = $1, plain_len = $2,
                 tag = $3, rules_version = $4, format = $5, finished_at = $6, worker = NULL,
                 error = NULL
             WHERE match_id = $7",
        )
        .bind(stored.gzip.as_slice())
        .bind(stored.plain_len as i64)
        .bind(&stored.tag)
        .bind(engine_rules_version(game).map(i64::from))
        .bind(i64::from(FORMAT))
        .bind(now_ms())
        .bind(id)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }

    /// Stores a finished analysis of match `id` (of `game`, `total` decisions, `budget_ms` a
    /// decision) computed outside the queue (`cardarena analyse`), replacing any row.
    pub async fn save_analysis(
        &self,
        id: &str,
        game: &str,
        total: u32,
        budget_ms: u32,
        stored: &StoredAnalysis,
    ) -> Result<(), StoreError> {
        let mut tx = self.write().await?;
        sqlx::query("DELETE FROM analyses WHERE match_id = $1")
            .bind(id)
            .execute(&mut *tx)
            .await?;
        sqlx::query(
            "INSERT INTO analyses (match_id, status, done, total, budget_ms, rules_version, format,
                 result, plain_len, tag, requested_at, finished_at)
             VALUES ($1, 'done', $2, $2, $3, $4, $5, $6, $7, $8, $9, $9)",
        )
        .bind(id)
        .bind(i64::from(total))
        .bind(i64::from(budget_ms))
        .bind(engine_rules_version(game).map(i64::from))
        .bind(i64::from(FORMAT))
        .bind(stored.gzip.as_slice())
        .bind(stored.plain_len as i64)
        .bind(&stored.tag)
        .bind(now_ms())
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(())
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

    /// Marks match `id`'s analysis failed, `why` saying why.
    pub async fn fail_analysis(&self, id: &str, why: &str) -> Result<(), StoreError> {
        let mut tx = self.write().await?;
        sqlx::query(
            "UPDATE analyses SET status = 'failed', error = $1, finished_at = $2, worker = NULL
             WHERE match_id = $3",
        )
        .bind(why)
        .bind(now_ms())
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

/// Whether an analysis row was made under this engine's rules of `game` and this [`FORMAT`].
fn current(row: &sqlx::any::AnyRow, game: &str) -> Result<bool, StoreError> {
    let rules = row.try_get::<Option<i64>, _>("rules_version")?;
    let format = row.try_get::<i64, _>("format")?;
    Ok(format == i64::from(FORMAT) && rules == engine_rules_version(game).map(i64::from))
}

/// The state an analysis row holds.
fn state_of(row: &sqlx::any::AnyRow) -> Result<AnalysisState, StoreError> {
    let status: String = row.try_get("status")?;
    let done = row.try_get::<i64, _>("done")? as u32;
    let total = row.try_get::<i64, _>("total")? as u32;
    match status.as_str() {
        "queued" => Ok(AnalysisState::Queued { done, total }),
        "running" => Ok(AnalysisState::Running { done, total }),
        "done" => Ok(AnalysisState::Done(StoredAnalysis {
            gzip: row
                .try_get::<Option<Vec<u8>>, _>("result")?
                .ok_or_else(|| StoreError::Corrupt("an analysis done without its result".into()))?,
            plain_len: row.try_get::<Option<i64>, _>("plain_len")?.unwrap_or(0) as u64,
            tag: row.try_get::<Option<String>, _>("tag")?.unwrap_or_default(),
        })),
        "failed" => Ok(AnalysisState::Failed(
            row.try_get::<Option<String>, _>("error")?
                .unwrap_or_default(),
        )),
        other => Err(StoreError::Corrupt(format!("analysis status {other:?}"))),
    }
}
