//! The instant bot `bench --http` measures against, in a process of its own (`cardarena
//! bench-bot`, hidden), as a real bot farm would be: several listeners with a deep accept
//! backlog, every open-files descriptor the system allows, its own cores' share. It answers
//! every request with the first legal action without reading it.
//!
//! It counts the calls and the turns it answers (`GET /counts`, with the time on its own clock),
//! so that a phase's rate is read over exactly the time its counts span, however late the
//! question is answered behind thousands of queued calls. For the sequential phase it notes, per match whose id starts with [`GAP_PREFIX`], the time
//! from its answer to the next request of the same match; `GET /gaps` hands them over (and
//! forgets them). It prints its addresses as one JSON line, then serves until its standard input
//! closes (the bench ended or died).

use std::collections::HashMap;
use std::io::{BufRead, Write};
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;

use axum::Router;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::HeaderMap;
use axum::routing::{get, post};
use cardarena_bots::http::MATCH_HEADER;

use super::CliError;

/// The match ids whose gaps the bot notes.
pub(super) const GAP_PREFIX: &str = "gap-";

/// The accept backlog of each listener (the kernel caps it at `net.core.somaxconn`).
const BACKLOG: u32 = 8192;

/// Arguments of the hidden `cardarena bench-bot`.
#[derive(Debug, clap::Args)]
pub struct BenchBotArgs {
    /// How many listeners to open, each on a port of its own.
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u16).range(1..=64))]
    listeners: u16,
}

/// The addresses the bot prints.
#[derive(serde::Serialize, serde::Deserialize)]
struct Ready {
    addrs: Vec<SocketAddr>,
}

/// What the bot noted so far: per match its last answer and every gap in µs, and the calls
/// and turns it answered.
struct Gaps {
    started: Instant,
    last_answer: Mutex<HashMap<String, Instant>>,
    gaps_us: Mutex<Vec<f64>>,
    calls: AtomicU64,
    turns: AtomicU64,
}

/// What marks a turn request: its type, which comes within its first bytes.
const TURN: &[u8] = br#""type":"turn""#;

async fn instant(State(gaps): State<Arc<Gaps>>, headers: HeaderMap, body: Bytes) -> &'static str {
    gaps.calls.fetch_add(1, Ordering::Relaxed);
    let head = &body[..body.len().min(64)];
    if head.windows(TURN.len()).any(|w| w == TURN) {
        gaps.turns.fetch_add(1, Ordering::Relaxed);
    }
    let id = headers.get(MATCH_HEADER).and_then(|v| v.to_str().ok());
    if let Some(id) = id.filter(|id| id.starts_with(GAP_PREFIX)) {
        let now = Instant::now();
        let mut last = gaps
            .last_answer
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if let Some(then) = last.insert(id.to_string(), now) {
            let gap = now.duration_since(then).as_secs_f64() * 1e6;
            (gaps.gaps_us.lock().unwrap_or_else(PoisonError::into_inner)).push(gap);
        }
    }
    r#"{"action_index":0}"#
}

/// The calls and the turns answered so far, and the µs since the bot started, read together.
async fn counts(State(gaps): State<Arc<Gaps>>) -> axum::Json<[u64; 3]> {
    let calls = gaps.calls.load(Ordering::Relaxed);
    let turns = gaps.turns.load(Ordering::Relaxed);
    let now = gaps.started.elapsed().as_micros() as u64;
    axum::Json([calls, turns, now])
}

async fn take_gaps(State(gaps): State<Arc<Gaps>>) -> axum::Json<Vec<f64>> {
    (gaps
        .last_answer
        .lock()
        .unwrap_or_else(PoisonError::into_inner))
    .clear();
    let mut noted = gaps.gaps_us.lock().unwrap_or_else(PoisonError::into_inner);
    axum::Json(std::mem::take(&mut *noted))
}

/// Runs the bot until standard input closes.
pub fn run(args: BenchBotArgs) -> Result<(), CliError> {
    cardarena_web::open_files::raise_to_hard();
    let runtime = tokio::runtime::Runtime::new().map_err(|e| CliError(e.to_string()))?;
    runtime.block_on(async {
        let app = Router::new()
            .route("/bot", post(instant))
            .route("/gaps", get(take_gaps))
            .route("/counts", get(counts))
            .with_state(Arc::new(Gaps {
                started: Instant::now(),
                last_answer: Mutex::default(),
                gaps_us: Mutex::default(),
                calls: AtomicU64::new(0),
                turns: AtomicU64::new(0),
            }));
        let mut addrs = Vec::new();
        for _ in 0..args.listeners {
            let socket = tokio::net::TcpSocket::new_v4().map_err(|e| CliError(e.to_string()))?;
            let bound = socket
                .bind("127.0.0.1:0".parse().unwrap_or_else(|_| unreachable!()))
                .and_then(|()| socket.listen(BACKLOG));
            let listener = bound.map_err(|e| CliError(format!("cannot listen: {e}")))?;
            addrs.push(listener.local_addr().map_err(|e| CliError(e.to_string()))?);
            tokio::spawn(axum::serve(listener, app.clone()).into_future());
        }
        let line = serde_json::to_string(&Ready { addrs }).map_err(|e| CliError(e.to_string()))?;
        let mut out = std::io::stdout();
        writeln!(out, "{line}")
            .and_then(|()| out.flush())
            .map_err(|e| CliError(e.to_string()))?;
        // Serves until the bench closes its end of standard input.
        let _ = tokio::task::spawn_blocking(|| {
            std::io::copy(&mut std::io::stdin(), &mut std::io::sink())
        })
        .await;
        Ok(())
    })
}

/// A bot process started by the bench; stopped when dropped.
pub(super) struct BotProcess {
    child: Child,
    /// Its process id.
    pub pid: u32,
    /// Its listeners' addresses.
    pub addrs: Vec<SocketAddr>,
}

impl BotProcess {
    /// Starts `cardarena bench-bot` (this executable) with `listeners` listeners and waits for
    /// its addresses.
    pub fn start(listeners: u16) -> Result<BotProcess, CliError> {
        let exe = std::env::current_exe().map_err(|e| CliError(e.to_string()))?;
        let mut child = Command::new(exe)
            .args(["bench-bot", "--listeners", &listeners.to_string()])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .map_err(|e| CliError(format!("cannot start the bench bot: {e}")))?;
        let mut line = String::new();
        let stdout = child
            .stdout
            .take()
            .ok_or_else(|| CliError("no stdout".into()))?;
        std::io::BufReader::new(stdout)
            .read_line(&mut line)
            .map_err(|e| CliError(format!("the bench bot did not start: {e}")))?;
        let ready: Ready = serde_json::from_str(&line)
            .map_err(|e| CliError(format!("the bench bot did not start ({e}): {line:?}")))?;
        Ok(BotProcess {
            pid: child.id(),
            child,
            addrs: ready.addrs,
        })
    }
}

impl Drop for BotProcess {
    fn drop(&mut self) {
        drop(self.child.stdin.take());
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
