//! Scoring, the match, setup and the wire forms.

use super::*;

#[test]
fn rule_scoring_table_by_bid_band() {
    assert_eq!(
        (score_change(28, true, 4), score_change(39, false, 4)),
        (1, -2)
    );
    assert_eq!(
        (score_change(40, true, 4), score_change(55, false, 6)),
        (2, -3)
    );
    assert_eq!(
        (score_change(56, true, 4), score_change(56, false, 4)),
        (4, -5)
    );
    assert_eq!(
        (score_change(56, true, 6), score_change(56, false, 6)),
        (6, -7)
    );
}

#[test]
fn rule_scoring_only_the_bidding_team_changes() {
    // Team 1 (seat 3) bid 40 and took 39 points: failed, −3 to team 1, nothing to team 0.
    let mut game = playing(&["", "", "", ""], 3, 40, "JS", 0);
    game.tricks = vec![won(1, 20), won(3, 19), won(0, 17)];
    game.tricks.extend(vec![won(0, 0); 5]);
    game.end_deal();
    let result = *game.last_deal().unwrap();
    assert_eq!(
        (result.team, result.card_points, result.made),
        (1, 39, false)
    );
    assert_eq!(game.totals(), [0, -3]);
    // Exactly the bid is made.
    let mut game = playing(&["", "", "", ""], 2, 37, "JS", 0);
    game.tricks = vec![won(0, 20), won(2, 17), won(1, 19)];
    game.tricks.extend(vec![won(1, 0); 5]);
    game.end_deal();
    assert!(game.last_deal().unwrap().made);
    assert_eq!(game.totals(), [1, 0]);
    assert_eq!(game.view(1).last_deal.unwrap().change, 1);
}

#[test]
fn rule_the_dealer_moves_left_after_every_deal_played_out() {
    let mut game = new_game(6);
    let mut dealers = vec![game.dealer()];
    while game.deals_done() < 3 {
        let before = (game.deals_done(), game.void_deals());
        let action = game.legal_actions()[0];
        game.apply(&action).unwrap();
        if game.deals_done() != before.0 {
            dealers.push(game.dealer());
            assert_eq!(game.to_act(), Some((game.dealer() + 1) % 6));
        } else if game.void_deals() != before.1 {
            assert_eq!(game.dealer(), *dealers.last().unwrap());
        }
    }
    assert_eq!(dealers, [5, 0, 1, 2]);
}

#[test]
fn rule_match_lasts_one_deal_per_seat_by_default_and_ranks_the_teams() {
    let mut game = new_game(4);
    assert_eq!(game.deals(), 4);
    let mut steps = 0;
    while game.to_act().is_some() {
        let action = game.legal_actions()[0];
        game.apply(&action).unwrap();
        steps += 1;
        assert!(steps < 10_000);
    }
    assert_eq!(game.deals_done(), 4);
    assert_eq!(game.phase(), Phase::Over);
    assert!(game.legal_actions().is_empty());
    assert_eq!(game.apply(&PASS), Err(RuleError::GameOver));
    assert!(game.outcome().is_some());

    let mut game = playing(&["", "", "", ""], 1, 30, "JS", 0);
    game.deals = 1;
    game.totals = [3, 3];
    game.tricks = vec![won(1, 7); 8];
    game.end_deal();
    let outcome = game.outcome().unwrap();
    let ranks: Vec<u32> = outcome.seats.iter().map(|s| s.rank).collect();
    let scores: Vec<f64> = outcome.seats.iter().map(|s| s.score).collect();
    assert_eq!(ranks, [2, 1, 2, 1]);
    assert_eq!(scores, [3.0, 4.0, 3.0, 4.0]);
    assert!(outcome.is_win(1) && outcome.is_loss(0));
}

#[test]
fn rule_match_equal_totals_are_a_draw() {
    let mut game = playing(&["", "", "", "", "", ""], 0, 28, "JS", 0);
    game.deals = 1;
    game.totals = [-1, 0];
    game.tricks = vec![won(0, 7); 8];
    game.end_deal();
    assert_eq!(game.totals(), [0, 0]);
    let outcome = game.outcome().unwrap();
    assert!(outcome.is_draw());
    assert!(outcome.seats.iter().all(|s| s.rank == 1 && s.score == 0.0));
}

// ---- Setup --------------------------------------------------------------------------------

