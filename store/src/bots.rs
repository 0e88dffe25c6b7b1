//! Bots: contestants' bots (called over HTTP, or dialling in) and the house bots and people that
//! stand in the database as rows too.

use sqlx::Row;
use sqlx::any::AnyRow;

use super::bot_health::cancel_queued_ladder;
use super::organiser::{OrganiserHold, remove_in};
use super::versions::{NewVersion, insert_version};
use super::{Store, StoreError, Tx, now_ms};

/// Where a bot runs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BotKind {
    /// A contestant's bot at this URL.
    Http {
        /// The bot's URL.
        url: String,
    },
    /// A contestant's bot that connects to the server (a WebSocket) and is called over its
    /// connections: it has no URL.
    Dial,
    /// A contestant's bot the server runs itself, from the WebAssembly module its owner
    /// uploaded: its content hash ([`crate::modules`]), `None` until the first upload.
    Module {
        /// The SHA-256 of the module's bytes, in hex.
        hash: Option<String>,
    },
    /// A house bot of the game, by its id in the roster.
    House {
        /// The house bot's id, e.g. "greedy".
        house_id: String,
    },
    /// The people who sit at the game's tables (the contest's `tables`): one row per game, seated
    /// wherever a person plays. Never pinged, laddered or rated unless the organiser says so.
    Person,
}

impl BotKind {
    /// The kind's name in the database and the API: `http`, `dial`, `module`, `house` or
    /// `person`.
    pub fn as_str(&self) -> &'static str {
        match self {
            BotKind::Http { .. } => "http",
            BotKind::Dial => "dial",
            BotKind::Module { .. } => "module",
            BotKind::House { .. } => "house",
            BotKind::Person => "person",
        }
    }

    /// Whether it is a contestant's bot (HTTP, dial-out or module): pinged, paused for faults,
    /// limited to its share of the server, versioned.
    pub fn is_contestant(&self) -> bool {
        matches!(
            self,
            BotKind::Http { .. } | BotKind::Dial | BotKind::Module { .. }
        )
    }

    /// Where its program is, as the `url` column holds it: an HTTP bot's URL, a module's hash.
    pub fn program(&self) -> Option<&str> {
        match self {
            BotKind::Http { url } => Some(url),
            BotKind::Module { hash } => hash.as_deref(),
            BotKind::Dial | BotKind::House { .. } | BotKind::Person => None,
        }
    }

    /// The kind of the stored name `kind`, with the row's `url` (a module's hash) and
    /// `house_id`.
    pub(super) fn from_row(
        kind: &str,
        url: Option<String>,
        house_id: Option<String>,
    ) -> Result<BotKind, StoreError> {
        let missing = |what: &str| StoreError::Corrupt(format!("a {kind} bot without {what}"));
        match kind {
            "http" => Ok(BotKind::Http {
                url: url.ok_or_else(|| missing("a URL"))?,
            }),
            "dial" => Ok(BotKind::Dial),
            "module" => Ok(BotKind::Module { hash: url }),
            "house" => Ok(BotKind::House {
                house_id: house_id.ok_or_else(|| missing("a house id"))?,
            }),
            "person" => Ok(BotKind::Person),
            other => Err(StoreError::Corrupt(format!("bot kind {other:?}"))),
        }
    }
}

/// A bot to register.
#[derive(Debug, Clone)]
pub struct NewBot {
    /// The bot's id (a UUID).
    pub id: String,
    /// Its unique name.
    pub name: String,
    /// The game it plays.
    pub game: String,
    /// Where it runs.
    pub kind: BotKind,
    /// SHA-256 of the owner's token (HTTP bots).
    pub token_hash: Option<String>,
    /// SHA-256 of the signing secret (HTTP bots).
    pub secret_hash: Option<String>,
    /// The table sizes it plays on the ladder, sorted, each one its game seats (checked by the
    /// caller); `None` for every size.
    pub ladder_players: Option<Vec<usize>>,
}

/// Why a bot is paused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PauseReason {
    /// Registered, pointed at a new URL or resumed by its owner, and no ping answered since.
    Unchecked,
    /// It faulted repeatedly; it is on probation, and comes back when a ping passes and then a
    /// practice match against a house bot ends with no fault of its own.
    Faults,
    /// Its owner paused it; it comes back when the owner resumes it and a ping passes.
    Owner,
}

