//! Whether anyone is watching: the web layer marks each look at a page ([`Audience::seen`]), and
//! the demo's house-bot ladders slow down once nobody has looked for a while
//! ([`DemoPace`]), so a forgotten `serve --demo` costs next to nothing.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// How long after the last look the demo's ladders slow down.
pub const IDLE_AFTER: Duration = Duration::from_secs(300);

/// The pace of the demo's house-bot ladders while nobody looks: one round in this long.
pub const IDLE_INTERVAL: Duration = Duration::from_secs(60);

/// When someone last looked at a page; shared by the web layer (which marks) and the ladder
/// (which reads). Cheap to clone.
#[derive(Debug, Clone)]
pub struct Audience {
    start: Instant,
    /// Milliseconds after `start` of the last look.
    last: Arc<AtomicU64>,
}

impl Default for Audience {
    fn default() -> Audience {
        Audience::new()
    }
}

impl Audience {
    /// An audience that has just looked (a server starting is watched by whoever started it).
    pub fn new() -> Audience {
        Audience {
            start: Instant::now(),
            last: Arc::new(AtomicU64::new(0)),
        }
    }

    /// Someone looked just now.
    pub fn seen(&self) {
        self.seen_at(Instant::now());
    }

    /// Someone looked at `now`.
    fn seen_at(&self, now: Instant) {
        let ms = now.saturating_duration_since(self.start).as_millis() as u64;
        self.last.fetch_max(ms, Ordering::Relaxed);
    }

    /// How long it has been, at `now`, since anyone looked.
    pub fn idle_at(&self, now: Instant) -> Duration {
        let last = self.start + Duration::from_millis(self.last.load(Ordering::Relaxed));
        now.saturating_duration_since(last)
    }
}

/// Whether a round of the demo's house-bot ladders may be queued: always while someone looks,
/// then one round per [`IDLE_INTERVAL`].
#[derive(Debug)]
pub struct DemoPace {
    audience: Audience,
    last_round: Option<Instant>,
}

impl DemoPace {
    /// The pace that follows `audience`.
    pub fn new(audience: Audience) -> DemoPace {
        DemoPace {
            audience,
            last_round: None,
        }
    }

    /// Whether the demo's ladders queue a round at `now`; a round allowed is counted as played.
    pub fn allows(&mut self, now: Instant) -> bool {
        let watched = self.audience.idle_at(now) < IDLE_AFTER;
        let due = self
            .last_round
            .is_none_or(|at| now.saturating_duration_since(at) >= IDLE_INTERVAL);
        if watched || due {
            self.last_round = Some(now);
            true
        } else {
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_demo_keeps_its_pace_while_watched_and_slows_to_a_round_a_minute_when_not() {
        let audience = Audience::new();
        let start = Instant::now();
        let mut pace = DemoPace::new(audience.clone());
        let at = |secs: u64| start + Duration::from_secs(secs);
        // Watched (the start counts as a look): every round.
        assert!((0..60).step_by(5).all(|s| pace.allows(at(s))));
        // Five minutes on with no look: one round a minute.
        let quiet: Vec<u64> = (300..500)
            .step_by(5)
            .filter(|&s| pace.allows(at(s)))
            .collect();
        assert_eq!(quiet, vec![300, 360, 420, 480], "{quiet:?}");
        assert!(audience.idle_at(at(500)) >= IDLE_AFTER);
    }

    #[test]
    fn a_look_brings_the_pace_back_at_once() {
        let audience = Audience::new();
        let mut pace = DemoPace::new(audience.clone());
        let quiet = Instant::now() + IDLE_AFTER * 2;
        assert!(pace.allows(quiet), "the first quiet round");
        assert!(
            !pace.allows(quiet + Duration::from_secs(5)),
            "then it waits"
        );
        audience.seen_at(quiet + Duration::from_secs(6));
        assert!(pace.allows(quiet + Duration::from_secs(10)));
        assert!(pace.allows(quiet + Duration::from_secs(15)));
    }
}
