//! Contestants' modules in the runner: each uploaded module compiled once per process (from the
//! database, through wasmtime's disk cache) and kept while it is used, and a memory budget that
//! every running instance reserves its cap from, so that matches wait for room rather than take
//! more than the budget.
//!
//! The budget counts the cap, not what an instance uses: an instance may grow to its cap at any
//! moment, and only its cap bounds what the process can be asked for. The pooling allocator's
//! slots are the budget's instances, so a seat's instance starts in a slot made once.

use std::collections::VecDeque;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use cardarena_sandbox::{Limits, Module, Sandbox, ServerOptions};
use cardarena_store::Store;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// How many compiled modules a process keeps in memory, the least recently used dropped first
/// (a module's code is a few MB; its instances hold their own handle while they run).
const LOADED: usize = 32;

/// How a process runs modules.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ModulesConfig {
    /// Each module's bounds (size, memory of an instance, answer).
    pub limits: Limits,
    /// The memory all running instances may take together, in bytes: each reserves its cap.
    pub memory_budget: u64,
    /// Where compiled modules are kept between starts (`None`: compiled at every start).
    pub cache_dir: Option<PathBuf>,
    /// The most the compiled modules on disk may take, in bytes.
    pub cache_bytes: u64,
}

impl Default for ModulesConfig {
    /// The default limits, a quarter of the machine's memory, and no disk cache.
    fn default() -> ModulesConfig {
        ModulesConfig {
            limits: Limits::default(),
            memory_budget: ModulesConfig::default_budget(),
            cache_dir: None,
            cache_bytes: 1 << 30,
        }
    }
}

impl ModulesConfig {
    /// The default budget: a quarter of the machine's memory (1 GiB if it cannot be read).
    pub fn default_budget() -> u64 {
        let meminfo = std::fs::read_to_string("/proc/meminfo").unwrap_or_default();
        let total_kib = meminfo
            .lines()
            .find_map(|line| line.strip_prefix("MemTotal:"))
            .and_then(|rest| {
                rest.trim()
                    .trim_end_matches("kB")
                    .trim()
                    .parse::<u64>()
                    .ok()
            });
        total_kib.map_or(1 << 30, |kib| kib * 1024 / 4)
    }

    /// How many instances the budget holds at their cap (at least one).
    pub fn instances(&self) -> u32 {
        let cap = self.limits.memory_bytes.max(1) as u64;
        (self.memory_budget / cap).clamp(1, u64::from(u32::MAX)) as u32
    }
}

/// The modules a process plays, shared by its matches (cheap to clone).
#[derive(Clone)]
pub struct Modules {
    inner: Arc<Inner>,
}

struct Inner {
    store: Store,
    sandbox: Sandbox,
    loaded: Mutex<VecDeque<(String, Module)>>,
    compiling: Semaphore,
    budget: Arc<Semaphore>,
    instances: u32,
}

/// Room reserved in the memory budget for a match's instances, given back when dropped.
pub struct Reserved {
    _permit: Option<OwnedSemaphorePermit>,
}

impl Modules {
    /// Modules read from `store`, run under `config`.
    pub fn new(store: Store, config: &ModulesConfig) -> Result<Modules, String> {
        let instances = config.instances();
        let options = ServerOptions {
            instances,
            cache_dir: config.cache_dir.clone(),
            cache_bytes: config.cache_bytes,
        };
        if let Some(dir) = &config.cache_dir {
            private_folder(dir)
                .map_err(|e| format!("the module cache folder {}: {e}", dir.display()))?;
        }
        let sandbox = Sandbox::for_server(config.limits, &options)?;
        Ok(Modules {
            inner: Arc::new(Inner {
                store,
                sandbox,
                loaded: Mutex::new(VecDeque::new()),
                compiling: Semaphore::new(1),
                budget: Arc::new(Semaphore::new(instances as usize)),
                instances,
            }),
        })
    }

    /// How many instances may run at once.
    pub fn instances(&self) -> u32 {
        self.inner.instances
    }

    /// How many more instances may start now.
    pub fn room(&self) -> usize {
        self.inner.budget.available_permits()
    }

