//! `cardarena bench`: random-vs-random games in process, timed, printed as one JSON line; with
//! `--http` the match runner against a loopback bot, with `--queue` the queue and the database,
//! with `--backup` a backup of a database of many matches, with `--strength` a house bot's
//! strength against another over duplicate deals, with `--module` a bot module's costs.

use std::time::Instant;

use cardarena_bots::{GameVisitor, HouseGame, with_game};
use cardarena_engine::playout::random_games;
use cardarena_engine::shuffle::rng;

use super::{CliError, unknown_game};

/// Arguments of `cardarena bench`.
#[derive(Debug, clap::Args)]
#[command(group = clap::ArgGroup::new("store_bench").args(["queue", "backup"]))]
pub struct BenchArgs {
    /// The game to measure.
    #[arg(long, default_value = "durak")]
    game: String,
    /// How many games to play (default 100000); with --strength, how many deals, each played in
    /// every seating (default 200).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    games: Option<u64>,
    /// Players per game (default: the game's usual count).
    #[arg(long)]
    players: Option<usize>,
    /// The seed the games' seeds derive from.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The game's options as a JSON object, e.g. '{"single_deal": true}' for bridge.
    #[arg(long)]
    options: Option<String>,
    /// Measure the server's match runner against an instant HTTP bot on loopback, beside a plain
    /// loop of the same HTTP calls, instead of the engine alone.
    #[arg(long)]
    http: bool,
    /// Measure many viewers of one long finished match: a server in this process plays the
    /// --game's house bots at its largest table, then --concurrency clients read the longest
    /// match's frames (then revalidate them) for --seconds while a probe times GET /api/games;
    /// with the frames cache and without it.
    #[arg(long, conflicts_with_all = ["http", "queue", "backup", "strength"])]
    frames: bool,
    /// With --http: how many matches (and plain callers) run at once; with --frames, how many
    /// clients read.
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u64).range(1..=20_000))]
    concurrency: u64,
    /// With --http or --frames: how long each concurrent phase runs, in seconds.
    #[arg(long, default_value_t = 3.0)]
    seconds: f64,
    /// Measure matches per second through the queue: rated matches between loopback bots that
    /// think --think-ms per decision, queued in the store at --database-url and played in this
    /// process (the scheduler `serve` uses) or by --workers `cardarena worker` processes.
    #[arg(long, conflicts_with = "http", requires = "database_url")]
    queue: bool,
    /// With --queue: the store, holding no match yet: sqlite://PATH or postgres://…
    #[arg(long, requires = "queue")]
    database_url: Option<String>,
    /// With --queue: how many `cardarena worker` processes play the matches (PostgreSQL only);
    /// 0 plays them in this process.
    #[arg(long, default_value_t = 0, requires = "queue",
          value_parser = clap::value_parser!(u32).range(0..=64))]
    workers: u32,
    /// Measure `cardarena backup`: fill a temporary SQLite database with --matches rated
    /// matches played by the house bots, back it up, and print its size and the backup's time.
    #[arg(long, conflicts_with_all = ["http", "queue"])]
    backup: bool,
    /// With --queue: how many matches to queue; with --backup: how many the database holds.
    #[arg(long, default_value_t = 400, requires = "store_bench",
          value_parser = clap::value_parser!(u32).range(1..=100_000))]
    matches: u32,
    /// With --queue: milliseconds the bots think before each decision.
    #[arg(long, default_value_t = 2, requires = "queue",
          value_parser = clap::value_parser!(u64).range(0..=1000))]
    think_ms: u64,
    /// Measure a house bot's strength: --bot against --against over duplicate deals (each deal
    /// in every seating), in process; prints its mean place value with a 95% interval and its
    /// decision times.
    #[arg(long, conflicts_with_all = ["http", "queue", "backup"], requires = "bot")]
    strength: bool,
    /// With --strength: the house bot measured, e.g. expert or expert:200.
    #[arg(long, requires = "strength")]
    bot: Option<String>,
    /// With --strength: the house bot at every other seat.
    #[arg(long, default_value = "greedy", requires = "strength")]
    against: String,
    /// With --strength: threads playing deals (default: the cores available).
    #[arg(long, requires = "strength", value_parser = clap::value_parser!(u64).range(1..=1024))]
    threads: Option<u64>,
    /// With --strength: draw a progress bar on standard error.
    #[arg(long, requires = "strength")]
    progress: bool,
    /// With --queue: the most matches each process plays at once (a worker's --max-matches).
    #[arg(long, default_value_t = 16, requires = "queue",
          value_parser = clap::value_parser!(u16).range(1..))]
    max_matches: u16,
    /// Measure a bot module (a .wasm file): its check, a seat's instance start, the memory of a
    /// running instance, and --games games (default 20) of its decisions against random bots.
    #[arg(long, conflicts_with_all = ["http", "queue", "backup", "strength", "frames"])]
    module: Option<std::path::PathBuf>,
    /// With --module: the same bot served at this URL (e.g. the kit's HTTP mode), played the
    /// same games over loopback HTTP.
    #[arg(long, requires = "module")]
    module_http: Option<url::Url>,
}

