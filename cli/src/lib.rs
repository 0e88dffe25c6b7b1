//! cardarena-cli: the `cardarena` binary's commands. Each command parses its flags ([`Cli`]) and
//! calls the crate that does the work: `serve` and `worker` start the web face's processes
//! (`cardarena_web::app`, `cardarena_web::worker`), `play` and `bench` run matches through the
//! bots and the engine, `replay` and `analyse` read stored matches through the contest, `backup`
//! copies the store. It owns flags, their defaults and the words a command prints; it must hold
//! no rule, no query and no route of its own, and nothing imports it.

mod analyse;
mod backup;
mod backup_postgres;
mod bench;
mod bench_backup;
mod bench_bot;
mod bench_frames;
mod bench_http;
mod bench_module;
mod bench_queue;
mod bench_strength;
mod faults;
mod healthcheck;
mod http_seats;
mod module;
mod module_seats;
mod options;
mod play;
mod playing;
mod replay;
mod seats;
mod serve;
mod worker;

use clap::{Parser, Subcommand};

pub use analyse::AnalyseArgs;
pub use backup::BackupArgs;
pub use bench::BenchArgs;
pub use healthcheck::HealthcheckArgs;
pub use play::PlayArgs;
pub use replay::ReplayArgs;
pub use serve::ServeArgs;
pub use worker::WorkerArgs;

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
    /// Play games locally between house bots, bots at URLs (yours, through the bot protocol) and
    /// bot modules (.wasm files), and print the log or a results table with every bot fault.
    Play(PlayArgs),
    /// Run the tournament server: API, pages, match scheduler and ladder.
    Serve(ServeArgs),
    /// Play queued matches for a server on the same PostgreSQL database, and nothing else.
    Worker(WorkerArgs),
    /// Re-run a stored match from its seed and actions and check its stored outcome.
    Replay(ReplayArgs),
    /// Print the expert's analysis of a stored match: per decision the move played, the move
    /// the expert would play and the loss, mistakes and blunders marked, then each seat's
    /// accuracy (computed and stored when the database has none).
    Analyse(AnalyseArgs),
    /// Copy the database, consistently, while `serve` runs on it, with its key file beside the
    /// copy; print what was copied (docs/operations.md, "Backups and restore").
    Backup(BackupArgs),
    /// Measure speed, printed as one JSON line: the engine's (random-vs-random games in
    /// process), the match runner's (--http), the queue's (--queue), a backup's (--backup), or
    /// a house bot's strength against another over duplicate deals (--strength).
    Bench(BenchArgs),
    /// Bot modules (WebAssembly components): make one of a core module (`wrap`), check one as
    /// the server checks an upload (`check`), print the bot world's WIT (`wit`).
    Module(module::ModuleArgs),
    /// Ask a server's or a worker's readiness probe (default http://127.0.0.1:8080/readyz);
    /// exit 0 when it answers 2xx: a container's healthcheck.
    Healthcheck(HealthcheckArgs),
    /// The instant bot `bench --http` starts in a process of its own (not for people).
    #[command(hide = true)]
    BenchBot(bench_bot::BenchBotArgs),
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
        Command::Worker(args) => worker::run(args),
        Command::Replay(args) => replay::run(args),
        Command::Analyse(args) => analyse::run(args),
        Command::Healthcheck(args) => healthcheck::run(args),
        Command::Module(args) => module::run(args),
        Command::Backup(args) => backup::run(args),
        Command::BenchBot(args) => bench_bot::run(args),
    }
}

/// The message for a game id that no game has.
fn unknown_game(id: &str) -> CliError {
    CliError(format!(
        "unknown game {id:?}; the games are: {}",
        cardarena_bots::game_ids().join(", ")
    ))
}

/// How a long-running command writes its log.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, clap::ValueEnum)]
enum LogFormat {
    /// Lines for people.
    #[default]
    Text,
    /// One JSON object a line, for log collectors: the event's fields flattened, and the spans
    /// it happened in (a request's id, method, route, client and bot; a match's id and game).
    Json,
}

/// Logs to standard error in `format`, at `info` unless `RUST_LOG` says otherwise.
fn init_tracing(format: LogFormat) {
    let builder = tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| "info,tower_http=warn,sqlx=warn".into()),
        )
        .with_writer(std::io::stderr);
    match format {
        LogFormat::Text => builder.init(),
        LogFormat::Json => builder
            .json()
            .flatten_event(true)
            .with_current_span(false)
            .with_span_list(true)
            .init(),
    }
}

/// Waits for Ctrl-C or, on Unix, SIGTERM (what `docker stop` and service managers send).
async fn stopped() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        if let Ok(mut term) = signal(SignalKind::terminate()) {
            tokio::select! {
                _ = tokio::signal::ctrl_c() => {}
                _ = term.recv() => {}
            }
            return;
        }
    }
    let _ = tokio::signal::ctrl_c().await;
}
