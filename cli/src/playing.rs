//! The flags of every command that plays matches for a server: `serve` and `worker`.

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
}

impl PlayingArgs {
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
