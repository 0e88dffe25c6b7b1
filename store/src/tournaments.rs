//! Tournaments: their stages, entries and skipped bots, and the results of a stage's matches.

use serde_json::Value;
use sqlx::Row;
use sqlx::any::AnyRow;

use super::matches::{NewMatch, insert_matches};
use super::{Store, StoreError, now_ms};
use crate::results::SeatResult;

/// A stored tournament.
#[derive(Debug, Clone, PartialEq)]
pub struct TournamentRecord {
    /// Its id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// The game played.
    pub game: String,
    /// The stages as the organiser gave them (checked).
    pub stages: Value,
    /// "open" (taking entries), "running" or "finished".
    pub status: String,
    /// The stage started last.
    pub current_stage: Option<u32>,
    /// Whether stages start by themselves.
    pub auto_advance: bool,
    /// When it was created, Unix ms.
    pub created_at: i64,
}

/// A started stage.
#[derive(Debug, Clone, PartialEq)]
pub struct StageRecord {
    /// The bots that play it, in qualifying order.
    pub entrants: Vec<String>,
    /// When it ended, Unix ms, if it has.
    pub finished_at: Option<i64>,
}

/// How many of a stage's matches are in each status.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct StageCounts {
    /// Waiting to be played.
    pub queued: u64,
    /// Being played.
    pub running: u64,
    /// Played to the end.
    pub finished: u64,
    /// Not playable (never a bot's doing).
    pub failed: u64,
    /// Dropped (a skipped bot's matches).
    pub cancelled: u64,
}

/// A finished match of a stage, as its standings read it.
#[derive(Debug, Clone, PartialEq)]
pub struct StageMatch {
    /// Its place among all the stage's matches (finished or not) in the order they were laid
    /// out, from 0.
    pub position: usize,
    /// The entrant it was played for, where stored (see [`super::StageRef::entrant`]).
    pub entrant: Option<String>,
    /// Its seats in seat order.
    pub seats: Vec<SeatResult>,
}

fn tournament_record(row: &AnyRow) -> Result<TournamentRecord, StoreError> {
    let stages: String = row.try_get("stages")?;
    Ok(TournamentRecord {
        id: row.try_get("id")?,
        name: row.try_get("name")?,
        game: row.try_get("game")?,
        stages: serde_json::from_str(&stages)
            .map_err(|e| StoreError::Corrupt(format!("tournament stages: {e}")))?,
        status: row.try_get("status")?,
        current_stage: row
            .try_get::<Option<i64>, _>("current_stage")?
            .map(|s| s as u32),
        auto_advance: row.try_get::<i64, _>("auto_advance")? != 0,
        created_at: row.try_get("created_at")?,
    })
}

impl Store {
    /// Stores a new tournament, open for entries.
    pub async fn insert_tournament(
        &self,
        id: &str,
        name: &str,
        game: &str,
        stages: &Value,
        auto_advance: bool,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO tournaments (id, name, game, stages, status, auto_advance, created_at)
             VALUES ($1, $2, $3, $4, 'open', $5, $6)",
        )
        .bind(id)
        .bind(name)
        .bind(game)
        .bind(stages.to_string())
        .bind(i64::from(auto_advance))
        .bind(now_ms())
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The tournament with this id.
    pub async fn tournament(&self, id: &str) -> Result<Option<TournamentRecord>, StoreError> {
        let row = sqlx::query("SELECT * FROM tournaments WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        row.as_ref().map(tournament_record).transpose()
    }

    /// Every tournament, newest first.
    pub async fn tournaments(&self) -> Result<Vec<TournamentRecord>, StoreError> {
        sqlx::query("SELECT * FROM tournaments ORDER BY created_at DESC, id")
            .fetch_all(&self.pool)
            .await?
            .iter()
            .map(tournament_record)
            .collect()
    }

    /// The tournaments not finished yet that the bot is entered in, oldest first.
    pub async fn entered_tournaments(
        &self,
        bot_id: &str,
    ) -> Result<Vec<TournamentRecord>, StoreError> {
        sqlx::query(
            "SELECT t.* FROM tournaments t JOIN tournament_entries e ON e.tournament_id = t.id
             WHERE e.bot_id = $1 AND t.status != 'finished' ORDER BY t.created_at, t.id",
        )
        .bind(bot_id)
        .fetch_all(&self.pool)
        .await?
        .iter()
        .map(tournament_record)
        .collect()
    }

    /// Enters a bot; false if it was entered already. Each entry takes the tournament's next
    /// `seq` (in a write transaction, so two entries never share one), its place among entries
    /// that joined in the same millisecond.
    pub async fn add_entry(&self, tournament_id: &str, bot_id: &str) -> Result<bool, StoreError> {
        let mut tx = self.write().await?;
        let done = sqlx::query(
            "INSERT INTO tournament_entries (tournament_id, bot_id, joined_at, seq)
             SELECT $1, $2, $3, COALESCE(MAX(seq), 0) + 1 FROM tournament_entries
             WHERE tournament_id = $1
             ON CONFLICT DO NOTHING",
        )
        .bind(tournament_id)
        .bind(bot_id)
        .bind(now_ms())
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(done.rows_affected() == 1)
    }

    /// The entries, as (bot id, name), in the order they joined (entries of the same
    /// millisecond in the order they were stored, by `seq`).
    pub async fn entries(&self, tournament_id: &str) -> Result<Vec<(String, String)>, StoreError> {
        let rows = sqlx::query(
            "SELECT e.bot_id, b.name FROM tournament_entries e JOIN bots b ON b.id = e.bot_id
             WHERE e.tournament_id = $1 ORDER BY e.joined_at, e.seq",
        )
        .bind(tournament_id)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| Ok((r.try_get("bot_id")?, r.try_get("name")?)))
            .collect()
    }

