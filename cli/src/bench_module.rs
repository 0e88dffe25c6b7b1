//! `cardarena bench --module FILE`: what a bot module costs the server. Its check (a cold compile
//! and a start), a seat's instance started from the pooled, pre-instantiated module, the memory
//! a running instance holds, and its decisions played against random house bots: per second and
//! per call, in the thinking pool as the server plays them. With `--module-http URL`, the same
//! games with the same bot called over loopback HTTP at that seat, for the round trip beside the
//! call. One JSON line.

use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use cardarena_bots::http::HttpClient;
use cardarena_bots::{
    Bot, BotFault, BotFuture, GameVisitor, HouseGame, HttpBotConfig, RemoteBot, Reply, Turn,
    play_match, with_game,
};
use cardarena_engine::shuffle::derive_seed;
use cardarena_engine::{Outcome, Seat};
use cardarena_sandbox::{Limits, Module, ModuleBot, ModuleSeat, Sandbox, ServerOptions};
use serde_json::{Value, json};

use super::{CliError, unknown_game};

/// How many instances are started to time a start.
const STARTS: u32 = 200;
/// How many instances are held at once to measure their memory.
const HELD: usize = 16;

/// What `--module` measures.
pub struct ModuleBench {
    /// The module's file.
    pub path: std::path::PathBuf,
    /// The same bot served over HTTP, if given.
    pub http: Option<url::Url>,
    /// The game.
    pub game: String,
    /// Games to play.
    pub games: u64,
    /// The first game's seed.
    pub seed: u64,
}

/// Runs the measurement and prints its JSON line.
pub fn run(bench: ModuleBench) -> Result<(), CliError> {
    let game = bench.game.clone();
    with_game(&game, Measure(bench)).ok_or_else(|| unknown_game(&game))?
}

struct Measure(ModuleBench);

impl GameVisitor for Measure {
    type Output = Result<(), CliError>;

    fn visit<G: HouseGame>(self) -> Result<(), CliError> {
        measure::<G>(self.0)
    }
}

fn measure<G: HouseGame>(bench: ModuleBench) -> Result<(), CliError> {
    let bytes = std::fs::read(&bench.path)
        .map_err(|e| CliError(format!("cannot read {}: {e}", bench.path.display())))?;
    let limits = Limits::default();
    let started = Instant::now();
    Sandbox::new(limits)
        .map_err(CliError)?
        .check(&bytes)
        .map_err(|refusal| CliError(format!("the module would be refused: {refusal}")))?;
    let check_ms = started.elapsed().as_secs_f64() * 1e3;
    let options = ServerOptions {
        instances: HELD as u32 + 1,
        cache_dir: None,
        cache_bytes: 0,
    };
    let pooled = Sandbox::for_server(limits, &options).map_err(CliError)?;
    let module = (pooled.load(&bytes)).map_err(|refusal| CliError(refusal.to_string()))?;
    let start_us = time_starts(&module)?;
    let instance_kib = memory_per_instance::<G>(&module)?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| CliError(format!("cannot start the runtime: {e}")))?;
    let as_module = runtime.block_on(play::<G>(&bench, Seated::Module(&module)))?;
    let as_http = match &bench.http {
        Some(url) => Some(runtime.block_on(play::<G>(&bench, Seated::Http(url)))?),
        None => None,
    };
    let line = json!({
        "bench": "module",
        "module": bench.path.display().to_string(),
        "bytes": bytes.len(),
        "game": G::ID,
        "check_ms": round(check_ms),
        "instance_start_us": round(start_us),
        "instance_rss_kib": instance_kib,
        "module_calls": as_module,
        "http_calls": as_http,
    });
    println!("{line}");
    Ok(())
}

/// The mean time to start a seat's instance of `module`, in µs.
fn time_starts(module: &Module) -> Result<f64, CliError> {
    let started = Instant::now();
    for seed in 0..STARTS {
        drop(
            module
                .start(u64::from(seed))
                .map_err(|f| CliError(f.to_string()))?,
        );
    }
    Ok(started.elapsed().as_secs_f64() * 1e6 / f64::from(STARTS))
}

