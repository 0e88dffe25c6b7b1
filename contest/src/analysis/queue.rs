//! The analyses a serving process computes: it claims queued analyses from the store (in turns
//! between requesters, [`cardarena_store::analysis_queue`]), at most [`AnalysisConfig::workers`]
//! at once, and evaluates each decision by decision in the thinking pool, charged to whoever
//! asked ([`cardarena_bots::thinking`]), so that a newcomer's analysis goes ahead of a flood's;
//! it writes its progress about once a second and its result when done. Queued analyses are
//! rows of the database, so they survive a restart; one left running by a process that is gone
//! is queued again ([`cardarena_store::Store::requeue_analyses`]), and one a full queue dropped
//! stops at its next progress.

use std::num::NonZeroU32;
use std::sync::Arc;
use std::time::{Duration, Instant};

use cardarena_bots::thinking::{self, Tenant};

use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use tokio::sync::{Notify, Semaphore};

use super::{Analysing, Played};
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
    /// Analyses this process has in progress at once, their decisions taking turns in the
    /// thinking pool.
    pub workers: usize,
    /// Analyses queued or running at most (all processes together); past it a request is
    /// answered 503 `busy`, unless one nobody has asked after lately can be dropped.
    pub max_pending: u32,
    /// Analyses one requester (a network, a bot's owner) may queue per hour (all at once, then
    /// one every 3600/`per_hour` s); a request with a bot's token counts for both.
    pub per_hour: u32,
    /// Analyses one requester may have queued or running at once.
    pub per_requester: u32,
}

/// Analyses queued or running at most for each thread of the thinking pool: about a minute's
/// wait for a bridge analysis (1,000 decisions) at the default budget, each shared in turns.
pub const PENDING_PER_THREAD: u32 = 32;

impl AnalysisConfig {
    /// The defaults for a thinking pool of `threads` threads: a queue of
    /// [`PENDING_PER_THREAD`] per thread, all of it in progress at once.
    pub fn for_threads(threads: usize) -> AnalysisConfig {
        let max_pending = PENDING_PER_THREAD * threads.max(1) as u32;
        AnalysisConfig {
            workers: max_pending as usize,
            max_pending,
            ..AnalysisConfig::default()
        }
    }
}

impl Default for AnalysisConfig {
    fn default() -> AnalysisConfig {
        AnalysisConfig {
            budget_ms: cardarena_bots::expert::DEFAULT_BUDGET_MS,
            workers: PENDING_PER_THREAD as usize,
            max_pending: PENDING_PER_THREAD,
            per_hour: 20,
            per_requester: 2,
        }
    }
}

/// The analyses of this process: its configuration, the hourly limit on requests per requester,
/// and the loop computing queued analyses.
#[derive(Clone)]
pub struct Analyses {
    inner: Arc<Inner>,
}

struct Inner {
    store: Store,
    config: AnalysisConfig,
    wake: Notify,
    requests: DefaultKeyedRateLimiter<String>,
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

    /// Counts a request that would queue an analysis against each of `requesters` (its
    /// network, and its bot's owner when it has a token): `false` past any one's hourly share.
    pub fn allow(&self, requesters: &[&str]) -> bool {
        requesters
            .iter()
            .all(|key| self.inner.requests.check_key(&key.to_string()).is_ok())
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

/// Computes the claimed analysis decision by decision in the thinking pool, charged to its
/// requester, and stores it (or why it failed). Where the database is unavailable for a moment,
/// the analysis goes back to the queue; where a full queue dropped it, it stops.
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
    let budget_ms = claimed.budget_ms;
    let mut analysing = match Analysing::new(&Played::of(&detail, &fault_steps), budget_ms) {
        Ok(analysing) => analysing,
        Err(e) => return fail(store, &id, &e.to_string()).await,
    };
    let tenant = Tenant::analysis(&claimed.requester);
    let started = Instant::now();
    let mut reported = Instant::now();
    loop {
        let search = thinking::shared().think(tenant.clone(), f64::from(budget_ms), move || {
            let more = analysing.step();
            (analysing, more)
        });
        let more;
        (analysing, more) = match search.await {
            Ok(stepped) => stepped,
            Err(e) => return fail(store, &id, &format!("the analysis stopped: {e}")).await,
        };
        match more {
            Ok(true) => {}
            Ok(false) => break,
            Err(e) => return fail(store, &id, &e.to_string()).await,
        }
        if reported.elapsed() >= PROGRESS_EVERY {
            reported = Instant::now();
            // Also a heartbeat: written even when a long decision moved nothing.
            match store.analysis_progress(&id, analysing.done()).await {
                Ok(true) => {}
                Ok(false) => {
                    tracing::info!("the analysis of match {id} was dropped from the queue");
                    return;
                }
                Err(e) => tracing::warn!("analysis of match {id}: progress: {e}"),
            }
        }
    }
    let total = analysing.done();
    let analysis = analysing.finish();
    let game = summary.game.clone();
    let encoded = tokio::task::spawn_blocking(move || analysis.encode()).await;
    match encoded {
        Ok(Ok(stored)) => {
            tracing::info!(
                "match {id} analysed: {total} decisions at {budget_ms} ms in {:.1} s, {} bytes",
                started.elapsed().as_secs_f64(),
                stored.gzip.len()
            );
            if let Err(e) = store.finish_analysis(&id, &game, &stored).await {
                failed_store(store, &id, "storing it", &e).await;
            }
        }
        Ok(Err(e)) => fail(store, &id, &format!("encoding: {e}")).await,
        Err(e) => fail(store, &id, &format!("encoding: {e}")).await,
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
