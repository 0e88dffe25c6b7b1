//! The engine and the modules it accepts: an upload is checked whole before anything is kept.

use wasmtime::component::types::ComponentItem;
use wasmtime::component::{Component, InstancePre, Linker, Type};
use wasmtime::{Config, Engine, InstanceAllocationStrategy, PoolingAllocationConfig};

use crate::limits::Limits;
use crate::seat::{Seat, State};

/// The first bytes of a WebAssembly component (a core module's layer is 1, a component's 0x0d).
const COMPONENT_HEADER: [u8; 8] = [0x00, 0x61, 0x73, 0x6d, 0x0d, 0x00, 0x01, 0x00];
/// The first bytes of a core WebAssembly module.
const CORE_HEADER: [u8; 8] = [0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00];
/// The fuel a module may burn to start and answer the check's `match_end` call.
const CHECK_FUEL: u64 = 2_000_000_000;

/// Why an upload is not a bot module: each a sentence for the person who uploaded it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// Larger than the limit.
    #[error("the module is {bytes} bytes; at most {limit} are accepted")]
    TooLarge {
        /// Its size.
        bytes: usize,
        /// The limit.
        limit: usize,
    },
    /// A core module, not a component.
    #[error(
        "this is a core WebAssembly module, not a component: build it with your kit's \
         build-wasm.sh, or wrap it with `cardarena module wrap`"
    )]
    CoreModule,
    /// Not WebAssembly, or not valid.
    #[error("the module is not valid WebAssembly: {0}")]
    Invalid(String),
    /// It imports what the sandbox does not give.
    #[error("the module imports what a bot may not use: {0}")]
    Imports(String),
    /// It does not export `handle: func(request: string) -> string`.
    #[error("the module does not export `handle: func(request: string) -> string`: {0}")]
    Interface(String),
    /// It cannot start, or answer a `match_end`, within its check's fuel and memory.
    #[error("the module does not start: {0}")]
    Start(String),
}

/// The engine modules compile and run on, with the limits they run under.
#[derive(Clone)]
pub struct Sandbox {
    engine: Engine,
    linker: Linker<State>,
    limits: Limits,
}

/// How a server's sandbox runs its instances: a pool of them sized to its memory budget, and
/// compiled modules kept on disk.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ServerOptions {
    /// How many instances may run at once (each a seat of a match): the pooling allocator's
    /// slots, reserved up front.
    pub instances: u32,
    /// The folder compiled modules are kept in between starts (`None`: compiled every start).
    pub cache_dir: Option<std::path::PathBuf>,
    /// The most the compiled modules on disk may take, in bytes (a soft limit: wasmtime's cache
    /// deletes the least recently used past it).
    pub cache_bytes: u64,
}

impl Sandbox {
    /// A sandbox with `limits`: Cranelift, fuel metering, no other host functions than WASI's;
    /// instances allocated as they start (the command line, an upload's check).
    pub fn new(limits: Limits) -> Result<Sandbox, String> {
        Sandbox::build(limits, Config::new())
    }

    /// [`Sandbox::new`], its compiled modules kept in `dir` (at most about `bytes`): a module
    /// played again is read back rather than compiled again (the command line's `play`).
    pub fn with_disk_cache(
        limits: Limits,
        dir: &std::path::Path,
        bytes: u64,
    ) -> Result<Sandbox, String> {
        let mut config = Config::new();
        disk_cache(&mut config, dir, bytes)?;
        Sandbox::build(limits, config)
    }

    /// A sandbox for a server's matches: `options.instances` pooled instances (each memory's
    /// slot reserved once and reused, so a seat starts in microseconds) and the disk cache.
    pub fn for_server(limits: Limits, options: &ServerOptions) -> Result<Sandbox, String> {
        let mut config = Config::new();
        let instances = options.instances.max(1);
        let mut pool = PoolingAllocationConfig::new();
        // A language runtime's component holds a few dozen core instances and several memories
        // and tables (componentize-py's: 3 memories, 14 core instances).
        pool.total_component_instances(instances)
            .total_core_instances(instances * 32)
            .total_memories(instances * 4)
            .total_tables(instances * 32)
            .total_stacks(instances)
            .max_core_instances_per_component(64)
            .max_memories_per_component(4)
            .max_tables_per_component(64)
            .max_memory_size(limits.memory_bytes)
            .max_component_instance_size(1 << 20)
            .max_core_instance_size(1 << 20);
        config.allocation_strategy(InstanceAllocationStrategy::Pooling(pool));
        if let Some(dir) = &options.cache_dir {
            disk_cache(&mut config, dir, options.cache_bytes)?;
        }
        Sandbox::build(limits, config)
    }

    fn build(limits: Limits, mut config: Config) -> Result<Sandbox, String> {
        config.consume_fuel(true);
        config.wasm_component_model(true);
        // A trap's wasm backtrace would cost every faulting call, and say nothing to a player.
        config.wasm_backtrace_max_frames(None);
        let engine = Engine::new(&config).map_err(|e| format!("{e:#}"))?;
        let mut linker = Linker::new(&engine);
        wasmtime_wasi::p2::add_to_linker_sync(&mut linker).map_err(|e| e.to_string())?;
        Ok(Sandbox {
            engine,
            linker,
            limits,
        })
    }

