//! A module at a seat: the match runner's [`Bot`] over a [`Module`], sent the same JSON an HTTP
//! bot is (docs/protocol.md) and answering the same way, on a budget of fuel instead of time.
//!
//! A turn's budget is its deadline in fuel ([`FUEL_PER_MS`]) and what is left of the seat's bank
//! (the match's time bank in fuel, as the HTTP bot's bank): fuel a turn burns past its
//! deadline's share is drawn from the bank. Fuel is counted in WebAssembly instructions, so a
//! module has the same budget on every machine and under any load. Each call runs in the
//! thinking pool ([`cardarena_bots::thinking`]), charged to the bot's owner.

use std::marker::PhantomData;
use std::sync::Arc;

use cardarena_bots::http::parse_answer;
use cardarena_bots::http::protocol::{MatchEnd, MatchStart, TurnRequest};
use cardarena_bots::thinking::{self, Tenant};
use cardarena_bots::{Bot, BotFault, BotFuture, FaultKind, Reply, Turn};
use cardarena_engine::{Game, Outcome, Seat};
use serde_json::Value;

use crate::module::Module;
use crate::seat::{Fault, Seat as Instance};

/// Fuel a millisecond of deadline buys: about what a module burns in a millisecond of one core
/// of the reference machine (docs/architecture.md, "The sandbox").
pub const FUEL_PER_MS: u64 = 5_000_000;

/// How a module seat plays one match.
#[derive(Debug, Clone)]
pub struct ModuleSeat {
    /// The bot's id: whom its calls are charged to.
    pub bot_id: String,
    /// The match's id.
    pub match_id: String,
    /// The seed of its instance's randomness (the runner derives it from the match's).
    pub seed: u64,
    /// The per-decision deadline, in ms.
    pub deadline_ms: u64,
    /// The match's time bank, in ms.
    pub time_bank_ms: u64,
    /// The game's options, as sent in `match_start`.
    pub options: Value,
}

/// A module playing one seat of one match, in an instance of its own.
pub struct ModuleBot<G> {
    module: Module,
    seat: ModuleSeat,
    instance: Option<Instance>,
    bank_fuel: u64,
    broken: Option<Fault>,
    game: PhantomData<fn() -> G>,
}

impl<G: Game> ModuleBot<G> {
    /// `module` at `seat`; its instance starts with the match.
    pub fn new(module: Module, seat: ModuleSeat) -> ModuleBot<G> {
        ModuleBot {
            bank_fuel: seat.time_bank_ms.saturating_mul(FUEL_PER_MS),
            module,
            seat,
            instance: None,
            broken: None,
            game: PhantomData,
        }
    }

    fn deadline_fuel(&self) -> u64 {
        self.seat.deadline_ms.saturating_mul(FUEL_PER_MS)
    }

    /// Runs `request` in the thinking pool with `fuel` (starting the seat's instance first, on
    /// the match's first call): the answer and the fuel used.
    async fn call(&mut self, request: String, fuel: u64) -> Result<(String, u64), Fault> {
        let (module, seed) = (self.module.clone(), self.seat.seed);
        let kept = self.instance.take();
        let estimate = fuel as f64 / FUEL_PER_MS as f64;
        let (instance, answer) = thinking::shared()
            .think(self.tenant(), estimate, move || {
                let mut instance = match kept {
                    Some(instance) => instance,
                    None => match module.start(seed) {
                        Ok(instance) => instance,
                        Err(fault) => return (None, Err(fault)),
                    },
                };
                let answer = instance.handle(&request, fuel);
                (Some(instance), answer)
            })
            .await
            .map_err(|e| Fault::Trap(e.to_string()))?;
        self.instance = instance;
        answer
    }

    /// Whom its calls are charged to: the bot's owner, in the lane of the match it plays (the
    /// contest's for the ladder and tournaments, where the runner sets it; play otherwise), so
    /// that a module takes its turns beside the house bots of the same kind of match.
    fn tenant(&self) -> Tenant {
        let lane = thinking::current_tenant().lane;
        Tenant {
            lane,
            key: Arc::from(thinking::owner_key(&self.seat.bot_id)),
        }
    }
}

/// The bot fault a module's fault is: a module that runs out of fuel or traps faults as a
/// timeout does, the detail saying which; an answer too long as one too long.
fn bot_fault(fault: &Fault) -> BotFault {
    let kind = match fault {
        Fault::TooLarge { .. } => FaultKind::TooLarge,
        _ => FaultKind::Timeout,
    };
    BotFault::new(kind, fault.to_string())
}

impl<G: Game> Bot<G> for ModuleBot<G> {
    fn act<'a>(
        &'a mut self,
        turn: Turn<'a, G>,
    ) -> BotFuture<'a, Result<Reply<G::Action>, BotFault>> {
        Box::pin(async move {
            if let Some(fault) = &self.broken {
                return Err(bot_fault(fault));
            }
            let request = TurnRequest::new(
                &self.seat.match_id,
                G::ID,
                turn.seat,
                turn.decision,
                self.seat.deadline_ms,
                turn.view,
                turn.legal_actions,
            )
            .with_time_bank(self.bank_fuel / FUEL_PER_MS);
            let body = serde_json::to_string(&request).map_err(|e| {
                BotFault::new(
                    FaultKind::Connect,
                    format!("the turn could not be written: {e}"),
                )
            })?;
            let deadline = self.deadline_fuel();
            let (answer, used) = self
                .call(body, deadline.saturating_add(self.bank_fuel))
                .await
                .map_err(|fault| bot_fault(&fault))?;
            self.bank_fuel = self.bank_fuel.saturating_sub(used.saturating_sub(deadline));
            parse_answer(answer.as_bytes(), turn.legal_actions)
        })
    }

    fn start(&mut self, seat: Seat, players: usize) -> BotFuture<'_, ()> {
        Box::pin(async move {
            let message = MatchStart::new(
                &self.seat.match_id,
                G::ID,
                seat,
                players,
                &self.seat.options,
                self.seat.deadline_ms,
            );
            let Ok(body) = serde_json::to_string(&message) else {
                return;
            };
            // As an HTTP bot's, the answer does not count; a module that cannot even start or
            // answer it is broken for the match.
            if let Err(fault) = self.call(body, self.deadline_fuel()).await {
                self.broken = Some(fault);
            }
        })
    }

    fn end<'a>(&'a mut self, seat: Seat, outcome: &'a Outcome) -> BotFuture<'a, ()> {
        Box::pin(async move {
            if self.broken.is_some() {
                return;
            }
            let end = MatchEnd::new(&self.seat.match_id, G::ID, seat, outcome);
            if let Ok(body) = serde_json::to_string(&end) {
                let _ = self.call(body, self.deadline_fuel()).await;
            }
            // The instance goes with the match: nothing of it is kept for the next.
            self.instance = None;
        })
    }
}
