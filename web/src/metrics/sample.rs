//! The states `/metrics` samples when asked: the queue and the leases from the database (on
//! `serve` only, which speaks for the whole contest: a worker would repeat the same figures), the
//! database pool, and this process's connections, viewers, tables and matches.

use std::sync::Arc;
use std::time::{Duration, Instant};

use cardarena_bots::dial::Switchboard;
use tokio::sync::Mutex;

use cardarena_contest::live::Live;
use cardarena_contest::scheduler::Scheduler;
use cardarena_contest::tables::Tables;
use cardarena_store::{MatchKind, Store};

/// How long one sampling is reused: a client asking in a loop costs the database a few queries a
/// second at most.
const SAMPLE_TTL: Duration = Duration::from_secs(1);

/// What `/metrics` samples.
#[derive(Clone)]
pub struct Sources {
    store: Store,
    scheduler: Scheduler,
    /// The contest-wide figures from the database (`serve`), or none (a worker).
    contest: bool,
    live: Option<Live>,
    switchboard: Option<Switchboard>,
    tables: Option<Tables>,
    sampled: Arc<Mutex<Option<Instant>>>,
}

impl Sources {
    /// A worker's: its pool and its scheduler.
    pub fn worker(store: Store, scheduler: Scheduler) -> Sources {
        Sources {
            store,
            scheduler,
            contest: false,
            live: None,
            switchboard: None,
            tables: None,
            sampled: Arc::default(),
        }
    }

    /// The server's: the contest's queue and leases too, and its viewers, dial-out connections
    /// and tables.
    pub fn server(
        store: Store,
        scheduler: Scheduler,
        live: Live,
        switchboard: Switchboard,
        tables: Tables,
    ) -> Sources {
        Sources {
            contest: true,
            live: Some(live),
            switchboard: Some(switchboard),
            tables: Some(tables),
            ..Sources::worker(store, scheduler)
        }
    }

    /// Sets the sampled gauges, unless they were set less than [`SAMPLE_TTL`] ago.
    pub async fn sample(&self) {
        let mut sampled = self.sampled.lock().await;
        if sampled.is_some_and(|at| at.elapsed() < SAMPLE_TTL) {
            return;
        }
        *sampled = Some(Instant::now());
        metrics::gauge!("cardarena_build_info", "version" => env!("CARGO_PKG_VERSION")).set(1.0);
        let pool = self.store.pool_status();
        let idle = f64::from(pool.idle);
        metrics::gauge!("cardarena_db_pool_connections", "state" => "idle").set(idle);
        metrics::gauge!("cardarena_db_pool_connections", "state" => "in_use")
            .set(f64::from(pool.size.saturating_sub(pool.idle)));
        metrics::gauge!("cardarena_db_pool_max").set(f64::from(pool.max));
        metrics::gauge!("cardarena_matches_playing").set(self.scheduler.playing_now() as f64);
        metrics::gauge!("cardarena_match_slots").set(self.scheduler.slots() as f64);
        thinking(&cardarena_bots::thinking::shared().stats());
        if let Some(live) = &self.live {
            metrics::gauge!("cardarena_sse_viewers").set(live.viewers() as f64);
        }
        if let Some(switchboard) = &self.switchboard {
            metrics::gauge!("cardarena_dial_connections").set(switchboard.open() as f64);
        }
        if let Some(tables) = &self.tables {
            metrics::gauge!("cardarena_tables_open").set(tables.playing() as f64);
        }
        if self.contest {
            self.sample_contest().await;
        }
    }

    /// The queue by game, kind and status, and each process's leases, from the database. Every
    /// game and kind gets its series, at 0 when it has no match, so an alert sees 0, not nothing.
    async fn sample_contest(&self) {
        match self.store.active_counts().await {
            Ok(counts) => {
                for &game in cardarena_bots::game_ids() {
                    for kind in MatchKind::ALL {
                        for status in ["queued", "running"] {
                            let n = counts
                                .iter()
                                .find(|c| {
                                    c.game == game && c.kind == kind.as_str() && c.status == status
                                })
                                .map_or(0, |c| c.count);
                            metrics::gauge!(
                                "cardarena_matches",
                                "game" => game,
                                "kind" => kind.as_str(),
                                "status" => status
                            )
                            .set(n as f64);
                        }
                    }
                }
            }
            Err(e) => tracing::warn!("metrics: counting the queue: {e}"),
        }
        match self.store.workers().await {
            Ok(workers) => {
                for worker in workers {
                    metrics::gauge!(
                        "cardarena_worker_leases",
                        "worker" => worker.info.id,
                        "role" => worker.info.role,
                        "host" => worker.info.host
                    )
                    .set(worker.playing as f64);
                }
            }
            Err(e) => tracing::warn!("metrics: reading the workers: {e}"),
        }
    }
}

/// The thinking pool's figures ([`cardarena_bots::thinking`]): its threads, what runs and waits
/// in each lane, and the thread time each lane's searches took and waited since the start.
fn thinking(stats: &cardarena_bots::thinking::PoolStats) {
    metrics::gauge!("cardarena_thinking_threads").set(stats.threads as f64);
    metrics::gauge!("cardarena_thinking_running").set(stats.running as f64);
    metrics::gauge!("cardarena_thinking_tenants").set(stats.tenants as f64);
    for lane in &stats.lanes {
        let name = lane.lane.as_str();
        metrics::gauge!("cardarena_thinking_queued", "lane" => name).set(lane.queued as f64);
        metrics::counter!("cardarena_thinking_searches_total", "lane" => name).absolute(lane.jobs);
        metrics::gauge!("cardarena_thinking_busy_seconds", "lane" => name).set(lane.busy_seconds);
        metrics::gauge!("cardarena_thinking_waited_seconds", "lane" => name)
            .set(lane.waited_seconds);
    }
}
