//! Retention: drops the logs of ladder matches older than the kept time, at start and then every
//! ten minutes, so a long-running ladder's database grows only by results (seats and ratings),
//! not by logs; and ([`modules`]) the uploaded modules no live bot and no recent version runs.

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

/// How long an uploaded module is kept at least, so that one stored while its version is being
/// written is not dropped under it.
const MODULE_GRACE_MS: i64 = 3_600_000;

/// Drops, every ten minutes, the uploaded modules that no live bot runs and none of a bot's
/// latest versions ([`cardarena_store::KEPT_MODULE_VERSIONS`]) names: 1,000 uploads keep a
/// handful of modules.
pub async fn modules(store: Store) {
    let mut ticks = tokio::time::interval(EVERY);
    loop {
        ticks.tick().await;
        match store.drop_unused_modules(now_ms() - MODULE_GRACE_MS).await {
            Ok(0) => {}
            Ok(dropped) => tracing::info!("retention dropped {dropped} unused modules"),
            Err(e) => tracing::error!("retention of modules: {e}"),
        }
    }
}
