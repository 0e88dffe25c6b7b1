//! Command-line arguments and the commands they run.

mod bench;
mod bench_http;
mod options;
mod play;
mod replay;
mod results;
mod seats;
mod serve;

use clap::{Parser, Subcommand};

pub use bench::BenchArgs;
pub use play::PlayArgs;
pub use replay::ReplayArgs;
pub use serve::ServeArgs;

/// cardarena: a tournament server for card-game AI contests.
#[derive(Debug, Parser)]
#[command(
    name = "cardarena",
    version,
    about = "cardarena: a tournament server for card-game AI contests, and the tools around it \
             (local games between house bots, replays of stored matches, benchmarks)"
)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Play games between house bots locally and print the log or a results table.
    Play(PlayArgs),
    /// Run the tournament server: API, pages, match scheduler and ladder.
    Serve(ServeArgs),
    /// Re-run a stored match from its seed and actions and check its stored outcome.
    Replay(ReplayArgs),
    /// Play random-vs-random games in process and print the engine's speed as one JSON line.
    Bench(BenchArgs),
}

/// An error to show the user: the message says what was wrong and what would be right.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct CliError(pub String);

/// Runs the command the arguments name.
pub fn run(cli: Cli) -> Result<(), CliError> {
    match cli.command {
        Command::Play(args) => play::run(args),
        Command::Bench(args) => bench::run(args),
        Command::Serve(args) => serve::run(args),
        Command::Replay(args) => replay::run(args),
    }
}

/// The message for a game id that no game has.
fn unknown_game(id: &str) -> CliError {
    CliError(format!(
        "unknown game {id:?}; the games are: {}",
        cardarena_bots::game_ids().join(", ")
    ))
}
