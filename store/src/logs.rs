//! Match logs: a finished match's actions as one compact blob (the engine's log codec, decoded by
//! replaying the deal) with its say lines beside it; the conversion of logs that earlier versions
//! stored one row per action; and the retention that drops old ladder matches' logs.

use cardarena_engine::log_codec::{Deal, decode_log, encode_log};
use serde_json::Value;
use sqlx::Row;

use super::backend::Backend;
use super::matches::{MatchSummary, SavedAction};
use super::{Store, StoreError, Tx, now_ms};

/// Matches converted per transaction at start-up.
const CONVERT_BATCH: i64 = 200;
/// Logs dropped per transaction by retention.
const DROP_BATCH: i64 = 1000;

/// What became of a match's log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LogState {
    /// The log is stored (empty until the match is played).
    Kept,
    /// Retention dropped it; the results, seats and ratings stay.
    Dropped {
        /// When, Unix ms.
        at: i64,
    },
    /// The log is stored but cannot be shown: the text says why (rules changed since).
    Unreadable(String),
}

/// The game's id and rules version this engine plays, for a stamp check.
pub fn engine_rules_version(game: &str) -> Option<u32> {
    cardarena_engine::catalog::facts(game).map(|g| g.rules_version)
}

/// Why a match stamped `stored` cannot be decoded by this engine, if it cannot.
pub fn stamp_mismatch(game: &str, stored: Option<u32>) -> Option<String> {
    let engine = engine_rules_version(game)?;
    match stored {
        Some(v) if v == engine => None,
        Some(v) => Some(format!(
            "it was played under {game} rules version {v}, and this engine plays version {engine}"
        )),
        None => Some(format!("it carries no {game} rules version")),
    }
}

/// Writes a played match's log inside the transaction that stores its result: encodes the
/// actions, stamps the match with the rules version they were played under (this engine's), keeps
/// the say lines. With `stamped`, the match must already carry this engine's stamp (a log stored
/// by an earlier version is only re-encoded under the rules it was played by).
pub(super) async fn write_log(
    tx: &mut Tx,
    id: &str,
    actions: &[SavedAction],
    stamped: bool,
) -> Result<(), StoreError> {
    let row = sqlx::query(
        "SELECT number, game, options, seed, rules_version,
             (SELECT COUNT(*) FROM seats WHERE match_id = $1) AS players
         FROM matches WHERE id = $1",
    )
    .bind(id)
    .fetch_one(&mut **tx)
    .await?;
    let number: i64 = row.try_get("number")?;
    let game: String = row.try_get("game")?;
    let stamp = row.try_get::<Option<i64>, _>("rules_version")?;
    if let Some(why) = stamp_mismatch(&game, stamp.map(|v| v as u32)).filter(|_| stamped) {
        return Err(StoreError::Corrupt(why));
    }
    let options = json(&row.try_get::<String, _>("options")?)?;
    let deal = Deal {
        game: &game,
        options: &options,
        players: row.try_get::<i64, _>("players")? as usize,
        seed: row.try_get::<i64, _>("seed")? as u64,
    };
    let json: Vec<Value> = actions.iter().map(|a| a.action.clone()).collect();
    let blob = encode_log(&deal, &json)
        .map_err(|e| StoreError::Corrupt(format!("the log of match {id}: {e}")))?;
    sqlx::query("UPDATE matches SET log = $1, rules_version = $2 WHERE number = $3")
        .bind(blob)
        .bind(engine_rules_version(&game).map(i64::from))
        .bind(number)
        .execute(&mut **tx)
        .await?;
    for (index, action) in actions.iter().enumerate() {
        if let Some(text) = &action.say {
            sqlx::query("INSERT INTO says (match_number, idx, text) VALUES ($1, $2, $3)")
                .bind(number)
                .bind(index as i64)
                .bind(text)
                .execute(&mut **tx)
                .await?;
        }
    }
    Ok(())
}

