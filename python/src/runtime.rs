//! The one async runtime the house bots are driven on: their `act` is async (the trait is shared
//! with bots over the network), and the expert thinks in the process's thinking pool
//! (`cardarena_bots::thinking`).

use std::sync::OnceLock;

use pyo3::PyResult;
use pyo3::exceptions::PyRuntimeError;
use tokio::runtime::{Builder, Runtime};

static RUNTIME: OnceLock<Result<Runtime, String>> = OnceLock::new();

/// The runtime, started on first use.
pub fn get() -> PyResult<&'static Runtime> {
    let runtime = RUNTIME.get_or_init(|| {
        Builder::new_current_thread()
            .build()
            .map_err(|e| format!("cannot start the house bots' runtime: {e}"))
    });
    runtime
        .as_ref()
        .map_err(|e| PyRuntimeError::new_err(e.clone()))
}
