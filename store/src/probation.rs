//! Probation in the store: a bot paused for faults comes back on the ladder only after a
//! practice match against a house bot that ends with no fault of its own. The health loop queues
//! the match (once a ping passes), finds it ended, and judges it; the rule is in the contest's
//! `health`.

use sqlx::Row;

use super::matches::{MatchStatus, NewMatch, insert_matches};
use super::{Store, StoreError, Tx, now_ms};

/// A probation match as it stands, for the health loop's verdict and for the bot's page and JSON.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProbationMatch {
    /// The match's id.
    pub match_id: String,
    /// Where the match is in its life.
    pub status: MatchStatus,
    /// The bot's fault in it (kind, detail), if it faulted.
    pub fault: Option<(String, String)>,
    /// When the match ended, Unix ms.
    pub ended_at: Option<i64>,
}

/// A bot on probation whose probation match has ended and waits for the health loop's verdict.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EndedProbation {
    /// The bot's id.
    pub bot_id: String,
    /// The bot's name.
    pub name: String,
    /// The bot's last back-off delay, ms.
    pub backoff_ms: i64,
    /// The match and how it ended.
    pub probation: ProbationMatch,
}

impl Store {
    /// Queues `probation`, the probation match of the bot `id` (paused for faults, with no
    /// probation out, still at `url`; `None`: a dial-out bot): nothing more is due for the bot
    /// until the match ends. Returns the match's id, or `None` (and queues nothing) if the bot is
    /// no longer waiting for one.
    pub async fn start_probation(
        &self,
        id: &str,
        url: Option<&str>,
        probation: &NewMatch,
        detail: &str,
    ) -> Result<Option<String>, StoreError> {
        let mut tx = self.write().await?;
        let ids = insert_matches(&mut tx, std::slice::from_ref(probation)).await?;
        let Some(match_id) = ids.into_iter().next() else {
            return Ok(None);
        };
        let done = sqlx::query(
            "UPDATE bots SET probation_match_id = $1, next_check_at = NULL, status_detail = $2
             WHERE id = $3 AND url IS NOT DISTINCT FROM $4 AND status = 'paused'
               AND status_reason = 'faults' AND probation_match_id IS NULL AND deleted_at IS NULL
               AND organiser_hold IS NULL",
        )
        .bind(&match_id)
        .bind(detail)
        .bind(id)
        .bind(url)
        .execute(&mut *tx)
        .await?;
        if done.rows_affected() != 1 {
            tx.rollback().await?;
            return Ok(None);
        }
        tx.commit().await?;
        Ok(Some(match_id))
    }

    /// The bots on probation whose probation match has ended (finished, failed or cancelled), by
    /// whichever process played it, and is not judged yet.
    pub async fn ended_probations(&self) -> Result<Vec<EndedProbation>, StoreError> {
        let rows = sqlx::query(
            "SELECT b.id, b.name, b.backoff_ms, b.probation_match_id FROM bots b
             JOIN matches m ON m.id = b.probation_match_id
             WHERE b.probation_match_id IS NOT NULL AND b.status = 'paused'
               AND b.status_reason = 'faults' AND b.deleted_at IS NULL
               AND m.status IN ('finished', 'failed', 'cancelled')",
        )
        .fetch_all(&self.pool)
        .await?;
        let mut ended = Vec::with_capacity(rows.len());
        for row in &rows {
            let bot_id: String = row.try_get("id")?;
            let match_id: String = row.try_get("probation_match_id")?;
            let Some(probation) = self.probation_match(&match_id, &bot_id).await? else {
                continue;
            };
            ended.push(EndedProbation {
                name: row.try_get("name")?,
                backoff_ms: row.try_get("backoff_ms")?,
                bot_id,
                probation,
            });
        }
        Ok(ended)
    }

    /// The match `match_id` as a probation of the bot `bot_id`: its status, and the bot's fault
    /// in it if any (the first of its seats that faulted).
    pub async fn probation_match(
        &self,
        match_id: &str,
        bot_id: &str,
    ) -> Result<Option<ProbationMatch>, StoreError> {
        let Some(row) = sqlx::query("SELECT status, finished_at FROM matches WHERE id = $1")
            .bind(match_id)
            .fetch_optional(&self.pool)
            .await?
        else {
            return Ok(None);
        };
        let fault = sqlx::query(
            "SELECT fault_kind, fault_detail FROM seats
             WHERE match_id = $1 AND bot_id = $2 AND fault_kind IS NOT NULL
             ORDER BY seat LIMIT 1",
        )
        .bind(match_id)
        .bind(bot_id)
        .fetch_optional(&self.pool)
        .await?;
        let fault = match fault {
            Some(f) => Some((
                f.try_get::<String, _>("fault_kind")?,
                f.try_get::<Option<String>, _>("fault_detail")?
                    .unwrap_or_default(),
            )),
            None => None,
        };
        Ok(Some(ProbationMatch {
            match_id: match_id.to_string(),
            status: MatchStatus::parse(&row.try_get::<String, _>("status")?)?,
            fault,
            ended_at: row.try_get("finished_at")?,
        }))
    }

    /// The probation match `match_id` of the bot `id` ended with no fault of the bot's: it is
    /// active again, its record of recent faults counting afresh. Returns whether it was still
    /// on that probation.
    pub async fn probation_passed(&self, id: &str, match_id: &str) -> Result<bool, StoreError> {
        let done = sqlx::query(
            "UPDATE bots SET status = 'active', status_reason = NULL, status_detail = NULL,
                 next_check_at = NULL, active_since = $1, matches_since_active = 0,
                 probation_match_id = NULL, last_probation_id = probation_match_id
             WHERE id = $2 AND probation_match_id = $3 AND status = 'paused'
               AND status_reason = 'faults'",
        )
        .bind(now_ms())
        .bind(id)
        .bind(match_id)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// The probation match `match_id` of the bot `id` faulted or could not be played: it stays
    /// paused for faults, its next ping (and then probation) due at `next_check_at` after
    /// `backoff_ms`; `detail` says what happened. Returns whether it was still on that probation.
    pub async fn probation_failed(
        &self,
        id: &str,
        match_id: &str,
        detail: &str,
        backoff_ms: i64,
        next_check_at: i64,
    ) -> Result<bool, StoreError> {
        let done = sqlx::query(
            "UPDATE bots SET status_detail = $1, backoff_ms = $2, next_check_at = $3,
                 probation_match_id = NULL, last_probation_id = probation_match_id
             WHERE id = $4 AND probation_match_id = $5 AND status = 'paused'
               AND status_reason = 'faults'",
        )
        .bind(detail)
        .bind(backoff_ms)
        .bind(next_check_at)
        .bind(id)
        .bind(match_id)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }
}

/// Ends the probation out for bot `id`, if one is, because its owner acted (paused, resumed or
/// moved it): a probation match still queued is cancelled, a running one plays out unjudged.
/// Called before the bot's status changes, inside the owner's transaction.
pub(super) async fn end_probation_by_owner(tx: &mut Tx, id: &str) -> Result<(), StoreError> {
    sqlx::query(
        "UPDATE matches SET status = 'cancelled', finished_at = $1
         WHERE status = 'queued'
           AND id = (SELECT probation_match_id FROM bots WHERE id = $2)",
    )
    .bind(now_ms())
    .bind(id)
    .execute(&mut **tx)
    .await?;
    sqlx::query("UPDATE bots SET probation_match_id = NULL WHERE id = $1")
        .bind(id)
        .execute(&mut **tx)
        .await?;
    Ok(())
}
