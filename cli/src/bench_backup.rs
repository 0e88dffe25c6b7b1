//! `cardarena bench --backup`: how long `cardarena backup` takes on a database of --matches
//! finished matches. The matches are real: rated ladder matches between the game's house bots,
//! queued in a fresh SQLite file in a temporary folder and played by the scheduler `serve` uses,
//! their results, logs and ratings stored by the store as on a server. Then the backup is taken
//! as the command takes it (three times, the median reported), and one JSON line gives the
//! database's size and the backup's time.

use std::time::{Duration, Instant};

use cardarena_bots::http::{AddressPolicy, HttpClient};
use serde_json::json;

use super::CliError;
use super::bench_queue::{
    BOT_CONCURRENCY, KeyDir, Players, failed, ladder_match, wait_until_played,
};
use cardarena_contest::games::{self, GameInfo};
use cardarena_contest::runner::Runner;
use cardarena_contest::scheduler::{Scheduler, SchedulerConfig};
use cardarena_contest::secrets::ServerKey;
use cardarena_store::{NewMatch, Store};

/// Matches queued at a time: the queue is refilled as it drains, as a ladder would keep it.
const BATCH: u32 = 1000;

/// House-bot matches played at once (they think in this process, on its cores).
const SLOTS: usize = 8;

/// How many backups are timed.
const BACKUPS: usize = 3;

/// How often the progress is told on standard error.
const PROGRESS: Duration = Duration::from_secs(15);

/// Fills a database with `matches` played matches of `game`, backs it up, prints the figures.
pub fn run(matches: u32, game: &str) -> Result<(), CliError> {
    let info = games::game(game).ok_or_else(|| super::unknown_game(game))?;
    if info.players.min > 2 {
        return Err(CliError(format!(
            "--backup plays two-seat matches; {} seats {} at least",
            info.id, info.players.min
        )));
    }
    super::init_tracing(super::LogFormat::Text);
    let runtime = tokio::runtime::Runtime::new().map_err(failed)?;
    let line = runtime.block_on(measure(matches, &info))?;
    println!("{line}");
    Ok(())
}

async fn measure(matches: u32, info: &GameInfo) -> Result<serde_json::Value, CliError> {
    let folder = KeyDir::new()?;
    let database = folder.file().with_file_name("bench.db");
    let key = folder.file();
    let store = Store::open(&format!("sqlite://{}", database.display()))
        .await
        .map_err(failed)?;
    let mut house = Vec::new();
    for id in info.house_bots {
        house.push(store.ensure_house_bot(info.id, id).await.map_err(failed)?);
    }
    let runner = Runner::new(
        HttpClient::new(AddressPolicy::Local),
        ServerKey::load_or_create(&key).map_err(failed)?,
    );
    let scheduler = Scheduler::new(
        store.clone(),
        runner,
        SchedulerConfig {
            max_concurrent: SLOTS,
            bot_concurrency: BOT_CONCURRENCY,
            claims: cardarena_store::ClaimScope::ALL,
            role: "serve",
        },
    );
    let mut players = Players::InProcess(scheduler.worker_id().to_string());
    tokio::spawn(scheduler.clone().run());

    let filling = Instant::now();
    let mut told = Instant::now();
    let mut queued = 0;
    while queued < matches {
        let batch = BATCH.min(matches - queued);
        let new: Vec<NewMatch> = (queued..queued + batch)
            .map(|i| house_match(info, &house, i))
            .collect();
        store.create_matches(&new).await.map_err(failed)?;
        scheduler.wake();
        wait_until_played(&store, &mut players, info.id).await?;
        queued += batch;
        if told.elapsed() > PROGRESS {
            eprintln!(
                "{queued} of {matches} matches played in {:.0} s",
                filling.elapsed().as_secs_f64()
            );
            told = Instant::now();
        }
    }
    let fill_seconds = filling.elapsed().as_secs_f64();
    let database_bytes = ["", "-wal"]
        .iter()
        .map(|suffix| {
            let mut name = database.clone().into_os_string();
            name.push(suffix);
            std::fs::metadata(name).map_or(0, |m| m.len())
        })
        .sum::<u64>();

    // Several backups, each to a new file, on a machine that may be busy with other work: the
    // median is the figure, every run is shown.
    let mut runs = Vec::with_capacity(BACKUPS);
    let mut backup_bytes = 0;
    for run in 0..BACKUPS {
        let to = folder.file().with_file_name(format!("backup-{run}.db"));
        let written = super::backup::sqlite(&database, &key, &to, false).await?;
        let finished = written.contents.matches_with("finished");
        if finished != u64::from(matches) {
            return Err(CliError(format!(
                "{finished} of the backup's matches are finished, not {matches}: {:?}",
                written.contents.matches
            )));
        }
        runs.push((written.seconds * 1000.0).round() / 1000.0);
        backup_bytes = written.bytes;
        std::fs::remove_file(&to).map_err(failed)?;
    }
    let mut sorted = runs.clone();
    sorted.sort_by(f64::total_cmp);
    Ok(json!({
        "game": info.id,
        "matches": matches,
        "fill_seconds": (fill_seconds * 10.0).round() / 10.0,
        "database_bytes": database_bytes,
        "backup_bytes": backup_bytes,
        "backup_seconds": sorted[BACKUPS / 2],
        "backup_runs": runs,
    }))
}

/// The `i`th match: a rated ladder match between two different house bots (if the game has two),
/// every pair in turn.
fn house_match(info: &GameInfo, house: &[String], i: u32) -> NewMatch {
    let n = house.len();
    let i = i as usize;
    let bot_ids = vec![
        house[i % n].clone(),
        house[(i + 1 + (i / n) % n.saturating_sub(1).max(1)) % n].clone(),
    ];
    ladder_match(info, i as u64 + 1, bot_ids)
}
