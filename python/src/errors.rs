//! The exceptions a Python caller gets: every error is one, never a crash of the interpreter.

use pyo3::create_exception;
use pyo3::exceptions::{PyException, PyValueError};
use pyo3::prelude::*;

create_exception!(
    cardarena,
    Error,
    PyException,
    "The base of every error cardarena raises."
);
create_exception!(
    cardarena,
    IllegalAction,
    Error,
    "An action the rules refuse (the engine's message says which rule), or an index outside the legal actions."
);
create_exception!(
    cardarena,
    GameOver,
    Error,
    "An action played, or asked for, once the game is over."
);
create_exception!(
    cardarena,
    SetupError,
    Error,
    "A game that cannot be dealt: an unknown game, a table size it does not seat, bad options."
);

/// The error of a seat number outside the table (a negative one included: a `ValueError`, not
/// the `OverflowError` of a failed conversion).
pub fn bad_seat(seat: impl std::fmt::Display, players: usize) -> PyErr {
    PyValueError::new_err(format!(
        "seat {seat} is not at the table: the seats are 0 to {}",
        players.saturating_sub(1)
    ))
}

/// Adds the exceptions to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("Error", py.get_type::<Error>())?;
    m.add("IllegalAction", py.get_type::<IllegalAction>())?;
    m.add("GameOver", py.get_type::<GameOver>())?;
    m.add("SetupError", py.get_type::<SetupError>())?;
    Ok(())
}
