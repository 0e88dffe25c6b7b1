//! Fixed encodings of a game for machine learning: every action numbered in an action space of
//! fixed size, and one seat's information as a vector of numbers of fixed length.
//!
//! A policy network wants a fixed number of outputs (one per action id, masked by the legal ones)
//! and a fixed number of inputs; the JSON views and actions the protocol sends change shape from
//! one state to the next. Each game implements [`Encode`] beside its rules
//! (`games/<game>/encode.rs`) and documents both layouts in `docs/games/<game>.md`, under
//! "Encodings for learning". The Python package (`python/`) exposes them as `num_actions`,
//! `legal_mask()` and `observation(seat)`.
//!
//! The observation is built from the seat's view alone, so it cannot hold anything the seat may
//! not see: two states that show a seat the same view encode the same for it.

use crate::game::Game;

/// A game's fixed encodings for learning (see the module's documentation). The sizes depend on
/// the number of seats only, never on the state or the options.
pub trait Encode: Game {
    /// How many action ids a table of `players` seats has: every legal action of every state of
    /// such a game has an id below it.
    fn action_space(players: usize) -> usize;

    /// The id of `action`, one of the legal actions of the seat that sees `view` and is to act:
    /// below [`Encode::action_space`], and different for different legal actions of one state.
    fn action_id(view: &Self::View, action: &Self::Action) -> usize;

    /// The length of a seat's observation at a table of `players` seats.
    fn observation_len(players: usize) -> usize;

    /// Writes the observation of `view` over `out`, whose length is
    /// [`Encode::observation_len`]: every value finite and between 0 and 1, read from `view`
    /// alone.
    fn observe(view: &Self::View, out: &mut [f32]);
}

/// The property tests every game's encoding meets, shared by the games' own tests.
#[cfg(test)]
pub(crate) mod checks {
    use rand_chacha::ChaCha8Rng;

    use super::Encode;
    use crate::determinize::Determinize;
    use crate::game::Seat;
    use crate::shuffle::{below, rng};

    /// The observation of `seat` in `game`, checked for its length and range.
    fn observation<G: Encode>(game: &G, seat: Seat) -> Vec<f32> {
        let players = game.players();
        let mut out = vec![f32::NAN; G::observation_len(players)];
        G::observe(&game.view(seat), &mut out);
        for (at, value) in out.iter().enumerate() {
            assert!(
                value.is_finite() && (0.0..=1.0).contains(value),
                "{}: observation[{at}] is {value}",
                G::ID
            );
        }
        out
    }

    /// Plays `games` random games of `G` at `players` seats from `options` and checks at every
    /// state: each legal action's id is below the action space and no two share one; every
    /// seat's observation has the documented length and range; and a game rebuilt from a seat's
    /// view with other hidden cards ([`Determinize`]) encodes the same for that seat. Returns
    /// how many distinct action ids the games used, so a caller can check the space is not
    /// mostly empty.
    pub(crate) fn check<G: Encode + Determinize>(
        options: &G::Options,
        players: usize,
        games: u64,
    ) -> usize {
        let space = G::action_space(players);
        let mut used = vec![false; space];
        for seed in 0..games {
            let mut game = G::new(options, players, seed).expect("the table is allowed");
            let mut choices: ChaCha8Rng = rng(seed ^ 0x5eed);
            while let Some(actor) = game.to_act() {
                let view = game.view(actor);
                let legal = game.legal_actions();
                let mut ids: Vec<usize> = legal.iter().map(|a| G::action_id(&view, a)).collect();
                for (&id, action) in ids.iter().zip(&legal) {
                    assert!(id < space, "{}: {action:?} has id {id} of {space}", G::ID);
                    used[id] = true;
                }
                ids.sort_unstable();
                ids.dedup();
                assert_eq!(
                    ids.len(),
                    legal.len(),
                    "{}: ids collide in {legal:?}",
                    G::ID
                );
                let seat = below(&mut choices, players);
                let sample = G::determinize(&game.view(seat), &mut rng(seed));
                assert_eq!(
                    observation(&game, seat),
                    observation(&sample, seat),
                    "{}: the same view encoded twice differs",
                    G::ID
                );
                let action = &legal[below(&mut choices, legal.len())];
                game.apply(action).expect("a legal action");
            }
            for seat in 0..players {
                observation(&game, seat);
            }
        }
        used.iter().filter(|&&u| u).count()
    }
}
