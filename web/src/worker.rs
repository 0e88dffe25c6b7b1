//! A worker: a process that plays queued matches and nothing else (no API, no pages), beside a
//! server on the same PostgreSQL database (docs/scaling.md). It claims matches with leases, plays
//! them against the bots, stores each result with its rating update, and publishes the records
//! of the matches a server's viewers watch.

use std::net::SocketAddr;
use std::path::PathBuf;

use cardarena_bots::http::HttpClient;

use crate::app::{StartError, address_policy, bind};
use crate::metrics::{Metrics, Sources};
use crate::probes::Probes;
use cardarena_contest::runner::Runner;
use cardarena_contest::scheduler::{Scheduler, SchedulerConfig};
use cardarena_contest::secrets::ServerKey;
use cardarena_store::{Signal, Store, WriterLock};

/// How a worker runs.
#[derive(Debug, Clone)]
pub struct WorkerConfig {
    /// The database every process of the contest shares.
    pub database_url: String,
    /// The contest's key file, the same as the server's; it must exist.
    pub key_file: PathBuf,
    /// Whether bots on loopback or private addresses are refused (as the server's `--public`).
    pub public: bool,
    /// The most matches played at once.
    pub max_concurrent: usize,
    /// The most running matches a contestant's bot may be in, across every process.
    pub bot_concurrency: u32,
    /// Every HTTP seat's match clock, as a percentage of the game's default.
    pub clock_percent: u32,
    /// Threads of the process's thinking pool ([`cardarena_bots::thinking`]).
    pub thinking_threads: usize,
    /// How contestants' modules run here ([`cardarena_contest::modules`]).
    pub modules: cardarena_contest::modules::ModulesConfig,
    /// Where to serve `/healthz` and `/readyz` ([`crate::probes`]), if anywhere.
    pub health_addr: Option<SocketAddr>,
    /// Where to serve `/metrics` ([`crate::metrics`]), if anywhere.
    pub metrics_addr: Option<SocketAddr>,
}

/// A started worker.
pub struct RunningWorker {
    /// Its id: the holder of its matches' leases.
    pub id: String,
    /// The address its probes listen on (with `health_addr`).
    pub health_addr: Option<SocketAddr>,
    /// The address its metrics are served on (with `metrics_addr`).
    pub metrics_addr: Option<SocketAddr>,
    /// Its database.
    pub store: Store,
    /// A SQLite database's one-writer lock (`None` on PostgreSQL, which workers share).
    _writer: Option<WriterLock>,
}

/// Takes a SQLite database's one-writer lock, opens the store and starts playing queued matches.
pub async fn start(config: WorkerConfig) -> Result<RunningWorker, StartError> {
    cardarena_bots::thinking::configure_shared(config.thinking_threads);
    let health = match config.health_addr {
        Some(addr) => Some(bind(addr).await?),
        None => None,
    };
    let metrics = match config.metrics_addr {
        Some(addr) => Some(bind(addr).await?),
        None => None,
    };
    let writer = WriterLock::take(&config.database_url)?;
    let store = Store::open(&config.database_url).await?;
    let key = ServerKey::load(&config.key_file).map_err(|error| StartError::Key {
        path: config.key_file.display().to_string(),
        error,
    })?;
    let relays = cardarena_contest::live::link::relays(&store);
    cardarena_contest::live::link::follow(&store, Some(relays.clone()), None);
    let modules = cardarena_contest::modules::Modules::new(store.clone(), &config.modules)
        .map_err(StartError::Modules)?;
    let runner = Runner::new(HttpClient::new(address_policy(config.public)), key)
        .with_modules(Some(modules))
        .with_clock_percent(config.clock_percent)
        .with_relays(Some(relays));
    let scheduler = Scheduler::new(
        store.clone(),
        runner,
        SchedulerConfig {
            max_concurrent: config.max_concurrent,
            bot_concurrency: config.bot_concurrency,
            claims: cardarena_store::ClaimScope::NO_DIAL,
            role: "worker",
        },
    );
    let id = scheduler.worker_id().to_string();
    let health_addr = match health {
        Some((listener, addr)) => {
            let probes = Probes::new(store.clone(), scheduler.clone(), "worker");
            tokio::spawn(crate::probes::serve_alone(listener, probes));
            Some(addr)
        }
        None => None,
    };
    let metrics_addr = match metrics {
        Some((listener, addr)) => {
            let sources = Sources::worker(store.clone(), scheduler.clone());
            tokio::spawn(crate::metrics::serve_alone(
                listener,
                Metrics::install(),
                sources,
            ));
            Some(addr)
        }
        None => None,
    };
    crate::memory::give_back_regularly();
    tokio::spawn(scheduler.run());
    Ok(RunningWorker {
        id,
        health_addr,
        metrics_addr,
        store,
        _writer: writer,
    })
}

impl RunningWorker {
    /// Stops taking part: every match this worker plays goes back to the queue at once (rather
    /// than when its lease would pass), and the other processes are told.
    pub async fn release(&self) -> Result<u64, cardarena_store::StoreError> {
        let released = self.store.release_leases(&self.id).await?;
        self.store.signal(Signal::Queue).await?;
        Ok(released)
    }
}
