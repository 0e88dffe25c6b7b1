//! House bots for `prsi`: `greedy`, `random` and `expert`.

mod greedy;

use cardarena_engine::games::prsi::Prsi;

use crate::bot::{Bot, BotFault, BotFuture, Reply, Turn};
use crate::expert::{self, Calibration, Expert};
use crate::random::RandomBot;
use crate::roster::HouseGame;

pub use greedy::Greedy;

/// The expert's search speed in this game (see [`Calibration`]), measured by
/// `examples/expert_calibrate.rs` and held to the 99th percentile of a decision's CPU time.
pub(crate) const EXPERT: Calibration = Calibration {
    steps_per_ms: 2_320,
    sample_steps: 1,
};

impl HouseGame for Prsi {
    const EXPERT: Calibration = EXPERT;

    fn rollout_move(view: &Self::View, legal: &[Self::Action]) -> Option<Self::Action> {
        Greedy.choose(view, legal)
    }
    /// `greedy` first: it is the substitute that finishes a faulted seat's game.
    const HOUSE_BOTS: &'static [&'static str] = &["greedy", "random", expert::ID];

    fn house_bot(id: &str, seed: u64) -> Option<Box<dyn Bot<Prsi>>> {
        match id {
            "greedy" => Some(Box::new(Greedy)),
            "random" => Some(Box::new(RandomBot::<Prsi>::new(seed))),
            id => Expert::<Prsi>::from_id(id, seed, Self::EXPERT)
                .map(|bot| Box::new(bot) as Box<dyn Bot<Prsi>>),
        }
    }
}

impl Bot<Prsi> for Greedy {
    fn act<'a>(
        &'a mut self,
        turn: Turn<'a, Prsi>,
    ) -> BotFuture<'a, Result<Reply<cardarena_engine::games::prsi::PrsiAction>, BotFault>> {
        let choice = self.choose(turn.view, turn.legal_actions);
        Box::pin(async move {
            choice
                .map(Reply::silent)
                .ok_or_else(|| BotFault::illegal("asked to act with no legal action"))
        })
    }
}
