//! Seats played by a WebAssembly bot module (`--seat NAME=path/to/bot.wasm`), as the server
//! plays an uploaded one: checked as an upload is, a fresh instance each game, fuel for time.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use cardarena_bots::{Bot, HouseGame};
use cardarena_sandbox::{Limits, Module, ModuleBot, ModuleSeat, Sandbox};
use serde_json::Value;

use super::CliError;
use super::seats::{SeatBot, SeatSpec};

/// The modules of a run's seats, each checked once.
pub struct ModuleSeats {
    modules: HashMap<PathBuf, Module>,
    deadline_ms: u32,
    time_bank_ms: u32,
}

impl ModuleSeats {
    /// Reads and checks every module `seats` name (none: nothing to do), with a deadline of
    /// `deadline_ms` and a bank of `time_bank_ms` a match.
    pub fn load(
        seats: &[SeatSpec],
        deadline_ms: u32,
        time_bank_ms: u32,
    ) -> Result<ModuleSeats, CliError> {
        let mut modules = HashMap::new();
        let paths = seats.iter().filter_map(|s| match &s.bot {
            SeatBot::Module(path) => Some(path),
            _ => None,
        });
        let mut sandbox = None;
        for path in paths {
            if modules.contains_key(path) {
                continue;
            }
            let sandbox = match &mut sandbox {
                Some(sandbox) => sandbox,
                None => sandbox.insert(sandbox_for_play()?),
            };
            modules.insert(path.clone(), check(sandbox, path)?);
        }
        Ok(ModuleSeats {
            modules,
            deadline_ms,
            time_bank_ms,
        })
    }

    /// The bot of the module at `path` for entry `name`, at `seat` of game `index` (from 0) dealt
    /// from `game_seed`: its match id and its instance's seed are local play's
    /// ([`ModuleSeat::local`]).
    pub fn bot<G: HouseGame>(
        &self,
        path: &Path,
        name: &str,
        (index, game_seed, seat): (u64, u64, usize),
        options: &G::Options,
    ) -> Result<Box<dyn Bot<G>>, CliError> {
        let module = self
            .modules
            .get(path)
            .ok_or_else(|| CliError(format!("{} was not loaded", path.display())))?;
        let options = serde_json::to_value(options).unwrap_or(Value::Null);
        let budget = (self.deadline_ms, self.time_bank_ms);
        let seat = ModuleSeat::local(name, index, game_seed, seat, budget, options);
        Ok(Box::new(ModuleBot::<G>::new(module.clone(), seat)))
    }
}

/// The module at `path`, checked as the server checks an upload.
fn check(sandbox: &Sandbox, path: &Path) -> Result<Module, CliError> {
    let bytes = std::fs::read(path)
        .map_err(|e| CliError(format!("cannot read {}: {e}", path.display())))?;
    sandbox
        .check(&bytes)
        .map_err(|refusal| CliError(format!("{}: {refusal}", path.display())))
}

/// The sandbox `play` checks and runs modules in: compiled modules kept in the user's cache
/// folder (so that a module played again starts at once), or compiled every time if there is
/// none.
pub(crate) fn sandbox_for_play() -> Result<Sandbox, CliError> {
    let limits = Limits::default();
    let cached = super::playing::default_cache_dir()
        .filter(|dir| cardarena_contest::modules::private_folder(dir).is_ok())
        .and_then(|dir| Sandbox::with_disk_cache(limits, &dir, PLAY_CACHE_BYTES).ok());
    match cached {
        Some(sandbox) => Ok(sandbox),
        None => Sandbox::new(limits).map_err(CliError),
    }
}

/// The most `play`'s compiled modules take on disk.
const PLAY_CACHE_BYTES: u64 = 1 << 30;
