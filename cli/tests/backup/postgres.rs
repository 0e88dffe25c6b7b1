//! A PostgreSQL backup: `cardarena backup` runs pg_dump while `serve` plays, `pg_restore` loads
//! the dump into a fresh database, and `serve` and `replay` run on it.

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

use super::postgres_cluster as postgres;
use super::support::TempDb;
use super::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_postgres_backup_restores_with_pg_restore_and_serves_and_replays() {
    let db = postgres::Database::new();
    let folder = TempDb::new();
    let dir = file_of(&folder.url()).parent().unwrap().to_path_buf();
    let key = dir.join("contest.key");
    let key_arg = key.to_str().unwrap();
    let bot = checking_bot().await;
    let http = reqwest::Client::new();
    // Eight at a time: some have finished and some are running when the backup is taken.
    let server = Serve::start(&db.url, &["--key-file", key_arg, "--max-matches", "8"]);
    let careful = register(&http, &server.base, &bot).await;
    bot.think_ms.store(SLOW_MS / 3, Ordering::SeqCst);
    let ids = practice(&http, &server.base, &careful, 30).await;
    let count = |status: &str| {
        let sql = format!("SELECT COUNT(*) FROM matches WHERE status = '{status}'");
        db.query(&sql)[0][0].parse::<u64>().unwrap()
    };
    let started = Instant::now();
    while count("finished") < 5 {
        assert!(
            started.elapsed() < Duration::from_secs(120),
            "5 matches never finished"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }

    let dump = dir.join("contest.dump");
    let dump_arg = dump.to_str().unwrap();
    let without_key = cardarena(&["backup", "--database-url", &db.url, "--to", dump_arg]);
    assert_eq!(without_key.status.code(), Some(2));
    assert!(
        said(&without_key).contains("--key-file"),
        "{}",
        said(&without_key)
    );
    let taken = cardarena(&[
        "backup",
        "--database-url",
        &db.url,
        "--to",
        dump_arg,
        "--key-file",
        key_arg,
        "--json",
    ]);
    assert!(taken.status.success(), "{}", said(&taken));
    let report: Value = serde_json::from_slice(&taken.stdout).unwrap();
    eprintln!("the PostgreSQL backup: {report}");
    assert_eq!(report["backend"], "postgres");
    let total: u64 = (report["matches"].as_object().unwrap().values())
        .map(|n| n.as_u64().unwrap())
        .sum();
    assert_eq!(total, 30, "{report}");
    let finished_then = report["matches"]["finished"].as_u64().unwrap();
    assert!(finished_then >= 5, "{report}");
    assert_eq!(
        std::fs::read(dir.join("contest.dump.key")).unwrap(),
        std::fs::read(&key).unwrap()
    );

    // Restored into a fresh database as docs/operations.md says: the rows the backup counted.
    let restored = postgres::Database::new();
    let loaded = Command::new("pg_restore")
        .args([
            "--no-owner",
            "--exit-on-error",
            "--dbname",
            &restored.url,
            dump_arg,
        ])
        .stdin(Stdio::null())
        .output()
        .expect("pg_restore runs (Debian's postgresql-client)");
    assert!(loaded.status.success(), "{}", said(&loaded));
    for (table, rows) in report["tables"].as_object().unwrap() {
        let there = restored.query(&format!("SELECT COUNT(*) FROM {table}"));
        assert_eq!(there[0][0], rows.to_string(), "{table}");
    }
    let finished: Vec<String> = restored
        .query("SELECT id FROM matches WHERE status = 'finished' ORDER BY number")
        .into_iter()
        .map(|row| row[0].clone())
        .collect();
    assert_eq!(finished.len() as u64, finished_then);
    assert!(finished.iter().all(|id| ids.contains(id)));

    let copied_key = dir.join("contest.dump.key");
    let second = Serve::start(&restored.url, &["--key-file", copied_key.to_str().unwrap()]);
    for id in &finished {
        let there = get_json(&http, format!("{}/api/matches/{id}", second.base)).await;
        let here = get_json(&http, format!("{}/api/matches/{id}", server.base)).await;
        assert_eq!(there["status"], "finished");
        assert_eq!(
            there["seats"], here["seats"],
            "{id} as the first server has it"
        );
    }
    let more = practice(&http, &second.base, &careful, 1).await;
    let played = ended(&http, &second.base, &more[0]).await;
    assert_eq!(played["status"], "finished", "{played}");
    assert!(played["seats"][0]["fault"].is_null(), "{played}");
    assert_eq!(
        bot.refused.load(Ordering::SeqCst),
        0,
        "no call was signed otherwise"
    );
    drop(second);
    drop(server);
    replays(&sample(&finished, 5), &restored.url);
}
