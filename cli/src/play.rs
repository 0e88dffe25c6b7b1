//! `cardarena play`: a local tournament of house bots and of bots at URLs, without a server.

use std::hash::{BuildHasher, RandomState};
use std::path::PathBuf;

use cardarena_bots::results::Results;
use cardarena_bots::{Bot, GameVisitor, HouseGame, Played, play_match, with_game};
use cardarena_sandbox::{local_bot_seed, local_game_seed, local_match_id};
use futures_util::StreamExt;
use indicatif::{ProgressBar, ProgressStyle};

use super::faults::{Fault, Faults};
use super::http_seats::{FaultSlot, HttpSeatArgs, HttpSeats};
use super::module_seats::ModuleSeats;
use super::options::game_options;
use super::seats::{SeatBot, SeatSpec, check_seats};
use super::{CliError, unknown_game};

/// Arguments of `cardarena play`.
#[derive(Debug, clap::Args)]
pub struct PlayArgs {
    /// The game to play.
    #[arg(long, default_value = "durak")]
    game: String,
    /// A seat as NAME=BOT, BOT a house bot id, a bot's URL (http://HOST:PORT/, called through the
    /// bot protocol as the server calls it) or a bot module's file (bot.wasm, played in the
    /// sandbox as the server plays an uploaded one); repeat for each player, in seating order.
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
    /// Where the requests HTTP seats faulted on are written, one JSON file each [default:
    /// cardarena-play-SEED in the system's temporary directory].
    #[arg(long, value_name = "DIR")]
    faults_dir: Option<PathBuf>,
    #[command(flatten)]
    http: HttpSeatArgs,
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
    // The seats whose bot can fault: at a URL or a module.
    let http: Vec<bool> = (seats.iter())
        .map(|s| matches!(s.bot, SeatBot::Http(_) | SeatBot::Module(_)))
        .collect();
    let callers = HttpSeats::new(&args.http, &seats);
    let modules = ModuleSeats::load(&seats, args.http.deadline_ms, args.http.time_bank_ms)?;
    // House bots think in process, on this one thread: playing them one game at a time is as
    // fast. HTTP seats wait on their bot, and modules think in the thinking pool, so several
    // games are played at once.
    let concurrency = match http.contains(&true) {
        true => usize::from(args.http.concurrency),
        false => 1,
    };
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
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
    let mut results = Results::new(
        seats.iter().map(|s| (s.name.clone(), s.bot.to_string())),
        http.contains(&true),
    );
    let dir = (args.faults_dir.clone())
        .unwrap_or_else(|| std::env::temp_dir().join(format!("cardarena-play-{seed}")));
    let mut faults = Faults::new(dir);
    runtime.block_on(async {
        callers.check(&seats).await?;
        let setup = Setup {
            seats: &seats,
            options: &options,
            callers: &callers,
            modules: &modules,
            seed,
        };
        // `buffered` keeps the games' order: logs print in order, and the faults listed are the
        // first ones.
        let mut games = futures_util::stream::iter(0..args.games)
            .map(|index| setup.game(index))
            .buffered(concurrency);
        while let Some(game) = games.next().await {
            let game = game?;
            if args.log {
                let names: Vec<String> = (game.entries.iter())
                    .map(|&e| seats[e].name.clone())
                    .collect();
                let log = G::transcript(&game.played.initial, &game.played.actions, &names)
                    .ok_or_else(|| CliError(format!("{} has no log format; drop --log", G::ID)))?;
                progress.suspend(|| print!("{log}"));
            }
            game.count(&mut results, &mut faults, &seats)?;
            progress.inc(1);
        }
        Ok::<(), CliError>(())
    })?;
    progress.finish_and_clear();
    if !args.log {
        print!("{}", results.table());
    }
    print!("{}", faults.report(&seats, &http, args.games));
    Ok(())
}

/// What every game of a run shares.
struct Setup<'a, G: HouseGame> {
    seats: &'a [SeatSpec],
    options: &'a G::Options,
    callers: &'a HttpSeats,
    modules: &'a ModuleSeats,
    seed: u64,
}

/// One game played: its number and seed, who sat where, the match, and each HTTP seat's slot
/// holding the request it faulted on.
struct Game<G: HouseGame> {
    index: u64,
    seed: u64,
    /// Seat k was played by entry `entries[k]`.
    entries: Vec<usize>,
    played: Played<G>,
    slots: Vec<Option<FaultSlot>>,
}

impl<G: HouseGame> Setup<'_, G> {
    /// Plays game `index` (from 0): its seed derives from the run's, and seat k is played by
    /// entry (k + index) mod n, so that everyone sits everywhere.
    async fn game(&self, index: u64) -> Result<Game<G>, CliError> {
        let seats = self.seats;
        let n = seats.len();
        let game_seed = local_game_seed(self.seed, index);
        let entries: Vec<usize> = (0..n).map(|k| (k + index as usize) % n).collect();
        let match_id = local_match_id(index, game_seed);
        let mut bots: Vec<Box<dyn Bot<G>>> = Vec::with_capacity(n);
        let mut slots = Vec::with_capacity(n);
        for (k, &e) in entries.iter().enumerate() {
            let (bot, slot) = match &seats[e].bot {
                SeatBot::House(id) => {
                    let bot = G::house_bot(id, local_bot_seed(game_seed, k))
                        .ok_or_else(|| CliError(format!("no house bot {id:?}")))?;
                    (bot, None)
                }
                SeatBot::Http(url) => {
                    let (bot, slot) = self.callers.bot::<G>(url, &match_id, self.options);
                    (bot, Some(slot))
                }
                SeatBot::Module(path) => {
                    let name = &seats[e].name;
                    let at = (index, game_seed, k);
                    let bot = (self.modules).bot::<G>(path, name, at, self.options)?;
                    (bot, None)
                }
            };
            bots.push(bot);
            slots.push(slot);
        }
        let played = play_match::<G>(self.options, game_seed, &mut bots)
            .await
            .map_err(|e| CliError(format!("game {} (seed {game_seed}): {e}", index + 1)))?;
        Ok(Game {
            index,
            seed: game_seed,
            entries,
            played,
            slots,
        })
    }
}

impl<G: HouseGame> Game<G> {
    /// Counts the game in the results, and its faults and random plays in the fault list.
    fn count(
        self,
        results: &mut Results,
        faults: &mut Faults,
        seats: &[SeatSpec],
    ) -> Result<(), CliError> {
        let Game {
            index,
            seed,
            entries,
            played,
            slots,
        } = self;
        for (k, &e) in entries.iter().enumerate() {
            results.record(e, &played.outcome, k, played.faults[k].is_some());
            faults.add_fallbacks(e, played.fallbacks[k]);
        }
        let faulted = played.faults.into_iter().zip(played.fault_steps).zip(slots);
        for (k, ((fault, decision), slot)) in faulted.enumerate() {
            let Some(fault) = fault else { continue };
            // The request the seat kept is the one of its fault (a seat is not asked again).
            let request = slot
                .and_then(|slot| slot.lock().ok()?.take())
                .filter(|sent| Some(sent.decision) == decision);
            let fault = Fault {
                game: index + 1,
                seed,
                entry: entries[k],
                seat: k,
                decision,
                fault,
                request,
            };
            faults.add(fault, seats)?;
        }
        Ok(())
    }
}