/// Plays the games and prints the figures.
pub fn run(args: BenchArgs) -> Result<(), CliError> {
    if args.strength {
        return super::bench_strength::run(super::bench_strength::StrengthBench {
            deals: args.games.unwrap_or(200),
            game: args.game,
            bot: args.bot.unwrap_or_default(),
            against: args.against,
            players: args.players,
            seed: args.seed,
            options: args.options,
            threads: args.threads.map(|t| t as usize),
            progress: args.progress,
        });
    }
    if args.backup {
        return super::bench_backup::run(args.matches, &args.game);
    }
    if let Some(path) = args.module {
        return super::bench_module::run(super::bench_module::ModuleBench {
            path,
            http: args.module_http,
            game: args.game,
            games: args.games.unwrap_or(20),
            seed: args.seed,
        });
    }
    if args.queue {
        return super::bench_queue::run(super::bench_queue::QueueBench {
            database_url: args.database_url.unwrap_or_default(),
            workers: args.workers,
            matches: args.matches,
            think_ms: args.think_ms,
            game: args.game,
            slots: args.max_matches,
        });
    }
    if (args.http || args.frames) && !(args.seconds > 0.0 && args.seconds <= 3600.0) {
        return Err(CliError(
            "--seconds must be above 0 and at most 3600".into(),
        ));
    }
    if args.frames {
        return super::bench_frames::run(super::bench_frames::FramesBench {
            game: args.game,
            clients: args.concurrency as usize,
            seconds: args.seconds,
        });
    }
    if args.http {
        return super::bench_http::run(
            &args.game,
            args.players,
            args.concurrency as usize,
            args.seconds,
        );
    }
    let game = args.game.clone();
    let report = with_game(&game, Bench(args)).ok_or_else(|| unknown_game(&game))??;
    let line = serde_json::to_string(&report).map_err(|e| CliError(e.to_string()))?;
    println!("{line}");
    Ok(())
}

struct Bench(BenchArgs);

/// The figures `bench` prints, in this field order.
#[derive(serde::Serialize)]
struct Report {
    game: &'static str,
    players: usize,
    games: u64,
    decisions: u64,
    seconds: f64,
    games_per_sec: f64,
    decisions_per_sec: f64,
}

impl GameVisitor for Bench {
    type Output = Result<Report, CliError>;

    fn visit<G: HouseGame>(self) -> Self::Output {
        let args = self.0;
        let players = args.players.unwrap_or(G::PLAYERS.default);
        let games = args.games.unwrap_or(100_000);
        let options = super::options::game_options::<G>(args.options.as_deref(), None)?;
        let mut chooser = rng(args.seed);
        let mut legal = Vec::new();
        // Only the play is timed: the loop the criterion bench measures, every game a new deal.
        let start = Instant::now();
        let decisions = random_games::<G>(
            &options,
            players,
            args.seed,
            0..games,
            &mut chooser,
            &mut legal,
        )
        .map_err(|e| CliError(e.to_string()))?;
        let seconds = start.elapsed().as_secs_f64();
        Ok(Report {
            game: G::ID,
            players,
            games,
            decisions,
            seconds,
            games_per_sec: games as f64 / seconds,
            decisions_per_sec: decisions as f64 / seconds,
        })
    }
}
