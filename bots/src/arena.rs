//! The match runner: deals a game and asks each seat's bot in turn until the game is over.

use cardarena_engine::{Game, Outcome, RuleError, Seat, SetupError};

use crate::bot::{Bot, BotFault, Turn};

/// A finished match: the game as dealt, every action in order, and the result. Replaying the
/// actions on `initial` gives the same game again.
#[derive(Debug, Clone)]
pub struct Played<G: Game> {
    /// The game as dealt, before the first action.
    pub initial: G,
    /// Every action applied, in order.
    pub actions: Vec<G::Action>,
    /// The result.
    pub outcome: Outcome,
}

/// Why a match could not be played to its end.
#[derive(Debug, thiserror::Error)]
pub enum MatchError {
    /// The game could not be dealt.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// The number of bots does not match the number of seats.
    #[error("{bots} bots for {seats} seats")]
    Seats {
        /// Bots given.
        bots: usize,
        /// Seats in the game.
        seats: usize,
    },
    /// A seat's bot gave no legal answer.
    #[error("seat {seat}: {fault}")]
    Fault {
        /// The seat whose bot faulted.
        seat: Seat,
        /// What went wrong.
        fault: BotFault,
    },
    /// The game has nobody to act but no result: a bug in the game's rules, never a bot's doing.
    #[error("the game stopped without a result")]
    NoOutcome,
}

/// Deals `G` for `bots.len()` seats from `options` and `seed` and plays it to the end, each seat's
/// decisions taken by its bot. Every answer is checked against the legal actions.
pub async fn play_match<G: Game>(
    options: &G::Options,
    seed: u64,
    bots: &mut [Box<dyn Bot<G>>],
) -> Result<Played<G>, MatchError> {
    let initial = G::new(options, bots.len(), seed)?;
    if initial.players() != bots.len() {
        return Err(MatchError::Seats {
            bots: bots.len(),
            seats: initial.players(),
        });
    }
    let mut game = initial.clone();
    let mut actions = Vec::new();
    let mut legal = Vec::new();
    while let Some(seat) = game.to_act() {
        game.legal_actions_into(&mut legal);
        let view = game.view(seat);
        let turn = Turn {
            seat,
            decision: actions.len() as u32 + 1,
            view: &view,
            legal_actions: &legal,
        };
        let action = bots[seat]
            .act(turn)
            .await
            .map_err(|fault| MatchError::Fault { seat, fault })?;
        let illegal = |detail: String| MatchError::Fault {
            seat,
            fault: BotFault::illegal(detail),
        };
        if !legal.contains(&action) {
            return Err(illegal(format!(
                "{action:?} is not among the legal actions"
            )));
        }
        game.apply(&action)
            .map_err(|e: RuleError| illegal(e.to_string()))?;
        actions.push(action);
    }
    let outcome = game.outcome().ok_or(MatchError::NoOutcome)?;
    Ok(Played {
        initial,
        actions,
        outcome,
    })
}
