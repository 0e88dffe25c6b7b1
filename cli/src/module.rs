//! `cardarena module`: the tools of a bot module (a WebAssembly component of the bot world).
//! `wrap CORE.wasm OUT.wasm` makes one of a core module (C with clang, Rust), `check FILE.wasm`
//! checks one as the server checks an upload, and `wit` prints the bot world for the kits whose
//! tools build a component from it (componentize-py, componentize-js).

use std::path::{Path, PathBuf};

use cardarena_sandbox::{WIT, componentize};

use super::CliError;

/// Arguments of `cardarena module`.
#[derive(Debug, clap::Args)]
pub struct ModuleArgs {
    #[command(subcommand)]
    command: ModuleCommand,
}

#[derive(Debug, clap::Subcommand)]
enum ModuleCommand {
    /// Make a bot module of a core module built for wasm32-wasi (a reactor exporting `handle`,
    /// `cabi_realloc` and `cabi_post_handle` in the canonical ABI of the bot world), and check it.
    Wrap {
        /// The core module.
        core: PathBuf,
        /// Where the bot module is written.
        out: PathBuf,
    },
    /// Check a bot module as the server checks an upload: its size, its imports, its `handle`,
    /// and that it starts and answers.
    Check {
        /// The bot module.
        module: PathBuf,
    },
    /// Print the bot world's WIT (`package cardarena:bot`, world `bot`).
    Wit,
}

/// Runs one of the module commands.
pub fn run(args: ModuleArgs) -> Result<(), CliError> {
    match args.command {
        ModuleCommand::Wrap { core, out } => wrap(&core, &out),
        ModuleCommand::Check { module } => {
            let bytes = read(&module)?;
            check(&bytes)?;
            println!("{}: {} bytes, a bot module", module.display(), bytes.len());
            Ok(())
        }
        ModuleCommand::Wit => {
            print!("{WIT}");
            Ok(())
        }
    }
}

/// Writes the component of the core module `core` to `out` and checks it.
fn wrap(core: &Path, out: &Path) -> Result<(), CliError> {
    let component = componentize(&read(core)?).map_err(|e| {
        CliError(format!(
            "{} is not a bot's core module: {e}",
            core.display()
        ))
    })?;
    check(&component)?;
    std::fs::write(out, &component)
        .map_err(|e| CliError(format!("cannot write {}: {e}", out.display())))?;
    println!("{}: {} bytes, a bot module", out.display(), component.len());
    Ok(())
}

fn read(path: &Path) -> Result<Vec<u8>, CliError> {
    std::fs::read(path).map_err(|e| CliError(format!("cannot read {}: {e}", path.display())))
}

/// Checks `bytes` as an upload is checked.
fn check(bytes: &[u8]) -> Result<(), CliError> {
    let sandbox = super::module_seats::sandbox_for_play()?;
    sandbox
        .check(bytes)
        .map(drop)
        .map_err(|refusal| CliError(format!("the module would be refused: {refusal}")))
}
