//! Storage against the real thing: a database made by the release before compact logs
//! (testdata/cardarena-ac0ca5a.db, `serve --demo` for three seconds, one say line added) migrates
//! in place, `cardarena replay` confirms its matches and refuses one stamped with other rules, the
//! API and pages show the old moves; retention drops old ladder logs; and a match costs under a
//! kilobyte in a demo's database.

mod support;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use cardarena_store::Store;
use reqwest::StatusCode;
use serde_json::Value;
use sqlx::{AssertSqlSafe, Connection, Row, SqliteConnection};
use support::{Server, TempDb, config};

/// The fixture's one say line, on action 1 of this durak match.
const SAID_IN: &str = "a006a4ce-4915-4b28-90df-07170a93a837";
const SAID: &str = "Fixture says hello";

fn db_path(db: &TempDb) -> PathBuf {
    PathBuf::from(db.url().trim_start_matches("sqlite://"))
}

/// The fixture copied into `db`.
fn old_database(db: &TempDb) -> PathBuf {
    let path = db_path(db);
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("../testdata/cardarena-ac0ca5a.db");
    std::fs::copy(fixture, &path).unwrap();
    path
}

async fn connect(path: &Path) -> SqliteConnection {
    SqliteConnection::connect(&format!("sqlite://{}", path.display()))
        .await
        .unwrap()
}

/// Every stored action of the old database, as JSON, by match.
async fn old_logs(path: &Path) -> BTreeMap<String, Vec<Value>> {
    let mut conn = connect(path).await;
    let rows = sqlx::query("SELECT match_id, action FROM actions ORDER BY match_id, idx")
        .fetch_all(&mut conn)
        .await
        .unwrap();
    let mut logs: BTreeMap<String, Vec<Value>> = BTreeMap::new();
    for row in rows {
        let action: String = row.get("action");
        logs.entry(row.get("match_id"))
            .or_default()
            .push(serde_json::from_str(&action).unwrap());
    }
    logs
}

/// The version of `game`'s rules this engine plays: the fixture's matches were all stamped 1.
fn rules_now(game: &str) -> u32 {
    cardarena_contest::games::game(game).unwrap().rules_version
}

/// Each old match's game.
async fn games_of(path: &Path) -> BTreeMap<String, String> {
    sqlx::query("SELECT id, game FROM matches")
        .fetch_all(&mut connect(path).await)
        .await
        .unwrap()
        .iter()
        .map(|row| (row.get("id"), row.get("game")))
        .collect()
}

fn replay(path: &Path, id: &str) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_cardarena"))
        .args(["replay", id, "--database-url"])
        .arg(format!("sqlite://{}", path.display()))
        .output()
        .unwrap()
}

#[tokio::test]
async fn a_database_of_the_previous_release_migrates_in_place_and_replays() {
    let db = TempDb::new();
    let path = old_database(&db);
    let old = old_logs(&path).await;
    assert!(old.len() > 50, "{} logs in the fixture", old.len());
    let game_of = games_of(&path).await;
    // A log is converted when its game's rules are still those it was played under (version 1);
    // one whose rules changed since keeps its rows, shown as stored, never decoded by new rules.
    let unchanged = |id: &String| rules_now(&game_of[id]) == 1;
    let convertible = old.keys().filter(|id| unchanged(id)).count();
    assert!(convertible > 10 && convertible < old.len(), "{convertible}");

    let server = Server::start(config(&db)).await;
    let mut conn = connect(&path).await;
    let left: i64 = sqlx::query_scalar("SELECT COUNT(DISTINCT match_id) FROM actions")
        .fetch_one(&mut conn)
        .await
        .unwrap();
    assert_eq!(
        left as usize,
        old.len() - convertible,
        "only changed games' logs left"
    );
    let blobs: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM matches WHERE log IS NOT NULL")
        .fetch_one(&mut conn)
        .await
        .unwrap();
    assert_eq!(blobs as usize, convertible);

    // The API shows exactly the old moves, with the say line.
    for (id, actions) in &old {
        let (status, m) = server.get(&format!("/api/matches/{id}")).await;
        assert_eq!(status, StatusCode::OK);
        let shown: Vec<Value> = m["actions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a["action"].clone())
            .collect();
        assert_eq!(&shown, actions, "match {id}");
        assert_eq!(m["rules_version"], 1);
        assert_eq!(m["log"]["state"], "kept");
    }
    let (_, m) = server.get(&format!("/api/matches/{SAID_IN}")).await;
    assert_eq!(m["says"][0]["index"], 1, "{m}");
    assert_eq!(m["says"][0]["text"], SAID);
    let page = server.page(&format!("/matches/{SAID_IN}")).await;
    assert!(page.contains(SAID), "{page}");
    assert_eq!(page.matches("<li>").count(), old[SAID_IN].len());
    drop(server);

    // `replay` confirms a match of every game.
    let mut games: BTreeMap<String, String> = BTreeMap::new();
    for row in sqlx::query("SELECT id, game FROM matches WHERE status = 'finished'")
        .fetch_all(&mut conn)
        .await
        .unwrap()
    {
        games.insert(row.get("game"), row.get("id"));
    }
    assert_eq!(games.len(), 6, "{games:?}");
    for (game, id) in &games {
        let out = replay(&path, id);
        let stdout = String::from_utf8_lossy(&out.stdout);
        if rules_now(game) == 1 {
            assert!(out.status.success(), "{game}: {stdout} {out:?}");
            assert!(stdout.contains("confirmed"), "{stdout}");
        } else {
            // Refused with a clear message, rather than replayed by rules it was not played by.
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "{game}: {stderr}");
            let why = format!(
                "{game} rules version 1, and this engine plays version {}",
                rules_now(game)
            );
            assert!(stderr.contains(&why), "{stderr}");
        }
    }

    // Opening it again converts nothing more and changes nothing.
    let store = Store::open(&db.url()).await.unwrap();
    assert_eq!(store.convert_legacy_logs().await.unwrap(), 0);
}

