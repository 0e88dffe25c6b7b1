//! The round: defences, counterattacks, passes, piling on and refills.

use super::*;

// ---------------------------------------------------------------------------------------------
// The round.

#[test]
fn a_counterattack_turns_the_roles() {
    let mut game = position("AD", "7C 9S 10S 9H", "7H 8H 9D", &[], "");
    play(&mut game, &[attack("7C"), counter("7H")]);
    assert_eq!((game.attacker(), game.defender()), (1, 0));
    assert_eq!(game.to_act(), Some(0));
    assert_eq!(game.phase(), Phase::Defend);
    assert_eq!(game.pairs(), [(card("7C"), None), (card("7H"), None)]);
    // Seat 0 must now answer both sevens: it may beat 7♥ with 9♥ (nothing of its beats 7♣), but
    // not counter (it has no seven left).
    assert_eq!(
        game.legal_actions(),
        [defend("7H", "9H"), DurakDuelAction::Pass]
    );
}

#[test]
fn a_counterattack_needs_the_other_player_to_hold_every_attack_card() {
    // Seat 0 holds one card after its attack: a counterattack would leave it two attack cards.
    let game = {
        let mut game = position("AD", "7C 9S", "7H 8H 9H", &[], "");
        play(&mut game, &[attack("7C")]);
        game
    };
    assert_validity(&game, &counter("7H"), false);
    let mut game = position("AD", "7C 9S 10S", "7H 7S 9H", &[], "");
    play(&mut game, &[attack("7C")]);
    assert_validity(&game, &counter("7H"), true);
    assert_validity(&game, &counter("7H 7S"), false);
}

#[test]
fn a_pass_lets_the_attacker_pile_on_then_the_defender_takes_all() {
    // The deck holds 6♣ 6♦ 6♥ 6♠ 7♦ AD; seat 0 refills after seat 1 takes.
    let mut game = position(
        "AD",
        "8C 8H 8S QS KS AS",
        "9C 9D 9H 9S 10C 10H",
        &[],
        "6C 6D 6H 6S 7D AD",
    );
    play(&mut game, &[attack("8C"), defend("8C", "9C"), attack("8H")]);
    play(&mut game, &[DurakDuelAction::Pass]);
    assert_eq!(game.phase(), Phase::PileOn);
    assert_eq!(game.to_act(), Some(0));
    let legal = game.legal_actions();
    // 8♠ may be piled on (the ranks on the table are 8 and 9); so may not Q♠.
    assert_eq!(legal, [pile_on("8S"), DurakDuelAction::Done]);
    play(&mut game, &[pile_on("8S")]);
    assert_eq!(game.hand(1), set("9D 9H 9S 10C 10H 8C 9C 8H 8S"));
    // Only the attacker refills; it won the round and opens the next.
    assert_eq!(game.hand(0), set("QS KS AS 6C 6D 6H"));
    assert_eq!(game.deck(), cards("6S 7D AD").as_slice());
    assert_eq!(
        (game.attacker(), game.phase(), game.round()),
        (0, Phase::Open, 2)
    );
}

#[test]
fn pile_on_keeps_within_six_attacks_and_the_defenders_hand() {
    let mut game = position("AD", "8C 8H 8S 8D", "9H 10S", &[], "");
    play(&mut game, &[attack("8C"), DurakDuelAction::Pass]);
    // The defender holds two cards and one attack card is unbeaten: one more may be piled on.
    let legal = game.legal_actions();
    assert_eq!(
        legal,
        [
            pile_on("8D"),
            pile_on("8H"),
            pile_on("8S"),
            DurakDuelAction::Done
        ]
    );
}

#[test]
fn a_defended_round_is_discarded_both_refill_starter_first_and_the_defender_opens() {
    let mut game = position(
        "AD",
        "8C 8H QS KS AS JC",
        "9C 9H 9S 10C 10H JH",
        &[],
        "6C 6H 6S 7C 7H 7S AD",
    );
    play(
        &mut game,
        &[attack("8C 8H"), defend("8C", "9C"), defend("8H", "9H")],
    );
    assert_eq!(game.phase(), Phase::Continue);
    play(&mut game, &[DurakDuelAction::Done]);
    assert_eq!(game.discard(), set("8C 8H 9C 9H"));
    assert_eq!(game.hand(0), set("QS KS AS JC 6C 6H"));
    assert_eq!(game.hand(1), set("9S 10C 10H JH 6S 7C"));
    assert_eq!(game.deck(), cards("7H 7S AD").as_slice());
    assert_eq!(
        (game.attacker(), game.defender(), game.starter()),
        (1, 0, 1)
    );
    assert_eq!(game.phase(), Phase::Open);
}