    /// Starts stage `stage` with these entrants and matches, in one transaction; false if it was
    /// started already (or the tournament is not at the stage before it).
    pub async fn start_stage(
        &self,
        tournament_id: &str,
        stage: u32,
        entrants: &[String],
        matches: &[NewMatch],
    ) -> Result<bool, StoreError> {
        let mut tx = self.write().await?;
        let before: Option<i64> = stage.checked_sub(1).map(i64::from);
        let moved = sqlx::query(
            "UPDATE tournaments SET status = 'running', current_stage = $1
             WHERE id = $2 AND status != 'finished' AND current_stage IS NOT DISTINCT FROM $3",
        )
        .bind(i64::from(stage))
        .bind(tournament_id)
        .bind(before)
        .execute(&mut *tx)
        .await?;
        if moved.rows_affected() != 1 {
            return Ok(false);
        }
        sqlx::query(
            "INSERT INTO tournament_stages (tournament_id, stage, entrants, started_at) VALUES ($1, $2, $3, $4)",
        )
        .bind(tournament_id)
        .bind(i64::from(stage))
        .bind(serde_json::json!(entrants).to_string())
        .bind(now_ms())
        .execute(&mut *tx)
        .await?;
        insert_matches(&mut tx, matches).await?;
        tx.commit().await?;
        Ok(true)
    }

    /// A started stage.
    pub async fn stage(
        &self,
        tournament_id: &str,
        stage: u32,
    ) -> Result<Option<StageRecord>, StoreError> {
        let row = sqlx::query(
            "SELECT entrants, finished_at FROM tournament_stages WHERE tournament_id = $1 AND stage = $2",
        )
        .bind(tournament_id)
        .bind(i64::from(stage))
        .fetch_optional(&self.pool)
        .await?;
        row.map(|r| {
            let entrants: String = r.try_get("entrants")?;
            Ok(StageRecord {
                entrants: serde_json::from_str(&entrants)
                    .map_err(|e| StoreError::Corrupt(format!("stage entrants: {e}")))?,
                finished_at: r.try_get("finished_at")?,
            })
        })
        .transpose()
    }

    /// How many of a stage's matches are in each status.
    pub async fn stage_counts(
        &self,
        tournament_id: &str,
        stage: u32,
    ) -> Result<StageCounts, StoreError> {
        let rows = sqlx::query(
            "SELECT status, COUNT(*) AS n FROM matches WHERE tournament_id = $1 AND stage = $2 GROUP BY status",
        )
        .bind(tournament_id)
        .bind(i64::from(stage))
        .fetch_all(&self.pool)
        .await?;
        let mut counts = StageCounts::default();
        for row in rows {
            let n = row.try_get::<i64, _>("n")? as u64;
            match row.try_get::<String, _>("status")?.as_str() {
                "queued" => counts.queued = n,
                "running" => counts.running = n,
                "finished" => counts.finished = n,
                "failed" => counts.failed = n,
                _ => counts.cancelled = n,
            }
        }
        Ok(counts)
    }

