//! Frames answers built once and kept gzip-compressed (docs/architecture.md, "Frames and the
//! live feed"): a cache bounded in bytes, least recently used out first; one build per key at a
//! time however many readers wait for it; builds off the async workers, a few at once.
//!
//! An answer is written straight into the compressor ([`Compressed::encode`]): no full copy of
//! the JSON is ever held, only its gzip bytes, which every reader shares ([`Bytes`] clones).

use std::collections::{BTreeMap, HashMap};
use std::future::Future;
use std::io::{self, Write};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::body::Bytes;
use flate2::Compression;
use flate2::write::GzEncoder;
use sha2::{Digest, Sha256};
use tokio::sync::{OnceCell, Semaphore};

/// The cache's default bound: the gzip bytes of about 150 of the longest matches measured
/// (224 KB each), thousands of ordinary ones.
pub const DEFAULT_CACHE_BYTES: usize = 32 * 1024 * 1024;

/// What an entry costs besides its bytes (key, bookkeeping), counted against the bound.
const ENTRY_OVERHEAD: usize = 128;

/// How long a match found settled (finished, open to all, its log kept) is served from the
/// cache without asking the database again: a reader looping on a match's frames costs its
/// queries once a second, not on every read. A rename or a dropped log shows within it.
pub const RECHECK_AFTER: Duration = Duration::from_secs(1);

/// The matches remembered as recently checked, at most: a bound that a flood of distinct
/// matches cannot pass (past it, reads go to the database as before).
const MAX_RECENT: usize = 4096;

/// From this many remembered matches on, the stale ones are let go at each new one, so the
/// memory stays at what a second's reads need rather than filling up to [`MAX_RECENT`].
const PRUNE_RECENT_AT: usize = 256;

/// An answer, gzip-compressed, with its entity tag.
#[derive(Debug, Clone)]
pub struct Compressed {
    /// The gzip bytes (one member).
    pub gzip: Bytes,
    /// The length of the JSON once decompressed.
    pub plain_len: u64,
    /// The first 128 bits of the SHA-256 of the JSON, in hex: a strong validator of it.
    pub tag: Arc<str>,
}

impl Compressed {
    /// Compresses what `write` writes, hashing it on the way; the JSON is never held whole.
    pub fn encode(write: impl FnOnce(&mut dyn Write) -> io::Result<()>) -> io::Result<Compressed> {
        let mut sink = Hashing {
            inner: GzEncoder::new(Vec::new(), Compression::default()),
            hash: Sha256::new(),
            len: 0,
        };
        write(&mut sink)?;
        let mut gzip = sink.inner.finish()?;
        // The buffer grew by doubling: without this an entry held up to twice the bytes the
        // cache counts (heaptrack over the soak's hour: 21.6 MB held for 10.7 MB counted).
        gzip.shrink_to_fit();
        let digest = sink.hash.finalize();
        Ok(Compressed {
            gzip: Bytes::from(gzip),
            plain_len: sink.len,
            tag: Arc::from(hex::encode(&digest[..16])),
        })
    }

    /// What the entry costs the cache.
    fn cost(&self, key: &str) -> usize {
        self.gzip.len() + key.len() + ENTRY_OVERHEAD
    }
}

/// A writer hashing and counting what passes through it on its way to `inner`.
struct Hashing<W> {
    inner: W,
    hash: Sha256,
    len: u64,
}

impl<W: Write> Write for Hashing<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.hash.update(&buf[..n]);
        self.len += n as u64;
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

/// Why an answer could not be built: the error of the build, or of its blocking task.
#[derive(Debug, Clone, thiserror::Error)]
#[error("{0}")]
pub struct BuildError(pub String);

/// The cache of compressed answers, shared by every request handler.
#[derive(Clone)]
pub struct FramesCache {
    inner: Arc<Inner>,
}

struct Inner {
    max_bytes: usize,
    lru: Mutex<Lru>,
    /// The builds in flight, by key: readers of one key wait on the same cell.
    flights: Mutex<HashMap<String, Arc<OnceCell<Compressed>>>>,
    /// Builds at once.
    builds: Semaphore,
    /// Matches found settled, by id: the key of their answer and when they were checked.
    recent: Mutex<HashMap<String, (String, Instant)>>,
}

/// Entries by key, and keys by last use.
#[derive(Default)]
struct Lru {
    entries: HashMap<String, (Compressed, u64)>,
    order: BTreeMap<u64, String>,
    bytes: usize,
    tick: u64,
}

impl Lru {
    fn get(&mut self, key: &str) -> Option<Compressed> {
        self.tick += 1;
        let tick = self.tick;
        let (value, used) = self.entries.get_mut(key)?;
        let key = self.order.remove(used)?;
        *used = tick;
        self.order.insert(tick, key);
        Some(value.clone())
    }

