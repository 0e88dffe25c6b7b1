//! Local matches, as `cardarena play` plays them: `cardarena.play` seats Python bots and bot
//! modules beside house bots and plays each game through the same match runner, and
//! `cardarena.random_playouts` plays uniform random games natively, many per call.

use std::time::Instant;

use cardarena_bots::results::Results;
use cardarena_bots::{Bot, GameVisitor, HouseGame, play_match, with_game};
use cardarena_engine::playout::random_playout;
use cardarena_engine::shuffle::{derive_seed, rng};
use cardarena_sandbox::{
    LOCAL_DEADLINE_MS, LOCAL_TIME_BANK_MS, ModuleBot, ModuleSeat, local_bot_seed, local_game_seed,
};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::convert::options_value;
use crate::errors::SetupError;
use crate::game::PyGame;
use crate::house::PyHouseBot;
use crate::seats::{Entry, Modules, PythonBot, Raised, Seated, entry};

/// One game's record, kept when `cardarena.play` is asked for logs.
struct GameLog {
    seed: u64,
    names: Vec<String>,
    log: Option<String>,
    says: Vec<(u32, usize, String)>,
}

/// One fault of a run: where, who, and what went wrong.
struct FaultLog {
    game: u64,
    seed: u64,
    entry: usize,
    name: String,
    seat: usize,
    decision: Option<u32>,
    kind: &'static str,
    detail: String,
}

/// Plays a run's games of the game chosen by id, each through the match runner that plays
/// `cardarena play`'s.
struct Tournament<'a, 'py> {
    py: Python<'py>,
    seated: &'a [Seated],
    modules: &'a Modules,
    games: u64,
    seed: u64,
    options: serde_json::Value,
    budget: (u32, u32),
    log: bool,
    results: &'a mut PyResults,
}

impl GameVisitor for Tournament<'_, '_> {
    type Output = PyResult<()>;

    fn visit<G: HouseGame>(self) -> PyResult<()> {
        let py = self.py;
        let (options, _) =
            crate::convert::table::<G>(self.options, None).map_err(SetupError::new_err)?;
        // As `cardarena play` sends them in `match_start`: the options with their defaults.
        let options_json = serde_json::to_value(&options).unwrap_or_default();
        let runtime = crate::runtime::get()?;
        let n = self.seated.len();
        for index in 0..self.games {
            py.check_signals()?;
            let game_seed = local_game_seed(self.seed, index);
            let entries: Vec<usize> = (0..n).map(|k| (k + index as usize) % n).collect();
            let raised = Raised::default();
            let mut bots = Vec::<Box<dyn Bot<G>>>::with_capacity(n);
            for (k, &e) in entries.iter().enumerate() {
                let seated = &self.seated[e];
                bots.push(match &seated.entry {
                    Entry::House(id) => G::house_bot(id, local_bot_seed(game_seed, k))
                        .ok_or_else(|| SetupError::new_err(format!("no house bot {id:?}")))?,
                    Entry::Python(act) => {
                        Box::new(PythonBot::<G>::new(act.clone_ref(py), raised.clone()))
                    }
                    Entry::Module(path) => {
                        let module = self.modules.get(path)?.clone();
                        let at = ModuleSeat::local(
                            &seated.name,
                            index,
                            game_seed,
                            k,
                            self.budget,
                            options_json.clone(),
                        );
                        Box::new(ModuleBot::<G>::new(module, at))
                    }
                });
            }
            // Without the GIL: a module thinks in the thinking pool, and a Python bot takes the
            // GIL back for its own turns.
            let played =
                py.detach(|| runtime.block_on(play_match::<G>(&options, game_seed, &mut bots)));
            if let Some(error) = raised.lock().unwrap_or_else(|p| p.into_inner()).take() {
                return Err(error);
            }
            let played = played.map_err(|e| {
                PyRuntimeError::new_err(format!("game {} (seed {game_seed}): {e}", index + 1))
            })?;
            let results = &mut *self.results;
            for (k, &e) in entries.iter().enumerate() {
                let fault = &played.faults[k];
                results
                    .results
                    .record(e, &played.outcome, k, fault.is_some());
                if let Some(fault) = fault {
                    results.faults.push(FaultLog {
                        game: index + 1,
                        seed: game_seed,
                        entry: e,
                        name: self.seated[e].name.clone(),
                        seat: k,
                        decision: played.fault_steps[k],
                        kind: fault.kind.as_str(),
                        detail: fault.detail.clone(),
                    });
                }
            }
            if self.log {
                let names: Vec<String> = entries
                    .iter()
                    .map(|&e| self.seated[e].name.clone())
                    .collect();
                let log = G::transcript(&played.initial, &played.actions, &names);
                let says = (played.says.iter())
                    .map(|s| (s.index as u32 + 1, s.seat, s.text.clone()))
                    .collect();
                results.games.push(GameLog {
                    seed: game_seed,
                    names,
                    log,
                    says,
                });
            }
        }
        Ok(())
    }
}

/// A deadline or bank in ms, checked against `cardarena play`'s bounds.
fn bounded(what: &str, value: Option<u32>, default: u32, range: (u32, u32)) -> PyResult<u32> {
    let value = value.unwrap_or(default);
    match (range.0..=range.1).contains(&value) {
        true => Ok(value),
        false => Err(PyValueError::new_err(format!(
            "{what} is {value}; it must be {} to {}",
            range.0, range.1
        ))),
    }
}