    /// Every finished match of a stage with its seats, in the order the matches were laid out.
    pub async fn stage_results(
        &self,
        tournament_id: &str,
        stage: u32,
    ) -> Result<Vec<StageMatch>, StoreError> {
        let rows = sqlx::query(
            "SELECT m.id, m.nth, m.entrant_id, s.bot_id, s.rank, s.score, s.fault_kind
             FROM (SELECT id, number, status, entrant_id,
                          ROW_NUMBER() OVER (ORDER BY number) - 1 AS nth
                   FROM matches WHERE tournament_id = $1 AND stage = $2) m
             JOIN seats s ON s.match_id = m.id
             WHERE m.status = 'finished'
             ORDER BY m.number, s.seat",
        )
        .bind(tournament_id)
        .bind(i64::from(stage))
        .fetch_all(&self.pool)
        .await?;
        let mut out: Vec<StageMatch> = Vec::new();
        let mut last: Option<String> = None;
        for row in rows {
            let id: String = row.try_get("id")?;
            if last.as_deref() != Some(id.as_str()) {
                out.push(StageMatch {
                    position: row.try_get::<i64, _>("nth")? as usize,
                    entrant: row.try_get("entrant_id")?,
                    seats: Vec::new(),
                });
                last = Some(id);
            }
            if let Some(m) = out.last_mut() {
                m.seats.push(SeatResult {
                    bot_id: row.try_get("bot_id")?,
                    rank: row.try_get::<Option<i64>, _>("rank")?.unwrap_or(0) as u32,
                    score: row.try_get::<Option<f64>, _>("score")?.unwrap_or(0.0),
                    faulted: row.try_get::<Option<String>, _>("fault_kind")?.is_some(),
                });
            }
        }
        Ok(out)
    }

    /// Marks a stage finished if none of its matches is queued or running; true if this call did.
    pub async fn finish_stage(&self, tournament_id: &str, stage: u32) -> Result<bool, StoreError> {
        let done = sqlx::query(
            "UPDATE tournament_stages SET finished_at = $1
             WHERE tournament_id = $2 AND stage = $3 AND finished_at IS NULL
               AND NOT EXISTS (SELECT 1 FROM matches WHERE tournament_id = $2 AND stage = $3
                               AND status IN ('queued', 'running'))",
        )
        .bind(now_ms())
        .bind(tournament_id)
        .bind(i64::from(stage))
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Marks a tournament finished.
    pub async fn finish_tournament(&self, tournament_id: &str) -> Result<(), StoreError> {
        sqlx::query("UPDATE tournaments SET status = 'finished', finished_at = $1 WHERE id = $2")
            .bind(now_ms())
            .bind(tournament_id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// The ids of every tournament that is running.
    pub async fn running_tournaments(&self) -> Result<Vec<String>, StoreError> {
        Ok(
            sqlx::query_scalar("SELECT id FROM tournaments WHERE status = 'running'")
                .fetch_all(&self.pool)
                .await?,
        )
    }

    /// Skips a bot for the rest of a stage, cancelling its queued matches there; false if it was
    /// skipped already.
    pub async fn skip_bot(
        &self,
        tournament_id: &str,
        stage: u32,
        bot_id: &str,
        reason: &str,
    ) -> Result<bool, StoreError> {
        let mut tx = self.write().await?;
        let done = sqlx::query(
            "INSERT INTO stage_skips (tournament_id, stage, bot_id, reason) VALUES ($1, $2, $3, $4)
             ON CONFLICT DO NOTHING",
        )
        .bind(tournament_id)
        .bind(i64::from(stage))
        .bind(bot_id)
        .bind(reason)
        .execute(&mut *tx)
        .await?;
        sqlx::query(
            "UPDATE matches SET status = 'cancelled', finished_at = $1
             WHERE tournament_id = $2 AND stage = $3 AND status = 'queued'
               AND id IN (SELECT match_id FROM seats WHERE bot_id = $4)",
        )
        .bind(now_ms())
        .bind(tournament_id)
        .bind(i64::from(stage))
        .bind(bot_id)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(done.rows_affected() == 1)
    }

    /// The bots skipped in a stage.
    pub async fn skipped(
        &self,
        tournament_id: &str,
        stage: u32,
    ) -> Result<Vec<String>, StoreError> {
        Ok(sqlx::query_scalar(
            "SELECT bot_id FROM stage_skips WHERE tournament_id = $1 AND stage = $2 ORDER BY bot_id",
        )
        .bind(tournament_id)
        .bind(i64::from(stage))
        .fetch_all(&self.pool)
        .await?)
    }
}
