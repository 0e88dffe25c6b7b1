//! [`RemoteBot`]: a seat played by a contestant's bot, protocol version 1, over HTTP (the server
//! calls the bot) or over the bot's own connection (a dial-out bot, [`crate::dial`]).

use std::marker::PhantomData;
use std::time::Duration;

use cardarena_engine::{Game, Outcome, Seat};
use url::Url;

use crate::bot::{Bot, BotFault, BotFuture, FaultAnswer, FaultKind, Reply, Turn};
use crate::dial::Dialer;
use crate::http::protocol::{MatchEnd, MatchStart, TurnRequest, parse_answer};
use crate::http::{HttpClient, Signer};

/// Where and how to call one HTTP bot in one match.
#[derive(Debug, Clone)]
pub struct HttpBotConfig {
    /// The bot's address (checked at registration by [`crate::http::check_bot_url`]).
    pub url: Url,
    /// The bot's signing secret.
    pub secret: Vec<u8>,
    /// The match's id, sent in every body and in the `X-Cardarena-Match` header.
    pub match_id: String,
    /// How long the bot has for each call, the whole HTTP exchange included.
    pub deadline: Duration,
    /// Extra time the bot may draw on across the match: a turn may take up to `deadline` plus what
    /// is left of the bank, and uses the bank up by the time it took beyond `deadline`.
    pub time_bank: Duration,
    /// The game's options as JSON, sent with `match_start`.
    pub options: serde_json::Value,
}

/// How one dial-out bot's seat is played in one match: as [`HttpBotConfig`], less the address
/// and the secret (the bot's connection is authenticated when it opens).
#[derive(Debug, Clone)]
pub struct DialBotConfig {
    /// The match's id, sent in every message.
    pub match_id: String,
    /// How long the bot has for each call.
    pub deadline: Duration,
    /// Extra time the bot may draw on across the match (as [`HttpBotConfig::time_bank`]).
    pub time_bank: Duration,
    /// The game's options as JSON, sent with `match_start`.
    pub options: serde_json::Value,
}

/// How a remote bot is reached.
#[derive(Clone)]
enum Route {
    /// A signed POST to the bot's URL.
    Http(Box<HttpRoute>),
    /// A message on one of the bot's own connections.
    Dial(Dialer),
}

/// Where an HTTP bot is and how its calls are signed.
#[derive(Clone)]
struct HttpRoute {
    client: HttpClient,
    url: Url,
    signer: Signer,
}

impl Route {
    /// Sends `body` and returns the answer's HTTP status (none over a connection) and body,
    /// within `limit`.
    async fn call(
        &self,
        match_id: &str,
        body: Vec<u8>,
        limit: Duration,
    ) -> Result<(Option<u16>, Vec<u8>), BotFault> {
        match self {
            Route::Http(http) => http
                .client
                .post_signed_answer(&http.url, &http.signer, match_id, body, limit)
                .await
                .map(|(status, answer)| (Some(status), answer)),
            Route::Dial(dialer) => dialer.call(&body, limit).await.map(|answer| (None, answer)),
        }
    }
}

/// A seat played by a contestant's bot: each decision sends the seat's view and legal actions
/// (a signed POST to its URL, or a message on its connection) and reads an action back (see
/// docs/protocol.md). Works for every game.
///
/// With a match clock ([`RemoteBot::with_clock`]) every call but `match_end` draws on one budget
/// for the whole match: a call may take `min(deadline + time bank left, clock left)`, and a bot
/// whose clock runs out faults `timeout`.
pub struct RemoteBot<G> {
    route: Route,
    match_id: String,
    /// Which time the match is played, sent in every message (1 unless it is played again).
    attempt: u32,
    deadline: Duration,
    /// What is left of the match's time bank.
    bank: Duration,
    /// The match clock: its whole budget and what is left of it; `None` for no clock.
    clock: Option<(Duration, Duration)>,
    options: serde_json::Value,
    /// Set once a call timed out or could not connect: `match_end` is then not sent, so that a
    /// dead bot does not hold the match up another deadline.
    unreachable: bool,
    /// The size of the largest body sent so far, to allocate the next one at once.
    body_capacity: usize,
    /// The body of the last turn that faulted, until taken ([`RemoteBot::take_faulted_request`]).
    faulted_request: Option<Vec<u8>>,
    game: PhantomData<fn() -> G>,
}

