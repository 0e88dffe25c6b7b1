//! The Python class `cardarena.Game`: one game of any kind, played step by step.

use cardarena_bots::{GameVisitor, HouseGame, with_game};
use cardarena_engine::{Eye, Seat};
use numpy::{IntoPyArray, PyArray1};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString};

use crate::convert::{options_value, to_python};
use crate::dynamic::{Dynamic, Typed};
use crate::errors::{SetupError, bad_seat};
use crate::from_view::{self, json_of};
use crate::state::{Origin, State};

/// A game of cardarena in progress: dealt from a seed, played one action at a time, with the
/// views, legal actions and outcome a remote bot is sent (the same JSON values, as Python
/// objects) and the fixed encodings for learning.
#[pyclass(module = "cardarena._native", name = "Game")]
pub struct PyGame {
    inner: Box<dyn Dynamic>,
    seed: u64,
    /// How the game began, and the index of every action applied since: what a pickle keeps.
    origin: Origin,
    history: Vec<u32>,
}

impl PyGame {
    /// The game held.
    pub fn inner(&mut self) -> &mut dyn Dynamic {
        self.inner.as_mut()
    }

    /// A game of kind `id` dealt for `players` seats (the game's usual count when `None`) from
    /// `seed`, with `options` as a JSON value.
    pub fn deal(
        id: &str,
        players: Option<usize>,
        seed: u64,
        options: serde_json::Value,
    ) -> PyResult<PyGame> {
        let inner = with_game(
            id,
            Deal {
                players,
                seed,
                options: options.clone(),
            },
        )
        .ok_or_else(|| {
            let ids = cardarena_bots::game_ids().join(", ");
            SetupError::new_err(format!("no game {id:?}: the games are {ids}"))
        })??;
        let players = inner.players();
        Ok(PyGame::begun(
            inner,
            seed,
            Origin::Dealt { players, options },
        ))
    }

    /// `inner` as it began, from `seed` and `origin`, no action applied.
    fn begun(inner: Box<dyn Dynamic>, seed: u64, origin: Origin) -> PyGame {
        PyGame {
            inner,
            seed,
            origin,
            history: Vec::new(),
        }
    }

    /// The game `state` describes: begun as it says, its actions applied again.
    pub fn restore(state: State) -> PyResult<PyGame> {
        let mut game = match state.origin {
            Origin::Dealt { players, options } => {
                PyGame::deal(&state.game, Some(players), state.seed, options)?
            }
            Origin::Sampled { view } => PyGame::begun(
                from_view::sample(&state.game, view.clone(), state.seed)?,
                state.seed,
                Origin::Sampled { view },
            ),
        };
        for index in state.history {
            game.play(index as usize)?;
        }
        Ok(game)
    }

    /// Plays the legal action at `index` and keeps it in the history.
    fn play(&mut self, index: usize) -> PyResult<()> {
        self.inner.apply_index(index)?;
        self.history.push(index as u32);
        Ok(())
    }

    /// The seat `seat` (any int Python passes, so that -1 is a `ValueError` too), checked
    /// against the table.
    fn seat(&self, seat: i64) -> PyResult<Seat> {
        let players = self.inner.players();
        usize::try_from(seat)
            .ok()
            .filter(|&s| s < players)
            .ok_or_else(|| bad_seat(seat, players))
    }

    /// The eyes `eye` names: "all", "public" or a seat number.
    fn eye(&self, eye: &Bound<'_, PyAny>) -> PyResult<Eye> {
        if let Ok(seat) = eye.extract::<i64>() {
            return Ok(Eye::Seat(self.seat(seat)?));
        }
        match eye.cast::<PyString>()?.to_cow()?.as_ref() {
            "all" => Ok(Eye::All),
            "public" => Ok(Eye::Public),
            other => Err(PyValueError::new_err(format!(
                "no eye {other:?}: \"all\", \"public\" or a seat number"
            ))),
        }
    }

    /// The index among the legal actions that `action` names: an int is the index itself, any
    /// other value an action as the game's JSON has it.
    fn index(&mut self, action: &Bound<'_, PyAny>) -> PyResult<usize> {
        match action.extract::<i64>() {
            Ok(index) => usize::try_from(index).map_err(|_| {
                crate::errors::IllegalAction::new_err(format!(
                    "action index {index} is out of range"
                ))
            }),
            Err(_) => self.inner.index_of(action),
        }
    }
}

