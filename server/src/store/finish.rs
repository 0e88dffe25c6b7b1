//! The end of a match: its result, log and step record committed together with its rating
//! update and its bots' records of recent faults, or its failure.
//!
//! Results serialise only where the ratings need it. On PostgreSQL a result runs beside claims
//! and other results (`Writer::Result`); it takes the lock of each of its bots before it reads or
//! writes their rows, so the results of matches that share a bot are applied one after the other,
//! and a rated one takes the next `rating_seq` last, under the rating order's lock. Hence
//! `rating_seq` stays one sequence over the whole database, without gaps, and each bot's results
//! are numbered in the order they were applied to its rating: its chain read in `rating_seq`
//! order is unbroken. Results that share no bot may take their numbers in either order. What
//! runs under the bots' locks is kept to a few statements: every seat's rating in one, their
//! records in another.

use sqlx::Row;

use super::bot_health::record_health;
use super::leases::Lease;
use super::logs::write_log;
use super::matches::{FinishedSeat, MatchResult};
use super::timing::{PlayRecord, write_record};
use super::{Store, StoreError, Tx, Writer, now_ms};
use crate::rating::{Skill, rate};

impl Store {
    /// Stores a played match's result and log, adds it to its bots' records of recent faults and,
    /// for a rated match, updates the ratings, all in one transaction. A match that is no longer running (cancelled meanwhile, or finished
    /// already) is left as it is; returns whether the result was stored.
    pub async fn finish_match(&self, id: &str, result: &MatchResult) -> Result<bool, StoreError> {
        self.finish_match_recorded(id, None, result, &PlayRecord::default())
            .await
    }

    /// [`Store::finish_match`], keeping with the result how each step was played (`record`:
    /// answer times, and each fault's step and answer) in the same transaction.
    ///
    /// With a `lease`, the result is stored only if the match is still running under it: a
    /// process whose lease passed (its match taken back and played again, or being played, by
    /// another) has its result refused, so a match is finished once.
    pub async fn finish_match_recorded(
        &self,
        id: &str,
        lease: Option<&Lease>,
        result: &MatchResult,
        record: &PlayRecord,
    ) -> Result<bool, StoreError> {
        let mut tx = self.write_as(Writer::Result).await?;
        // The match is marked finished first, in one statement that checks it is still running
        // under the lease: of two processes finishing it at once, the second waits for the
        // first's row lock, then finds it finished and stores nothing.
        let row = sqlx::query(
            "UPDATE matches SET status = 'finished', finished_at = $1
             WHERE id = $2 AND status = 'running'
               AND ($3 = '' OR (worker = $3 AND attempt = $4))
             RETURNING rated, game",
        )
        .bind(now_ms())
        .bind(id)
        .bind(lease.map_or("", |l| l.worker.as_str()))
        .bind(lease.map_or(0, |l| i64::from(l.attempt)))
        .fetch_optional(&mut *tx)
        .await?;
        let Some(row) = row else {
            return Ok(false);
        };
        let rated = row.try_get::<i64, _>("rated")? != 0;
        let game: String = row.try_get("game")?;
        write_log(&mut tx, id, &result.actions, false).await?;
        for (seat, outcome) in result.seats.iter().enumerate() {
            let (kind, detail) = outcome.fault.clone().unzip();
            sqlx::query(
                "UPDATE seats SET rank = $1, score = $2, fault_kind = $3, fault_detail = $4
                 WHERE match_id = $5 AND seat = $6",
            )
            .bind(i64::from(outcome.rank))
            .bind(outcome.score)
            .bind(kind)
            .bind(detail)
            .bind(id)
            .bind(seat as i64)
            .execute(&mut *tx)
            .await?;
        }
        write_record(&mut tx, id, record).await?;
        let bot_ids: Vec<String> =
            sqlx::query_scalar("SELECT bot_id FROM seats WHERE match_id = $1 ORDER BY seat")
                .bind(id)
                .fetch_all(&mut *tx)
                .await?;
        // From here on this result reads and writes its bots' rows: it waits for the results of
        // other matches of the same bots, and holds them off until it commits.
        self.backend.lock_bots(&mut tx, id).await?;
        let moved = rated && rate_match(&mut tx, id, &game, &bot_ids, &result.seats).await?;
        count_for_versions(&mut tx, id).await?;
        record_health(&mut tx, id).await?;
        if moved {
            // Numbered last, so that the rating order's lock is held only for this statement
            // and the commit: each bot's results are numbered in the order they were applied.
            self.backend.lock_rating_seq(&mut tx).await?;
            sqlx::query(
                "UPDATE matches SET rating_seq =
                     (SELECT COALESCE(MAX(rating_seq), 0) + 1 FROM matches)
                 WHERE id = $1",
            )
            .bind(id)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(true)
    }

    /// Marks a running match as failed, with the reason; with a `lease`, only if it is still
    /// running under it.
    pub async fn fail_match(
        &self,
        id: &str,
        lease: Option<&Lease>,
        error: &str,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "UPDATE matches SET status = 'failed', error = $1, finished_at = $2
             WHERE id = $3 AND status = 'running'
               AND ($4 = '' OR (worker = $4 AND attempt = $5))",
        )
        .bind(error)
        .bind(now_ms())
        .bind(id)
        .bind(lease.map_or("", |l| l.worker.as_str()))
        .bind(lease.map_or(0, |l| i64::from(l.attempt)))
        .execute(&self.pool)
        .await?;
        Ok(())
    }
}

