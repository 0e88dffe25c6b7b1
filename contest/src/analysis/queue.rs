//! The analyses a serving process computes: it claims queued analyses from the store, at most
//! [`AnalysisConfig::workers`] at once, each on a blocking thread, writing its progress about
//! once a second and its result when done. Queued analyses are rows of the database, so they
//! survive a restart; one left running by a process that is gone is queued again
//! ([`cardarena_store::Store::requeue_analyses`]).

use std::net::IpAddr;
use std::num::NonZeroU32;
use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;

use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use tokio::sync::{Notify, Semaphore};

use super::{Played, analyse};
use cardarena_store::{ClaimedAnalysis, LogState, MatchStatus, Store, StoreError};

/// How often a running analysis writes its progress.
const PROGRESS_EVERY: Duration = Duration::from_secs(1);
/// How long an idle process waits before it looks at the queue again (other processes' requests
/// on a shared database, analyses left by a dead process).
const IDLE_POLL: Duration = Duration::from_secs(5);
/// The pause after the store failed to claim.
const RETRY_AFTER_ERROR: Duration = Duration::from_secs(2);

/// How a process analyses matches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AnalysisConfig {
    /// The expert's budget per decision, in ms (one of [`cardarena_bots::expert::BUDGETS_MS`]).
    pub budget_ms: u32,
    /// Analyses computed at once by this process.
    pub workers: usize,
    /// Analyses queued or running at most (all processes together); past it a request is
    /// answered 503 `busy`.
    pub max_pending: u32,
    /// Analyses one client address may queue per hour (all at once, then one every
    /// 3600/`per_hour` s).
    pub per_hour: u32,
}

impl Default for AnalysisConfig {
    fn default() -> AnalysisConfig {
        AnalysisConfig {
            budget_ms: cardarena_bots::expert::DEFAULT_BUDGET_MS,
            workers: 1,
            max_pending: 64,
            per_hour: 20,
        }
    }
}

/// The analyses of this process: its configuration, the per-address limit on requests, and
/// the loop computing queued analyses.
#[derive(Clone)]
pub struct Analyses {
    inner: Arc<Inner>,
}

struct Inner {
    store: Store,
    config: AnalysisConfig,
    wake: Notify,
    requests: DefaultKeyedRateLimiter<IpAddr>,
    name: String,
}

impl Analyses {
    /// The analyses of a process on `store`, configured by `config`; call [`Analyses::run`] to
    /// compute them.
    pub fn new(store: Store, config: AnalysisConfig) -> Analyses {
        let per_hour = NonZeroU32::new(config.per_hour).unwrap_or(NonZeroU32::MIN);
        Analyses {
            inner: Arc::new(Inner {
                store,
                config,
                wake: Notify::new(),
                requests: RateLimiter::keyed(Quota::per_hour(per_hour)),
                name: format!("serve-{}", uuid::Uuid::new_v4()),
            }),
        }
    }

    /// The configuration.
    pub fn config(&self) -> AnalysisConfig {
        self.inner.config
    }

    /// Counts a request of `client` that would queue an analysis: `false` past its share.
    pub fn allow(&self, client: IpAddr) -> bool {
        self.inner.requests.check_key(&client).is_ok()
    }

    /// Wakes the loop: an analysis was queued.
    pub fn wake(&self) {
        self.inner.wake.notify_one();
    }

    /// Computes queued analyses, at most `workers` at once, until the process ends.
    pub async fn run(self) {
        let slots = Arc::new(Semaphore::new(self.inner.config.workers.max(1)));
        loop {
            let Ok(slot) = slots.clone().acquire_owned().await else {
                return;
            };
            let store = &self.inner.store;
            match store.claim_analysis(&self.inner.name).await {
                Ok(Some(claimed)) => {
                    let store = store.clone();
                    tokio::spawn(async move {
                        compute(&store, &claimed).await;
                        drop(slot);
                    });
                }
                Ok(None) => {
                    drop(slot);
                    tokio::select! {
                        _ = self.inner.wake.notified() => {}
                        _ = tokio::time::sleep(IDLE_POLL) => {
                            // Addresses whose share is whole again need no entry.
                            self.inner.requests.retain_recent();
                            if store.shared() && let Err(e) = store.requeue_analyses(None).await {
                                tracing::warn!("requeueing stale analyses: {e}");
                            }
                        }
                    }
                }
                Err(e) => {
                    drop(slot);
                    tracing::warn!("claiming an analysis: {e}");
                    tokio::time::sleep(RETRY_AFTER_ERROR).await;
                }
            }
        }
    }
}