#[tokio::test]
async fn replay_refuses_a_match_stamped_with_other_rules() {
    let db = TempDb::new();
    let path = old_database(&db);
    Store::open(&db.url()).await.unwrap();
    let mut conn = connect(&path).await;
    // A match whose log was converted to a compact blob: decoding one depends on the rules.
    let row = sqlx::query("SELECT id, game FROM matches WHERE log IS NOT NULL LIMIT 1")
        .fetch_one(&mut conn)
        .await
        .unwrap();
    let (id, game): (String, String) = (row.get("id"), row.get("game"));
    sqlx::query("UPDATE matches SET rules_version = 99 WHERE id = ?")
        .bind(&id)
        .execute(&mut conn)
        .await
        .unwrap();
    let out = replay(&path, &id);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    let why = format!(
        "{game} rules version 99, and this engine plays version {}",
        rules_now(&game)
    );
    assert!(stderr.contains(&why), "{stderr}");

    // The API and the page say so rather than showing moves decoded under the wrong rules.
    let server = Server::start(config(&db)).await;
    let (_, m) = server.get(&format!("/api/matches/{id}")).await;
    assert_eq!(m["log"]["state"], "unreadable", "{m}");
    assert_eq!(m["actions"], Value::Array(vec![]));
    assert_eq!(m["rules_version"], 99);
}

