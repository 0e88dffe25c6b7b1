//! `cardarena bench --http`: the server's match runner against an instant HTTP bot on loopback,
//! beside a plain loop of the same signed HTTP calls to the same bot from the same process: the
//! request bodies of whole matches as the runner sends them ([`match_bodies`]), made beforehand.
//!
//! The bot runs in a process of its own with several listeners ([`super::bench_bot`]), as a bot
//! farm would, so that it is not what limits thousands of matches at once. The runner is set up
//! as `serve` sets it up: the match clock, the lease's attempt in every message and the live feed
//! on (each match ended in the live registry once played, as the scheduler does), the seats'
//! metrics recorded. Per-bot caps
//! and leases' renewals are the store's, at claim time, and not the runner's: `bench --queue`
//! measures those.
//!
//! Two phases. Sequential (one call at a time): the bot notes, per match, the time from its answer
//! to the next request; the server's added latency per decision is that gap through the match
//! runner (engine, view, JSON, signing, checks) less the same gap in the plain loop. Concurrent
//! (`--concurrency` callers for `--seconds`): decisions per second through the runner against
//! calls per second of the plain loop, in [`ROUNDS`] rounds that alternate the two, each round's
//! ratio reported with their median; and the process's resident memory before the rounds and at
//! its peak, whence the memory per open match.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use cardarena_bots::http::protocol::{MatchEnd, MatchStart, TurnRequest};
use cardarena_bots::http::{AddressPolicy, HttpClient, Signer};
use cardarena_bots::{GameVisitor, HouseGame, MatchError, with_game};
use serde_json::Value;

use super::CliError;
use super::bench_bot::{BotProcess, GAP_PREFIX};
use cardarena_contest::games;
use cardarena_contest::live::Live;
use cardarena_contest::runner::{RunError, Runner};
use cardarena_contest::secrets::ServerKey;
use cardarena_store::{BotKind, ClaimedMatch, Lease, SeatPlayer};

/// How many decisions the sequential phase measures on each side.
const SEQUENTIAL_DECISIONS: usize = 3000;

/// How many times the concurrent phase runs each side, alternating.
pub const ROUNDS: usize = 5;

/// How many listeners the bot process opens; matches and callers are spread over them.
const LISTENERS: u16 = 4;

/// Each call's deadline, on both sides. The bot answers at once, so with `--concurrency` calls in
/// flight each one waits about concurrency / (calls per second) for the cores: a second and more
/// at 10,000 on two cores. The deadline is a bot's (its thinking time), and this one is long
/// enough that the bench measures throughput rather than a contest's timeouts.
const DEADLINE: Duration = Duration::from_secs(60);

/// The kernel's unit of process CPU time in `/proc/PID/stat` (`USER_HZ`, 100 on Linux).
const TICKS_PER_SEC: f64 = 100.0;

/// The figures `bench --http` prints, in this field order.
#[derive(serde::Serialize)]
struct Report {
    game: String,
    players: usize,
    concurrency: usize,
    /// The medians over the rounds.
    server_decisions_per_sec: f64,
    raw_calls_per_sec: f64,
    server_calls_per_sec: f64,
    /// Server calls (turns, and each seat's start and end) per plain call: the runner's own cost.
    ratio: f64,
    /// Each round's ratio, in order.
    ratios: Vec<f64>,
    /// Server decisions per plain call: below `ratio` by the start and end calls.
    decision_ratio: f64,
    /// The CPU time (this process's and the bot's) of a plain call per that of a server call:
    /// what `ratio` would be on cores of their own, whatever else the machine runs. The median,
    /// then each round's.
    cpu_ratio: f64,
    cpu_ratios: Vec<f64>,
    /// CPU µs per call of the plain loop and of the runner, both processes (medians).
    raw_cpu_us_per_call: f64,
    server_cpu_us_per_call: f64,
    added_p50_us: f64,
    added_p99_us: f64,
    raw_p50_us: f64,
    raw_p99_us: f64,
    /// Resident memory before the concurrent rounds, and the process's peak.
    rss_idle_mb: f64,
    rss_peak_mb: f64,
    /// The peak less the idle figure, per match open at once.
    kb_per_open_match: f64,
}

