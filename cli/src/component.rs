//! `cardarena component CORE.wasm OUT.wasm`: a bot module of a core WebAssembly module, for the
//! languages whose compilers make core modules (C with clang, Rust): the bot world embedded and
//! WASI preview 1 adapted, then checked as the server checks an upload.

use std::path::PathBuf;

use cardarena_sandbox::{Limits, Sandbox, componentize};

use super::CliError;

/// Arguments of `cardarena component`.
#[derive(Debug, clap::Args)]
pub struct ComponentArgs {
    /// The core module (wasm32-wasi, a reactor exporting `handle`, `cabi_realloc` and
    /// `cabi_post_handle` in the canonical ABI of the bot world).
    core: PathBuf,
    /// Where the bot module is written.
    out: PathBuf,
}

/// Writes the component of the core module and checks it.
pub fn run(args: ComponentArgs) -> Result<(), CliError> {
    let core = std::fs::read(&args.core)
        .map_err(|e| CliError(format!("cannot read {}: {e}", args.core.display())))?;
    let component = componentize(&core).map_err(|e| {
        CliError(format!(
            "{} is not a bot's core module: {e}",
            args.core.display()
        ))
    })?;
    let sandbox = Sandbox::new(Limits::default()).map_err(CliError)?;
    sandbox
        .check(&component)
        .map_err(|refusal| CliError(format!("the module would be refused: {refusal}")))?;
    std::fs::write(&args.out, &component)
        .map_err(|e| CliError(format!("cannot write {}: {e}", args.out.display())))?;
    println!(
        "{}: {} bytes, a bot module",
        args.out.display(),
        component.len()
    );
    Ok(())
}
