//! The scheduler's rating sweep: each second it applies rated results left due to the ratings
//! (`cardarena_store::Store::rate_due`), which a process that stopped between a result's commit and
//! the rating passes that follow it leaves behind.

use std::time::Duration;

/// How often every process looks for rated results left due by a process that stopped between
/// a result's commit and the passes that follow it.
const RATING_SWEEP: Duration = Duration::from_secs(1);

/// Applies rated results left due ([`cardarena_store::Store::rate_due`]) every [`RATING_SWEEP`], for
/// as long as the process runs. A failure is logged as a warning once, until a sweep succeeds
/// again (the claim loop reports a database that does not answer too).
pub(super) async fn run(store: cardarena_store::Store) {
    let mut tick = tokio::time::interval(RATING_SWEEP);
    let mut failing = false;
    loop {
        tick.tick().await;
        match store.rate_due().await {
            Ok(applied) => {
                if applied > 0 {
                    tracing::debug!("{applied} rated results left due are applied");
                }
                failing = false;
            }
            Err(e) if failing => tracing::debug!("cannot apply the rated results left due: {e}"),
            Err(e) => {
                tracing::warn!("cannot apply the rated results left due: {e}");
                failing = true;
            }
        }
    }
}