/// Runs the benchmark and prints one JSON line.
pub fn run(
    game: &str,
    players: Option<usize>,
    concurrency: usize,
    seconds: f64,
) -> Result<(), CliError> {
    let info = games::game(game).ok_or_else(|| super::unknown_game(game))?;
    let players = players.unwrap_or(info.players.default);
    cardarena_web::open_files::raise_to_hard();
    let bot = BotProcess::start(LISTENERS)?;
    let runtime = tokio::runtime::Runtime::new().map_err(|e| CliError(e.to_string()))?;
    let report = runtime.block_on(async {
        let urls = (bot.addrs.iter())
            .map(|addr| url::Url::parse(&format!("http://{addr}/bot")))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| CliError(e.to_string()))?;
        // The seats' metrics recorded, as serve records them.
        cardarena_web::metrics::Metrics::install();
        // One pool for both sides, as a server has: the connections one side opened serve the
        // other.
        let client = HttpClient::new(AddressPolicy::Local);
        let runner = Runner::new(client.clone(), ServerKey::ephemeral())
            .with_clock_percent(100)
            .with_live(Live::default());
        let bench = HttpBench {
            client,
            plain: reqwest::Client::new(),
            runner,
            urls,
            game: info.id.to_string(),
            options: info.options.clone(),
            players,
            bodies: Arc::new(
                match_bodies(info.id, &info.options, players)
                    .ok_or_else(|| CliError("the game's requests cannot be made".into()))?,
            ),
        };

        bench.raw_calls(1, None, Some(SEQUENTIAL_DECISIONS)).await?;
        let raw_gaps = bench.gaps().await?;
        bench
            .runner_matches(1, None, Some(SEQUENTIAL_DECISIONS))
            .await?;
        let server_gaps = bench.gaps().await?;

        let rss_idle = rss_kb("VmRSS");
        let span = Duration::from_secs_f64(seconds);
        let (mut raws, mut servers, mut calls) = (vec![], vec![], vec![]);
        let (mut ratios, mut decision_ratios) = (vec![], vec![]);
        let (mut cpu_ratios, mut raw_cpu, mut server_cpu) = (vec![], vec![], vec![]);
        let cpu = || cpu_seconds(None) + cpu_seconds(Some(bot.pid));
        // Each phase is read over its window of `seconds` from its start: the bot's count of the
        // calls and turns it answered, over the time its own clock says the counts span (the
        // question waits behind the queued calls, at 10,000 for a second and more), and both
        // processes' CPU time.
        let window = || async {
            let (counts, used) = (bench.counts().await?, cpu());
            tokio::time::sleep(span).await;
            let (end, used_end) = (bench.counts().await?, cpu());
            let spanned = (end[2] - counts[2]) as f64 / 1e6;
            Ok::<_, CliError>((
                end[0] - counts[0],
                end[1] - counts[1],
                used_end - used,
                spanned,
            ))
        };
        for _ in 0..ROUNDS {
            let (phase, raw_window) =
                tokio::join!(bench.raw_calls(concurrency, Some(span), None), window());
            phase?;
            let (raw_calls, _, raw_used, raw_secs) = raw_window?;
            let (phase, server_window) = tokio::join!(
                bench.runner_matches(concurrency, Some(span), None),
                window()
            );
            phase?;
            let (server_calls, decisions, server_used, server_secs) = server_window?;
            let (raw, server) = (raw_calls as f64 / raw_secs, decisions as f64 / server_secs);
            let call_rate = server_calls as f64 / server_secs;
            let raw_per_call = raw_used / raw_calls.max(1) as f64;
            let server_per_call = server_used / server_calls.max(1) as f64;
            cpu_ratios.push(thousandths(raw_per_call / server_per_call));
            raw_cpu.push(raw_per_call * 1e6);
            server_cpu.push(server_per_call * 1e6);
            ratios.push(thousandths(call_rate / raw));
            decision_ratios.push(thousandths(server / raw));
            calls.push(call_rate);
            raws.push(raw);
            servers.push(server);
        }
        let rss_peak = rss_kb("VmHWM");
        let (raw_p50, raw_p99) = (percentile(&raw_gaps, 0.5), percentile(&raw_gaps, 0.99));
        Ok::<_, CliError>(Report {
            game: info.id.to_string(),
            players,
            concurrency,
            server_decisions_per_sec: percentile(&servers, 0.5).round(),
            server_calls_per_sec: percentile(&calls, 0.5).round(),
            raw_calls_per_sec: percentile(&raws, 0.5).round(),
            ratio: percentile(&ratios, 0.5),
            ratios,
            decision_ratio: percentile(&decision_ratios, 0.5),
            cpu_ratio: percentile(&cpu_ratios, 0.5),
            cpu_ratios,
            raw_cpu_us_per_call: percentile(&raw_cpu, 0.5).round(),
            server_cpu_us_per_call: percentile(&server_cpu, 0.5).round(),
            added_p50_us: (percentile(&server_gaps, 0.5) - raw_p50).round(),
            added_p99_us: (percentile(&server_gaps, 0.99) - raw_p99).round(),
            raw_p50_us: raw_p50.round(),
            raw_p99_us: raw_p99.round(),
            rss_idle_mb: (rss_idle / 1024.0).round(),
            rss_peak_mb: (rss_peak / 1024.0).round(),
            kb_per_open_match: ((rss_peak - rss_idle) / concurrency as f64).round(),
        })
    })?;
    drop(bot);
    println!(
        "{}",
        serde_json::to_string(&report).map_err(|e| CliError(e.to_string()))?
    );
    Ok(())
}

