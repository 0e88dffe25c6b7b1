//! The match runner: plays a claimed match with its seats' bots (house bots in process,
//! contestants' bots over HTTP or their own connections) on whatever game it names, and turns
//! the result into what the store keeps.

use std::future::Future;
use std::pin::Pin;
use std::time::Duration;

use cardarena_bots::dial::Switchboard;
use cardarena_bots::http::HttpClient;
use cardarena_bots::thinking::{self, Tenant};
use cardarena_bots::{
    Bot, DialBotConfig, GameVisitor, HouseGame, HttpBotConfig, RemoteBot, play_match_observed,
    with_game,
};
use cardarena_engine::shuffle::derive_seed;
use cardarena_sandbox::{ModuleBot, ModuleSeat};
use serde_json::Value;

use crate::live::{Live, Relays};
use crate::metered::{Metered, Transport};
use crate::modules::Modules;
use crate::secrets::ServerKey;
use crate::tables::Tables;
use cardarena_store::{
    BotKind, ClaimedMatch, FaultRecord, FinishedSeat, MatchKind, MatchResult, PlayRecord,
    SavedAction,
};

/// Why a match could not be played or replayed. Never a bot's doing: bots fault, they do not fail
/// matches.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    /// No game has this id.
    #[error("unknown game {0:?}")]
    UnknownGame(String),
    /// The stored options do not fit the game.
    #[error("bad options: {0}")]
    Options(String),
    /// A seat's bot cannot be built.
    #[error("seat {seat}: {detail}")]
    Seat {
        /// The seat.
        seat: usize,
        /// What is wrong.
        detail: String,
    },
    /// The match runner stopped.
    #[error(transparent)]
    Match(#[from] cardarena_bots::MatchError),
}

/// Plays matches: holds the HTTP client shared by every match and the key that signs requests.
#[derive(Clone)]
pub struct Runner {
    client: HttpClient,
    key: ServerKey,
    clock_percent: u32,
    live: Option<Live>,
    relays: Option<Relays>,
    tables: Option<Tables>,
    switchboard: Option<Switchboard>,
    modules: Option<Modules>,
}

type BoxFuture<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

impl Runner {
    /// A runner calling HTTP bots through `client`, signing with secrets derived from `key`.
    pub fn new(client: HttpClient, key: ServerKey) -> Runner {
        Runner {
            client,
            key,
            clock_percent: 100,
            live: None,
            relays: None,
            tables: None,
            switchboard: None,
            modules: None,
        }
    }

    /// The same runner calling dial-out bots over their connections on `switchboard` (only the
    /// `serve` process they dial holds them).
    pub fn with_switchboard(self, switchboard: Switchboard) -> Runner {
        Runner {
            switchboard: Some(switchboard),
            ..self
        }
    }

    /// The same runner playing contestants' modules with `modules` (without, a match that
    /// seats one fails its seat: a process kept from running them claims none).
    pub fn with_modules(self, modules: Option<Modules>) -> Runner {
        Runner { modules, ..self }
    }

    /// The same runner keeping the records of every match it plays in `relays`, for servers in
    /// other processes to follow ([`crate::live::Relays`]).
    pub fn with_relays(self, relays: Option<Relays>) -> Runner {
        Runner { relays, ..self }
    }

    /// The same runner seating people at the tables of `tables` ([`crate::tables`]).
    pub fn with_tables(self, tables: Tables) -> Runner {
        Runner {
            tables: Some(tables),
            ..self
        }
    }

    /// The same runner telling `live` of each step of every match it plays, as it is played.
    pub fn with_live(self, live: Live) -> Runner {
        Runner {
            live: Some(live),
            ..self
        }
    }

    /// The same runner giving HTTP seats `percent` % of their game's default match clock.
    pub fn with_clock_percent(self, percent: u32) -> Runner {
        Runner {
            clock_percent: percent,
            ..self
        }
    }

    /// Ends match `id`'s live feed and its table (once its result is stored), if the runner
    /// has them.
    pub fn ended(&self, id: &str) {
        if let Some(live) = &self.live {
            live.end(id);
        }
        if let Some(relays) = &self.relays {
            relays.end(id);
        }
        if let Some(tables) = &self.tables {
            tables.close(id);
        }
    }

    /// Plays `claimed` to its end.
    pub async fn run(&self, claimed: &ClaimedMatch) -> Result<MatchResult, RunError> {
        Ok(self.run_recorded(claimed).await?.0)
    }

