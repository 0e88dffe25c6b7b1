//! The scheduler's leases: every [`RENEW`] it renews the leases of the matches it plays, drops
//! (aborts) any whose lease it no longer holds, and reaps the matches of processes that stopped
//! renewing theirs (every process reaps, so one that is left does it for the others).

use std::collections::HashSet;
use std::time::{Duration, Instant};

use super::Scheduler;
use cardarena_store::LEASE_MS;

/// How often leases are renewed and expired ones reaped: a third of a lease, so that two renewals
/// may fail before a lease passes.
const RENEW: Duration = Duration::from_millis(LEASE_MS as u64 / 3);

/// Keeps `scheduler`'s leases and reaps others' for as long as the process runs.
pub(super) async fn keep(scheduler: Scheduler) {
    let mut tick = tokio::time::interval(RENEW);
    loop {
        tick.tick().await;
        let asked = Instant::now();
        match scheduler.store.renew_leases(&scheduler.worker.id).await {
            Ok(held) => drop_lost(&scheduler, &held.into_iter().collect(), asked),
            Err(e) => tracing::warn!("cannot renew the leases of the matches played here: {e}"),
        }
        match scheduler.store.reap_leases().await {
            Ok(reaped) => {
                if reaped.requeued > 0 {
                    tracing::warn!(
                        "{} matches of a process that stopped are queued again",
                        reaped.requeued
                    );
                    scheduler.wake();
                }
                if reaped.cancelled > 0 {
                    tracing::warn!(
                        "{} tables of a process that stopped are cancelled",
                        reaped.cancelled
                    );
                }
            }
            Err(e) => tracing::warn!("cannot reap expired leases: {e}"),
        }
    }
}

/// Aborts every match played here since before `asked` whose lease is not among `held` (the
/// leases renewed when asked): another process plays it now (or will), and its result here
/// would be refused. A match that began here after `asked` was claimed after the renewal.
fn drop_lost(scheduler: &Scheduler, held: &HashSet<String>, asked: Instant) {
    let lost: Vec<_> = {
        let mut playing = scheduler.playing();
        let lost: Vec<String> = (playing.iter())
            .filter(|(id, (_, began))| *began < asked && !held.contains(*id))
            .map(|(id, _)| id.clone())
            .collect();
        lost.into_iter()
            .filter_map(|id| playing.remove(&id).map(|(task, _)| (id, task)))
            .collect()
    };
    for (id, task) in lost {
        tracing::warn!(match_id = %id, "the lease of this match was lost: it is dropped here");
        task.abort();
        scheduler.runner.ended(&id);
    }
}
