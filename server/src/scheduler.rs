//! The scheduler: takes queued matches from the store's fair queue (round-robin between owners,
//! each contestant's bot in a bounded number of matches at once) and plays up to a bounded number
//! at once; each result is committed by the store with its rating update.

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::{Notify, Semaphore};

use crate::runner::Runner;
use crate::store::{ClaimedMatch, Store};

/// How long the scheduler sleeps when nobody wakes it, in case a match was queued by another
/// process.
const IDLE_POLL: Duration = Duration::from_secs(1);

/// How many times the result of a match is offered to the store.
const STORE_ATTEMPTS: u32 = 4;

/// Plays queued matches. Wake it with [`Scheduler::wake`] when a match is queued.
#[derive(Clone)]
pub struct Scheduler {
    store: Store,
    runner: Runner,
    wake: Arc<Notify>,
    slots: Arc<Semaphore>,
    bot_concurrency: u32,
}

impl Scheduler {
    /// A scheduler playing at most `max_concurrent` matches at once, with each contestant's bot
    /// in at most `bot_concurrency` of them.
    pub fn new(
        store: Store,
        runner: Runner,
        max_concurrent: usize,
        bot_concurrency: u32,
    ) -> Scheduler {
        Scheduler {
            store,
            runner,
            wake: Arc::new(Notify::new()),
            slots: Arc::new(Semaphore::new(max_concurrent.max(1))),
            bot_concurrency: bot_concurrency.max(1),
        }
    }

    /// Tells the scheduler that matches were queued or that a match finished (which may free a
    /// bot that queued matches wait for).
    pub fn wake(&self) {
        self.wake.notify_one();
    }

    /// Runs forever: claims queued matches while there are free slots and plays each in a task.
    /// When nothing can be claimed (the queue is empty, or every queued match waits for a bot at
    /// its limit) it sleeps until woken: by a new match, by a finished one, or by the poll.
    pub async fn run(self) {
        loop {
            let free = self.slots.available_permits();
            let claimed = match free {
                0 => Vec::new(),
                n => match self
                    .store
                    .claim_queued(n as u32, self.bot_concurrency)
                    .await
                {
                    Ok(claimed) => claimed,
                    Err(e) => {
                        tracing::error!("cannot take queued matches: {e}");
                        Vec::new()
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
                let this = self.clone();
                tokio::spawn(async move {
                    this.play(m).await;
                    drop(permit);
                    this.wake();
                });
            }
        }
    }

    /// Plays `m`, claimed already, at once and outside the slots: a table people play
    /// ([`crate::tables`]), bounded by the tables' own limits, not by the queue's.
    pub fn play_now(&self, m: ClaimedMatch) {
        let this = self.clone();
        tokio::spawn(async move {
            this.play(m).await;
            this.wake();
        });
    }

    async fn play(&self, m: ClaimedMatch) {
        let outcome = self.runner.run_recorded(&m).await;
        if let Err(e) = &outcome {
            tracing::error!(match_id = %m.id, "match failed: {e}");
        }
        // A busy or briefly failing database gets a few more tries; if it still fails the match
        // stays running and is played again after a restart.
        for attempt in 1..=STORE_ATTEMPTS {
            let stored = match &outcome {
                Ok((result, record)) => (self.store)
                    .finish_match_recorded(&m.id, result, record)
                    .await
                    .map(drop),
                Err(e) => self.store.fail_match(&m.id, &e.to_string()).await,
            };
            match stored {
                Ok(()) => {
                    // Stored: a live viewer told the match ended finds its result.
                    self.runner.ended(&m.id);
                    if let Err(e) = crate::health::match_done(&self.store, &m.id).await {
                        tracing::error!(match_id = %m.id, "bot health: {e}");
                    }
                    if let Some(at) = &m.stage {
                        if let Err(e) = crate::tournament::match_done(&self.store, at).await {
                            tracing::error!(tournament = %at.tournament_id, "tournament: {e}");
                        }
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