/// Deals a game chosen by id (see [`with_game`]).
struct Deal {
    players: Option<usize>,
    seed: u64,
    options: serde_json::Value,
}

impl GameVisitor for Deal {
    type Output = PyResult<Box<dyn Dynamic>>;

    fn visit<G: HouseGame>(self) -> PyResult<Box<dyn Dynamic>> {
        let (options, players) =
            crate::convert::table::<G>(self.options, self.players).map_err(SetupError::new_err)?;
        let game =
            G::new(&options, players, self.seed).map_err(|e| SetupError::new_err(e.to_string()))?;
        Ok(Box::new(Typed::new(game)))
    }
}

#[pymethods]
impl PyGame {
    /// Deals `game` (an id from `cardarena.games()`) for `players` seats (the game's usual
    /// table when omitted) from `seed`, with `options` (a dict, as the game's JSON options).
    #[new]
    #[pyo3(signature = (game, players=None, seed=0, options=None))]
    fn new(
        game: &str,
        players: Option<usize>,
        seed: u64,
        options: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyGame> {
        PyGame::deal(game, players, seed, options_value(options)?)
    }

    /// The game's id.
    #[getter]
    fn id(&self) -> &'static str {
        self.inner.id()
    }

    /// The number of seats.
    #[getter]
    fn players(&self) -> usize {
        self.inner.players()
    }

    /// The seed the game was dealt from.
    #[getter]
    fn seed(&self) -> u64 {
        self.seed
    }

    /// The seat to act, or None once the game is over.
    #[getter]
    fn to_act(&self) -> Option<Seat> {
        self.inner.to_act()
    }

    /// Whether the game is over.
    #[getter]
    fn is_over(&self) -> bool {
        self.inner.to_act().is_none()
    }

    /// How many actions have been applied.
    #[getter]
    fn steps(&self) -> u32 {
        self.inner.steps()
    }