fn json(text: &str) -> Result<Value, StoreError> {
    serde_json::from_str(text).map_err(|e| StoreError::Corrupt(format!("JSON {text:?}: {e}")))
}

impl Store {
    /// When retention dropped match `id`'s log (Unix ms), without reading the log: `None` while
    /// it is kept (or there is no such match).
    pub async fn log_dropped_at(&self, id: &str) -> Result<Option<i64>, StoreError> {
        let at: Option<Option<i64>> =
            sqlx::query_scalar("SELECT log_dropped_at FROM matches WHERE id = $1")
                .bind(id)
                .fetch_optional(&self.pool)
                .await?;
        Ok(at.flatten())
    }

    /// A match's log, decoded, with its say lines, and what became of it.
    pub(super) async fn read_log(
        &self,
        summary: &MatchSummary,
    ) -> Result<(Vec<SavedAction>, LogState), StoreError> {
        let row = sqlx::query("SELECT number, log, log_dropped_at FROM matches WHERE id = $1")
            .bind(&summary.id)
            .fetch_one(&self.pool)
            .await?;
        if let Some(at) = row.try_get::<Option<i64>, _>("log_dropped_at")? {
            return Ok((Vec::new(), LogState::Dropped { at }));
        }
        let Some(blob) = row.try_get::<Option<Vec<u8>>, _>("log")? else {
            return Ok((self.legacy_actions(&summary.id).await?, LogState::Kept));
        };
        if let Some(why) = stamp_mismatch(&summary.game, summary.rules_version) {
            return Ok((Vec::new(), LogState::Unreadable(why)));
        }
        let deal = Deal {
            game: &summary.game,
            options: &summary.options,
            players: summary.seats.len(),
            seed: summary.seed,
        };
        let decoded = match decode_log(&deal, &blob) {
            Ok(decoded) => decoded,
            Err(e) => return Ok((Vec::new(), LogState::Unreadable(e.to_string()))),
        };
        let mut actions: Vec<SavedAction> = decoded
            .into_iter()
            .map(|(seat, action)| SavedAction {
                seat,
                action,
                say: None,
            })
            .collect();
        let says = sqlx::query("SELECT idx, text FROM says WHERE match_number = $1")
            .bind(row.try_get::<i64, _>("number")?)
            .fetch_all(&self.pool)
            .await?;
        for say in &says {
            let index = say.try_get::<i64, _>("idx")? as usize;
            if let Some(action) = actions.get_mut(index) {
                action.say = Some(say.try_get("text")?);
            }
        }
        Ok((actions, LogState::Kept))
    }

    /// A log still stored one row per action (by a version before compact logs); none on
    /// PostgreSQL, which never held such logs (and has no `actions` table).
    async fn legacy_actions(&self, id: &str) -> Result<Vec<SavedAction>, StoreError> {
        if self.backend == Backend::Postgres {
            return Ok(Vec::new());
        }
        sqlx::query("SELECT seat, action, say FROM actions WHERE match_id = $1 ORDER BY idx")
            .bind(id)
            .fetch_all(&self.pool)
            .await?
            .iter()
            .map(|r| {
                Ok(SavedAction {
                    seat: r.try_get::<i64, _>("seat")? as usize,
                    action: json(&r.try_get::<String, _>("action")?)?,
                    say: r.try_get("say")?,
                })
            })
            .collect()
    }