    fn insert(&mut self, key: &str, value: Compressed, max_bytes: usize) {
        let cost = value.cost(key);
        if cost > max_bytes || self.entries.contains_key(key) {
            return;
        }
        while self.bytes + cost > max_bytes {
            let Some((_, oldest)) = self.order.pop_first() else {
                break;
            };
            if let Some((old, _)) = self.entries.remove(&oldest) {
                self.bytes -= old.cost(&oldest);
            }
        }
        self.tick += 1;
        self.order.insert(self.tick, key.to_string());
        self.entries.insert(key.to_string(), (value, self.tick));
        self.bytes += cost;
        metrics::gauge!("cardarena_frames_cache_bytes").set(self.bytes as f64);
    }
}

impl FramesCache {
    /// A cache of at most `max_bytes` (gzip bytes and a small overhead per entry), running at
    /// most `max_builds` builds at once.
    pub fn new(max_bytes: usize, max_builds: usize) -> FramesCache {
        FramesCache {
            inner: Arc::new(Inner {
                max_bytes,
                lru: Mutex::default(),
                flights: Mutex::default(),
                builds: Semaphore::new(max_builds.max(1)),
                recent: Mutex::default(),
            }),
        }
    }

    /// The builds allowed at once by default: half the cores, at least one, so builds leave
    /// the other requests a core.
    pub fn default_builds() -> usize {
        std::thread::available_parallelism().map_or(1, |n| (n.get() / 2).max(1))
    }

    /// The entries and the bytes they cost.
    pub fn usage(&self) -> (usize, usize) {
        let lru = self.inner.lru.lock().unwrap_or_else(|e| e.into_inner());
        (lru.entries.len(), lru.bytes)
    }

    /// The answer of match `id` if it was found settled less than [`RECHECK_AFTER`] ago
    /// ([`FramesCache::settled`]) and its answer is still kept.
    pub fn recent(&self, id: &str) -> Option<Compressed> {
        let key = {
            let recent = self.lock_recent();
            let (key, at) = recent.get(id)?;
            if at.elapsed() >= RECHECK_AFTER {
                return None;
            }
            key.clone()
        };
        let hit = self.lock_lru().get(&key)?;
        metrics::counter!("cardarena_frames_cache_total", "result" => "recent").increment(1);
        Some(hit)
    }

    /// Notes that match `id` was just found settled, its answer kept under `key`.
    pub fn settled(&self, id: &str, key: &str) {
        let mut recent = self.lock_recent();
        if recent.len() >= PRUNE_RECENT_AT {
            recent.retain(|_, (_, at)| at.elapsed() < RECHECK_AFTER);
        }
        if recent.len() < MAX_RECENT || recent.contains_key(id) {
            recent.insert(id.to_string(), (key.to_string(), Instant::now()));
        }
    }

    /// The answer kept under `key`, or the one `build` makes, kept. Readers of a key being
    /// built wait for that one build; a build that fails gives its error to its own reader, and
    /// a reader that waited for it builds in turn.
    /// An answer larger than the whole cache is given but not kept.
    pub async fn get_or_build<F, Fut, E>(&self, key: &str, build: F) -> Result<Compressed, E>
    where
        F: FnOnce() -> Fut,
        Fut: Future<Output = Result<Compressed, E>>,
    {
        if let Some(hit) = self.lock_lru().get(key) {
            metrics::counter!("cardarena_frames_cache_total", "result" => "hit").increment(1);
            return Ok(hit);
        }
        let cell = {
            let mut flights = self.lock_flights();
            flights.entry(key.to_string()).or_default().clone()
        };
        let mut built_here = false;
        let result = cell
            .get_or_try_init(|| {
                built_here = true;
                build()
            })
            .await
            .cloned();
        let outcome = if built_here { "miss" } else { "wait" };
        metrics::counter!("cardarena_frames_cache_total", "result" => outcome).increment(1);
        if let Ok(value) = &result {
            // Kept before the flight ends, so a reader arriving in between finds one or the other.
            let max = self.inner.max_bytes;
            self.lock_lru().insert(key, value.clone(), max);
        }
        let mut flights = self.lock_flights();
        if flights.get(key).is_some_and(|c| Arc::ptr_eq(c, &cell)) {
            flights.remove(key);
        }
        result
    }

    /// Builds an answer with `write` (serializing into the compressor) on the blocking pool,
    /// once one of the build permits is free: an unrelated request is not left waiting behind
    /// a long match's build.
    pub async fn compress<W>(&self, write: W) -> Result<Compressed, BuildError>
    where
        W: FnOnce(&mut dyn Write) -> io::Result<()> + Send + 'static,
    {
        let _permit = self
            .inner
            .builds
            .acquire()
            .await
            .map_err(|e| BuildError(e.to_string()))?;
        match tokio::task::spawn_blocking(move || Compressed::encode(write)).await {
            Ok(Ok(built)) => Ok(built),
            Ok(Err(e)) => Err(BuildError(e.to_string())),
            Err(e) => Err(BuildError(e.to_string())),
        }
    }