#[tokio::test]
async fn retention_drops_old_ladder_logs_and_keeps_results() {
    let db = TempDb::new();
    let path = old_database(&db);
    let store = Store::open(&db.url()).await.unwrap();
    let mut conn = connect(&path).await;
    let count = |kind: &str, with_log: bool| {
        AssertSqlSafe(format!(
            "SELECT COUNT(*) FROM matches WHERE kind = '{kind}' AND status = 'finished' AND log IS {}NULL",
            if with_log { "NOT " } else { "" }
        ))
    };
    let ladder: i64 = sqlx::query_scalar(count("ladder", true))
        .fetch_one(&mut conn)
        .await
        .unwrap();
    let tournament: i64 = sqlx::query_scalar(count("tournament", true))
        .fetch_one(&mut conn)
        .await
        .unwrap();
    // Ladder logs of games whose rules changed are still stored one row per action.
    let legacy: i64 = sqlx::query_scalar(
        "SELECT COUNT(DISTINCT a.match_id) FROM actions a JOIN matches m ON m.id = a.match_id
         WHERE m.kind = 'ladder'",
    )
    .fetch_one(&mut conn)
    .await
    .unwrap();
    assert!(
        ladder > 10 && tournament > 10 && legacy > 10,
        "{ladder} {tournament} {legacy}"
    );
    let ratings_before: Vec<(String, f64)> = sqlx::query_as("SELECT bot_id, mu FROM ratings")
        .fetch_all(&mut conn)
        .await
        .unwrap();

    // Nothing finished before the fixture was made; everything finished before now.
    assert_eq!(store.drop_ladder_logs(0).await.unwrap(), 0);
    let dropped = store
        .drop_ladder_logs(cardarena_store::now_ms())
        .await
        .unwrap();
    assert_eq!(dropped as i64, ladder + legacy);
    let legacy_after: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM actions a JOIN matches m ON m.id = a.match_id WHERE m.kind = 'ladder'",
    )
    .fetch_one(&mut conn)
    .await
    .unwrap();
    assert_eq!(legacy_after, 0, "old-format ladder logs dropped too");
    let kept: i64 = sqlx::query_scalar(count("ladder", true))
        .fetch_one(&mut conn)
        .await
        .unwrap();
    assert_eq!(kept, 0);
    let tournament_after: i64 = sqlx::query_scalar(count("tournament", true))
        .fetch_one(&mut conn)
        .await
        .unwrap();
    assert_eq!(tournament_after, tournament, "tournament logs stay");
    let ratings_after: Vec<(String, f64)> = sqlx::query_as("SELECT bot_id, mu FROM ratings")
        .fetch_all(&mut conn)
        .await
        .unwrap();
    assert_eq!(ratings_before, ratings_after);

    let id: String = sqlx::query_scalar(
        "SELECT id FROM matches WHERE kind = 'ladder' AND status = 'finished' LIMIT 1",
    )
    .fetch_one(&mut conn)
    .await
    .unwrap();
    let server = Server::start(config(&db)).await;
    let (_, m) = server.get(&format!("/api/matches/{id}")).await;
    assert_eq!(m["log"]["state"], "dropped", "{m}");
    assert!(m["seats"][0]["rank"].is_number(), "{m}");
    let page = server.page(&format!("/matches/{id}")).await;
    assert!(page.contains("was dropped"), "{page}");
    let out = replay(&path, &id);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("dropped"));
}

/// Bytes one more match adds to a database: a snapshot of the database with its finished
/// matches, less the same with none (both vacuumed), divided by the matches.
async fn bytes_per_match(path: &Path) -> (f64, i64) {
    let snapshot = path.with_extension("snapshot.db");
    sqlx::query(AssertSqlSafe(format!(
        "VACUUM INTO '{}'",
        snapshot.display()
    )))
    .execute(&mut connect(path).await)
    .await
    .unwrap();
    let mut conn = connect(&snapshot).await;
    let unfinished = "(SELECT id FROM matches WHERE status IN ('queued', 'running'))";
    for statement in [
        format!("DELETE FROM seats WHERE match_id IN {unfinished}"),
        format!("DELETE FROM matches WHERE id IN {unfinished}"),
    ] {
        sqlx::query(AssertSqlSafe(statement))
            .execute(&mut conn)
            .await
            .unwrap();
    }
    let matches: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM matches")
        .fetch_one(&mut conn)
        .await
        .unwrap();
    sqlx::query("VACUUM").execute(&mut conn).await.unwrap();
    let full = std::fs::metadata(&snapshot).unwrap().len();
    for table in ["says", "seats", "actions", "matches"] {
        sqlx::query(AssertSqlSafe(format!("DELETE FROM {table}")))
            .execute(&mut conn)
            .await
            .unwrap();
    }
    sqlx::query("VACUUM").execute(&mut conn).await.unwrap();
    let empty = std::fs::metadata(&snapshot).unwrap().len();
    drop(conn);
    let _ = std::fs::remove_file(&snapshot);
    ((full - empty) as f64 / matches as f64, matches)
}

#[tokio::test]
async fn a_demo_match_costs_under_a_kilobyte() {
    let db = TempDb::new();
    let mut demo = config(&db);
    demo.demo = true;
    demo.ladder_interval = Some(Duration::from_millis(20));
    let server = Server::start(demo).await;
    let store = server.running.store.clone();
    for _ in 0..1200 {
        if store.match_ids().await.unwrap().len() >= 400 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let (bytes, matches) = bytes_per_match(&db_path(&db)).await;
    drop(server);
    assert!(matches >= 200, "{matches} matches");
    assert!(bytes < 1024.0, "{bytes:.0} bytes a match over {matches}");
    eprintln!("{bytes:.0} bytes a match over {matches}");
}
