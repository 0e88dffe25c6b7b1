//! The end of a match: its result, log and step record committed together with its contestants'
//! records of recent faults and its rating update, or its failure.
//!
//! Results serialise only where they must. On PostgreSQL a result runs beside claims and other
//! results (`Writer::Result`). It takes the lock of each contestant's bot it seated before it
//! updates their records, so results of matches that share a contestant update them one after
//! the other; house bots keep no such record, and take no lock. A rated result moves no rating
//! itself: it is stored as due, and the rating pass (`super::rating_pass`), one at a time over
//! the database, applies due results in the order it finds them, inside the result's own
//! transaction when its lock is free and again just after the commit. No result waits for the
//! pass. Hence `rating_seq` stays one sequence over the whole database, without gaps, each bot's
//! chain read in `rating_seq` order is unbroken, and the results of a house bot seated in every
//! other match do not wait for each other.

use sqlx::Row;

use super::bot_health::record_health;
use super::leases::Lease;
use super::logs::write_log;
use super::matches::MatchResult;
use super::rating_pass::rate_if_free;
use super::timing::{PlayRecord, write_record};
use super::{Store, StoreError, Tx, Writer, now_ms};

impl Store {
    /// Stores a played match's result and log and adds it to its contestants' records of recent
    /// faults, in one transaction, and applies a rated match to the ratings: in that transaction
    /// when no other rating pass is under way (always on SQLite), else in a pass just after it
    /// (this one's or another's), a moment later. A match that is no longer running (cancelled
    /// meanwhile, or finished already) is left as it is; returns whether the result was stored.
    pub async fn finish_match(&self, id: &str, result: &MatchResult) -> Result<bool, StoreError> {
        self.finish_match_recorded(id, None, result, &PlayRecord::default())
            .await
    }

    /// [`Store::finish_match`], keeping with the result how each step was played (`record`:
    /// answer times, and each fault's step and answer) in the same transaction.
    ///
    /// With a `lease`, the result is stored only if the match is still running under it: a
    /// process whose lease passed (its match taken back and played again, or being played, by
    /// another) has its result refused, so a match is finished once.
    pub async fn finish_match_recorded(
        &self,
        id: &str,
        lease: Option<&Lease>,
        result: &MatchResult,
        record: &PlayRecord,
    ) -> Result<bool, StoreError> {
        let mut tx = self.write_as(Writer::Result).await?;
        // The match is marked finished first, in one statement that checks it is still running
        // under the lease: of two processes finishing it at once, the second waits for the
        // first's row lock, then finds it finished and stores nothing.
        let row = sqlx::query(
            "UPDATE matches SET status = 'finished', finished_at = $1, rating_due = rated
             WHERE id = $2 AND status = 'running'
               AND ($3 = '' OR (worker = $3 AND attempt = $4))
             RETURNING rated",
        )
        .bind(now_ms())
        .bind(id)
        .bind(lease.map_or("", |l| l.worker.as_str()))
        .bind(lease.map_or(0, |l| i64::from(l.attempt)))
        .fetch_optional(&mut *tx)
        .await?;
        let Some(row) = row else {
            return Ok(false);
        };
        write_log(&mut tx, id, &result.actions, false).await?;
        for (seat, outcome) in result.seats.iter().enumerate() {
            let (kind, detail) = outcome.fault.clone().unzip();
            sqlx::query(
                "UPDATE seats SET rank = $1, score = $2, fault_kind = $3, fault_detail = $4,
                     fallbacks = $5
                 WHERE match_id = $6 AND seat = $7",
            )
            .bind(i64::from(outcome.rank))
            .bind(outcome.score)
            .bind(kind)
            .bind(detail)
            .bind(i64::from(outcome.fallbacks))
            .bind(id)
            .bind(seat as i64)
            .execute(&mut *tx)
            .await?;
        }
        write_record(&mut tx, id, record).await?;
        // The rating pass first, if its lock is free: it never waits, while what follows may.
        let rated = row.try_get::<i64, _>("rated")? != 0;
        if rated {
            rate_if_free(self.backend, &mut tx).await?;
        }
        // From here on this result updates its contestants' records: it waits for the results of
        // other matches of the same contestants, and holds them off until it commits.
        self.backend.lock_bots(&mut tx, id).await?;
        count_for_versions(&mut tx, id).await?;
        record_health(&mut tx, id).await?;
        tx.commit().await?;
        if rated {
            // What results left due while this transaction ran (this one's own, if it found the
            // pass held, or others' while it held it), unless another pass is under way.
            self.follow_up_passes().await;
        }
        Ok(true)
    }

    /// Marks a running match as failed, with the reason; with a `lease`, only if it is still
    /// running under it.
    pub async fn fail_match(
        &self,
        id: &str,
        lease: Option<&Lease>,
        error: &str,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "UPDATE matches SET status = 'failed', error = $1, finished_at = $2
             WHERE id = $3 AND status = 'running'
               AND ($4 = '' OR (worker = $4 AND attempt = $5))",
        )
        .bind(error)
        .bind(now_ms())
        .bind(id)
        .bind(lease.map_or("", |l| l.worker.as_str()))
        .bind(lease.map_or(0, |l| i64::from(l.attempt)))
        .execute(&self.pool)
        .await?;
        Ok(())
    }
}

/// Counts the finished match `id` for the version of each contestant's bot that played it, in
/// one statement (it runs under the bots' locks).
async fn count_for_versions(tx: &mut Tx, id: &str) -> Result<(), StoreError> {
    sqlx::query(
        "UPDATE bot_versions SET matches = matches + 1
         WHERE (bot_id, version) IN
             (SELECT bot_id, version FROM seats WHERE match_id = $1 AND version IS NOT NULL)",
    )
    .bind(id)
    .execute(&mut **tx)
    .await?;
    Ok(())
}
