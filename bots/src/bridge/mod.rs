//! House bots for `bridge`: `demo` (seed 001's sample AI), `greedy`, `random` and `expert`.

mod demo;
mod greedy;

use cardarena_engine::games::bridge::{Bridge, BridgeAction, BridgeView};
use cardarena_engine::{Card, CardSet, Game, Rank, Seat, Suit};

use crate::bot::{Bot, BotFault, BotFuture, Reply, Turn};
use crate::expert::{self, Calibration, Expert};
use crate::random::RandomBot;
use crate::roster::HouseGame;

pub use demo::Demo;
pub use greedy::Greedy;

/// The gap in points at which a rollout cut at a deal's end counts a seat ahead of another at
/// odds of e to 1 (see `rollout_cut`): about one card of points.
const SOFT_PLACE_POINTS: f64 = 15.0;

/// The expert's search speed in this game (see [`Calibration`]), measured by
/// `examples/expert_calibrate.rs` and held to the 99th percentile of a decision's CPU time.
pub(crate) const EXPERT: Calibration = Calibration {
    steps_per_ms: 2_230,
    sample_steps: 1,
};

impl HouseGame for Bridge {
    const EXPERT: Calibration = EXPERT;

    fn rollout_move(view: &Self::View, legal: &[Self::Action]) -> Option<Self::Action> {
        Greedy.choose(view, legal)
    }
    /// `demo` first: it is the substitute that finishes a faulted seat's game.
    const HOUSE_BOTS: &'static [&'static str] = &["demo", "greedy", "random", expert::ID];

    /// A match runs to 125 points over many deals: random play averages over a thousand decisions.
    const MAX_DECISIONS: u32 = 200_000;

    /// A rollout stops when the deal ends (a match to 125 is a thousand random moves and more,
    /// a deal a few dozen), the match's last included, valued by the totals then (lower is
    /// better): the mean over the other seats of a soft win against each, a logistic curve of
    /// the gap in points ([`SOFT_PLACE_POINTS`] for odds of e to 1). A hard place would leave
    /// every move alike whenever the gaps are wider than one deal's points; a soft one still
    /// weighs each point.
    fn rollout_cut(start: &Bridge, now: &Bridge, seat: Seat) -> Option<f64> {
        if now.deal_number() == start.deal_number() && now.to_act().is_some() {
            return None;
        }
        let totals = now.totals();
        let mine = f64::from(totals[seat]);
        let others = (totals.iter().enumerate()).filter(|&(other, _)| other != seat);
        let wins: f64 = others
            .clone()
            .map(|(_, &total)| 1.0 / (1.0 + ((mine - f64::from(total)) / SOFT_PLACE_POINTS).exp()))
            .sum();
        Some(wins / others.count().max(1) as f64)
    }

    fn house_bot(id: &str, seed: u64) -> Option<Box<dyn Bot<Bridge>>> {
        match id {
            "demo" => Some(Box::new(Demo::new(seed))),
            "greedy" => Some(Box::new(Greedy)),
            "random" => Some(Box::new(RandomBot::<Bridge>::new(seed))),
            id => Expert::<Bridge>::from_id(id, seed, Self::EXPERT)
                .map(|bot| Box::new(bot) as Box<dyn Bot<Bridge>>),
        }
    }
}

/// A bridge strategy: one decision from the view and the legal actions. `&mut self` lets a
/// strategy keep its own state within a match (demo remembers its hand before a draw, and its
/// random generator).
trait Strategy {
    fn choose(&mut self, view: &BridgeView, legal: &[BridgeAction]) -> Option<BridgeAction>;
}

/// Every strategy is a bot: it answers with its choice (the runner checks it against the legal
/// actions).
impl<S: Strategy + Send> Bot<Bridge> for S {
    fn act<'a>(
        &'a mut self,
        turn: Turn<'a, Bridge>,
    ) -> BotFuture<'a, Result<Reply<BridgeAction>, BotFault>> {
        let choice = self.choose(turn.view, turn.legal_actions);
        Box::pin(async move {
            choice
                .map(Reply::silent)
                .ok_or_else(|| BotFault::illegal("asked to act with no legal action"))
        })
    }
}

/// The distinct cards among the legal plays, in the order listed.
fn playable(legal: &[BridgeAction]) -> CardSet {
    let mut out = CardSet::EMPTY;
    for action in legal {
        if let BridgeAction::Play { card, .. } = *action {
            out.insert(card);
        }
    }
    out
}

/// The cards of a hand as a set.
fn card_set(cards: &[Card]) -> CardSet {
    let mut out = CardSet::EMPTY;
    for &card in cards {
        out.insert(card);
    }
    out
}

fn is_jack(card: Card) -> bool {
    card.rank() == Some(Rank::Jack)
}

/// The play of `card`, naming `suit` when it is a jack (and only then).
fn play(card: Card, suit: Suit) -> BridgeAction {
    BridgeAction::Play {
        card,
        suit: is_jack(card).then_some(suit),
    }
}
