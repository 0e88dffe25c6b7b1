//! Retention: drops the logs of ladder matches older than the kept time, at start and then every
//! ten minutes, so a long-running ladder's database grows only by results (seats and ratings),
//! not by logs.

use std::time::Duration;

use cardarena_store::{Store, now_ms};

/// How often retention runs.
const EVERY: Duration = Duration::from_secs(600);

/// Drops, forever, the logs of ladder matches finished more than `keep` ago.
pub async fn run(store: Store, keep: Duration) {
    let mut ticks = tokio::time::interval(EVERY);
    loop {
        ticks.tick().await;
        let before = now_ms() - keep.as_millis() as i64;
        match store.drop_ladder_logs(before).await {
            Ok(0) => {}
            Ok(dropped) => tracing::info!("retention dropped {dropped} ladder match logs"),
            Err(e) => tracing::error!("retention: {e}"),
        }
    }
}
