//! The rating pass: applies the results of rated matches to their bots' ratings, one pass at a
//! time over the whole database, in the order it finds them.
//!
//! A rated match's result is stored with `rating_due = 1` and does not touch a rating. The pass
//! runs under the rating lock, which no transaction ever waits for: a result takes it if it is
//! free and runs the pass inside its own transaction (on SQLite, and in a quiet contest, it
//! always is free, so the result and its rating commit together). Once the result has committed,
//! its process runs passes again while results are due and the lock is free. Either that finds
//! the lock free, and its pass applies the result, or another transaction holds it; that holder
//! looks again once it has let go, which is after this result committed, and applies it then.
//! Only a process that stops between its commit and its look leaves results due: every process
//! sweeps for them each second ([`Store::rate_due`]).
//!
//! Each pass reads every due result, oldest finish first, applies each in turn to its bots'
//! ratings, numbers it with the next `rating_seq` and clears its flag. So `rating_seq` stays one
//! sequence without gaps, each bot's chain follows it, and no result waits for another's rating:
//! results of matches that share a bot (a house bot seated in every other match) are stored side
//! by side, and one pass applies as many as have come in.

use std::collections::HashMap;

use sqlx::Row;

use super::backend::Backend;
use super::{Store, StoreError, Tx, Writer};
use cardarena_rating::{Skill, rate};

/// The most due results one pass reads at a time; it reads again until none is left.
const PASS_BATCH: i64 = 256;

impl Store {
    /// Runs rating passes, each in a transaction of its own, while rated results are due and no
    /// other transaction holds the rating lock; returns how many results it applied. The
    /// scheduler's sweep calls it each second.
    pub async fn rate_due(&self) -> Result<usize, StoreError> {
        let mut applied = 0;
        while self.ratings_due().await? {
            let mut tx = self.write_as(Writer::Result).await?;
            if !self.backend.try_lock_ratings(&mut tx).await? {
                break;
            }
            applied += apply_due(&mut tx).await?;
            tx.commit().await?;
        }
        Ok(applied)
    }

    /// Whether any rated result waits for the rating pass.
    pub async fn ratings_due(&self) -> Result<bool, StoreError> {
        let due: Option<i64> =
            sqlx::query_scalar("SELECT 1 FROM matches WHERE rating_due = 1 LIMIT 1")
                .fetch_optional(&self.pool)
                .await?;
        Ok(due.is_some())
    }

    /// After a rated result has committed: applies what is due ([`Store::rate_due`]). On SQLite
    /// every result's own transaction ran the pass. A pass that fails leaves its results due for
    /// the next one or the sweep.
    pub(super) async fn follow_up_passes(&self) {
        if self.backend == Backend::Sqlite {
            return;
        }
        if let Err(e) = self.rate_due().await {
            tracing::warn!("a rating pass failed; its results stay due for the next: {e}");
        }
    }
}

/// Inside a result's transaction: runs the pass there if the rating lock is free (if not, the
/// result is applied by a pass after it commits).
pub(super) async fn rate_if_free(backend: Backend, tx: &mut Tx) -> Result<(), StoreError> {
    if backend.try_lock_ratings(tx).await? {
        apply_due(tx).await?;
    }
    Ok(())
}

/// Applies every due result, oldest first, in the transaction `tx` holding the rating lock.
async fn apply_due(tx: &mut Tx) -> Result<usize, StoreError> {
    let mut applied = 0;
    loop {
        // With the last number taken, read under the lock: no other pass takes one meanwhile.
        let due = sqlx::query(
            "SELECT id, game, (SELECT COALESCE(MAX(rating_seq), 0) FROM matches) AS last_seq
             FROM matches WHERE rating_due = 1 ORDER BY finished_at, number LIMIT $1",
        )
        .bind(PASS_BATCH)
        .fetch_all(&mut **tx)
        .await?;
        let mut last_seq = match due.first() {
            Some(row) => row.try_get::<i64, _>("last_seq")?,
            None => return Ok(applied),
        };
        for row in &due {
            let id: String = row.try_get("id")?;
            let game: String = row.try_get("game")?;
            let seq = match apply_one(tx, &id, &game).await? {
                true => {
                    last_seq += 1;
                    Some(last_seq)
                }
                false => None,
            };
            sqlx::query("UPDATE matches SET rating_due = 0, rating_seq = $1 WHERE id = $2")
                .bind(seq)
                .bind(&id)
                .execute(&mut **tx)
                .await?;
        }
        applied += due.len();
        if (due.len() as i64) < PASS_BATCH {
            return Ok(applied);
        }
    }
}

/// One seat of a due result: its bot, its place, whether it faulted and its bot's rating so far.
struct DueSeat {
    bot_id: String,
    rank: u32,
    faulted: bool,
    before: Skill,
}

