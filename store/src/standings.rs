//! Leaderboards and rating histories.

use sqlx::Row;
use sqlx::any::AnyRow;

use super::{Store, StoreError};
use cardarena_rating::Skill;

/// One row of a game's leaderboard.
#[derive(Debug, Clone, PartialEq)]
pub struct LeaderRow {
    /// The bot's id.
    pub bot_id: String,
    /// The bot's name.
    pub name: String,
    /// Its skill estimate.
    pub skill: Skill,
    /// Rated matches played.
    pub matches: u64,
    /// Rated matches won (first place in a match that was not a draw).
    pub wins: u64,
    /// Rated matches in which it faulted, ever.
    pub faults: u64,
    /// Faulted matches among its last [`super::RECENT_MATCHES`] ladder and tournament matches.
    pub recent_faults: u32,
    /// How many of those there are (at most [`super::RECENT_MATCHES`]).
    pub recent_matches: u32,
}

/// A bot's rating after one of its rated matches.
#[derive(Debug, Clone, PartialEq)]
pub struct RatingPoint {
    /// Which of the bot's rated matches it was: 1, 2, … in the order they moved its rating.
    pub nth: u64,
    /// The version of the bot that played it (`None` for house bots and people).
    pub version: Option<u32>,
    /// The skill after the match.
    pub skill: Skill,
}

fn leader_row(r: &AnyRow) -> Result<LeaderRow, StoreError> {
    Ok(LeaderRow {
        bot_id: r.try_get("id")?,
        name: r.try_get("name")?,
        skill: Skill {
            mu: r.try_get("mu")?,
            sigma: r.try_get("sigma")?,
        },
        matches: r.try_get::<i64, _>("matches")? as u64,
        wins: r.try_get::<i64, _>("wins")? as u64,
        faults: r.try_get::<i64, _>("faults")? as u64,
        recent_faults: (r.try_get::<i64, _>("recent_faults")? as u64).count_ones(),
        recent_matches: r.try_get::<i64, _>("recent_matches")? as u32,
    })
}

impl Store {
    /// The leaderboard of a game: every live bot with a rated match that is not disqualified,
    /// best conservative rating first.
    pub async fn leaderboard(&self, game: &str) -> Result<Vec<LeaderRow>, StoreError> {
        sqlx::query(
            "SELECT b.id, b.name, r.mu, r.sigma, r.matches, r.wins, r.faults, b.recent_faults,
                    b.recent_matches
             FROM ratings r JOIN bots b ON b.id = r.bot_id
             WHERE b.game = $1 AND b.deleted_at IS NULL
               AND (b.organiser_hold IS NULL OR b.organiser_hold <> 'disqualified')
             ORDER BY r.mu - 3 * r.sigma DESC, b.name",
        )
        .bind(game)
        .fetch_all(&self.pool)
        .await?
        .iter()
        .map(leader_row)
        .collect()
    }

    /// A bot's current rating row, if it has played a rated match.
    pub async fn rating_of(&self, bot_id: &str) -> Result<Option<LeaderRow>, StoreError> {
        let row = sqlx::query(
            "SELECT b.id, b.name, r.mu, r.sigma, r.matches, r.wins, r.faults, b.recent_faults,
                    b.recent_matches
             FROM ratings r JOIN bots b ON b.id = r.bot_id WHERE b.id = $1",
        )
        .bind(bot_id)
        .fetch_optional(&self.pool)
        .await?;
        row.as_ref().map(leader_row).transpose()
    }

    /// A bot's rating over its whole rated history, oldest first, in at most `points` points:
    /// the range of match numbers the bot played in is cut into `points` equal parts and the last
    /// rated match of each part is taken, each one seek of the index `seats_by_bot (bot_id,
    /// match_number)` walked back to the nearest rated seat. So the cost follows `points`, not
    /// the history's length (a history shorter than `points` is read whole).
    pub async fn rating_chart(
        &self,
        bot_id: &str,
        points: u32,
    ) -> Result<Vec<RatingPoint>, StoreError> {
        let row = sqlx::query(
            "SELECT (SELECT MIN(match_number) FROM seats WHERE bot_id = $1) AS lo,
                    (SELECT MAX(match_number) FROM seats WHERE bot_id = $1) AS hi",
        )
        .bind(bot_id)
        .fetch_one(&self.pool)
        .await?;
        let (lo, hi): (Option<i64>, Option<i64>) = (row.try_get("lo")?, row.try_get("hi")?);
        let (Some(lo), Some(hi)) = (lo, hi) else {
            return Ok(Vec::new());
        };
        let parts = i64::from(points.max(1));
        let step = ((hi - lo + 1) + parts - 1) / parts;
        sqlx::query(
            // `picked CROSS JOIN seats` keeps the few picked numbers the outer loop on SQLite,
            // which would otherwise walk the bot's every seat and look for it among the picks.
            "WITH RECURSIVE part(i) AS (
                 SELECT CAST(0 AS BIGINT) UNION ALL SELECT i + 1 FROM part WHERE i + 1 < $4),
             picked(num) AS (
                 SELECT (SELECT t.match_number FROM seats t
                         WHERE t.bot_id = $1 AND t.mu_after IS NOT NULL
                           AND t.match_number >= $2 + part.i * $3
                           AND t.match_number < $2 + (part.i + 1) * $3
                         ORDER BY t.match_number DESC LIMIT 1)
                 FROM part)
             SELECT s.rated_nth, s.version, s.mu_after, s.sigma_after
             FROM picked CROSS JOIN seats s
             WHERE s.bot_id = $1 AND s.match_number = picked.num AND s.rated_nth IS NOT NULL
             ORDER BY s.rated_nth",
        )
        .bind(bot_id)
        .bind(lo)
        .bind(step)
        .bind(parts)
        .fetch_all(&self.pool)
        .await?
        .iter()
        .map(|r| {
            Ok(RatingPoint {
                nth: r.try_get::<i64, _>("rated_nth")? as u64,
                version: r.try_get::<Option<i64>, _>("version")?.map(|v| v as u32),
                skill: Skill {
                    mu: r.try_get("mu_after")?,
                    sigma: r.try_get("sigma_after")?,
                },
            })
        })
        .collect()
    }
}