#[test]
fn six_defended_attack_cards_end_the_round() {
    let mut game = position(
        "AD",
        "8C 8H 8S QC KS",
        "9C 9H 9S JD JC JH JS",
        &[("7C", Some("8D")), ("10H", Some("QH"))],
        "6C 6H 6S 7S 7H AD",
    );
    assert_eq!(game.phase(), Phase::Continue);
    play(
        &mut game,
        &[
            attack("8C 8H 8S QC"),
            defend("8C", "9C"),
            defend("8H", "9H"),
            defend("8S", "9S"),
        ],
    );
    assert_eq!(game.phase(), Phase::Defend);
    play(&mut game, &[defend("QC", "JD")]);
    // Six attack cards defended: the round is over though seat 0 still holds K♠.
    assert_eq!(
        (game.round(), game.phase(), game.attacker()),
        (2, Phase::Open, 1)
    );
    assert_eq!(game.hand(0), set("KS 6C 6H 6S 7S 7H"));
    assert_eq!(game.hand(1), set("JC JH JS AD"));
}

#[test]
fn the_round_ends_when_a_hand_is_empty_after_a_defence() {
    // The attacker has played its last card; once it is beaten the round is over, and with the
    // deck empty the attacker, out of cards, wins the round and the game.
    let mut game = position("AD", "8C", "9C 9H", &[], "");
    play(&mut game, &[attack("8C"), defend("8C", "9C")]);
    assert_eq!(game.phase(), Phase::Over);
    assert_eq!(game.winner(), Some(0));
    let outcome = game.outcome().unwrap();
    assert_eq!(
        outcome.seats,
        [
            SeatResult {
                rank: 1,
                score: 1.0
            },
            SeatResult {
                rank: 2,
                score: 0.0
            }
        ]
    );
}

#[test]
fn both_out_at_once_the_attacker_wins() {
    // Seed 002: "If the deck is empty, and the attacker has no cards left: the attacker wins".
    let mut game = position("AD", "8C", "9C", &[], "");
    play(&mut game, &[attack("8C"), defend("8C", "9C")]);
    assert_eq!(game.winner(), Some(0));
    assert!(!game.is_draw());
    let outcome = game.outcome().unwrap();
    assert!(outcome.is_win(0) && outcome.is_loss(1));
    assert!(game.legal_actions().is_empty());
    assert_eq!(
        game.clone().apply(&DurakDuelAction::Pass),
        Err(RuleError::GameOver)
    );
}

#[test]
fn both_out_at_once_after_a_counterattack_the_counterattacker_wins() {
    // Seat 1 turns the attack with its last card; seat 0 beats both attack cards with its last
    // two: seat 1, the attacker now, wins.
    let mut game = position("AD", "8C 9C 10H", "8H", &[], "");
    play(&mut game, &[attack("8C"), counter("8H")]);
    assert_eq!(game.attacker(), 1);
    play(&mut game, &[defend("8C", "9C"), defend("8H", "10H")]);
    assert_eq!(game.winner(), Some(1));
}

#[test]
fn the_defender_out_of_cards_with_the_deck_empty_wins() {
    let mut game = position("AD", "8C 10S", "9C", &[], "");
    play(&mut game, &[attack("8C"), defend("8C", "9C")]);
    assert_eq!(game.winner(), Some(1));
}

#[test]
fn the_starter_refills_first_even_when_that_decides_the_game() {
    // Both hands empty after the defence, three cards left: seat 0 opened the round and draws
    // them all, leaving seat 1 without cards and the deck empty, so seat 1 wins.
    let mut game = position("AD", "8C", "9C", &[], "6C 6H 6S");
    play(&mut game, &[attack("8C"), defend("8C", "9C")]);
    assert_eq!(game.hand(0), set("6C 6H 6S"));
    assert_eq!(game.winner(), Some(1));
}

#[test]
fn the_game_goes_on_while_the_deck_has_cards() {
    let mut game = position("AD", "8C 10S", "9C", &[], "6C 6H 6S 7C 7H 7S AD");
    play(&mut game, &[attack("8C"), defend("8C", "9C")]);
    // Seat 1 ran out of cards and the round ended, but the deck refills it.
    assert_eq!((game.phase(), game.attacker()), (Phase::Open, 1));
    assert_eq!(game.hand(0), set("10S 6C 6H 6S 7C 7H"));
    assert_eq!(game.hand(1), set("7S AD"));
}
