//! The Python class `cardarena.HouseBot`: one of a game's house bots (random, greedy, expert, …),
//! run natively, the same code that plays them on the server.

use std::any::Any;
use std::sync::Mutex;

use cardarena_bots::{GameVisitor, HouseGame, names_house_bot, with_game};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::dynamic::HouseBot;
use crate::errors::SetupError;
use crate::game::PyGame;

/// A house bot of one game, playing one seat of one game: it is told the match starts before
/// its first choice, as the server tells it, and refuses another seat (make a new bot for the
/// next game).
#[pyclass(module = "cardarena._native", name = "HouseBot")]
pub struct PyHouseBot {
    game: &'static str,
    id: String,
    seed: u64,
    /// The game's `Box<dyn Bot<G>>`, behind `Any` so that the class names no game.
    bot: Mutex<Box<dyn Any + Send>>,
    /// The seat it plays, once it has played one.
    seat: Option<usize>,
}

/// What a house bot is made of, as pickle keeps it: its game, id and seed.
type MadeOf = (&'static str, String, u64);

/// Makes a house bot of the game chosen by id.
struct Make<'a> {
    id: &'a str,
    seed: u64,
}

impl GameVisitor for Make<'_> {
    type Output = Result<(&'static str, Box<dyn Any + Send>), String>;

    fn visit<G: HouseGame>(self) -> Self::Output {
        known::<G>(self.id)?;
        let bot: HouseBot<G> = G::house_bot(self.id, self.seed)
            .ok_or_else(|| format!("no house bot {:?}", self.id))?;
        Ok((G::ID, Box::new(bot)))
    }
}

/// Whether `id` names one of `G`'s house bots; else why not, in words that list the bots and
/// the expert's budgets there are.
pub fn known<G: HouseGame>(id: &str) -> Result<(), String> {
    if names_house_bot(G::HOUSE_BOTS, id) {
        return Ok(());
    }
    let ids = G::HOUSE_BOTS.join(", ");
    let budgets = cardarena_bots::expert::budgets_in_words();
    Err(match id.starts_with("expert:") {
        true => format!(
            "{id:?} is not one of the expert's budgets: expert:N thinks N ms a move, N one of \
             {budgets}"
        ),
        false => format!(
            "{} has no house bot {id:?}: its house bots are {ids}, and expert:N (N one of \
             {budgets} ms a move)",
            G::ID
        ),
    })
}

impl PyHouseBot {
    /// House bot `id` of game `game`, its random choices following from `seed`.
    pub fn make(game: &str, id: &str, seed: u64) -> PyResult<PyHouseBot> {
        let (game, bot) = with_game(game, Make { id, seed })
            .ok_or_else(|| SetupError::new_err(format!("no game {game:?}")))?
            .map_err(SetupError::new_err)?;
        Ok(PyHouseBot {
            game,
            id: id.to_string(),
            seed,
            bot: Mutex::new(bot),
            seat: None,
        })
    }

    /// The index among `game`'s legal actions this bot chooses for the seat to act; the GIL is
    /// released while it thinks.
    pub fn choose_in(&mut self, py: Python<'_>, game: &mut PyGame) -> PyResult<usize> {
        if game.inner().id() != self.game {
            return Err(PyValueError::new_err(format!(
                "this house bot plays {}, not {}",
                self.game,
                game.inner().id()
            )));
        }
        let seat = game.inner().to_act();
        if let (Some(mine), Some(seat)) = (self.seat, seat)
            && mine != seat
        {
            return Err(PyValueError::new_err(format!(
                "this house bot plays seat {mine}, not seat {seat}: a house bot plays one seat of \
                 one game (make a new one for another)"
            )));
        }
        let started = self.seat.is_some();
        let bot = self
            .bot
            .get_mut()
            .map_err(|_| PyValueError::new_err("the house bot failed earlier"))?;
        let inner = game.inner();
        let index = py.detach(|| inner.house_choice(bot.as_mut(), started))?;
        self.seat = seat;
        Ok(index)
    }
}

#[pymethods]
impl PyHouseBot {
    /// House bot `id` (`cardarena.games()` lists each game's; `expert:N` is the expert with a
    /// budget of N ms) of `game`, its random choices following from `seed`.
    #[new]
    #[pyo3(signature = (game, id, seed=0))]
    fn new(game: &str, id: &str, seed: u64) -> PyResult<PyHouseBot> {
        PyHouseBot::make(game, id, seed)
    }

    /// The bot's id.
    #[getter]
    fn id(&self) -> &str {
        &self.id
    }

    /// The game it plays.
    #[getter]
    fn game(&self) -> &'static str {
        self.game
    }

    /// The index into `game.legal_actions()` the bot plays for the seat to act.
    fn choose(&mut self, py: Python<'_>, mut game: PyRefMut<'_, PyGame>) -> PyResult<usize> {
        self.choose_in(py, &mut game)
    }

    /// The seed its random choices follow from.
    #[getter]
    fn seed(&self) -> u64 {
        self.seed
    }

    /// What pickle keeps of a house bot: its game, id and seed. A loaded bot is the bot as
    /// made, ready for a new game: what it remembered of a game in progress stays behind.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, MadeOf)> {
        let this = slf.borrow();
        let class = slf.get_type().into_any();
        Ok((class, (this.game, this.id.clone(), this.seed)))
    }

    fn __repr__(&self) -> String {
        format!("<cardarena.HouseBot {} of {}>", self.id, self.game)
    }
}
