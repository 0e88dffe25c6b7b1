//! A person's seat as the match runner sees it: a [`Bot`] that asks the person through the
//! table's state and waits for the move, within the person's deadline.

use std::marker::PhantomData;
use std::sync::Arc;
use std::time::{Duration, Instant};

use cardarena_bots::http::protocol::TurnRequest;
use cardarena_bots::{Bot, BotFault, BotFuture, FaultKind, Reply, Turn};
use cardarena_engine::{Game, Outcome, Seat};

use super::state::TableState;

/// The fault of a person who left the table.
pub const LEFT: &str = "the person left the table";

/// One person's seat at a table.
pub struct PersonBot<G> {
    table: Arc<TableState>,
    match_id: String,
    deadline: Duration,
    game: PhantomData<fn() -> G>,
}

impl<G> PersonBot<G> {
    /// The seat of `table` (match `match_id`) whose person has `deadline` for each decision.
    pub fn new(table: Arc<TableState>, match_id: String, deadline: Duration) -> PersonBot<G> {
        PersonBot {
            table,
            match_id,
            deadline,
            game: PhantomData,
        }
    }
}

impl<G: Game> Bot<G> for PersonBot<G> {
    fn act<'a>(
        &'a mut self,
        turn: Turn<'a, G>,
    ) -> BotFuture<'a, Result<Reply<G::Action>, BotFault>> {
        Box::pin(async move {
            let deadline_ms = u64::try_from(self.deadline.as_millis()).unwrap_or(u64::MAX);
            let request = TurnRequest::new(
                &self.match_id,
                G::ID,
                turn.seat,
                turn.decision,
                deadline_ms,
                turn.view,
                turn.legal_actions,
            );
            let (message, legal) = match (
                serde_json::to_value(&request),
                serde_json::to_value(turn.legal_actions),
            ) {
                (Ok(message), Ok(serde_json::Value::Array(legal))) => (message, legal),
                _ => {
                    // Views and actions are plain data: a bug in a game, not the person's doing.
                    tracing::error!("a {} turn could not be serialized", G::ID);
                    return Err(BotFault::new(
                        FaultKind::Connect,
                        "internal error: the turn could not be serialized",
                    ));
                }
            };
            if self.table.has_left(turn.seat) {
                return Err(BotFault::new(FaultKind::Timeout, LEFT));
            }
            let due = Instant::now() + self.deadline;
            let answer = self
                .table
                .ask(turn.seat, turn.decision, message, legal, due);
            match tokio::time::timeout(self.deadline, answer).await {
                Ok(Ok(index)) => turn
                    .legal_actions
                    .get(index)
                    .cloned()
                    .map(Reply::silent)
                    .ok_or_else(|| BotFault::illegal(format!("no legal action {index}"))),
                Ok(Err(_)) => Err(BotFault::new(FaultKind::Timeout, LEFT)),
                Err(_) => {
                    self.table.withdraw(turn.seat);
                    Err(BotFault::new(
                        FaultKind::Timeout,
                        format!(
                            "the person did not move within {} s",
                            self.deadline.as_secs()
                        ),
                    ))
                }
            }
        })
    }

    fn end<'a>(&'a mut self, _seat: Seat, outcome: &'a Outcome) -> BotFuture<'a, ()> {
        self.table
            .ended(serde_json::to_value(outcome).unwrap_or_default());
        Box::pin(async {})
    }
}
