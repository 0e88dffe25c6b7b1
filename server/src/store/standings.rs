//! Leaderboards and rating histories.

use sqlx::Row;
use sqlx::any::AnyRow;

use super::{Store, StoreError};
use crate::rating::Skill;

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

/// A bot's rating after one rated match.
#[derive(Debug, Clone, PartialEq)]
pub struct RatingPoint {
    /// The match's place in the order ratings were applied.
    pub seq: u64,
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
    /// The leaderboard of a game: every live bot with a rated match, best conservative rating
    /// first.
    pub async fn leaderboard(&self, game: &str) -> Result<Vec<LeaderRow>, StoreError> {
        sqlx::query(
            "SELECT b.id, b.name, r.mu, r.sigma, r.matches, r.wins, r.faults, b.recent_faults,
                    b.recent_matches
             FROM ratings r JOIN bots b ON b.id = r.bot_id
             WHERE b.game = $1 AND b.deleted_at IS NULL
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

    /// A bot's rating after each of its rated matches, oldest first (at most the last `limit`).
    /// The matches are the bot's `limit` newest rated ones by creation, read from the index
    /// `seats_by_bot (bot_id, match_number)` so that a long history costs nothing, then put in the
    /// order they moved the ratings.
    pub async fn rating_history(
        &self,
        bot_id: &str,
        limit: u32,
    ) -> Result<Vec<RatingPoint>, StoreError> {
        let mut points = sqlx::query(
            "SELECT m.rating_seq, s.mu_after, s.sigma_after FROM seats s
             JOIN matches m ON m.id = s.match_id
             WHERE s.bot_id = $1 AND s.mu_after IS NOT NULL AND m.rating_seq IS NOT NULL
             ORDER BY s.match_number DESC LIMIT $2",
        )
        .bind(bot_id)
        .bind(i64::from(limit))
        .fetch_all(&self.pool)
        .await?
        .iter()
        .map(|r| {
            Ok(RatingPoint {
                seq: r.try_get::<i64, _>("rating_seq")? as u64,
                skill: Skill {
                    mu: r.try_get("mu_after")?,
                    sigma: r.try_get("sigma_after")?,
                },
            })
        })
        .collect::<Result<Vec<_>, StoreError>>()?;
        points.sort_by_key(|p| p.seq);
        Ok(points)
    }
}
