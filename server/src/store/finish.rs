//! The end of a match: its result, log and step record committed together with its rating
//! update and its bots' records of recent faults, or its failure.
//!
//! Results serialise only where the ratings need it. On PostgreSQL a result runs beside claims
//! and other results (`Writer::Result`); it takes the lock of each of its bots before it reads or
//! writes their rows, so the results of matches that share a bot are applied one after the other,
//! and a rated one takes the next `rating_seq` last, from the rating order's counter, whose row
//! its update locks to the commit. Hence `rating_seq` stays one sequence over the whole database,
//! without gaps, and each bot's results are numbered in the order they were applied to its
//! rating: its chain read in `rating_seq` order is unbroken. Results that share no bot may take
//! their numbers in either order. Under the bots' locks a result runs four statements on
//! PostgreSQL (the locks, the ratings' read, every write at once, the number: `result_writes`).

use sqlx::Row;

use super::leases::Lease;
use super::logs::write_log;
use super::matches::{FinishedSeat, MatchResult};
use super::result_writes::{
    RatedNth, count_for_versions_sql, next_rating_seq_sql, postgres_number_sql,
    postgres_writes_sql, rated_seats_sql, recent_faults_binds, recent_faults_sql,
    upsert_ratings_sql,
};
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
        let rating = match rated {
            true => read_rating(&mut tx, id, &game, &bot_ids, &result.seats).await?,
            false => None,
        };
        if self.backend.shared() {
            write_at_once(&mut tx, id, rating.as_ref()).await?;
        } else {
            write_one_by_one(&mut tx, id, rating.as_ref()).await?;
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

/// A rated result's move of its bots' ratings, seat by seat.
struct Rating {
    bot_ids: Vec<String>,
    before: Vec<Skill>,
    after: Vec<Skill>,
    won: Vec<bool>,
    faulted: Vec<bool>,
}

/// Reads the ratings of the bots seated in the finished rated match `id` of `game` (`bot_ids` in
/// seat order) and works out their move, inside the match's transaction (its bots locked);
/// `None` when it moves none: a match where one bot holds several seats.
async fn read_rating(
    tx: &mut Tx,
    id: &str,
    game: &str,
    bot_ids: &[String],
    seats: &[FinishedSeat],
) -> Result<Option<Rating>, StoreError> {
    let mut distinct = bot_ids.to_vec();
    distinct.sort();
    distinct.dedup();
    if distinct.len() != bot_ids.len() || bot_ids.len() != seats.len() {
        return Ok(None);
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
    Ok(Some(Rating {
        bot_ids: bot_ids.to_vec(),
        before,
        after,
        won: ranks.iter().map(|&r| !draw && r == 1).collect(),
        faulted: seats.iter().map(|s| s.fault.is_some()).collect(),
    }))
}

/// PostgreSQL: every write of the result under its bots' locks in one statement
/// ([`postgres_writes_sql`]), then its number in another ([`postgres_number_sql`]), rather than
/// a round trip for each.
async fn write_at_once(tx: &mut Tx, id: &str, rating: Option<&Rating>) -> Result<(), StoreError> {
    let sql = postgres_writes_sql(rating.map(|r| r.bot_ids.len()));
    let (mask, len) = recent_faults_binds();
    let mut query = sqlx::query(sqlx::AssertSqlSafe(sql))
        .bind(id)
        .bind(mask)
        .bind(len);
    if let Some(rating) = rating {
        query = bind_upsert(query, rating);
        for seat in 0..rating.bot_ids.len() {
            query = bind_skills(query, rating, seat);
        }
    }
    query.execute(&mut **tx).await?;
    if rating.is_some() {
        sqlx::query(sqlx::AssertSqlSafe(postgres_number_sql()))
            .bind(id)
            .execute(&mut **tx)
            .await?;
    }
    Ok(())
}

/// SQLite, whose one writer holds every lock already: the same writes one by one.
async fn write_one_by_one(
    tx: &mut Tx,
    id: &str,
    rating: Option<&Rating>,
) -> Result<(), StoreError> {
    if let Some(rating) = rating {
        let n = rating.bot_ids.len();
        let upsert = sqlx::query(sqlx::AssertSqlSafe(upsert_ratings_sql(n, 1)));
        let mut nth = std::collections::HashMap::with_capacity(n);
        for row in bind_upsert(upsert, rating).fetch_all(&mut **tx).await? {
            nth.insert(
                row.try_get::<String, _>("bot_id")?,
                row.try_get::<i64, _>("matches")?,
            );
        }
        let recorded = rated_seats_sql(n, 2, 1, RatedNth::Bound);
        let mut record = sqlx::query(sqlx::AssertSqlSafe(recorded)).bind(id);
        for (seat, bot_id) in rating.bot_ids.iter().enumerate() {
            record = bind_skills(record, rating, seat).bind(nth.get(bot_id).copied().unwrap_or(0));
        }
        record.execute(&mut **tx).await?;
        let seq: i64 = sqlx::query_scalar(next_rating_seq_sql())
            .fetch_one(&mut **tx)
            .await?;
        sqlx::query("UPDATE matches SET rating_seq = $1 WHERE id = $2")
            .bind(seq)
            .bind(id)
            .execute(&mut **tx)
            .await?;
    }
    sqlx::query(sqlx::AssertSqlSafe(count_for_versions_sql(1)))
        .bind(id)
        .execute(&mut **tx)
        .await?;
    let (mask, len) = recent_faults_binds();
    sqlx::query(sqlx::AssertSqlSafe(recent_faults_sql(1, 2, 3)))
        .bind(id)
        .bind(mask)
        .bind(len)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// A statement of the result's writes, being bound.
type Query<'q> = sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments>;

/// Binds the ratings' upsert ([`upsert_ratings_sql`]): five binds a seat.
fn bind_upsert<'q>(mut query: Query<'q>, rating: &Rating) -> Query<'q> {
    for (seat, bot_id) in rating.bot_ids.iter().enumerate() {
        query = query
            .bind(bot_id.clone())
            .bind(rating.after[seat].mu)
            .bind(rating.after[seat].sigma)
            .bind(rating.won[seat] as i64)
            .bind(rating.faulted[seat] as i64);
    }
    query
}

/// Binds one seat's ratings before and after in the seats' record ([`rated_seats_sql`]).
fn bind_skills<'q>(query: Query<'q>, rating: &Rating, seat: usize) -> Query<'q> {
    query
        .bind(rating.before[seat].mu)
        .bind(rating.before[seat].sigma)
        .bind(rating.after[seat].mu)
        .bind(rating.after[seat].sigma)
}
