//! The thinking pool: where every house-bot search of the process runs (the expert at a table, in
//! practice, on the ladder, in a tournament, and each decision of an analysis), on a fixed
//! number of threads with fair turns between whoever the search is for.
//!
//! A search is charged to a [`Tenant`]: the contest itself (ladder and tournament matches), a
//! bot's owner (practice, a table opened with a bot's token, an analysis asked with one), or a
//! network (a table or an analysis asked without an account). Tenants fall into [`Lane`]s; the
//! pool serves lanes and, within a lane, tenants in the order [`fair`] describes, so that no set
//! of clients, however many addresses it has, takes more than its lane's share, and the
//! contest's own matches keep theirs. The threads run at a lower priority than the rest of the
//! process (nice 10 on Linux), so the API keeps its core whatever the pool does.
//!
//! A process has one pool, [`shared`], sized by [`configure_shared`] before its first search
//! (`serve --thinking-threads`; by default the machine's cores less one, at least one). The
//! tenant of a match's searches is set around the match with [`charged_to`].

pub mod fair;

use std::future::Future;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, OnceLock};
use std::time::Instant;

use tokio::sync::oneshot;

use fair::Fair;

/// A share of the pool: lanes with work waiting are served in turns by how much of the pool
/// each used lately, whatever number of tenants each holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Lane {
    /// The contest's own matches: the ladder and tournaments.
    Contest,
    /// What people and bots' owners ask to play: practice and tables.
    Play,
    /// Analyses of played matches.
    Analysis,
}

impl Lane {
    /// Every lane.
    pub const ALL: [Lane; 3] = [Lane::Contest, Lane::Play, Lane::Analysis];

    /// The lane's name in metrics.
    pub fn as_str(self) -> &'static str {
        match self {
            Lane::Contest => "contest",
            Lane::Play => "play",
            Lane::Analysis => "analysis",
        }
    }

    fn index(self) -> usize {
        self as usize
    }
}

/// Whom a search is for: a lane and a key within it (an owner's bot id, a network, …).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Tenant {
    /// The lane it is served in.
    pub lane: Lane,
    /// Who within the lane.
    pub key: Arc<str>,
}

impl Tenant {
    /// The contest's own matches (ladder, tournaments; also what a command-line tool plays).
    pub fn contest() -> Tenant {
        Tenant {
            lane: Lane::Contest,
            key: Arc::from("contest"),
        }
    }

    /// A bot's owner playing (practice, a table opened with the bot's token), by the bot's id.
    pub fn owner(bot_id: &str) -> Tenant {
        Tenant {
            lane: Lane::Play,
            key: Arc::from(owner_key(bot_id)),
        }
    }

    /// Someone without an account playing, by the network they came from.
    pub fn network(network: &str) -> Tenant {
        Tenant {
            lane: Lane::Play,
            key: Arc::from(network_key(network)),
        }
    }

    /// Whoever asked for analyses, by a key naming them ([`owner_key`], [`network_key`],
    /// [`ORGANISER_KEY`]).
    pub fn analysis(requester: &str) -> Tenant {
        Tenant {
            lane: Lane::Analysis,
            key: Arc::from(requester),
        }
    }
}

/// The key of a bot's owner, by the bot's id: `bot:ID`.
pub fn owner_key(bot_id: &str) -> String {
    format!("bot:{bot_id}")
}

/// The key of a client without an account, by its network: `net:NETWORK`.
pub fn network_key(network: &str) -> String {
    format!("net:{network}")
}

/// The organiser's key.
pub const ORGANISER_KEY: &str = "organiser";

tokio::task_local! {
    static TENANT: Tenant;
}

/// Runs `future` with every search it makes charged to `tenant`.
pub async fn charged_to<F: Future>(tenant: Tenant, future: F) -> F::Output {
    TENANT.scope(tenant, future).await
}

/// The tenant the running task's searches are charged to: the one [`charged_to`] set, or the
/// contest's.
pub fn current_tenant() -> Tenant {
    TENANT
        .try_with(Tenant::clone)
        .unwrap_or_else(|_| Tenant::contest())
}

/// The pool stopped, or the search panicked: it has no answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("the search ended without an answer")]
pub struct NoAnswer;

type Job = Box<dyn FnOnce() + Send>;

/// The pool (a handle: clones share its threads and queue).
#[derive(Clone)]
pub struct ThinkingPool {
    shared: Arc<Shared>,
}

struct Shared {
    fair: Mutex<Fair<Job>>,
    work: Condvar,
    threads: usize,
    running: AtomicUsize,
    lanes: [LaneCounters; Lane::ALL.len()],
}

#[derive(Default)]
struct LaneCounters {
    jobs: AtomicU64,
    busy_us: AtomicU64,
    waited_us: AtomicU64,
}

/// What the pool has done, for `/metrics`.
#[derive(Debug, Clone, PartialEq)]
pub struct PoolStats {
    /// Its threads.
    pub threads: usize,
    /// Searches running now.
    pub running: usize,
    /// Tenants it remembers (waiting, running or served lately).
    pub tenants: usize,
    /// Per lane.
    pub lanes: Vec<LaneStats>,
}

/// One lane's figures.
#[derive(Debug, Clone, PartialEq)]
pub struct LaneStats {
    /// The lane.
    pub lane: Lane,
    /// Searches waiting now.
    pub queued: usize,
    /// Searches run since the pool started.
    pub jobs: u64,
    /// Thread time they took, in seconds.
    pub busy_seconds: f64,
    /// Time they waited in the queue, in seconds.
    pub waited_seconds: f64,
}