/// `x` rounded to three decimals.
fn thousandths(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

/// The CPU time, user and system, process `pid` (this one for `None`) has used so far, in
/// seconds; 0 where it cannot be read.
fn cpu_seconds(pid: Option<u32>) -> f64 {
    let path = match pid {
        Some(pid) => format!("/proc/{pid}/stat"),
        None => "/proc/self/stat".to_string(),
    };
    let stat = std::fs::read_to_string(path).unwrap_or_default();
    // The fields after the command's name (which may hold spaces): state first, utime 12th.
    let fields: Vec<&str> = stat
        .rsplit_once(')')
        .map_or(vec![], |(_, rest)| rest.split_whitespace().collect());
    let ticks = |i: usize| fields.get(i).and_then(|f| f.parse::<f64>().ok());
    match (ticks(11), ticks(12)) {
        (Some(user), Some(system)) => (user + system) / TICKS_PER_SEC,
        _ => 0.0,
    }
}

/// A figure of this process's memory from `/proc/self/status` (`VmRSS`, `VmHWM`), in kB; 0
/// where there is none.
fn rss_kb(field: &str) -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    (status.lines())
        .find_map(|line| line.strip_prefix(field)?.strip_prefix(':'))
        .and_then(|rest| rest.split_whitespace().next()?.parse().ok())
        .unwrap_or(0.0)
}

/// The `q` quantile of `values` (nearest rank); 0 for none.
pub(super) fn percentile(values: &[f64], q: f64) -> f64 {
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    match sorted.len() {
        0 => 0.0,
        n => sorted[((n as f64 * q).ceil() as usize).clamp(1, n) - 1],
    }
}

/// How many whole matches' requests the plain loop sends over and over.
const PLAIN_MATCHES: u64 = 16;

