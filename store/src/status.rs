//! What the store tells about itself, for readiness probes and metrics: the schema the database
//! is at beside the one this binary expects, whether the PostgreSQL listener is connected, and
//! how busy the connection pool is.

use std::sync::atomic::Ordering;

use sqlx::Row;

use super::{Store, StoreError};

/// The database's schema beside this binary's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SchemaStatus {
    /// The last migration the database applied (0: none).
    pub database: i64,
    /// The last migration this binary knows.
    pub binary: i64,
}

/// The connection pool's state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PoolStatus {
    /// Connections open.
    pub size: u32,
    /// Of those, connections no query holds.
    pub idle: u32,
    /// The most connections the pool opens.
    pub max: u32,
}

/// How many matches of one game and kind are in one active status.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ActiveCount {
    /// The game's id.
    pub game: String,
    /// The kind's name.
    pub kind: String,
    /// `queued` or `running`.
    pub status: String,
    /// How many.
    pub count: u64,
}

impl Store {
    /// The queued and running matches, counted by game, kind and status (an index scan of the
    /// active matches only: finished ones are never read).
    pub async fn active_counts(&self) -> Result<Vec<ActiveCount>, StoreError> {
        let rows = sqlx::query(
            "SELECT game, kind, status, COUNT(*) AS n FROM matches
             WHERE status IN ('queued', 'running') GROUP BY game, kind, status",
        )
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| {
                Ok(ActiveCount {
                    game: row.try_get("game")?,
                    kind: row.try_get("kind")?,
                    status: row.try_get("status")?,
                    count: row.try_get::<i64, _>("n")? as u64,
                })
            })
            .collect()
    }

    /// Asks the database which migrations it applied: one cheap query that also shows it answers.
    pub async fn schema_status(&self) -> Result<SchemaStatus, StoreError> {
        let database: Option<i64> =
            sqlx::query_scalar("SELECT MAX(version) FROM _sqlx_migrations WHERE success")
                .fetch_one(&self.pool)
                .await?;
        Ok(SchemaStatus {
            database: database.unwrap_or(0),
            binary: self.backend.latest_migration(),
        })
    }

    /// On PostgreSQL, whether the listener for other processes' signals is connected now
    /// (`None` on SQLite, which has none, or before anything subscribed).
    pub fn listener_connected(&self) -> Option<bool> {
        let listening = self.signals.listening.load(Ordering::SeqCst);
        (self.backend.shared() && listening).then(|| self.signals.connected.load(Ordering::SeqCst))
    }

    /// The connection pool's state now.
    pub fn pool_status(&self) -> PoolStatus {
        PoolStatus {
            size: self.pool.size(),
            idle: self.pool.num_idle() as u32,
            max: self.pool.options().get_max_connections(),
        }
    }
}
