//! Following suit, calling for the trump and judging tricks.

use super::*;

#[test]
fn rule_play_follow_suit_if_you_can() {
    let mut game = playing(&["JH 9C", "9H AC 10D", "10C QH", "AH KC"], 2, 30, "KD", 0);
    game.apply(&play("9C")).unwrap();
    assert_eq!(game.legal_actions(), [play("AC")]);
    let refused = game.clone().apply(&play("9H")).unwrap_err();
    assert!(refused.to_string().contains("follow suit"), "{refused}");
    assert!(game.clone().apply(&play("JS")).is_err(), "not in the hand");
    game.apply(&play("AC")).unwrap();
    assert_eq!(game.to_act(), Some(2));
}

#[test]
fn rule_play_the_leader_plays_any_card_and_the_trick_winner_leads() {
    let mut game = playing(&["JH 9C", "9H AC", "10C QH", "AH KC"], 2, 30, "KD", 0);
    assert_eq!(game.legal_actions(), [play("9C"), play("JH")]);
    apply_all(
        &mut game,
        &[play("9C"), play("AC"), play("10C"), play("KC")],
    );
    assert_eq!(game.tricks()[0].winner, 0);
    assert_eq!(game.tricks()[0].points, 4);
    assert_eq!(game.to_act(), Some(0));
    assert_eq!(game.trick().leader, 0);
}

#[test]
fn rule_play_the_bidder_may_lead_the_hidden_trumps_suit() {
    let mut game = playing(&["JH 9C", "9H AC", "10C 9S QH", "AH KC"], 2, 30, "KS", 2);
    assert_eq!(game.legal_actions(), [play("10C"), play("QH"), play("9S")]);
    game.apply(&play("9S")).unwrap();
    assert_eq!(game.hidden_trump(), Some(card("KS")));
}

#[test]
fn rule_reveal_only_when_unable_to_follow_and_only_while_hidden() {
    let mut game = playing(
        &["JH 9C", "9H AS 10D", "10C QH 9S", "AH KC"],
        2,
        30,
        "KS",
        0,
    );
    assert!(
        game.clone().apply(&REVEAL).is_err(),
        "the leader may not call"
    );
    assert!(!game.legal_actions().contains(&REVEAL));
    game.apply(&play("9C")).unwrap();
    let legal = game.legal_actions();
    assert_eq!(legal.last(), Some(&REVEAL), "{legal:?}");
    assert_eq!(legal.len(), 4, "any card, or the call");
    game.apply(&REVEAL).unwrap();
    assert_eq!(game.to_act(), Some(1), "the same seat acts again");
    assert!(game.clone().apply(&REVEAL).is_err(), "already revealed");
    assert!(!game.legal_actions().contains(&REVEAL));
    game.apply(&play("10D")).unwrap();
    // Seat 2 can follow clubs: no call, even though the trump is now known.
    assert_eq!(game.legal_actions(), [play("10C")]);
    // A seat that can follow may not call while the trump is hidden.
    let mut hidden = playing(&["JH 9C", "9H AC", "10C", "AH KC"], 2, 30, "KS", 0);
    hidden.apply(&play("9C")).unwrap();
    let refused = hidden.clone().apply(&REVEAL).unwrap_err();
    assert!(refused.to_string().contains("cannot follow"), "{refused}");
}

#[test]
fn rule_reveal_shows_the_card_and_returns_it_to_the_bidders_hand() {
    let mut game = playing(&["JH 9C", "9H 10D", "10C QH", "AH KC"], 2, 30, "KS", 0);
    game.apply(&play("9C")).unwrap();
    game.apply(&REVEAL).unwrap();
    assert_eq!(game.hidden_trump(), None);
    assert_eq!(game.revealed_trump(), Some(card("KS")));
    assert_eq!(texts(game.hand(2)), "10C QH KS");
    for seat in 0..4 {
        let view = game.view(seat);
        assert_eq!(view.trump_card, Some(card("KS")));
        assert!(view.trump_revealed);
        assert_eq!(view.trump_in_force(), Some(Suit::Spades));
        assert_eq!(
            view.reveal,
            Some(Reveal {
                seat: 1,
                trick: 0,
                automatic: false
            })
        );
    }
    // Nothing obliges the caller to play trump: any card will do.
    assert_eq!(game.legal_actions(), [play("10D"), play("9H")]);
}

#[test]
fn rule_reveal_by_the_bidder_whose_trump_is_of_the_suit_led_then_follows_with_it() {
    let mut game = playing(&["JH 9C", "9H 10D", "QH AD", "AH KC"], 2, 30, "10C", 0);
    apply_all(&mut game, &[play("9C"), play("10D")]);
    assert_eq!(game.to_act(), Some(2));
    assert!(game.legal_actions().contains(&REVEAL));
    game.apply(&REVEAL).unwrap();
    assert_eq!(game.legal_actions(), [play("10C")]);
}

