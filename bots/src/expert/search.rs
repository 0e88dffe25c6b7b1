//! The expert's search: determinized deals, every legal action played out on each, and the
//! rollouts that play them out.

use cardarena_engine::Seat;
use cardarena_engine::shuffle::below;
use rand_chacha::ChaCha8Rng;

use rand_chacha::rand_core::Rng;

use super::{Calibration, Choice, MAX_ROLLOUT_STEPS, MIN_POOL, RANDOM_MOVES_PERCENT};
use crate::roster::HouseGame;

/// A search's fixed terms.
#[derive(Debug, Clone, Copy)]
pub(super) struct Search {
    /// The seat searched for.
    pub(super) seat: Seat,
    /// The budget in engine steps.
    pub(super) steps: u64,
    /// What a sampled deal costs in steps.
    pub(super) calibration: Calibration,
}

/// Rounds of one sampled deal each (fresh, or from the game's pool: [`Pool`]), every legal
/// action played out on it, until the budget is spent (at least one round).
pub(super) fn search<G: HouseGame>(
    search: Search,
    rng: &mut ChaCha8Rng,
    view: &G::View,
    legal: &[G::Action],
) -> Choice<G::Action> {
    let mut totals = vec![0.0; legal.len()];
    let mut rounds = 0u64;
    let mut spent = 0u64;
    let mut scratch = Scratch::<G>::new(view);
    let mut game: Option<G> = None;
    let pool = Pool::<G>::draw(search, view, rng, &mut spent);
    let mut fresh: Option<G> = None;
    while rounds == 0 || spent < search.steps {
        let deal = match &pool {
            Some(pool) => pool.pick(rng),
            None => {
                spent += search.calibration.sample_steps;
                &*fresh.insert(G::determinize(view, rng))
            }
        };
        for (action, total) in legal.iter().zip(totals.iter_mut()) {
            let game = match &mut game {
                Some(game) => {
                    game.clone_from(deal);
                    game
                }
                None => game.insert(deal.clone()),
            };
            let (value, steps) = match game.apply(action) {
                Ok(()) => rollout(deal, game, search.seat, rng, &mut scratch),
                // A sample always offers the view's legal actions; should one not, the action
                // is worth nothing on it.
                Err(_) => (0.0, 0),
            };
            *total += value;
            spent += steps + 1;
        }
        rounds += 1;
    }
    let best = (0..legal.len()).fold(0, |best, i| if totals[i] > totals[best] { i } else { best });
    let values: Vec<f64> = totals.iter().map(|total| total / rounds as f64).collect();
    Choice {
        action: legal[best].clone(),
        mean: values[best],
        values,
        rollouts: rounds * legal.len() as u64,
    }
}

/// The deals a search of a game that weighs its samples ([`HouseGame::SAMPLE_POOL`]) plays its
/// rounds on: drawn once, each with its likelihood ([`HouseGame::sample_likelihood`]), and each
/// round takes one in proportion to it (sampling importance resampling): the rounds follow the
/// deals the other seats' moves make likely, and the cost of weighing a deal is paid once per
/// pool, not once per round.
struct Pool<G> {
    deals: Vec<G>,
    /// The likelihoods summed up to each deal, in order.
    cumulative: Vec<f64>,
}

impl<G: HouseGame> Pool<G> {
    /// The pool of `search` from `view`, its deals' cost added to `spent`; `None` for a game
    /// that weighs no sample. A pool takes about a tenth of the budget, within
    /// [`MIN_POOL`]..=[`HouseGame::SAMPLE_POOL`] deals.
    fn draw(
        search: Search,
        view: &G::View,
        rng: &mut ChaCha8Rng,
        spent: &mut u64,
    ) -> Option<Pool<G>> {
        if G::SAMPLE_POOL == 0 {
            return None;
        }
        let cost = search.calibration.sample_steps.max(1);
        let size =
            (search.steps / 10 / cost).clamp(MIN_POOL as u64, G::SAMPLE_POOL as u64) as usize;
        let mut deals = Vec::with_capacity(size);
        let mut cumulative = Vec::with_capacity(size);
        let mut sum = 0.0;
        for _ in 0..size {
            let deal = G::determinize(view, rng);
            sum += G::sample_likelihood(view, &deal).max(0.0);
            cumulative.push(sum);
            deals.push(deal);
        }
        *spent += cost * size as u64;
        Some(Pool { deals, cumulative })
    }

    /// A deal of the pool, drawn in proportion to its likelihood (uniformly if none has any).
    fn pick(&self, rng: &mut ChaCha8Rng) -> &G {
        let total = self.cumulative.last().copied().unwrap_or(0.0);
        let at = if total > 0.0 {
            let point = unit(rng) * total;
            self.cumulative.partition_point(|&c| c <= point)
        } else {
            below(rng, self.deals.len())
        };
        &self.deals[at.min(self.deals.len() - 1)]
    }
}

/// A uniform number in [0, 1) from `rng`.
fn unit(rng: &mut ChaCha8Rng) -> f64 {
    (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64
}

/// What rollouts reuse from one to the next: the legal actions' list and a view to write
/// views over, so that once they have grown a rollout allocates nothing for them.
pub(super) struct Scratch<G: HouseGame> {
    legal: Vec<G::Action>,
    view: G::View,
}

impl<G: HouseGame> Scratch<G> {
    /// Scratch space for rollouts of a game `view` is a view of.
    pub(super) fn new(view: &G::View) -> Scratch<G> {
        Scratch {
            legal: Vec::new(),
            view: view.clone(),
        }
    }
}

/// Plays `game` (dealt as `start`) out, each move the game's rollout move
/// ([`HouseGame::rollout_move`]) or, one time in ten, a random one: `seat`'s place value at the
/// end or where the game cuts rollouts short ([`HouseGame::rollout_cut`]), 0.5 when the game
/// runs past [`MAX_ROLLOUT_STEPS`], and the actions played.
pub(super) fn rollout<G: HouseGame>(
    start: &G,
    game: &mut G,
    seat: Seat,
    rng: &mut ChaCha8Rng,
    scratch: &mut Scratch<G>,
) -> (f64, u64) {
    let buffer = &mut scratch.legal;
    let mut steps = 0;
    while game.to_act().is_some() {
        if steps == MAX_ROLLOUT_STEPS {
            return (0.5, u64::from(steps));
        }
        game.legal_actions_into(buffer);
        if buffer.is_empty() {
            return (0.5, u64::from(steps));
        }
        let guided = (below(rng, 100) >= RANDOM_MOVES_PERCENT || !G::rollout_noise(game))
            .then(|| {
                // The seat's view written over the kept one, so reading it allocates nothing.
                game.view_into(game.to_act()?, &mut scratch.view);
                G::rollout_move(&scratch.view, buffer)
            })
            .flatten();
        let action = guided.unwrap_or_else(|| buffer[below(rng, buffer.len())].clone());
        if game.apply(&action).is_err() {
            return (0.5, u64::from(steps));
        }
        steps += 1;
        if let Some(value) = G::rollout_cut(start, game, seat) {
            return (value, u64::from(steps));
        }
    }
    let value = game.outcome().map_or(0.5, |o| o.place_value(seat));
    (value, u64::from(steps))
}
