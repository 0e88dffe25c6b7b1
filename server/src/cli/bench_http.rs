//! `cardarena bench --http`: the server's match runner against an instant HTTP bot on loopback,
//! beside a plain loop of the same signed HTTP calls to the same bot from the same process.
//!
//! Two phases. Sequential (one call at a time): the bot notes, per match, the time from its answer
//! to the next request; the server's added latency per decision is that gap through the match
//! runner (engine, view, JSON, signing, checks) less the same gap in the plain loop. Concurrent
//! (`--concurrency` callers for `--seconds`): decisions per second through the runner against
//! calls per second of the plain loop.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::Router;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::HeaderMap;
use axum::routing::post;
use cardarena_bots::http::protocol::TurnRequest;
use cardarena_bots::http::{AddressPolicy, HttpClient, MATCH_HEADER, Signer};
use cardarena_bots::{GameVisitor, HouseGame, MatchError, with_game};

use super::CliError;
use crate::games;
use crate::runner::{RunError, Runner};
use crate::secrets::ServerKey;
use crate::store::{BotKind, ClaimedMatch, Lease, SeatPlayer};

/// How many decisions the sequential phase measures on each side.
const SEQUENTIAL_DECISIONS: usize = 3000;

/// The figures `bench --http` prints, in this field order.
#[derive(serde::Serialize)]
struct Report {
    game: String,
    players: usize,
    concurrency: usize,
    server_decisions_per_sec: f64,
    raw_calls_per_sec: f64,
    server_calls_per_sec: f64,
    ratio: f64,
    added_p50_us: f64,
    added_p99_us: f64,
    raw_p50_us: f64,
    raw_p99_us: f64,
}

/// What the instant bot shares with the benchmark: gaps between its answer and the next request
/// of the same match, recorded while `recording` is on.
#[derive(Default)]
struct Gaps {
    recording: AtomicBool,
    last_answer: Mutex<HashMap<String, Instant>>,
    gaps_us: Mutex<Vec<f64>>,
}

impl Gaps {
    fn take(&self) -> Vec<f64> {
        self.last_answer.lock().map(|mut m| m.clear()).ok();
        self.gaps_us
            .lock()
            .map(|mut g| std::mem::take(&mut *g))
            .unwrap_or_default()
    }
}

/// The instant bot: answers every request with the first legal action, without reading it.
async fn instant(State(gaps): State<Arc<Gaps>>, headers: HeaderMap, _body: Bytes) -> &'static str {
    if gaps.recording.load(Ordering::Relaxed) {
        let now = Instant::now();
        let id = headers
            .get(MATCH_HEADER)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_string();
        if let Ok(mut last) = gaps.last_answer.lock()
            && let Some(then) = last.insert(id, now)
        {
            let gap = now.duration_since(then).as_secs_f64() * 1e6;
            gaps.gaps_us.lock().map(|mut g| g.push(gap)).ok();
        }
    }
    r#"{"action_index":0}"#
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
    let runtime = tokio::runtime::Runtime::new().map_err(|e| CliError(e.to_string()))?;
    let report = runtime.block_on(async {
        let gaps = Arc::new(Gaps::default());
        let app = Router::new()
            .route("/bot", post(instant))
            .with_state(gaps.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .map_err(|e| CliError(format!("cannot bind the bench bot: {e}")))?;
        let addr: SocketAddr = listener.local_addr().map_err(|e| CliError(e.to_string()))?;
        tokio::spawn(async move { axum::serve(listener, app).await });
        let url =
            url::Url::parse(&format!("http://{addr}/bot")).map_err(|e| CliError(e.to_string()))?;
        let bench = HttpBench {
            client: HttpClient::new(AddressPolicy::Local),
            runner: Runner::new(
                HttpClient::new(AddressPolicy::Local),
                ServerKey::ephemeral(),
            ),
            url,
            game: info.id.to_string(),
            options: info.options.clone(),
            players,
            body: sample_body(info.id, players).ok_or_else(|| CliError("no sample turn".into()))?,
        };

        gaps.recording.store(true, Ordering::Relaxed);
        bench.raw_calls(1, None, Some(SEQUENTIAL_DECISIONS)).await?;
        let raw_gaps = gaps.take();
        bench
            .runner_matches(1, None, Some(SEQUENTIAL_DECISIONS))
            .await?;
        let server_gaps = gaps.take();
        gaps.recording.store(false, Ordering::Relaxed);

        let span = Duration::from_secs_f64(seconds);
        let raw = bench.raw_calls(concurrency, Some(span), None).await? as f64 / seconds;
        let (decisions, matches) = bench.runner_matches(concurrency, Some(span), None).await?;
        let server = decisions as f64 / seconds;
        // Every seat is also told of the match's start and end: two calls per seat and match.
        let calls = (decisions + matches * 2 * players as u64) as f64 / seconds;
        let (raw_p50, raw_p99) = (percentile(&raw_gaps, 0.5), percentile(&raw_gaps, 0.99));
        Ok::<_, CliError>(Report {
            game: info.id.to_string(),
            players,
            concurrency,
            server_decisions_per_sec: server.round(),
            server_calls_per_sec: calls.round(),
            raw_calls_per_sec: raw.round(),
            ratio: (server / raw * 1000.0).round() / 1000.0,
            added_p50_us: (percentile(&server_gaps, 0.5) - raw_p50).round(),
            added_p99_us: (percentile(&server_gaps, 0.99) - raw_p99).round(),
            raw_p50_us: raw_p50.round(),
            raw_p99_us: raw_p99.round(),
        })
    })?;
    println!(
        "{}",
        serde_json::to_string(&report).map_err(|e| CliError(e.to_string()))?
    );
    Ok(())
}

