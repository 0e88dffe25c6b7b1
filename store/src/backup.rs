//! What `cardarena backup` reads, without opening a [`Store`](super::Store): no migration, no
//! write, no lock file. A SQLite database is copied with `VACUUM INTO` from a read-only
//! connection, one read transaction, so the copy is the database as of one moment while a server
//! goes on writing it (write-ahead logging lets readers and the writer run side by side). A
//! PostgreSQL database is read in a repeatable-read transaction whose snapshot `pg_dump` shares,
//! so the rows counted here are the rows it dumps.

use std::path::Path;
use std::str::FromStr;

use sqlx::any::{AnyConnectOptions, AnyPoolOptions};
use sqlx::sqlite::SqliteConnectOptions;
use sqlx::{AnyConnection, AnyPool, ConnectOptions, Connection, Row};

use super::{StoreError, Tx};

/// What a copy holds: the rows of each of cardarena's tables, and its matches by status.
#[derive(Debug, Clone, Default)]
pub struct Contents {
    /// Each table's name and row count, by name (the migrations' own table left out).
    pub tables: Vec<(String, u64)>,
    /// How many matches each status has (`finished`, `running`, `queued`, …), by status.
    pub matches: Vec<(String, u64)>,
}

impl Contents {
    /// How many matches have `status`.
    pub fn matches_with(&self, status: &str) -> u64 {
        (self.matches.iter())
            .find(|(s, _)| s == status)
            .map_or(0, |(_, n)| *n)
    }
}

/// The tables of a SQLite database, SQLite's own and the migrations' left out.
const SQLITE_TABLES: &str = "SELECT name FROM sqlite_master WHERE type = 'table'
    AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name != '_sqlx_migrations' ORDER BY name";

/// The tables of a PostgreSQL database's current schema, the migrations' left out.
const POSTGRES_TABLES: &str = "SELECT CAST(table_name AS TEXT) FROM information_schema.tables
    WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'
      AND table_name != '_sqlx_migrations' ORDER BY 1";

/// Copies the SQLite database `source` to the new file `into` (which must not exist) as one
/// consistent snapshot, reading `source` through a read-only connection. A file that is not a
/// cardarena database is refused before anything is written.
pub async fn copy_sqlite(source: &Path, into: &Path) -> Result<(), StoreError> {
    let mut conn = sqlite_read_only(source).await?;
    let tables: Vec<String> = sqlx::query_scalar(SQLITE_TABLES)
        .fetch_all(&mut conn)
        .await?;
    ensure_cardarena(&mut conn, &tables, &source.display().to_string()).await?;
    let into = into
        .to_str()
        .ok_or_else(|| StoreError::Open(format!("{}: not a UTF-8 path", into.display())))?;
    sqlx::query("VACUUM INTO $1")
        .bind(into)
        .execute(&mut conn)
        .await?;
    conn.close().await?;
    Ok(())
}

/// What the SQLite database at `path` holds, read through a read-only connection.
pub async fn sqlite_contents(path: &Path) -> Result<Contents, StoreError> {
    let mut conn = sqlite_read_only(path).await?;
    let contents = contents(&mut conn, SQLITE_TABLES).await?;
    conn.close().await?;
    Ok(contents)
}

/// Checks the SQLite database at `path` page by page (`PRAGMA quick_check`); the first problems
/// SQLite names if it is damaged.
pub async fn sqlite_check(path: &Path) -> Result<(), StoreError> {
    let mut conn = sqlite_read_only(path).await?;
    let problems: Vec<String> = sqlx::query_scalar("PRAGMA quick_check(5)")
        .fetch_all(&mut conn)
        .await?;
    conn.close().await?;
    if problems != ["ok"] {
        return Err(StoreError::Corrupt(format!(
            "{}: {}",
            path.display(),
            problems.join("; ")
        )));
    }
    Ok(())
}

