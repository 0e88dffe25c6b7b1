//! The expert's tests: its ids, legal choices at every table size of every game, the same
//! decision from the same information, and a search that sees a sure win.

use cardarena_engine::Game;
use cardarena_engine::shuffle::{below, rng};

use crate::bot::Turn;
use proptest::prelude::*;

use super::*;
use crate::roster::{GameVisitor, HouseGame, game_ids, with_game};

#[test]
fn ids_name_one_of_the_listed_budgets() {
    assert_eq!(budget_ms("expert"), Some(DEFAULT_BUDGET_MS));
    assert_eq!(budget_ms("expert:200"), Some(200));
    assert_eq!(budget_ms("expert:5"), Some(5));
    assert_eq!(budget_ms("expert:2000"), Some(2000));
    for bad in [
        "expert:",
        "expert:0",
        "expert:1",
        "expert:199",
        "expert:2001",
        "expert:050",
        "expert:+5",
        "expert:1e3",
        "expert: 5",
        "expert200",
        "Expert",
        "greedy:200",
        "expert:99999999999999999999",
    ] {
        assert_eq!(budget_ms(bad), None, "{bad}");
    }
}

#[test]
fn place_values_share_tied_places() {
    use cardarena_engine::{Outcome, SeatResult};
    let outcome = |ranks: &[u32]| Outcome {
        seats: ranks
            .iter()
            .map(|&rank| SeatResult { rank, score: 0.0 })
            .collect(),
    };
    assert_eq!(outcome(&[1, 2]).place_value(0), 1.0);
    assert_eq!(outcome(&[1, 2]).place_value(1), 0.0);
    assert_eq!(outcome(&[1, 2, 1]).place_value(0), 0.75);
    assert_eq!(outcome(&[1, 1, 1, 1]).place_value(2), 0.5);
}

/// A budget small enough for debug builds: a few rounds of samples.
const SMALL: Calibration = Calibration {
    steps_per_ms: 40,
    sample_steps: 20,
};

/// Plays `G` with `players` seats from `seed`, the expert (1 ms of [`SMALL`]) at every seat,
/// checking that each choice is legal, for up to `decisions` decisions.
fn expert_plays_legally<G: HouseGame>(players: usize, seed: u64, decisions: u32) {
    let mut game = G::new(&Default::default(), players, seed).unwrap();
    let expert = Expert::<G>::new(seed, 1, SMALL);
    let mut decision = 0;
    while let Some(seat) = game.to_act()
        && decision < decisions
    {
        decision += 1;
        let legal = game.legal_actions();
        let choice = expert.choose(seat, decision, &game.view(seat), &legal);
        assert!(
            legal.contains(&choice.action),
            "{:?} not in {legal:?}",
            choice.action
        );
        game.apply(&choice.action).unwrap();
    }
}

struct Legal {
    seed: u64,
}

impl GameVisitor for Legal {
    type Output = ();
    fn visit<G: HouseGame>(self) {
        assert!(G::house_bot(ID, self.seed).is_some());
        for players in G::PLAYERS.counts() {
            expert_plays_legally::<G>(players, self.seed, 60);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4))]

    #[test]
    fn the_expert_only_chooses_legal_actions_at_every_table_size(seed: u64) {
        for id in game_ids() {
            with_game(id, Legal { seed });
        }
    }
}

struct SameInformation {
    seed: u64,
}

impl GameVisitor for SameInformation {
    type Output = ();
    fn visit<G: HouseGame>(self) {
        let players = G::PLAYERS.default;
        let mut real = G::new(&Default::default(), players, self.seed).unwrap();
        let mut choices = rng(self.seed);
        let stop = 3 + below(&mut choices, 20);
        for _ in 0..stop {
            let legal = real.legal_actions();
            if real.to_act().is_none() {
                return;
            }
            real.apply(&legal[below(&mut choices, legal.len())])
                .unwrap();
        }
        let Some(seat) = real.to_act() else { return };
        // Another game that shows the seat the same view: the real one's hidden cards dealt
        // afresh.
        let other = G::determinize(&real.view(seat), &mut rng(self.seed ^ 1));
        let expert = Expert::<G>::new(self.seed, 2, SMALL);
        let decide = |game: &G| expert.choose(seat, 9, &game.view(seat), &game.legal_actions());
        assert_eq!(decide(&real), decide(&other), "{}", G::ID);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(8))]

    #[test]
    fn the_same_information_gives_the_same_decision(seed: u64) {
        for id in game_ids() {
            with_game(id, SameInformation { seed });
        }
    }
}

#[tokio::test]
async fn a_house_expert_answers_through_the_bot_trait_as_its_search_does() {
    use cardarena_engine::games::durak::Durak;
    let game = Durak::new(&Default::default(), 3, 7).unwrap();
    let seat = game.to_act().unwrap();
    let (view, legal) = (game.view(seat), game.legal_actions());
    let mut bot = Durak::house_bot("expert:5", 11).unwrap();
    let turn = Turn {
        seat,
        decision: 1,
        view: &view,
        legal_actions: &legal,
    };
    let reply = bot.act(turn).await.unwrap();
    let search = Expert::<Durak>::from_id("expert:5", 11, crate::durak::EXPERT).unwrap();
    assert_eq!(reply.action, search.choose(seat, 1, &view, &legal).action);
}

struct Evaluates {
    seed: u64,
}

impl GameVisitor for Evaluates {
    type Output = ();
    fn visit<G: HouseGame>(self) {
        let mut game = G::new(&Default::default(), G::PLAYERS.default, self.seed).unwrap();
        let mut choices = rng(self.seed);
        let expert = Expert::<G>::new(self.seed, 1, SMALL);
        for decision in 0..30 {
            let Some(seat) = game.to_act() else { return };
            let (view, legal) = (game.view(seat), game.legal_actions());
            let values = expert.evaluate(seat, decision, &view, &legal);
            assert_eq!(values.len(), legal.len(), "{}", G::ID);
            assert!(values.iter().all(|v| (0.0..=1.0).contains(v)), "{values:?}");
            let choice = expert.choose(seat, decision, &view, &legal);
            if legal.len() > 1 && !choice.values.is_empty() {
                // The choice is the first action of the best value the evaluation found.
                let best = values.iter().cloned().fold(f64::MIN, f64::max);
                let first = values.iter().position(|&v| v == best).unwrap();
                assert_eq!(choice.action, legal[first], "{}", G::ID);
                assert_eq!(choice.values, values);
            }
            game.apply(&legal[below(&mut choices, legal.len())])
                .unwrap();
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3))]

    #[test]
    fn an_evaluation_values_every_legal_action_and_agrees_with_the_choice(seed: u64) {
        for id in game_ids() {
            with_game(id, Evaluates { seed });
        }
    }
}
