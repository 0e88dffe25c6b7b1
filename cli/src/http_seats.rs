//! `cardarena play`'s HTTP seats: a contestant's bot at a URL, called through the real protocol
//! (signed requests, deadlines, time bank, match clock) exactly as the server calls it, each
//! seat remembering the request its bot faulted on.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use cardarena_bots::http::{Signer, sign};
use cardarena_bots::{
    AddressPolicy, Bot, BotFault, BotFuture, HouseGame, HttpBotConfig, HttpClient, RemoteBot,
    Reply, Turn,
};
use cardarena_engine::{Outcome, Seat};
use url::Url;

use super::CliError;
use super::seats::{SeatBot, SeatSpec};

/// The flags of `cardarena play` for seats played over HTTP.
#[derive(Debug, clap::Args)]
pub struct HttpSeatArgs {
    /// The secret HTTP seats' requests are signed with, as the server signs them with a bot's
    /// secret (default: a random one, printed on stderr); give your bot the same as
    /// CARDARENA_SECRET (in its settings file `.cardarena` or its environment) so that it checks
    /// signatures as it will on the server.
    #[arg(long, value_name = "TEXT")]
    secret: Option<String>,
    /// The per-decision deadline of HTTP and module seats, in milliseconds (the server's default
    /// is 1000; a module's is fuel, cardarena_sandbox::FUEL_PER_MS a millisecond).
    #[arg(long, default_value_t = cardarena_sandbox::LOCAL_DEADLINE_MS, value_parser = clap::value_parser!(u32).range(10..=60_000))]
    pub deadline_ms: u32,
    /// Extra time an HTTP seat may draw on across a match beyond its deadlines, in milliseconds
    /// (a tournament stage's time_bank_ms; the ladder gives none).
    #[arg(long, default_value_t = cardarena_sandbox::LOCAL_TIME_BANK_MS, value_parser = clap::value_parser!(u32).range(0..=600_000))]
    pub time_bank_ms: u32,
    /// Every HTTP seat's match clock as a percentage of the game's default, as `serve
    /// --clock-percent` (docs/protocol.md).
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..=10_000))]
    clock_percent: u32,
    /// The most games played at once: so the most calls an HTTP seat gets at once (the server
    /// gives a bot up to 4 matches at once by default).
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u16).range(1..=1000))]
    pub concurrency: u16,
}

/// How HTTP seats are called in every game of a run.
pub struct HttpSeats {
    client: HttpClient,
    secret: String,
    pub deadline_ms: u32,
    pub time_bank_ms: u32,
    clock_percent: u32,
}

/// The turn request an HTTP seat faulted on: what it was sent at which decision.
#[derive(Debug, Clone)]
pub struct SentTurn {
    /// The decision's number in the match, from 1.
    pub decision: u32,
    /// The request's JSON body as sent (`time_bank_ms` and `clock_ms` as kept here, which may
    /// differ from the sent ones by a millisecond).
    pub body: Vec<u8>,
    /// The signature header the body was sent with.
    pub signature: String,
}

/// Where an HTTP seat leaves the request it faulted on, read once the match is over.
pub type FaultSlot = Arc<Mutex<Option<SentTurn>>>;

impl HttpSeats {
    /// The HTTP seats' settings from the flags, the secret drawn at random when none is given
    /// and then printed on stderr (only when some seat is an HTTP seat).
    pub fn new(args: &HttpSeatArgs, seats: &[SeatSpec]) -> HttpSeats {
        let secret = args.secret.clone().unwrap_or_else(|| {
            let secret = cardarena_contest::secrets::random_token();
            if seats.iter().any(|s| matches!(s.bot, SeatBot::Http(_))) {
                eprintln!(
                    "secret: {secret} (HTTP seats' requests are signed with it: put \
                     CARDARENA_SECRET={secret} in your kit's .cardarena, or give play --secret)"
                );
            }
            secret
        });
        HttpSeats {
            client: HttpClient::new(AddressPolicy::Local),
            secret,
            deadline_ms: args.deadline_ms,
            time_bank_ms: args.time_bank_ms,
            clock_percent: args.clock_percent,
        }
    }

    /// Pings every HTTP seat's bot once, signed, as the server checks a bot at registration:
    /// a bot that is down or refuses the signature stops the run before its first game.
    pub async fn check(&self, seats: &[SeatSpec]) -> Result<(), CliError> {
        let signer = Signer::new(self.secret.as_bytes());
        for seat in seats {
            let SeatBot::Http(url) = &seat.bot else {
                continue;
            };
            let deadline = Duration::from_millis(self.deadline_ms.into()).max(SLOW_PING);
            if let Err(fault) = self
                .client
                .ping(url, &signer, &seat.name, "play", deadline)
                .await
            {
                return Err(CliError(format!(
                    "seat {}: the bot at {url} did not answer a ping ({fault}); start it first, \
                     with no CARDARENA_SECRET or with the secret play signs with",
                    seat.name
                )));
            }
        }
        Ok(())
    }

    /// The bot of seat `url` in the match `match_id` with `options`, and the slot where it
    /// leaves the request it faults on.
    pub fn bot<G: HouseGame>(
        &self,
        url: &Url,
        match_id: &str,
        options: &G::Options,
    ) -> (Box<dyn Bot<G>>, FaultSlot) {
        let deadline = Duration::from_millis(self.deadline_ms.into());
        let time_bank = Duration::from_millis(self.time_bank_ms.into());
        let clock = cardarena_contest::clock::match_clock(
            G::ID,
            self.deadline_ms,
            self.time_bank_ms,
            self.clock_percent,
        );
        let config = HttpBotConfig {
            url: url.clone(),
            secret: self.secret.as_bytes().to_vec(),
            match_id: match_id.to_string(),
            deadline,
            time_bank,
            options: serde_json::to_value(options).unwrap_or(serde_json::Value::Null),
        };
        let slot = FaultSlot::default();
        let bot = Recorded {
            inner: RemoteBot::new(self.client.clone(), config).with_clock(clock),
            secret: self.secret.clone(),
            slot: slot.clone(),
        };
        (Box::new(bot), slot)
    }
}

/// The least time a ping before the first game is given, however short the deadline: a bot just
/// started may be slow to answer its first request.
const SLOW_PING: Duration = Duration::from_secs(2);

/// An HTTP seat that keeps the request of the call it faults on, as the [`RemoteBot`] inside
/// sent it ([`RemoteBot::take_faulted_request`]), with its signature.
struct Recorded<G> {
    inner: RemoteBot<G>,
    secret: String,
    slot: FaultSlot,
}

impl<G: HouseGame> Bot<G> for Recorded<G> {
    fn act<'a>(
        &'a mut self,
        turn: Turn<'a, G>,
    ) -> BotFuture<'a, Result<Reply<G::Action>, BotFault>> {
        Box::pin(async move {
            let decision = turn.decision;
            let reply = self.inner.act(turn).await;
            if let Some(body) = self.inner.take_faulted_request() {
                let sent = SentTurn {
                    decision,
                    signature: sign(self.secret.as_bytes(), &body),
                    body,
                };
                if let Ok(mut slot) = self.slot.lock() {
                    *slot = Some(sent);
                }
            }
            reply
        })
    }

    fn start(&mut self, seat: Seat, players: usize) -> BotFuture<'_, ()> {
        self.inner.start(seat, players)
    }

    fn end<'a>(&'a mut self, seat: Seat, outcome: &'a Outcome) -> BotFuture<'a, ()> {
        self.inner.end(seat, outcome)
    }
}
