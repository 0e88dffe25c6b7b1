//! The expert's search: determinized deals, every legal action played out on each, and the
//! rollouts that play them out.

use cardarena_engine::Seat;
use cardarena_engine::shuffle::below;
use rand_chacha::ChaCha8Rng;

use super::{Calibration, Choice, MAX_ROLLOUT_STEPS, RANDOM_MOVES_PERCENT};
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

/// Rounds of one sampled deal each, every legal action played out on it, until the budget is
/// spent (at least one round).
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
    while rounds == 0 || spent < search.steps {
        let deal = G::determinize(view, rng);
        spent += search.calibration.sample_steps;
        for (action, total) in legal.iter().zip(totals.iter_mut()) {
            let game = match &mut game {
                Some(game) => {
                    game.clone_from(&deal);
                    game
                }
                None => game.insert(deal.clone()),
            };
            let (value, steps) = match game.apply(action) {
                Ok(()) => rollout(&deal, game, search.seat, rng, &mut scratch),
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
        let guided = (below(rng, 100) >= RANDOM_MOVES_PERCENT)
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