    /// Plays `claimed` to its end, with the record of how each step was played. With a live
    /// registry ([`Runner::with_live`]) the match is in it from its deal on; the caller ends it
    /// ([`Live::end`]) once the result is stored.
    pub async fn run_recorded(
        &self,
        claimed: &ClaimedMatch,
    ) -> Result<(MatchResult, PlayRecord), RunError> {
        let game = claimed.game.clone();
        let play = with_game(
            &game,
            Play {
                runner: self,
                claimed,
            },
        )
        .ok_or(RunError::UnknownGame(game))?;
        thinking::charged_to(self.tenant_of(claimed), play).await
    }

    /// Whom the house bots' searches in `claimed` are charged to ([`cardarena_bots::thinking`]):
    /// the contest for its ladder and tournaments, the contestant's bot for its practice, and a
    /// table's opener (its bot's owner, or its network) for a table.
    fn tenant_of(&self, claimed: &ClaimedMatch) -> Tenant {
        match MatchKind::parse(&claimed.kind) {
            Some(MatchKind::Practice) => claimed
                .seats
                .iter()
                .find(|s| s.kind.is_contestant())
                .map_or_else(Tenant::contest, |s| Tenant::owner(&s.bot_id)),
            Some(MatchKind::Human) => self
                .tables
                .as_ref()
                .and_then(|tables| tables.get(&claimed.id))
                .map_or_else(|| Tenant::network("unknown"), |t| t.facts().payer),
            Some(MatchKind::Ladder | MatchKind::Tournament) | None => Tenant::contest(),
        }
    }
}

struct Play<'a> {
    runner: &'a Runner,
    claimed: &'a ClaimedMatch,
}

impl<'a> GameVisitor for Play<'a> {
    type Output = BoxFuture<'a, Result<(MatchResult, PlayRecord), RunError>>;

    fn visit<G: HouseGame>(self) -> Self::Output {
        Box::pin(play::<G>(self.runner, self.claimed))
    }
}

