//! Local matches, as `cardarena play` plays them: `cardarena.play` seats Python bots beside house
//! bots, and `cardarena.random_playouts` plays uniform random games natively, many per call.

use std::time::Instant;

use cardarena_bots::results::Results;
use cardarena_bots::{GameVisitor, HouseGame, with_game};
use cardarena_engine::playout::random_playout;
use cardarena_engine::shuffle::{derive_seed, rng};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString, PyTuple};

use crate::convert::options_value;
use crate::errors::{IllegalAction, SetupError};
use crate::game::PyGame;
use crate::house::PyHouseBot;

/// One entry of a local tournament: a house bot by id, or a Python bot.
enum Entry {
    House(String),
    /// A callable `bot(view, legal_actions)`, or an object's bound `act` method.
    Python(Py<PyAny>),
}

/// Who plays a seat in one game: the entry's own house bot, or its Python bot.
enum Player<'a> {
    House(PyHouseBot),
    Python(&'a Py<PyAny>),
}

/// The name and the bot column of `seat`, a house bot id or a Python bot.
fn entry(seat: &Bound<'_, PyAny>) -> PyResult<(Entry, String, String)> {
    if let Ok(id) = seat.cast::<PyString>() {
        let id = id.to_str()?.to_string();
        return Ok((Entry::House(id.clone()), id.clone(), id));
    }
    let name = match seat.getattr("name") {
        Ok(name) if name.is_instance_of::<PyString>() => name.extract::<String>()?,
        _ => match seat.getattr("__name__") {
            Ok(name) => name.extract::<String>()?,
            Err(_) => seat.get_type().name()?.extract::<String>()?,
        },
    };
    let act = match seat.getattr("act") {
        Ok(act) if act.is_callable() => act,
        _ if seat.is_callable() => seat.clone(),
        _ => {
            return Err(PyTypeError::new_err(format!(
                "seat {name:?} is neither a house bot id, a callable bot(view, legal_actions) nor \
                 an object with act(view, legal_actions)"
            )));
        }
    };
    Ok((Entry::Python(act.unbind()), name, "python".to_string()))
}

/// The index a Python bot's answer names: an int, or a pair (index, say).
fn answer_index(answer: &Bound<'_, PyAny>, legal: usize) -> PyResult<usize> {
    let index = match answer.cast::<PyTuple>() {
        Ok(pair) => pair.get_item(0)?,
        Err(_) => answer.clone(),
    };
    let index: i64 = index.extract().map_err(|_| {
        PyTypeError::new_err(format!(
            "a bot returns an index into legal_actions (or a pair (index, say)), not {answer:?}"
        ))
    })?;
    usize::try_from(index)
        .ok()
        .filter(|&i| i < legal)
        .ok_or_else(|| {
            IllegalAction::new_err(format!(
                "the bot returned {index}, outside the {legal} legal actions"
            ))
        })
}

