//! One seat's instance of a module: its store, its limits, its calls on a budget of fuel.

use std::time::Duration;

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;
use wasmtime::component::{InstancePre, ResourceTable, TypedFunc};
use wasmtime::{ResourceLimiter, Store, StoreLimits, StoreLimitsBuilder, Trap};
use wasmtime_wasi::{
    HostMonotonicClock, HostWallClock, WasiCtx, WasiCtxBuilder, WasiCtxView, WasiView,
};

use crate::limits::Limits;

/// The fuel a seat may burn to start (a language runtime initialises itself).
const START_FUEL: u64 = 2_000_000_000;

/// Why a call gave no answer: a fault of the module, never of the server.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Fault {
    /// It ran out of its fuel: its time.
    #[error("the module used all its fuel ({fuel} units) before answering")]
    OutOfFuel {
        /// The budget it had.
        fuel: u64,
    },
    /// It tried to grow its memory past the limit.
    #[error("the module tried to use more than {limit} bytes of memory")]
    Memory {
        /// The limit.
        limit: usize,
    },
    /// Its stack overflowed.
    #[error("the module's stack overflowed")]
    StackOverflow,
    /// It trapped (an unreachable, a division by zero, an abort…).
    #[error("the module trapped: {0}")]
    Trap(String),
    /// Its answer is longer than the limit.
    #[error("the module's answer is {bytes} bytes; at most {limit} are read")]
    TooLarge {
        /// Its length.
        bytes: usize,
        /// The limit.
        limit: usize,
    },
    /// It does not export the bot interface.
    #[error("{0}")]
    Interface(String),
}

/// What a seat's store holds: its WASI context and its memory limiter.
pub(crate) struct State {
    wasi: WasiCtx,
    table: ResourceTable,
    limiter: Limiter,
}

impl WasiView for State {
    fn ctx(&mut self) -> WasiCtxView<'_> {
        WasiCtxView {
            ctx: &mut self.wasi,
            table: &mut self.table,
        }
    }
}

/// The store's limits: its memories' bytes counted together against the cap (a component
/// holds several memories: its language runtime's, the WASI adapter's), noting when it refused
/// a growth (so that the trap it causes is told as a memory fault); tables and instances as
/// [`StoreLimits`] says.
struct Limiter {
    limits: StoreLimits,
    memory_cap: usize,
    memory_used: usize,
    refused: bool,
}

impl ResourceLimiter for Limiter {
    fn memory_growing(
        &mut self,
        current: usize,
        desired: usize,
        maximum: Option<usize>,
    ) -> wasmtime::Result<bool> {
        let total = (self.memory_used - current.min(self.memory_used)).saturating_add(desired);
        if total > self.memory_cap || maximum.is_some_and(|m| desired > m) {
            self.refused = true;
            // A trap, not a failed growth: a module that cannot have its memory stops there.
            return Err(wasmtime::Error::msg("the memory limit"));
        }
        self.memory_used = total;
        Ok(true)
    }

    fn table_growing(
        &mut self,
        current: usize,
        desired: usize,
        maximum: Option<usize>,
    ) -> wasmtime::Result<bool> {
        self.limits.table_growing(current, desired, maximum)
    }

    fn instances(&self) -> usize {
        self.limits.instances()
    }

    fn tables(&self) -> usize {
        self.limits.tables()
    }

    fn memories(&self) -> usize {
        self.limits.memories()
    }
}

/// The time a module sees: always the same instant, so a module cannot measure its own speed
/// or anything else's.
struct FixedClock;

impl HostWallClock for FixedClock {
    fn resolution(&self) -> Duration {
        Duration::from_millis(1)
    }

    fn now(&self) -> Duration {
        // 2026-01-01T00:00:00Z.
        Duration::from_secs(1_767_225_600)
    }
}

impl HostMonotonicClock for FixedClock {
    fn resolution(&self) -> u64 {
        1_000_000
    }

    fn now(&self) -> u64 {
        0
    }
}

/// One seat's instance.
pub struct Seat {
    store: Store<State>,
    handle: TypedFunc<(String,), (String,)>,
    limits: Limits,
}

impl Seat {
    /// A fresh instance of `pre`, its randomness seeded by `seed`.
    pub(crate) fn start(
        pre: &InstancePre<State>,
        limits: Limits,
        seed: u64,
    ) -> Result<Seat, Fault> {
        let mut wasi = WasiCtxBuilder::new();
        // No arguments, environment, files or standard input; output discarded; no network.
        wasi.allow_tcp(false)
            .allow_udp(false)
            .allow_ip_name_lookup(false)
            .wall_clock(FixedClock)
            .monotonic_clock(FixedClock)
            .secure_random(ChaCha8Rng::seed_from_u64(seed))
            .insecure_random(ChaCha8Rng::seed_from_u64(seed ^ 0x5eed))
            .insecure_random_seed(u128::from(seed));
        let limiter = Limiter {
            limits: StoreLimitsBuilder::new().trap_on_grow_failure(true).build(),
            memory_cap: limits.memory_bytes,
            memory_used: 0,
            refused: false,
        };
        let state = State {
            wasi: wasi.build(),
            table: ResourceTable::new(),
            limiter,
        };
        let mut store = Store::new(pre.engine(), state);
        store.limiter(|state| &mut state.limiter);
        store
            .set_fuel(START_FUEL)
            .map_err(|e| Fault::Trap(e.to_string()))?;
        let instance = pre
            .instantiate(&mut store)
            .map_err(|e| fault_of(&store, e, START_FUEL, limits))?;
        let handle = instance
            .get_typed_func::<(String,), (String,)>(&mut store, "handle")
            .map_err(|e| Fault::Interface(format!("{e:#}")))?;
        Ok(Seat {
            store,
            handle,
            limits,
        })
    }

    /// Answers `request` with at most `fuel` units of fuel: the answer, and the fuel it used.
    pub fn handle(&mut self, request: &str, fuel: u64) -> Result<(String, u64), Fault> {
        let store = &mut self.store;
        store
            .set_fuel(fuel)
            .map_err(|e| Fault::Trap(e.to_string()))?;
        let called = self.handle.call(&mut *store, (request.to_string(),));
        let (answer,) = called.map_err(|e| fault_of(store, e, fuel, self.limits))?;
        let used = fuel - store.get_fuel().unwrap_or(0);
        if answer.len() > self.limits.answer_bytes {
            return Err(Fault::TooLarge {
                bytes: answer.len(),
                limit: self.limits.answer_bytes,
            });
        }
        Ok((answer, used))
    }
}

/// The fault an error of a call with `fuel` stands for.
fn fault_of(store: &Store<State>, error: wasmtime::Error, fuel: u64, limits: Limits) -> Fault {
    if store.data().limiter.refused {
        return Fault::Memory {
            limit: limits.memory_bytes,
        };
    }
    match error.downcast_ref::<Trap>() {
        Some(Trap::OutOfFuel) => Fault::OutOfFuel { fuel },
        Some(Trap::StackOverflow) => Fault::StackOverflow,
        Some(trap) => Fault::Trap(trap.to_string()),
        None => Fault::Trap(error.root_cause().to_string()),
    }
}
