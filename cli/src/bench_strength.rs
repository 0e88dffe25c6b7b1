//! `cardarena bench --strength`: how strong a house bot is against another, in process. Each deal
//! (a match seed) is played once in every seating, the bot at each seat in turn and the other
//! seats all the opponent, so that the luck of the cards cancels out; the deals run on several
//! threads. Prints one JSON line: the bot's mean place value (1 first, 0 last, ties sharing), its
//! 95% half-width over the deals, and how fast the bot's own decisions were: in wall-clock time,
//! and on one thread (`--threads 1`) in the process's CPU time as well, which a machine's other
//! load does not inflate.

use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use cpu_time::ProcessTime;

use cardarena_bots::{Bot, GameVisitor, HouseGame, Turn, names_house_bot, with_game};
use cardarena_engine::shuffle::derive_seed;
use indicatif::{ProgressBar, ProgressStyle};

use super::{CliError, unknown_game};

/// What to measure.
#[derive(Debug)]
pub(super) struct StrengthBench {
    /// The game's id.
    pub(super) game: String,
    /// The house bot measured.
    pub(super) bot: String,
    /// The house bot at every other seat.
    pub(super) against: String,
    /// How many deals, each played in every seating.
    pub(super) deals: u64,
    /// Players a table (default: the game's usual count).
    pub(super) players: Option<usize>,
    /// The seed the deals' seeds derive from.
    pub(super) seed: u64,
    /// The game's options as a JSON object.
    pub(super) options: Option<String>,
    /// Threads playing deals (default: the cores available).
    pub(super) threads: Option<usize>,
    /// Whether to draw a progress bar on standard error.
    pub(super) progress: bool,
}

/// The figures printed, in this field order.
#[derive(Debug, serde::Serialize)]
pub(super) struct Report {
    game: &'static str,
    games: u64,
    bot: String,
    against: String,
    /// The bot's mean place value over every seating of every deal.
    mean: f64,
    /// The 95% half-width of `mean`, a deal's value being its seatings' mean.
    ci95: f64,
    /// The bot's decisions per second of its own thinking time.
    decisions_per_sec: f64,
    /// The 99th percentile of the bot's decision times, in ms.
    p99_decision_ms: f64,
    /// The 99th percentile of the CPU time the process spent on each of the bot's decisions, in
    /// ms; only with one thread (else `null`: the threads' CPU times would mix).
    p99_decision_cpu_ms: Option<f64>,
}

/// Plays the deals and prints the report.
pub(super) fn run(bench: StrengthBench) -> Result<(), CliError> {
    let game = bench.game.clone();
    let report = with_game(&game, bench).ok_or_else(|| unknown_game(&game))??;
    let line = serde_json::to_string(&report).map_err(|e| CliError(e.to_string()))?;
    println!("{line}");
    Ok(())
}

/// What the deals played so far gave: each deal's number and value, and the bot's decision
/// times.
#[derive(Debug, Default)]
struct Tally {
    values: Vec<(u64, f64)>,
    times: Times,
}

/// How long each of the bot's decisions took: in wall-clock time, and in the process's CPU
/// time.
#[derive(Debug, Default)]
struct Times {
    wall: Vec<Duration>,
    cpu: Vec<Duration>,
}

impl GameVisitor for StrengthBench {
    type Output = Result<Report, CliError>;

