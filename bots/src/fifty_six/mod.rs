//! House bots for `fifty-six`: `greedy`, its bolder and more cautious bidders `bold` and
//! `cautious`, `random` and `expert`. Four house bots fill a 4-player table, so the demo ladder plays
//! fifty-six without any bot registered.

mod greedy;

use cardarena_engine::Game;
use cardarena_engine::games::fifty_six::{FiftySix, FiftySixAction, FiftySixView, Phase};

use crate::bot::{Bot, BotFault, BotFuture, Reply, Turn};
use crate::expert::{self, Calibration, Expert};
use crate::random::RandomBot;
use crate::roster::HouseGame;

pub use greedy::{Bidding, Greedy};

/// The expert's search speed in this game (see [`Calibration`]), measured by
/// `examples/expert_strength.rs calibrate`.
pub(crate) const EXPERT: Calibration = Calibration {
    steps_per_ms: 2_700,
    sample_steps: 9,
};

impl HouseGame for FiftySix {
    const EXPERT: Calibration = EXPERT;

    fn rollout_move(
        game: &Self,
        view: &mut Self::View,
        legal: &[Self::Action],
    ) -> Option<Self::Action> {
        game.view_into(game.to_act()?, view);
        Greedy::default().choose(view, legal)
    }
    /// `greedy` first: it is the substitute that finishes a faulted seat's game.
    const HOUSE_BOTS: &'static [&'static str] =
        &["greedy", "bold", "cautious", "random", expert::ID];

    /// The expert bids as `greedy` does (by its hand's value): rollouts judge a bid by the rest
    /// of the deal played out from a sample, whose other hands are random, and searched bids
    /// did worse (mean place value 0.47 against greedy over 60 matches, 0.63 bidding as greedy).
    fn expert_rule(view: &FiftySixView, legal: &[FiftySixAction]) -> Option<FiftySixAction> {
        (view.phase == Phase::Bidding)
            .then(|| Greedy::default().choose(view, legal))
            .flatten()
    }

    fn house_bot(id: &str, seed: u64) -> Option<Box<dyn Bot<FiftySix>>> {
        match id {
            "greedy" => Some(Box::new(Greedy::default())),
            "bold" => Some(Box::new(Greedy {
                bidding: Bidding::Bold,
            })),
            "cautious" => Some(Box::new(Greedy {
                bidding: Bidding::Cautious,
            })),
            "random" => Some(Box::new(RandomBot::<FiftySix>::new(seed))),
            id => Expert::<FiftySix>::from_id(id, seed, Self::EXPERT)
                .map(|bot| Box::new(bot) as Box<dyn Bot<FiftySix>>),
        }
    }
}

impl Bot<FiftySix> for Greedy {
    fn act<'a>(
        &'a mut self,
        turn: Turn<'a, FiftySix>,
    ) -> BotFuture<'a, Result<Reply<FiftySixAction>, BotFault>> {
        let choice = self.choose(turn.view, turn.legal_actions);
        Box::pin(async move {
            choice
                .map(Reply::silent)
                .ok_or_else(|| BotFault::illegal("asked to act with no legal action"))
        })
    }
}
