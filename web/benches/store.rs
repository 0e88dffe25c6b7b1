//! Do reads slow down as history grows? Fills a SQLite file with N finished, rated durak matches
//! (bulk INSERT … SELECT inside SQLite, in one transaction), starts the real server on it and
//! times the pages and API reads a visitor makes: a busy house bot's page (newest matches, its
//! practice matches, of which it has none, and its oldest page), the page of a bot whose few
//! matches are the oldest stored, a game's recent matches, the leaderboard, a match page. Prints
//! one JSON line per N.
//!
//! `cargo bench -p cardarena-web --bench store -- 10 1000000`

use std::time::{Duration, Instant};

use cardarena_engine::Game;
use cardarena_engine::games::durak::Durak;
use cardarena_engine::log;
use cardarena_engine::shuffle::rng;
use cardarena_store::{BotKind, NewBot, Store};
use cardarena_web::app::{ServeConfig, start};
use serde_json::json;

/// Requests timed per read; the median is reported.
const SAMPLES: usize = 30;
/// The deal every stored match replays (all share one real log).
const SEED: u64 = 2026;

fn main() {
    let counts: Vec<u64> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let counts = if counts.is_empty() {
        vec![10, 100_000]
    } else {
        counts
    };
    let runtime = tokio::runtime::Runtime::new().unwrap();
    for n in counts {
        runtime.block_on(bench(n));
    }
}