    /// The module whose bytes hash to `hash`, compiled (one compile at a time in the process,
    /// on a blocking thread) or kept from an earlier match.
    pub async fn module(&self, hash: &str) -> Result<Module, String> {
        if let Some(module) = self.kept(hash) {
            return Ok(module);
        }
        let _turn = self.inner.compiling.acquire().await;
        if let Some(module) = self.kept(hash) {
            return Ok(module);
        }
        let bytes = (self.inner.store.module_bytes(hash).await)
            .map_err(|e| format!("the module could not be read: {e}"))?
            .ok_or_else(|| "its module is no longer stored".to_string())?;
        let sandbox = self.inner.sandbox.clone();
        let module = tokio::task::spawn_blocking(move || sandbox.load(&bytes))
            .await
            .map_err(|e| format!("compiling the module stopped: {e}"))?
            .map_err(|refusal| refusal.to_string())?;
        let mut loaded = self.lock();
        loaded.push_front((hash.to_string(), module.clone()));
        loaded.truncate(LOADED);
        Ok(module)
    }

    /// Waits for room for `seats` instances in the memory budget, and holds it until dropped.
    /// Matches wait in turn: the first in line gathers its room as running matches end, and
    /// those behind it wait, so a large match is never passed over by small ones and no two
    /// waiting matches each hold part of what they need.
    pub async fn reserve(&self, seats: usize) -> Reserved {
        if seats == 0 {
            return Reserved { _permit: None };
        }
        let wanted = seats.min(self.inner.instances as usize) as u32;
        let permit = self.inner.budget.clone().acquire_many_owned(wanted).await;
        Reserved {
            _permit: permit.ok(),
        }
    }

    fn kept(&self, hash: &str) -> Option<Module> {
        let mut loaded = self.lock();
        let at = loaded.iter().position(|(h, _)| h == hash)?;
        let entry = loaded.remove(at)?;
        let module = entry.1.clone();
        loaded.push_front(entry);
        Some(module)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, VecDeque<(String, Module)>> {
        self.inner
            .loaded
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

/// Makes `dir` (and its parents) and keeps it to this user: what is read back from it runs as
/// native code, so nobody else may write there.
pub fn private_folder(dir: &std::path::Path) -> std::io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    std::fs::create_dir_all(dir)?;
    std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o700))
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    /// A budget of `instances` instances at the default cap, and no disk cache.
    fn config(instances: u64) -> ModulesConfig {
        let limits = Limits::default();
        ModulesConfig {
            limits,
            memory_budget: instances * limits.memory_bytes as u64,
            cache_dir: None,
            cache_bytes: 0,
        }
    }

    #[test]
    fn the_budget_holds_as_many_instances_as_fit_at_their_cap() {
        assert_eq!(config(3).instances(), 3);
        let mut small = config(0);
        small.memory_budget = 1;
        assert_eq!(small.instances(), 1, "at least one");
    }

    #[tokio::test]
    async fn matches_wait_in_turn_for_room_in_the_memory_budget() {
        let store = Store::open("sqlite::memory:").await.unwrap();
        let modules = Modules::new(store, &config(3)).unwrap();
        assert_eq!((modules.instances(), modules.room()), (3, 3));
        let two = modules.reserve(2).await;
        assert_eq!(modules.room(), 1);
        // Two more seats do not fit: the match waits.
        let waiting = tokio::spawn({
            let modules = modules.clone();
            async move { modules.reserve(2).await }
        });
        tokio::time::sleep(Duration::from_millis(50)).await;
        assert!(!waiting.is_finished());
        // A match that needs one seat waits behind it rather than pass it.
        let behind = tokio::spawn({
            let modules = modules.clone();
            async move { modules.reserve(1).await }
        });
        tokio::time::sleep(Duration::from_millis(50)).await;
        assert!(!behind.is_finished(), "the first in line goes first");
        drop(two);
        let wait = Duration::from_secs(5);
        let next = (tokio::time::timeout(wait, waiting).await)
            .expect("room came back")
            .unwrap();
        let last = (tokio::time::timeout(wait, behind).await)
            .expect("and for the one behind")
            .unwrap();
        assert_eq!(modules.room(), 0);
        drop((next, last));
        assert_eq!(modules.room(), 3);
        // More seats than the whole budget take the whole budget, rather than wait forever.
        let all = modules.reserve(5).await;
        assert_eq!(modules.room(), 0);
        drop(all);
    }

    #[tokio::test]
    async fn a_module_that_is_not_stored_is_said_so() {
        let store = Store::open("sqlite::memory:").await.unwrap();
        let modules = Modules::new(store, &config(1)).unwrap();
        let missing = modules.module(&"0".repeat(64)).await.err().unwrap();
        assert!(missing.contains("no longer stored"), "{missing}");
    }
}