/// Applies the finished rated match `id` of `game` to its bots' ratings; returns whether it moved
/// them. A match where one bot holds several seats moves no rating.
async fn apply_one(tx: &mut Tx, id: &str, game: &str) -> Result<bool, StoreError> {
    let rows = sqlx::query(
        "SELECT s.bot_id, s.rank,
             CAST(CASE WHEN s.fault_kind IS NULL THEN 0 ELSE 1 END AS BIGINT) AS faulted,
             r.mu, r.sigma
         FROM seats s LEFT JOIN ratings r ON r.bot_id = s.bot_id
         WHERE s.match_id = $1 ORDER BY s.seat",
    )
    .bind(id)
    .fetch_all(&mut **tx)
    .await?;
    let mut seats = Vec::with_capacity(rows.len());
    for row in &rows {
        let mu: Option<f64> = row.try_get("mu")?;
        let sigma: Option<f64> = row.try_get("sigma")?;
        seats.push(DueSeat {
            bot_id: row.try_get("bot_id")?,
            rank: row.try_get::<Option<i64>, _>("rank")?.unwrap_or(0) as u32,
            faulted: row.try_get::<i64, _>("faulted")? != 0,
            before: match (mu, sigma) {
                (Some(mu), Some(sigma)) => Skill { mu, sigma },
                _ => Skill::INITIAL,
            },
        });
    }
    let mut distinct: Vec<&str> = seats.iter().map(|s| s.bot_id.as_str()).collect();
    distinct.sort_unstable();
    distinct.dedup();
    if distinct.len() != seats.len() || seats.is_empty() {
        return Ok(false);
    }
    let before: Vec<Skill> = seats.iter().map(|s| s.before).collect();
    let ranks: Vec<u32> = seats.iter().map(|s| s.rank).collect();
    let partnerships = cardarena_engine::catalog::facts(game).is_some_and(|g| g.partnerships);
    let after = rate(&before, &ranks, partnerships);
    let draw = ranks.iter().all(|&r| r == 1);
    // Every seat's rating in one statement, and every seat's record of it in another (the
    // statements' text is made from the number of seats alone).
    let mut upsert = sqlx::query(sqlx::AssertSqlSafe(upsert_ratings_sql(seats.len())));
    for (seat, due) in seats.iter().enumerate() {
        let won = !draw && ranks[seat] == 1;
        upsert = upsert
            .bind(&due.bot_id)
            .bind(after[seat].mu)
            .bind(after[seat].sigma)
            .bind(won as i64)
            .bind(due.faulted as i64);
    }
    let mut nth = HashMap::with_capacity(seats.len());
    for row in upsert.fetch_all(&mut **tx).await? {
        nth.insert(
            row.try_get::<String, _>("bot_id")?,
            row.try_get::<i64, _>("matches")?,
        );
    }
    let mut record = sqlx::query(sqlx::AssertSqlSafe(rated_seats_sql(seats.len())));
    for (seat, due) in seats.iter().enumerate() {
        record = record
            .bind(before[seat].mu)
            .bind(before[seat].sigma)
            .bind(after[seat].mu)
            .bind(after[seat].sigma)
            .bind(nth.get(&due.bot_id).copied().unwrap_or(0));
    }
    record.bind(id).execute(&mut **tx).await?;
    Ok(true)
}

/// The upsert of `n` seats' ratings (five binds a seat: bot, mu, sigma, won, faulted), returning
/// each bot's count of rated matches.
fn upsert_ratings_sql(n: usize) -> String {
    let rows: Vec<String> = (0..n)
        .map(|k| {
            let b = 5 * k;
            format!(
                "(${}, ${}, ${}, 1, ${}, ${})",
                b + 1,
                b + 2,
                b + 3,
                b + 4,
                b + 5
            )
        })
        .collect();
    format!(
        "INSERT INTO ratings (bot_id, mu, sigma, matches, wins, faults) VALUES {}
         ON CONFLICT (bot_id) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma,
             matches = ratings.matches + 1, wins = ratings.wins + excluded.wins,
             faults = ratings.faults + excluded.faults
         RETURNING bot_id, matches",
        rows.join(", ")
    )
}

/// The update of `n` seats' ratings before and after and their bots' counts (five binds a seat,
/// in seat order: mu and sigma before, after, the count), then the match's id.
fn rated_seats_sql(n: usize) -> String {
    let column = |offset: usize| {
        let arms: Vec<String> = (0..n)
            .map(|seat| format!("WHEN {seat} THEN ${}", 5 * seat + offset))
            .collect();
        format!("CASE seat {} END", arms.join(" "))
    };
    format!(
        "UPDATE seats SET mu_before = {}, sigma_before = {}, mu_after = {}, sigma_after = {},
             rated_nth = {}
         WHERE match_id = ${}",
        column(1),
        column(2),
        column(3),
        column(4),
        column(5),
        5 * n + 1
    )
}
