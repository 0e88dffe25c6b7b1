//! `cardarena.VectorEnv`: many games of one kind stepped at once in Rust, for learners. Each
//! environment seats the learner at one seat and plays the other seats natively (uniformly
//! random moves, or house bots), so one call of `step` plays one learner decision in every
//! environment and every opponent move up to each learner's next turn, on a pool of threads with
//! the GIL released. Observations, masks, rewards and ends come back as NumPy arrays; a game
//! that ends is dealt again at once (the observation returned is then the new game's first).

mod slot;

use std::sync::Mutex;

use cardarena_bots::{GameVisitor, HouseGame, with_game};
use cardarena_engine::shuffle::rng;
use numpy::ndarray::{Array1, Array2};
use numpy::{IntoPyArray, PyArray1, PyArray2, PyReadonlyArray1};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyString;
use rand_core::Rng;
use rayon::prelude::*;

use crate::convert::{options_value, table};
use crate::errors::{IllegalAction, SetupError};
use crate::game::PyGame;
use crate::state::{Origin, State};
use slot::{Opponent, Slot, Table};

/// The most environments one `VectorEnv` holds.
const MAX_ENVS: usize = 65_536;

/// Environments handed to one thread at a time, so that small batches stay on one.
const MIN_PER_THREAD: usize = 64;

/// What `step` and `reset` hand back: observations, masks, rewards and ends, one row each.
struct Batch {
    observations: Vec<f32>,
    masks: Vec<bool>,
    rewards: Vec<f32>,
    ends: Vec<bool>,
}

/// The environments of one game behind an interface that names none (see the module's
/// documentation).
trait Envs: Send {
    fn game(&self) -> &'static str;
    fn players(&self) -> usize;
    fn num_envs(&self) -> usize;
    fn observation_len(&self) -> usize;
    fn num_actions(&self) -> usize;
    /// Deals every environment again, their generators keyed from `seed` anew when given.
    fn reset(&mut self, seed: Option<u64>) -> Result<(), String>;
    /// The index among each environment's legal actions of its action id in `ids`.
    fn indices(&self, ids: &[i64]) -> Result<Vec<usize>, String>;
    /// Plays the actions at `indices`, each environment's, and fills `batch`.
    fn step(&mut self, indices: &[usize], batch: &mut Batch) -> Result<(), String>;
    /// Fills `batch`'s observations and masks with the current turns.
    fn write(&mut self, batch: &mut Batch);
    /// The learner's seat in each environment.
    fn seats(&self) -> Vec<usize>;
    /// Each environment's legal ids, padded with -1 to the longest list: (ids, counts, width).
    fn legal_ids(&self) -> (Vec<i64>, Vec<i64>, usize);
    /// Environment `env`'s table size, options, deal seed and actions played (by index).
    fn record(&self, env: usize) -> Option<(usize, serde_json::Value, u64, Vec<u32>)>;
}

/// The environments of game `G`.
struct Typed<G: HouseGame> {
    table: Table<G>,
    count: usize,
    slots: Vec<Slot<G>>,
}

