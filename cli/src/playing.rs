//! The flags of every command that plays matches for a server: `serve` and `worker`.

use std::path::PathBuf;

use cardarena_contest::modules::ModulesConfig;
use cardarena_sandbox::Limits;
use clap::Args;

/// How a process plays matches: give every process of a contest the same values.
#[derive(Debug, Args)]
pub struct PlayingArgs {
    /// Open to the internet: refuse bot URLs on loopback or private addresses (and, for serve,
    /// rate-limit registrations per client address).
    #[arg(long)]
    pub public: bool,
    /// The most matches this process plays at once.
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u16).range(1..))]
    pub max_matches: u16,
    /// The most matches a contestant's bot plays at once, counted across every process, so the
    /// most calls it gets at once (house bots are not limited).
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub bot_concurrency: u32,
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..=10_000),
          help = clock_help())]
    pub clock_percent: u32,
    /// Threads this process's house bots and analyses think on (the expert's searches), shared
    /// in turns by whoever they think for; by default the machine's cores less one, at least one.
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=1024))]
    pub thinking_threads: Option<u16>,
    /// Megabytes of memory one instance of a contestant's module may grow to (each seat of a
    /// module has its own instance).
    #[arg(long, default_value_t = 256, value_parser = clap::value_parser!(u32).range(1..=4096))]
    pub module_memory_mb: u32,
    /// Megabytes the running modules' instances may take together, each counted at its cap;
    /// past it, matches wait for room [default: a quarter of the machine's memory].
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=16_777_216))]
    pub module_memory_budget_mb: Option<u64>,
    /// Megabytes of the largest module accepted.
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub module_max_mb: u32,
    /// The folder compiled modules are kept in between starts, private to this user [default:
    /// $XDG_CACHE_HOME/cardarena/modules, or ~/.cache/cardarena/modules].
    #[arg(long)]
    pub module_cache_dir: Option<PathBuf>,
    /// Megabytes the compiled modules on disk may take (the least recently used go past it).
    #[arg(long, default_value_t = 1024, value_parser = clap::value_parser!(u64).range(1..=1_048_576))]
    pub module_cache_mb: u64,
}

impl PlayingArgs {
    /// How this process runs contestants' modules.
    pub fn modules(&self) -> ModulesConfig {
        let limits = Limits {
            module_bytes: (self.module_max_mb as usize) << 20,
            memory_bytes: (self.module_memory_mb as usize) << 20,
            ..Limits::default()
        };
        ModulesConfig {
            limits,
            memory_budget: (self.module_memory_budget_mb.map(|mb| mb << 20))
                .unwrap_or_else(ModulesConfig::default_budget),
            cache_dir: self.module_cache_dir.clone().or_else(default_cache_dir),
            cache_bytes: self.module_cache_mb << 20,
        }
    }

    /// The thinking pool's size (`--thinking-threads` or its default).
    pub fn thinking_threads(&self) -> usize {
        self.thinking_threads
            .map_or_else(cardarena_bots::thinking::default_threads, usize::from)
    }
}

/// The help of `--clock-percent`, with each game's default clock at the default deadline.
fn clock_help() -> String {
    let clocks: Vec<String> = cardarena_contest::games::games()
        .iter()
        .map(|game| {
            let ms = cardarena_contest::clock::default_clock_ms(game.id, 1000);
            format!("{} {} s", game.id, ms / 1000)
        })
        .collect();
    format!(
        "Every HTTP seat's match clock, the time its answers may take in one whole match, as a \
         percentage of the game's default (at a 1000 ms deadline: {}; the clock scales with the \
         deadline, and a tournament's time bank is added)",
        clocks.join(", ")
    )
}

/// The user's cache folder for compiled modules, if the environment names one.
pub(crate) fn default_cache_dir() -> Option<PathBuf> {
    let xdg = std::env::var_os("XDG_CACHE_HOME").filter(|v| !v.is_empty());
    let base = match xdg {
        Some(dir) => PathBuf::from(dir),
        None => PathBuf::from(std::env::var_os("HOME").filter(|v| !v.is_empty())?).join(".cache"),
    };
    Some(base.join("cardarena").join("modules"))
}
