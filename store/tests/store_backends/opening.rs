//! Opening a database: migrations run once however often it is opened, and `open_existing`
//! (what `replay` uses) creates nothing: a missing SQLite file and a PostgreSQL database that
//! cardarena never migrated are errors that say so.

use std::str::FromStr;
use std::time::{Duration, Instant};

use cardarena_store::Store;
use sqlx::sqlite::SqliteConnectOptions;
use sqlx::{Connection, Executor};

use crate::common::{Db, register};

on_both!(opening_again_keeps_everything);

async fn opening_again_keeps_everything(db: &Db) {
    let store = db.store().await;
    let ids = register(&store, &["keeper"]).await;
    drop(store);
    let again = Store::open(&db.url).await.unwrap();
    assert_eq!(again.bot(&ids[0]).await.unwrap().unwrap().name, "keeper");
    let existing = Store::open_existing(&db.url).await.unwrap();
    assert_eq!(existing.bots(None).await.unwrap().len(), 1);
    let migrations = db.rows("SELECT version FROM _sqlx_migrations").await;
    assert!(!migrations.is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn opening_waits_for_a_sqlite_file_another_program_holds_locked() {
    // A new file, so that opening has migrations to write.
    let db = Db::sqlite();
    let file = SqliteConnectOptions::from_str(&db.url)
        .unwrap()
        .create_if_missing(true);
    let mut stranger = sqlx::SqliteConnection::connect_with(&file).await.unwrap();
    stranger.execute("BEGIN EXCLUSIVE").await.unwrap();
    let release = tokio::spawn(async move {
        tokio::time::sleep(Duration::from_secs(4)).await;
        stranger.execute("COMMIT").await.unwrap();
    });
    let started = Instant::now();
    let store = Store::open(&db.url)
        .await
        .expect("opened once the lock is let go");
    let waited = started.elapsed();
    release.await.unwrap();
    assert!(
        waited >= Duration::from_secs(3),
        "it waited for the lock: {waited:?}"
    );
    assert!(store.bots(None).await.unwrap().is_empty());
}

#[tokio::test]
async fn open_existing_creates_no_sqlite_file() {
    let db = Db::sqlite();
    let error = Store::open_existing(&db.url).await.unwrap_err().to_string();
    assert!(error.contains("cannot open the database"), "{error}");
    let path = db.url.trim_start_matches("sqlite://");
    assert!(!std::path::Path::new(path).exists());
}

#[tokio::test]
async fn open_existing_refuses_a_database_cardarena_never_migrated() {
    let db = Db::postgres();
    let error = Store::open_existing(&db.url).await.unwrap_err().to_string();
    assert!(error.contains("no cardarena tables"), "{error}");
    assert!(
        db.rows("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")
            .await
            .is_empty(),
        "nothing created"
    );
    // Opened to serve, it is migrated; then replay may open it.
    db.store().await;
    Store::open_existing(&db.url).await.unwrap();
}