impl<G> RemoteBot<G> {
    /// A bot called over HTTP through `client` as `config` says.
    pub fn new(client: HttpClient, config: HttpBotConfig) -> RemoteBot<G> {
        let route = Route::Http(Box::new(HttpRoute {
            client,
            signer: Signer::new(&config.secret),
            url: config.url,
        }));
        let dial = DialBotConfig {
            match_id: config.match_id,
            deadline: config.deadline,
            time_bank: config.time_bank,
            options: config.options,
        };
        RemoteBot::routed(route, dial)
    }

    /// A dial-out bot called through `dialer` as `config` says.
    pub fn dialled(dialer: Dialer, config: DialBotConfig) -> RemoteBot<G> {
        RemoteBot::routed(Route::Dial(dialer), config)
    }

    fn routed(route: Route, config: DialBotConfig) -> RemoteBot<G> {
        RemoteBot {
            route,
            match_id: config.match_id,
            attempt: 1,
            deadline: config.deadline,
            bank: config.time_bank,
            clock: None,
            options: config.options,
            unreachable: false,
            body_capacity: 1024,
            faulted_request: None,
            game: PhantomData,
        }
    }

    /// The same bot with a match clock of `clock` for the whole match.
    pub fn with_clock(self, clock: Duration) -> RemoteBot<G> {
        RemoteBot {
            clock: Some((clock, clock)),
            ..self
        }
    }

    /// The same bot in the match's `attempt`: the match played again under the same id (after
    /// the server stopped mid-match, or a worker's lease passed) says so in every message.
    pub fn with_attempt(self, attempt: u32) -> RemoteBot<G> {
        RemoteBot { attempt, ..self }
    }

    /// The body of the turn request the last fault came from (built again, only when a turn
    /// faulted, as it was sent), for a person debugging the bot; `None` once taken.
    pub fn take_faulted_request(&mut self) -> Option<Vec<u8>> {
        self.faulted_request.take()
    }

    fn deadline_ms(&self) -> u64 {
        millis(self.deadline)
    }

    /// How long the next call may take: `limit`, or less when the clock has less left.
    fn allowance(&self, limit: Duration) -> Duration {
        self.clock.map_or(limit, |(_, left)| limit.min(left))
    }

    /// Draws `elapsed` from the clock; a timed-out call that the clock cut short faults with a
    /// detail saying so.
    fn charge<T>(
        &mut self,
        elapsed: Duration,
        limit: Duration,
        answer: Result<T, BotFault>,
    ) -> Result<T, BotFault> {
        let Some((whole, left)) = self.clock else {
            return answer;
        };
        self.clock = Some((whole, left.saturating_sub(elapsed)));
        match answer {
            Err(fault) if fault.kind == FaultKind::Timeout && left < limit => {
                Err(clock_ran_out(whole))
            }
            other => other,
        }
    }

    /// Sends a body whose answer does not count, ignoring every error. `match_start` draws on
    /// the clock; `match_end` (`charged` false) does not, the match being over.
    async fn notify(&mut self, body: Result<Vec<u8>, serde_json::Error>, charged: bool) {
        let Ok(body) = body else { return };
        let limit = match charged {
            true => self.allowance(self.deadline),
            false => self.deadline,
        };
        let started = std::time::Instant::now();
        let mut sent = self.route.call(&self.match_id, body, limit).await.map(drop);
        if charged {
            sent = self.charge(started.elapsed(), self.deadline, sent);
        }
        if let Err(fault) = sent {
            self.note(&fault);
        }
    }

