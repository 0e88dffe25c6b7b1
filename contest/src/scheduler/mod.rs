//! The scheduler: takes queued matches from the store's fair queue (round-robin between owners,
//! each contestant's bot in a bounded number of matches at once) and plays up to a bounded number
//! at once; each result is committed by the store with its rating update.
//!
//! Every process that plays matches has one, under an id of its own: it claims matches with a
//! lease ([`cardarena_store::Lease`]) that it renews while it plays them ([`leases`]), so that
//! several processes (workers) can share a PostgreSQL queue and a dead one's matches are played
//! again by the others. Dial-out bots' matches are claimed only by the `serve` process their
//! connections reach: `serve --no-play` claims those alone (and plays the tables people sit at,
//! under leases too), and workers never claim them.

mod leases;
mod rating_sweep;

use std::collections::HashMap;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use tokio::sync::broadcast::error::RecvError;
use tokio::sync::{Notify, Semaphore};
use tokio::task::AbortHandle;
use tracing::Instrument;

use crate::runner::Runner;
use cardarena_store::{ClaimScope, ClaimedMatch, Signal, Store, WorkerInfo};

/// The scheduler's pause after `failures` claims in a row failed (the database is away): from
/// a quarter of a second, doubling, up to [`MAX_BACKOFF`], so that a database that is down is
/// not hammered and one that comes back is used again within that.
fn backoff(failures: u32) -> Duration {
    (Duration::from_millis(250) * 2u32.saturating_pow(failures.saturating_sub(1).min(16)))
        .min(MAX_BACKOFF)
}

/// The longest pause between the scheduler's tries while the database is away.
const MAX_BACKOFF: Duration = Duration::from_secs(10);

/// How long the scheduler sleeps when nobody wakes it, in case a signal was lost.
const IDLE_POLL: Duration = Duration::from_secs(1);

/// How many times the result of a match is offered to the store.
const STORE_ATTEMPTS: u32 = 4;

/// What a scheduler does.
#[derive(Debug, Clone)]
pub struct SchedulerConfig {
    /// The most matches played at once.
    pub max_concurrent: usize,
    /// The most running matches a contestant's bot may be in, across every process.
    pub bot_concurrency: u32,
    /// Which queued matches it claims: all (`serve`), only those of dial-out bots, whose
    /// connections are here (`serve --no-play`), or only those of no dial-out bot (`worker`).
    pub claims: ClaimScope,
    /// `serve` or `worker`, as the store shows it.
    pub role: &'static str,
}

/// Plays queued matches. Wake it with [`Scheduler::wake`] when a match is queued.
#[derive(Clone)]
pub struct Scheduler {
    store: Store,
    runner: Runner,
    wake: Arc<Notify>,
    slots: Arc<Semaphore>,
    config: SchedulerConfig,
    worker: Arc<WorkerInfo>,
    /// The matches being played here, by id, with when each began here: aborted when their
    /// lease is lost.
    playing: Arc<Mutex<HashMap<String, (AbortHandle, Instant)>>>,
    /// When the claim loop last went round, in Unix ms (0: not yet): a readiness probe's
    /// evidence that the scheduler is not stuck.
    ticked: Arc<AtomicI64>,
}

impl Scheduler {
    /// A scheduler as `config` says, playing with `runner`.
    pub fn new(store: Store, runner: Runner, config: SchedulerConfig) -> Scheduler {
        let max = config.max_concurrent.max(1);
        let worker = WorkerInfo {
            id: uuid::Uuid::new_v4().to_string(),
            role: config.role.to_string(),
            host: host_name(),
            pid: std::process::id(),
            slots: max as u32,
        };
        Scheduler {
            store,
            runner,
            wake: Arc::new(Notify::new()),
            slots: Arc::new(Semaphore::new(max)),
            config: SchedulerConfig {
                bot_concurrency: config.bot_concurrency.max(1),
                ..config
            },
            worker: Arc::new(worker),
            playing: Arc::default(),
            ticked: Arc::default(),
        }
    }