    fn visit<G: HouseGame>(self) -> Self::Output {
        for id in [&self.bot, &self.against] {
            if !names_house_bot(G::HOUSE_BOTS, id) {
                return Err(CliError(format!(
                    "{id:?} is not a house bot of {}; they are: {} (or expert:N for the expert \
                     with N ms a decision, N one of {})",
                    G::ID,
                    G::HOUSE_BOTS.join(", "),
                    cardarena_bots::expert::budgets_in_words()
                )));
            }
        }
        let players = self.players.unwrap_or(G::PLAYERS.default);
        let options = super::options::game_options::<G>(self.options.as_deref(), None)?;
        G::new(&options, players, self.seed).map_err(|e| CliError(e.to_string()))?;
        let threads = (self.threads)
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
            .clamp(1, self.deals.max(1) as usize);
        let progress = if self.progress {
            ProgressBar::new(self.deals)
        } else {
            ProgressBar::hidden()
        };
        progress.set_style(
            ProgressStyle::with_template("{bar:40} {pos}/{len} deals {per_sec} eta {eta}")
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        let table = Table::<G> {
            options,
            players,
            bot: &self.bot,
            against: &self.against,
        };
        // The expert thinks in the process's pool: as many threads as play deals.
        cardarena_bots::thinking::configure_shared(threads);
        let next = AtomicU64::new(0);
        let tally = Mutex::new(Tally::default());
        std::thread::scope(|scope| {
            let workers: Vec<_> = (0..threads)
                .map(|_| {
                    scope.spawn(|| {
                        let runtime = tokio::runtime::Builder::new_current_thread()
                            .enable_time()
                            .build()
                            .map_err(|e| CliError(format!("cannot start a runtime: {e}")))?;
                        loop {
                            let deal = next.fetch_add(1, Ordering::Relaxed);
                            if deal >= self.deals {
                                return Ok(());
                            }
                            let seed = derive_seed(self.seed, deal);
                            let (value, times) = table.deal(&runtime, seed)?;
                            let mut tally = tally.lock().unwrap_or_else(|e| e.into_inner());
                            tally.values.push((deal, value));
                            tally.times.wall.extend(times.wall);
                            tally.times.cpu.extend(times.cpu);
                            progress.inc(1);
                        }
                    })
                })
                .collect();
            workers
                .into_iter()
                .try_for_each(|worker| worker.join().unwrap_or_else(|_| Err(panicked())))
        })?;
        progress.finish_and_clear();
        let mut tally = tally.into_inner().unwrap_or_else(|e| e.into_inner());
        // In deal order, so that the sums do not depend on which thread finished first.
        tally.values.sort_unstable_by_key(|&(deal, _)| deal);
        let values: Vec<f64> = tally.values.iter().map(|&(_, value)| value).collect();
        let (mean, ci95) = mean_and_ci95(&values);
        let thinking: Duration = tally.times.wall.iter().sum();
        Ok(Report {
            game: G::ID,
            games: self.deals,
            bot: self.bot,
            against: self.against,
            mean,
            ci95,
            decisions_per_sec: tally.times.wall.len() as f64 / thinking.as_secs_f64().max(1e-9),
            p99_decision_ms: p99(tally.times.wall).as_secs_f64() * 1000.0,
            p99_decision_cpu_ms: (threads == 1)
                .then(|| p99(tally.times.cpu).as_secs_f64() * 1000.0),
        })
    }
}

/// The error of a thread that panicked.
fn panicked() -> CliError {
    CliError("a thread playing deals panicked".into())
}

/// The seats of one table: the bot and its opponents, and the game they play.
struct Table<'a, G: HouseGame> {
    options: G::Options,
    players: usize,
    bot: &'a str,
    against: &'a str,
}

