//! House bots for `durak-duel`: `greedy`, `random` and `expert`.

mod greedy;

use cardarena_engine::Card;
use cardarena_engine::games::durak_duel::{DurakDuel, DurakDuelAction, DurakDuelView};

use crate::bot::{Bot, BotFault, BotFuture, Reply, Turn};
use crate::expert::{self, Calibration, Expert};
use crate::random::RandomBot;
use crate::roster::HouseGame;

pub use greedy::Greedy;

/// The expert's search speed in this game (see [`Calibration`]), measured by
/// `examples/expert_calibrate.rs` and held to the 99th percentile of a decision's CPU time.
pub(crate) const EXPERT: Calibration = Calibration {
    steps_per_ms: 2_690,
    sample_steps: 1,
};

impl HouseGame for DurakDuel {
    const EXPERT: Calibration = EXPERT;

    fn rollout_move(view: &Self::View, legal: &[Self::Action]) -> Option<Self::Action> {
        Greedy.choose(view, legal)
    }
    /// `greedy` first: it is the substitute that finishes a faulted seat's game.
    const HOUSE_BOTS: &'static [&'static str] = &["greedy", "random", expert::ID];

    fn house_bot(id: &str, seed: u64) -> Option<Box<dyn Bot<DurakDuel>>> {
        match id {
            "greedy" => Some(Box::new(Greedy)),
            "random" => Some(Box::new(RandomBot::<DurakDuel>::new(seed))),
            id => Expert::<DurakDuel>::from_id(id, seed, Self::EXPERT)
                .map(|bot| Box::new(bot) as Box<dyn Bot<DurakDuel>>),
        }
    }
}

/// A durak-duel strategy that decides from the view alone, with no state and no randomness.
trait Strategy {
    fn choose(&self, view: &DurakDuelView, legal: &[DurakDuelAction]) -> Option<DurakDuelAction>;
}

/// Every strategy is a bot: it answers with its choice (the runner checks it against the legal
/// actions).
impl<S: Strategy + Send> Bot<DurakDuel> for S {
    fn act<'a>(
        &'a mut self,
        turn: Turn<'a, DurakDuel>,
    ) -> BotFuture<'a, Result<Reply<DurakDuelAction>, BotFault>> {
        let choice = self.choose(turn.view, turn.legal_actions);
        Box::pin(async move {
            choice
                .map(Reply::silent)
                .ok_or_else(|| BotFault::illegal("asked to act with no legal action"))
        })
    }
}

fn is_trump(view: &DurakDuelView, card: Card) -> bool {
    card.suit() == view.trump.suit()
}