/// The `q` quantile of `values` (nearest rank); 0 for none.
fn percentile(values: &[f64], q: f64) -> f64 {
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    match sorted.len() {
        0 => 0.0,
        n => sorted[((n as f64 * q).ceil() as usize).clamp(1, n) - 1],
    }
}

/// A real turn request of the game's first decision, as the server would send it.
fn sample_body(game: &str, players: usize) -> Option<Vec<u8>> {
    struct Sample(usize);
    impl GameVisitor for Sample {
        type Output = Option<Vec<u8>>;
        fn visit<G: HouseGame>(self) -> Self::Output {
            let state = G::new(&G::Options::default(), self.0, 1).ok()?;
            let seat = state.to_act()?;
            let (view, legal) = (state.view(seat), state.legal_actions());
            let request = TurnRequest::new("raw-bench", G::ID, seat, 1, 1000, &view, &legal);
            serde_json::to_vec(&request).ok()
        }
    }
    with_game(game, Sample(players)).flatten()
}

struct HttpBench {
    client: HttpClient,
    runner: Runner,
    url: url::Url,
    game: String,
    options: serde_json::Value,
    players: usize,
    body: Vec<u8>,
}

impl HttpBench {
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
        let mut tasks = tokio::task::JoinSet::new();
        for caller in 0..callers {
            let (client, url, body, done) = (
                self.client.clone(),
                self.url.clone(),
                self.body.clone(),
                done.clone(),
            );
            tasks.spawn(async move {
                let signer = Signer::new(b"bench secret");
                let match_id = format!("raw-{caller}");
                loop {
                    if end.is_some_and(|e| Instant::now() >= e)
                        || total.is_some_and(|t| done.load(Ordering::Relaxed) as usize >= t)
                    {
                        return Ok(());
                    }
                    client
                        .post_signed(
                            &url,
                            &signer,
                            &match_id,
                            body.clone(),
                            Duration::from_secs(5),
                        )
                        .await
                        .map_err(|f| CliError(format!("the bench bot faulted: {f}")))?;
                    done.fetch_add(1, Ordering::Relaxed);
                }
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
        let mut tasks = tokio::task::JoinSet::new();
        for caller in 0..callers {
            let runner = self.runner.clone();
            let (done, played) = (done.clone(), played.clone());
            let seats: Vec<SeatPlayer> = (0..self.players)
                .map(|seat| SeatPlayer {
                    bot_id: format!("bench-{seat}"),
                    name: format!("bench-{seat}"),
                    kind: BotKind::Http {
                        url: self.url.to_string(),
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
                        id: format!("bench-{caller}-{number}"),
                        game: game.clone(),
                        kind: "practice".into(),
                        options: options.clone(),
                        seed: number * 1000 + caller as u64,
                        deadline_ms: 5000,
                        time_bank_ms: 0,
                        wall_clock_ms: None,
                        stage: None,
                        seats: seats.clone(),
                        lease: Lease {
                            worker: "bench".into(),
                            attempt: 1,
                        },
                    };
                    let result = match runner.run(&claimed).await {
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
