//! Bot versions: every change of a contestant's program (a new URL, a switch between HTTP and
//! dial-out, or the owner's word that the program behind the same URL changed) starts a new
//! version, numbered 1, 2, … per bot, and its rating carries over with a wider uncertainty.

use sqlx::Row;

use super::bot_health::cancel_queued_ladder;
use super::bots::BotKind;
use super::probation::end_probation_by_owner;
use super::{Store, StoreError, Tx, now_ms};
use cardarena_rating::Skill;

/// One version of a contestant's bot.
#[derive(Debug, Clone, PartialEq)]
pub struct BotVersion {
    /// Its number, from 1.
    pub version: u32,
    /// How it ran: [`BotKind::Http`] at its URL, [`BotKind::Dial`], or [`BotKind::Module`]
    /// with its module's hash.
    pub kind: BotKind,
    /// The owner's note on what changed.
    pub note: Option<String>,
    /// When it started, Unix ms.
    pub created_at: i64,
    /// The rating it started from (its uncertainty widened); `None` when the bot had none yet.
    pub start: Option<Skill>,
    /// The finished matches it played, of every kind.
    pub matches: u64,
    /// The bot's rated match (from 1, as [`super::RatingPoint::nth`]) its rated play starts at.
    pub from_rated: u64,
}

/// The longest note of a version, in characters.
pub const MAX_NOTE_CHARS: usize = 200;

/// The most versions a bot may start in an hour (new URLs and new programs together): past it,
/// a change is refused and nothing changes.
pub const VERSIONS_PER_HOUR: u32 = 20;

/// How many of a bot's latest versions are kept one by one; older ones are dropped, and only
/// their count (the latest version's number) remains. Their matches and ratings stay.
pub const KEPT_VERSIONS: u32 = 100;

/// One hour, in ms.
const HOUR_MS: i64 = 3_600_000;

/// What a change of program did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProgramChange {
    /// No live contestant's bot has this id.
    NoBot,
    /// The program is the same as before (the same URL, or dial-out again): no new version.
    Same,
    /// A new version started, with this number.
    NewVersion(u32),
}

impl Store {
    /// Sets where a contestant's bot runs: an HTTP bot at `kind`'s URL, a dial-out bot, or the
    /// module of `kind`'s hash (stored already: [`Store::put_module`]). A new URL or module, or
    /// a switch between kinds, starts a new version. Either way, unless its owner paused
    /// it, the bot is paused until a ping passes (due at once), and its queued ladder matches are
    /// cancelled.
    pub async fn set_bot_program(
        &self,
        id: &str,
        kind: &BotKind,
    ) -> Result<ProgramChange, StoreError> {
        let url = match kind {
            BotKind::Http { .. } | BotKind::Module { hash: Some(_) } => kind.program(),
            BotKind::Dial => None,
            BotKind::Module { hash: None } | BotKind::House { .. } | BotKind::Person => {
                return Err(StoreError::Corrupt(format!(
                    "a {} bot is no contestant's program",
                    kind.as_str()
                )));
            }
        };
        let now = now_ms();
        let mut tx = self.write().await?;
        let Some(current) = current_program(&mut tx, id).await? else {
            return Ok(ProgramChange::NoBot);
        };
        run_as(&mut tx, id, kind.as_str(), url, now).await?;
        let change = match current == *kind {
            true => ProgramChange::Same,
            false => ProgramChange::NewVersion(next_version(&mut tx, id, kind, None, now).await?),
        };
        tx.commit().await?;
        Ok(change)
    }

    /// Starts a new version of a live contestant's bot whose program changed where it runs (the
    /// same URL, or dial-out still), with the owner's `note`. Returns its number, or `None` if
    /// there is no such bot.
    pub async fn new_version(
        &self,
        id: &str,
        note: Option<&str>,
    ) -> Result<Option<u32>, StoreError> {
        let mut tx = self.write().await?;
        let Some(kind) = current_program(&mut tx, id).await? else {
            return Ok(None);
        };
        let version = next_version(&mut tx, id, &kind, note, now_ms()).await?;
        tx.commit().await?;
        Ok(Some(version))
    }

