//! Each rule on a hand-built position, and the seed's own examples.

use super::*;

#[test]
fn the_pack_has_54_cards_and_a_deal_gives_six_each_and_starts_the_bridge() {
    assert_eq!(most_pack().len(), PACK_SIZE);
    assert_eq!(most_pack().into_iter().collect::<CardSet>().len(), 54);
    for players in 2..=6 {
        let game = Most::new(&MostOptions::default(), players, 7).unwrap();
        for seat in 0..players {
            assert_eq!(game.hand(seat).len(), HAND_SIZE);
        }
        assert_eq!(game.bridge().len(), 1);
        assert_eq!(game.deck().len(), 54 - 6 * players - 1);
        assert_eq!(game.to_act(), Some((game.dealer() + 1) % players));
        assert_eq!(game.phase(), Phase::Draw);
    }
    assert!(Most::new(&MostOptions::default(), 1, 7).is_err());
    assert!(Most::new(&MostOptions::default(), 7, 7).is_err());
}

#[test]
fn runs_wrap_around_the_ace_and_sets_are_one_rank() {
    assert!(meld_shape(&cards("QH KH AH 2H 3H")).is_some());
    assert!(meld_shape(&cards("KS AS 2S")).is_some());
    assert!(meld_shape(&cards("JS JC JD")).is_some());
    assert!(meld_shape(&cards("7C 7D 7H 7S")).is_some());
    assert!(meld_shape(&cards("KS AS 3S")).is_none());
    assert!(meld_shape(&cards("KS AH 2S")).is_none());
    assert!(meld_shape(&cards("7C 7D")).is_none());
    assert!(meld_shape(&cards("7C 8D 9C")).is_none());
    let (_, order) = meld_shape(&cards("2H 3H AH KH QH")).unwrap();
    assert_eq!(order, cards("QH KH AH 2H 3H"));
}

#[test]
fn a_turn_starts_with_a_draw_or_a_take() {
    let mut game = play(&["2C 3C 9H 9D", "5S 6S"], vec![], &[false, false]);
    game.phase = Phase::Draw;
    game.bridge = cards("4C JS");
    let legal = game.legal_actions();
    assert_eq!(
        legal,
        vec![MostAction::Draw, MostAction::Take { index: 0 }],
        "4C melds with 2C 3C; JS melds with nothing"
    );
    assert_illegal(&game, &MostAction::Discard { card: c("9H") });
    let mut drawn = game.clone();
    drawn.apply(&MostAction::Draw).unwrap();
    assert!(
        drawn.hand(0).contains(c("4C")),
        "the deck is drawn from its end"
    );
    assert_eq!(drawn.phase(), Phase::Play);
}

#[test]
fn taking_from_the_bridge_takes_every_later_card_and_forces_a_meld_with_the_first() {
    let mut game = play(&["2C 3C 9H", "5S 6S"], vec![], &[false, false]);
    game.phase = Phase::Draw;
    game.bridge = cards("KD 4C JS 8H");
    game.apply(&MostAction::Take { index: 1 }).unwrap();
    assert_eq!(game.bridge(), cards("KD").as_slice());
    assert_eq!(game.hand(0), set("2C 3C 4C 9H JS 8H"));
    assert_eq!(game.pending(), Some(c("4C")));
    assert_eq!(game.legal_actions(), vec![meld_action("2C 3C 4C", &[])]);
    assert_illegal(&game, &MostAction::Discard { card: c("9H") });
    game.apply(&meld_action("2C 3C 4C", &[])).unwrap();
    assert_eq!(game.pending(), None);
    assert!(game.has_melded(0));
    assert_legal(&game, &MostAction::Discard { card: c("9H") });
}

#[test]
fn a_take_needs_a_meld_that_leaves_a_card_to_discard() {
    let mut game = play(&["2C 3C", "5S 6S"], vec![], &[false, false]);
    game.phase = Phase::Draw;
    game.bridge = cards("4C");
    assert_illegal(&game, &MostAction::Take { index: 0 });
    game.bridge = cards("4C 9D");
    assert_legal(&game, &MostAction::Take { index: 0 });
    assert_illegal(&game, &MostAction::Take { index: 1 });
}

