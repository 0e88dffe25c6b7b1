//! `expert`: the house bot of every game that searches: determinized Monte Carlo over the engine.
//!
//! At each decision with more than one legal action it deals the cards its seat cannot see at
//! random, consistently with the view ([`cardarena_engine::Determinize`]: a game rebuilt from the view alone, so it
//! cannot read a hidden card), plays each legal action on that deal and then the game out as the
//! game's greedy bot would (one move in ten at random: [`HouseGame::rollout_move`]), and scores
//! the end, or where the game cuts a rollout short ([`HouseGame::rollout_cut`]), by the seat's
//! place value (1 first, 0 last, tied seats sharing their places). It repeats with fresh deals until its budget is spent and picks
//! the action with the best mean (the first in the legal order on a tie). A game with a model of
//! how the other seats play (fifty-six: bids, trump and plays as `greedy` makes them) draws a
//! pool of deals once a decision instead, weighs each by how likely it makes the moves the view
//! shows ([`HouseGame::sample_likelihood`]), and each round takes one in proportion.
//!
//! The budget is counted in engine steps (a rollout's applied actions, plus a fixed cost per
//! deal sampled), not in wall-clock time: a decision then depends only on the view, the match
//! seed and the decision's number, whatever the machine's speed or load, so replays and
//! duplicate tables reproduce it. Each game converts a budget in milliseconds with its own
//! measured rate ([`Calibration`]) so that a millisecond of budget is about a millisecond of
//! one core in a release build. Its id is `expert` (50 ms) or `expert:N` for a budget of N ms,
//! N one of [`BUDGETS_MS`].

pub mod calibrate;
#[cfg(test)]
mod hot_path_tests;
mod search;
#[cfg(test)]
mod tests;

use std::marker::PhantomData;

use cardarena_engine::Seat;
use cardarena_engine::shuffle::{derive_seed, rng};

use crate::bot::{Bot, BotFault, BotFuture, Reply, Turn};
use crate::roster::HouseGame;
use crate::thinking;
use search::{Search, search};

/// The id of the expert with its default budget.
pub const ID: &str = "expert";
/// The budget of a decision when the id names none, in ms.
pub const DEFAULT_BUDGET_MS: u32 = 50;
/// The budgets an id may name, in ms. A short list, not a range: each budget named is a house
/// bot row of its own (`expert:200@durak`), and anyone who opens a table can name one.
pub const BUDGETS_MS: &[u32] = &[5, 10, 20, 50, 100, 200, 500, 1000, 2000];
/// The most actions one rollout plays; a rollout still running then counts as a middle place
/// (0.5), so a game random play drags on cannot eat the budget.
const MAX_ROLLOUT_STEPS: u32 = 2_000;
/// The fewest deals in the pool of a game that weighs its samples ([`HouseGame::SAMPLE_POOL`]),
/// however small the budget.
const MIN_POOL: usize = 8;
/// How often in a hundred a rollout plays a random move instead of the game's rollout move
/// ([`HouseGame::rollout_move`]): a little noise, so the rollouts of one deal are not all alike.
const RANDOM_MOVES_PERCENT: usize = 10;

/// The budgets an id may name, for messages: "5, 10, 20, …".
pub fn budgets_in_words() -> String {
    let budgets: Vec<String> = BUDGETS_MS.iter().map(u32::to_string).collect();
    budgets.join(", ")
}

/// The budget in ms an expert id names: 50 for `expert`, N for `expert:N` (N one of
/// [`BUDGETS_MS`], digits only, no leading zero); `None` for any other id.
pub fn budget_ms(id: &str) -> Option<u32> {
    if id == ID {
        return Some(DEFAULT_BUDGET_MS);
    }
    let digits = id.strip_prefix(ID)?.strip_prefix(':')?;
    if digits.is_empty() || digits.starts_with('0') || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok().filter(|ms| BUDGETS_MS.contains(ms))
}

/// How one game's search cost turns into time: measured in a release build on one core.
///
/// A decision's cost per step varies with the position (early in a game a rollout's steps
/// handle fuller hands), so a rate measured over many positions leaves the slowest decisions
/// over budget. Each game's `steps_per_ms` is therefore the measured rate scaled until the 99th
/// percentile of a 50 ms decision's CPU time (`cardarena bench --strength --threads 1`,
/// `p99_decision_cpu_ms`) is about 55 ms, inside the budget + 10 ms.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Calibration {
    /// Engine steps (rollout actions) per ms.
    pub steps_per_ms: u64,
    /// What rebuilding one deal from the view costs, in steps, weighing it included.
    pub sample_steps: u64,
}