impl PauseReason {
    /// The reason's name in the database and the API.
    pub fn as_str(self) -> &'static str {
        match self {
            PauseReason::Unchecked => "unchecked",
            PauseReason::Faults => "faults",
            PauseReason::Owner => "owner",
        }
    }

    fn parse(name: &str) -> Result<PauseReason, StoreError> {
        [
            PauseReason::Unchecked,
            PauseReason::Faults,
            PauseReason::Owner,
        ]
        .into_iter()
        .find(|r| r.as_str() == name)
        .ok_or_else(|| StoreError::Corrupt(format!("pause reason {name:?}")))
    }
}

/// A bot's health: whether the ladder seats it, and what its recent matches say.
#[derive(Debug, Clone, PartialEq)]
pub struct BotHealth {
    /// `None` when active; why it is paused otherwise.
    pub paused: Option<PauseReason>,
    /// What the last failed check or the pause rule said.
    pub detail: Option<String>,
    /// When the next ping is due, Unix ms.
    pub next_check_at: Option<i64>,
    /// The last back-off delay, ms.
    pub backoff_ms: i64,
    /// When it last became active, Unix ms.
    pub active_since: Option<i64>,
    /// Its last (up to 50) ladder and tournament matches, newest in bit 0, 1 where it faulted.
    pub recent_faults: u64,
    /// How many matches `recent_faults` holds.
    pub recent_matches: u32,
    /// How many of them finished since it last became active.
    pub matches_since_active: u32,
    /// The probation match out now (queued, running, or ended and not yet judged).
    pub probation_match: Option<String>,
    /// The last probation match that was judged.
    pub last_probation: Option<String>,
}

impl BotHealth {
    /// Faulted matches among the recent ones.
    pub fn faults(&self) -> u32 {
        self.recent_faults.count_ones()
    }
}

/// The most matches a bot's recent record holds.
pub const RECENT_MATCHES: u32 = 50;

/// A stored bot.
#[derive(Debug, Clone, PartialEq)]
pub struct BotRecord {
    /// The bot's id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// The game it plays.
    pub game: String,
    /// Where it runs.
    pub kind: BotKind,
    /// SHA-256 of the signing secret (HTTP bots).
    pub secret_hash: Option<String>,
    /// When it was registered, Unix ms.
    pub created_at: i64,
    /// Whether its owner removed it.
    pub deleted: bool,
    /// Whether it is active or paused, and its recent faults.
    pub health: BotHealth,
    /// The organiser's hold on it, if any: neither its owner nor its health lifts it.
    pub organiser: Option<OrganiserHold>,
    /// The table sizes it plays on the ladder, sorted; `None` for every size its game seats.
    pub ladder_players: Option<Vec<usize>>,
}

impl BotRecord {
    /// Whether it plays on the ladder at a table of `players` (of a size its game seats).
    pub fn plays_at(&self, players: usize) -> bool {
        self.ladder_players
            .as_ref()
            .is_none_or(|sizes| sizes.contains(&players))
    }
}

/// The columns [`bot_record`] reads, for `concat!` (queries are static strings).
macro_rules! bot_columns {
    () => {
        "id, name, game, kind, url, house_id, secret_hash, created_at, deleted_at, status,
         status_reason, status_detail, next_check_at, backoff_ms, active_since, recent_faults,
         recent_matches, matches_since_active, probation_match_id, last_probation_id,
         organiser_hold, ladder_players"
    };
}

pub(super) use bot_columns;

/// A bot from a row of [`bot_columns`].
pub(super) fn bot_record(row: &AnyRow) -> Result<BotRecord, StoreError> {
    let kind = BotKind::from_row(
        &row.try_get::<String, _>("kind")?,
        row.try_get("url")?,
        row.try_get("house_id")?,
    )?;
    Ok(BotRecord {
        id: row.try_get("id")?,
        name: row.try_get("name")?,
        game: row.try_get("game")?,
        kind,
        secret_hash: row.try_get("secret_hash")?,
        created_at: row.try_get("created_at")?,
        deleted: row.try_get::<Option<i64>, _>("deleted_at")?.is_some(),
        health: bot_health(row)?,
        organiser: OrganiserHold::parse(
            row.try_get::<Option<String>, _>("organiser_hold")?
                .as_deref(),
        )?,
        ladder_players: parse_sizes(row.try_get("ladder_players")?)?,
    })
}

