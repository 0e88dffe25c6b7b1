//! Analyses of played matches: one row per match, queued by a request, claimed by a serving
//! process, its progress written as it goes, and its result kept gzip-compressed once done
//! (docs/architecture.md, "The expert"). A row computed under another rules version of its game,
//! or another [`FORMAT`], counts as never analysed.

use sqlx::Row;

use super::logs::engine_rules_version;
use super::{Store, StoreError, now_ms};

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
    /// Waiting for a process: `done` of `total` decisions evaluated (0 until claimed), with
    /// `ahead` queued analyses to be claimed before it.
    Queued {
        /// Decisions evaluated.
        done: u32,
        /// Decisions in all.
        total: u32,
        /// Queued analyses that will be claimed before it.
        ahead: u32,
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

impl AnalysisState {
    /// Whether it is still to be made: queued or running.
    pub fn is_pending(&self) -> bool {
        matches!(
            self,
            AnalysisState::Queued { .. } | AnalysisState::Running { .. }
        )
    }
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
        let state = state_of(&row)?;
        Ok(Some(self.with_place(id, state).await?))
    }

    /// Whether match `id` has an analysis row at all (asked for, made or failed), without
    /// reading it: a page asks the API for the analysis only when there is one to show.
    pub async fn has_analysis(&self, id: &str) -> Result<bool, StoreError> {
        let row: Option<i32> = sqlx::query_scalar("SELECT 1 FROM analyses WHERE match_id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.is_some())
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
}

/// Whether an analysis row was made under this engine's rules of `game` and this [`FORMAT`].
pub(crate) fn current(row: &sqlx::any::AnyRow, game: &str) -> Result<bool, StoreError> {
    let rules = row.try_get::<Option<i64>, _>("rules_version")?;
    let format = row.try_get::<i64, _>("format")?;
    Ok(format == i64::from(FORMAT) && rules == engine_rules_version(game).map(i64::from))
}

/// The state an analysis row holds.
pub(crate) fn state_of(row: &sqlx::any::AnyRow) -> Result<AnalysisState, StoreError> {
    let status: String = row.try_get("status")?;
    let done = row.try_get::<i64, _>("done")? as u32;
    let total = row.try_get::<i64, _>("total")? as u32;
    match status.as_str() {
        "queued" => Ok(AnalysisState::Queued {
            done,
            total,
            ahead: 0,
        }),
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