#[test]
fn rule_setup_four_or_six_players_and_checked_options() {
    let options = FiftySixOptions::default();
    for players in [0, 2, 3, 5, 7, 8] {
        let err = FiftySix::new(&options, players, 1).unwrap_err();
        assert!(matches!(err, SetupError::Players { .. }), "{players}");
        assert!(err.to_string().contains("4 or 6"), "{err}");
    }
    let too_long = FiftySixOptions {
        deals: MAX_DEALS + 1,
        ..options
    };
    assert!(matches!(
        FiftySix::new(&too_long, 4, 1),
        Err(SetupError::Options { .. })
    ));
    let ten = FiftySixOptions {
        deals: 10,
        ..options
    };
    assert_eq!(FiftySix::new(&ten, 6, 1).unwrap().deals(), 10);
    let bad_riffle: FiftySixOptions =
        serde_json::from_str(r#"{"shuffle":{"kind":"riffle","riffles":0}}"#).unwrap();
    let err = FiftySix::new(&bad_riffle, 4, 1).unwrap_err();
    assert!(err.to_string().contains("riffles"), "{err}");
    assert_eq!(
        serde_json::from_str::<FiftySixOptions>("{}").unwrap(),
        options
    );
    assert!(serde_json::from_str::<FiftySixOptions>(r#"{"deal":3}"#).is_err());
    let riffle: FiftySixOptions =
        serde_json::from_str(r#"{"deals":2,"shuffle":{"kind":"riffle","riffles":2}}"#).unwrap();
    assert!(FiftySix::new(&riffle, 6, 1).is_ok());
}

// ---- Wire forms and the view --------------------------------------------------------------

#[test]
fn actions_are_json_tagged_by_kind() {
    let cases = [
        (bid(30), r#"{"kind":"bid","points":30}"#),
        (PASS, r#"{"kind":"pass"}"#),
        (hide("JH"), r#"{"kind":"hide_trump","card":"JH"}"#),
        (REVEAL, r#"{"kind":"reveal_trump"}"#),
        (play("10S"), r#"{"kind":"play","card":"10S"}"#),
    ];
    for (action, json) in cases {
        assert_eq!(serde_json::to_string(&action).unwrap(), json);
        assert_eq!(
            serde_json::from_str::<FiftySixAction>(json).unwrap(),
            action
        );
    }
    assert!(serde_json::from_str::<FiftySixAction>(r#"{"kind":"play","card":"2X"}"#).is_err());
    assert!(
        serde_json::from_str::<FiftySixAction>(r#"{"kind":"play","card":"JH","x":1}"#).is_err()
    );
}

#[test]
fn actions_of_the_wrong_phase_are_refused_without_change() {
    let game = new_game(4);
    for action in [hide("JH"), play("JH"), REVEAL] {
        let mut copy = game.clone();
        let err = copy.apply(&action).unwrap_err();
        assert!(err.to_string().contains("bidding phase"), "{err}");
        assert_eq!(copy, game);
    }
}

#[test]
fn the_view_shows_the_public_deal_and_only_its_own_hand() {
    let mut game = playing(&["JH 9C", "9H 10D", "10C QH", "AH KC"], 2, 30, "KS", 0);
    game.bids = vec![
        BidEntry {
            seat: 0,
            points: Some(28),
        },
        BidEntry {
            seat: 1,
            points: None,
        },
    ];
    apply_all(&mut game, &[play("9C")]);
    let view = game.view(1);
    assert_eq!((view.seat, view.players, view.team), (1, 4, 1));
    assert_eq!(view.phase, Phase::Playing);
    assert_eq!(texts(&view.hand), "10D 9H");
    assert_eq!(view.hand_sizes, [1, 2, 2, 2]);
    assert_eq!(view.bidder, Some(2));
    assert_eq!(view.led_suit(), Some(Suit::Clubs));
    assert_eq!(view.winning_card().map(|p| p.seat), Some(0));
    assert_eq!(view.trump_in_force(), None);
    let json = serde_json::to_value(&view).unwrap();
    assert_eq!(json["phase"], "playing");
    assert_eq!(json["bidding"][1]["points"], serde_json::Value::Null);
    assert_eq!(json["standing_bid"]["points"], 30);
    assert_eq!(json["trick"]["cards"][0]["card"], "9C");
    let back: FiftySixView = serde_json::from_value(json).unwrap();
    assert_eq!(back, view);
}

#[test]
fn the_transcript_logs_deals_bids_trump_tricks_and_scores() {
    let initial = FiftySix::new(
        &FiftySixOptions {
            deals: 1,
            ..FiftySixOptions::default()
        },
        4,
        3,
    )
    .unwrap();
    let mut game = initial.clone();
    let mut actions = Vec::new();
    while game.to_act().is_some() {
        let legal = game.legal_actions();
        let action = legal[actions.len() * 7 % legal.len()];
        game.apply(&action).unwrap();
        actions.push(action);
    }
    let names: Vec<String> = ["Ann", "Bob", "Cid", "Dee"].map(String::from).to_vec();
    let log = FiftySix::transcript(&initial, &actions, &names).unwrap();
    assert!(
        log.starts_with("Fifty-six, 4 players, 1 deals, uniform shuffle\nDeal 1"),
        "{log}"
    );
    assert!(log.contains("Bidding: Ann "), "{log}");
    assert!(log.contains("hides the trump"), "{log}");
    assert!(log.contains("Trick 8: "), "{log}");
    assert!(log.contains("Match over: team 0 (Ann, Cid)"), "{log}");
    assert!(FiftySix::transcript(&initial, &[PASS], &names).is_none());
}