#[test]
fn a_meld_must_leave_a_card_in_hand() {
    let game = play(&["2C 3C 4C", "5S 6S"], vec![], &[false, false]);
    assert_illegal(&game, &meld_action("2C 3C 4C", &[]));
    let game = play(&["2C 3C 4C 9D", "5S 6S"], vec![], &[false, false]);
    assert_legal(&game, &meld_action("2C 3C 4C", &[]));
}

#[test]
fn the_seeds_joker_swap() {
    // Player A has 8♣, a joker for 9♣, 10♣; player B, holding 9♣, may swap it for the joker.
    let game = play(
        &["9C 5H", "2D 3D"],
        vec![meld(1, "8C RJ=9C 10C")],
        &[false, true],
    );
    let swap = MostAction::Swap {
        meld: 0,
        card: c("9C"),
    };
    assert_legal(&game, &swap);
    let mut after = game.clone();
    after.apply(&swap).unwrap();
    assert_eq!(after.hand(0), set("RJ 5H"));
    assert_eq!(after.melds()[0].slots[1].card, c("9C"));
    assert_eq!(after.melds()[0].slots[1].by, 0);
    // A card a joker stands for may not go onto the bridge either.
    assert_illegal(&game, &MostAction::Discard { card: c("9C") });
    assert_legal(&game, &MostAction::Discard { card: c("5H") });
}

#[test]
fn the_seeds_meld_conflict() {
    // A has Q♠ Q♦ Q♣: B may not meld J♣, a joker for Q♣, K♣.
    let game = play(
        &["JC BJ KC 5H", "2D 3D"],
        vec![meld(1, "QS QD QC")],
        &[false, true],
    );
    assert_illegal(&game, &meld_action("JC KC", &[("BJ", "QC")]));
    // ... and a joker never stands for a card on the bridge or in the player's own hand.
    let game = play(&["JC BJ KC 5H", "2D 3D"], vec![], &[false, false]);
    assert_legal(&game, &meld_action("JC KC", &[("BJ", "QC")]));
    let mut on_bridge = game.clone();
    on_bridge.bridge = cards("QC");
    assert_illegal(&on_bridge, &meld_action("JC KC", &[("BJ", "QC")]));
    let game = play(&["JC BJ KC QC 5H", "2D 3D"], vec![], &[false, false]);
    assert_illegal(&game, &meld_action("JC KC", &[("BJ", "QC")]));
    assert_legal(&game, &meld_action("JC QC KC", &[]));
}

#[test]
fn the_seeds_lay_off_examples() {
    // A: 2♦ 2♣ 2♠; B: K♥ A♥ 2♥ 3♥. Either may lay 4♥ (then 5♥ …) or Q♥ (then J♥ …) on B's meld;
    // nobody may lay 2♥ on A's meld, it is in B's.
    let melds = vec![meld(0, "2D 2C 2S"), meld(1, "KH AH 2H 3H")];
    let game = play(&["4H QH 5H 2H JH 9S", "6D"], melds, &[true, true]);
    let lay = |meld, card: &str| MostAction::LayOff {
        meld,
        card: c(card),
        stands_for: None,
    };
    assert_legal(&game, &lay(1, "4H"));
    assert_legal(&game, &lay(1, "QH"));
    assert_illegal(&game, &lay(1, "5H"));
    assert_illegal(&game, &lay(1, "JH"));
    assert_illegal(&game, &lay(0, "2H"));
    let mut after = game.clone();
    after.apply(&lay(1, "4H")).unwrap();
    after.apply(&lay(1, "QH")).unwrap();
    assert_legal(&after, &lay(1, "5H"));
    assert_legal(&after, &lay(1, "JH"));
    let shown: Vec<Card> = after.melds()[1].slots.iter().map(|s| s.card).collect();
    assert_eq!(shown, cards("QH KH AH 2H 3H 4H"));
    assert_eq!(
        after.melds()[1].slots[0].by,
        0,
        "laid-off cards score for who laid them"
    );
    assert_eq!(after.deal_points(0), 10 + 5 + 15 - (5 + 5 + 10 + 5));
}