    /// Every kept version of bot `id` (at most [`KEPT_VERSIONS`]), oldest first (none for house
    /// bots and people).
    pub async fn bot_versions(&self, id: &str) -> Result<Vec<BotVersion>, StoreError> {
        let mut versions = self.versions_before(id, None, KEPT_VERSIONS).await?;
        versions.reverse();
        Ok(versions)
    }

    /// Up to `limit` kept versions of bot `id`, newest first, older than version `before` if
    /// given: a page of `GET /api/bots/{id}/versions`.
    pub async fn versions_before(
        &self,
        id: &str,
        before: Option<u32>,
        limit: u32,
    ) -> Result<Vec<BotVersion>, StoreError> {
        let rows = sqlx::query(
            "SELECT version, kind, url, note, created_at, mu, sigma, matches, from_rated
             FROM bot_versions WHERE bot_id = $1 AND version < $2
             ORDER BY version DESC LIMIT $3",
        )
        .bind(id)
        .bind(before.map_or(i64::MAX, i64::from))
        .bind(i64::from(limit))
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| {
                let mu: Option<f64> = row.try_get("mu")?;
                let sigma: Option<f64> = row.try_get("sigma")?;
                Ok(BotVersion {
                    version: row.try_get::<i64, _>("version")? as u32,
                    kind: BotKind::from_row(
                        &row.try_get::<String, _>("kind")?,
                        row.try_get("url")?,
                        None,
                    )?,
                    note: row.try_get("note")?,
                    created_at: row.try_get("created_at")?,
                    start: mu.zip(sigma).map(|(mu, sigma)| Skill { mu, sigma }),
                    matches: row.try_get::<i64, _>("matches")? as u64,
                    from_rated: row.try_get::<i64, _>("from_rated")? as u64,
                })
            })
            .collect()
    }

    /// Moves an HTTP bot's current version to `url` without starting a new one: the same
    /// program at a new address (the demo's entrants, served on a new port at every start). It
    /// is checked there as after any move. False if there is no such live HTTP bot.
    pub async fn relocate_bot(&self, id: &str, url: &str) -> Result<bool, StoreError> {
        let mut tx = self.write().await?;
        let Some(BotKind::Http { .. }) = current_program(&mut tx, id).await? else {
            return Ok(false);
        };
        run_as(&mut tx, id, "http", Some(url), now_ms()).await?;
        sqlx::query(
            "UPDATE bot_versions SET url = $1
             WHERE bot_id = $2
               AND version = (SELECT MAX(v.version) FROM bot_versions v WHERE v.bot_id = $2)",
        )
        .bind(url)
        .bind(id)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(true)
    }
}

/// Points bot `id` at its program (`kind` 'http' at `url`, or 'dial') and, unless its owner
/// paused it, pauses it until a ping passes (due at once); its queued ladder matches are
/// cancelled, and a probation it was on ends (its owner vouches for the new program).
async fn run_as(
    tx: &mut Tx,
    id: &str,
    kind: &str,
    url: Option<&str>,
    now: i64,
) -> Result<(), StoreError> {
    end_probation_by_owner(tx, id).await?;
    sqlx::query(
        "UPDATE bots SET kind = $1, url = $2,
            status = 'paused',
            status_reason = CASE status_reason WHEN 'owner' THEN 'owner' ELSE 'unchecked' END,
            next_check_at = CASE status_reason WHEN 'owner' THEN NULL ELSE $3 END,
            status_detail = NULL, backoff_ms = 0
         WHERE id = $4",
    )
    .bind(kind)
    .bind(url)
    .bind(now)
    .bind(id)
    .execute(&mut **tx)
    .await?;
    cancel_queued_ladder(tx, id).await
}

/// The program of the live contestant's bot `id`, if there is one.
async fn current_program(tx: &mut Tx, id: &str) -> Result<Option<BotKind>, StoreError> {
    let row = sqlx::query(
        "SELECT kind, url FROM bots
         WHERE id = $1 AND kind IN ('http', 'dial', 'module') AND deleted_at IS NULL",
    )
    .bind(id)
    .fetch_optional(&mut **tx)
    .await?;
    let Some(row) = row else {
        return Ok(None);
    };
    let kind = BotKind::from_row(
        &row.try_get::<String, _>("kind")?,
        row.try_get("url")?,
        None,
    )?;
    Ok(Some(kind))
}