    /// The bot module `bytes` hold, compiled and checked: within the size limit, a valid
    /// component, importing nothing but WASI, exporting `handle`, and able to start and answer
    /// a `match_end`. Compiling takes a while for a large module (seconds for a language's
    /// whole runtime): call it off the async runtime, one at a time.
    pub fn check(&self, bytes: &[u8]) -> Result<Module, Refusal> {
        let module = self.check_compiles(bytes)?;
        let mut seat = module.start(0).map_err(|e| match e {
            crate::Fault::Interface(detail) => Refusal::Interface(detail),
            other => Refusal::Start(other.to_string()),
        })?;
        let end = r#"{"type":"match_end","match_id":"check","places":[],"scores":[]}"#;
        seat.handle(end, CHECK_FUEL)
            .map_err(|e| Refusal::Start(e.to_string()))?;
        Ok(module)
    }

    /// [`Sandbox::check`] without running anything of the module: within the size limit, a
    /// valid component importing nothing but WASI, and compiled; its `handle` and its start are
    /// first tried where it plays (a process that must run no contestant's code checks this).
    pub fn check_compiles(&self, bytes: &[u8]) -> Result<Module, Refusal> {
        let limit = self.limits.module_bytes;
        if bytes.len() > limit {
            return Err(Refusal::TooLarge {
                bytes: bytes.len(),
                limit,
            });
        }
        if bytes.starts_with(&CORE_HEADER) {
            return Err(Refusal::CoreModule);
        }
        if !bytes.starts_with(&COMPONENT_HEADER) {
            return Err(Refusal::Invalid(
                "it does not start as a WebAssembly component does".into(),
            ));
        }
        self.compile(bytes)
    }

    /// The module `bytes` hold, compiled and linked but not started: one that passed
    /// [`Sandbox::check`] already (a stored upload). Compiles as `check` does (or reads the disk
    /// cache): off the async runtime, one at a time.
    pub fn load(&self, bytes: &[u8]) -> Result<Module, Refusal> {
        if bytes.len() > self.limits.module_bytes {
            return Err(Refusal::TooLarge {
                bytes: bytes.len(),
                limit: self.limits.module_bytes,
            });
        }
        self.compile(bytes)
    }

    fn compile(&self, bytes: &[u8]) -> Result<Module, Refusal> {
        let component =
            Component::new(&self.engine, bytes).map_err(|e| Refusal::Invalid(format!("{e:#}")))?;
        self.exports_handle(&component)?;
        let pre = self
            .linker
            .instantiate_pre(&component)
            .map_err(|e| Refusal::Imports(format!("{e:#}")))?;
        Ok(Module {
            pre,
            limits: self.limits,
        })
    }
}

impl Sandbox {
    /// Whether `component` exports `handle: func(request: string) -> string` (other exports,
    /// such as a language kit's own, are let be).
    fn exports_handle(&self, component: &Component) -> Result<(), Refusal> {
        let ty = component.component_type();
        let Some(export) = ty.get_export(&self.engine, "handle") else {
            return Err(Refusal::Interface("it exports no `handle`".into()));
        };
        let ComponentItem::ComponentFunc(func) = export.ty else {
            return Err(Refusal::Interface("its `handle` is not a function".into()));
        };
        let params: Vec<Type> = func.params().map(|(_, ty)| ty).collect();
        let results: Vec<Type> = func.results().collect();
        if params != [Type::String] || results != [Type::String] {
            return Err(Refusal::Interface(
                "its `handle` does not take one string and return one string".into(),
            ));
        }
        Ok(())
    }
}

#[cfg(feature = "disk-cache")]
fn disk_cache(config: &mut Config, dir: &std::path::Path, bytes: u64) -> Result<(), String> {
    let mut cache = wasmtime::CacheConfig::new();
    cache
        .with_directory(dir)
        .with_files_total_size_soft_limit(bytes);
    let cache = wasmtime::Cache::new(cache).map_err(|e| format!("the module cache: {e:#}"))?;
    config.cache(Some(cache));
    Ok(())
}

#[cfg(not(feature = "disk-cache"))]
fn disk_cache(_: &mut Config, _: &std::path::Path, _: u64) -> Result<(), String> {
    Err("this build keeps no compiled modules on disk (the sandbox's disk-cache feature)".into())
}

/// A checked module, ready to start a seat (cheap to clone: its code is shared).
#[derive(Clone)]
pub struct Module {
    pre: InstancePre<State>,
    limits: Limits,
}

impl Module {
    /// A fresh instance for one seat of one match, its randomness seeded by `seed`: nothing of
    /// another match or seat is in it.
    pub fn start(&self, seed: u64) -> Result<Seat, crate::Fault> {
        Seat::start(&self.pre, self.limits, seed)
    }
}