/// A `ladder_players` column: a JSON array of player counts, or NULL.
fn parse_sizes(text: Option<String>) -> Result<Option<Vec<usize>>, StoreError> {
    text.map(|text| {
        serde_json::from_str(&text)
            .map_err(|e| StoreError::Corrupt(format!("ladder_players {text:?}: {e}")))
    })
    .transpose()
}

/// A list of table sizes as the `ladder_players` column holds it.
fn sizes_text(sizes: Option<&[usize]>) -> Option<String> {
    sizes.map(|sizes| serde_json::json!(sizes).to_string())
}

fn bot_health(row: &AnyRow) -> Result<BotHealth, StoreError> {
    let paused = match row.try_get::<String, _>("status")?.as_str() {
        "active" => None,
        "paused" => {
            let reason: Option<String> = row.try_get("status_reason")?;
            Some(PauseReason::parse(
                reason.as_deref().unwrap_or("unchecked"),
            )?)
        }
        other => return Err(StoreError::Corrupt(format!("bot status {other:?}"))),
    };
    Ok(BotHealth {
        paused,
        detail: row.try_get("status_detail")?,
        next_check_at: row.try_get("next_check_at")?,
        backoff_ms: row.try_get("backoff_ms")?,
        active_since: row.try_get("active_since")?,
        recent_faults: row.try_get::<i64, _>("recent_faults")? as u64,
        recent_matches: row.try_get::<i64, _>("recent_matches")? as u32,
        matches_since_active: row.try_get::<i64, _>("matches_since_active")? as u32,
        probation_match: row.try_get("probation_match_id")?,
        last_probation: row.try_get("last_probation_id")?,
    })
}

/// Inserts `bot` in `tx` ([`Store::insert_bot`]).
pub(super) async fn insert_bot_in(tx: &mut Tx, bot: &NewBot) -> Result<(), StoreError> {
    let url = bot.kind.program();
    let house_id = match &bot.kind {
        BotKind::House { house_id } => Some(house_id.as_str()),
        _ => None,
    };
    let now = now_ms();
    // A contestant's bot waits for its first ping (due at once); a house bot is active.
    let result = sqlx::query(
        "INSERT INTO bots (id, name, game, kind, url, house_id, token_hash, secret_hash, created_at,
                           status, status_reason, next_check_at, active_since, ladder_players)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9,
                 CASE WHEN $10 = 1 THEN 'paused' ELSE 'active' END,
                 CASE WHEN $10 = 1 THEN 'unchecked' END,
                 CASE WHEN $10 = 1 THEN $9 END,
                 CASE $4 WHEN 'house' THEN $9 END, $11)",
    )
    .bind(&bot.id)
    .bind(&bot.name)
    .bind(&bot.game)
    .bind(bot.kind.as_str())
    .bind(url)
    .bind(house_id)
    .bind(&bot.token_hash)
    .bind(&bot.secret_hash)
    .bind(now)
    .bind(i64::from(bot.kind.is_contestant()))
    .bind(sizes_text(bot.ladder_players.as_deref()))
    .execute(&mut **tx)
    .await;
    match result {
        Err(sqlx::Error::Database(e)) if e.is_unique_violation() => {
            return Err(StoreError::NameTaken(bot.name.clone()));
        }
        other => other.map(drop)?,
    }
    // A module bot's first version is its first module's upload.
    if bot.kind.is_contestant() && bot.kind != (BotKind::Module { hash: None }) {
        let first = NewVersion {
            version: 1,
            kind: &bot.kind,
            note: None,
            created_at: now,
            start: None,
            from_rated: 1,
        };
        insert_version(tx, &bot.id, &first).await?;
    }
    Ok(())
}

impl Store {
    /// Registers a bot; [`StoreError::NameTaken`] if its name is in use (by any bot, removed ones
    /// included, so that old results never change hands). A contestant's bot starts as version 1.
    pub async fn insert_bot(&self, bot: &NewBot) -> Result<(), StoreError> {
        let mut tx = self.write().await?;
        insert_bot_in(&mut tx, bot).await?;
        tx.commit().await?;
        Ok(())
    }

