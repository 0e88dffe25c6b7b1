//! `cardarena._native`: the native module of the Python package `cardarena` (python/cardarena/
//! wraps it). It plays cardarena's six games with the engine itself, so a Python caller gets the
//! views, legal actions and outcomes a remote bot is sent, the fixed encodings for learning
//! ([`cardarena_engine::Encode`]) and the house bots, at native speed.

mod convert;
mod dynamic;
mod errors;
mod from_view;
mod game;
mod house;
mod play;
mod runtime;
mod seats;
mod state;
mod vector;

use cardarena_bots::{GameVisitor, HouseGame, game_ids, with_game};
use cardarena_engine::Game;
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// What `cardarena.games()` says of one game.
struct Describe;

impl GameVisitor for Describe {
    type Output = (
        &'static str,
        cardarena_engine::PlayerCount,
        bool,
        &'static [&'static str],
        serde_json::Value,
    );

    fn visit<G: HouseGame>(self) -> Self::Output {
        let options = serde_json::to_value(<G as Game>::Options::default()).unwrap_or_default();
        (G::ID, G::PLAYERS, G::PARTNERSHIPS, G::HOUSE_BOTS, options)
    }
}

/// Every game: a list of dicts with its `id`, its `players` (`min`, `max`, `default`, `step`),
/// whether seats play in `partnerships`, its `house_bots` and its default `options`.
#[pyfunction]
fn games(py: Python<'_>) -> PyResult<Vec<Bound<'_, PyDict>>> {
    game_ids()
        .iter()
        .filter_map(|id| with_game(id, Describe))
        .map(|(id, players, partnerships, house_bots, options)| {
            let dict = PyDict::new(py);
            dict.set_item("id", id)?;
            dict.set_item("players", convert::to_python(py, &players)?)?;
            dict.set_item("partnerships", partnerships)?;
            dict.set_item("house_bots", house_bots.to_vec())?;
            dict.set_item("options", convert::to_python(py, &options)?)?;
            Ok(dict)
        })
        .collect()
}

/// The module.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    errors::register(m)?;
    // The package's version, as its wheel's metadata gives it (a test checks they agree).
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_class::<game::PyGame>()?;
    m.add_class::<house::PyHouseBot>()?;
    m.add_class::<play::PyResults>()?;
    m.add_class::<vector::PyVectorEnv>()?;
    m.add_function(wrap_pyfunction!(games, m)?)?;
    m.add_function(wrap_pyfunction!(play::play, m)?)?;
    m.add_function(wrap_pyfunction!(play::random_playouts, m)?)?;
    m.add_function(wrap_pyfunction!(from_view::encode, m)?)?;
    m.add_function(wrap_pyfunction!(from_view::action_ids, m)?)?;
    m.add_function(wrap_pyfunction!(state::_restore_game, m)?)?;
    Ok(())
}