/// Every request body the runner sends in [`PLAIN_MATCHES`] matches of the game (seeds 1, 2, …)
/// when each seat answers the first legal action, as the bench's bot does: each seat's
/// `match_start`, every turn, each seat's `match_end`, in order, with the clock and the attempt
/// the runner writes. The plain loop sends these, so that it makes the same calls as the runner,
/// bodies of the same sizes included.
fn match_bodies(game: &str, options: &Value, players: usize) -> Option<Vec<Vec<u8>>> {
    struct Bodies<'a>(&'a Value, usize);
    impl GameVisitor for Bodies<'_> {
        type Output = Option<Vec<Vec<u8>>>;
        fn visit<G: HouseGame>(self) -> Self::Output {
            let Bodies(options, players) = self;
            let typed: G::Options = serde_json::from_value(options.clone()).ok()?;
            let whole = serde_json::to_value(&typed).ok()?;
            let deadline_ms = DEADLINE.as_millis() as u64;
            let clock = cardarena_contest::clock::match_clock_ms(G::ID, deadline_ms as u32, 0, 100);
            let mut bodies = Vec::new();
            for seed in 1..=PLAIN_MATCHES {
                let id = format!("raw-bench-{seed}");
                let mut game = G::new(&typed, players, seed).ok()?;
                for seat in 0..players {
                    let start = MatchStart::new(&id, G::ID, seat, players, &whole, deadline_ms);
                    bodies.push(serde_json::to_vec(&start.with_attempt(1)).ok()?);
                }
                let mut decision = 0;
                while let Some(seat) = game.to_act() {
                    decision += 1;
                    let (view, legal) = (game.view(seat), game.legal_actions());
                    let request =
                        TurnRequest::new(&id, G::ID, seat, decision, deadline_ms, &view, &legal)
                            .with_time_bank(0)
                            .with_clock(Some(clock))
                            .with_attempt(1);
                    bodies.push(serde_json::to_vec(&request).ok()?);
                    game.apply(legal.first()?).ok()?;
                    if decision >= G::MAX_DECISIONS {
                        break;
                    }
                }
                let outcome = game.outcome()?;
                for seat in 0..players {
                    let end = MatchEnd::new(&id, G::ID, seat, &outcome).with_attempt(1);
                    bodies.push(serde_json::to_vec(&end).ok()?);
                }
            }
            Some(bodies)
        }
    }
    with_game(game, Bodies(options, players)).flatten()
}

struct HttpBench {
    client: HttpClient,
    /// For the bot's own questions (its counts and gaps).
    plain: reqwest::Client,
    runner: Runner,
    /// The bot's listeners: caller `n` calls the `n`th, round the list.
    urls: Vec<url::Url>,
    game: String,
    options: serde_json::Value,
    players: usize,
    /// What the plain loop sends, in turn ([`match_bodies`]).
    bodies: Arc<Vec<Vec<u8>>>,
}

impl HttpBench {
    /// The listener caller `n` calls.
    fn url(&self, n: usize) -> &url::Url {
        &self.urls[n % self.urls.len()]
    }

    /// The calls and the turns the bot answered so far, and the µs on its clock.
    async fn counts(&self) -> Result<[u64; 3], CliError> {
        let mut url = self.url(0).clone();
        url.set_path("/counts");
        let answer = (self.plain.get(url).send().await).map_err(|e| CliError(e.to_string()))?;
        let body = answer.bytes().await.map_err(|e| CliError(e.to_string()))?;
        serde_json::from_slice(&body).map_err(|e| CliError(e.to_string()))
    }

    /// The gaps the bot noted since last asked, in µs.
    async fn gaps(&self) -> Result<Vec<f64>, CliError> {
        let mut url = self.url(0).clone();
        url.set_path("/gaps");
        let answer = (self.plain.get(url).send().await).map_err(|e| CliError(e.to_string()))?;
        let body = answer.bytes().await.map_err(|e| CliError(e.to_string()))?;
        serde_json::from_slice(&body).map_err(|e| CliError(e.to_string()))
    }

    /// Plain signed calls from `callers` tasks, for `span` or until `total` calls; returns how
    /// many were made.
    async fn raw_calls(
        &self,
        callers: usize,
        span: Option<Duration>,
        total: Option<usize>,
    ) -> Result<u64, CliError> {
        let done = Arc::new(AtomicU64::new(0));
        let end = span.map(|s| Instant::now() + s);
        // A lone caller is the sequential phase's: the bot notes its gaps.
        let prefix = if callers == 1 { GAP_PREFIX } else { "" };
        let mut tasks = tokio::task::JoinSet::new();
        for caller in 0..callers {
            let (client, url, bodies, done) = (
                self.client.clone(),
                self.url(caller).clone(),
                self.bodies.clone(),
                done.clone(),
            );
            tasks.spawn(async move {
                let signer = Signer::new(b"bench secret");
                let match_id = format!("{prefix}raw-{caller}");
                // Each caller from its own place in the list, as matches are at different steps.
                let from = caller * 7919 % bodies.len();
                for body in bodies.iter().cycle().skip(from) {
                    if end.is_some_and(|e| Instant::now() >= e)
                        || total.is_some_and(|t| done.load(Ordering::Relaxed) as usize >= t)
                    {
                        return Ok(());
                    }
                    client
                        .post_signed(&url, &signer, &match_id, body.clone(), DEADLINE)
                        .await
                        .map_err(|f| CliError(format!("the bench bot faulted: {f}")))?;
                    done.fetch_add(1, Ordering::Relaxed);
                }
                Ok(())
            });
        }
        while let Some(result) = tasks.join_next().await {
            result.map_err(|e| CliError(e.to_string()))??;
        }
        Ok(done.load(Ordering::Relaxed))
    }