/// The resident memory one running instance adds, in KiB: [`HELD`] instances started and sent
/// a `match_start`, the process's growth divided among them.
fn memory_per_instance<G: HouseGame>(module: &Module) -> Result<u64, CliError> {
    let before = resident_kib();
    let start = json!({"type": "match_start", "protocol": 1, "match_id": "bench", "game": G::ID,
        "seat": 0, "players": 2, "options": {}, "deadline_ms": 1000})
    .to_string();
    let mut held = Vec::with_capacity(HELD);
    for seed in 0..HELD {
        let mut seat = module
            .start(seed as u64)
            .map_err(|f| CliError(f.to_string()))?;
        seat.handle(&start, 5_000_000_000)
            .map_err(|f| CliError(f.to_string()))?;
        held.push(seat);
    }
    let after = resident_kib();
    drop(held);
    Ok(after.saturating_sub(before) / HELD as u64)
}

/// This process's resident set, in KiB (0 where /proc is not).
fn resident_kib() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    (status.lines())
        .find_map(|line| line.strip_prefix("VmRSS:"))
        .and_then(|rest| rest.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

/// What plays the measured seat.
enum Seated<'a> {
    Module(&'a Module),
    Http(&'a url::Url),
}

/// Plays the bench's games with the measured bot at seat 0 (the others random): its decisions,
/// their rate over the time spent in its calls, and the mean and 99th percentile of a call.
async fn play<G: HouseGame>(bench: &ModuleBench, seated: Seated<'_>) -> Result<Value, CliError> {
    let times = Arc::new(Mutex::new(Vec::new()));
    let client = HttpClient::new(cardarena_bots::http::AddressPolicy::Local);
    let options = G::Options::default();
    let sent = serde_json::to_value(&options).unwrap_or(Value::Null);
    let players = G::PLAYERS.default;
    for index in 0..bench.games {
        let seed = derive_seed(bench.seed, index);
        let match_id = format!("bench-{index}");
        let measured: Box<dyn Bot<G>> = match &seated {
            Seated::Module(module) => Box::new(ModuleBot::<G>::new(
                (*module).clone(),
                ModuleSeat {
                    bot_id: "bench".into(),
                    match_id,
                    seed,
                    deadline_ms: 1000,
                    time_bank_ms: 0,
                    options: sent.clone(),
                },
            )),
            Seated::Http(url) => Box::new(RemoteBot::<G>::new(
                client.clone(),
                HttpBotConfig {
                    url: (*url).clone(),
                    secret: Vec::new(),
                    match_id,
                    deadline: Duration::from_secs(1),
                    time_bank: Duration::ZERO,
                    options: sent.clone(),
                },
            )),
        };
        let mut bots: Vec<Box<dyn Bot<G>>> = vec![Box::new(Timed {
            inner: measured,
            times: times.clone(),
        })];
        for k in 1..players {
            let random = G::house_bot("random", derive_seed(seed, k as u64))
                .ok_or_else(|| CliError(format!("{} has no random bot", G::ID)))?;
            bots.push(random);
        }
        let played = play_match::<G>(&options, seed, &mut bots)
            .await
            .map_err(|e| CliError(e.to_string()))?;
        if let Some(fault) = &played.faults[0] {
            return Err(CliError(format!("the bot faulted: {}", fault.detail)));
        }
    }
    let mut times = std::mem::take(&mut *times.lock().unwrap_or_else(PoisonError::into_inner));
    times.sort_by(f64::total_cmp);
    let total: f64 = times.iter().sum();
    let p99 = times
        .get(times.len().saturating_sub(1) * 99 / 100)
        .copied()
        .unwrap_or(0.0);
    Ok(json!({
        "decisions": times.len(),
        "decisions_per_s": round(times.len() as f64 / (total / 1e6).max(1e-9)),
        "call_us_mean": round(total / times.len().max(1) as f64),
        "call_us_p99": round(p99),
    }))
}

/// A bot whose decisions are timed, in µs.
struct Timed<G: HouseGame> {
    inner: Box<dyn Bot<G>>,
    times: Arc<Mutex<Vec<f64>>>,
}

impl<G: HouseGame> Bot<G> for Timed<G> {
    fn act<'a>(
        &'a mut self,
        turn: Turn<'a, G>,
    ) -> BotFuture<'a, Result<Reply<G::Action>, BotFault>> {
        Box::pin(async move {
            let started = Instant::now();
            let reply = self.inner.act(turn).await;
            let us = started.elapsed().as_secs_f64() * 1e6;
            (self.times.lock().unwrap_or_else(PoisonError::into_inner)).push(us);
            reply
        })
    }

    fn start(&mut self, seat: Seat, players: usize) -> BotFuture<'_, ()> {
        self.inner.start(seat, players)
    }

    fn end<'a>(&'a mut self, seat: Seat, outcome: &'a Outcome) -> BotFuture<'a, ()> {
        self.inner.end(seat, outcome)
    }
}

/// `x` to one decimal.
fn round(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}
