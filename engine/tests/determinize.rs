//! Property tests of [`Determinize`] in every game: over random deals and random play, at every
//! decision a game rebuilt from the view of the seat to act shows that seat the same view, offers
//! the same legal actions, holds the same cards, plays on to an end, and depends on the view alone
//! (a second game showing the seat the same view gives the same sample for the same seed).

use cardarena_engine::games::bridge::{Bridge, BridgeOptions};
use cardarena_engine::games::durak::Durak;
use cardarena_engine::games::durak_duel::DurakDuel;
use cardarena_engine::games::fifty_six::FiftySix;
use cardarena_engine::games::most::Most;
use cardarena_engine::games::prsi::Prsi;
use cardarena_engine::playout::random_playout;
use cardarena_engine::shuffle::{below, rng};
use cardarena_engine::{Card, Determinize, Eye, Game};
use proptest::prelude::*;

/// The cards of `game`, all face up, sorted.
fn every_card<G: Game>(game: &G) -> Vec<Card> {
    let (mut up, down) = game.table(Eye::All).face_up();
    assert_eq!(down, 0);
    up.sort();
    up
}

/// Plays `G` at random from `seed` and checks every decision's samples.
fn check_game<G: Determinize + PartialEq>(
    options: &G::Options,
    players: usize,
    seed: u64,
    max_decisions: usize,
) {
    let mut game = G::new(options, players, seed).unwrap();
    let mut choices = rng(seed ^ 0x5eed);
    let mut decisions = 0;
    while let Some(seat) = game.to_act() {
        let view = game.view(seat);
        let sample = G::determinize(&view, &mut rng(decisions));
        let sampled_view = sample.view(seat);
        assert_eq!(
            serde_json::to_value(&sampled_view).unwrap(),
            serde_json::to_value(&view).unwrap(),
            "the sample shows another view"
        );
        let legal = game.legal_actions();
        assert_eq!(sample.legal_actions(), legal);
        assert_eq!(
            every_card(&sample),
            every_card(&game),
            "cards not conserved"
        );
        let again = G::determinize(&sampled_view, &mut rng(decisions + 1));
        assert!(again == G::determinize(&view, &mut rng(decisions + 1)));
        let mut end = sample.clone();
        random_playout(&mut end, &mut rng(decisions), &mut Vec::new()).unwrap();
        assert!(end.outcome().is_some());
        game.apply(&legal[below(&mut choices, legal.len())])
            .unwrap();
        decisions += 1;
        if decisions as usize >= max_decisions {
            break;
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn durak_samples_keep_the_view(seed: u64, players in 2usize..=4) {
        check_game::<Durak>(&Default::default(), players, seed, 400);
    }

    #[test]
    fn durak_duel_samples_keep_the_view(seed: u64) {
        check_game::<DurakDuel>(&Default::default(), 2, seed, 400);
    }

    #[test]
    fn prsi_samples_keep_the_view(seed: u64, players in 2usize..=5) {
        check_game::<Prsi>(&Default::default(), players, seed, 400);
    }

    #[test]
    fn bridge_samples_keep_the_view(seed: u64, players in 2usize..=6, single_deal: bool) {
        let options = BridgeOptions { single_deal, ..BridgeOptions::default() };
        check_game::<Bridge>(&options, players, seed, 300);
    }

    #[test]
    fn most_samples_keep_the_view(seed: u64, players in 2usize..=6) {
        check_game::<Most>(&Default::default(), players, seed, 300);
    }

    #[test]
    fn fifty_six_samples_keep_the_view(seed: u64, six: bool) {
        check_game::<FiftySix>(&Default::default(), if six { 6 } else { 4 }, seed, 300);
    }
}
