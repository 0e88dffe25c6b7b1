//! From the JSON a bot is sent to what it was trained on: `cardarena.encode` (the observation of
//! a view), `cardarena.action_ids` (the ids of the legal actions sent with it) and
//! `Game.from_view` (a game rebuilt from the view alone). A policy trained on
//! `Game.observation(seat)` serves on the server with the same numbers, the encoder not written
//! again: the engine's own encoding reads the view the server sent.
//!
//! A view comes from outside (a bot's request, or whatever its author passes), so each function
//! reads it into the game's own view type, checks its table size against the game's, and turns
//! any failure, a panic of an encoder on a view no server would send included, into a
//! `ValueError` that says what is wrong.

use std::panic::{AssertUnwindSafe, catch_unwind};

use cardarena_bots::{GameVisitor, HouseGame, game_ids, with_game};
use cardarena_engine::Game;
use cardarena_engine::shuffle::rng;
use numpy::{IntoPyArray, PyArray1};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pythonize::depythonize;
use serde_json::Value;

use crate::convert::conversion;
use crate::dynamic::{Dynamic, Typed};
use crate::errors::SetupError;

/// The JSON value of a Python object (a view or a list of actions).
pub fn json_of(object: &Bound<'_, PyAny>) -> PyResult<Value> {
    depythonize(object).map_err(conversion)
}

/// Runs `visitor` on the game `id`, or the `SetupError` of an unknown game.
fn visit<V: GameVisitor>(id: &str, visitor: V) -> PyResult<V::Output> {
    with_game(id, visitor).ok_or_else(|| {
        let ids = game_ids().join(", ");
        SetupError::new_err(format!("no game {id:?}: the games are {ids}"))
    })
}

/// `view` read as a view of `G`.
fn read_view<G: Game>(view: Value) -> PyResult<G::View> {
    serde_json::from_value(view)
        .map_err(|e| PyValueError::new_err(format!("this is not a view of {}: {e}", G::ID)))
}

/// The table size of `view`: `players` when given (checked against the view's `hand_sizes`,
/// which every game's view has, one per seat), else the length of `hand_sizes`; one the game
/// seats either way, with the view's own seat at it.
fn table_size<G: Game>(view: &Value, players: Option<usize>) -> PyResult<usize> {
    let shown = view
        .get("hand_sizes")
        .and_then(Value::as_array)
        .map(Vec::len);
    let players = match (players, shown) {
        (Some(given), Some(shown)) if given != shown => {
            return Err(PyValueError::new_err(format!(
                "players is {given} but the view shows {shown} hands: pass the table's size, or \
                 leave players out to read it from the view"
            )));
        }
        (Some(players), _) | (None, Some(players)) => players,
        (None, None) => {
            return Err(PyValueError::new_err(format!(
                "this is not a view of {}: it has no hand_sizes to count the seats by; pass \
                 players",
                G::ID
            )));
        }
    };
    if let Some(seat) = view.get("seat").and_then(Value::as_u64)
        && seat >= players as u64
    {
        return Err(PyValueError::new_err(format!(
            "this view is of seat {seat}, but its table has seats 0 to {}",
            players.saturating_sub(1)
        )));
    }
    if !G::PLAYERS.allows(players) {
        return Err(PyValueError::new_err(format!(
            "{} seats {} players, not {players}",
            G::ID,
            G::PLAYERS.describe()
        )));
    }
    Ok(players)
}

/// `work`'s value, or the `ValueError` of a view the engine could not read (it panicked).
fn guarded<T>(game: &str, work: impl FnOnce() -> T) -> PyResult<T> {
    catch_unwind(AssertUnwindSafe(work)).map_err(|_| {
        PyValueError::new_err(format!(
            "this view is not one a {game} table can show: the engine could not read it"
        ))
    })
}

/// The observation of a view (see [`encode`]).
struct Observe {
    view: Value,
    players: Option<usize>,
}

impl GameVisitor for Observe {
    type Output = PyResult<Vec<f32>>;

    fn visit<G: HouseGame>(self) -> PyResult<Vec<f32>> {
        let players = table_size::<G>(&self.view, self.players)?;
        let view = read_view::<G>(self.view)?;
        let mut out = vec![0.0; G::observation_len(players)];
        guarded(G::ID, || G::observe(&view, &mut out))?;
        Ok(out)
    }
}

