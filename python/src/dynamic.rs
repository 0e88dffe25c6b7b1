//! One game of any of the six kinds behind one object-safe interface, [`Dynamic`]: the Python
//! class `Game` holds a `Box<dyn Dynamic>` and never names a game's types. Views, actions,
//! outcomes and tables cross to Python through their JSON ([`crate::convert`]), so a Python caller sees the
//! same values as the JSON a remote bot is sent.

use std::any::Any;

use cardarena_bots::{Bot, HouseGame, Turn};
use cardarena_engine::phrase::english::{self, Names};
use cardarena_engine::shuffle::rng;
use cardarena_engine::{Encode, Eye, Game, Outcome, Seat};
use pyo3::prelude::*;
use pyo3::types::PyList;
use pythonize::depythonize;

use crate::convert::to_python;
use crate::errors::{GameOver, IllegalAction, bad_seat};

/// A game in progress, whatever its kind (see the module's documentation).
pub trait Dynamic: Send + Sync {
    /// The game's id (`"durak"`).
    fn id(&self) -> &'static str;
    /// The number of seats.
    fn players(&self) -> usize;
    /// The seat to act; `None` once the game is over.
    fn to_act(&self) -> Option<Seat>;
    /// How many actions have been applied.
    fn steps(&self) -> u32;
    /// How many legal actions the seat to act has (0 once over).
    fn legal_count(&mut self) -> usize;
    /// The legal actions, as Python objects.
    fn legal_actions<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyList>>;
    /// What `seat` may see, as its JSON value.
    fn view_value(&self, seat: Seat) -> serde_json::Value;
    /// What `seat` may see, as a Python object.
    fn view<'py>(&self, py: Python<'py>, seat: Seat) -> PyResult<Bound<'py, PyAny>>;
    /// Plays the legal action at `index`.
    fn apply_index(&mut self, index: usize) -> PyResult<()>;
    /// The index among the legal actions of `action`, an action as a Python object.
    fn index_of(&mut self, action: &Bound<'_, PyAny>) -> PyResult<usize>;
    /// The result once the game is over.
    fn outcome(&self) -> Option<Outcome>;
    /// A copy that goes on independently.
    fn boxed_clone(&self) -> Box<dyn Dynamic>;
    /// The table as `eye` sees it, as a Python object.
    fn table<'py>(&self, py: Python<'py>, eye: Eye) -> PyResult<Bound<'py, PyAny>>;
    /// The legal action at `index` in words.
    fn describe(&mut self, index: usize) -> PyResult<String>;
    /// A game rebuilt from `seat`'s view alone, the cards it cannot see dealt at random from
    /// `seed`.
    fn determinize(&self, seat: Seat, seed: u64) -> Box<dyn Dynamic>;
    /// The index among the legal actions that `bot` (a `Box<dyn Bot<G>>` of this game's `G`,
    /// see [`crate::house`]) chooses; `started` says whether it was told the match started.
    fn house_choice(&mut self, bot: &mut (dyn Any + Send), started: bool) -> PyResult<usize>;
    /// The size of the game's fixed action space at this table.
    fn num_actions(&self) -> usize;
    /// The action id of each legal action, in the legal order.
    fn action_ids(&mut self) -> &[usize];
    /// The length of a seat's observation at this table.
    fn observation_len(&self) -> usize;
    /// Writes `seat`'s observation over `out`.
    fn observe(&self, seat: Seat, out: &mut [f32]);
}

/// The [`Dynamic`] of game `G`: the game, and its legal actions and their ids while they are
/// current (each is computed once per decision, however often Python asks).
pub struct Typed<G: Game> {
    game: G,
    legal: Vec<G::Action>,
    fresh: bool,
    ids: Vec<usize>,
    ids_fresh: bool,
    steps: u32,
}

impl<G: HouseGame + Encode> Typed<G> {
    /// `game` as dealt, no action applied.
    pub fn new(game: G) -> Typed<G> {
        Typed {
            game,
            legal: Vec::new(),
            fresh: false,
            ids: Vec::new(),
            ids_fresh: false,
            steps: 0,
        }
    }

    /// The legal actions, refreshed if an action was applied since.
    fn legal(&mut self) -> &[G::Action] {
        if !self.fresh {
            self.game.legal_actions_into(&mut self.legal);
            self.fresh = true;
        }
        &self.legal
    }

    /// `index` if it names a legal action (the legal actions then current), else the exception
    /// a Python caller gets.
    fn check_index(&mut self, index: usize) -> PyResult<usize> {
        if self.game.to_act().is_none() {
            return Err(GameOver::new_err("the game is over"));
        }
        let count = self.legal().len();
        match index < count {
            true => Ok(index),
            false => Err(IllegalAction::new_err(format!(
                "action index {index} is out of range: there are {count} legal actions"
            ))),
        }
    }
}

/// A house bot of game `G`, as [`crate::house`] boxes it.
pub type HouseBot<G> = Box<dyn Bot<G>>;

