//! The ladder's ratings against the real thing: the server on a loopback port with a temporary
//! SQLite file and real HTTP bots on loopback; a ladder match of partnerships rated with each
//! partnership as one team, as the rating function says from the stored places, and the ladder
//! rating its bots into the leaderboard's order.

use crate::support;

use cardarena_rating::{Skill, rate};
use reqwest::StatusCode;
use sqlx::Row;
use support::{Server, TempDb, config, test_bots};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_ladder_match_of_partnerships_rates_each_partnership_as_one_team() {
    let db = TempDb::new();
    let mut config = config(&db);
    config.ladder_interval = Some(std::time::Duration::from_millis(20));
    let server = Server::start(config).await;
    let bots = test_bots().await;
    server
        .register_for("fifty-six", "partnered", &bots.url("/good"))
        .await;
    let pool = sqlx::SqlitePool::connect(&db.url()).await.unwrap();
    let mut rated = None;
    for _ in 0..600 {
        rated = sqlx::query_scalar::<_, String>(
            "SELECT id FROM matches WHERE game = 'fifty-six' AND rating_seq IS NOT NULL LIMIT 1",
        )
        .fetch_optional(&pool)
        .await
        .unwrap();
        if rated.is_some() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    let id = rated.expect("a rated fifty-six ladder match");
    let seats = sqlx::query(
        "SELECT rank, mu_before, sigma_before, mu_after, sigma_after FROM seats
         WHERE match_id = ? ORDER BY seat",
    )
    .bind(&id)
    .fetch_all(&pool)
    .await
    .unwrap();
    let skill = |row: &sqlx::sqlite::SqliteRow, mu: &str, sigma: &str| Skill {
        mu: row.get(mu),
        sigma: row.get(sigma),
    };
    let before: Vec<Skill> = seats
        .iter()
        .map(|r| skill(r, "mu_before", "sigma_before"))
        .collect();
    let ranks: Vec<u32> = seats
        .iter()
        .map(|r| r.get::<i64, _>("rank") as u32)
        .collect();
    let expected = rate(&before, &ranks, true);
    for (row, want) in seats.iter().zip(&expected) {
        let got = skill(row, "mu_after", "sigma_after");
        assert!(
            (got.mu - want.mu).abs() < 1e-9 && (got.sigma - want.sigma).abs() < 1e-9,
            "{got:?} {want:?}"
        );
    }
    assert_ne!(
        expected,
        rate(&before, &ranks, false),
        "team rating differs from seat rating"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_ladder_rates_bots_and_the_leaderboard_orders_them() {
    let db = TempDb::new();
    let mut config = config(&db);
    config.ladder_interval = Some(std::time::Duration::from_millis(20));
    config.ladder_expert = true;
    let server = Server::start(config).await;
    let bots = test_bots().await;
    let bot = server.register("laddered", &bots.url("/good")).await;
    let mut rows = Vec::new();
    for _ in 0..600 {
        let (status, board) = server.get("/api/leaderboard?game=durak").await;
        assert_eq!(status, StatusCode::OK);
        rows = board["rows"].as_array().unwrap().clone();
        let ours = rows.iter().find(|r| r["bot_id"] == bot["id"]);
        if ours.is_some_and(|r| r["matches"].as_u64() >= Some(3)) && rows.len() >= 3 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert!(rows.iter().any(|r| r["bot_id"] == bot["id"]), "{rows:?}");
    // The expert plays the ladder at its default budget only: a row of a budget of its own
    // (`expert:5@durak`) plays where it is named.
    assert!(
        rows.iter()
            .all(|r| !r["name"].as_str().unwrap().starts_with("expert:")),
        "{rows:?}"
    );
    let ratings: Vec<f64> = rows.iter().map(|r| r["rating"].as_f64().unwrap()).collect();
    assert!(
        ratings.windows(2).all(|w| w[0] >= w[1]),
        "ordered by rating: {ratings:?}"
    );
    for row in &rows {
        let (mu, sigma) = (row["mu"].as_f64().unwrap(), row["sigma"].as_f64().unwrap());
        assert!((row["rating"].as_f64().unwrap() - (mu - 3.0 * sigma)).abs() < 1e-9);
        assert!(row["wins"].as_u64() <= row["matches"].as_u64());
    }
    let (status, answer) = server.get("/api/leaderboard?game=chess").await;
    assert_eq!(
        (status, answer["error"].as_str()),
        (StatusCode::BAD_REQUEST, Some("unknown_game"))
    );
    let (status, answer) = server.get("/api/leaderboard").await;
    assert_eq!(
        (status, answer["error"].as_str()),
        (StatusCode::BAD_REQUEST, Some("missing_game"))
    );
}
