//! `cardarena serve`: the tournament server.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use clap::Args;
use ipnet::IpNet;

use super::CliError;
use super::playing::PlayingArgs;
use cardarena_contest::analysis::AnalysisConfig;
use cardarena_store::network::{V4_PREFIXES, V6_PREFIXES};
use cardarena_store::{Networks, TableLimits};
use cardarena_web::app::{ServeConfig, start};
use cardarena_web::limits::ClientLimits;
use cardarena_web::listener::ConnectionLimits;
use cardarena_web::proxy::TrustedProxies;

/// The demo's pace: a ladder match of each game every 5 s (about 72 matches a minute), which
/// with [`DEMO_KEEP_LOGS_HOURS`] keeps a demo left running overnight well under 100 MB (see
/// docs/running-a-contest.md for the arithmetic).
const DEMO_LADDER_MS: u64 = 5000;
/// How long the demo keeps ladder logs.
const DEMO_KEEP_LOGS_HOURS: u32 = 1;

/// Arguments of `cardarena serve`.
#[derive(Debug, Args)]
pub struct ServeArgs {
    /// The address to listen on (port 0 picks a free port).
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: SocketAddr,
    /// The database: sqlite://PATH (created on first start), sqlite::memory:, or
    /// postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE (a database that exists; its tables are
    /// made on first start).
    #[arg(long, default_value = "sqlite://cardarena.db")]
    database_url: String,
    /// The key file signing secrets derive from [default: a SQLite database's path + ".key";
    /// required with postgres://, the same file for every process of the contest].
    #[arg(long)]
    key_file: Option<PathBuf>,
    /// Keep rated matches between the house bots running so the leaderboard moves (a round
    /// every 5 s, slowing to one a minute when nobody has looked at a page for 5 minutes), and
    /// run a demo cup whose bots think before each answer, so it can be watched live.
    #[arg(long)]
    demo: bool,
    /// With --demo: milliseconds the demo cup's bots think before each answer (0: at once).
    #[arg(long, default_value_t = cardarena_contest::demo::DEMO_THINK.as_millis() as u64,
          value_parser = clap::value_parser!(u64).range(0..=2000))]
    demo_think_ms: u64,
    /// The per-decision deadline of HTTP bots, in milliseconds.
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u32).range(10..=60_000))]
    deadline_ms: u32,
    /// The most practice matches one bot may have queued; a request that would pass it is
    /// answered 429 rate_limited.
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    max_queued_practice: u32,
    /// Milliseconds between two ladder matches of a game [default: 500; 5000 with --demo].
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    ladder_interval_ms: Option<u64>,
    /// Drop the logs of ladder matches finished more than this many hours ago (their results,
    /// seats and ratings stay) [default: keep them; 1 with --demo].
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    keep_ladder_logs_hours: Option<u32>,
    /// Play no queued match here: `cardarena worker` processes on the same (PostgreSQL)
    /// database play them (docs/scaling.md). Tables people sit at are still played here.
    #[arg(long)]
    no_play: bool,
    #[command(flatten)]
    playing: PlayingArgs,
    /// Run no ladder: matches are played only when asked for (practice).
    #[arg(long, conflicts_with = "demo")]
    no_ladder: bool,
    /// Leave the expert out of the ladder (it plays one ladder match at a time, and costs up to
    /// a core while it thinks); it still plays where it is named (practice, tournaments).
    #[arg(long)]
    no_ladder_expert: bool,
    /// Seconds a person at a table has for each decision; past it a house bot plays the seat on.
    #[arg(long, default_value_t = 300, value_parser = clap::value_parser!(u64).range(1..=86_400))]
    person_deadline_secs: u64,
    /// The most tables with people open on the server at once; past it, 503 tables_full.
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    max_tables: u32,
    /// The most open tables one client address may have opened.
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=10_000))]
    max_tables_per_client: u32,
    /// The most open tables opened from one network (an IPv4 /24 or an IPv6 /64).
    #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(u32).range(1..=10_000))]
    max_tables_per_network: u32,
    /// The most tables one client address may open in an hour.
    #[arg(long, default_value_t = 30, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    tables_per_hour: u32,
    /// The most open tables a registered bot sits at (house bots are not limited).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..=10_000))]
    max_tables_per_bot: u32,
    /// The most tables a registered bot is seated at in an hour (house bots are not limited).
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    tables_per_bot_hour: u32,
    /// Rate tables with people: the bots at them move on the leaderboard, and so does each
    /// game's "person@<game>" row.
    #[arg(long)]
    rate_people: bool,
    /// Bots one network may register an hour [default: 200; 20 with --public].
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    registrations_per_hour: Option<u32>,
    /// The most unused bots (never answered a ping, in no match, removed ones included) the
    /// server holds; past it, registration is answered 503 registrations_full [default: 1000; 200
    /// with --public].
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=10_000_000))]
    max_unused_bots: Option<u32>,
    /// Versions one network's bots may start an hour [default: 1000; 100 with --public].
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    versions_per_hour: Option<u32>,
    /// Practice matches one network may queue an hour [default: 5000; 1000 with --public].
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=10_000_000))]
    practice_per_hour: Option<u32>,
    /// Modules one network may upload an hour, each checked (compiled and started) at once
    /// [default: 200; 30 with --public].
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    modules_per_hour: Option<u32>,
    /// Run contestants' modules only in `cardarena worker` processes: this process checks
    /// uploads (compiling them, running none) and plays no match a module sits in.
    #[arg(long)]
    modules_in_workers: bool,
    /// The prefix length of the IPv4 networks every per-client limit of what a client creates
    /// or queues counts (registrations, versions, practice, analyses, tables); 32 counts single
    /// addresses.
    #[arg(long, default_value_t = 24, value_parser = clap::value_parser!(u8).range(prefixes(V4_PREFIXES)))]
    network_v4_prefix: u8,
    /// The prefix length of the IPv6 networks those limits count; 128 counts single addresses.
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u8).range(prefixes(V6_PREFIXES)))]
    network_v6_prefix: u8,
    /// The most client connections served at once; keep it well under the process's file
    /// descriptor limit (`ulimit -n`). At the cap, a new connection replaces the oldest one that
    /// has no request in progress.
    #[arg(long, default_value_t = 256, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    max_connections: u32,
    /// The most connections one client address holds [default: a quarter of --max-connections].
    /// Past it, a new connection replaces that address's own oldest one with no request in
    /// progress, or is answered 429 when all are busy. A trusted proxy's connections are not
    /// counted; each client behind it may have this many requests in progress instead.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    max_connections_per_address: Option<u32>,
    /// The reverse proxies in front of the server, as CIDR ranges or addresses (several, or
    /// comma-separated). Only on connections from these is the client's address read from
    /// X-Forwarded-For (the right-most address not itself a trusted proxy), for every
    /// per-client limit and for the logs; anyone else's X-Forwarded-For is ignored.
    #[arg(long, value_name = "CIDR", num_args = 1.., value_delimiter = ',',
          value_parser = cardarena_web::proxy::parse_range)]
    trust_proxy: Vec<IpNet>,
    /// Milliseconds a connection may take to send a request's head, from its opening or its
    /// last answer; half-sent heads and idle kept-alive connections are closed after it.
    #[arg(long, default_value_t = 10_000, value_parser = clap::value_parser!(u64).range(100..=600_000))]
    head_timeout_ms: u64,
    /// Serve `/metrics` (Prometheus) on this address alone, rather than on --addr: a port the
    /// internet does not reach.
    #[arg(long)]
    metrics_addr: Option<SocketAddr>,
    /// The log's format: `text` for people, `json` for log collectors.
    #[arg(long, value_enum, default_value_t)]
    log_format: super::LogFormat,
    /// Megabytes of finished matches' frames kept gzip-compressed, least recently used out first
    /// (the longest matches measured take about 0.2 MB each).
    #[arg(long, default_value_t = 32, value_parser = clap::value_parser!(u32).range(0..=65_536))]
    frames_cache_mb: u32,
    /// Milliseconds of the expert's search per decision when analysing a match, one of 5, 10,
    /// 20, 50, 100, 200, 500, 1000, 2000 (a long bridge match takes about a minute at 50).
    #[arg(long, default_value_t = cardarena_bots::expert::DEFAULT_BUDGET_MS,
          value_parser = analysis_budget)]
    analysis_budget_ms: u32,
    /// Analyses this process has in progress at once, their decisions taking turns on the
    /// thinking pool (default: the whole queue).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    analysis_workers: Option<u32>,
    /// The most analyses queued or running (all processes together); past it a request is
    /// answered 503 busy, unless one nobody asked after for a minute can be dropped (default:
    /// 32 for each thread of the thinking pool).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    analysis_queue: Option<u32>,
    /// Analyses one network or bot's owner may queue per hour (answers of analyses already
    /// made are not counted; the organiser is not limited).
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    analyses_per_hour: u32,
    /// Analyses one network or bot's owner may have queued or running at once.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..=10_000))]
    analyses_at_once: u32,
    /// Milliseconds a request's body may take to arrive (408 after).
    #[arg(long, default_value_t = 10_000, value_parser = clap::value_parser!(u64).range(100..=600_000))]
    body_timeout_ms: u64,
}

