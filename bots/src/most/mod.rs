//! House bots for `most`: `greedy`, `random` and `expert`.

mod greedy;

use cardarena_engine::games::most::Most;

use crate::bot::{Bot, BotFault, BotFuture, Reply, Turn};
use crate::expert::{self, Calibration, Expert};
use crate::random::RandomBot;
use crate::roster::HouseGame;

pub use greedy::Greedy;

/// The expert's search speed in this game (see [`Calibration`]), measured by
/// `examples/expert_calibrate.rs` and held to the 99th percentile of a decision's CPU time.
pub(crate) const EXPERT: Calibration = Calibration {
    steps_per_ms: 550,
    sample_steps: 1,
};

impl HouseGame for Most {
    const EXPERT: Calibration = EXPERT;

    fn rollout_move(view: &Self::View, legal: &[Self::Action]) -> Option<Self::Action> {
        Greedy.choose(view, legal)
    }
    /// `greedy` first: it is the substitute that finishes a faulted seat's game.
    const HOUSE_BOTS: &'static [&'static str] = &["greedy", "random", expert::ID];

    /// A match is up to fifty deals of a few hundred decisions each.
    const MAX_DECISIONS: u32 = 100_000;

    fn house_bot(id: &str, seed: u64) -> Option<Box<dyn Bot<Most>>> {
        match id {
            "greedy" => Some(Box::new(Greedy)),
            "random" => Some(Box::new(RandomBot::<Most>::new(seed))),
            id => Expert::<Most>::from_id(id, seed, Self::EXPERT)
                .map(|bot| Box::new(bot) as Box<dyn Bot<Most>>),
        }
    }
}

impl Bot<Most> for Greedy {
    fn act<'a>(
        &'a mut self,
        turn: Turn<'a, Most>,
    ) -> BotFuture<'a, Result<Reply<cardarena_engine::games::most::MostAction>, BotFault>> {
        let choice = self.choose(turn.view, turn.legal_actions);
        Box::pin(async move {
            choice
                .map(Reply::silent)
                .ok_or_else(|| BotFault::illegal("asked to act with no legal action"))
        })
    }
}
