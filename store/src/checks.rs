//! A dial-out bot's health follows its connections: an unchecked one that connects is pinged at
//! once rather than at the end of its back-off, and one whose last connection closes is paused.
//! A connection does not hurry a bot paused for faults: it waits out its back-off, then a ping
//! and a probation match decide, as for a bot called at a URL.

use super::{Store, StoreError, now_ms};

impl Store {
    /// Makes the ping of the unchecked bot `id` due now (not of a bot its owner paused, nor of
    /// one paused for faults, whose back-off stands). Returns whether it was waiting for one.
    pub async fn check_soon(&self, id: &str) -> Result<bool, StoreError> {
        let now = now_ms();
        let done = sqlx::query(
            "UPDATE bots SET next_check_at = $1
             WHERE id = $2 AND status = 'paused' AND status_reason = 'unchecked'
               AND deleted_at IS NULL AND (next_check_at IS NULL OR next_check_at > $1)",
        )
        .bind(now)
        .bind(id)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Pauses the active dial-out bot `id`, whose last connection closed, until a ping over a
    /// new one passes: the ladder then seats it no more. Its next ping is due in a second, in
    /// case a connection opened meanwhile; a bot that connects brings it forward
    /// ([`Store::check_soon`]). Returns whether it was active.
    pub async fn pause_unconnected(&self, id: &str) -> Result<bool, StoreError> {
        let done = sqlx::query(
            "UPDATE bots SET status = 'paused', status_reason = 'unchecked',
                 status_detail = 'the dial-out bot has no connection open', backoff_ms = 0,
                 next_check_at = $1
             WHERE id = $2 AND kind = 'dial' AND status = 'active' AND deleted_at IS NULL",
        )
        .bind(now_ms() + 1000)
        .bind(id)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }
}