    /// How many matches this process plays now.
    pub fn playing_now(&self) -> usize {
        self.playing().len()
    }

    /// The most matches this process plays at once.
    pub fn slots(&self) -> usize {
        self.worker.slots as usize
    }

    /// How long ago the claim loop last went round (`None` before it first did). It goes round
    /// at least every second while the database answers.
    pub fn since_last_tick(&self) -> Option<Duration> {
        match self.ticked.load(Ordering::Relaxed) {
            0 => None,
            at => Some(Duration::from_millis(
                (cardarena_store::now_ms() - at).max(0) as u64,
            )),
        }
    }

    /// This process's id in the store: the holder of the leases of the matches it plays.
    pub fn worker_id(&self) -> &str {
        &self.worker.id
    }

    /// Tells every process's scheduler (this one's too) that matches were queued or that a match
    /// finished (which may free a bot that queued matches wait for).
    pub fn wake(&self) {
        self.wake.notify_one();
        let store = self.store.clone();
        tokio::spawn(async move {
            if let Err(e) = store.signal(Signal::Queue).await {
                tracing::warn!("cannot signal the queue: {e}");
            }
        });
    }

    /// Runs forever: registers the process, keeps its leases, and (unless it does not claim)
    /// claims queued matches while there are free slots and plays each in a task. When nothing
    /// can be claimed it sleeps until woken: by a signal from any process, or by the poll.
    pub async fn run(self) {
        if let Err(e) = self.store.register_worker(&self.worker).await {
            tracing::error!("cannot register this process as a player of matches: {e}");
        }
        tokio::spawn(leases::keep(self.clone()));
        tokio::spawn(rating_sweep::run(self.store.clone()));
        tokio::spawn(wake_on_signals(
            self.store.subscribe_signals(),
            self.wake.clone(),
        ));
        let mut failures = 0u32;
        loop {
            self.ticked
                .store(cardarena_store::now_ms(), Ordering::Relaxed);
            let free = self.slots.available_permits();
            let claimed = match free {
                0 => Vec::new(),
                n => match self.claim(n as u32).await {
                    Ok(claimed) => {
                        if failures > 0 {
                            tracing::info!("the database answers again: taking queued matches");
                            failures = 0;
                        }
                        claimed
                    }
                    Err(e) => {
                        failures += 1;
                        let pause = backoff(failures);
                        let pause_ms = pause.as_millis();
                        if failures == 1 {
                            tracing::error!(
                                "cannot take queued matches, again in {pause_ms} ms: {e}"
                            );
                        } else {
                            tracing::warn!(
                                failures,
                                "cannot take queued matches, again in {pause_ms} ms: {e}"
                            );
                        }
                        tokio::time::sleep(pause).await;
                        continue;
                    }
                },
            };
            if claimed.is_empty() {
                let _ = tokio::time::timeout(IDLE_POLL, self.wake.notified()).await;
                continue;
            }
            for m in claimed {
                let Ok(permit) = self.slots.clone().acquire_owned().await else {
                    return;
                };
                self.spawn(m, Some(permit));
            }
        }
    }

    /// Claims up to `n` queued matches, timed.
    async fn claim(&self, n: u32) -> Result<Vec<ClaimedMatch>, cardarena_store::StoreError> {
        let started = Instant::now();
        let claimed = self
            .store
            .claim_scoped(
                n,
                self.config.bot_concurrency,
                &self.worker.id,
                self.config.claims,
            )
            .await;
        metrics::histogram!("cardarena_claim_seconds").record(started.elapsed().as_secs_f64());
        claimed
    }

    /// Plays `m`, claimed already, at once and outside the slots: a table people play
    /// ([`crate::tables`]), bounded by the tables' own limits, not by the queue's.
    pub fn play_now(&self, m: ClaimedMatch) {
        self.spawn(m, None);
    }

