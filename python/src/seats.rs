//! The entries of `cardarena.play` and the bots that play their seats: a house bot by id, a
//! Python bot (a callable, or an object's `act`) asked through [`PythonBot`], or a bot module
//! (a `.wasm` file) played in the sandbox as `cardarena play` plays one ([`Modules`]).

use std::collections::HashMap;
use std::marker::PhantomData;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

use cardarena_bots::{Bot, BotFault, BotFuture, FaultKind, Reply, Turn};
use cardarena_engine::Game;
use cardarena_sandbox::{Limits, Module, Sandbox};
use pyo3::exceptions::{PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString, PyTuple};

use crate::convert::to_python;
use crate::errors::IllegalAction;

/// Who plays an entry's seats.
pub enum Entry {
    /// A house bot, by id.
    House(String),
    /// A callable `bot(view, legal_actions)`, or an object's bound `act` method.
    Python(Py<PyAny>),
    /// A bot module's file.
    Module(PathBuf),
}

/// One entry of a local tournament: who plays it, its name and its bot column.
pub struct Seated {
    /// Who plays it.
    pub entry: Entry,
    /// Its name in the results.
    pub name: String,
    /// Its bot in the results: a house bot's id, `python`, or the module's path.
    pub bot: String,
}

/// The entry `seat` names: a house bot id, a module (a str ending in `.wasm`, or any
/// `os.PathLike`), or a Python bot.
pub fn entry(seat: &Bound<'_, PyAny>) -> PyResult<Seated> {
    if let Ok(id) = seat.cast::<PyString>() {
        let id = id.to_cow()?.into_owned();
        if id.to_ascii_lowercase().ends_with(".wasm") {
            return Ok(module(PathBuf::from(&id), id));
        }
        return Ok(Seated {
            entry: Entry::House(id.clone()),
            name: id.clone(),
            bot: id,
        });
    }
    if seat.get_type().hasattr("__fspath__")? {
        let path: PathBuf = seat.extract()?;
        let shown = path.display().to_string();
        return Ok(module(path, shown));
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
                "seat {name:?} is neither a house bot id, a bot module (a .wasm file), a callable \
                 bot(view, legal_actions) nor an object with act(view, legal_actions)"
            )));
        }
    };
    Ok(Seated {
        entry: Entry::Python(act.unbind()),
        name,
        bot: "python".to_string(),
    })
}

/// The module entry of `path`, named after its file without `.wasm`, its path shown as `shown`.
fn module(path: PathBuf, shown: String) -> Seated {
    let name =
        (path.file_stem()).map_or_else(|| shown.clone(), |s| s.to_string_lossy().into_owned());
    Seated {
        entry: Entry::Module(path),
        name,
        bot: shown,
    }
}

/// The index a Python bot's answer names, and what it said: an int, or a pair (index, say).
fn answer(answer: &Bound<'_, PyAny>, legal: usize) -> PyResult<(usize, Option<String>)> {
    let (index, say) = match answer.cast::<PyTuple>() {
        Ok(pair) => (pair.get_item(0)?, pair.get_item(1).ok()),
        Err(_) => (answer.clone(), None),
    };
    let index: i64 = index.extract().map_err(|_| {
        PyTypeError::new_err(format!(
            "a bot returns an index into legal_actions (or a pair (index, say)), not {answer:?}"
        ))
    })?;
    let index = usize::try_from(index)
        .ok()
        .filter(|&i| i < legal)
        .ok_or_else(|| {
            IllegalAction::new_err(format!(
                "the bot returned {index}, outside the {legal} legal actions"
            ))
        })?;
    let say = say.and_then(|s| s.extract::<String>().ok());
    Ok((index, say))
}

/// Where a game's Python bots leave the first exception one of them raised: the runner takes
/// it as the seat's fault (a house bot plays the seat on) and `cardarena.play` raises it once
/// the game is over.
pub type Raised = Arc<Mutex<Option<PyErr>>>;