    /// The bot with this id, removed ones included.
    pub async fn bot(&self, id: &str) -> Result<Option<BotRecord>, StoreError> {
        let sql = concat!("SELECT ", bot_columns!(), " FROM bots WHERE id = $1");
        let row = sqlx::query(sql).bind(id).fetch_optional(&self.pool).await?;
        row.as_ref().map(bot_record).transpose()
    }

    /// Sets the table sizes the bot plays on the ladder (sorted, each one its game seats, checked
    /// by the caller; `None` for every size), and cancels its queued ladder matches, which were
    /// drawn for the sizes it played before (the ladder draws again). False if no bot that is not
    /// removed has this id.
    pub async fn set_ladder_players(
        &self,
        id: &str,
        sizes: Option<&[usize]>,
    ) -> Result<bool, StoreError> {
        let mut tx = self.write().await?;
        let done =
            sqlx::query("UPDATE bots SET ladder_players = $1 WHERE id = $2 AND deleted_at IS NULL")
                .bind(sizes_text(sizes))
                .bind(id)
                .execute(&mut *tx)
                .await?;
        cancel_queued_ladder(&mut tx, id).await?;
        tx.commit().await?;
        Ok(done.rows_affected() == 1)
    }

    /// The id of the (not removed) bot whose owner token has this hash.
    pub async fn bot_id_by_token(&self, token_hash: &str) -> Result<Option<String>, StoreError> {
        let id =
            sqlx::query_scalar("SELECT id FROM bots WHERE token_hash = $1 AND deleted_at IS NULL")
                .bind(token_hash)
                .fetch_optional(&self.pool)
                .await?;
        Ok(id)
    }

    /// Every bot that is not removed, of one game or of all, by name.
    pub async fn bots(&self, game: Option<&str>) -> Result<Vec<BotRecord>, StoreError> {
        self.bots_page(game, None, u32::MAX).await
    }

    /// At most `limit` bots that are not removed, of one game or of all, by name, starting after
    /// the name `after`.
    pub async fn bots_page(
        &self,
        game: Option<&str>,
        after: Option<&str>,
        limit: u32,
    ) -> Result<Vec<BotRecord>, StoreError> {
        let sql = concat!(
            "SELECT ",
            bot_columns!(),
            " FROM bots
             WHERE deleted_at IS NULL AND ($1 IS NULL OR game = $1) AND ($2 IS NULL OR name > $2)
             ORDER BY name LIMIT $3"
        );
        let rows = sqlx::query(sql)
            .bind(game)
            .bind(after)
            .bind(i64::from(limit))
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(bot_record).collect()
    }

    /// The active bots of a game (house bots always are) the organiser holds nothing against, by
    /// name: those the ladder may seat.
    pub async fn active_bots(&self, game: &str) -> Result<Vec<BotRecord>, StoreError> {
        let sql = concat!(
            "SELECT ",
            bot_columns!(),
            " FROM bots
             WHERE deleted_at IS NULL AND game = $1 AND status = 'active' AND kind != 'person'
               AND organiser_hold IS NULL
             ORDER BY name"
        );
        let rows = sqlx::query(sql).bind(game).fetch_all(&self.pool).await?;
        rows.iter().map(bot_record).collect()
    }

    /// The contestants' bots of `game` the ladder should not seat now: those seated in a queued
    /// or running ladder match of it, and those with `bot_concurrency` or more matches of any kind
    /// running or queued (a ladder match seating one would only wait for a slot behind its own
    /// backlog, holding the ladder back).
    ///
    /// So is the house bot `one_at_a_time` of `game` while it (of any game) sits in a queued or
    /// running ladder match: a house bot whose every match costs a core (the expert) plays one
    /// ladder match at a time on the whole server.
    pub async fn busy_on_ladder(
        &self,
        game: &str,
        bot_concurrency: u32,
        one_at_a_time: &str,
    ) -> Result<Vec<String>, StoreError> {
        let ids = sqlx::query_scalar(
            "SELECT s.bot_id FROM matches m
             JOIN seats s ON s.match_id = m.id JOIN bots b ON b.id = s.bot_id
             WHERE m.status IN ('queued', 'running') AND m.kind = 'ladder' AND m.game = $1
               AND b.kind IN ('http', 'dial', 'module')
             UNION
             SELECT h.id FROM bots h
             WHERE h.game = $1 AND h.kind = 'house' AND h.house_id = $3 AND EXISTS (
                 SELECT 1 FROM matches m
                 JOIN seats s ON s.match_id = m.id JOIN bots b ON b.id = s.bot_id
                 WHERE m.status IN ('queued', 'running') AND m.kind = 'ladder'
                   AND b.kind = 'house' AND b.house_id = $3)
             UNION
             SELECT s.bot_id FROM matches m
             JOIN seats s ON s.match_id = m.id JOIN bots b ON b.id = s.bot_id
             WHERE m.status IN ('queued', 'running') AND b.kind IN ('http', 'dial', 'module') AND b.game = $1
             GROUP BY s.bot_id HAVING COUNT(DISTINCT m.id) >= $2",
        )
        .bind(game)
        .bind(i64::from(bot_concurrency))
        .bind(one_at_a_time)
        .fetch_all(&self.pool)
        .await?;
        Ok(ids)
    }