impl<G: HouseGame + Encode> Dynamic for Typed<G> {
    fn id(&self) -> &'static str {
        G::ID
    }

    fn players(&self) -> usize {
        self.game.players()
    }

    fn to_act(&self) -> Option<Seat> {
        self.game.to_act()
    }

    fn steps(&self) -> u32 {
        self.steps
    }

    fn legal_count(&mut self) -> usize {
        self.legal().len()
    }

    fn legal_actions<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let actions = self
            .legal()
            .iter()
            .map(|a| to_python(py, a))
            .collect::<PyResult<Vec<_>>>()?;
        PyList::new(py, actions)
    }

    fn view_value(&self, seat: Seat) -> serde_json::Value {
        serde_json::to_value(self.game.view(seat)).unwrap_or_default()
    }

    fn view<'py>(&self, py: Python<'py>, seat: Seat) -> PyResult<Bound<'py, PyAny>> {
        if seat >= self.game.players() {
            return Err(bad_seat(seat, self.game.players()));
        }
        to_python(py, &self.game.view(seat))
    }

    fn apply_index(&mut self, index: usize) -> PyResult<()> {
        let index = self.check_index(index)?;
        self.game
            .apply(&self.legal[index])
            .map_err(|e| IllegalAction::new_err(e.to_string()))?;
        self.fresh = false;
        self.ids_fresh = false;
        self.steps += 1;
        Ok(())
    }

    fn index_of(&mut self, action: &Bound<'_, PyAny>) -> PyResult<usize> {
        let action: G::Action = depythonize(action)
            .map_err(|e| IllegalAction::new_err(format!("not an action of {}: {e}", G::ID)))?;
        if self.game.to_act().is_none() {
            return Err(GameOver::new_err("the game is over"));
        }
        self.legal()
            .iter()
            .position(|a| *a == action)
            .ok_or_else(|| {
                // The engine says which rule the action breaks.
                let mut probe = self.game.clone();
                let why = probe.apply(&action).err().map_or_else(
                    || "it is not among the legal actions".to_string(),
                    |e| e.to_string(),
                );
                IllegalAction::new_err(why)
            })
    }

    fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }

    fn boxed_clone(&self) -> Box<dyn Dynamic> {
        Box::new(Typed {
            game: self.game.clone(),
            legal: self.legal.clone(),
            fresh: self.fresh,
            ids: self.ids.clone(),
            ids_fresh: self.ids_fresh,
            steps: self.steps,
        })
    }

    fn table<'py>(&self, py: Python<'py>, eye: Eye) -> PyResult<Bound<'py, PyAny>> {
        if let Eye::Seat(seat) = eye
            && seat >= self.game.players()
        {
            return Err(bad_seat(seat, self.game.players()));
        }
        to_python(py, &self.game.table(eye))
    }

    fn describe(&mut self, index: usize) -> PyResult<String> {
        let index = self.check_index(index)?;
        let phrases = self.game.describe(&self.legal[index]);
        Ok(english::words(&phrases, &Names::numbered()))
    }

    fn determinize(&self, seat: Seat, seed: u64) -> Box<dyn Dynamic> {
        let sample = G::determinize(&self.game.view(seat), &mut rng(seed));
        Box::new(Typed::new(sample))
    }

    fn house_choice(&mut self, bot: &mut (dyn Any + Send), started: bool) -> PyResult<usize> {
        let Some(bot) = bot.downcast_mut::<HouseBot<G>>() else {
            return Err(pyo3::exceptions::PyTypeError::new_err(
                "this house bot plays another game",
            ));
        };
        let Some(seat) = self.game.to_act() else {
            return Err(GameOver::new_err("the game is over"));
        };
        let view = self.game.view(seat);
        let decision = self.steps + 1;
        let players = self.game.players();
        let legal = self.legal();
        let runtime = crate::runtime::get()?;
        let reply = runtime.block_on(async {
            if !started {
                bot.start(seat, players).await;
            }
            bot.act(Turn {
                seat,
                decision,
                view: &view,
                legal_actions: legal,
            })
            .await
        });
        let reply = reply.map_err(|fault| {
            IllegalAction::new_err(format!("the house bot faulted: {}", fault.detail))
        })?;
        legal
            .iter()
            .position(|a| *a == reply.action)
            .ok_or_else(|| IllegalAction::new_err("the house bot chose an illegal action"))
    }

    fn num_actions(&self) -> usize {
        G::action_space(self.game.players())
    }

    fn action_ids(&mut self) -> &[usize] {
        if !self.ids_fresh {
            self.ids.clear();
            if let Some(seat) = self.game.to_act() {
                let view = self.game.view(seat);
                self.legal();
                self.ids
                    .extend(self.legal.iter().map(|a| G::action_id(&view, a)));
            }
            self.ids_fresh = true;
        }
        &self.ids
    }

    fn observation_len(&self) -> usize {
        G::observation_len(self.game.players())
    }

    fn observe(&self, seat: Seat, out: &mut [f32]) {
        G::observe(&self.game.view(seat), out);
    }
}