/// A Python bot at one seat of one match: sent the view and the legal actions as the JSON
/// values a remote bot is (as Python objects), it answers an index into them.
pub struct PythonBot<G> {
    act: Py<PyAny>,
    raised: Raised,
    game: PhantomData<fn() -> G>,
}

impl<G: Game> PythonBot<G> {
    /// The bot `act`, leaving what it raises in `raised`.
    pub fn new(act: Py<PyAny>, raised: Raised) -> PythonBot<G> {
        PythonBot {
            act,
            raised,
            game: PhantomData,
        }
    }

    /// Asks the bot, holding the GIL.
    fn ask(&self, py: Python<'_>, turn: &Turn<'_, G>) -> PyResult<Reply<G::Action>> {
        let view = to_python(py, turn.view)?;
        let legal = (turn.legal_actions.iter())
            .map(|a| to_python(py, a))
            .collect::<PyResult<Vec<_>>>()?;
        let legal = PyList::new(py, legal)?;
        let answered = self.act.bind(py).call1((view, legal))?;
        let (index, say) = answer(&answered, turn.legal_actions.len())?;
        Ok(Reply {
            action: turn.legal_actions[index].clone(),
            say,
            fallback: false,
        })
    }
}

impl<G: Game> Bot<G> for PythonBot<G> {
    fn act<'a>(
        &'a mut self,
        turn: Turn<'a, G>,
    ) -> BotFuture<'a, Result<Reply<G::Action>, BotFault>> {
        let reply = Python::attach(|py| self.ask(py, &turn)).map_err(|error| {
            let detail = error.to_string();
            let mut raised = self.raised.lock().unwrap_or_else(|p| p.into_inner());
            raised.get_or_insert(error);
            BotFault::new(FaultKind::IllegalAction, detail)
        });
        Box::pin(async move { reply })
    }
}

/// The sandbox every module is checked in: one engine for the process.
fn sandbox() -> PyResult<&'static Sandbox> {
    static SANDBOX: OnceLock<Result<Sandbox, String>> = OnceLock::new();
    let sandbox = SANDBOX.get_or_init(|| Sandbox::new(Limits::default()));
    (sandbox.as_ref()).map_err(|e| PyRuntimeError::new_err(format!("the sandbox: {e}")))
}

/// The modules of a run's entries, each read and checked once, as `cardarena play` checks them
/// (as the server checks an upload).
pub struct Modules(HashMap<PathBuf, Module>);

impl Modules {
    /// Reads and checks every module `entries` name, without the GIL (compiling a language's
    /// runtime takes seconds): an unreadable file raises OSError, a module the sandbox refuses
    /// ValueError with its reason.
    pub fn load(py: Python<'_>, entries: &[Seated]) -> PyResult<Modules> {
        let mut modules = HashMap::new();
        for seated in entries {
            let Entry::Module(path) = &seated.entry else {
                continue;
            };
            if modules.contains_key(path) {
                continue;
            }
            let bytes = std::fs::read(path).map_err(|e| {
                let said = format!("cannot read {}: {e}", path.display());
                PyErr::from(std::io::Error::new(e.kind(), said))
            })?;
            let sandbox = sandbox()?;
            let module = py.detach(|| sandbox.check(&bytes)).map_err(|refusal| {
                PyValueError::new_err(format!("{}: {refusal}", path.display()))
            })?;
            modules.insert(path.clone(), module);
        }
        Ok(Modules(modules))
    }

    /// The checked module of `path`.
    pub fn get(&self, path: &Path) -> PyResult<&Module> {
        (self.0.get(path))
            .ok_or_else(|| PyRuntimeError::new_err(format!("{} was not loaded", path.display())))
    }

    /// Whether there are any: then the results count faults.
    pub fn any(&self) -> bool {
        !self.0.is_empty()
    }
}
