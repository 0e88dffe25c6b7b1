//! Bot health in the store: the checker's pings, the pause rule's record of recent faults, and
//! the owner's pause and resume (the rules themselves are in the contest's `health`).

use super::bots::{BotRecord, RECENT_MATCHES, bot_columns, bot_record};
use super::probation::end_probation_by_owner;
use super::{Store, StoreError, Tx, now_ms};

impl Store {
    /// Takes up to `limit` paused bots whose ping is due at `now` (paused for faults or
    /// unchecked, never by their owner, nor any the organiser holds), moving their next check to `until` so that they are not
    /// taken again while the ping is out.
    pub async fn take_due_checks(
        &self,
        now: i64,
        until: i64,
        limit: u32,
    ) -> Result<Vec<BotRecord>, StoreError> {
        let sql = concat!(
            "UPDATE bots SET next_check_at = $2 WHERE id IN (
                 SELECT id FROM bots
                 WHERE status = 'paused' AND next_check_at IS NOT NULL AND next_check_at <= $1
                   AND deleted_at IS NULL AND kind IN ('http', 'dial', 'module') AND status_reason != 'owner'
                   AND organiser_hold IS NULL
                 ORDER BY next_check_at LIMIT $3)
             RETURNING ",
            bot_columns!(),
            ""
        );
        let rows = sqlx::query(sql)
            .bind(now)
            .bind(until)
            .bind(i64::from(limit))
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(bot_record).collect()
    }

    /// When the earliest ping is due, if any is (bots the organiser holds are pinged once
    /// released).
    pub async fn next_check_due(&self) -> Result<Option<i64>, StoreError> {
        let at = sqlx::query_scalar(
            "SELECT MIN(next_check_at) FROM bots
             WHERE status = 'paused' AND next_check_at IS NOT NULL AND deleted_at IS NULL
               AND organiser_hold IS NULL",
        )
        .fetch_one(&self.pool)
        .await?;
        Ok(at)
    }

    /// A ping to `url` (`None`: over a dial-out bot's connection) passed: the unchecked bot
    /// becomes active, unless meanwhile its owner paused it or moved it elsewhere. Returns whether
    /// it did. A bot paused for faults is not brought back by a ping: it goes on probation
    /// ([`Store::start_probation`]).
    pub async fn check_passed(&self, id: &str, url: Option<&str>) -> Result<bool, StoreError> {
        let done = sqlx::query(
            "UPDATE bots SET status = 'active', status_reason = NULL, status_detail = NULL,
                 next_check_at = NULL, active_since = $1, matches_since_active = 0
             WHERE id = $2 AND url IS NOT DISTINCT FROM $3 AND status = 'paused'
               AND status_reason = 'unchecked' AND deleted_at IS NULL",
        )
        .bind(now_ms())
        .bind(id)
        .bind(url)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// A ping to `url` (`None`: over a dial-out bot's connection) failed: the next is due at
    /// `next_check_at` after `backoff_ms`; `detail` says what went wrong. Nothing changes if the
    /// bot is no longer waiting for that ping.
    pub async fn check_failed(
        &self,
        id: &str,
        url: Option<&str>,
        detail: &str,
        backoff_ms: i64,
        next_check_at: i64,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "UPDATE bots SET status_detail = $1, backoff_ms = $2, next_check_at = $3
             WHERE id = $4 AND url IS NOT DISTINCT FROM $5 AND status = 'paused'
               AND status_reason != 'owner'",
        )
        .bind(detail)
        .bind(backoff_ms)
        .bind(next_check_at)
        .bind(id)
        .bind(url)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The bots of the finished ladder or tournament match `match_id`, with their records, which
    /// count it already ([`record_health`] ran in the result's transaction); none for practice
    /// matches and matches not finished.
    pub async fn recorded_match_bots(&self, match_id: &str) -> Result<Vec<BotRecord>, StoreError> {
        let sql = concat!(
            "SELECT ",
            bot_columns!(),
            " FROM bots
             WHERE id IN (SELECT bot_id FROM seats WHERE match_id = $1)
               AND (SELECT kind FROM matches WHERE id = $1 AND status = 'finished')
                   IN ('ladder', 'tournament')"
        );
        let rows = sqlx::query(sql)
            .bind(match_id)
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(bot_record).collect()
    }

    /// Pauses an active contestant's bot for its faults, its first ping due at `next_check_at`, and
    /// cancels its queued ladder matches. Returns whether it was paused (false if it was not
    /// active).
    pub async fn pause_for_faults(
        &self,
        id: &str,
        detail: &str,
        backoff_ms: i64,
        next_check_at: i64,
    ) -> Result<bool, StoreError> {
        let mut tx = self.write().await?;
        let done = sqlx::query(
            "UPDATE bots SET status = 'paused', status_reason = 'faults', status_detail = $1,
                 backoff_ms = $2, next_check_at = $3
             WHERE id = $4 AND status = 'active' AND kind IN ('http', 'dial', 'module')",
        )
        .bind(detail)
        .bind(backoff_ms)
        .bind(next_check_at)
        .bind(id)
        .execute(&mut *tx)
        .await?;
        let paused = done.rows_affected() == 1;
        if paused {
            cancel_queued_ladder(&mut tx, id).await?;
        }
        tx.commit().await?;
        Ok(paused)
    }

    /// The owner pauses their bot: no ping until they resume it; its queued ladder matches
    /// are cancelled.
    pub async fn pause_by_owner(&self, id: &str) -> Result<(), StoreError> {
        let mut tx = self.write().await?;
        end_probation_by_owner(&mut tx, id).await?;
        sqlx::query(
            "UPDATE bots SET status = 'paused', status_reason = 'owner', status_detail = NULL,
                 next_check_at = NULL
             WHERE id = $1 AND kind IN ('http', 'dial', 'module')",
        )
        .bind(id)
        .execute(&mut *tx)
        .await?;
        cancel_queued_ladder(&mut tx, id).await?;
        tx.commit().await?;
        Ok(())
    }

    /// The owner resumes their paused bot: a ping is due at once, and it is active once one
    /// passes. A bot paused for faults needs no probation then: the owner vouches for it, and a
    /// probation match still queued is cancelled. An active bot stays as it is.
    pub async fn resume_by_owner(&self, id: &str) -> Result<(), StoreError> {
        let mut tx = self.write().await?;
        let paused: Option<String> = sqlx::query_scalar(
            "SELECT id FROM bots WHERE id = $1 AND kind IN ('http', 'dial', 'module') AND status = 'paused'",
        )
        .bind(id)
        .fetch_optional(&mut *tx)
        .await?;
        if paused.is_some() {
            end_probation_by_owner(&mut tx, id).await?;
            sqlx::query(
                "UPDATE bots SET status_reason = 'unchecked', status_detail = NULL,
                     next_check_at = $1, backoff_ms = 0
                 WHERE id = $2",
            )
            .bind(now_ms())
            .bind(id)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(())
    }
}

/// Cancels the queued ladder matches of bot `id`: a paused bot holds no ladder seat.
pub(super) async fn cancel_queued_ladder(tx: &mut Tx, id: &str) -> Result<(), StoreError> {
    sqlx::query(
        "UPDATE matches SET status = 'cancelled', finished_at = $1
         WHERE status = 'queued' AND kind = 'ladder'
           AND id IN (SELECT match_id FROM seats WHERE bot_id = $2)",
    )
    .bind(now_ms())
    .bind(id)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Adds the ladder or tournament match `match_id`, finished in `tx`, to the recent record of each
/// of its contestants' bots (faulted if any seat it held faulted); practice matches add nothing,
/// and house bots, which the pause rule never pauses, keep no record (a seat has a version
/// exactly when a contestant's bot holds it). It runs in the transaction that stores the result,
/// so that nothing reads a finished match its bots' records do not count yet: the ladder, which
/// does not seat a bot the pause rule is about to pause, cannot seat one in the moment between
/// the result and the pause.
pub(super) async fn record_health(tx: &mut Tx, match_id: &str) -> Result<(), StoreError> {
    // Whether the bot faulted is read among the match's seats (their key's index), not among the
    // bot's: SQLite would take the bots' index for `s.bot_id = bots.id` and read every seat the
    // bot ever held, which made each result slower as a busy bot's history grew.
    sqlx::query(
        "UPDATE bots SET
             recent_faults = ((recent_faults << 1)
                 | (SELECT MAX(CASE WHEN s.bot_id = bots.id AND s.fault_kind IS NOT NULL
                                    THEN 1 ELSE 0 END)
                    FROM seats s WHERE s.match_id = $1)) & $2,
             recent_matches = CASE WHEN recent_matches < $3 THEN recent_matches + 1
                                   ELSE $3 END,
             matches_since_active = CASE WHEN matches_since_active < $3
                                         THEN matches_since_active + 1 ELSE $3 END
         WHERE id IN (SELECT bot_id FROM seats WHERE match_id = $1 AND version IS NOT NULL)
           AND (SELECT kind FROM matches WHERE id = $1 AND status = 'finished')
               IN ('ladder', 'tournament')",
    )
    .bind(match_id)
    .bind(((1u64 << RECENT_MATCHES) - 1) as i64)
    .bind(i64::from(RECENT_MATCHES))
    .execute(&mut **tx)
    .await?;
    Ok(())
}