impl<G: HouseGame> Envs for Typed<G> {
    fn game(&self) -> &'static str {
        G::ID
    }

    fn players(&self) -> usize {
        self.table.players
    }

    fn num_envs(&self) -> usize {
        self.count
    }

    fn observation_len(&self) -> usize {
        G::observation_len(self.table.players)
    }

    fn num_actions(&self) -> usize {
        G::action_space(self.table.players)
    }

    fn reset(&mut self, seed: Option<u64>) -> Result<(), String> {
        let table = &self.table;
        let Some(seed) = seed else {
            return self
                .slots
                .par_iter_mut()
                .with_min_len(MIN_PER_THREAD)
                .try_for_each(|slot| slot.deal(table));
        };
        let mut keys = rng(seed);
        let seeds: Vec<u64> = (0..self.count).map(|_| keys.next_u64()).collect();
        self.slots = seeds
            .into_par_iter()
            .with_min_len(MIN_PER_THREAD)
            .map(|seed| Slot::new(table, seed))
            .collect::<Result<_, _>>()?;
        Ok(())
    }

    fn indices(&self, ids: &[i64]) -> Result<Vec<usize>, String> {
        if ids.len() != self.slots.len() {
            return Err(format!(
                "{} actions for {} environments: give one action id each",
                ids.len(),
                self.slots.len()
            ));
        }
        self.slots
            .iter()
            .zip(ids)
            .enumerate()
            .map(|(env, (slot, &id))| {
                usize::try_from(id)
                    .ok()
                    .and_then(|id| slot.index_of(id))
                    .ok_or_else(|| {
                        format!(
                            "environment {env}: action id {id} is not legal (legal ids: {:?})",
                            slot.ids()
                        )
                    })
            })
            .collect()
    }

    fn step(&mut self, indices: &[usize], batch: &mut Batch) -> Result<(), String> {
        let (len, space) = (self.observation_len(), self.num_actions());
        let table = &self.table;
        self.slots
            .par_iter_mut()
            .zip(indices.par_iter())
            .zip(batch.observations.par_chunks_mut(len))
            .zip(batch.masks.par_chunks_mut(space))
            .zip(batch.rewards.par_iter_mut())
            .zip(batch.ends.par_iter_mut())
            .with_min_len(MIN_PER_THREAD)
            .try_for_each(|(((((slot, &index), observation), mask), reward), end)| {
                (*reward, *end) = slot.step(table, index)?;
                slot.write(observation, mask);
                Ok(())
            })
    }

    fn write(&mut self, batch: &mut Batch) {
        let (len, space) = (self.observation_len(), self.num_actions());
        self.slots
            .par_iter_mut()
            .zip(batch.observations.par_chunks_mut(len))
            .zip(batch.masks.par_chunks_mut(space))
            .with_min_len(MIN_PER_THREAD)
            .for_each(|((slot, observation), mask)| slot.write(observation, mask));
    }

    fn seats(&self) -> Vec<usize> {
        self.slots.iter().map(Slot::seat).collect()
    }

    fn legal_ids(&self) -> (Vec<i64>, Vec<i64>, usize) {
        let width = self.slots.iter().map(|s| s.ids().len()).max().unwrap_or(0);
        let mut ids = vec![-1; self.slots.len() * width];
        let mut counts = Vec::with_capacity(self.slots.len());
        for (slot, row) in self.slots.iter().zip(ids.chunks_mut(width.max(1))) {
            for (cell, &id) in row.iter_mut().zip(slot.ids()) {
                *cell = id as i64;
            }
            counts.push(slot.ids().len() as i64);
        }
        (ids, counts, width)
    }

    fn record(&self, env: usize) -> Option<(usize, serde_json::Value, u64, Vec<u32>)> {
        let (seed, history) = self.slots.get(env)?.record();
        let options = self.table.options_json.clone();
        Some((self.table.players, options, seed, history.to_vec()))
    }
}

/// Builds the environments of the game chosen by id.
struct Make {
    players: Option<usize>,
    options: serde_json::Value,
    seat: Option<i64>,
    opponents: Option<Vec<String>>,
    num_envs: usize,
    seed: u64,
}

impl GameVisitor for Make {
    type Output = PyResult<Box<dyn Envs>>;

    fn visit<G: HouseGame>(self) -> PyResult<Box<dyn Envs>> {
        let options_json = self.options.clone();
        let (options, players) =
            table::<G>(self.options, self.players).map_err(SetupError::new_err)?;
        // Dealt once here, so that a table or options the game refuses raise SetupError.
        G::new(&options, players, 0).map_err(|e| SetupError::new_err(e.to_string()))?;
        let seat = match self.seat {
            None => None,
            Some(seat) => Some(
                usize::try_from(seat)
                    .ok()
                    .filter(|&s| s < players)
                    .ok_or_else(|| crate::errors::bad_seat(seat, players))?,
            ),
        };
        let opponents = match self.opponents {
            None => vec![Opponent::Random; players - 1],
            Some(ids) if ids.len() == 1 => vec![opponent::<G>(&ids[0])?; players - 1],
            Some(ids) if ids.len() == players - 1 => ids
                .iter()
                .map(|id| opponent::<G>(id))
                .collect::<PyResult<_>>()?,
            Some(ids) => {
                return Err(PyValueError::new_err(format!(
                    "{} opponents at a table of {players}: name one per other seat, or one for all",
                    ids.len()
                )));
            }
        };
        let mut envs: Typed<G> = Typed {
            table: Table {
                options,
                options_json,
                players,
                seat,
                opponents,
            },
            count: self.num_envs,
            slots: Vec::new(),
        };
        envs.reset(Some(self.seed))
            .map_err(PyRuntimeError::new_err)?;
        Ok(Box::new(envs))
    }
}

/// The opponent `id` names: "random" (drawn natively), or one of `G`'s house bots.
fn opponent<G: HouseGame>(id: &str) -> PyResult<Opponent> {
    match id {
        "random" => Ok(Opponent::Random),
        id => crate::house::known::<G>(id)
            .map(|()| Opponent::House(id.to_string()))
            .map_err(SetupError::new_err),
    }
}

