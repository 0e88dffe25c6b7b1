//! The databases a store can talk to, and the little that differs between them: how to connect,
//! which migrations to apply, and how a write transaction starts. Everything else (every query)
//! is the same SQL on both, run through sqlx's `Any` driver.

use std::str::FromStr;

use sqlx::any::{AnyConnectOptions, AnyPoolOptions};
use sqlx::sqlite::SqliteConnectOptions;
use sqlx::{AnyPool, ConnectOptions, Executor};

use super::{StoreError, Tx};

/// The settings of every SQLite connection. sqlx's `Any` driver opens SQLite from a URL, which
/// carries the open mode but no pragmas, so they are set on each new connection: write-ahead
/// logging, `NORMAL` sync (safe with WAL), foreign keys, and a 10 s wait for a locked database.
const SQLITE_PRAGMAS: &str = "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;
    PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 10000;";

/// Which database a store talks to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    /// One SQLite file (or an in-memory database): `sqlite://path`, `sqlite::memory:`.
    Sqlite,
}

impl Backend {
    /// Whether several processes may play from the database at once (workers on PostgreSQL):
    /// then a running match may be another live process's, and signals go through the database.
    pub fn shared(self) -> bool {
        match self {
            Backend::Sqlite => false,
        }
    }

    /// The backend a database URL names.
    pub fn of(url: &str) -> Result<Backend, StoreError> {
        if url.starts_with("sqlite:") {
            Ok(Backend::Sqlite)
        } else {
            Err(StoreError::Open(format!(
                "{url}: not a database URL cardarena knows (sqlite://PATH or sqlite::memory:)"
            )))
        }
    }

    /// A pool of connections to the database at `url`; with `create`, a missing SQLite file is
    /// created.
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
                    .after_connect(|conn, _| {
                        Box::pin(async move { conn.execute(SQLITE_PRAGMAS).await.map(drop) })
                    })
                    .connect_with(options)
                    .await
            }
        }
    }

    /// Applies the backend's migrations that `pool`'s database lacks.
    pub(super) async fn migrate(self, pool: &AnyPool, _create: bool) -> Result<(), StoreError> {
        let migrator = match self {
            Backend::Sqlite => sqlx::migrate!("../migrations/sqlite"),
        };
        migrator
            .run(pool)
            .await
            .map_err(|e| StoreError::Open(format!("migrations: {e}")))
    }

    /// Starts a write transaction that holds the database's write lock from its first
    /// statement, so that write transactions run one at a time: on SQLite `BEGIN IMMEDIATE`
    /// (two writers never deadlock upgrading a read lock).
    pub(super) async fn begin_write(self, pool: &AnyPool) -> Result<Tx, sqlx::Error> {
        match self {
            Backend::Sqlite => pool.begin_with("BEGIN IMMEDIATE").await,
        }
    }
}