impl ThinkingPool {
    /// A pool of `threads` threads (at least one), started now.
    pub fn new(threads: usize) -> ThinkingPool {
        let threads = threads.max(1);
        let shared = Arc::new(Shared {
            fair: Mutex::new(Fair::new(Instant::now())),
            work: Condvar::new(),
            threads,
            running: AtomicUsize::new(0),
            lanes: Default::default(),
        });
        for n in 0..threads {
            let shared = shared.clone();
            let spawned = std::thread::Builder::new()
                .name(format!("thinking-{n}"))
                .spawn(move || serve(&shared));
            if let Err(e) = spawned {
                eprintln!("thinking pool: thread {n} did not start: {e}");
            }
        }
        ThinkingPool { shared }
    }

    /// Its threads.
    pub fn threads(&self) -> usize {
        self.shared.threads
    }

    /// Queues `work`, expected to take about `estimate_ms` of a thread, for `tenant`'s turn, and
    /// answers what it returns. Dropping the future before the turn comes skips the work.
    pub fn think<T, W>(
        &self,
        tenant: Tenant,
        estimate_ms: f64,
        work: W,
    ) -> impl Future<Output = Result<T, NoAnswer>> + Send + 'static
    where
        T: Send + 'static,
        W: FnOnce() -> T + Send + 'static,
    {
        let (answer, answered) = oneshot::channel();
        let job: Job = Box::new(move || {
            if !answer.is_closed() {
                let _ = answer.send(work());
            }
        });
        {
            let mut fair = self.shared.fair.lock().unwrap_or_else(|p| p.into_inner());
            fair.push(tenant, job, estimate_ms, Instant::now());
        }
        self.shared.work.notify_one();
        async move { answered.await.map_err(|_| NoAnswer) }
    }

    /// Its figures now.
    pub fn stats(&self) -> PoolStats {
        let fair = self.shared.fair.lock().unwrap_or_else(|p| p.into_inner());
        let lanes = Lane::ALL
            .into_iter()
            .map(|lane| {
                let counters = &self.shared.lanes[lane.index()];
                LaneStats {
                    lane,
                    queued: fair.queued(lane),
                    jobs: counters.jobs.load(Ordering::Relaxed),
                    busy_seconds: counters.busy_us.load(Ordering::Relaxed) as f64 / 1e6,
                    waited_seconds: counters.waited_us.load(Ordering::Relaxed) as f64 / 1e6,
                }
            })
            .collect();
        PoolStats {
            threads: self.shared.threads,
            running: self.shared.running.load(Ordering::Acquire),
            tenants: fair.tenants(),
            lanes,
        }
    }
}

/// One thread of the pool: takes the next job in fair order, runs it, charges what it took.
fn serve(shared: &Shared) {
    lower_priority();
    let mut fair = shared.fair.lock().unwrap_or_else(|p| p.into_inner());
    loop {
        let Some(taken) = fair.pop(Instant::now()) else {
            fair = shared.work.wait(fair).unwrap_or_else(|p| p.into_inner());
            continue;
        };
        drop(fair);
        shared.running.fetch_add(1, Ordering::Relaxed);
        let started = Instant::now();
        // A panicking search loses its answer (its caller sees `NoAnswer`), not the thread.
        let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(taken.job));
        let took = started.elapsed();
        let counters = &shared.lanes[taken.tenant.lane.index()];
        counters.jobs.fetch_add(1, Ordering::Relaxed);
        counters
            .busy_us
            .fetch_add(took.as_micros() as u64, Ordering::Relaxed);
        counters
            .waited_us
            .fetch_add(taken.waited.as_micros() as u64, Ordering::Relaxed);
        shared.running.fetch_sub(1, Ordering::Release);
        fair = shared.fair.lock().unwrap_or_else(|p| p.into_inner());
        let took_ms = took.as_secs_f64() * 1000.0;
        fair.done(&taken.tenant, taken.charged_ms, took_ms, Instant::now());
    }
}

/// Lowers the calling thread's scheduling priority (nice 10), so that the threads answering
/// requests come first whenever the pool keeps a core busy.
#[allow(unsafe_code)] // a call into libc, as the web crate's memory.rs and open_files.rs
fn lower_priority() {
    #[cfg(target_os = "linux")]
    // SAFETY: setpriority with PRIO_PROCESS and 0 sets the calling thread's nice value on Linux;
    // it touches no memory of ours.
    unsafe {
        libc::setpriority(libc::PRIO_PROCESS, 0, 10);
    }
}

static SHARED: OnceLock<ThinkingPool> = OnceLock::new();

/// The default size: the machine's cores less one, at least one.
pub fn default_threads() -> usize {
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    cores.saturating_sub(1).max(1)
}

/// Sizes the process's pool at `threads` (at least one), if no search has started it yet:
/// `false` when it was already running (its size then stays).
pub fn configure_shared(threads: usize) -> bool {
    let mut configured = false;
    SHARED.get_or_init(|| {
        configured = true;
        ThinkingPool::new(threads)
    });
    configured
}

/// The process's pool, started at [`default_threads`] unless [`configure_shared`] sized it.
pub fn shared() -> &'static ThinkingPool {
    SHARED.get_or_init(|| ThinkingPool::new(default_threads()))
}

#[cfg(test)]
mod tests;
