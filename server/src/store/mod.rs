//! Storage: every SQL query of the server, behind [`Store`]. Handlers and the scheduler call its
//! methods and never write SQL, so another backend (PostgreSQL) can be added beside this one.
//!
//! SQLite through sqlx with runtime-checked queries (a fresh clone builds with no database);
//! the schema is in migrations/, applied when the store opens; WAL mode. Transactions that write
//! start with `BEGIN IMMEDIATE`, so two writers never deadlock upgrading a read lock.

mod bots;
mod browse;
mod finish;
mod logs;
mod matches;
mod options;
mod queue;
mod standings;
mod tables;
mod timing;
mod tournaments;

use std::str::FromStr;
use std::time::Duration;

use sqlx::sqlite::SqliteSynchronous;
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions};

pub use bots::{BotHealth, BotKind, BotRecord, NewBot, PauseReason, RECENT_MATCHES};
pub use browse::{MAX_PAGE, MatchFilter, MatchPage, PageAt, Rivalry};
pub use logs::{LogState, stamp_mismatch};
pub use matches::{
    ClaimedMatch, FinishedSeat, MatchDetail, MatchKind, MatchResult, MatchStatus, MatchSummary,
    NewMatch, SavedAction, SeatDetail, SeatPlayer, StageRef,
};
pub use queue::QueueFull;
pub use standings::{LeaderRow, RatingPoint};
pub use tables::{NewTable, PersonSeat, TableLimits, TableRefusal};
pub use timing::{FaultRecord, PlayRecord, decode_timing, encode_timing};
pub use tournaments::{StageCounts, StageRecord, TournamentRecord};

/// Why a store operation failed.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// A bot with this name exists already.
    #[error("the name {0:?} is taken")]
    NameTaken(String),
    /// The database file could not be opened or migrated.
    #[error("cannot open the database: {0}")]
    Open(String),
    /// The stored data is not what this version of cardarena wrote.
    #[error("corrupt record: {0}")]
    Corrupt(String),
    /// Any other database error.
    #[error(transparent)]
    Sql(#[from] sqlx::Error),
}

/// The server's database.
#[derive(Clone, Debug)]
pub struct Store {
    pool: SqlitePool,
}

/// The current time in Unix milliseconds.
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

impl Store {
    /// Opens the database at `url` (`sqlite://path`, created if missing, or `sqlite::memory:`) and
    /// applies the migrations.
    pub async fn open(url: &str) -> Result<Store, StoreError> {
        Store::open_with(url, true).await
    }

    /// Opens the database at `url` only if it exists (`cardarena replay`): a missing file is an
    /// error, and nothing is created.
    pub async fn open_existing(url: &str) -> Result<Store, StoreError> {
        Store::open_with(url, false).await
    }

    async fn open_with(url: &str, create: bool) -> Result<Store, StoreError> {
        let options = SqliteConnectOptions::from_str(url)
            .map_err(|e| StoreError::Open(format!("{url}: {e}")))?
            .create_if_missing(create)
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(SqliteSynchronous::Normal)
            .foreign_keys(true)
            .busy_timeout(Duration::from_secs(10));
        // An in-memory database lives in one connection; a file is shared by several.
        let connections = if url.contains(":memory:") { 1 } else { 8 };
        let pool = SqlitePoolOptions::new()
            .max_connections(connections)
            .connect_with(options)
            .await
            .map_err(|e| StoreError::Open(format!("{url}: {e}")))?;
        sqlx::migrate!("../migrations")
            .run(&pool)
            .await
            .map_err(|e| StoreError::Open(format!("migrations: {e}")))?;
        let store = Store { pool };
        store.convert_legacy_logs().await?;
        Ok(store)
    }

    /// Starts a write transaction that holds the write lock from its first statement.
    async fn write(&self) -> Result<sqlx::Transaction<'static, sqlx::Sqlite>, StoreError> {
        Ok(self.pool.begin_with("BEGIN IMMEDIATE").await?)
    }
}
