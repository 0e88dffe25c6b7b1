//! cardarena-store: storage, every SQL query of the server, behind [`Store`], on both backends,
//! with the migrations (`migrations/`, embedded at build time) and backups. Handlers and the
//! scheduler call its methods and never write SQL, nor know which database they talk to. It
//! imports the engine for what a game is (its catalog of facts and options, the log codec) and
//! the rating model for the rating pass, and must never import the bots, the contest, the web
//! face or the commands: it sits below everything that plays, scores or draws.
//!
//! One store, two backends (`backend`): SQLite (a file, the default) and PostgreSQL, both through
//! sqlx's `Any` driver with runtime-checked queries (a fresh clone builds with no database). The
//! SQL is written once, in the dialect both accept (`$1` placeholders, `ON CONFLICT`, `CASE`
//! rather than SQLite's scalar `MIN`/`MAX`, integer flags, `CAST(… AS BIGINT)` around sums).
//! Each backend's schema is in its own folder of migrations/, applied when the store opens.
//! Transactions that write are serialised (`backend::Backend::begin_write`): on SQLite all of
//! them, on PostgreSQL claims only with claims and results only with results of the same bots
//! (`backend::Writer`).

pub mod analyses;
pub mod analysis_queue;
mod backend;
pub mod backup;
mod bot_health;
mod bots;
mod browse;
mod checks;
mod disclosure;
mod finish;
mod leases;
mod logs;
mod matches;
mod modules;
pub mod network;
mod options;
mod organiser;
mod probation;
mod queue;
mod rating_pass;
mod registration;
pub mod results;
mod signals;
mod standings;
mod status;
mod tables;
mod timing;
mod tournaments;
mod versions;
mod writer;

use std::sync::Arc;

use sqlx::AnyPool;

pub use analyses::{AnalysisState, StoredAnalysis};
pub use analysis_queue::{AnalysisRequest, ClaimedAnalysis, Requested};
pub use backend::redacted;
use backend::{Backend, Writer};
pub use bots::{BotHealth, BotKind, BotRecord, NewBot, PauseReason, RECENT_MATCHES};
pub use browse::{MAX_PAGE, MatchFilter, MatchPage, PageAt, RecentFallbacks, Rivalry};
pub use disclosure::Disclosure;
pub use leases::{LEASE_MS, Lease, Reaped, WorkerInfo, WorkerRow};
pub use logs::{LogState, stamp_mismatch};
pub use matches::{
    ClaimedMatch, FinishedSeat, MatchDetail, MatchKind, MatchResult, MatchStatus, MatchSummary,
    NewMatch, SavedAction, SeatDetail, SeatPlayer, StageRef,
};
pub use modules::KEPT_MODULE_VERSIONS;
pub use network::{Network, Networks};
pub use organiser::{ActionRefused, OrganiserAction, OrganiserActionRecord, OrganiserHold};
pub use probation::{EndedProbation, ProbationMatch};
pub use queue::{ClaimScope, QueueFull};
pub use registration::UnusedFull;
pub use signals::Signal;
pub use standings::{LeaderRow, RatingPoint};
pub use status::{ActiveCount, PoolStatus, SchemaStatus};
pub use tables::{NewTable, PersonSeat, TableLimits, TableRefusal};
pub use timing::{FaultRecord, PlayRecord, decode_timing, encode_timing};
pub use tournaments::{StageCounts, StageMatch, StageRecord, TournamentRecord};
pub use versions::{BotVersion, KEPT_VERSIONS, MAX_NOTE_CHARS, ProgramChange, VERSIONS_PER_HOUR};
pub use writer::{LockError, WriterLock, sqlite_file};

/// Why a store operation failed.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// A bot with this name exists already.
    #[error("the name {0:?} is taken")]
    NameTaken(String),
    /// A limit on what one bot or client may make was reached; nothing was written.
    #[error("{0}")]
    Limited(String),
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

impl StoreError {
    /// Whether the database could not be reached or used right now (no connection within the
    /// pool's wait, a connection lost, PostgreSQL refusing connections or shutting down, SQLite
    /// locked by another program or out of disk) rather than refusing this one operation: asking
    /// again later may succeed.
    pub fn is_unavailable(&self) -> bool {
        let StoreError::Sql(error) = self else {
            return false;
        };
        match error {
            sqlx::Error::PoolTimedOut | sqlx::Error::PoolClosed | sqlx::Error::Io(_) => true,
            sqlx::Error::Tls(_) | sqlx::Error::WorkerCrashed => true,
            sqlx::Error::Database(db) => db.code().is_some_and(|code| unavailable_code(&code)),
            _ => false,
        }
    }
}

/// Whether a database error code says the database is unavailable: SQLite's BUSY (5), LOCKED
/// (6), FULL (13) and IOERR (10) with their extended codes; PostgreSQL's connection exceptions
/// (class 08), operator intervention (57P01 to 57P05: shutdown, cannot connect now),
/// insufficient resources (class 53, a full disk among them), and what refuses a new connection:
/// a database not accepting connections (55000), gone (3D000), or refusing the login (class 28).
fn unavailable_code(code: &str) -> bool {
    // PostgreSQL's SQLSTATEs have five characters (some all digits); SQLite's codes are numbers
    // of at most four digits.
    if code.len() < 5
        && let Ok(number) = code.parse::<i64>()
    {
        return matches!(number & 0xff, 5 | 6 | 10 | 13);
    }
    ["08", "53", "57P", "28"]
        .iter()
        .any(|class| code.starts_with(class))
        || code == "55000"
        || code == "3D000"
}

