//! `cardarena play`: a local tournament of house bots, without a server.

use std::hash::{BuildHasher, RandomState};

use cardarena_bots::{Bot, GameVisitor, HouseGame, play_match, with_game};
use cardarena_engine::shuffle::derive_seed;
use indicatif::{ProgressBar, ProgressStyle};

use super::options::game_options;
use super::results::Results;
use super::seats::{SeatSpec, check_seats};
use super::{CliError, unknown_game};

/// Arguments of `cardarena play`.
#[derive(Debug, clap::Args)]
pub struct PlayArgs {
    /// The game to play.
    #[arg(long, default_value = "durak")]
    game: String,
    /// A seat as NAME=BOT, BOT a house bot id; repeat for each player, in seating order.
    #[arg(long = "seat", value_name = "NAME=BOT")]
    seats: Vec<SeatSpec>,
    /// Order the deck from seed 000's number instead of the uniform shuffle (durak).
    #[arg(long)]
    deck_number: Option<u64>,
    /// The seed of the deal and of the bots' random choices (default: random, printed on stderr).
    #[arg(long)]
    seed: Option<u64>,
    /// How many games to play; seats rotate each game and seeds derive from --seed.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    games: u64,
    /// Print each game's log in the game's own format instead of a results table.
    #[arg(long)]
    log: bool,
    /// The game's options as a JSON object.
    #[arg(long, value_name = "JSON")]
    options: Option<String>,
}

/// Plays the games the arguments ask for.
pub fn run(args: PlayArgs) -> Result<(), CliError> {
    let game = args.game.clone();
    with_game(&game, Play(args)).ok_or_else(|| unknown_game(&game))?
}

struct Play(PlayArgs);

impl GameVisitor for Play {
    type Output = Result<(), CliError>;

    fn visit<G: HouseGame>(self) -> Result<(), CliError> {
        play::<G>(self.0)
    }
}

fn play<G: HouseGame>(args: PlayArgs) -> Result<(), CliError> {
    let seats = check_seats(args.seats, G::ID, G::PLAYERS, G::HOUSE_BOTS)?;
    let options = game_options::<G>(args.options.as_deref(), args.deck_number)?;
    let seed = args
        .seed
        .unwrap_or_else(|| RandomState::new().hash_one(0u8));
    eprintln!("seed: {seed}");
    let runtime = tokio::runtime::Builder::new_current_thread()
        .build()
        .map_err(|e| CliError(format!("cannot start the runtime: {e}")))?;
    let progress = if args.games > 1 {
        ProgressBar::new(args.games)
    } else {
        ProgressBar::hidden()
    };
    progress.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games {per_sec} eta {eta}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let mut results = Results::new(&seats);
    let n = seats.len();
    for index in 0..args.games {
        let game_seed = if index == 0 {
            seed
        } else {
            derive_seed(seed, index)
        };
        // Seat k of this game is played by entry (k + index) mod n: everyone sits everywhere.
        let entries: Vec<usize> = (0..n).map(|k| (k + index as usize) % n).collect();
        let bot_seeds = derive_seed(game_seed, u64::MAX);
        let mut bots: Vec<Box<dyn Bot<G>>> = entries
            .iter()
            .enumerate()
            .map(|(k, &e)| {
                G::house_bot(&seats[e].bot, derive_seed(bot_seeds, k as u64))
                    .ok_or_else(|| CliError(format!("no house bot {:?}", seats[e].bot)))
            })
            .collect::<Result<_, _>>()?;
        let played = runtime
            .block_on(play_match::<G>(&options, game_seed, &mut bots))
            .map_err(|e| CliError(format!("game {} (seed {game_seed}): {e}", index + 1)))?;
        if args.log {
            let names: Vec<String> = entries.iter().map(|&e| seats[e].name.clone()).collect();
            let log = G::transcript(&played.initial, &played.actions, &names)
                .ok_or_else(|| CliError(format!("{} has no log format; drop --log", G::ID)))?;
            progress.suspend(|| print!("{log}"));
        }
        for (k, &e) in entries.iter().enumerate() {
            results.record(e, &played.outcome, k);
        }
        progress.inc(1);
    }
    progress.finish_and_clear();
    if !args.log {
        print!("{}", results.table());
    }
    Ok(())
}
