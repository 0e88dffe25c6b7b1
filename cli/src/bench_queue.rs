//! `cardarena bench --queue`: matches per second through the queue and the database.
//!
//! Rated matches between contestant bots that think a few milliseconds per decision (served on
//! loopback by this process) are queued in a store that holds no match yet, then played: in this
//! process by the scheduler `serve` uses, or by `cardarena worker` processes (this executable)
//! sharing a PostgreSQL database. The time runs from the first player's registration in the
//! store (it claims at once, the queue being full) to the last result, by the store's own
//! timestamps, so the processes' start-up is not counted.

use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use axum::Router;
use axum::body::Bytes;
use axum::routing::post;
use cardarena_bots::http::{AddressPolicy, HttpClient};
use serde_json::json;

use super::CliError;
use cardarena_contest::games::{self, GameInfo};
use cardarena_contest::runner::Runner;
use cardarena_contest::scheduler::{Scheduler, SchedulerConfig};
use cardarena_contest::secrets::ServerKey;
use cardarena_store::{
    BotKind, MatchKind, MatchStatus, NewBot, NewMatch, Store, WorkerRow, WriterLock,
};

/// How many contestant bots the matches are shared among.
const CONTESTANTS: usize = 8;

/// The per-bot cap every player is given: far above any number of slots, so that it never binds
/// and the slots and the database are what limit.
pub(super) const BOT_CONCURRENCY: u32 = 1000;

/// How often the store is asked whether the matches are played.
const POLL: Duration = Duration::from_millis(50);

/// How long the count of unplayed matches may stay the same before the bench gives up.
const STALL: Duration = Duration::from_secs(60);

/// What marks a turn request's body: the bench bot thinks before answering turns only.
const TURN: &[u8] = br#""type":"turn""#;

/// What `bench --queue` measures.
#[derive(Debug)]
pub struct QueueBench {
    /// The store: `sqlite://…` or `postgres://…`, holding no match.
    pub database_url: String,
    /// `cardarena worker` processes to start; 0 plays the matches in this process.
    pub workers: u32,
    /// How many matches to queue.
    pub matches: u32,
    /// How long the contestant bots think before each decision.
    pub think_ms: u64,
    /// The game.
    pub game: String,
    /// The most matches each process plays at once.
    pub slots: u16,
}

/// The figures `bench --queue` prints, in this field order: `seconds` from the first player's
/// start to the last result, `decisions` every seat's (the house bots' too).
#[derive(serde::Serialize)]
struct Report {
    backend: &'static str,
    workers: u32,
    matches: u32,
    finished: u32,
    think_ms: u64,
    slots: u16,
    seconds: f64,
    matches_per_sec: f64,
    decisions_per_sec: f64,
}

/// Queues and plays the matches, and prints the figures as one JSON line.
pub fn run(bench: QueueBench) -> Result<(), CliError> {
    let info = games::game(&bench.game).ok_or_else(|| super::unknown_game(&bench.game))?;
    if info.players.min > 2 {
        return Err(CliError(format!(
            "--queue plays two-seat matches; {} seats {} at least",
            info.id, info.players.min
        )));
    }
    let backend = if bench.database_url.starts_with("sqlite:") {
        "sqlite"
    } else if bench.database_url.starts_with("postgres") {
        "postgres"
    } else {
        return Err(CliError(format!(
            "{:?} is not sqlite://PATH or postgres://…",
            bench.database_url
        )));
    };
    if bench.workers > 0 && backend == "sqlite" {
        return Err(CliError(
            "--workers needs PostgreSQL: workers share the database, and a SQLite file is one \
             process's (--workers 0 plays the matches in this process)"
                .into(),
        ));
    }
    super::init_tracing(super::LogFormat::Text);
    let runtime = tokio::runtime::Runtime::new().map_err(failed)?;
    let report = runtime.block_on(bench.measure(&info, backend))?;
    println!("{}", serde_json::to_string(&report).map_err(failed)?);
    Ok(())
}