async fn play<G: HouseGame>(
    runner: &Runner,
    claimed: &ClaimedMatch,
) -> Result<(MatchResult, PlayRecord), RunError> {
    let options: G::Options = serde_json::from_value(claimed.options.clone())
        .map_err(|e| RunError::Options(e.to_string()))?;
    let mut bots = Vec::with_capacity(claimed.seats.len());
    let clock = crate::clock::match_clock(
        G::ID,
        claimed.deadline_ms,
        claimed.time_bank_ms,
        runner.clock_percent,
    );
    // Whole, defaults filled in: the store keeps only what differs from them.
    let sent_options = serde_json::to_value(&options).unwrap_or(Value::Null);
    let module_seats = (claimed.seats.iter())
        .filter(|s| matches!(s.kind, BotKind::Module { .. }))
        .count();
    // Room in the memory budget for every module's instance, held until the match ends.
    let _room = match &runner.modules {
        Some(modules) => Some(modules.reserve(module_seats).await),
        None => None,
    };
    for (seat, player) in claimed.seats.iter().enumerate() {
        let transport = match &player.kind {
            BotKind::House { .. } => Transport::House,
            BotKind::Person => Transport::Person,
            BotKind::Http { .. } => Transport::Http,
            BotKind::Dial => Transport::Dial,
            BotKind::Module { .. } => Transport::Module,
        };
        let bot: Box<dyn Bot<G>> = match &player.kind {
            BotKind::House { house_id } => {
                G::house_bot(house_id, derive_seed(claimed.seed, seat as u64 + 1)).ok_or_else(
                    || RunError::Seat {
                        seat,
                        detail: format!("{} has no house bot {house_id:?}", G::ID),
                    },
                )?
            }
            BotKind::Person => runner
                .tables
                .as_ref()
                .and_then(|tables| tables.person_bot::<G>(&claimed.id))
                .ok_or_else(|| RunError::Seat {
                    seat,
                    detail: "a person's seat, but no table is open for it".into(),
                })?,
            BotKind::Http { url } => {
                let url = url::Url::parse(url).map_err(|e| RunError::Seat {
                    seat,
                    detail: format!("bad URL {url:?}: {e}"),
                })?;
                let config = HttpBotConfig {
                    url,
                    secret: runner.key.bot_secret(&player.bot_id).into_bytes(),
                    match_id: claimed.id.clone(),
                    deadline: Duration::from_millis(claimed.deadline_ms.into()),
                    time_bank: Duration::from_millis(claimed.time_bank_ms.into()),
                    options: sent_options.clone(),
                };
                let bot = RemoteBot::<G>::new(runner.client.clone(), config).with_clock(clock);
                Box::new(bot.with_attempt(claimed.lease.attempt))
            }
            BotKind::Dial => {
                let switchboard = runner.switchboard.as_ref().ok_or_else(|| RunError::Seat {
                    seat,
                    detail: "a dial-out bot, played only by the serve process it dials".into(),
                })?;
                let config = DialBotConfig {
                    match_id: claimed.id.clone(),
                    deadline: Duration::from_millis(claimed.deadline_ms.into()),
                    time_bank: Duration::from_millis(claimed.time_bank_ms.into()),
                    options: sent_options.clone(),
                };
                let dialer = switchboard.dialer(&player.bot_id);
                let bot = RemoteBot::<G>::dialled(dialer, config).with_clock(clock);
                Box::new(bot.with_attempt(claimed.lease.attempt))
            }
            BotKind::Module { hash } => {
                let seat_error = |detail: String| RunError::Seat { seat, detail };
                let modules = (runner.modules.as_ref())
                    .ok_or_else(|| seat_error("a module, but this process runs none".into()))?;
                let hash = (hash.as_deref())
                    .ok_or_else(|| seat_error("a module bot with no module uploaded".into()))?;
                let module = modules.module(hash).await.map_err(seat_error)?;
                let seat_of = ModuleSeat {
                    bot_id: player.bot_id.clone(),
                    match_id: claimed.id.clone(),
                    seed: module_seed(claimed.seed, seat),
                    deadline_ms: claimed.deadline_ms.into(),
                    time_bank_ms: claimed.time_bank_ms.into(),
                    options: sent_options.clone(),
                };
                Box::new(ModuleBot::<G>::new(module, seat_of))
            }
        };
        let metered: Box<dyn Bot<G>> = Box::new(Metered::new(bot, transport, &player.bot_id));
        bots.push(metered);
    }
    let cap = claimed
        .wall_clock_ms
        .map(|ms| Duration::from_millis(ms.into()));
    let dealt =
        G::new(&options, bots.len(), claimed.seed).map_err(cardarena_bots::MatchError::from)?;
    let live = runner
        .live
        .as_ref()
        .map(|live| live.begin(&claimed.id, &dealt));
    let table = (runner.tables.as_ref()).and_then(|tables| tables.feed(&claimed.id, &dealt));
    let relay =
        (runner.relays.as_ref()).map(|relays| relays.begin(&claimed.id, claimed.lease.attempt));
    let mut observers = (live, (table, relay));
    let played =
        play_match_observed::<G>(&options, claimed.seed, &mut bots, cap, &mut observers).await?;
    let mut actions: Vec<SavedAction> = played
        .actions
        .iter()
        .zip(&played.actors)
        .map(|(action, &seat)| SavedAction {
            seat,
            action: serde_json::to_value(action).unwrap_or(Value::Null),
            say: None,
        })
        .collect();
    for said in played.says {
        if let Some(action) = actions.get_mut(said.index) {
            action.say = Some(said.text);
        }
    }
    let seats = played
        .outcome
        .seats
        .iter()
        .zip(&played.faults)
        .zip(&played.fallbacks)
        .map(|((result, fault), &fallbacks)| FinishedSeat {
            rank: result.rank,
            score: result.score,
            fault: fault
                .as_ref()
                .map(|f| (f.kind.as_str().to_string(), f.detail.clone())),
            fallbacks,
        })
        .collect();
    let record = PlayRecord {
        timing: played.steps.iter().map(|step| step.ms).collect(),
        faults: played
            .faults
            .iter()
            .zip(&played.fault_steps)
            .map(|(fault, step)| {
                let fault = fault.as_ref()?;
                let answer = fault.answer.clone().unwrap_or_default();
                Some(FaultRecord {
                    step: *step,
                    status: answer.status,
                    ms: answer.ms,
                    body: answer.body,
                })
            })
            .collect(),
    };
    Ok((MatchResult { seats, actions }, record))
}

/// The seed of the randomness a module at `seat` draws in the match dealt from `seed`: a stream
/// of its own, apart from the deal's and the house bots' (`seat + 1`), so that the same match
/// played again draws the same.
fn module_seed(seed: u64, seat: usize) -> u64 {
    derive_seed(derive_seed(seed, u64::MAX - 1), seat as u64)
}
