//! The bidding and the hidden trump.

use super::*;

#[test]
fn rule_bidding_the_first_bidder_must_bid_at_least_28() {
    let mut game = new_game(4);
    assert_eq!(bid_range(&game), (28, 56, false));
    assert!(matches!(game.apply(&PASS), Err(RuleError::Illegal(_))));
    assert!(game.apply(&bid(27)).is_err());
    assert!(game.apply(&bid(57)).is_err());
    assert_eq!(game, new_game(4), "refused actions change nothing");
    game.apply(&bid(28)).unwrap();
    assert_eq!(game.to_act(), Some(1));
}

#[test]
fn rule_bidding_only_higher_bids() {
    let mut game = new_game(4);
    apply_all(&mut game, &[bid(33)]);
    assert_eq!(bid_range(&game), (34, 56, true));
    assert!(game.clone().apply(&bid(33)).is_err());
    assert!(game.clone().apply(&bid(30)).is_err());
    game.apply(&bid(34)).unwrap();
    assert_eq!(
        game.standing_bid(),
        Some(Bid {
            seat: 1,
            points: 34
        })
    );
}

#[test]
fn rule_bidding_ends_after_n_minus_1_passes_in_a_row() {
    for players in [4, 6] {
        let mut game = new_game(players);
        game.apply(&bid(28)).unwrap();
        game.apply(&bid(41)).unwrap();
        for _ in 0..players - 2 {
            game.apply(&PASS).unwrap();
        }
        assert_eq!(game.phase(), Phase::Bidding, "seat 0 still to speak");
        assert_eq!(game.to_act(), Some(0));
        game.apply(&PASS).unwrap();
        assert_eq!(game.phase(), Phase::HidingTrump);
        assert_eq!(game.bidder(), Some(1));
        assert_eq!(game.to_act(), Some(1));
        assert_eq!(game.bids.len(), players + 1);
    }
}

#[test]
fn rule_bidding_56_ends_it_at_once() {
    let mut game = new_game(6);
    apply_all(&mut game, &[bid(30), bid(56)]);
    assert_eq!(game.phase(), Phase::HidingTrump);
    assert_eq!(game.bidder(), Some(1));
    assert!(game.tani());
}

#[test]
fn rule_bidding_a_teammates_bid_in_28_39_is_outbid_with_40_or_more() {
    let mut game = new_game(4);
    apply_all(&mut game, &[bid(30), PASS]);
    assert_eq!(
        bid_range(&game),
        (40, 56, true),
        "seat 2 is seat 0's teammate"
    );
    let refused = game.apply(&bid(31)).unwrap_err();
    assert!(refused.to_string().contains("40"), "{refused}");
    // An opponent's 30 is outbid with 31; a teammate's 40 with 41.
    let mut game = new_game(4);
    apply_all(&mut game, &[bid(30)]);
    assert_eq!(bid_range(&game).0, 31);
    apply_all(&mut game, &[bid(40), PASS]);
    assert_eq!(bid_range(&game).0, 41);
}

#[test]
fn rule_bidding_no_second_bid_in_28_39() {
    let mut game = new_game(4);
    apply_all(&mut game, &[bid(28), bid(29), PASS, PASS]);
    assert_eq!(game.to_act(), Some(0));
    assert_eq!(bid_range(&game), (40, 56, true));
    assert!(game.clone().apply(&bid(30)).is_err());
    game.apply(&bid(40)).unwrap();
}

#[test]
fn rule_bidding_a_player_who_passed_may_bid_again() {
    let mut game = new_game(4);
    apply_all(&mut game, &[bid(28), PASS, bid(40), PASS, PASS]);
    assert_eq!(game.to_act(), Some(1));
    assert_eq!(bid_range(&game), (41, 56, true));
    game.apply(&bid(41)).unwrap();
    assert_eq!(
        game.standing_bid(),
        Some(Bid {
            seat: 1,
            points: 41
        })
    );
}

// ---- The trump ----------------------------------------------------------------------------

#[test]
fn rule_trump_any_card_of_the_hand_may_be_hidden() {
    let mut game = hiding(&["JH JH 9C", "9H", "10C", "AH"], 3, 0, 30);
    let legal = game.legal_actions();
    assert_eq!(legal, [hide("9C"), hide("JH")], "each card once");
    assert!(game.clone().apply(&hide("AH")).is_err());
    assert!(game.clone().apply(&play("JH")).is_err());
    game.apply(&hide("JH")).unwrap();
    assert_eq!(game.hidden_trump(), Some(card("JH")));
    assert_eq!(texts(game.hand(0)), "9C JH");
    assert_eq!(game.phase(), Phase::Playing);
    assert_eq!(game.to_act(), Some(0), "left of the dealer leads");
}

#[test]
fn rule_trump_is_hidden_from_every_other_seat() {
    let mut game = hiding(&["JH 9C", "9H AC", "10C QH", "AH KC"], 3, 0, 30);
    game.apply(&hide("JH")).unwrap();
    let mine = game.view(0);
    assert_eq!(mine.trump_card, Some(card("JH")));
    assert!(!mine.trump_revealed);
    for seat in 1..4 {
        let view = game.view(seat);
        assert_eq!(view.trump_card, None);
        let json = serde_json::to_string(&view).unwrap();
        assert!(json.contains(r#""trump_card":null"#), "{json}");
        assert!(!json.contains("\"JH\""), "{json}");
        let other = game.with_hidden_card(card("9C")).unwrap();
        assert_eq!(
            other.view(seat),
            view,
            "the hidden card changes nothing seat {seat} sees"
        );
    }
    assert_eq!(game.view(1).hand_sizes, [1, 2, 2, 2]);
}

#[test]
fn rule_void_deal_when_the_defenders_hold_no_trump_and_the_same_dealer_deals_again() {
    // Seats 1 and 3 (the defenders of seat 0) hold no spades.
    let mut game = hiding(&["JS 9C", "9H AC", "10S QH", "AH KC"], 3, 0, 30);
    let counter = game.deal_counter;
    game.apply(&hide("JS")).unwrap();
    assert_eq!(game.void_deals(), 1);
    assert_eq!(game.deal_counter, counter + 1);
    assert_eq!((game.dealer(), game.deals_done()), (3, 0));
    assert_eq!(game.phase(), Phase::Bidding);
    assert_eq!(game.to_act(), Some(0));
    assert_eq!(game.view(2).void_deals, 1);
    assert!(game.bids.is_empty() && game.hidden_trump().is_none());
    // The same hands with a club hidden are no void: seat 1 holds AC.
    let mut game = hiding(&["JS 9C", "9H AC", "10S QH", "AH KC"], 3, 0, 30);
    game.apply(&hide("9C")).unwrap();
    assert_eq!((game.void_deals(), game.phase()), (0, Phase::Playing));
}

#[test]
fn rule_void_in_tani_counts_only_the_opponents_as_defenders() {
    // Only seat 2, the bidder's sitting-out teammate, holds a spade besides the bidder: void.
    let hands = ["JS 9C", "9H AC", "10S QH", "AH KC"];
    let mut game = hiding(&hands, 3, 0, TANI);
    game.apply(&hide("JS")).unwrap();
    assert_eq!(game.void_deals(), 1);
    // An opponent (seat 3) holds one: the deal is played.
    let mut game = hiding(&["JS 9C", "9H AC", "10H QH", "AH KS"], 3, 0, TANI);
    game.apply(&hide("JS")).unwrap();
    assert_eq!((game.void_deals(), game.phase()), (0, Phase::Playing));
}

// ---- Play ---------------------------------------------------------------------------------
