//! `cardarena worker`: plays queued matches from a database a server shares.

use std::net::SocketAddr;
use std::path::PathBuf;

use clap::Args;

use super::CliError;
use super::playing::PlayingArgs;
use cardarena_web::worker::{WorkerConfig, start};

/// Arguments of `cardarena worker`.
#[derive(Debug, Args)]
pub struct WorkerArgs {
    /// The database the server uses: postgres://USER:PASSWORD@HOST/DATABASE.
    #[arg(long)]
    database_url: String,
    /// The server's key file (the same file on every machine of the contest); it must exist.
    #[arg(long)]
    key_file: PathBuf,
    #[command(flatten)]
    playing: PlayingArgs,
    /// Serve `/healthz` and `/readyz` on this address (and nothing else), for a container's or
    /// a service manager's healthcheck: `cardarena healthcheck http://ADDR/readyz`.
    #[arg(long)]
    health_addr: Option<SocketAddr>,
    /// Serve `/metrics` (Prometheus) on this address: this worker's bot calls, matches, claims
    /// and database pool.
    #[arg(long)]
    metrics_addr: Option<SocketAddr>,
    /// The log's format: `text` for people, `json` for log collectors.
    #[arg(long, value_enum, default_value_t)]
    log_format: super::LogFormat,
}

/// Runs a worker until it is stopped (Ctrl-C or SIGTERM), then hands its matches back to the
/// queue.
pub fn run(args: WorkerArgs) -> Result<(), CliError> {
    super::init_tracing(args.log_format);
    if !args.database_url.starts_with("postgres") {
        return Err(CliError(format!(
            "a worker shares the server's database, which must be PostgreSQL \
             (postgres://…), not {:?}; one process on SQLite is `cardarena serve`",
            args.database_url
        )));
    }
    let config = WorkerConfig {
        database_url: args.database_url,
        key_file: args.key_file,
        public: args.playing.public,
        max_concurrent: args.playing.max_matches.into(),
        bot_concurrency: args.playing.bot_concurrency,
        clock_percent: args.playing.clock_percent,
        thinking_threads: args.playing.thinking_threads(),
        modules: args.playing.modules(),
        health_addr: args.health_addr,
        metrics_addr: args.metrics_addr,
    };
    let runtime = tokio::runtime::Runtime::new().map_err(|e| CliError(e.to_string()))?;
    runtime.block_on(async {
        let worker = start(config).await.map_err(|e| CliError(e.to_string()))?;
        println!("cardarena worker {} is playing queued matches", worker.id);
        if let Some(addr) = worker.health_addr {
            println!("health: http://{addr}/healthz, readiness: http://{addr}/readyz");
        }
        if let Some(addr) = worker.metrics_addr {
            println!("metrics: http://{addr}/metrics");
        }
        super::stopped().await;
        let released = worker
            .release()
            .await
            .map_err(|e| CliError(format!("handing the matches back: {e}")))?;
        println!("stopping: {released} matches handed back to the queue");
        Ok(())
    })
}
