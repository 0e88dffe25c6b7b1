//! The seats' metrics: a [`Metered`] bot wraps each seat's bot in a match this process plays,
//! counting its decisions and, for a contestant's bot, timing each turn's answer and counting its
//! faults. The handles are resolved once per seat, so a decision costs a few atomic adds.

use std::time::Instant;

use cardarena_bots::{Bot, BotFault, BotFuture, Reply, Turn};
use cardarena_engine::{Game, Outcome, Seat};
use metrics::{Counter, Histogram};

/// How a seat's decisions reach the server.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Transport {
    /// A contestant's bot at a URL.
    Http,
    /// A contestant's bot on a dial-out connection.
    Dial,
    /// A contestant's module, in the sandbox.
    Module,
    /// A house bot, in process.
    House,
    /// A person at a table.
    Person,
}

impl Transport {
    /// The label's value.
    pub fn as_str(self) -> &'static str {
        match self {
            Transport::Http => "http",
            Transport::Dial => "dial",
            Transport::Module => "module",
            Transport::House => "house",
            Transport::Person => "person",
        }
    }

    /// Whether its answers are a contestant bot's calls (timed, faults counted).
    fn is_call(self) -> bool {
        matches!(self, Transport::Http | Transport::Dial | Transport::Module)
    }
}

/// A seat's bot, measured.
pub struct Metered<G: Game> {
    inner: Box<dyn Bot<G>>,
    transport: Transport,
    bot_id: String,
    decisions: Counter,
    latency: Option<Histogram>,
}

impl<G: Game> Metered<G> {
    /// Measures `inner`, bot `bot_id`'s seat, reached by `transport`.
    pub fn new(inner: Box<dyn Bot<G>>, transport: Transport, bot_id: &str) -> Metered<G> {
        let decisions = metrics::counter!(
            "cardarena_decisions_total",
            "game" => G::ID,
            "transport" => transport.as_str()
        );
        let latency = transport.is_call().then(|| {
            metrics::histogram!(
                "cardarena_bot_call_seconds",
                "transport" => transport.as_str()
            )
        });
        Metered {
            inner,
            transport,
            bot_id: bot_id.to_string(),
            decisions,
            latency,
        }
    }

    fn fault(&self, seat: Seat, fault: &BotFault) {
        metrics::counter!(
            "cardarena_bot_faults_total",
            "transport" => self.transport.as_str(),
            "kind" => fault.kind.as_str()
        )
        .increment(1);
        tracing::info!(
            bot_id = %self.bot_id,
            seat,
            fault = fault.kind.as_str(),
            "bot fault: {}",
            fault.detail
        );
    }
}

impl<G: Game> Bot<G> for Metered<G> {
    fn act<'a>(
        &'a mut self,
        turn: Turn<'a, G>,
    ) -> BotFuture<'a, Result<Reply<G::Action>, BotFault>> {
        Box::pin(async move {
            let seat = turn.seat;
            let started = self.latency.as_ref().map(|_| Instant::now());
            let reply = self.inner.act(turn).await;
            if let (Some(latency), Some(started)) = (&self.latency, started) {
                latency.record(started.elapsed().as_secs_f64());
            }
            match &reply {
                Ok(_) => self.decisions.increment(1),
                Err(fault) if self.transport.is_call() => self.fault(seat, fault),
                Err(_) => {}
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
