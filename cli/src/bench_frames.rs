//! `cardarena bench --frames`: many viewers of one long finished match. A server is started in
//! this process on a fresh SQLite file, plays a few house-bot matches of --game at its largest
//! table and keeps the longest; then --concurrency clients, each from a loopback address of its
//! own, read that match's frames in a loop (gzip, as browsers ask) for --seconds, and after that
//! revalidate them (`If-None-Match`, answered 304), while a probe calls an unrelated route
//! (`GET /api/games`) every 10 ms. It is done twice: with the frames cache at its default size,
//! and with none (`--frames-cache-mb 0`: every read builds, readers arriving during a build share
//! it). One JSON line per run gives reads per second, the probe's latency alone and under the
//! readers, and how many builds the reads cost (the cache's `miss` count).
//!
//! The clients and the probe run on threads of their own, outside the server's runtime, as
//! clients on other machines would; on a machine of few cores they still share its CPU.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::time::{Duration, Instant};

use reqwest::StatusCode;
use reqwest::header::{ACCEPT_ENCODING, ETAG, IF_NONE_MATCH};
use serde_json::{Value, json};

use super::CliError;
use super::bench_queue::{KeyDir, failed, ladder_match};
use cardarena_contest::frames::cache::DEFAULT_CACHE_BYTES;
use cardarena_contest::games::{self, GameInfo};
use cardarena_web::app::{self, ServeConfig};

/// The most readers: each holds a connection at both ends, within the usual limit of 1,024 open
/// files.
const MAX_CLIENTS: usize = 400;

/// Matches played to find a long one.
const TRIES: u64 = 16;

/// How long the probe runs alone before the readers start.
const ALONE: Duration = Duration::from_secs(3);

/// Time between two calls of the probe.
const PROBE_EVERY: Duration = Duration::from_millis(10);

/// What `bench --frames` is asked.
pub struct FramesBench {
    /// The game whose longest match is read.
    pub game: String,
    /// Readers at once.
    pub clients: usize,
    /// Seconds each reading phase lasts.
    pub seconds: f64,
}

/// Runs the bench twice (cache on, cache off) and prints one JSON line for each.
pub fn run(bench: FramesBench) -> Result<(), CliError> {
    let info = games::game(&bench.game).ok_or_else(|| super::unknown_game(&bench.game))?;
    if bench.clients > MAX_CLIENTS {
        return Err(CliError(format!(
            "--frames takes at most {MAX_CLIENTS} clients (--concurrency)"
        )));
    }
    for cache_bytes in [DEFAULT_CACHE_BYTES, 0] {
        let runtime = tokio::runtime::Runtime::new().map_err(failed)?;
        let line = runtime.block_on(measure(&bench, &info, cache_bytes))?;
        println!("{line}");
        // Dropping the runtime stops the server and everything it started.
        drop(runtime);
    }
    Ok(())
}

async fn measure(
    bench: &FramesBench,
    info: &GameInfo,
    cache_bytes: usize,
) -> Result<Value, CliError> {
    let folder = KeyDir::new()?;
    let database = folder.file().with_file_name("bench.db");
    let mut config = ServeConfig::new(
        SocketAddr::from((Ipv4Addr::LOCALHOST, 0)),
        format!("sqlite://{}", database.display()),
    );
    config.ladder_interval = None;
    config.frames_cache_bytes = cache_bytes;
    config.metrics_addr = Some(SocketAddr::from((Ipv4Addr::LOCALHOST, 0)));
    config.connections.max_connections = config.connections.max_connections.max(bench.clients * 2);
    let running = app::start(config).await.map_err(failed)?;
    let base = format!("http://{}", running.addr);
    let metrics = format!(
        "http://{}/metrics",
        running.metrics_addr.expect("metrics were asked for")
    );

    let (match_id, steps) = longest_match(&running.store, info, &base).await?;
    let path = format!("{base}/api/matches/{match_id}/frames");
    let client = reqwest::Client::new();
    let alone = joined(probe(base.clone(), ALONE), "probe's").await?;
    // The readers find the cache cold: the builds they cost are all the reads cost.
    let builds_before = misses(&client, &metrics).await?;
    let seconds = Duration::from_secs_f64(bench.seconds);
    let reading = read_phase(&base, &path, None, bench.clients, seconds).await?;
    let builds = misses(&client, &metrics).await? - builds_before;

    // One more read alone: a cached answer's time with the cache, a build's without it.
    let started = Instant::now();
    let one = client
        .get(&path)
        .header(ACCEPT_ENCODING, "gzip")
        .send()
        .await
        .map_err(failed)?;
    let tag = one
        .headers()
        .get(ETAG)
        .and_then(|t| t.to_str().ok())
        .unwrap_or_default()
        .to_string();
    let gzip_bytes = one.bytes().await.map_err(failed)?.len();
    let one_read_ms = started.elapsed().as_secs_f64() * 1000.0;
    let plain_bytes = client
        .get(&path)
        .send()
        .await
        .map_err(failed)?
        .bytes()
        .await
        .map_err(failed)?
        .len();
    let revalidating = read_phase(&base, &path, Some(&tag), bench.clients, seconds).await?;

    Ok(json!({
        "game": info.id,
        "cache_mb": cache_bytes / (1024 * 1024),
        "match": match_id,
        "steps": steps,
        "frames_bytes": plain_bytes,
        "frames_gzip_bytes": gzip_bytes,
        "one_read_ms": round(one_read_ms),
        "clients": bench.clients,
        "seconds": bench.seconds,
        "games_p50_ms_alone": percentile(&alone, 50),
        "games_p99_ms_alone": percentile(&alone, 99),
        "reads_per_sec": round(reading.reads_per_sec()),
        "read_mb_per_sec": round(reading.bytes as f64 / bench.seconds / 1e6),
        "read_statuses": reading.statuses,
        "builds_during_reads": builds,
        "games_p50_ms_reading": percentile(&reading.probe, 50),
        "games_p99_ms_reading": percentile(&reading.probe, 99),
        "revalidations_per_sec": round(revalidating.reads_per_sec()),
        "revalidation_statuses": revalidating.statuses,
        "games_p50_ms_revalidating": percentile(&revalidating.probe, 50),
        "games_p99_ms_revalidating": percentile(&revalidating.probe, 99),
    }))
}