impl QueueBench {
    async fn measure(&self, info: &GameInfo, backend: &'static str) -> Result<Report, CliError> {
        // A SQLite file another process writes is refused before anything is written to it.
        let _writer = WriterLock::take(&self.database_url).map_err(failed)?;
        let store = Store::open(&self.database_url).await.map_err(failed)?;
        if !store.match_ids().await.map_err(failed)?.is_empty() {
            return Err(CliError(format!(
                "{} holds matches already; the bench needs a database without any",
                self.database_url
            )));
        }
        let bot_url = serve_bot(Duration::from_millis(self.think_ms)).await?;
        let ids = self.queue(&store, info, &bot_url).await?;
        let key = KeyDir::new()?;
        let mut players = self.start_players(&store, &key).await?;
        wait_until_played(&store, &mut players, info.id).await?;
        let began = (store.workers().await.map_err(failed)?.iter())
            .filter(|row| players.registered(row))
            .map(|row| row.started_at)
            .min()
            .ok_or_else(|| CliError("the players never registered in the store".into()))?;
        drop(players);
        let Tally {
            finished,
            ended,
            decisions,
            failure,
        } = tally(&store, &ids).await?;
        if let Some(failure) = failure {
            return Err(CliError(format!(
                "{finished} of {} matches finished; the first other one is {failure}",
                self.matches
            )));
        }
        let seconds = ((ended.max(began) - began) as f64 / 1000.0).max(0.001);
        Ok(Report {
            backend,
            workers: self.workers,
            matches: self.matches,
            finished,
            think_ms: self.think_ms,
            slots: self.slots,
            seconds,
            matches_per_sec: (f64::from(finished) / seconds * 100.0).round() / 100.0,
            decisions_per_sec: (decisions as f64 / seconds).round(),
        })
    }

    /// Registers the contestants (active, as bots that answered their first ping) and queues
    /// the rated matches: every other one between two contestants, the rest a contestant against
    /// a house bot. Returns the matches' ids.
    async fn queue(
        &self,
        store: &Store,
        info: &GameInfo,
        url: &str,
    ) -> Result<Vec<String>, CliError> {
        let house = (store.ensure_house_bot(info.id, info.house_bots[0]).await).map_err(failed)?;
        let mut contestants = Vec::with_capacity(CONTESTANTS);
        for number in 0..CONTESTANTS {
            let id = uuid::Uuid::new_v4().to_string();
            let bot = NewBot {
                name: format!("bench-{number}-{}", &id[..8]),
                id: id.clone(),
                game: info.id.to_string(),
                kind: BotKind::Http {
                    url: url.to_string(),
                },
                token_hash: None,
                secret_hash: None,
                ladder_players: None,
            };
            store.insert_bot(&bot).await.map_err(failed)?;
            store.check_passed(&id, Some(url)).await.map_err(failed)?;
            contestants.push(id);
        }
        let matches: Vec<NewMatch> = (0..self.matches as usize)
            .map(|i| {
                let first = contestants[i % CONTESTANTS].clone();
                let second = match i % 2 {
                    0 => house.clone(),
                    _ => contestants[(i + 1) % CONTESTANTS].clone(),
                };
                ladder_match(info, i as u64 + 1, vec![first, second])
            })
            .collect();
        store.create_matches(&matches).await.map_err(failed)
    }

    /// Starts playing the queued matches: a scheduler in this process, or the workers.
    async fn start_players(&self, store: &Store, key: &KeyDir) -> Result<Players, CliError> {
        let server_key = ServerKey::load_or_create(&key.file()).map_err(failed)?;
        if self.workers == 0 {
            let runner = Runner::new(HttpClient::new(AddressPolicy::Local), server_key);
            let scheduler = Scheduler::new(
                store.clone(),
                runner,
                SchedulerConfig {
                    max_concurrent: self.slots.into(),
                    bot_concurrency: BOT_CONCURRENCY,
                    claims: cardarena_store::ClaimScope::ALL,
                    role: "serve",
                },
            );
            let id = scheduler.worker_id().to_string();
            tokio::spawn(scheduler.run());
            return Ok(Players::InProcess(id));
        }
        let exe = std::env::current_exe().map_err(failed)?;
        let log = std::env::var("RUST_LOG").unwrap_or_else(|_| "warn".into());
        let mut workers = Workers(Vec::new());
        for _ in 0..self.workers {
            let child = Command::new(&exe)
                .args(["worker", "--database-url", &self.database_url, "--key-file"])
                .arg(key.file())
                .args(["--max-matches", &self.slots.to_string()])
                .args(["--bot-concurrency", &BOT_CONCURRENCY.to_string()])
                .env("RUST_LOG", &log)
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(Stdio::inherit())
                .spawn()
                .map_err(|e| CliError(format!("cannot start {}: {e}", exe.display())))?;
            workers.0.push(child);
        }
        Ok(Players::Workers(workers))
    }
}

