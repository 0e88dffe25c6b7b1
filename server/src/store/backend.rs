//! The databases a store can talk to, and the little that differs between them: how to connect,
//! which migrations to apply, and how a write transaction starts. Everything else (every query)
//! is the same SQL on both, run through sqlx's `Any` driver.

use std::str::FromStr;
use std::time::Duration;

use sqlx::any::{AnyConnectOptions, AnyPoolOptions};
use sqlx::sqlite::SqliteConnectOptions;
use sqlx::{AnyPool, ConnectOptions, Executor};

use super::{StoreError, Tx};

/// The settings of every SQLite connection. sqlx's `Any` driver opens SQLite from a URL, which
/// carries the open mode but no pragmas, so they are set on each new connection: write-ahead
/// logging, `NORMAL` sync (safe with WAL), foreign keys, and a wait for a database locked by
/// another program as long as [`ACQUIRE_TIMEOUT`] (this process's own writes queue for the
/// store's write lock before they reach SQLite, so only a stranger holds SQLite's).
const SQLITE_PRAGMAS: &str = "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;
    PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 2000;";

/// The longest an operation waits for a connection of the pool (connecting one if need be):
/// past it, the database counts as unavailable and an API request is answered
/// `503 database_unavailable` rather than held (sqlx's default is 30 s).
const ACQUIRE_TIMEOUT: Duration = Duration::from_secs(2);

/// The PostgreSQL advisory lock every write transaction takes (the bytes of "cardaren"): one
/// writer at a time, as on SQLite.
const WRITE_LOCK: i64 = 0x6361_7264_6172_656e;

/// Connections of a PostgreSQL pool: a server's readers and its writers waiting for the write
/// lock, well under PostgreSQL's default of 100 for the whole cluster.
const POSTGRES_CONNECTIONS: u32 = 16;

/// Which database a store talks to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    /// One SQLite file (or an in-memory database): `sqlite://path`, `sqlite::memory:`.
    Sqlite,
    /// A PostgreSQL database that several processes may share: `postgres://…`.
    Postgres,
}

impl Backend {
    /// Whether several processes may play from the database at once (workers on PostgreSQL):
    /// then a running match may be another live process's, and signals go through the database.
    pub fn shared(self) -> bool {
        match self {
            Backend::Sqlite => false,
            Backend::Postgres => true,
        }
    }

    /// The backend a database URL names.
    pub fn of(url: &str) -> Result<Backend, StoreError> {
        if url.starts_with("sqlite:") {
            Ok(Backend::Sqlite)
        } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            Ok(Backend::Postgres)
        } else {
            Err(StoreError::Open(format!(
                "{}: not a database URL cardarena knows (sqlite://PATH, sqlite::memory: or \
                 postgres://USER@HOST/DATABASE)",
                redacted(url)
            )))
        }
    }

    /// A pool of connections to the database at `url`; with `create`, a missing SQLite file is
    /// created (a PostgreSQL database must exist: cardarena never creates one).
    pub(super) async fn connect(self, url: &str, create: bool) -> Result<AnyPool, sqlx::Error> {
        sqlx::any::install_default_drivers();
        match self {
            Backend::Sqlite => {
                // An in-memory database lives in one connection; a file is shared by several,
                // opened in the mode the URL sqlx builds from the file's options says.
                let in_memory = url.contains(":memory:");
                let options = if in_memory {
                    AnyConnectOptions::from_str(url)?
                } else {
                    let file = SqliteConnectOptions::from_str(url)?.create_if_missing(create);
                    AnyConnectOptions::from_url(&file.to_url_lossy())?
                };
                let connections = if in_memory { 1 } else { 8 };
                AnyPoolOptions::new()
                    .max_connections(connections)
                    .acquire_timeout(ACQUIRE_TIMEOUT)
                    .after_connect(|conn, _| {
                        Box::pin(async move { conn.execute(SQLITE_PRAGMAS).await.map(drop) })
                    })
                    .connect_with(options)
                    .await
            }
            Backend::Postgres => {
                AnyPoolOptions::new()
                    .max_connections(POSTGRES_CONNECTIONS)
                    .acquire_timeout(ACQUIRE_TIMEOUT)
                    .connect_with(AnyConnectOptions::from_str(url)?)
                    .await
            }
        }
    }

    /// Applies the backend's migrations that `pool`'s database lacks. Without `create`, a
    /// PostgreSQL database that cardarena never migrated is refused rather than migrated (a
    /// `replay` pointed at the wrong database must not fill it with empty tables).
    pub(super) async fn migrate(self, pool: &AnyPool, create: bool) -> Result<(), StoreError> {
        if self == Backend::Postgres && !create {
            let migrated: i64 = sqlx::query_scalar(
                "SELECT COUNT(*) FROM information_schema.tables
                         WHERE table_schema = current_schema() AND table_name = '_sqlx_migrations'",
            )
            .fetch_one(pool)
            .await?;
            if migrated == 0 {
                return Err(StoreError::Open(
                    "there are no cardarena tables in this database: `cardarena serve` \
                             makes them on its first start"
                        .into(),
                ));
            }
        }
        self.migrator().run(pool).await.map_err(|e| match e {
            // Not ready (locked, gone for a moment): the opening tries again.
            sqlx::migrate::MigrateError::Execute(e) if super::not_yet(&e) => StoreError::Sql(e),
            e => StoreError::Open(format!("migrations: {e}")),
        })
    }

    /// The backend's migrations, as compiled into this binary.
    fn migrator(self) -> sqlx::migrate::Migrator {
        match self {
            Backend::Sqlite => sqlx::migrate!("../migrations/sqlite"),
            Backend::Postgres => sqlx::migrate!("../migrations/postgres"),
        }
    }

    /// The version of the last migration this binary knows: the schema it expects.
    pub(super) fn latest_migration(self) -> i64 {
        self.migrator().iter().map(|m| m.version).max().unwrap_or(0)
    }

    /// Starts a write transaction that holds the database's write lock from its first
    /// statement, so that write transactions run one at a time, whichever process runs them. On
    /// SQLite `BEGIN IMMEDIATE` (two writers never deadlock upgrading a read lock); on PostgreSQL
    /// a transaction-scoped advisory lock, released by the commit or the rollback. Serialised
    /// writes keep what the store reads and then writes consistent without retries: the next
    /// `rating_seq` and the ratings a result moves, a claim's count of each bot's running matches,
    /// a table's limits.
    pub(super) async fn begin_write(self, pool: &AnyPool) -> Result<Tx, sqlx::Error> {
        match self {
            Backend::Sqlite => pool.begin_with("BEGIN IMMEDIATE").await,
            Backend::Postgres => {
                let mut tx = pool.begin().await?;
                sqlx::query("SELECT pg_advisory_xact_lock($1)")
                    .bind(WRITE_LOCK)
                    .execute(&mut *tx)
                    .await?;
                Ok(tx)
            }
        }
    }
}

/// `url` with its password, if it has one, replaced by `***`, for messages.
pub fn redacted(url: &str) -> String {
    match url::Url::parse(url) {
        Ok(mut parsed) if parsed.password().is_some() => {
            let _ = parsed.set_password(Some("***"));
            parsed.to_string()
        }
        _ => url.to_string(),
    }
}