/// The opponents a Python caller names: None, one id (every other seat) or a list of ids.
fn opponent_ids(opponents: Option<&Bound<'_, PyAny>>) -> PyResult<Option<Vec<String>>> {
    match opponents {
        None => Ok(None),
        Some(one) if one.is_instance_of::<PyString>() => Ok(Some(vec![one.extract()?])),
        Some(many) => Ok(Some(many.extract()?)),
    }
}

/// The action ids a Python caller passes: a NumPy array of integers (read without a copy when
/// it is int64) or any sequence of ints.
fn action_ids(actions: &Bound<'_, PyAny>) -> PyResult<Vec<i64>> {
    if let Ok(array) = actions.extract::<PyReadonlyArray1<'_, i64>>() {
        return Ok(array.as_array().to_vec());
    }
    if let Ok(array) = actions.extract::<PyReadonlyArray1<'_, i32>>() {
        return Ok(array.as_array().iter().map(|&id| i64::from(id)).collect());
    }
    actions.extract()
}

/// Many games of one kind stepped at once (see the module's documentation).
#[pyclass(module = "cardarena._native", name = "VectorEnv")]
pub struct PyVectorEnv {
    /// Behind a mutex because house bots are `Send` only; `&mut self` reaches it without a
    /// lock (`get_mut`).
    envs: Mutex<Box<dyn Envs>>,
    /// Whether the games are as the constructor dealt them: the first `reset` without a seed
    /// keeps them, so that it gives the constructor's seed's games.
    fresh: bool,
}

/// The observations and masks of a reset, as Python receives them.
type Turns<'py> = (Bound<'py, PyArray2<f32>>, Bound<'py, PyArray2<bool>>);

/// Legal ids padded to one width and the count of each row, as Python receives them.
type LegalIds<'py> = (Bound<'py, PyArray2<i64>>, Bound<'py, PyArray1<i64>>);

/// The four arrays of a step, as Python receives them.
type Stepped<'py> = (
    Bound<'py, PyArray2<f32>>,
    Bound<'py, PyArray2<bool>>,
    Bound<'py, PyArray1<f32>>,
    Bound<'py, PyArray1<bool>>,
);

impl PyVectorEnv {
    /// The environments.
    fn envs(&self) -> std::sync::MutexGuard<'_, Box<dyn Envs>> {
        self.envs
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// An empty batch of the right sizes.
    fn batch(&self) -> Batch {
        let envs = self.envs();
        let n = envs.num_envs();
        Batch {
            observations: vec![0.0; n * envs.observation_len()],
            masks: vec![false; n * envs.num_actions()],
            rewards: vec![0.0; n],
            ends: vec![false; n],
        }
    }

    /// `batch` handed to NumPy, without a copy.
    fn arrays<'py>(&self, py: Python<'py>, batch: Batch) -> PyResult<Stepped<'py>> {
        let (n, len, space) = {
            let envs = self.envs();
            (envs.num_envs(), envs.observation_len(), envs.num_actions())
        };
        let observations = Array2::from_shape_vec((n, len), batch.observations)
            .map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
        let masks = Array2::from_shape_vec((n, space), batch.masks)
            .map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
        Ok((
            observations.into_pyarray(py),
            masks.into_pyarray(py),
            Array1::from_vec(batch.rewards).into_pyarray(py),
            Array1::from_vec(batch.ends).into_pyarray(py),
        ))
    }
}

#[pymethods]
impl PyVectorEnv {
    /// `num_envs` games of `game` at a table of `players` seats (the game's usual one when
    /// None) with `options`, the learner at `seat` (None: a seat drawn each game) and
    /// `opponents` at the others: "random" (the default: uniformly random legal moves, drawn
    /// natively) or a house bot's id, one for every other seat or a list of one per other seat
    /// in seat order. Everything random follows from `seed`.
    // Python's keyword arguments, one parameter each.
    #[allow(clippy::too_many_arguments)]
    #[new]
    #[pyo3(signature = (game, num_envs, *, players=None, opponents=None, seat=Some(0), seed=0, options=None))]
    fn new(
        py: Python<'_>,
        game: &str,
        num_envs: usize,
        players: Option<usize>,
        opponents: Option<&Bound<'_, PyAny>>,
        seat: Option<i64>,
        seed: u64,
        options: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyVectorEnv> {
        if !(1..=MAX_ENVS).contains(&num_envs) {
            return Err(PyValueError::new_err(format!(
                "num_envs is {num_envs}: a VectorEnv holds 1 to {MAX_ENVS} games"
            )));
        }
        let make = Make {
            players,
            options: options_value(options)?,
            seat,
            opponents: opponent_ids(opponents)?,
            num_envs,
            seed,
        };
        let envs = py
            .detach(|| with_game(game, make))
            .ok_or_else(|| SetupError::new_err(format!("no game {game:?}")))??;
        Ok(PyVectorEnv {
            envs: Mutex::new(envs),
            fresh: true,
        })
    }

    /// The game's id.
    #[getter]
    fn game(&self) -> &'static str {
        self.envs().game()
    }