    /// Whole matches through the server's runner, every seat the instant bot, from `callers`
    /// tasks, for `span` or until `total` decisions; returns the decisions made and the matches
    /// played.
    async fn runner_matches(
        &self,
        callers: usize,
        span: Option<Duration>,
        total: Option<usize>,
    ) -> Result<(u64, u64), CliError> {
        let done = Arc::new(AtomicU64::new(0));
        let played = Arc::new(AtomicU64::new(0));
        let end = span.map(|s| Instant::now() + s);
        let prefix = if callers == 1 { GAP_PREFIX } else { "" };
        let mut tasks = tokio::task::JoinSet::new();
        for caller in 0..callers {
            let runner = self.runner.clone();
            let (done, played) = (done.clone(), played.clone());
            let seats: Vec<SeatPlayer> = (0..self.players)
                .map(|seat| SeatPlayer {
                    bot_id: format!("bench-{seat}"),
                    name: format!("bench-{seat}"),
                    kind: BotKind::Http {
                        url: self.url(caller).to_string(),
                    },
                })
                .collect();
            let (game, options) = (self.game.clone(), self.options.clone());
            tasks.spawn(async move {
                for number in 0u64.. {
                    if end.is_some_and(|e| Instant::now() >= e)
                        || total.is_some_and(|t| done.load(Ordering::Relaxed) as usize >= t)
                    {
                        break;
                    }
                    let claimed = ClaimedMatch {
                        id: format!("{prefix}bench-{caller}-{number}"),
                        game: game.clone(),
                        kind: "practice".into(),
                        options: options.clone(),
                        seed: number * 1000 + caller as u64,
                        deadline_ms: DEADLINE.as_millis() as u32,
                        time_bank_ms: 0,
                        wall_clock_ms: None,
                        stage: None,
                        seats: seats.clone(),
                        lease: Lease {
                            worker: "bench".into(),
                            attempt: 1,
                        },
                    };
                    // Played out past the span: a match dropped mid-call would drop its
                    // connection, and 10,000 new ones a round cost the kernel more (ports in
                    // TIME_WAIT) than the calls. The window's counts leave the tail out.
                    let played_out = runner.run(&claimed).await;
                    // Stored (as the scheduler would store it): the live feed ends.
                    runner.ended(&claimed.id);
                    let result = match played_out {
                        Ok(result) => result,
                        // Cut off as a cycle: the decisions were made all the same.
                        Err(RunError::Match(MatchError::TooLong(cap))) => {
                            done.fetch_add(cap.into(), Ordering::Relaxed);
                            continue;
                        }
                        Err(e) => return Err(CliError(e.to_string())),
                    };
                    if let Some((kind, detail)) = result.seats.iter().find_map(|s| s.fault.clone())
                    {
                        return Err(CliError(format!("the bench bot faulted: {kind}: {detail}")));
                    }
                    done.fetch_add(result.actions.len() as u64, Ordering::Relaxed);
                    played.fetch_add(1, Ordering::Relaxed);
                }
                Ok(())
            });
        }
        while let Some(result) = tasks.join_next().await {
            result.map_err(|e| CliError(e.to_string()))??;
        }
        Ok((done.load(Ordering::Relaxed), played.load(Ordering::Relaxed)))
    }
}
