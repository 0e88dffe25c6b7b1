//! What the scenarios share: a fresh database of either backend, and bots, matches and results to
//! put in it.

use cardarena_engine::Game;
use cardarena_engine::games::durak::Durak;
use cardarena_store::{
    BotKind, FinishedSeat, MatchKind, MatchResult, NewBot, NewMatch, SavedAction, Store,
};
use serde_json::json;
use sqlx::any::AnyRow;

/// A fresh, empty database: a SQLite file in a temporary directory (removed on drop) or a
/// database of its own in the PostgreSQL test cluster.
pub struct Db {
    /// Its URL, as `serve --database-url` takes it.
    pub url: String,
    /// The SQLite file's directory.
    dir: Option<std::path::PathBuf>,
}

impl Db {
    /// A SQLite file that does not exist yet.
    pub fn sqlite() -> Db {
        let dir = std::env::temp_dir().join(format!("cardarena-store-{}", uuid::Uuid::new_v4()));
        std::fs::create_dir_all(&dir).unwrap();
        Db {
            url: format!("sqlite://{}", dir.join("store.db").display()),
            dir: Some(dir),
        }
    }

    /// An empty PostgreSQL database.
    pub fn postgres() -> Db {
        Db {
            url: crate::postgres::Database::new().url,
            dir: None,
        }
    }

    /// The store on this database, migrated.
    pub async fn store(&self) -> Store {
        Store::open(&self.url).await.expect("the store opens")
    }

    /// The rows of one query, read around the store (to check what it wrote) through sqlx's `Any`
    /// driver, so the same SQL reads both databases.
    pub async fn rows(&self, sql: &str) -> Vec<AnyRow> {
        sqlx::any::install_default_drivers();
        let pool = sqlx::AnyPool::connect(&self.url).await.unwrap();
        let rows = sqlx::query(sqlx::AssertSqlSafe(sql.to_string()))
            .fetch_all(&pool)
            .await
            .unwrap();
        pool.close().await;
        rows
    }
}

impl Drop for Db {
    fn drop(&mut self) {
        if let Some(dir) = &self.dir {
            let _ = std::fs::remove_dir_all(dir);
        }
    }
}

/// A contestant's durak bot named `name`, never called (the scenarios store its results).
pub fn http_bot(name: &str) -> NewBot {
    NewBot {
        id: uuid::Uuid::new_v4().to_string(),
        name: name.to_string(),
        game: "durak".to_string(),
        kind: BotKind::Http {
            url: format!("http://127.0.0.1:9/{name}"),
        },
        token_hash: Some(format!("token-of-{name}")),
        secret_hash: Some(format!("secret-of-{name}")),
        ladder_players: None,
    }
}

/// Registers contestants' bots by name; returns their ids in the same order.
pub async fn register(store: &Store, names: &[&str]) -> Vec<String> {
    let mut ids = Vec::new();
    for name in names {
        let bot = http_bot(name);
        store.insert_bot(&bot).await.unwrap();
        ids.push(bot.id);
    }
    ids
}

/// A durak match of `kind` seating `bot_ids`, rated when it is a ladder match.
pub fn new_match(kind: MatchKind, seed: u64, bot_ids: &[&str]) -> NewMatch {
    NewMatch {
        game: "durak".to_string(),
        options: json!({}),
        seed,
        kind,
        rated: kind == MatchKind::Ladder,
        deadline_ms: 1000,
        time_bank_ms: 500,
        wall_clock_ms: Some(60_000),
        stage: None,
        bot_ids: bot_ids.iter().map(|b| b.to_string()).collect(),
    }
}

/// A result with these places, scores following them, no fault and no log.
pub fn result(ranks: &[u32]) -> MatchResult {
    MatchResult {
        seats: ranks
            .iter()
            .map(|&rank| FinishedSeat {
                rank,
                score: f64::from(10 - rank),
                fault: None,
                fallbacks: 0,
            })
            .collect(),
        actions: Vec::new(),
    }
}

/// A whole durak game of `players` dealt from `seed` (default options), every seat taking its
/// first legal action: a real log, as the runner would store it.
pub fn durak_log(seed: u64, players: usize) -> Vec<SavedAction> {
    let mut game = Durak::new(&Default::default(), players, seed).unwrap();
    let mut legal = Vec::new();
    let mut actions = Vec::new();
    while let Some(seat) = game.to_act() {
        game.legal_actions_into(&mut legal);
        let action = legal[0];
        game.apply(&action).unwrap();
        actions.push(SavedAction {
            seat,
            action: serde_json::to_value(action).unwrap(),
            say: None,
        });
    }
    actions
}

/// Claims every queued match (no per-bot limit) and returns their ids in claim order.
pub async fn claim_all(store: &Store) -> Vec<String> {
    let claimed = store.claim_queued(1000, 1000, "test").await.unwrap();
    claimed.into_iter().map(|m| m.id).collect()
}
