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

/// The PostgreSQL advisory lock every write transaction takes (the bytes of "cardaren"):
/// exclusively by a write that must run alone, as on SQLite; shared by claims and results, which
/// run beside each other and serialise among themselves on narrower locks (see [`Writer`]).
const WRITE_LOCK: i64 = 0x6361_7264_6172_656e;

/// The PostgreSQL advisory lock of the rating pass (the bytes of "ratingsq"), held to the commit
/// of the transaction that runs it: one pass at a time applies results to ratings and numbers
/// them, so `rating_seq` stays one unbroken sequence (`super::rating_pass`).
const RATINGS_LOCK: i64 = 0x7261_7469_6e67_7371;

/// The first key of the per-bot advisory locks results take for their contestants (the bytes of
/// "bots"), in PostgreSQL's two-key space, which never meets the one-key space of the locks
/// above; the second key is the hash of the bot's id.
const BOT_LOCKS: i32 = 0x626f_7473;

/// The first key of the per-bot advisory locks claims take (the bytes of "clbt"): apart from the
/// results' own, since a result only ever lowers the counts a claim reads, so the two never need
/// to wait for each other.
const CLAIM_BOT_LOCKS: i32 = 0x636c_6274;

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
            Backend::Sqlite => sqlx::migrate!("migrations/sqlite"),
            Backend::Postgres => sqlx::migrate!("migrations/postgres"),
        }
    }

    /// The version of the last migration this binary knows: the schema it expects.
    pub(super) fn latest_migration(self) -> i64 {
        self.migrator().iter().map(|m| m.version).max().unwrap_or(0)
    }

    /// Starts a write transaction of the kind `writer` says (see [`Writer`]). On SQLite every
    /// write transaction holds the database's one write lock from its first statement
    /// (`BEGIN IMMEDIATE`: two writers never deadlock upgrading a read lock), whatever its kind.
    /// On PostgreSQL transaction-scoped advisory locks, released by the commit or the rollback.
    pub(super) async fn begin_write(
        self,
        pool: &AnyPool,
        writer: Writer,
    ) -> Result<Tx, sqlx::Error> {
        if self == Backend::Sqlite {
            return pool.begin_with("BEGIN IMMEDIATE").await;
        }
        let mut tx = pool.begin().await?;
        let lock = match writer {
            Writer::Alone => sqlx::query("SELECT pg_advisory_xact_lock($1)").bind(WRITE_LOCK),
            Writer::Claim | Writer::Result => {
                sqlx::query("SELECT pg_advisory_xact_lock_shared($1)").bind(WRITE_LOCK)
            }
        };
        lock.execute(&mut *tx).await?;
        Ok(tx)
    }

    /// In a [`Writer::Result`] transaction, waits for and takes the lock of every contestant's
    /// bot seated in match `id` (held to the commit), in the order of their keys, so that two
    /// results never wait for each other's bots: results of matches that share a contestant
    /// update its record (recent faults, its version's count) one after the other. House bots
    /// keep no such record, so results of the house bot's many matches do not wait for each
    /// other. SQLite's write lock holds it already.
    pub(super) async fn lock_bots(self, tx: &mut Tx, id: &str) -> Result<(), sqlx::Error> {
        if self == Backend::Postgres {
            // The subquery's order is the order the locks are taken: PostgreSQL keeps a sorted
            // subquery as one, and evaluates the outer list row by row as it comes. A seat has a
            // version exactly when a contestant's bot holds it.
            sqlx::query(
                "SELECT pg_advisory_xact_lock($1, k) FROM
                     (SELECT DISTINCT hashtext(bot_id) AS k FROM seats
                      WHERE match_id = $2 AND version IS NOT NULL
                      ORDER BY k) keys",
            )
            .bind(BOT_LOCKS)
            .bind(id)
            .execute(&mut **tx)
            .await?;
        }
        Ok(())
    }

    /// In a [`Writer::Claim`] transaction, takes the claims' lock of contestant `bot_id`
    /// ([`CLAIM_BOT_LOCKS`]) if no other claim holds it, without waiting, and holds it to the
    /// commit: `false` when another claim holds it. While a claim holds it, no other claim adds
    /// to the bot's running matches, so a count the claim reads afterwards can only fall (a
    /// result's commit) until it commits. Claims never wait for a lock, and results never take
    /// this one, so claims never wait for each other or for results, nor results for claims.
    /// SQLite's write lock holds it already.
    pub(super) async fn try_lock_bot(self, tx: &mut Tx, bot_id: &str) -> Result<bool, sqlx::Error> {
        if self == Backend::Sqlite {
            return Ok(true);
        }
        sqlx::query_scalar("SELECT pg_try_advisory_xact_lock($1, hashtext($2))")
            .bind(CLAIM_BOT_LOCKS)
            .bind(bot_id)
            .fetch_one(&mut **tx)
            .await
    }

    /// In a [`Writer::Result`] transaction, takes the rating pass's lock if no other transaction
    /// holds it, without waiting, and holds it to the commit: `false` when another holds it.
    /// SQLite's write lock holds it already.
    pub(super) async fn try_lock_ratings(self, tx: &mut Tx) -> Result<bool, sqlx::Error> {
        if self == Backend::Sqlite {
            return Ok(true);
        }
        sqlx::query_scalar("SELECT pg_try_advisory_xact_lock($1)")
            .bind(RATINGS_LOCK)
            .fetch_one(&mut **tx)
            .await
    }
}

/// What a write transaction may run beside, on PostgreSQL (on SQLite every write runs alone).
///
/// The queue's two busy writes, the claim and the result, need to be serialised only narrowly:
/// a claim against what else adds to the running matches of the contestants it seats (other
/// claims of the same bots: it holds each bot's claim lock, taken without waiting,
/// [`Backend::try_lock_bot`]), results against results of the same contestants (each updates
/// their records, [`Backend::lock_bots`]), and the rating passes against each other
/// ([`Backend::try_lock_ratings`]). Which queued match each claim takes is decided by `FOR
/// UPDATE SKIP LOCKED` alone. A result never raises a count a claim reads (it only lowers one,
/// at its commit), and a claim never touches a running match or a rating, so the two run side
/// by side. Every other write runs alone, as before: it waits for the claims and results under
/// way, and they wait for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Writer {
    /// Any write but the two below: alone on the database (the write lock, exclusive).
    Alone,
    /// A claim of queued matches: beside results and other claims (the write lock shared); it
    /// takes its contestants' locks without waiting ([`Backend::try_lock_bot`]).
    Claim,
    /// A match's result: beside claims and other results (the write lock shared); it takes its
    /// contestants' locks ([`Backend::lock_bots`]) and runs the rating pass if its lock is free
    /// ([`Backend::try_lock_ratings`]). The rating pass on its own is one too.
    Result,
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