impl<G: HouseGame> Table<'_, G> {
    /// Plays the deal of `seed` in every seating: the bot's mean place value over them, and the
    /// wall-clock and process CPU time each of its decisions took.
    fn deal(&self, runtime: &tokio::runtime::Runtime, seed: u64) -> Result<(f64, Times), CliError> {
        let mut total = 0.0;
        let mut times = Times::default();
        for seat in 0..self.players {
            total += self.seating(runtime, seed, seat, &mut times)?;
        }
        Ok((total / self.players as f64, times))
    }

    /// Plays the deal of `seed` with the bot at `seat`: its place value. Each seat's bot draws its
    /// random choices from the deal's seed and the seat alone, so a bot against itself plays the
    /// same match in every seating.
    fn seating(
        &self,
        runtime: &tokio::runtime::Runtime,
        seed: u64,
        seat: usize,
        times: &mut Times,
    ) -> Result<f64, CliError> {
        let failed = |what: String| {
            CliError(format!(
                "deal {seed:#x}, {} at seat {seat}: {what}",
                self.bot
            ))
        };
        let mut bots: Vec<Box<dyn Bot<G>>> = (0..self.players)
            .map(|s| {
                let id = if s == seat { self.bot } else { self.against };
                G::house_bot(id, derive_seed(seed, s as u64))
                    .ok_or_else(|| failed(format!("no house bot {id:?}")))
            })
            .collect::<Result<_, _>>()?;
        let mut game =
            G::new(&self.options, self.players, seed).map_err(|e| failed(e.to_string()))?;
        for (s, bot) in bots.iter_mut().enumerate() {
            runtime.block_on(bot.start(s, self.players));
        }
        let mut legal = Vec::new();
        let mut decision = 0;
        while let Some(actor) = game.to_act() {
            decision += 1;
            if decision > G::MAX_DECISIONS {
                return Err(failed(format!(
                    "no result after {} decisions",
                    G::MAX_DECISIONS
                )));
            }
            game.legal_actions_into(&mut legal);
            let view = game.view(actor);
            let turn = Turn {
                seat: actor,
                decision,
                view: &view,
                legal_actions: &legal,
            };
            let started = Instant::now();
            let cpu_started = ProcessTime::now();
            let reply = runtime.block_on(bots[actor].act(turn));
            if actor == seat {
                times.wall.push(started.elapsed());
                times.cpu.push(cpu_started.elapsed());
            }
            let reply = reply.map_err(|fault| failed(format!("seat {actor} faulted: {fault}")))?;
            if !legal.contains(&reply.action) {
                return Err(failed(format!("seat {actor} chose an illegal action")));
            }
            game.apply(&reply.action)
                .map_err(|e| failed(e.to_string()))?;
        }
        let outcome = game
            .outcome()
            .ok_or_else(|| failed("the game stopped without a result".into()))?;
        Ok(outcome.place_value(seat))
    }
}

/// The mean of `values` and the half-width of its 95% confidence interval (normal
/// approximation; 0 for fewer than two values).
fn mean_and_ci95(values: &[f64]) -> (f64, f64) {
    let n = values.len() as f64;
    if values.is_empty() {
        return (0.0, 0.0);
    }
    let mean = values.iter().sum::<f64>() / n;
    if values.len() < 2 {
        return (mean, 0.0);
    }
    let variance = values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, 1.96 * (variance / n).sqrt())
}

/// The 99th percentile of `times` (nearest rank; zero when there are none).
fn p99(mut times: Vec<Duration>) -> Duration {
    if times.is_empty() {
        return Duration::ZERO;
    }
    times.sort_unstable();
    let rank = (times.len() as f64 * 0.99).ceil() as usize;
    times[rank.clamp(1, times.len()) - 1]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_interval_shrinks_with_the_deals_and_is_zero_for_one() {
        assert_eq!(mean_and_ci95(&[0.25]), (0.25, 0.0));
        let (mean, few) = mean_and_ci95(&[0.0, 1.0, 0.0, 1.0]);
        assert_eq!(mean, 0.5);
        let many: Vec<f64> = (0..400).map(|i| f64::from(i % 2)).collect();
        let (_, narrow) = mean_and_ci95(&many);
        assert!(narrow < few / 5.0, "{narrow} {few}");
        // Four values 0, 1, 0, 1: variance 1/3, half-width 1.96 * sqrt(1/12).
        assert!((few - 1.96 * (1.0f64 / 12.0).sqrt()).abs() < 1e-12);
    }

    #[test]
    fn the_99th_percentile_is_the_nearest_rank() {
        let ms = |n: u64| Duration::from_millis(n);
        assert_eq!(p99(Vec::new()), Duration::ZERO);
        assert_eq!(p99(vec![ms(7)]), ms(7));
        let hundred: Vec<Duration> = (1..=100).rev().map(ms).collect();
        assert_eq!(p99(hundred), ms(99));
        let thousand: Vec<Duration> = (1..=1000).map(ms).collect();
        assert_eq!(p99(thousand), ms(990));
    }
}