/// A network's prefix lengths as clap's range of a flag's values.
fn prefixes(range: std::ops::RangeInclusive<u8>) -> std::ops::RangeInclusive<i64> {
    i64::from(*range.start())..=i64::from(*range.end())
}

/// An analysis budget from the command line: one of the expert's budgets.
pub(super) fn analysis_budget(text: &str) -> Result<u32, String> {
    let budgets = cardarena_bots::expert::BUDGETS_MS;
    text.parse()
        .ok()
        .filter(|ms| budgets.contains(ms))
        .ok_or_else(|| {
            format!(
                "not one of the expert's budgets: {}",
                cardarena_bots::expert::budgets_in_words()
            )
        })
}

/// Runs the server until it is stopped (Ctrl-C or a signal).
pub fn run(args: ServeArgs) -> Result<(), CliError> {
    super::init_tracing(args.log_format);
    let networks =
        Networks::new(args.network_v4_prefix, args.network_v6_prefix).map_err(CliError)?;
    let defaults = match args.playing.public {
        true => ClientLimits::public(),
        false => ClientLimits::club(),
    };
    let config = ServeConfig {
        key_file: args.key_file,
        demo: args.demo,
        public: args.playing.public,
        plays: !args.no_play,
        deadline_ms: args.deadline_ms,
        max_concurrent: args.playing.max_matches.into(),
        bot_concurrency: args.playing.bot_concurrency,
        max_queued_practice: args.max_queued_practice,
        clock_percent: args.playing.clock_percent,
        thinking_threads: args.playing.thinking_threads(),
        modules: args.playing.modules(),
        modules_in_workers: args.modules_in_workers,
        ladder_interval: (!args.no_ladder).then(|| {
            let default = if args.demo { DEMO_LADDER_MS } else { 500 };
            Duration::from_millis(args.ladder_interval_ms.unwrap_or(default))
        }),
        ladder_expert: !args.no_ladder_expert,
        keep_ladder_logs: args
            .keep_ladder_logs_hours
            .or(args.demo.then_some(DEMO_KEEP_LOGS_HOURS))
            .map(|hours| Duration::from_secs(u64::from(hours) * 3600)),
        limits: ClientLimits {
            registrations_per_hour: args
                .registrations_per_hour
                .unwrap_or(defaults.registrations_per_hour),
            max_unused_bots: args.max_unused_bots.unwrap_or(defaults.max_unused_bots),
            versions_per_hour: args.versions_per_hour.unwrap_or(defaults.versions_per_hour),
            practice_per_hour: args.practice_per_hour.unwrap_or(defaults.practice_per_hour),
            modules_per_hour: args.modules_per_hour.unwrap_or(defaults.modules_per_hour),
        },
        networks,
        admin_token: std::env::var("CARDARENA_ADMIN_TOKEN")
            .ok()
            .filter(|t| !t.trim().is_empty()),
        connections: ConnectionLimits {
            max_connections: args.max_connections as usize,
            max_per_address: args
                .max_connections_per_address
                .unwrap_or((args.max_connections / 4).max(1)) as usize,
            head_timeout: Duration::from_millis(args.head_timeout_ms),
        },
        trust_proxy: TrustedProxies::new(args.trust_proxy),
        body_timeout: Duration::from_millis(args.body_timeout_ms),
        demo_think: Duration::from_millis(args.demo_think_ms),
        person_deadline: Duration::from_secs(args.person_deadline_secs),
        table_limits: TableLimits {
            server: args.max_tables,
            per_client: args.max_tables_per_client,
            per_network: args.max_tables_per_network,
            per_client_hour: args.tables_per_hour,
            per_bot: args.max_tables_per_bot,
            per_bot_hour: args.tables_per_bot_hour,
            networks,
        },
        rate_people: args.rate_people,
        metrics_addr: args.metrics_addr,
        frames_cache_bytes: args.frames_cache_mb as usize * 1024 * 1024,
        analysis: {
            let derived = AnalysisConfig::for_threads(args.playing.thinking_threads());
            let max_pending = args.analysis_queue.unwrap_or(derived.max_pending);
            AnalysisConfig {
                budget_ms: args.analysis_budget_ms,
                workers: args.analysis_workers.unwrap_or(max_pending) as usize,
                max_pending,
                per_hour: args.analyses_per_hour,
                per_requester: args.analyses_at_once,
            }
        },
        ..ServeConfig::new(args.addr, args.database_url)
    };
    let runtime = tokio::runtime::Runtime::new().map_err(|e| CliError(e.to_string()))?;
    runtime.block_on(async {
        let running = start(config).await.map_err(|e| CliError(e.to_string()))?;
        println!("cardarena is serving on http://{}", running.addr);
        if let Some(addr) = running.metrics_addr {
            println!("metrics: http://{addr}/metrics");
        }
        if let Some(token) = &running.admin_token {
            println!("admin token (set CARDARENA_ADMIN_TOKEN to choose one): {token}");
        }
        // The leaderboard's line comes last: scripts and tests read up to it, then may close the
        // pipe, and printing to a closed stdout would panic.
        println!("play a match yourself: http://{}/play", running.addr);
        println!("leaderboard: http://{}/", running.addr);
        tokio::select! {
            result = running.task => match result {
                Ok(Ok(())) => Ok(()),
                Ok(Err(e)) => Err(CliError(format!("server: {e}"))),
                Err(e) => Err(CliError(format!("server: {e}"))),
            },
            _ = super::stopped() => {
                println!("stopping");
                Ok(())
            }
        }
    })
}