    /// How many games are stepped at once.
    #[getter]
    fn num_envs(&self) -> usize {
        self.envs().num_envs()
    }

    /// The table size.
    #[getter]
    fn players(&self) -> usize {
        self.envs().players()
    }

    /// The size of the game's action space at this table.
    #[getter]
    fn num_actions(&self) -> usize {
        self.envs().num_actions()
    }

    /// The shape of one observation.
    #[getter]
    fn observation_shape(&self) -> (usize,) {
        (self.envs().observation_len(),)
    }

    /// Deals every game again (their generators keyed from `seed` as the constructor's are,
    /// else going on from where they are; the first reset without a seed keeps the
    /// constructor's deals) and returns
    /// `(observations, masks)`: float32 of `(num_envs, *observation_shape)` and bool of
    /// `(num_envs, num_actions)`, the learner's at its first turn in each game.
    #[pyo3(signature = (seed=None))]
    fn reset<'py>(&mut self, py: Python<'py>, seed: Option<u64>) -> PyResult<Turns<'py>> {
        let mut batch = self.batch();
        let keep = seed.is_none() && self.fresh;
        self.fresh = false;
        let envs = self.envs.get_mut().unwrap_or_else(|p| p.into_inner());
        py.detach(|| {
            if !keep {
                envs.reset(seed)?;
            }
            envs.write(&mut batch);
            Ok::<_, String>(())
        })
        .map_err(PyRuntimeError::new_err)?;
        let (observations, masks, _, _) = self.arrays(py, batch)?;
        Ok((observations, masks))
    }

    /// Plays `actions` (one action id per game, a NumPy array or a sequence of ints), then the
    /// opponents up to each learner's next turn, dealing a game that ends again. Returns
    /// `(observations, masks, rewards, ends)`: the learner's next observation and legal mask in
    /// each game (the new game's first where one ended), float32 rewards (the learner's place
    /// value, 1 first to 0 last, in a game that ended; else 0) and bool ends. An action id that
    /// is not legal raises `cardarena.IllegalAction` and plays nothing in any game.
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: &Bound<'py, PyAny>,
    ) -> PyResult<Stepped<'py>> {
        let ids = action_ids(actions)?;
        let indices = self.envs().indices(&ids).map_err(IllegalAction::new_err)?;
        let mut batch = self.batch();
        self.fresh = false;
        let envs = self.envs.get_mut().unwrap_or_else(|p| p.into_inner());
        py.detach(|| envs.step(&indices, &mut batch))
            .map_err(PyRuntimeError::new_err)?;
        self.arrays(py, batch)
    }

    /// The game being played in environment `env`, as a `cardarena.Game` of its own (dealt from
    /// the same seed, the same actions applied): to look at, render or pickle; playing it does
    /// not change the environment.
    fn game_at(&self, env: usize) -> PyResult<PyGame> {
        let (game, record) = {
            let envs = self.envs();
            (envs.game(), envs.record(env))
        };
        let (players, options, seed, history) = record.ok_or_else(|| {
            PyValueError::new_err(format!(
                "environment {env} is not one of the {} environments",
                self.envs().num_envs()
            ))
        })?;
        PyGame::restore(State {
            game: game.to_string(),
            seed,
            origin: Origin::Dealt { players, options },
            history,
        })
    }

    /// The legal action ids of each learner's turn, compactly: `(ids, counts)`, int64 arrays of
    /// `(num_envs, width)` (each row's ids first, then -1 up to the widest row) and
    /// `(num_envs,)`. Cheaper to read than the masks where a policy scores only the legal ids,
    /// or draws one at random: `ids[numpy.arange(n), (rng.random(n) * counts).astype(int)]`.
    fn legal_ids<'py>(&self, py: Python<'py>) -> PyResult<LegalIds<'py>> {
        let (ids, counts, width) = self.envs().legal_ids();
        let rows = counts.len();
        let ids = Array2::from_shape_vec((rows, width), ids)
            .map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
        Ok((ids.into_pyarray(py), counts.into_pyarray(py)))
    }

    /// The learner's seat in each game, as a NumPy int64 array.
    fn seats<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i64>> {
        let seats: Vec<i64> = self.envs().seats().into_iter().map(|s| s as i64).collect();
        seats.into_pyarray(py)
    }

    fn __repr__(&self) -> String {
        let envs = self.envs();
        format!(
            "<cardarena.VectorEnv {} num_envs={} players={}>",
            envs.game(),
            envs.num_envs(),
            envs.players()
        )
    }
}
