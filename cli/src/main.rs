//! `cardarena`: the command-line front of cardarena. `play` runs a local tournament of house bots,
//! `bench` measures the engine's speed.

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let args = cardarena_cli::Cli::parse();
    match cardarena_cli::run(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::from(2)
        }
    }
}