/// The expert house bot of game `G` (see the module's documentation).
pub struct Expert<G> {
    seed: u64,
    budget_ms: u32,
    steps: u64,
    calibration: Calibration,
    game: PhantomData<fn() -> G>,
}

impl<G: HouseGame> Expert<G> {
    /// An expert whose choices follow from `seed`, with a budget of `budget_ms` per decision as
    /// `calibration` converts it.
    pub fn new(seed: u64, budget_ms: u32, calibration: Calibration) -> Expert<G> {
        Expert {
            seed,
            budget_ms,
            steps: u64::from(budget_ms) * calibration.steps_per_ms,
            calibration,
            game: PhantomData,
        }
    }

    /// The expert named by `id` (see [`budget_ms`]), or `None` for another id.
    pub fn from_id(id: &str, seed: u64, calibration: Calibration) -> Option<Expert<G>> {
        budget_ms(id).map(|ms| Expert::new(seed, ms, calibration))
    }

    /// The action the expert takes at decision number `decision` for `seat`, seeing `view`, among
    /// `legal` (not empty), with the scores it found (none for a decision left to the game's
    /// rule of thumb, [`HouseGame::expert_rule`]: mean 0 over 0 rollouts).
    pub fn choose(
        &self,
        seat: Seat,
        decision: u32,
        view: &G::View,
        legal: &[G::Action],
    ) -> Choice<G::Action> {
        if let Some(action) = G::expert_rule(view, legal).filter(|a| legal.contains(a)) {
            return Choice {
                action,
                mean: 0.0,
                values: Vec::new(),
                rollouts: 0,
            };
        }
        if legal.len() <= 1 {
            return Choice {
                action: legal[0].clone(),
                mean: 1.0,
                values: Vec::new(),
                rollouts: 0,
            };
        }
        self.search(seat, decision, view, legal)
    }

    /// The expected place value of each of `legal` (not empty) for `seat` seeing `view`, in
    /// `legal`'s order, as the search estimates them at decision number `decision`: what an
    /// analysis of a played match reports. Unlike [`Expert::choose`] it searches every decision,
    /// a forced one and one the game leaves to its rule of thumb included.
    pub fn evaluate(
        &self,
        seat: Seat,
        decision: u32,
        view: &G::View,
        legal: &[G::Action],
    ) -> Vec<f64> {
        self.search(seat, decision, view, legal).values
    }

    /// Searches `legal` for `seat`, the generator seeded by the expert's seed and `decision`.
    fn search(
        &self,
        seat: Seat,
        decision: u32,
        view: &G::View,
        legal: &[G::Action],
    ) -> Choice<G::Action> {
        search::<G>(
            Search {
                seat,
                steps: self.steps,
                calibration: self.calibration,
            },
            &mut rng(derive_seed(self.seed, u64::from(decision))),
            view,
            legal,
        )
    }
}

/// What one search found: the action chosen, its mean place value and the rollouts played.
#[derive(Debug, Clone, PartialEq)]
pub struct Choice<A> {
    /// The action with the best mean.
    pub action: A,
    /// Its mean place value over its rollouts (1 when it was the only action).
    pub mean: f64,
    /// Every legal action's mean place value, in the legal order (empty when nothing was
    /// searched).
    pub values: Vec<f64>,
    /// Rollouts played over all actions.
    pub rollouts: u64,
}

impl<G: HouseGame> Bot<G> for Expert<G> {
    /// Searches in the process's [`crate::thinking`] pool, charged to the tenant the match is
    /// played for, so a match's runtime is not held up for the budget.
    fn act<'a>(
        &'a mut self,
        turn: Turn<'a, G>,
    ) -> BotFuture<'a, Result<Reply<G::Action>, BotFault>> {
        let expert = Expert::<G> {
            game: PhantomData,
            ..*self
        };
        let view = turn.view.clone();
        let legal = turn.legal_actions.to_vec();
        let (seat, decision) = (turn.seat, turn.decision);
        Box::pin(async move {
            if legal.is_empty() {
                return Err(BotFault::illegal("asked to act with no legal action"));
            }
            let budget = f64::from(expert.budget_ms);
            let search = thinking::shared().think(thinking::current_tenant(), budget, move || {
                expert.choose(seat, decision, &view, &legal)
            });
            let choice = search
                .await
                .map_err(|e| BotFault::illegal(format!("the expert's search failed: {e}")))?;
            Ok(Reply::silent(choice.action))
        })
    }
}
