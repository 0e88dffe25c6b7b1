//! Bots: contestants' HTTP bots and the house bots that stand in the database as rows too.

use sqlx::Row;
use sqlx::sqlite::SqliteRow;

use super::{Store, StoreError, now_ms};

/// Where a bot runs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BotKind {
    /// A contestant's bot at this URL.
    Http {
        /// The bot's URL.
        url: String,
    },
    /// A house bot of the game, by its id in the roster.
    House {
        /// The house bot's id, e.g. "greedy".
        house_id: String,
    },
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
}

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
}

fn bot_record(row: &SqliteRow) -> Result<BotRecord, StoreError> {
    let kind = match row.try_get::<String, _>("kind")?.as_str() {
        "http" => BotKind::Http {
            url: row.try_get("url")?,
        },
        "house" => BotKind::House {
            house_id: row.try_get("house_id")?,
        },
        other => return Err(StoreError::Corrupt(format!("bot kind {other:?}"))),
    };
    Ok(BotRecord {
        id: row.try_get("id")?,
        name: row.try_get("name")?,
        game: row.try_get("game")?,
        kind,
        secret_hash: row.try_get("secret_hash")?,
        created_at: row.try_get("created_at")?,
        deleted: row.try_get::<Option<i64>, _>("deleted_at")?.is_some(),
    })
}

impl Store {
    /// Registers a bot; [`StoreError::NameTaken`] if its name is in use (by any bot, removed ones
    /// included, so that old results never change hands).
    pub async fn insert_bot(&self, bot: &NewBot) -> Result<(), StoreError> {
        let (url, house_id, kind) = match &bot.kind {
            BotKind::Http { url } => (Some(url.as_str()), None, "http"),
            BotKind::House { house_id } => (None, Some(house_id.as_str()), "house"),
        };
        let result = sqlx::query(
            "INSERT INTO bots (id, name, game, kind, url, house_id, token_hash, secret_hash, created_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        )
        .bind(&bot.id)
        .bind(&bot.name)
        .bind(&bot.game)
        .bind(kind)
        .bind(url)
        .bind(house_id)
        .bind(&bot.token_hash)
        .bind(&bot.secret_hash)
        .bind(now_ms())
        .execute(&self.pool)
        .await;
        match result {
            Err(sqlx::Error::Database(e)) if e.is_unique_violation() => {
                Err(StoreError::NameTaken(bot.name.clone()))
            }
            other => other.map(drop).map_err(StoreError::from),
        }
    }

    /// The bot with this id, removed ones included.
    pub async fn bot(&self, id: &str) -> Result<Option<BotRecord>, StoreError> {
        let sql = "SELECT id, name, game, kind, url, house_id, secret_hash, created_at, deleted_at
                   FROM bots WHERE id = ?";
        let row = sqlx::query(sql).bind(id).fetch_optional(&self.pool).await?;
        row.as_ref().map(bot_record).transpose()
    }

    /// The id of the (not removed) bot whose owner token has this hash.
    pub async fn bot_id_by_token(&self, token_hash: &str) -> Result<Option<String>, StoreError> {
        let id =
            sqlx::query_scalar("SELECT id FROM bots WHERE token_hash = ? AND deleted_at IS NULL")
                .bind(token_hash)
                .fetch_optional(&self.pool)
                .await?;
        Ok(id)
    }

    /// Every bot that is not removed, of one game or of all, by name.
    pub async fn bots(&self, game: Option<&str>) -> Result<Vec<BotRecord>, StoreError> {
        let rows = sqlx::query(
            "SELECT id, name, game, kind, url, house_id, secret_hash, created_at, deleted_at
             FROM bots WHERE deleted_at IS NULL AND (?1 IS NULL OR game = ?1) ORDER BY name",
        )
        .bind(game)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(bot_record).collect()
    }

    /// Points an HTTP bot at a new URL; false if there is no such live HTTP bot.
    pub async fn set_bot_url(&self, id: &str, url: &str) -> Result<bool, StoreError> {
        let done = sqlx::query(
            "UPDATE bots SET url = ? WHERE id = ? AND kind = 'http' AND deleted_at IS NULL",
        )
        .bind(url)
        .bind(id)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Removes a bot: it keeps its name and its results, plays no more, and its queued matches
    /// are cancelled. False if it was not there.
    pub async fn remove_bot(&self, id: &str) -> Result<bool, StoreError> {
        let mut tx = self.write().await?;
        let done =
            sqlx::query("UPDATE bots SET deleted_at = ? WHERE id = ? AND deleted_at IS NULL")
                .bind(now_ms())
                .bind(id)
                .execute(&mut *tx)
                .await?;
        sqlx::query(
            "UPDATE matches SET status = 'cancelled', finished_at = ?
             WHERE status = 'queued' AND id IN (SELECT match_id FROM seats WHERE bot_id = ?)",
        )
        .bind(now_ms())
        .bind(id)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(done.rows_affected() == 1)
    }

    /// The id of the house bot `house_id` of `game`, registering it (named "house_id@game") if
    /// it is not there yet.
    pub async fn ensure_house_bot(&self, game: &str, house_id: &str) -> Result<String, StoreError> {
        let name = format!("{house_id}@{game}");
        let existing: Option<String> = sqlx::query_scalar("SELECT id FROM bots WHERE name = ?")
            .bind(&name)
            .fetch_optional(&self.pool)
            .await?;
        if let Some(id) = existing {
            return Ok(id);
        }
        let bot = NewBot {
            id: uuid::Uuid::new_v4().to_string(),
            name,
            game: game.to_string(),
            kind: BotKind::House {
                house_id: house_id.to_string(),
            },
            token_hash: None,
            secret_hash: None,
        };
        self.insert_bot(&bot).await?;
        Ok(bot.id)
    }
}
