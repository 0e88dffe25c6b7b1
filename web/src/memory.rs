//! Gives freed memory back to the system. glibc's malloc keeps what a thread frees in that
//! thread's arena for reuse, and returns pages to the system only from the top of the main heap:
//! a server whose tokio threads take turns at bursts of work (a frames answer, a match's log)
//! grows its resident size long after its live heap has stopped growing (measured in the soak:
//! docs/operations.md, "Soak test"). Every [`TRIM_EVERY`], `malloc_trim(0)` hands every arena's
//! free pages back. Elsewhere than glibc this does nothing.

use std::time::Duration;

/// How often free memory is handed back.
pub const TRIM_EVERY: Duration = Duration::from_secs(30);

/// Starts handing free memory back every [`TRIM_EVERY`], on tokio's blocking threads (a trim
/// walks every arena: about a millisecond for a server's heap).
pub fn give_back_regularly() {
    tokio::spawn(async {
        let mut every = tokio::time::interval(TRIM_EVERY);
        every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        every.tick().await;
        loop {
            every.tick().await;
            let _ = tokio::task::spawn_blocking(trim).await;
        }
    });
}

/// Hands the free pages of every arena back to the system; true when some were.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
#[allow(unsafe_code)] // a call into glibc (with open_files.rs's and the thinking pool's nice, the workspace's only unsafe code)
pub fn trim() -> bool {
    let started = std::time::Instant::now();
    // SAFETY: malloc_trim only walks and releases malloc's own free lists; it takes malloc's
    // locks like any allocation and touches no memory the program holds.
    let released = unsafe { libc::malloc_trim(0) } == 1;
    tracing::debug!(released, took = ?started.elapsed(), "malloc_trim");
    released
}

/// Elsewhere than glibc there is nothing to trim.
#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
pub fn trim() -> bool {
    false
}

#[cfg(all(test, target_os = "linux", target_env = "gnu"))]
mod tests {
    use super::trim;

    /// Memory freed in the middle of a thread's arena (a block still held above it, so malloc
    /// cannot give it back from the top) is what glibc keeps; a trim hands it back.
    #[test]
    fn a_trim_hands_back_what_a_thread_freed_below_a_block_it_still_holds() {
        let pin = std::thread::spawn(|| {
            let blocks: Vec<Vec<u8>> = (0..50_000).map(|i| vec![i as u8; 1024]).collect();
            let pin = vec![1u8; 1024];
            drop(blocks);
            pin
        })
        .join()
        .unwrap();
        assert!(trim(), "nothing was handed back");
        assert_eq!(pin[0], 1);
    }
}