/// How long opening the database waits for it to answer: each try is bounded by the pool's
/// 2 s wait, and tried again while the database is only not ready (a PostgreSQL server still
/// starting, another program's lock on the SQLite file, a machine too busy to open it in 2 s).
const OPEN_PATIENCE: std::time::Duration = std::time::Duration::from_secs(30);

/// The pause between two tries at opening the database.
const OPEN_RETRY: std::time::Duration = std::time::Duration::from_millis(500);

/// Whether a failure to open the database says only that it is not ready yet: no connection
/// within the pool's wait, none accepted (refused, reset), SQLite busy or locked, PostgreSQL
/// starting up (57P03). A wrong URL, password or file is not tried again.
fn not_yet(error: &sqlx::Error) -> bool {
    match error {
        sqlx::Error::PoolTimedOut | sqlx::Error::Io(_) => true,
        sqlx::Error::Database(db) => db.code().is_some_and(|code| {
            code == "57P03" || code.parse::<i64>().is_ok_and(|n| matches!(n & 0xff, 5 | 6))
        }),
        _ => false,
    }
}

/// The server's database.
#[derive(Clone, Debug)]
pub struct Store {
    pool: AnyPool,
    backend: Backend,
    /// The database's URL (a PostgreSQL listener connects with it).
    url: Arc<str>,
    /// The signals between the processes sharing the database.
    signals: Arc<signals::Signals>,
}

/// A transaction of the store, on either backend.
type Tx = sqlx::Transaction<'static, sqlx::Any>;

/// The current time in Unix milliseconds.
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

impl Store {
    /// Opens the database at `url` and applies the migrations: `sqlite://path` (created if
    /// missing), `sqlite::memory:`, or `postgres://…` (a database that exists, empty or made by
    /// cardarena).
    pub async fn open(url: &str) -> Result<Store, StoreError> {
        Store::open_with(url, true).await
    }

    /// Opens the database at `url` only if it exists (`cardarena replay`): a missing SQLite file,
    /// or a PostgreSQL database without cardarena's tables, is an error, and nothing is created.
    pub async fn open_existing(url: &str) -> Result<Store, StoreError> {
        Store::open_with(url, false).await
    }

    async fn open_with(url: &str, create: bool) -> Result<Store, StoreError> {
        let backend = Backend::of(url)?;
        let started = std::time::Instant::now();
        let pool = loop {
            let attempt = async {
                let pool = backend.connect(url, create).await?;
                backend.migrate(&pool, create).await?;
                Ok::<_, StoreError>(pool)
            };
            match attempt.await {
                Ok(pool) => break pool,
                Err(StoreError::Sql(e)) if not_yet(&e) && started.elapsed() < OPEN_PATIENCE => {
                    tracing::warn!(error = %e, "the database is not ready yet; trying again");
                    tokio::time::sleep(OPEN_RETRY).await;
                }
                Err(StoreError::Sql(e)) => {
                    return Err(StoreError::Open(format!("{}: {e}", backend::redacted(url))));
                }
                Err(e) => return Err(e),
            }
        };
        let store = Store {
            pool,
            backend,
            url: Arc::from(url),
            signals: Arc::default(),
        };
        // Only an old SQLite database can hold logs of the releases before compact logs.
        if backend == Backend::Sqlite {
            store.convert_legacy_logs().await?;
        }
        Ok(store)
    }

    /// Whether several processes may play from this database at once (PostgreSQL): then a
    /// running match may be another process's, and live feeds cross processes.
    pub fn shared(&self) -> bool {
        self.backend.shared()
    }

    /// Starts a write transaction, serialised with every other write transaction on the
    /// database (see [`Backend::begin_write`]).
    async fn write(&self) -> Result<Tx, StoreError> {
        self.write_as(Writer::Alone).await
    }

    /// Starts a write transaction of the kind `writer`: a claim or a result runs beside the
    /// other kind on PostgreSQL (see [`Writer`]).
    async fn write_as(&self, writer: Writer) -> Result<Tx, StoreError> {
        Ok(self.backend.begin_write(&self.pool, writer).await?)
    }
}

#[cfg(test)]
mod tests {
    use super::unavailable_code;

    #[test]
    fn unavailable_codes_are_read_by_backend() {
        // SQLite: BUSY, LOCKED, IOERR and FULL, extended codes too; not a constraint (19).
        for code in ["5", "261", "6", "10", "3338", "13"] {
            assert!(unavailable_code(code), "{code}");
        }
        assert!(!unavailable_code("19") && !unavailable_code("2067"));
        // PostgreSQL: connection failures, shutdown, a full disk, a database refusing logins.
        for code in ["08006", "57P01", "53100", "55000", "3D000", "28P01"] {
            assert!(unavailable_code(code), "{code}");
        }
        assert!(!unavailable_code("23505") && !unavailable_code("40001"));
    }
}