/// Waits until no match of `game` is queued or running; an error if a worker exits first or if
/// none ends for [`STALL`].
pub(super) async fn wait_until_played(
    store: &Store,
    players: &mut Players,
    game: &str,
) -> Result<(), CliError> {
    let mut unplayed = (u64::MAX, Instant::now());
    loop {
        players.check_running()?;
        let left = (store.pending_matches(MatchKind::Ladder, game).await).map_err(failed)?;
        if left == 0 {
            return Ok(());
        }
        if left != unplayed.0 {
            unplayed = (left, Instant::now());
        } else if unplayed.1.elapsed() > STALL {
            return Err(CliError(format!(
                "no match ended in {} s; {left} are still queued or running",
                STALL.as_secs()
            )));
        }
        tokio::time::sleep(POLL).await;
    }
}

/// What the store says of the played matches.
struct Tally {
    /// How many finished.
    finished: u32,
    /// When the last one finished, Unix ms.
    ended: i64,
    /// Their decisions (every seat's, the house bots' too).
    decisions: u64,
    /// The status and error of the first match that did not finish.
    failure: Option<String>,
}

/// Reads the matches `ids` back from the store.
async fn tally(store: &Store, ids: &[String]) -> Result<Tally, CliError> {
    let mut tally = Tally {
        finished: 0,
        ended: 0,
        decisions: 0,
        failure: None,
    };
    for id in ids {
        let summary = (store.match_summary(id).await.map_err(failed)?)
            .ok_or_else(|| CliError(format!("match {id} vanished")))?;
        if summary.status == MatchStatus::Finished {
            tally.finished += 1;
            tally.ended = tally.ended.max(summary.finished_at.unwrap_or(0));
            tally.decisions += store.play_record(id).await.map_err(failed)?.timing.len() as u64;
        } else if tally.failure.is_none() {
            let error = summary.error.unwrap_or_default();
            tally.failure = Some(format!("{} {error}", summary.status.as_str()));
        }
    }
    Ok(tally)
}

/// Whoever plays the matches.
pub(super) enum Players {
    /// This process's scheduler, by its id in the store.
    InProcess(String),
    /// `cardarena worker` processes.
    Workers(Workers),
}

impl Players {
    /// Whether `row` of the store's processes is one of these players.
    fn registered(&self, row: &WorkerRow) -> bool {
        match self {
            Players::InProcess(id) => row.info.id == *id,
            Players::Workers(workers) => workers.0.iter().any(|c| c.id() == row.info.pid),
        }
    }

    /// An error when a worker has exited: the matches would wait for it in vain.
    fn check_running(&mut self) -> Result<(), CliError> {
        let Players::Workers(workers) = self else {
            return Ok(());
        };
        for child in &mut workers.0 {
            if let Some(status) = child.try_wait().map_err(failed)? {
                return Err(CliError(format!(
                    "a worker exited ({status}) before the matches were played; its errors are \
                     above"
                )));
            }
        }
        Ok(())
    }
}

/// Worker processes, killed when dropped.
pub(super) struct Workers(Vec<Child>);

impl Drop for Workers {
    fn drop(&mut self) {
        for child in &mut self.0 {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// A temporary folder holding the key file every player signs with (and `--backup`'s databases),
/// removed when dropped.
pub(super) struct KeyDir(PathBuf);

impl KeyDir {
    pub(super) fn new() -> Result<KeyDir, CliError> {
        let dir = std::env::temp_dir().join(format!("cardarena-bench-{}", uuid::Uuid::new_v4()));
        std::fs::create_dir_all(&dir).map_err(failed)?;
        Ok(KeyDir(dir))
    }

    pub(super) fn file(&self) -> PathBuf {
        self.0.join("cardarena.key")
    }
}

impl Drop for KeyDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Serves the contestants' bot on a free loopback port: it thinks for `think` before each turn
/// and answers the first legal action. Returns its URL.
async fn serve_bot(think: Duration) -> Result<String, CliError> {
    let answer = move |body: Bytes| async move {
        if body.windows(TURN.len()).any(|window| window == TURN) {
            tokio::time::sleep(think).await;
        }
        r#"{"action_index":0}"#
    };
    let app = Router::new().route("/bot", post(answer));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .map_err(|e| CliError(format!("cannot bind the bench bot: {e}")))?;
    let addr = listener.local_addr().map_err(failed)?;
    tokio::spawn(async move { axum::serve(listener, app).await });
    Ok(format!("http://{addr}/bot"))
}

/// Any error, as the command's.
pub(super) fn failed(error: impl std::fmt::Display) -> CliError {
    CliError(error.to_string())
}

/// A rated ladder match of `info`'s game between `bot_ids`, dealt from `seed`, as the benches
/// queue them (a 1 s deadline, no bank, no cap).
pub(super) fn ladder_match(info: &GameInfo, seed: u64, bot_ids: Vec<String>) -> NewMatch {
    NewMatch::ladder(info.id, json!({}), seed, 1000, bot_ids)
}