async fn bench(n: u64) {
    let dir = std::env::temp_dir().join(format!("cardarena-bench-store-{n}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let url = format!("sqlite://{}", dir.join("bench.db").display());
    let store = Store::open(&url).await.unwrap();
    let house: Vec<String> = {
        let mut ids = Vec::new();
        let durak = cardarena_contest::games::game("durak").unwrap();
        for h in durak.house_bots.iter().cycle().take(3) {
            ids.push(store.ensure_house_bot("durak", h).await.unwrap());
        }
        ids
    };
    let rare = NewBot {
        id: uuid::Uuid::new_v4().to_string(),
        name: "rare".into(),
        game: "durak".into(),
        kind: BotKind::Http {
            url: "http://127.0.0.1:9/".into(),
        },
        token_hash: None,
        secret_hash: None,
        ladder_players: None,
    };
    store.insert_bot(&rare).await.unwrap();
    let filled = Instant::now();
    fill(&url, n, &house, &rare.id).await;
    let fill_s = filled.elapsed().as_secs_f64();
    let bytes = std::fs::metadata(dir.join("bench.db")).map_or(0, |m| m.len())
        + std::fs::metadata(dir.join("bench.db-wal")).map_or(0, |m| m.len());

    let mut config = ServeConfig::new("127.0.0.1:0".parse().unwrap(), url.clone());
    config.ladder_interval = None;
    let running = start(config).await.unwrap();
    let base = format!("http://{}", running.addr);
    let client = reqwest::Client::new();
    let newest: String = sqlx::query_scalar("SELECT id FROM matches ORDER BY number DESC LIMIT 1")
        .fetch_one(&mut connect(&url).await)
        .await
        .unwrap();
    let mut times = serde_json::Map::new();
    for (name, path) in [
        ("house_bot_page", format!("/bots/{}", house[0])),
        (
            "house_bot_practice_page",
            format!("/bots/{}?kind=practice", house[0]),
        ),
        (
            "house_bot_oldest_page",
            format!("/bots/{}?before=10&per_page=100", house[0]),
        ),
        ("rare_bot_page", format!("/bots/{}", rare.id)),
        ("game_matches_page", "/matches?game=durak".to_string()),
        ("leaderboard_page", "/?game=durak".to_string()),
        ("leaderboard_api", "/api/leaderboard?game=durak".to_string()),
        ("match_page", format!("/matches/{newest}")),
    ] {
        times.insert(name.into(), json!(median_ms(&client, &base, &path).await));
    }
    println!(
        "{}",
        json!({"matches": n, "fill_s": fill_s, "db_bytes": bytes, "median_ms": times})
    );
    running.task.abort();
    drop(store);
    let _ = std::fs::remove_dir_all(&dir);
}

async fn connect(url: &str) -> sqlx::SqliteConnection {
    use sqlx::Connection;
    sqlx::SqliteConnection::connect(url).await.unwrap()
}

/// The median time of GET `path`, after one warm-up request.
async fn median_ms(client: &reqwest::Client, base: &str, path: &str) -> f64 {
    let get = || async {
        let started = Instant::now();
        let response = client.get(format!("{base}{path}")).send().await.unwrap();
        assert!(
            response.status().is_success(),
            "{path}: {}",
            response.status()
        );
        response.bytes().await.unwrap();
        started.elapsed()
    };
    get().await;
    let mut samples: Vec<Duration> = Vec::with_capacity(SAMPLES);
    for _ in 0..SAMPLES {
        samples.push(get().await);
    }
    samples.sort();
    samples[SAMPLES / 2].as_secs_f64() * 1000.0
}

/// Inserts `n` finished rated matches of three house bots, every one the same real deal and log,
/// and gives the rare bot seat 0 of the first ten only.
async fn fill(url: &str, n: u64, house: &[String], rare: &str) {
    let initial = Durak::new(&Default::default(), 3, SEED).unwrap();
    let mut game = initial.clone();
    let mut actions = Vec::new();
    let mut legal = Vec::new();
    let mut chooser = rng(SEED);
    while game.to_act().is_some() {
        game.legal_actions_into(&mut legal);
        let action = legal[cardarena_engine::shuffle::below(&mut chooser, legal.len())];
        game.apply(&action).unwrap();
        actions.push(action);
    }
    let blob = log::encode(&initial, &actions).unwrap();
    let mut conn = connect(url).await;
    let mut tx = sqlx::Connection::begin(&mut conn).await.unwrap();
    sqlx::query(
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1)
         INSERT INTO matches (number, id, game, options, seed, kind, rated, deadline_ms, status,
             created_at, started_at, finished_at, rating_seq, rules_version, log)
         SELECT i, printf('%08x-0000-4000-8000-%012x', i, i), 'durak',
             '{\"deck_number\":null,\"shuffle\":{\"kind\":\"uniform\"}}', ?2, 'ladder', 1, 1000,
             'finished', i, i, i, i, 1, ?3 FROM n",
    )
    .bind(n as i64)
    .bind(SEED as i64)
    .bind(&blob)
    .execute(&mut *tx)
    .await
    .unwrap();
    sqlx::query(
        "INSERT INTO seats (match_id, seat, bot_id, rank, score, mu_before, sigma_before,
             mu_after, sigma_after, match_number, match_kind)
         SELECT m.id, s.seat,
             CASE WHEN m.number <= 10 AND s.seat = 0 THEN ?4
                  WHEN (m.number + s.seat) % 3 = 0 THEN ?1
                  WHEN (m.number + s.seat) % 3 = 1 THEN ?2 ELSE ?3 END,
             s.seat + 1, 1.0 - s.seat / 2.0, 25.0, 8.3, 25.0 + s.seat, 8.0, m.number, 'ladder'
         FROM matches m, (SELECT 0 AS seat UNION ALL SELECT 1 UNION ALL SELECT 2) s",
    )
    .bind(&house[0])
    .bind(&house[1])
    .bind(&house[2])
    .bind(rare)
    .execute(&mut *tx)
    .await
    .unwrap();
    // Each rated seat is its bot's nth rated match, as the store numbers them when results come
    // (numbered in a keyed scratch table, as migration 0011 does).
    for statement in [
        "CREATE TEMP TABLE rated_order (match_id TEXT, seat INTEGER, n INTEGER,
                                        PRIMARY KEY (match_id, seat))",
        "INSERT INTO rated_order SELECT match_id, seat,
             ROW_NUMBER() OVER (PARTITION BY bot_id ORDER BY match_number) FROM seats",
        "UPDATE seats SET rated_nth = (SELECT r.n FROM rated_order r
             WHERE r.match_id = seats.match_id AND r.seat = seats.seat)",
        "DROP TABLE rated_order",
    ] {
        sqlx::query(statement).execute(&mut *tx).await.unwrap();
    }
    sqlx::query(
        "INSERT INTO ratings (bot_id, mu, sigma, matches, wins, faults)
         SELECT bot_id, 25.0, 8.0, COUNT(*), 0, 0 FROM seats GROUP BY bot_id",
    )
    .execute(&mut *tx)
    .await
    .unwrap();
    tx.commit().await.unwrap();
}