/// Starts the next version of bot `id`, running as `kind`: its rating (if it has one) keeps its
/// mu and has its sigma widened ([`Skill::widened`]). Returns the new version's number.
async fn next_version(
    tx: &mut Tx,
    id: &str,
    kind: &BotKind,
    note: Option<&str>,
    now: i64,
) -> Result<u32, StoreError> {
    let last: Option<i64> =
        sqlx::query_scalar("SELECT MAX(version) FROM bot_versions WHERE bot_id = $1")
            .bind(id)
            .fetch_one(&mut **tx)
            .await?;
    let version = last.unwrap_or(0) as u32 + 1;
    let recent: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM bot_versions WHERE bot_id = $1 AND created_at > $2",
    )
    .bind(id)
    .bind(now - HOUR_MS)
    .fetch_one(&mut **tx)
    .await?;
    if recent >= i64::from(VERSIONS_PER_HOUR) {
        return Err(StoreError::Limited(format!(
            "a bot starts at most {VERSIONS_PER_HOUR} versions an hour (new URLs and new \
             programs together): try again later"
        )));
    }
    let row = sqlx::query("SELECT mu, sigma, matches FROM ratings WHERE bot_id = $1")
        .bind(id)
        .fetch_optional(&mut **tx)
        .await?;
    let (start, rated) = match row {
        Some(row) => {
            let skill = Skill {
                mu: row.try_get("mu")?,
                sigma: row.try_get("sigma")?,
            }
            .widened();
            sqlx::query("UPDATE ratings SET sigma = $1 WHERE bot_id = $2")
                .bind(skill.sigma)
                .bind(id)
                .execute(&mut **tx)
                .await?;
            (Some(skill), row.try_get::<i64, _>("matches")?)
        }
        None => (None, 0),
    };
    let new = NewVersion {
        version,
        kind,
        note,
        created_at: now,
        start,
        from_rated: rated + 1,
    };
    insert_version(tx, id, &new).await?;
    sqlx::query("DELETE FROM bot_versions WHERE bot_id = $1 AND version <= $2")
        .bind(id)
        .bind(i64::from(version) - i64::from(KEPT_VERSIONS))
        .execute(&mut **tx)
        .await?;
    Ok(version)
}

/// A version to write.
pub(super) struct NewVersion<'a> {
    /// Its number.
    pub version: u32,
    /// How it runs.
    pub kind: &'a BotKind,
    /// The owner's note.
    pub note: Option<&'a str>,
    /// When it starts, Unix ms.
    pub created_at: i64,
    /// The rating it starts from, if the bot has one.
    pub start: Option<Skill>,
    /// The bot's rated match its rated play starts at.
    pub from_rated: i64,
}

/// Writes a version of bot `id`.
pub(super) async fn insert_version(
    tx: &mut Tx,
    id: &str,
    new: &NewVersion<'_>,
) -> Result<(), StoreError> {
    let url = new.kind.program();
    // Two statements rather than NULLs bound for the floats: a prepared statement is cached per
    // connection by its text, and PostgreSQL would read a float bound later to a statement first
    // prepared with a NULL of another type as the wrong binary format.
    let (sql, start) = match new.start {
        Some(skill) => (
            "INSERT INTO bot_versions (bot_id, version, kind, url, note, created_at, from_rated,
                                       mu, sigma)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
            Some(skill),
        ),
        None => (
            "INSERT INTO bot_versions (bot_id, version, kind, url, note, created_at, from_rated)
             VALUES ($1, $2, $3, $4, $5, $6, $7)",
            None,
        ),
    };
    let mut query = sqlx::query(sql)
        .bind(id)
        .bind(i64::from(new.version))
        .bind(new.kind.as_str())
        .bind(url)
        .bind(new.note)
        .bind(new.created_at)
        .bind(new.from_rated);
    if let Some(skill) = start {
        query = query.bind(skill.mu).bind(skill.sigma);
    }
    query.execute(&mut **tx).await?;
    Ok(())
}