    /// The legal actions of the seat to act, as the JSON a remote bot is sent (a list of dicts
    /// or strings); empty once the game is over.
    fn legal_actions<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        self.inner.legal_actions(py)
    }

    /// How many legal actions the seat to act has.
    fn num_legal(&mut self) -> usize {
        self.inner.legal_count()
    }

    /// What `seat` may see, as the JSON view a remote bot is sent.
    fn view<'py>(&self, py: Python<'py>, seat: i64) -> PyResult<Bound<'py, PyAny>> {
        let seat = self.seat(seat)?;
        self.inner.view(py, seat)
    }

    /// Plays an action of the seat to act: an int is an index into `legal_actions()`, a dict
    /// (or string) an action as its JSON. Raises IllegalAction (with the engine's reason) or
    /// GameOver, and leaves the game unchanged then.
    fn apply(&mut self, action: &Bound<'_, PyAny>) -> PyResult<()> {
        let index = self.index(action)?;
        self.play(index)
    }

    /// The result once the game is over (`{"seats": [{"rank", "score"}, …]}`), else None.
    fn outcome<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.inner.outcome().map(|o| to_python(py, &o)).transpose()
    }

    /// Each seat's place value once the game is over (1 first, 0 last, tied seats sharing
    /// their places), else None.
    fn place_values(&self) -> Option<Vec<f64>> {
        let outcome = self.inner.outcome()?;
        Some(
            (0..outcome.seats.len())
                .map(|s| outcome.place_value(s))
                .collect(),
        )
    }

    /// A copy that goes on independently of this game.
    fn clone(&self) -> PyGame {
        PyGame {
            inner: self.inner.boxed_clone(),
            seed: self.seed,
            origin: self.origin.clone(),
            history: self.history.clone(),
        }
    }

    /// What pickle keeps of a game: how it began and the actions applied since, replayed when
    /// it is loaded (in any process with the same version of the package).
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let state = State {
            game: self.inner.id().to_string(),
            seed: self.seed,
            origin: self.origin.clone(),
            history: self.history.clone(),
        };
        let restore = py.import("cardarena._native")?.getattr("_restore_game")?;
        Ok((restore, (state.to_json(),)))
    }

    fn __copy__(&self) -> PyGame {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyGame {
        self.clone()
    }

    /// The table as `eye` sees it (the snapshot the pages draw): "all" (the default),
    /// "public" or a seat.
    #[pyo3(signature = (eye=None))]
    fn table<'py>(
        &self,
        py: Python<'py>,
        eye: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let eye = if let Some(eye) = eye {
            Self::eye(self, eye)?
        } else {
            Eye::All
        };
        self.inner.table(py, eye)
    }

    /// A legal action (an index or the action itself) in a few words, as the pages show it, in
    /// English with the seats numbered: "Seat 0 attacks with 7♠".
    fn describe(&mut self, action: &Bound<'_, PyAny>) -> PyResult<String> {
        let index = self.index(action)?;
        self.inner.describe(index)
    }

    /// A game rebuilt from `seat`'s view alone, the cards that seat cannot see dealt at random
    /// from `seed` (a search bot's sample of what it does not know).
    fn determinize(&self, seat: i64, seed: u64) -> PyResult<PyGame> {
        let seat = self.seat(seat)?;
        let view = self.inner.view_value(seat);
        Ok(PyGame::begun(
            self.inner.determinize(seat, seed),
            seed,
            Origin::Sampled { view },
        ))
    }

    /// A game rebuilt from `view` alone (a view as the server sends it to a bot), the cards it
    /// hides dealt at random from `seed`: the sample a search bot plays on when all it has is
    /// the request it was sent. `game` is the game's id, read from the view when omitted (each
    /// game's view has fields of its own).
    #[staticmethod]
    #[pyo3(signature = (view, seed=0, game=None))]
    fn from_view(view: &Bound<'_, PyAny>, seed: u64, game: Option<&str>) -> PyResult<PyGame> {
        let view = json_of(view)?;
        let game = match game {
            Some(game) => game,
            None => from_view::game_of(&view)?,
        };
        Ok(PyGame::begun(
            from_view::sample(game, view.clone(), seed)?,
            seed,
            Origin::Sampled { view },
        ))
    }

    /// The size of the game's fixed action space at this table (docs/games/<game>.md).
    #[getter]
    fn num_actions(&self) -> usize {
        self.inner.num_actions()
    }

    /// The action id of each legal action, in the order of `legal_actions()`.
    fn action_ids(&mut self) -> Vec<usize> {
        self.inner.action_ids().to_vec()
    }

    /// A boolean array of `num_actions`, true at the ids of the legal actions.
    fn legal_mask<'py>(&mut self, py: Python<'py>) -> Bound<'py, PyArray1<bool>> {
        let mut mask = vec![false; self.inner.num_actions()];
        for &id in self.inner.action_ids() {
            mask[id] = true;
        }
        // Copied into an array NumPy owns: cheaper than handing NumPy the Vec.
        PyArray1::from_slice(py, &mask)
    }

    /// Plays the legal action whose id is `id`; raises IllegalAction when none has it.
    fn apply_id(&mut self, id: i64) -> PyResult<()> {
        let ids = self.inner.action_ids();
        let index = ids.iter().position(|&i| i as i64 == id).ok_or_else(|| {
            crate::errors::IllegalAction::new_err(format!(
                "no legal action has id {id} (legal ids: {ids:?})"
            ))
        })?;
        self.play(index)
    }

    /// The length of a seat's observation.
    #[getter]
    fn observation_shape(&self) -> (usize,) {
        (self.inner.observation_len(),)
    }

    /// `seat`'s observation: a float32 array of `observation_shape`, built from its view alone
    /// (docs/games/<game>.md says what each entry means).
    fn observation<'py>(&self, py: Python<'py>, seat: i64) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let seat = self.seat(seat)?;
        let mut out = vec![0.0; self.inner.observation_len()];
        self.inner.observe(seat, &mut out);
        Ok(out.into_pyarray(py))
    }

    fn __repr__(&self) -> String {
        let state = match self.inner.to_act() {
            Some(seat) => format!("seat {seat} to act"),
            None => "over".to_string(),
        };
        format!(
            "<cardarena.Game {} players={} seed={} steps={} {state}>",
            self.inner.id(),
            self.inner.players(),
            self.seed,
            self.inner.steps()
        )
    }
}