/// Plays `games` games of `game` between `seats`, as `cardarena play` does: each seat a house
/// bot id, a bot module (a str ending in `.wasm`, or an `os.PathLike`: checked as an upload is,
/// a fresh instance each game, `deadline_ms` of fuel a decision and a bank of `time_bank_ms` a
/// game) or a Python bot (a callable `bot(view, legal_actions) -> index` or an object with such
/// an `act`). Game k is dealt from `seed` (game 0) or a seed derived from it, seat j is played by
/// entry (j + k) mod n so that every entry sits everywhere, and the bots' seeds derive from the
/// game's. A module that faults forfeits the game, a house bot playing its seat on, as on the
/// server; a Python bot's exception is raised. Returns the results table (`Results`), with each
/// game's log and says when `log`.
#[pyfunction]
#[pyo3(signature = (
    game, seats, games=1, seed=0, options=None, deadline_ms=None, time_bank_ms=None, log=false
))]
#[allow(clippy::too_many_arguments)] // Python's keyword arguments
pub fn play(
    py: Python<'_>,
    game: &str,
    seats: Vec<Bound<'_, PyAny>>,
    games: u64,
    seed: u64,
    options: Option<&Bound<'_, PyAny>>,
    deadline_ms: Option<u32>,
    time_bank_ms: Option<u32>,
    log: bool,
) -> PyResult<PyResults> {
    let options = options_value(options)?;
    let seated = seats.iter().map(entry).collect::<PyResult<Vec<_>>>()?;
    let n = seated.len();
    // Checks the table, the options and every house bot's id before the first game.
    PyGame::deal(game, Some(n), seed, options.clone())?;
    for seated in &seated {
        if let Entry::House(id) = &seated.entry {
            PyHouseBot::make(game, id, 0)?;
        }
    }
    let budget = (
        bounded("deadline_ms", deadline_ms, LOCAL_DEADLINE_MS, (10, 60_000))?,
        bounded(
            "time_bank_ms",
            time_bank_ms,
            LOCAL_TIME_BANK_MS,
            (0, 600_000),
        )?,
    );
    let modules = Modules::load(py, &seated)?;
    let mut results = PyResults {
        results: Results::new(
            (seated.iter()).map(|s| (s.name.clone(), s.bot.clone())),
            modules.any(),
        ),
        faults: Vec::new(),
        games: Vec::new(),
    };
    let tournament = Tournament {
        py,
        seated: &seated,
        modules: &modules,
        games,
        seed,
        options,
        budget,
        log,
        results: &mut results,
    };
    with_game(game, tournament)
        .ok_or_else(|| SetupError::new_err(format!("no game {game:?}")))??;
    Ok(results)
}

/// The results of `cardarena.play`: per entry its games, wins, losses, draws and faults, and the
/// loss rate with its 95% interval, printed as `cardarena play` prints it; every fault; and with
/// `log`, each game's log.
#[pyclass(module = "cardarena._native", name = "Results")]
pub struct PyResults {
    results: Results,
    faults: Vec<FaultLog>,
    games: Vec<GameLog>,
}

#[pymethods]
impl PyResults {
    /// One dict per entry: name, bot, games, wins, losses, draws, faults (the games it faulted
    /// in), loss_rate and interval (the 95% interval's bounds).
    #[getter]
    fn rows<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyDict>>> {
        (self.results.rows().iter())
            .map(|row| {
                let (rate, low, high) = row.loss_rate();
                let dict = PyDict::new(py);
                dict.set_item("name", &row.name)?;
                dict.set_item("bot", &row.bot)?;
                dict.set_item("games", row.games)?;
                dict.set_item("wins", row.wins)?;
                dict.set_item("losses", row.losses)?;
                dict.set_item("draws", row.draws)?;
                dict.set_item("faults", row.faults)?;
                dict.set_item("loss_rate", rate)?;
                dict.set_item("interval", (low, high))?;
                Ok(dict)
            })
            .collect()
    }

    /// One dict per fault, in the games' order: game (its number, from 1), seed (the game's),
    /// entry (the index of its seat in `seats`), name, seat, decision (from 1), kind (as the
    /// server's fault kinds: timeout for a module out of fuel or trapped) and detail.
    #[getter]
    fn faults<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyDict>>> {
        (self.faults.iter())
            .map(|f| {
                let dict = PyDict::new(py);
                dict.set_item("game", f.game)?;
                dict.set_item("seed", f.seed)?;
                dict.set_item("entry", f.entry)?;
                dict.set_item("name", &f.name)?;
                dict.set_item("seat", f.seat)?;
                dict.set_item("decision", f.decision)?;
                dict.set_item("kind", f.kind)?;
                dict.set_item("detail", &f.detail)?;
                Ok(dict)
            })
            .collect()
    }

    /// With `log`, one dict per game: seed, names (by seat), log (the game's log in its own
    /// format, as `cardarena play --log` prints it) and says (what the bots said, as
    /// (decision, seat, text)); empty without.
    #[getter]
    fn games<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyDict>>> {
        (self.games.iter())
            .map(|g| {
                let dict = PyDict::new(py);
                dict.set_item("seed", g.seed)?;
                dict.set_item("names", &g.names)?;
                dict.set_item("log", &g.log)?;
                dict.set_item("says", &g.says)?;
                Ok(dict)
            })
            .collect()
    }

    /// The table as text.
    fn table(&self) -> String {
        self.results.table()
    }

    fn __str__(&self) -> String {
        self.results.table()
    }

    fn __repr__(&self) -> String {
        self.results.table()
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
