//! Values crossing between Rust and Python: through their JSON (serde_json's values), so that a
//! Python caller gets exactly what a remote bot parses from the server's JSON (lists where Rust
//! has tuples or arrays, which `pythonize` alone makes tuples).

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

/// The error of a value that could not cross between Rust and Python.
pub fn conversion(error: PythonizeError) -> PyErr {
    PyValueError::new_err(error.to_string())
}