#[test]
fn lay_offs_need_a_meld_of_ones_own_and_jokers_name_their_card() {
    let melds = vec![meld(1, "7C 7D 7H")];
    let game = play(&["7S RJ 9D", "6D"], melds.clone(), &[false, true]);
    let natural = MostAction::LayOff {
        meld: 0,
        card: c("7S"),
        stands_for: None,
    };
    assert_illegal(&game, &natural);
    let game = play(&["7S RJ 9D", "6D"], melds, &[true, true]);
    assert_legal(&game, &natural);
    assert_illegal(
        &game,
        &MostAction::LayOff {
            meld: 0,
            card: c("RJ"),
            stands_for: Some(c("7S")),
        },
    );
    assert_illegal(
        &game,
        &MostAction::LayOff {
            meld: 0,
            card: c("RJ"),
            stands_for: None,
        },
    );
    let game = play(&["RJ 9D", "6D"], vec![meld(1, "7C 7D 7H")], &[true, true]);
    assert_legal(
        &game,
        &MostAction::LayOff {
            meld: 0,
            card: c("RJ"),
            stands_for: Some(c("7S")),
        },
    );
}

#[test]
fn the_deal_ends_on_the_last_discard_and_scores_table_for_and_hand_against() {
    let mut game = play(
        &["9D", "AS BJ 3C"],
        vec![meld(0, "10H JH QH"), meld(1, "5C 5D RJ=5H")],
        &[true, true],
    );
    game.apply(&MostAction::Discard { card: c("9D") }).unwrap();
    assert_eq!(game.to_act(), None);
    assert_eq!(game.last_scores(), &[30, 10 - (15 + 100 + 5)]);
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.seats[0].rank, 1);
    assert_eq!(outcome.seats[0].score, 30.0);
    assert_eq!(outcome.seats[1].rank, 2);
    assert_eq!(card_points(c("2C")), 5);
    assert_eq!(card_points(c("9C")), 5);
    assert_eq!(card_points(c("10C")), 10);
    assert_eq!(card_points(c("KC")), 10);
    assert_eq!(card_points(c("AC")), 15);
    assert_eq!(card_points(c("RJ")), 0);
    assert_eq!(hand_penalty(c("BJ")), 100);
}

#[test]
fn the_deal_ends_when_the_deck_runs_out() {
    let mut game = play(&["9D 8D", "AS"], vec![], &[false, false]);
    game.deck.clear();
    game.apply(&MostAction::Discard { card: c("9D") }).unwrap();
    assert_eq!(
        game.to_act(),
        None,
        "the next turn would start with no deck"
    );
    assert_eq!(game.last_scores(), &[-5, -15]);
}

#[test]
fn the_match_runs_deal_after_deal_until_someone_reaches_the_target() {
    let mut game = play(&["9D", "AS"], vec![], &[false, false]);
    game.options.single_deal = false;
    game.totals = vec![490, 0];
    game.melds = vec![meld(0, "2H 3H 4H")];
    game.apply(&MostAction::Discard { card: c("9D") }).unwrap();
    assert_eq!(
        game.to_act(),
        None,
        "490 + 15 reaches 500: the match is over"
    );
    assert_eq!(game.totals(), &[505, -15]);
    assert_eq!(game.outcome().unwrap().seats[0].rank, 1);
    let mut game = play(&["9D", "AS"], vec![], &[false, false]);
    game.options.single_deal = false;
    game.totals = vec![400, 0];
    game.apply(&MostAction::Discard { card: c("9D") }).unwrap();
    assert_eq!(game.totals(), &[400, -15]);
    assert_eq!(game.deals_played(), 1);
    assert!(game.to_act().is_some(), "a new deal");
    assert_eq!(game.hand(0).len(), 6);
    assert!(game.melds().is_empty());
}

#[test]
fn options_default_to_the_match_to_500() {
    let options: MostOptions = serde_json::from_str("{}").unwrap();
    assert_eq!(options, MostOptions::default());
    assert_eq!(options.target, 500);
    assert!(!options.single_deal);
    assert!(serde_json::from_str::<MostOptions>("{\"x\":1}").is_err());
    let json = serde_json::to_string(&meld_action("2C 3C", &[("RJ", "4C")])).unwrap();
    assert_eq!(
        json,
        r#"{"kind":"meld","cards":["2C","3C"],"jokers":[{"joker":"RJ","stands_for":"4C"}]}"#
    );
}
