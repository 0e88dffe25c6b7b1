//! The engine and the modules it accepts: an upload is checked whole before anything is kept.

use wasmtime::component::{Component, InstancePre, Linker};
use wasmtime::{Config, Engine};

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

impl Sandbox {
    /// A sandbox with `limits`: Cranelift, fuel metering, no other host functions than WASI's.
    pub fn new(limits: Limits) -> Result<Sandbox, String> {
        let mut config = Config::new();
        config.consume_fuel(true);
        config.wasm_component_model(true);
        // A trap's wasm backtrace would cost every faulting call, and say nothing to a player.
        config.wasm_backtrace_max_frames(None);
        let engine = Engine::new(&config).map_err(|e| e.to_string())?;
        let mut linker = Linker::new(&engine);
        wasmtime_wasi::p2::add_to_linker_sync(&mut linker).map_err(|e| e.to_string())?;
        Ok(Sandbox {
            engine,
            linker,
            limits,
        })
    }

    /// Its limits.
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// The bot module `bytes` hold, compiled and checked: within the size limit, a valid
    /// component, importing nothing but WASI, exporting `handle`, and able to start and answer
    /// a `match_end`. Compiling takes a while for a large module (seconds for a language's
    /// whole runtime): call it off the async runtime, one at a time.
    pub fn check(&self, bytes: &[u8]) -> Result<Module, Refusal> {
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
        let component =
            Component::new(&self.engine, bytes).map_err(|e| Refusal::Invalid(format!("{e:#}")))?;
        let pre = self
            .linker
            .instantiate_pre(&component)
            .map_err(|e| Refusal::Imports(format!("{e:#}")))?;
        let module = Module {
            pre,
            limits: self.limits,
        };
        let mut seat = module.start(0).map_err(|e| match e {
            crate::Fault::Interface(detail) => Refusal::Interface(detail),
            other => Refusal::Start(other.to_string()),
        })?;
        let end = r#"{"type":"match_end","match_id":"check","places":[],"scores":[]}"#;
        seat.handle(end, CHECK_FUEL)
            .map_err(|e| Refusal::Start(e.to_string()))?;
        Ok(module)
    }
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
