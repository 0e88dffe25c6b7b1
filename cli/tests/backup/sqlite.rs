//! A SQLite backup taken while `serve` plays 64 matches, served by a second `serve` and replayed;
//! and the backups refused, with their reasons.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use serde_json::Value;

use super::support::{self, TempDb};
use super::*;

/// The matches in the SQLite file at `path`, oldest first, as (id, status), read by a read-only
/// connection after SQLite has checked the whole file.
async fn sqlite_matches(path: &Path) -> Vec<(String, String)> {
    use sqlx::Connection;
    let url = format!("sqlite://{}?mode=ro", path.display());
    let mut conn = sqlx::SqliteConnection::connect(&url).await.unwrap();
    let check: String = sqlx::query_scalar("PRAGMA integrity_check")
        .fetch_one(&mut conn)
        .await
        .unwrap();
    assert_eq!(check, "ok", "{} is a sound SQLite file", path.display());
    let rows = sqlx::query_as("SELECT id, status FROM matches ORDER BY number")
        .fetch_all(&mut conn)
        .await
        .unwrap();
    conn.close().await.unwrap();
    rows
}

/// Each status's count among `matches`.
fn statuses(matches: &[(String, String)]) -> BTreeMap<String, usize> {
    let mut counts = BTreeMap::new();
    for (_, status) in matches {
        *counts.entry(status.clone()).or_default() += 1;
    }
    counts
}

/// The ids of `matches` with `status`.
fn with_status(matches: &[(String, String)], status: &str) -> Vec<String> {
    (matches.iter())
        .filter(|(_, s)| s == status)
        .map(|(id, _)| id.clone())
        .collect()
}

