//! `random`: the house bot of every game that picks uniformly among the legal actions.

use std::marker::PhantomData;

use cardarena_engine::Game;
use cardarena_engine::shuffle::{below, rng};
use rand_chacha::ChaCha8Rng;

use crate::bot::{Bot, BotFault, BotFuture, Reply, Turn};

/// Picks uniformly among the legal actions, from its own seeded generator.
pub struct RandomBot<G> {
    rng: ChaCha8Rng,
    game: PhantomData<fn() -> G>,
}

impl<G> RandomBot<G> {
    /// A random bot whose choices follow from `seed`.
    pub fn new(seed: u64) -> Self {
        RandomBot {
            rng: rng(seed),
            game: PhantomData,
        }
    }
}

impl<G: Game> Bot<G> for RandomBot<G> {
    fn act<'a>(
        &'a mut self,
        turn: Turn<'a, G>,
    ) -> BotFuture<'a, Result<Reply<G::Action>, BotFault>> {
        let index = below(&mut self.rng, turn.legal_actions.len().max(1));
        let action = turn.legal_actions.get(index).cloned();
        Box::pin(async move {
            action
                .map(Reply::silent)
                .ok_or_else(|| BotFault::illegal("asked to act with no legal action"))
        })
    }
}
