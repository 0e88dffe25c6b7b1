//! The liveness and readiness probes, on the real binary and real databases: `/healthz` and
//! `/readyz` of `serve` on a SQLite file; `/readyz` turning 503 and naming `schema` when a newer
//! cardarena migrated the database; the probes left out of the request log; `cardarena
//! healthcheck`'s exit codes; and on PostgreSQL, `serve` and a worker's `--health-addr` both
//! naming the database (and the listener) while the database refuses connections, then ready
//! again once it takes them.

mod support;

#[allow(dead_code)]
use cardarena_testkit::postgres;

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;
use support::process::Process;

/// `cardarena healthcheck URL`'s exit code.
fn healthcheck(url: &str) -> i32 {
    Command::new(env!("CARGO_BIN_EXE_cardarena"))
        .args(["healthcheck", url, "--timeout-secs", "5"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .expect("the binary runs")
        .code()
        .expect("an exit code")
}

async fn probe(url: &str) -> (u16, Value) {
    let response = reqwest::get(url).await.expect("the probe answers");
    let status = response.status().as_u16();
    (status, response.json().await.expect("a JSON body"))
}

/// The names of the checks in a readiness report, and the failing ones.
fn names(report: &Value, key: &str) -> Vec<String> {
    let list = report[key].as_array().expect("a list");
    list.iter()
        .map(|item| {
            item.get("name")
                .unwrap_or(item)
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect()
}

/// Asks `url` until it answers `status`, for up to `within`; the last report.
async fn until_status(url: &str, status: u16, within: Duration) -> Value {
    let began = Instant::now();
    loop {
        let (got, report) = probe(url).await;
        if got == status {
            return report;
        }
        assert!(
            began.elapsed() < within,
            "{url} still answers {got} after {within:?}: {report}"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

#[tokio::test]
async fn serve_on_sqlite_is_live_and_ready_until_a_newer_schema_appears() {
    let dir = support::TempDb::new();
    let url = dir.url();
    let (_serve, base) = Process::start(
        &["serve", "--addr", "127.0.0.1:0", "--database-url", &url],
        "warn",
        "leaderboard: ",
    );
    let base = base.trim_end_matches('/').to_string();

    let (status, live) = probe(&format!("{base}/healthz")).await;
    assert_eq!(status, 200, "{live}");
    assert_eq!(live["status"], "ok");
    assert_eq!(live["role"], "serve");
    assert_eq!(live["version"], env!("CARGO_PKG_VERSION"));

    let ready = until_status(&format!("{base}/readyz"), 200, Duration::from_secs(10)).await;
    assert_eq!(ready["status"], "ready");
    assert_eq!(names(&ready, "checks"), ["database", "schema", "scheduler"]);
    assert!(names(&ready, "failing").is_empty());
    assert_eq!(healthcheck(&format!("{base}/readyz")), 0);

    // A newer cardarena on the same file migrates it past what this binary knows.
    let pool = sqlx::SqlitePool::connect(&url).await.unwrap();
    sqlx::query(
        "INSERT INTO _sqlx_migrations (version, description, success, checksum, execution_time)
         VALUES (99999, 'from a newer cardarena', 1, x'00', 0)",
    )
    .execute(&pool)
    .await
    .unwrap();
    pool.close().await;
    let report = until_status(&format!("{base}/readyz"), 503, Duration::from_secs(5)).await;
    assert_eq!(report["status"], "not_ready");
    assert_eq!(names(&report, "failing"), ["schema"]);
    let schema = &report["checks"][1];
    assert!(
        schema["detail"].as_str().unwrap().contains("99999"),
        "{schema}"
    );
    assert_eq!(healthcheck(&format!("{base}/readyz")), 1);
    // Liveness does not depend on the database.
    assert_eq!(healthcheck(&format!("{base}/healthz")), 0);
}

#[tokio::test]
async fn probes_stay_out_of_the_request_log_and_a_closed_port_is_unhealthy() {
    let dir = support::TempDb::new();
    let (serve, base) = Process::start(
        &[
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--database-url",
            &dir.url(),
        ],
        "warn,cardarena_web::request_log=debug",
        "leaderboard: ",
    );
    let base = base.trim_end_matches('/').to_string();
    for _ in 0..3 {
        assert_eq!(probe(&format!("{base}/readyz")).await.0, 200);
        assert_eq!(probe(&format!("{base}/healthz")).await.0, 200);
    }
    let games = reqwest::get(format!("{base}/api/games")).await.unwrap();
    assert_eq!(games.status(), 200);
    let log = serve.stop();
    assert!(log.contains("/api/games"), "the request log: {log}");
    assert!(!log.contains("/readyz"), "a probe was logged: {log}");
    assert!(!log.contains("/healthz"), "a probe was logged: {log}");

    let closed = support::closed_port_url().await;
    assert_eq!(healthcheck(&closed.replace("/bot", "/readyz")), 1);
}

#[tokio::test]
async fn on_postgres_the_server_and_a_worker_name_the_database_while_it_refuses_them() {
    let database = postgres::Database::new();
    let name = database.url.rsplit('/').next().unwrap().to_string();
    let admin = postgres::Database {
        url: database.url.replace(&name, "postgres"),
    };
    let key = tempfile_path("probes.key");
    let key_arg = key.to_str().unwrap();
    let (_serve, base) = Process::start(
        &[
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--database-url",
            &database.url,
            "--key-file",
            key_arg,
            "--no-ladder",
        ],
        "warn",
        "leaderboard: ",
    );
    let server = format!("{}/readyz", base.trim_end_matches('/'));
    let (_worker, health) = Process::start(
        &[
            "worker",
            "--database-url",
            &database.url,
            "--key-file",
            key_arg,
            "--health-addr",
            "127.0.0.1:0",
        ],
        "warn",
        "health: ",
    );
    let worker_base = health
        .split_whitespace()
        .next()
        .unwrap()
        .trim_end_matches(',')
        .trim_end_matches("/healthz")
        .to_string();
    let (status, live) = probe(&format!("{worker_base}/healthz")).await;
    assert_eq!((status, live["role"].as_str()), (200, Some("worker")));
    let worker = format!("{worker_base}/readyz");
    for url in [&server, &worker] {
        let ready = until_status(url, 200, Duration::from_secs(15)).await;
        assert_eq!(
            names(&ready, "checks"),
            ["database", "schema", "scheduler", "listener"],
            "{url}"
        );
    }
    // The worker serves the probes and nothing else.
    let other = reqwest::get(format!("{worker_base}/api/games"))
        .await
        .unwrap();
    assert_eq!(other.status(), 404);

    // The database refuses every connection, the superuser's too, and drops those it had.
    admin.query(&format!(
        "ALTER DATABASE {name} ALLOW_CONNECTIONS false; \
         SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '{name}'"
    ));
    for url in [&server, &worker] {
        let report = until_status(url, 503, Duration::from_secs(20)).await;
        let failing = names(&report, "failing");
        assert!(failing.contains(&"database".to_string()), "{url}: {report}");
        assert_eq!(healthcheck(url), 1);
    }
    // The API fails fast meanwhile: 503 database_unavailable, not a hang.
    let started = std::time::Instant::now();
    let bots = format!("{}/api/bots", base.trim_end_matches('/'));
    let answer = reqwest::get(bots).await.unwrap();
    let took = started.elapsed();
    assert_eq!(answer.status(), 503);
    assert_eq!(answer.headers()["retry-after"], "2");
    let body: serde_json::Value = answer.json().await.unwrap();
    assert_eq!(body["error"], "database_unavailable", "{body}");
    assert!(took < Duration::from_secs(4), "answered after {took:?}");
    admin.query(&format!("ALTER DATABASE {name} ALLOW_CONNECTIONS true"));
    for url in [&server, &worker] {
        until_status(url, 200, Duration::from_secs(30)).await;
        assert_eq!(healthcheck(url), 0);
    }
}

/// A path in a fresh temporary folder that lives as long as the test process.
fn tempfile_path(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("cardarena-probes-{}", uuid::Uuid::new_v4()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}