/// `replay` confirms each of `ids` from the database at `url`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_backup_taken_while_64_matches_run_opens_with_serve_and_replays() {
    let db = TempDb::new();
    let source = file_of(&db.url());
    let bot = checking_bot().await;
    let http = reqwest::Client::new();
    let server = Serve::start(&db.url(), &["--max-matches", "64"]);
    let careful = register(&http, &server.base, &bot).await;
    // 16 matches played at once by a bot that answers at once, then 64 by the same bot thinking
    // slowly, all at once (the server's --max-matches): 80 matches, one page of the match list.
    for id in practice(&http, &server.base, &careful, 16).await {
        assert_eq!(ended(&http, &server.base, &id).await["status"], "finished");
    }
    bot.think_ms.store(SLOW_MS, Ordering::SeqCst);
    practice(&http, &server.base, &careful, 64).await;
    let started = Instant::now();
    let at_backup = loop {
        let counts = statuses(&sqlite_matches(&source).await);
        if counts.get("running") == Some(&64) {
            break counts;
        }
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "64 matches never ran at once: {counts:?}"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    let backup = source.with_file_name("backup.db");
    let backup_url = format!("sqlite://{}", backup.display());
    let taken = cardarena(&[
        "backup",
        "--database-url",
        &db.url(),
        "--to",
        backup.to_str().unwrap(),
        "--json",
    ]);
    assert!(taken.status.success(), "{}", said(&taken));
    let report: Value = serde_json::from_slice(&taken.stdout).unwrap();
    let statuses = &report["matches"];
    let count = |s: &str| statuses[s].as_u64().unwrap_or(0);
    let total: u64 = (statuses.as_object().unwrap().values())
        .map(|n| n.as_u64().unwrap())
        .sum();
    eprintln!("just before the backup: {at_backup:?}; in it: {statuses}");
    assert_eq!(total, 80, "{report}");
    assert!(count("finished") >= 16 && count("running") > 0, "{report}");
    assert_eq!(report["tables"]["seats"], 2 * 80, "{report}");
    assert_eq!(report["file"], backup.to_str().unwrap());
    assert!(report["bytes"].as_u64().unwrap() > 0 && report["seconds"].is_number());
    let key_copy = PathBuf::from(report["key_file"].as_str().unwrap());
    assert_eq!(key_copy, source.with_file_name("backup.db.key"));
    assert_eq!(
        std::fs::read(&key_copy).unwrap(),
        std::fs::read(source.with_file_name("test.db.key")).unwrap(),
        "the key is copied beside the backup"
    );
    let in_backup = sqlite_matches(&backup).await;
    let (finished, running) = (
        with_status(&in_backup, "finished"),
        with_status(&in_backup, "running"),
    );
    assert_eq!(finished.len() as u64, count("finished"));
    let folder: Vec<String> = std::fs::read_dir(source.parent().unwrap())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(
        !folder.iter().any(|name| name.contains(".partial-")),
        "no partial file is left: {folder:?}"
    );

    // A second server on the backup, beside the first: it answers, has the bot, lists the
    // finished matches and shows each as the first server has it.
    let restored = Serve::start(&backup_url, &["--max-matches", "64"]);
    let shown = get_json(&http, format!("{}/api/bots/{}", restored.base, careful.0)).await;
    assert_eq!(shown["name"], "careful");
    let list = http
        .get(format!("{}/matches?per_page=100", restored.base))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    for id in &finished {
        assert!(list.contains(&format!("/matches/{id}")), "{id} is listed");
        let there = get_json(&http, format!("{}/api/matches/{id}", restored.base)).await;
        let here = get_json(&http, format!("{}/api/matches/{id}", server.base)).await;
        assert_eq!(there["status"], "finished");
        assert_eq!(
            there["seats"], here["seats"],
            "{id} as the first server has it"
        );
        assert_eq!(there["seed"], here["seed"]);
    }
    // A server on the backup cannot be replaced under it, even with --force.
    let over = cardarena(&[
        "backup",
        "--database-url",
        &db.url(),
        "--to",
        backup.to_str().unwrap(),
        "--force",
    ]);
    assert_eq!(over.status.code(), Some(2), "{}", said(&over));
    assert!(
        said(&over).contains("in use by another cardarena process"),
        "{}",
        said(&over)
    );

    replays(&sample(&finished, 10), &backup_url);

    // The matches that were running are played again on the backup, and the bot's owner token
    // still queues more there: calls signed with the copied key, which the bot accepts.
    let again = ended(&http, &restored.base, &running[0]).await;
    assert_eq!(again["status"], "finished", "{again}");
    let more = practice(&http, &restored.base, &careful, 1).await;
    let played = ended(&http, &restored.base, &more[0]).await;
    assert_eq!(played["status"], "finished", "{played}");
    for m in [&again, &played] {
        assert!(m["seats"][0]["fault"].is_null(), "{m}");
    }
    assert_eq!(
        bot.refused.load(Ordering::SeqCst),
        0,
        "no call was signed otherwise"
    );
    drop(restored);
    replays(&[running[0].clone(), more[0].clone()], &backup_url);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_backup_is_refused_with_a_reason_and_leaves_nothing_behind() {
    let db = TempDb::new();
    let source = file_of(&db.url());
    let folder = source.parent().unwrap().to_path_buf();
    let server = support::Server::start(support::config(&db)).await;
    let to = folder.join("copy.db");
    let to = to.to_str().unwrap();
    let first = cardarena(&["backup", "--database-url", &db.url(), "--to", to]);
    assert!(first.status.success(), "{}", said(&first));
    let out = said(&first);
    assert!(out.contains(&format!("written to {to}")), "{out}");
    assert!(out.contains("bots") && out.contains("matches: 0"), "{out}");
    assert!(out.contains(&format!("copied to {to}.key")), "{out}");
    let before = std::fs::read(to).unwrap();

    // Not over an existing backup without --force; with it, yes.
    let again = cardarena(&["backup", "--database-url", &db.url(), "--to", to]);
    assert_eq!(again.status.code(), Some(2));
    assert!(said(&again).contains("already exist"), "{}", said(&again));
    assert!(said(&again).contains("--force"), "{}", said(&again));
    assert_eq!(
        std::fs::read(to).unwrap(),
        before,
        "the old backup is left as it was"
    );
    let forced = cardarena(&["backup", "--database-url", &db.url(), "--to", to, "--force"]);
    assert!(forced.status.success(), "{}", said(&forced));

    // Not of a database that is not there, nor over the database itself.
    let missing = folder.join("missing.db");
    let url = format!("sqlite://{}", missing.display());
    let other = folder.join("other.db");
    let nothing = cardarena(&[
        "backup",
        "--database-url",
        &url,
        "--to",
        other.to_str().unwrap(),
    ]);
    assert_eq!(nothing.status.code(), Some(2));
    assert!(
        said(&nothing).contains(&format!("there is no database at {}", missing.display())),
        "{}",
        said(&nothing)
    );
    assert!(!missing.exists(), "no database is made");
    let itself = cardarena(&[
        "backup",
        "--database-url",
        &db.url(),
        "--to",
        source.to_str().unwrap(),
        "--force",
    ]);
    assert_eq!(itself.status.code(), Some(2));
    assert!(
        said(&itself).contains("is the database itself"),
        "{}",
        said(&itself)
    );

    // Not of a SQLite file that is not cardarena's, and not without its key.
    let stranger = folder.join("stranger.db");
    {
        use sqlx::Connection;
        let url = format!("sqlite://{}?mode=rwc", stranger.display());
        let mut conn = sqlx::SqliteConnection::connect(&url).await.unwrap();
        sqlx::query("CREATE TABLE notes (text TEXT)")
            .execute(&mut conn)
            .await
            .unwrap();
        conn.close().await.unwrap();
    }
    std::fs::copy(
        source.with_file_name("test.db.key"),
        folder.join("stranger.db.key"),
    )
    .unwrap();
    let url = format!("sqlite://{}", stranger.display());
    let refused = cardarena(&[
        "backup",
        "--database-url",
        &url,
        "--to",
        other.to_str().unwrap(),
    ]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(
        said(&refused).contains("not a cardarena database"),
        "{}",
        said(&refused)
    );
    let keyless = cardarena(&[
        "backup",
        "--database-url",
        &db.url(),
        "--to",
        other.to_str().unwrap(),
        "--key-file",
        folder.join("no.key").to_str().unwrap(),
    ]);
    assert_eq!(keyless.status.code(), Some(2));
    assert!(
        said(&keyless).contains("cannot read the key file"),
        "{}",
        said(&keyless)
    );
    let left: Vec<String> = std::fs::read_dir(&folder)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.starts_with("other.db") || name.contains(".partial-"))
        .collect();
    assert!(left.is_empty(), "a refused backup leaves nothing: {left:?}");
    drop(server);
}