/// A read-only connection to the SQLite file at `path`, which must exist.
async fn sqlite_read_only(path: &Path) -> Result<AnyConnection, StoreError> {
    sqlx::any::install_default_drivers();
    let file = SqliteConnectOptions::new()
        .filename(path)
        .read_only(true)
        .to_url_lossy();
    let options = AnyConnectOptions::from_url(&file)?;
    AnyConnection::connect_with(&options)
        .await
        .map_err(|e| StoreError::Open(format!("{}: {e}", path.display())))
}

/// A read-only, repeatable-read transaction on a PostgreSQL database, whose snapshot other
/// sessions (`pg_dump --snapshot`) may share while it is open.
pub struct PostgresSnapshot {
    /// The open transaction (its pool holds its one connection).
    tx: Tx,
    /// The pool, closed with the transaction.
    pool: AnyPool,
    /// The snapshot's name, as `pg_export_snapshot()` gave it.
    pub id: String,
}

impl PostgresSnapshot {
    /// Opens the transaction on the database at `url` and exports its snapshot; a database
    /// without cardarena's tables is refused.
    pub async fn take(url: &str) -> Result<PostgresSnapshot, StoreError> {
        sqlx::any::install_default_drivers();
        let redacted = super::backend::redacted(url);
        let pool = AnyPoolOptions::new()
            .max_connections(1)
            .connect_with(AnyConnectOptions::from_str(url)?)
            .await
            .map_err(|e| StoreError::Open(format!("{redacted}: {e}")))?;
        let mut tx = pool
            .begin_with("BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY")
            .await?;
        let tables: Vec<String> = sqlx::query_scalar(POSTGRES_TABLES)
            .fetch_all(&mut *tx)
            .await?;
        ensure_cardarena(&mut tx, &tables, &redacted).await?;
        let id = sqlx::query_scalar("SELECT pg_export_snapshot()")
            .fetch_one(&mut *tx)
            .await?;
        Ok(PostgresSnapshot { tx, pool, id })
    }

    /// What the database holds in this snapshot.
    pub async fn contents(&mut self) -> Result<Contents, StoreError> {
        contents(&mut self.tx, POSTGRES_TABLES).await
    }

    /// Ends the transaction (it changed nothing) and closes the connection.
    pub async fn release(self) -> Result<(), StoreError> {
        self.tx.rollback().await?;
        self.pool.close().await;
        Ok(())
    }
}

/// An error unless `tables` (a database's) are cardarena's: migrated, with matches.
async fn ensure_cardarena(
    conn: &mut AnyConnection,
    tables: &[String],
    name: &str,
) -> Result<(), StoreError> {
    let has = |table: &str| tables.iter().any(|t| t == table);
    let migrated = if has("matches") {
        // The migrations' table is left out of `tables`: asked for by name.
        sqlx::query("SELECT version FROM _sqlx_migrations LIMIT 1")
            .fetch_optional(&mut *conn)
            .await
            .is_ok()
    } else {
        false
    };
    if migrated {
        Ok(())
    } else {
        Err(StoreError::Open(format!(
            "{name} is not a cardarena database (it has no migrated matches table)"
        )))
    }
}

/// Counts the rows of each table `tables_sql` lists, and the matches by status.
async fn contents(
    conn: &mut AnyConnection,
    tables_sql: &'static str,
) -> Result<Contents, StoreError> {
    let names: Vec<String> = sqlx::query_scalar(tables_sql).fetch_all(&mut *conn).await?;
    let mut tables = Vec::with_capacity(names.len());
    for name in names {
        // The name comes from the database's catalogue; quoted as an identifier all the same.
        let sql = format!("SELECT COUNT(*) FROM \"{}\"", name.replace('"', "\"\""));
        let rows: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(sql))
            .fetch_one(&mut *conn)
            .await?;
        tables.push((name, rows as u64));
    }
    let rows =
        sqlx::query("SELECT status, COUNT(*) AS n FROM matches GROUP BY status ORDER BY status")
            .fetch_all(&mut *conn)
            .await?;
    let mut matches = Vec::with_capacity(rows.len());
    for row in rows {
        matches.push((row.try_get("status")?, row.try_get::<i64, _>("n")? as u64));
    }
    Ok(Contents { tables, matches })
}