/// Plays `games` games of `game` between `seats` (house bot ids, or Python bots: a callable
/// `bot(view, legal_actions) -> index` or an object with such an `act`), as `cardarena play`
/// does: game k is dealt from `seed` (game 0) or a seed derived from it, seat j is played by
/// entry (j + k) mod n so that every entry sits everywhere, and the house bots' seeds derive
/// from the game's. Returns the results table (`Results`).
#[pyfunction]
#[pyo3(signature = (game, seats, games=1, seed=0, options=None))]
pub fn play(
    py: Python<'_>,
    game: &str,
    seats: Vec<Bound<'_, PyAny>>,
    games: u64,
    seed: u64,
    options: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyResults> {
    let options = options_value(options)?;
    let entries = seats.iter().map(entry).collect::<PyResult<Vec<_>>>()?;
    let n = entries.len();
    // Checks the table and every house bot's id before the first game.
    PyGame::deal(game, Some(n), seed, options.clone())?;
    for (entry, _, _) in &entries {
        if let Entry::House(id) = entry {
            PyHouseBot::make(game, id, 0)?;
        }
    }
    let mut results = Results::new(
        entries
            .iter()
            .map(|(_, name, bot)| (name.clone(), bot.clone())),
        false,
    );
    for index in 0..games {
        let game_seed = if index == 0 {
            seed
        } else {
            derive_seed(seed, index)
        };
        let bot_seeds = derive_seed(game_seed, u64::MAX);
        let seated: Vec<usize> = (0..n).map(|k| (k + index as usize) % n).collect();
        let mut players = (seated.iter().enumerate())
            .map(|(k, &e)| match &entries[e].0 {
                Entry::House(id) => {
                    PyHouseBot::make(game, id, derive_seed(bot_seeds, k as u64)).map(Player::House)
                }
                Entry::Python(act) => Ok(Player::Python(act)),
            })
            .collect::<PyResult<Vec<_>>>()?;
        let mut table = PyGame::deal(game, Some(n), game_seed, options.clone())?;
        while let Some(seat) = table.inner().to_act() {
            let choice = match &mut players[seat] {
                Player::House(bot) => bot.choose_in(py, &mut table)?,
                Player::Python(act) => {
                    let view = table.inner().view(py, seat)?;
                    let legal = table.inner().legal_actions(py)?;
                    let count = legal.len();
                    let answer = act.bind(py).call1((view, legal))?;
                    answer_index(&answer, count)?
                }
            };
            table.inner().apply_index(choice)?;
        }
        let outcome = (table.inner().outcome())
            .ok_or_else(|| PyValueError::new_err("the game ended without an outcome"))?;
        for (k, &e) in seated.iter().enumerate() {
            results.record(e, &outcome, k, false);
        }
    }
    Ok(PyResults(results))
}

/// The results of `cardarena.play`: per entry its games, wins, losses and draws, and the loss
/// rate with its 95% interval, printed as `cardarena play` prints it.
#[pyclass(module = "cardarena._native", name = "Results")]
pub struct PyResults(Results);

#[pymethods]
impl PyResults {
    /// One dict per entry: name, bot, games, wins, losses, draws, loss_rate and interval (the
    /// 95% interval's bounds).
    #[getter]
    fn rows<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyDict>>> {
        (self.0.rows().iter())
            .map(|row| {
                let (rate, low, high) = row.loss_rate();
                let dict = PyDict::new(py);
                dict.set_item("name", &row.name)?;
                dict.set_item("bot", &row.bot)?;
                dict.set_item("games", row.games)?;
                dict.set_item("wins", row.wins)?;
                dict.set_item("losses", row.losses)?;
                dict.set_item("draws", row.draws)?;
                dict.set_item("loss_rate", rate)?;
                dict.set_item("interval", (low, high))?;
                Ok(dict)
            })
            .collect()
    }

    /// The table as text.
    fn table(&self) -> String {
        self.0.table()
    }

    fn __str__(&self) -> String {
        self.0.table()
    }

    fn __repr__(&self) -> String {
        self.0.table()
    }
}

/// Plays uniform random games of the chosen game natively.
struct Playouts {
    games: u64,
    players: Option<usize>,
    seed: u64,
    options: serde_json::Value,
}

impl GameVisitor for Playouts {
    type Output = Result<(u64, f64), String>;

    fn visit<G: HouseGame>(self) -> Self::Output {
        let (options, players) = crate::convert::table::<G>(self.options, self.players)?;
        let mut legal = Vec::new();
        let mut decisions = 0;
        let start = Instant::now();
        for index in 0..self.games {
            let seed = derive_seed(self.seed, index);
            let mut game = G::new(&options, players, seed).map_err(|e| e.to_string())?;
            decisions +=
                random_playout(&mut game, &mut rng(seed), &mut legal).map_err(|e| e.to_string())?;
        }
        Ok((decisions, start.elapsed().as_secs_f64()))
    }
}

/// Plays `n` games of `game` at `players` seats (the usual table when omitted) to their end with
/// uniformly random moves, natively and without the GIL; game k is dealt from a seed derived from
/// `seed` and k. Returns `{"games", "decisions", "seconds", "decisions_per_sec"}`.
#[pyfunction]
#[pyo3(signature = (game, n, players=None, seed=0, options=None))]
pub fn random_playouts<'py>(
    py: Python<'py>,
    game: &str,
    n: u64,
    players: Option<usize>,
    seed: u64,
    options: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let options = options_value(options)?;
    let job = Playouts {
        games: n,
        players,
        seed,
        options,
    };
    let (decisions, seconds) = py
        .detach(|| with_game(game, job))
        .ok_or_else(|| SetupError::new_err(format!("no game {game:?}")))?
        .map_err(SetupError::new_err)?;
    let dict = PyDict::new(py);
    dict.set_item("games", n)?;
    dict.set_item("decisions", decisions)?;
    dict.set_item("seconds", seconds)?;
    dict.set_item("decisions_per_sec", decisions as f64 / seconds.max(1e-12))?;
    Ok(dict)
}