/// The ids of legal actions (see [`action_ids`]).
struct Ids {
    view: Value,
    legal: Value,
}

impl GameVisitor for Ids {
    type Output = PyResult<Vec<usize>>;

    fn visit<G: HouseGame>(self) -> PyResult<Vec<usize>> {
        let players = table_size::<G>(&self.view, None)?;
        let view = read_view::<G>(self.view)?;
        let legal: Vec<G::Action> = serde_json::from_value(self.legal).map_err(|e| {
            PyValueError::new_err(format!("these are not actions of {}: {e}", G::ID))
        })?;
        let ids = guarded(G::ID, || {
            legal
                .iter()
                .map(|a| G::action_id(&view, a))
                .collect::<Vec<_>>()
        })?;
        let space = G::action_space(players);
        match ids.iter().find(|&&id| id >= space) {
            Some(_) => Err(PyValueError::new_err(format!(
                "these actions are not legal for this view of {}: their ids leave the action \
                 space of {space}",
                G::ID
            ))),
            None => Ok(ids),
        }
    }
}

/// A game rebuilt from a view (see [`sample`]).
struct Sample {
    view: Value,
    seed: u64,
}

impl GameVisitor for Sample {
    type Output = PyResult<Box<dyn Dynamic>>;

    fn visit<G: HouseGame>(self) -> PyResult<Box<dyn Dynamic>> {
        table_size::<G>(&self.view, None)?;
        let view = read_view::<G>(self.view)?;
        let game = guarded(G::ID, || G::determinize(&view, &mut rng(self.seed)))?;
        Ok(Box::new(Typed::new(game)))
    }
}

/// Whether a JSON value is a view of the game, read and written back unchanged.
struct Reads<'a> {
    view: &'a Value,
}

impl GameVisitor for Reads<'_> {
    type Output = bool;

    fn visit<G: HouseGame>(self) -> bool {
        serde_json::from_value::<G::View>(self.view.clone())
            .ok()
            .and_then(|v| serde_json::to_value(v).ok())
            .is_some_and(|back| back == *self.view)
    }
}

/// The game whose views `view` is one of: the one game that reads it and writes it back
/// unchanged (every game's view has fields of its own).
pub fn game_of(view: &Value) -> PyResult<&'static str> {
    let readers: Vec<&'static str> = game_ids()
        .iter()
        .copied()
        .filter(|id| with_game(id, Reads { view }).unwrap_or(false))
        .collect();
    match readers[..] {
        [game] => Ok(game),
        [] => Err(PyValueError::new_err(
            "this is no game's view: pass game= to say whose it is",
        )),
        _ => Err(PyValueError::new_err(format!(
            "this view could be one of {}: pass game= to say whose it is",
            readers.join(", ")
        ))),
    }
}

/// A game of kind `game` rebuilt from `view` alone, the cards the view hides dealt at random
/// from `seed` (what `Game.from_view` holds).
pub fn sample(game: &str, view: Value, seed: u64) -> PyResult<Box<dyn Dynamic>> {
    visit(game, Sample { view, seed })?
}

/// The observation of `view`, a view of `game` as the server sends it to a bot (a dict, as
/// `json.loads` gives it), at a table of `players` seats (read from the view when omitted): a
/// float32 array equal to `Game.observation(seat)` for the seat that was sent it.
#[pyfunction]
#[pyo3(signature = (game, view, players=None))]
pub fn encode<'py>(
    py: Python<'py>,
    game: &str,
    view: &Bound<'py, PyAny>,
    players: Option<usize>,
) -> PyResult<Bound<'py, PyArray1<f32>>> {
    let view = json_of(view)?;
    let out = visit(game, Observe { view, players })??;
    Ok(out.into_pyarray(py))
}

/// The action id of each of `legal_actions` (the legal actions sent with `view`, a view of
/// `game`), in their order: what `Game.action_ids()` gives in the game the view was taken from.
#[pyfunction]
pub fn action_ids(
    game: &str,
    view: &Bound<'_, PyAny>,
    legal_actions: &Bound<'_, PyAny>,
) -> PyResult<Vec<usize>> {
    let view = json_of(view)?;
    let legal = json_of(legal_actions)?;
    visit(game, Ids { view, legal })?
}