/// Plays [`TRIES`] matches of the game's first house bot against itself at the largest table,
/// through the server's own queue; the longest's id and its number of steps.
async fn longest_match(
    store: &cardarena_store::Store,
    info: &GameInfo,
    base: &str,
) -> Result<(String, usize), CliError> {
    let house = store
        .ensure_house_bot(info.id, info.house_bots[0])
        .await
        .map_err(failed)?;
    let new: Vec<_> = (1..=TRIES)
        .map(|seed| ladder_match(info, seed, vec![house.clone(); info.players.max]))
        .collect();
    let ids = store.create_matches(&new).await.map_err(failed)?;
    let client = reqwest::Client::new();
    let mut longest = (String::new(), 0);
    for id in ids {
        let m = loop {
            let m: Value = client
                .get(format!("{base}/api/matches/{id}"))
                .send()
                .await
                .map_err(failed)?
                .json()
                .await
                .map_err(failed)?;
            if m["status"] != "queued" && m["status"] != "running" {
                break m;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        };
        if m["status"] != "finished" {
            return Err(CliError(format!("a house-bot match ended {}", m["status"])));
        }
        let steps = m["actions"].as_array().map_or(0, Vec::len);
        if steps > longest.1 {
            longest = (id, steps);
        }
    }
    Ok(longest)
}

/// What the readers of one phase did.
struct Phase {
    /// Answers by status.
    statuses: std::collections::BTreeMap<String, u64>,
    /// Bytes of the 200s' bodies.
    bytes: u64,
    /// The answers the phase counted (200 or 304).
    ok: u64,
    /// How long the readers read.
    elapsed: Duration,
    /// The probe's latencies meanwhile, in ms.
    probe: Vec<f64>,
}

impl Phase {
    fn reads_per_sec(&self) -> f64 {
        self.ok as f64 / self.elapsed.as_secs_f64()
    }
}

/// `clients` readers of `path` for `seconds` on a thread of their own (with `tag`, each read
/// names it in `If-None-Match`), while the probe calls `GET /api/games` on another.
async fn read_phase(
    base: &str,
    path: &str,
    tag: Option<&str>,
    clients: usize,
    seconds: Duration,
) -> Result<Phase, CliError> {
    let (path, tag) = (path.to_string(), tag.map(str::to_string));
    let readers =
        on_own_thread(async move { read_loops(&path, tag.as_deref(), clients, seconds).await });
    // The readers settle in (connect, first reads) before the probe starts.
    tokio::time::sleep(seconds.mul_f64(0.1).min(Duration::from_secs(1))).await;
    let probe = joined(probe(base.to_string(), seconds.mul_f64(0.8)), "probe's").await?;
    let (statuses, bytes, ok, elapsed) = joined(readers, "readers'").await?;
    Ok(Phase {
        statuses,
        bytes,
        ok,
        elapsed,
        probe,
    })
}

type Counts = (std::collections::BTreeMap<String, u64>, u64, u64, Duration);

/// The reading loops of one phase, on the current thread's runtime.
async fn read_loops(
    path: &str,
    tag: Option<&str>,
    clients: usize,
    seconds: Duration,
) -> Result<Counts, CliError> {
    let mut tasks = tokio::task::JoinSet::new();
    let mut starts = Vec::with_capacity(clients);
    for n in 0..clients {
        // Each client its own address (127.1.x.y), as viewers on their own machines would be:
        // the server's share per address is not what this measures.
        let source = IpAddr::V4(Ipv4Addr::new(127, 1, (n / 250) as u8, (n % 250) as u8 + 1));
        let client = reqwest::Client::builder()
            .local_address(source)
            .build()
            .map_err(failed)?;
        starts.push((client, path.to_string(), tag.map(str::to_string)));
    }
    // The clients are made first (that takes a while), then all start together.
    let end = Instant::now() + seconds;
    for (client, path, tag) in starts {
        tasks.spawn(async move {
            let mut counts: Vec<(String, u64)> = Vec::new();
            while Instant::now() < end {
                let mut request = client.get(&path).header(ACCEPT_ENCODING, "gzip");
                if let Some(tag) = &tag {
                    request = request.header(IF_NONE_MATCH, tag.as_str());
                }
                let (status, len) = match request.send().await {
                    Ok(answer) => {
                        let status = answer.status();
                        let len = answer.bytes().await.map_or(0, |b| b.len() as u64);
                        (status.as_u16().to_string(), len)
                    }
                    Err(_) => ("error".to_string(), 0),
                };
                if status == StatusCode::TOO_MANY_REQUESTS.as_str() || status == "error" {
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
                counts.push((status, len));
            }
            counts
        });
    }
    let started = Instant::now();
    let (mut statuses, mut bytes, mut ok) = (std::collections::BTreeMap::new(), 0, 0);
    while let Some(counts) = tasks.join_next().await {
        for (status, len) in counts.map_err(failed)? {
            if status == "200" || status == "304" {
                ok += 1;
                bytes += len;
            }
            *statuses.entry(status).or_insert(0) += 1;
        }
    }
    Ok((statuses, bytes, ok, started.elapsed()))
}

/// Latencies in ms of `GET /api/games`, one every [`PROBE_EVERY`] on one kept-alive
/// connection, for `how_long`, measured on a thread of its own.
fn probe(base: String, how_long: Duration) -> OwnThread<Vec<f64>> {
    on_own_thread(async move {
        let client = reqwest::Client::new();
        let url = format!("{base}/api/games");
        let end = Instant::now() + how_long;
        let mut out = Vec::new();
        while Instant::now() < end {
            let start = Instant::now();
            let answer = client.get(&url).send().await.map_err(failed)?;
            if answer.status() != StatusCode::OK {
                return Err(CliError(format!("GET /api/games: {}", answer.status())));
            }
            answer.bytes().await.map_err(failed)?;
            out.push(start.elapsed().as_secs_f64() * 1000.0);
            tokio::time::sleep(PROBE_EVERY).await;
        }
        Ok(out)
    })
}

/// A client's work running on a thread of its own, outside the server's runtime.
type OwnThread<T> = std::thread::JoinHandle<Result<T, CliError>>;

/// Starts `work` on a new thread with a single-threaded runtime of its own, as a client on
/// another machine would run: it shares the cores, not the server's scheduler.
fn on_own_thread<T: Send + 'static>(
    work: impl std::future::Future<Output = Result<T, CliError>> + Send + 'static,
) -> OwnThread<T> {
    std::thread::spawn(move || {
        tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .map_err(failed)?
            .block_on(work)
    })
}

/// Waits, off the async workers, for the `whose` thread's result.
async fn joined<T: Send + 'static>(thread: OwnThread<T>, whose: &str) -> Result<T, CliError> {
    tokio::task::spawn_blocking(move || thread.join())
        .await
        .map_err(failed)?
        .map_err(|_| CliError(format!("the {whose} thread panicked")))?
}

/// The frames cache's `miss` count (reads that built the answer) on the metrics route.
async fn misses(client: &reqwest::Client, metrics: &str) -> Result<u64, CliError> {
    let text = client
        .get(metrics)
        .send()
        .await
        .map_err(failed)?
        .text()
        .await
        .map_err(failed)?;
    Ok(text
        .lines()
        .filter(|l| l.starts_with("cardarena_frames_cache_total") && l.contains("\"miss\""))
        .filter_map(|l| l.rsplit(' ').next()?.parse::<f64>().ok())
        .sum::<f64>() as u64)
}

/// The p-th percentile (nearest rank) of `values`, to 0.01 ms; 0 for none.
fn percentile(values: &[f64], p: u32) -> f64 {
    round(super::bench_http::percentile(values, f64::from(p) / 100.0))
}

fn round(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}
