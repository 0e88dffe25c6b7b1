//! Bot modules: the WebAssembly modules contestants upload, each stored once by its content hash
//! (the SHA-256 of its bytes, in hex), whoever uploaded it. A module bot's versions name their
//! module by that hash (in `url`, as an HTTP bot's versions name their URL); retention drops the
//! modules that neither a live bot nor one of a bot's latest [`KEPT_MODULE_VERSIONS`] versions
//! names, so 1,000 uploads keep a handful of modules, not 1,000.

use sqlx::Row;

use super::{Store, StoreError, now_ms};

/// How many of a bot's latest versions keep their module: older versions keep their number,
/// note and matches, and their module goes (a match they played can no longer be played again).
pub const KEPT_MODULE_VERSIONS: i64 = 5;

impl Store {
    /// Stores `bytes` under `hash` (nothing if a module has that hash already).
    pub async fn put_module(&self, hash: &str, bytes: &[u8]) -> Result<(), StoreError> {
        let mut tx = self.write().await?;
        sqlx::query(
            "INSERT INTO modules (hash, bytes, size, created_at) VALUES ($1, $2, $3, $4)
             ON CONFLICT (hash) DO NOTHING",
        )
        .bind(hash)
        .bind(bytes)
        .bind(bytes.len() as i64)
        .bind(now_ms())
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }

    /// The bytes of the module with `hash`, if it is stored.
    pub async fn module_bytes(&self, hash: &str) -> Result<Option<Vec<u8>>, StoreError> {
        let row = sqlx::query("SELECT bytes FROM modules WHERE hash = $1")
            .bind(hash)
            .fetch_optional(&self.pool)
            .await?;
        Ok(match row {
            Some(row) => Some(row.try_get("bytes")?),
            None => None,
        })
    }

    /// Whether a module with `hash` is stored.
    pub async fn has_module(&self, hash: &str) -> Result<bool, StoreError> {
        let row = sqlx::query("SELECT 1 AS one FROM modules WHERE hash = $1")
            .bind(hash)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.is_some())
    }

    /// How many modules are stored, and their bytes together.
    pub async fn module_totals(&self) -> Result<(u64, u64), StoreError> {
        let row = sqlx::query(
            "SELECT COUNT(*) AS n, CAST(COALESCE(SUM(size), 0) AS BIGINT) AS bytes FROM modules",
        )
        .fetch_one(&self.pool)
        .await?;
        Ok((
            row.try_get::<i64, _>("n")? as u64,
            row.try_get::<i64, _>("bytes")? as u64,
        ))
    }

    /// Drops the modules no live bot runs and none of a bot's latest [`KEPT_MODULE_VERSIONS`]
    /// versions names, stored before `before` (Unix ms: an upload between its storing and its
    /// version is not dropped under it). Returns how many went.
    pub async fn drop_unused_modules(&self, before: i64) -> Result<u64, StoreError> {
        let mut tx = self.write().await?;
        let done = sqlx::query(
            "DELETE FROM modules WHERE created_at < $1
               AND hash NOT IN (SELECT url FROM bots
                                WHERE kind = 'module' AND url IS NOT NULL AND deleted_at IS NULL)
               AND hash NOT IN (
                   SELECT v.url FROM bot_versions v
                   WHERE v.kind = 'module' AND v.version > (
                       SELECT MAX(w.version) FROM bot_versions w WHERE w.bot_id = v.bot_id
                   ) - $2)",
        )
        .bind(before)
        .bind(KEPT_MODULE_VERSIONS)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(done.rows_affected())
    }
}
