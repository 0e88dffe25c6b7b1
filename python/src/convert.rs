//! Values crossing between Rust and Python: through their JSON (serde_json's values), so that a
//! Python caller gets exactly what a remote bot parses from the server's JSON (lists where Rust
//! has tuples or arrays, which `pythonize` alone makes tuples).

use cardarena_engine::Game;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pythonize::{PythonizeError, depythonize, pythonize};
use serde::Serialize;

/// `value` as the Python object its JSON parses to.
pub fn to_python<'py, T: Serialize>(py: Python<'py>, value: &T) -> PyResult<Bound<'py, PyAny>> {
    let json = serde_json::to_value(value).map_err(|e| PyValueError::new_err(e.to_string()))?;
    pythonize(py, &json).map_err(conversion)
}

/// Game options given from Python (a dict, or None for the defaults) as their JSON value.
pub fn options_value(options: Option<&Bound<'_, PyAny>>) -> PyResult<serde_json::Value> {
    match options {
        None => Ok(serde_json::Value::Object(Default::default())),
        Some(options) => depythonize(options).map_err(conversion),
    }
}

/// Game `G`'s options from their JSON value, and the table size (`players`, else the game's
/// usual one); the error says what is wrong with the options.
pub fn table<G: Game>(
    options: serde_json::Value,
    players: Option<usize>,
) -> Result<(G::Options, usize), String> {
    let options =
        serde_json::from_value(options).map_err(|e| format!("bad options for {}: {e}", G::ID))?;
    Ok((options, players.unwrap_or(G::PLAYERS.default)))
}

/// The error of a value that could not cross between Rust and Python.
pub fn conversion(error: PythonizeError) -> PyErr {
    PyValueError::new_err(error.to_string())
}