/// Computes the claimed analysis on a blocking thread and stores it (or why it failed). Where
/// the database is unavailable for a moment, the analysis goes back to the queue.
async fn compute(store: &Store, claimed: &ClaimedAnalysis) {
    let id = claimed.match_id.clone();
    let detail = match store.match_detail(&id).await {
        Ok(Some(detail)) => detail,
        Ok(None) => return fail(store, &id, "the match is gone").await,
        Err(e) => return failed_store(store, &id, "reading the match", &e).await,
    };
    let summary = &detail.summary;
    if summary.status != MatchStatus::Finished {
        return fail(store, &id, "the match is not finished").await;
    }
    if let LogState::Dropped { .. } | LogState::Unreadable(_) = &detail.log {
        return fail(store, &id, "the match's log cannot be read").await;
    }
    let record = match store.play_record(&id).await {
        Ok(record) => record,
        Err(e) => return failed_store(store, &id, "reading its play record", &e).await,
    };
    let fault_steps = record.fault_steps(summary.seats.len());
    let done = Arc::new(AtomicU32::new(0));
    let budget_ms = claimed.budget_ms;
    let counter = done.clone();
    let game = summary.game.clone();
    let work = tokio::task::spawn_blocking(move || {
        let played = Played::of(&detail, &fault_steps);
        let started = std::time::Instant::now();
        let analysis = analyse(&played, budget_ms, &mut |n| {
            counter.store(n, Ordering::Relaxed)
        });
        let encoded = analysis.map(|a| (a.encode(), a.total));
        (encoded, started.elapsed())
    });
    tokio::pin!(work);
    let (encoded, took) = loop {
        tokio::select! {
            result = &mut work => match result {
                Ok(result) => break result,
                Err(e) => return fail(store, &id, &format!("the analysis stopped: {e}")).await,
            },
            _ = tokio::time::sleep(PROGRESS_EVERY) => {
                let now = done.load(Ordering::Relaxed);
                // Also a heartbeat: written even when a long decision moved nothing.
                if let Err(e) = store.analysis_progress(&id, now).await {
                    tracing::warn!("analysis of match {id}: progress: {e}");
                }
            }
        }
    };
    match encoded {
        Ok((Ok(stored), total)) => {
            tracing::info!(
                "match {id} analysed: {total} decisions at {budget_ms} ms in {:.1} s, {} bytes",
                took.as_secs_f64(),
                stored.gzip.len()
            );
            if let Err(e) = store.finish_analysis(&id, &game, &stored).await {
                failed_store(store, &id, "storing it", &e).await;
            }
        }
        Ok((Err(e), _)) => fail(store, &id, &format!("encoding: {e}")).await,
        Err(e) => fail(store, &id, &e.to_string()).await,
    }
}

/// The store failed the analysis of match `id` while `doing` something: back in the queue if
/// the database is only unavailable for now, failed otherwise.
async fn failed_store(store: &Store, id: &str, doing: &str, error: &StoreError) {
    if !error.is_unavailable() {
        return fail(store, id, &format!("{doing}: {error}")).await;
    }
    tracing::warn!("the analysis of match {id} is queued again: {doing}: {error}");
    if let Err(e) = store.release_analysis(id).await {
        tracing::warn!("queueing the analysis of match {id} again: {e}");
    }
}

/// Marks the analysis of match `id` failed, `why` saying why.
async fn fail(store: &Store, id: &str, why: &str) {
    tracing::warn!("the analysis of match {id} failed: {why}");
    if let Err(e) = store.fail_analysis(id, why).await {
        tracing::warn!("marking the analysis of match {id} failed: {e}");
    }
}
