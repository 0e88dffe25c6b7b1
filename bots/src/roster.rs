//! The roster: every game with its house bots, and a way to run generic code on a game named at
//! run time. Adding a game is one line here in [`with_game`] and one in the engine's catalog
//! (`cardarena_engine::catalog`).

use cardarena_engine::games::bridge::Bridge;
use cardarena_engine::games::durak::Durak;
use cardarena_engine::games::durak_duel::DurakDuel;
use cardarena_engine::games::fifty_six::FiftySix;
use cardarena_engine::games::most::Most;
use cardarena_engine::games::prsi::Prsi;
use cardarena_engine::{Determinize, Encode, Game, Seat};

use crate::bot::Bot;
use crate::expert::Calibration;

/// A game together with its house bots; it can be rebuilt from a seat's view, for the house bot
/// `expert` that every game has.
pub trait HouseGame: Game + Determinize + Encode {
    /// The ids of the game's house bots; `random` is always among them.
    const HOUSE_BOTS: &'static [&'static str];

    /// The most decisions a match may take before the runner cuts it off; far above any real
    /// game's length.
    const MAX_DECISIONS: u32 = 10_000;

    /// How the expert's budget in ms turns into engine steps in this game (see
    /// [`crate::expert::Calibration`]).
    const EXPERT: Calibration;

    /// Where the expert's rollouts ([`crate::expert`]) may stop short of the match's end: the
    /// value (0 to 1, as a place value) of `now` for `seat` once it, played on from `start`, has
    /// gone far enough (bridge: the deal is over, valued by the totals); `None` plays on. By
    /// default every rollout plays to the end.
    fn rollout_cut(start: &Self, now: &Self, seat: Seat) -> Option<f64> {
        let _ = (start, now, seat);
        None
    }

    /// The move the expert's rollouts play for the seat to act, seeing `view`, among `legal`
    /// (not empty): the game's `greedy`, so a rollout plays out as sensible players would and
    /// its end judges the move searched, not the noise of random play. `None` plays a uniformly
    /// random move.
    fn rollout_move(view: &Self::View, legal: &[Self::Action]) -> Option<Self::Action>;

    /// Whether the expert's rollouts may play a random move in `game` now, as they do one time
    /// in ten for a little noise; not where one random move would swamp the rest (fifty-six's
    /// bidding, where a random bid is as likely 56 as 28). By default, always.
    fn rollout_noise(game: &Self) -> bool {
        let _ = game;
        true
    }

    /// A decision the expert leaves to the game's own rule of thumb, where rollouts of random
    /// play judge badly (fifty-six's bids: random bidders overbid whatever the expert does, so
    /// every bid looks alike and the search would pick one by noise); `None`, the default,
    /// searches.
    fn expert_rule(view: &Self::View, legal: &[Self::Action]) -> Option<Self::Action> {
        let _ = (view, legal);
        None
    }

    /// How many deals the expert draws and weighs at a decision ([`HouseGame::sample_likelihood`])
    /// to play its rounds on, in proportion to their weights; 0, the default, plays each round on
    /// a fresh deal, unweighed.
    const SAMPLE_POOL: usize = 0;

    /// How likely the other seats' public moves are on `sample`, a game rebuilt from `view` with
    /// the hidden cards dealt at random, from 0 to 1: with a [`HouseGame::SAMPLE_POOL`], the
    /// expert's rounds take its deals in proportion, so its samples lean to the deals the moves
    /// suggest. A model of how the others play (fifty-six: that they bid, name trumps and play
    /// as `greedy` does), read from the view and the sample alone. By default every sample is as
    /// likely.
    fn sample_likelihood(view: &Self::View, sample: &Self) -> f64 {
        let _ = (view, sample);
        1.0
    }

    /// A fresh house bot by id, its random choices (if any) following from `seed`; `None` for an
    /// unknown id.
    fn house_bot(id: &str, seed: u64) -> Option<Box<dyn Bot<Self>>>;
}

/// Whether `id` names one of a game's house bots, `house_bots` its [`HouseGame::HOUSE_BOTS`]:
/// one of the ids, or `expert:N` (the expert with a budget of N ms, see
/// [`crate::expert::budget_ms`]) when the game has the expert. Every place that takes a house
/// bot's id from outside (practice, tables, tournaments, the command line) checks it here.
pub fn names_house_bot(house_bots: &[&str], id: &str) -> bool {
    house_bots.contains(&id)
        || (house_bots.contains(&crate::expert::ID) && crate::expert::budget_ms(id).is_some())
}

/// Generic code to run on a game chosen by id at run time (see [`with_game`]).
pub trait GameVisitor {
    /// What the code returns.
    type Output;
    /// Runs the code for game `G`.
    fn visit<G: HouseGame>(self) -> Self::Output;
}

/// Runs `visitor` on the game with this id; `None` when no game has it.
pub fn with_game<V: GameVisitor>(id: &str, visitor: V) -> Option<V::Output> {
    match id {
        Durak::ID => Some(visitor.visit::<Durak>()),
        Bridge::ID => Some(visitor.visit::<Bridge>()),
        DurakDuel::ID => Some(visitor.visit::<DurakDuel>()),
        Prsi::ID => Some(visitor.visit::<Prsi>()),
        Most::ID => Some(visitor.visit::<Most>()),
        FiftySix::ID => Some(visitor.visit::<FiftySix>()),
        _ => None,
    }
}

/// The ids of every game, in the order they were added: the engine's catalog
/// ([`cardarena_engine::catalog::GAME_IDS`]), which [`with_game`] dispatches in full.
pub fn game_ids() -> &'static [&'static str] {
    cardarena_engine::catalog::GAME_IDS
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Id;
    impl GameVisitor for Id {
        type Output = &'static str;
        fn visit<G: HouseGame>(self) -> &'static str {
            G::ID
        }
    }

    #[test]
    fn every_listed_game_is_dispatched_to_itself() {
        for id in game_ids() {
            assert_eq!(with_game(id, Id), Some(*id));
        }
        assert_eq!(with_game("chess", Id), None);
    }

    struct Bots;
    impl GameVisitor for Bots {
        type Output = bool;
        fn visit<G: HouseGame>(self) -> bool {
            G::HOUSE_BOTS.contains(&"random")
                && G::HOUSE_BOTS.iter().all(|id| G::house_bot(id, 0).is_some())
                && G::house_bot("nobody", 0).is_none()
        }
    }

    #[test]
    fn an_expert_with_a_budget_names_a_house_bot_of_games_with_the_expert() {
        assert!(names_house_bot(&["greedy", "expert"], "expert:200"));
        assert!(names_house_bot(&["greedy", "expert"], "greedy"));
        assert!(!names_house_bot(&["greedy", "expert"], "expert:0"));
        assert!(!names_house_bot(&["greedy", "random"], "expert:200"));
        for id in game_ids() {
            assert_eq!(with_game(id, Budgeted), Some(true), "{id}");
        }
    }

    struct Budgeted;
    impl GameVisitor for Budgeted {
        type Output = bool;
        fn visit<G: HouseGame>(self) -> bool {
            names_house_bot(G::HOUSE_BOTS, "expert:200") && G::house_bot("expert:200", 0).is_some()
        }
    }

    #[test]
    fn every_game_has_random_and_builds_every_listed_house_bot() {
        for id in game_ids() {
            assert_eq!(with_game(id, Bots), Some(true), "{id}");
        }
    }
}