    fn spawn(&self, m: ClaimedMatch, permit: Option<tokio::sync::OwnedSemaphorePermit>) {
        let this = self.clone();
        let id = m.id.clone();
        let mut playing = self.playing();
        // Whatever playing the match logs carries its id.
        let span = tracing::info_span!("match", match_id = %m.id, game = %m.game, kind = %m.kind);
        let task = tokio::spawn(
            async move {
                this.play(m).await;
                drop(permit);
                this.wake();
            }
            .instrument(span),
        );
        playing.insert(id, (task.abort_handle(), Instant::now()));
    }

    fn playing(&self) -> std::sync::MutexGuard<'_, HashMap<String, (AbortHandle, Instant)>> {
        self.playing.lock().unwrap_or_else(PoisonError::into_inner)
    }

    async fn play(&self, m: ClaimedMatch) {
        let outcome = self.runner.run_recorded(&m).await;
        // Played: from here on the match is not aborted if its lease is found lost, since the
        // store refuses the result of a lease that is not its own anyway.
        self.playing().remove(&m.id);
        if let Err(e) = &outcome {
            tracing::error!(match_id = %m.id, "match failed: {e}");
        }
        // A busy or briefly failing database gets a few more tries; if it still fails the match
        // stays running until its lease passes, and is played again.
        for attempt in 1..=STORE_ATTEMPTS {
            let stored = match &outcome {
                Ok((result, record)) => (self.store)
                    .finish_match_recorded(&m.id, Some(&m.lease), result, record)
                    .await
                    .map(drop),
                Err(e) => {
                    self.store
                        .fail_match(&m.id, Some(&m.lease), &e.to_string())
                        .await
                }
            };
            match stored {
                Ok(()) => {
                    let name = match outcome {
                        Ok(_) => "cardarena_matches_finished_total",
                        Err(_) => "cardarena_matches_failed_total",
                    };
                    let (game, kind) = (m.game.clone(), m.kind.clone());
                    metrics::counter!(name, "game" => game, "kind" => kind).increment(1);
                    // Stored: a live viewer told the match ended finds its result.
                    self.runner.ended(&m.id);
                    if let Err(e) = crate::health::match_done(&self.store, &m.id).await {
                        tracing::error!(match_id = %m.id, "bot health: {e}");
                    }
                    if let Some(at) = &m.stage
                        && let Err(e) = crate::tournament::match_done(&self.store, at).await
                    {
                        tracing::error!(tournament = %at.tournament_id, "tournament: {e}");
                    }
                    return;
                }
                Err(e) if attempt < STORE_ATTEMPTS => {
                    tracing::warn!(match_id = %m.id, "storing the result failed, retrying: {e}");
                    tokio::time::sleep(Duration::from_millis(100 << attempt)).await;
                }
                Err(e) => tracing::error!(match_id = %m.id, "cannot store the result: {e}"),
            }
        }
        self.runner.ended(&m.id);
    }
}

/// Wakes the claim loop on every queue signal (and when signals were lost to lag).
async fn wake_on_signals(mut signals: tokio::sync::broadcast::Receiver<Signal>, wake: Arc<Notify>) {
    loop {
        match signals.recv().await {
            Ok(Signal::Queue) | Err(RecvError::Lagged(_)) => wake.notify_one(),
            Ok(_) => {}
            Err(RecvError::Closed) => return,
        }
    }
}

/// This machine's name, for the organiser's list of processes.
fn host_name() -> String {
    std::fs::read_to_string("/proc/sys/kernel/hostname")
        .ok()
        .or_else(|| std::env::var("HOSTNAME").ok())
        .map(|name| name.trim().to_string())
        .filter(|name| !name.is_empty())
        .unwrap_or_else(|| "unknown".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_backoff_doubles_from_a_quarter_second_up_to_its_cap() {
        let pauses: Vec<u128> = (1..=8).map(|n| backoff(n).as_millis()).collect();
        assert_eq!(pauses, [250, 500, 1000, 2000, 4000, 8000, 10_000, 10_000]);
        assert_eq!(backoff(u32::MAX), MAX_BACKOFF);
    }
}