#[test]
fn rule_trump_beats_every_other_suit_once_revealed() {
    let mut game = playing(&["JH 9C", "9H 10D", "10C QH", "9C KS"], 2, 30, "JS", 0);
    apply_all(
        &mut game,
        &[play("JH"), play("9H"), play("QH"), REVEAL, play("KS")],
    );
    let trick = &game.tricks()[0];
    assert_eq!(trick.winner, 3, "KS trumps JH");
    assert_eq!(trick.points, 5);
    assert_eq!(game.to_act(), Some(3));
}

#[test]
fn rule_a_trump_suit_card_played_before_the_reveal_has_no_value() {
    let hands = ["JH 9C", "9S 10D", "10H QH", "AH KC"];
    let mut game = playing(&hands, 2, 30, "JS", 0);
    apply_all(&mut game, &[play("JH"), play("9S"), play("QH"), play("AH")]);
    assert_eq!(game.tricks()[0].winner, 0, "9S is a discard while hidden");
    // A later call in the same trick turns the earlier 9S into a trump.
    let mut game = playing(&["JH 9C", "9S 10D", "10H QH", "9C KC"], 2, 30, "JS", 0);
    apply_all(
        &mut game,
        &[play("JH"), play("9S"), play("QH"), REVEAL, play("KC")],
    );
    assert_eq!(game.tricks()[0].winner, 1);
}

#[test]
fn rule_the_bidder_with_only_the_hidden_trump_left_reveals_it_automatically() {
    let mut game = playing(&["9C", "AC", "", "10C"], 2, 30, "JS", 0);
    game.tricks = vec![won(0, 0); 7];
    game.apply(&play("9C")).unwrap();
    game.apply(&play("AC")).unwrap();
    assert_eq!(game.to_act(), Some(2));
    assert_eq!(game.revealed_trump(), Some(card("JS")));
    assert_eq!(
        game.view(0).reveal,
        Some(Reveal {
            seat: 2,
            trick: 7,
            automatic: true
        })
    );
    assert_eq!(game.legal_actions(), [play("JS")]);
    apply_all(&mut game, &[play("JS"), play("10C")]);
    assert_eq!(
        game.last_deal().unwrap().card_points,
        7,
        "JS wins the last trick"
    );
}

#[test]
fn rule_tani_the_bidder_plays_alone_and_leads_every_trick() {
    for players in [4, 6] {
        let mut hands = vec!["AH 10H", "JH 9H KS", "JC 9C", "KH QH", "JD 9D", "QS KS"];
        hands.truncate(players);
        let mut game = hiding(&hands, players - 1, 1, TANI);
        game.apply(&hide("9H")).unwrap();
        let out: Vec<Seat> = (0..players).filter(|s| s % 2 == 1 && *s != 1).collect();
        assert_eq!(game.view(0).sitting_out, out);
        assert!(game.view(0).tani);
        assert_eq!(
            game.to_act(),
            Some(1),
            "the bidder leads, not left of the dealer"
        );
        game.apply(&play("JH")).unwrap();
        let mut order = vec![1];
        while game.tricks().is_empty() {
            let seat = game.to_act().unwrap();
            order.push(seat);
            let action = game.legal_actions()[0];
            game.apply(&action).unwrap();
        }
        let expected: Vec<Seat> = (1..players + 1)
            .map(|s| s % players)
            .filter(|s| !out.contains(s))
            .collect();
        assert_eq!(order, expected, "sit-outs skipped");
        assert_eq!(game.tricks()[0].cards.len(), players / 2 + 1);
        assert_eq!(game.trick().leader, 1);
        for seat in &out {
            assert_eq!(game.hand(*seat).len(), 2, "a sit-out keeps its cards");
        }
        // Whoever wins the trick, the bidder leads again.
        assert_eq!(game.to_act(), Some(1));
    }
}

#[test]
fn rule_tani_is_made_only_by_winning_all_eight_tricks_personally() {
    let mut game = playing(&["", "", "", ""], 0, TANI, "JS", 0);
    game.tricks = vec![won(0, 7); 8];
    game.end_deal();
    assert!(game.last_deal().unwrap().made);
    assert_eq!(game.totals(), [4, 0]);
    let mut game = playing(&["", "", "", ""], 0, TANI, "JS", 0);
    game.tricks = vec![won(0, 7); 8];
    game.tricks[7] = won(1, 0);
    game.end_deal();
    let result = *game.last_deal().unwrap();
    assert!(!result.made && result.tani);
    assert_eq!(result.card_points, 49);
    assert_eq!(game.totals(), [-5, 0]);
}

// ---- Scoring and the match ----------------------------------------------------------------