    /// Converts every log stored one row per action into a compact blob, a batch of matches per
    /// transaction, deleting the rows converted. Safe to stop and run again: a match is converted
    /// whole in one transaction or not at all. A log that does not replay is left as it is (and
    /// still shown); returns how many were converted.
    pub async fn convert_legacy_logs(&self) -> Result<u64, StoreError> {
        let mut converted = 0;
        let mut after = String::new();
        loop {
            let rows = sqlx::query(
                "SELECT a.match_id, m.game, m.rules_version
                 FROM (SELECT DISTINCT match_id FROM actions WHERE match_id > $1
                       ORDER BY match_id LIMIT $2) a
                 JOIN matches m ON m.id = a.match_id ORDER BY a.match_id",
            )
            .bind(&after)
            .bind(CONVERT_BATCH)
            .fetch_all(&self.pool)
            .await?;
            let Some(last) = rows.last() else {
                return Ok(converted);
            };
            after = last.try_get("match_id")?;
            let mut tx = self.write().await?;
            for row in &rows {
                let id: String = row.try_get("match_id")?;
                let stamp = row.try_get::<Option<i64>, _>("rules_version")?;
                // A log of rules that changed since stays as stored: known from the stamp, so
                // its rows are not read again at every start-up only to be refused.
                if stamp_mismatch(&row.try_get::<String, _>("game")?, stamp.map(|v| v as u32))
                    .is_some()
                {
                    continue;
                }
                let id = &id;
                let actions = self.legacy_actions(id).await?;
                match write_log(&mut tx, id, &actions, true).await {
                    Ok(()) => {
                        sqlx::query("DELETE FROM actions WHERE match_id = $1")
                            .bind(id)
                            .execute(&mut *tx)
                            .await?;
                        converted += 1;
                    }
                    Err(StoreError::Corrupt(why)) => {
                        tracing::warn!("match {id} keeps its old log: {why}");
                    }
                    Err(e) => return Err(e),
                }
            }
            tx.commit().await?;
        }
    }

    /// Drops the logs (and say lines) of ladder matches finished before `finished_before` (Unix
    /// ms); their results, seats and rating history stay. Returns how many logs were dropped.
    pub async fn drop_ladder_logs(&self, finished_before: i64) -> Result<u64, StoreError> {
        let mut dropped = self.drop_legacy_ladder_logs(finished_before).await?;
        loop {
            let mut tx = self.write().await?;
            let numbers: Vec<i64> = sqlx::query_scalar(
                "UPDATE matches SET log = NULL, timing = NULL, log_dropped_at = $1
                 WHERE number IN (SELECT number FROM matches
                     WHERE kind = 'ladder' AND log IS NOT NULL AND finished_at < $2 LIMIT $3)
                 -- through the partial index ladder_logs
                 RETURNING number",
            )
            .bind(now_ms())
            .bind(finished_before)
            .bind(DROP_BATCH)
            .fetch_all(&mut *tx)
            .await?;
            for number in &numbers {
                sqlx::query("DELETE FROM says WHERE match_number = $1")
                    .bind(number)
                    .execute(&mut *tx)
                    .await?;
            }
            tx.commit().await?;
            if numbers.is_empty() {
                return Ok(dropped);
            }
            dropped += numbers.len() as u64;
        }
    }

    /// Drops the logs still stored one row per action (matches a version before compact logs
    /// stored, whose rules have changed since, so they were not converted) of ladder matches
    /// finished before `finished_before`. Driven by the old table, which only old databases fill.
    async fn drop_legacy_ladder_logs(&self, finished_before: i64) -> Result<u64, StoreError> {
        if self.backend == Backend::Postgres {
            return Ok(0);
        }
        let mut dropped = 0;
        loop {
            let mut tx = self.write().await?;
            let ids: Vec<String> = sqlx::query_scalar(
                "SELECT DISTINCT a.match_id FROM actions a JOIN matches m ON m.id = a.match_id
                 WHERE m.kind = 'ladder' AND m.finished_at < $1 LIMIT $2",
            )
            .bind(finished_before)
            .bind(DROP_BATCH)
            .fetch_all(&mut *tx)
            .await?;
            for id in &ids {
                sqlx::query("UPDATE matches SET log_dropped_at = $1 WHERE id = $2")
                    .bind(now_ms())
                    .bind(id)
                    .execute(&mut *tx)
                    .await?;
                sqlx::query("DELETE FROM actions WHERE match_id = $1")
                    .bind(id)
                    .execute(&mut *tx)
                    .await?;
            }
            tx.commit().await?;
            if ids.is_empty() {
                return Ok(dropped);
            }
            dropped += ids.len() as u64;
        }
    }
}
