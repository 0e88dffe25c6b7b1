//! House bots for `durak`: `reference` (seed 000's fixed strategy), `greedy`, `random` and `expert`.

mod greedy;
mod reference;

use cardarena_engine::Card;
use cardarena_engine::games::durak::{Durak, DurakAction, DurakView};

use crate::bot::{Bot, BotFault, BotFuture, Reply, Turn};
use crate::expert::{self, Calibration, Expert};
use crate::random::RandomBot;
use crate::roster::HouseGame;

pub use greedy::Greedy;
pub use reference::Reference;

/// The expert's search speed in this game (see [`Calibration`]), measured by
/// `examples/expert_calibrate.rs` and held to the 99th percentile of a decision's CPU time.
pub(crate) const EXPERT: Calibration = Calibration {
    steps_per_ms: 3_930,
    sample_steps: 3,
};

impl HouseGame for Durak {
    const EXPERT: Calibration = EXPERT;

    fn rollout_move(view: &Self::View, legal: &[Self::Action]) -> Option<Self::Action> {
        Greedy.choose(view, legal)
    }
    const HOUSE_BOTS: &'static [&'static str] = &["reference", "greedy", "random", expert::ID];

    fn house_bot(id: &str, seed: u64) -> Option<Box<dyn Bot<Durak>>> {
        match id {
            "reference" => Some(Box::new(Reference)),
            "greedy" => Some(Box::new(Greedy)),
            "random" => Some(Box::new(RandomBot::<Durak>::new(seed))),
            id => Expert::<Durak>::from_id(id, seed, Self::EXPERT)
                .map(|bot| Box::new(bot) as Box<dyn Bot<Durak>>),
        }
    }
}

/// A durak strategy that decides from the view alone, with no state and no randomness.
trait Strategy {
    fn choose(&self, view: &DurakView, legal: &[DurakAction]) -> Option<DurakAction>;
}

/// Every strategy is a bot: it answers with its choice (the runner checks it against the legal
/// actions).
impl<S: Strategy + Send> Bot<Durak> for S {
    fn act<'a>(
        &'a mut self,
        turn: Turn<'a, Durak>,
    ) -> BotFuture<'a, Result<Reply<DurakAction>, BotFault>> {
        let choice = self.choose(turn.view, turn.legal_actions);
        Box::pin(async move {
            choice
                .map(Reply::silent)
                .ok_or_else(|| BotFault::illegal("asked to act in a finished game"))
        })
    }
}

/// The unbeaten card on the table, if the defender has one to answer.
fn pending_attack(view: &DurakView) -> Option<Card> {
    view.table
        .last()
        .filter(|pair| pair.beat.is_none())
        .map(|pair| pair.attack)
}

fn is_trump(view: &DurakView, card: Card) -> bool {
    card.suit() == view.trump.suit()
}