    /// Cancels the queued ladder matches of `game` that seat a contestant's bot with
    /// `bot_concurrency` or more other matches running or queued: such a match would wait behind
    /// the bot's own backlog (its practice), holding one of the game's ladder slots meanwhile.
    /// So are those seating a bot the organiser holds (seated a moment before the hold): they
    /// would wait for its release. Returns how many were cancelled.
    pub async fn cancel_ladder_behind_backlogs(
        &self,
        game: &str,
        bot_concurrency: u32,
    ) -> Result<u64, StoreError> {
        let done = sqlx::query(
            "UPDATE matches SET status = 'cancelled', finished_at = $3
             WHERE number IN (
                 SELECT m.number FROM matches m
                 JOIN seats s ON s.match_id = m.id JOIN bots b ON b.id = s.bot_id
                 WHERE m.status = 'queued' AND m.kind = 'ladder' AND m.game = $1
                   AND b.kind IN ('http', 'dial', 'module')
                   AND (b.organiser_hold IS NOT NULL
                        OR (SELECT COUNT(*) FROM matches o
                            WHERE o.status IN ('queued', 'running') AND o.kind <> 'ladder'
                              AND EXISTS (SELECT 1 FROM seats t
                                          WHERE t.match_id = o.id AND t.bot_id = s.bot_id)) >= $2))",
        )
        .bind(game)
        .bind(i64::from(bot_concurrency))
        .bind(now_ms())
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected())
    }

    /// Removes a bot: it keeps its name and its results, plays no more, and its queued matches
    /// are cancelled. False if it was not there.
    pub async fn remove_bot(&self, id: &str) -> Result<bool, StoreError> {
        let mut tx = self.write().await?;
        let removed = remove_in(&mut tx, id, now_ms()).await?;
        tx.commit().await?;
        Ok(removed)
    }

    /// The id of the house bot `house_id` of `game`, registering it (named "house_id@game") if
    /// it is not there yet.
    pub async fn ensure_house_bot(&self, game: &str, house_id: &str) -> Result<String, StoreError> {
        let kind = BotKind::House {
            house_id: house_id.to_string(),
        };
        self.ensure_tokenless_bot(format!("{house_id}@{game}"), game, kind)
            .await
    }

    /// The id of the bot without a token named `name` (a house bot or a game's people), made as
    /// `kind` if it is not there yet (by this call or, at the same moment, another).
    pub(super) async fn ensure_tokenless_bot(
        &self,
        name: String,
        game: &str,
        kind: BotKind,
    ) -> Result<String, StoreError> {
        let existing = || {
            sqlx::query_scalar::<_, String>("SELECT id FROM bots WHERE name = $1")
                .bind(&name)
                .fetch_optional(&self.pool)
        };
        if let Some(id) = existing().await? {
            return Ok(id);
        }
        let bot = NewBot {
            id: uuid::Uuid::new_v4().to_string(),
            name: name.clone(),
            game: game.to_string(),
            kind,
            token_hash: None,
            secret_hash: None,
            ladder_players: None,
        };
        match self.insert_bot(&bot).await {
            Ok(()) => Ok(bot.id),
            Err(StoreError::NameTaken(_)) => existing()
                .await?
                .ok_or_else(|| StoreError::Corrupt(format!("bot {name:?} vanished"))),
            Err(e) => Err(e),
        }
    }
}