    fn lock_lru(&self) -> std::sync::MutexGuard<'_, Lru> {
        self.inner.lru.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn lock_recent(&self) -> std::sync::MutexGuard<'_, HashMap<String, (String, Instant)>> {
        self.inner.recent.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn lock_flights(
        &self,
    ) -> std::sync::MutexGuard<'_, HashMap<String, Arc<OnceCell<Compressed>>>> {
        self.inner.flights.lock().unwrap_or_else(|e| e.into_inner())
    }
}

#[cfg(test)]
mod tests {
    use std::io::Read;
    use std::sync::atomic::{AtomicUsize, Ordering};

    use super::*;

    fn answer(text: &str) -> Compressed {
        Compressed::encode(|w| w.write_all(text.as_bytes())).unwrap()
    }

    #[test]
    fn an_answer_decompresses_to_what_was_written_and_its_tag_follows_it() {
        let text = "{\"frames\":[".to_string() + &"1,".repeat(10_000) + "1]}";
        let a = answer(&text);
        let mut plain = String::new();
        flate2::read::GzDecoder::new(&a.gzip[..])
            .read_to_string(&mut plain)
            .unwrap();
        assert_eq!(plain, text);
        assert_eq!(a.plain_len, text.len() as u64);
        assert!(a.gzip.len() < text.len() / 10);
        assert_eq!(a.tag, answer(&text).tag);
        assert_ne!(a.tag, answer("{}").tag);
    }

    #[test]
    fn the_cache_keeps_the_recently_used_within_its_bound() {
        let one = answer(&"x".repeat(1000));
        let cost = one.cost("k0");
        let mut lru = Lru::default();
        let max = cost * 3;
        for k in ["k0", "k1", "k2"] {
            lru.insert(k, one.clone(), max);
        }
        assert!(lru.get("k0").is_some());
        lru.insert("k3", one.clone(), max);
        assert!(lru.get("k1").is_none(), "the least recently used went");
        assert!(lru.get("k0").is_some() && lru.get("k2").is_some() && lru.get("k3").is_some());
        assert!(lru.bytes <= max);
        lru.insert("huge", answer(&"y".repeat(100_000)), 10);
        assert!(lru.get("huge").is_none(), "larger than the cache: not kept");
    }

    #[tokio::test]
    async fn a_match_found_settled_is_served_without_a_check_for_a_while() {
        let cache = FramesCache::new(1 << 20, 1);
        assert!(cache.recent("m").is_none(), "never checked");
        let built = cache
            .get_or_build("m/seats", || cache.compress(|w| w.write_all(b"{}")))
            .await
            .unwrap();
        assert!(
            cache.recent("m").is_none(),
            "built, but not yet said settled"
        );
        cache.settled("m", "m/seats");
        assert_eq!(cache.recent("m").unwrap().tag, built.tag);
        assert!(cache.recent("other").is_none());
        cache.lock_recent().get_mut("m").unwrap().1 -= RECHECK_AFTER;
        assert!(
            cache.recent("m").is_none(),
            "checked too long ago: asked again"
        );
    }

    #[test]
    fn the_recently_checked_stay_within_their_bound() {
        let cache = FramesCache::new(1 << 20, 1);
        // Full with matches checked "now" for as long as the test may take (a fill through
        // `settled` takes over a second in a loaded debug build, and the first ones went stale).
        let fresh = Instant::now() + Duration::from_secs(3600);
        cache
            .lock_recent()
            .extend((0..MAX_RECENT).map(|i| (format!("m{i}"), ("k".to_string(), fresh))));
        for i in 0..10 {
            cache.settled(&format!("more{i}"), "k");
        }
        assert_eq!(cache.lock_recent().len(), MAX_RECENT);
        assert!(!cache.lock_recent().contains_key("more0"), "past the bound");
        let stale = Instant::now() - RECHECK_AFTER;
        for (_, at) in cache.lock_recent().values_mut() {
            *at = stale;
        }
        cache.settled("late", "k");
        assert_eq!(cache.lock_recent().len(), 1, "the stale ones made room");
        for i in 0..PRUNE_RECENT_AT {
            cache.settled(&format!("n{i}"), "k");
        }
        for (_, at) in cache.lock_recent().values_mut() {
            *at -= RECHECK_AFTER;
        }
        cache.settled("next", "k");
        assert_eq!(cache.lock_recent().len(), 1, "pruned long before the bound");
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn readers_of_one_key_wait_for_one_build() {
        let cache = FramesCache::new(1 << 20, 1);
        let builds = Arc::new(AtomicUsize::new(0));
        let readers = (0..20).map(|_| {
            let (cache, builds) = (cache.clone(), builds.clone());
            tokio::spawn(async move {
                cache
                    .get_or_build("m", || async {
                        builds.fetch_add(1, Ordering::SeqCst);
                        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
                        cache.compress(|w| w.write_all(b"{}")).await
                    })
                    .await
                    .unwrap()
            })
        });
        let answers = futures_util::future::join_all(readers).await;
        assert_eq!(builds.load(Ordering::SeqCst), 1);
        assert!(answers.iter().all(|a| a.as_ref().unwrap().plain_len == 2));
        assert_eq!(cache.usage().0, 1);
    }
}
