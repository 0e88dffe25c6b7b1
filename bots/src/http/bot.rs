//! [`HttpBot`]: a seat played by a contestant's bot over HTTP, protocol version 1.

use std::marker::PhantomData;
use std::time::Duration;

use cardarena_engine::{Game, Outcome, Seat};
use url::Url;

use crate::bot::{Bot, BotFault, BotFuture, FaultAnswer, FaultKind, Reply, Turn};

use super::client::HttpClient;
use super::protocol::{MatchEnd, MatchStart, TurnRequest, parse_answer};
use super::signature::Signer;

/// Where and how to call one bot in one match.
#[derive(Debug, Clone)]
pub struct HttpBotConfig {
    /// The bot's address (checked at registration by [`super::check_bot_url`]).
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

/// A seat played over HTTP: each decision is a signed POST of the seat's view and legal actions,
/// answered with an action (see docs/protocol.md). Works for every game.
///
/// With a match clock ([`HttpBot::with_clock`]) every call but `match_end` draws on one budget
/// for the whole match: a call may take `min(deadline + time bank left, clock left)`, and a bot
/// whose clock runs out faults `timeout`.
pub struct HttpBot<G> {
    client: HttpClient,
    url: Url,
    signer: Signer,
    match_id: String,
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
    game: PhantomData<fn() -> G>,
}

impl<G> HttpBot<G> {
    /// A bot called through `client` as `config` says.
    pub fn new(client: HttpClient, config: HttpBotConfig) -> HttpBot<G> {
        HttpBot {
            client,
            signer: Signer::new(&config.secret),
            url: config.url,
            match_id: config.match_id,
            deadline: config.deadline,
            bank: config.time_bank,
            clock: None,
            options: config.options,
            unreachable: false,
            body_capacity: 1024,
            game: PhantomData,
        }
    }

    /// The same bot with a match clock of `clock` for the whole match.
    pub fn with_clock(self, clock: Duration) -> HttpBot<G> {
        HttpBot {
            clock: Some((clock, clock)),
            ..self
        }
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
        let mut sent = self
            .client
            .post_signed(&self.url, &self.signer, &self.match_id, body, limit)
            .await
            .map(drop);
        if charged {
            sent = self.charge(started.elapsed(), self.deadline, sent);
        }
        if let Err(fault) = sent {
            self.note(&fault);
        }
    }

    fn note(&mut self, fault: &BotFault) {
        if matches!(fault.kind, FaultKind::Timeout | FaultKind::Connect) {
            self.unreachable = true;
        }
    }
}

impl<G> std::fmt::Debug for HttpBot<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("HttpBot")
            .field("url", &self.url.as_str())
            .field("match_id", &self.match_id)
            .field("deadline", &self.deadline)
            .finish_non_exhaustive()
    }
}

impl<G: Game> Bot<G> for HttpBot<G> {
    fn act<'a>(
        &'a mut self,
        turn: Turn<'a, G>,
    ) -> BotFuture<'a, Result<Reply<G::Action>, BotFault>> {
        Box::pin(async move {
            let request = TurnRequest::new(
                &self.match_id,
                G::ID,
                turn.seat,
                turn.decision,
                self.deadline_ms(),
                turn.view,
                turn.legal_actions,
            )
            .with_time_bank(millis(self.bank))
            .with_clock(self.clock.map(|(_, left)| millis(left)));
            if let Some((whole, Duration::ZERO)) = self.clock {
                let fault = clock_ran_out(whole);
                self.note(&fault);
                return Err(fault);
            }
            let mut body = Vec::with_capacity(self.body_capacity);
            if let Err(e) = serde_json::to_writer(&mut body, &request) {
                // Views and actions are plain data; this is a bug in a game, not the bot's doing.
                tracing::error!("a {} turn could not be serialized: {e}", G::ID);
                return Err(BotFault::new(
                    FaultKind::Connect,
                    format!("internal error: the turn could not be serialized: {e}"),
                ));
            }
            self.body_capacity = self.body_capacity.max(body.len());
            let started = std::time::Instant::now();
            let limit = self.deadline + self.bank;
            let answer = self
                .client
                .post_signed_answer(
                    &self.url,
                    &self.signer,
                    &self.match_id,
                    body,
                    self.allowance(limit),
                )
                .await;
            let elapsed = started.elapsed();
            self.bank = self
                .bank
                .saturating_sub(elapsed.saturating_sub(self.deadline));
            let answer = self.charge(elapsed, limit, answer);
            let reply = answer.and_then(|(status, bytes)| {
                parse_answer(&bytes, turn.legal_actions)
                    .map_err(|fault| fault.with_answer(FaultAnswer::new(status, &bytes)))
            });
            if let Err(fault) = &reply {
                self.note(fault);
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
            );
            let body = serde_json::to_vec(&message);
            self.notify(body, true).await;
        })
    }

    fn end<'a>(&'a mut self, seat: Seat, outcome: &'a Outcome) -> BotFuture<'a, ()> {
        Box::pin(async move {
            if self.unreachable {
                return;
            }
            let body = serde_json::to_vec(&MatchEnd::new(&self.match_id, G::ID, seat, outcome));
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