    /// Sends a turn's `body`, draws its time from the bank and the clock, and reads the answer.
    async fn send_turn<A>(&mut self, body: Vec<u8>, legal: &[A]) -> Result<Reply<A>, BotFault>
    where
        A: serde::de::DeserializeOwned + PartialEq + Clone,
    {
        self.body_capacity = self.body_capacity.max(body.len());
        let started = std::time::Instant::now();
        let limit = self.deadline + self.bank;
        let answer = self
            .route
            .call(&self.match_id, body, self.allowance(limit))
            .await;
        let elapsed = started.elapsed();
        self.bank = self
            .bank
            .saturating_sub(elapsed.saturating_sub(self.deadline));
        let answer = self.charge(elapsed, limit, answer);
        answer.and_then(|(status, bytes)| {
            parse_answer(&bytes, legal)
                .map_err(|fault| fault.with_answer(FaultAnswer::of(status, &bytes)))
        })
    }

    fn note(&mut self, fault: &BotFault) {
        if matches!(fault.kind, FaultKind::Timeout | FaultKind::Connect) {
            self.unreachable = true;
        }
    }
}

impl<G> std::fmt::Debug for RemoteBot<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let to = match &self.route {
            Route::Http(http) => http.url.as_str().to_string(),
            Route::Dial(dialer) => format!("{dialer:?}"),
        };
        f.debug_struct("RemoteBot")
            .field("to", &to)
            .field("match_id", &self.match_id)
            .field("deadline", &self.deadline)
            .finish_non_exhaustive()
    }
}

impl<G: Game> Bot<G> for RemoteBot<G> {
    fn act<'a>(
        &'a mut self,
        turn: Turn<'a, G>,
    ) -> BotFuture<'a, Result<Reply<G::Action>, BotFault>> {
        Box::pin(async move {
            let (bank, clock, deadline_ms) = (self.bank, self.clock, self.deadline_ms());
            let attempt = self.attempt;
            // The turn's body, as sent now, or built again as it was sent when the turn faults.
            let write = |out: &mut Vec<u8>, match_id: &str| {
                let request = TurnRequest::new(
                    match_id,
                    G::ID,
                    turn.seat,
                    turn.decision,
                    deadline_ms,
                    turn.view,
                    turn.legal_actions,
                )
                .with_time_bank(millis(bank))
                .with_clock(clock.map(|(_, left)| millis(left)))
                .with_attempt(attempt);
                serde_json::to_writer(out, &request)
            };
            let reply = match clock {
                Some((whole, Duration::ZERO)) => Err(clock_ran_out(whole)),
                _ => {
                    let mut body = Vec::with_capacity(self.body_capacity);
                    match write(&mut body, &self.match_id) {
                        Ok(()) => self.send_turn(body, turn.legal_actions).await,
                        // Views and actions are plain data: a bug in a game, not the bot's doing.
                        Err(e) => {
                            tracing::error!("a {} turn could not be serialized: {e}", G::ID);
                            return Err(BotFault::new(
                                FaultKind::Connect,
                                format!("internal error: the turn could not be serialized: {e}"),
                            ));
                        }
                    }
                }
            };
            if let Err(fault) = &reply {
                self.note(fault);
                let mut body = Vec::new();
                self.faulted_request = write(&mut body, &self.match_id).ok().map(|()| body);
            }
            reply
        })
    }

    fn start(&mut self, seat: Seat, players: usize) -> BotFuture<'_, ()> {
        Box::pin(async move {
            let message = MatchStart::new(
                &self.match_id,
                G::ID,
                seat,
                players,
                &self.options,
                self.deadline_ms(),
            )
            .with_attempt(self.attempt);
            let body = serde_json::to_vec(&message);
            self.notify(body, true).await;
        })
    }

    fn end<'a>(&'a mut self, seat: Seat, outcome: &'a Outcome) -> BotFuture<'a, ()> {
        Box::pin(async move {
            if self.unreachable {
                return;
            }
            let end =
                MatchEnd::new(&self.match_id, G::ID, seat, outcome).with_attempt(self.attempt);
            let body = serde_json::to_vec(&end);
            self.notify(body, false).await;
        })
    }
}

fn millis(duration: Duration) -> u64 {
    u64::try_from(duration.as_millis()).unwrap_or(u64::MAX)
}

/// The fault of a bot whose match clock of `whole` ran out.
fn clock_ran_out(whole: Duration) -> BotFault {
    BotFault::new(
        FaultKind::Timeout,
        format!(
            "the match clock of {} ms ran out: the bot's answers in this match took it all",
            whole.as_millis()
        ),
    )
}