/// Counts the finished match `id` for the version of each contestant's bot that played it, in
/// one statement (it runs under the bots' locks).
async fn count_for_versions(tx: &mut Tx, id: &str) -> Result<(), StoreError> {
    sqlx::query(
        "UPDATE bot_versions SET matches = matches + 1
         WHERE (bot_id, version) IN
             (SELECT bot_id, version FROM seats WHERE match_id = $1 AND version IS NOT NULL)",
    )
    .bind(id)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Applies a finished rated match of `game`, seating `bot_ids` in seat order, to its bots'
/// ratings, inside the match's transaction (its bots locked); returns whether it moved them. A
/// match where one bot holds several seats moves no rating.
async fn rate_match(
    tx: &mut Tx,
    id: &str,
    game: &str,
    bot_ids: &[String],
    seats: &[FinishedSeat],
) -> Result<bool, StoreError> {
    let mut distinct = bot_ids.to_vec();
    distinct.sort();
    distinct.dedup();
    if distinct.len() != bot_ids.len() || bot_ids.len() != seats.len() {
        return Ok(false);
    }
    let rows = sqlx::query(
        "SELECT bot_id, mu, sigma FROM ratings
         WHERE bot_id IN (SELECT bot_id FROM seats WHERE match_id = $1)",
    )
    .bind(id)
    .fetch_all(&mut **tx)
    .await?;
    let mut known = std::collections::HashMap::with_capacity(rows.len());
    for row in &rows {
        let skill = Skill {
            mu: row.try_get("mu")?,
            sigma: row.try_get("sigma")?,
        };
        known.insert(row.try_get::<String, _>("bot_id")?, skill);
    }
    let before: Vec<Skill> = (bot_ids.iter())
        .map(|bot| known.get(bot).copied().unwrap_or(Skill::INITIAL))
        .collect();
    let ranks: Vec<u32> = seats.iter().map(|s| s.rank).collect();
    let partnerships = crate::games::game(game).is_some_and(|g| g.partnerships);
    let after = rate(&before, &ranks, partnerships);
    let draw = ranks.iter().all(|&r| r == 1);
    // Every seat's rating in one statement, and every seat's record of it in another: these
    // run under the bots' locks, so each round trip saved is one their other results do not
    // wait for. (The statements' text is made from the number of seats alone.)
    let mut upsert = sqlx::query(sqlx::AssertSqlSafe(upsert_ratings_sql(bot_ids.len())));
    for (seat, bot_id) in bot_ids.iter().enumerate() {
        let won = !draw && ranks[seat] == 1;
        upsert = upsert
            .bind(bot_id)
            .bind(after[seat].mu)
            .bind(after[seat].sigma)
            .bind(won as i64)
            .bind(seats[seat].fault.is_some() as i64);
    }
    let mut nth = std::collections::HashMap::with_capacity(bot_ids.len());
    for row in upsert.fetch_all(&mut **tx).await? {
        nth.insert(
            row.try_get::<String, _>("bot_id")?,
            row.try_get::<i64, _>("matches")?,
        );
    }
    let mut record = sqlx::query(sqlx::AssertSqlSafe(rated_seats_sql(bot_ids.len())));
    for (seat, bot_id) in bot_ids.iter().enumerate() {
        record = record
            .bind(before[seat].mu)
            .bind(before[seat].sigma)
            .bind(after[seat].mu)
            .bind(after[seat].sigma)
            .bind(nth.get(bot_id).copied().unwrap_or(0));
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
