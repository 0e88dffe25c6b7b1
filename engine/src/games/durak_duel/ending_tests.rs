//! Rule 13 (RULES.md): a game that can no longer progress ends, on hand-built positions.

use super::tests::*;
use super::*;

/// One cycle of legal play from the position (A♣ A♥ K♣ Q♣ against A♦ K♦ K♥ Q♦, trump ♠,
/// deck empty): seat 0 leads K♣, seat 1 turns it with K♦, seat 0 passes and takes both; seat 1
/// leads K♥, seat 0 turns it with K♦, seat 1 passes and takes both. Two rounds, both taken.
fn cycle() -> Vec<DurakDuelAction> {
    vec![
        attack("KC"),
        counter("KD"),
        DurakDuelAction::Pass,
        DurakDuelAction::Done,
        attack("KH"),
        counter("KD"),
        DurakDuelAction::Pass,
        DurakDuelAction::Done,
    ]
}

#[test]
fn rule_13_a_cycle_of_counterattacks_and_takes_ends_after_the_run() {
    let start = position("6S", "AC AH KC QC", "AD KD KH QD", &[], "");
    let mut game = start.clone();
    for lap in 1..=STALL_LIMIT / 2 {
        assert_eq!(game.to_act(), Some(0), "lap {lap}");
        play(&mut game, &cycle());
        if game.to_act().is_some() {
            // Back where it started, two rounds later.
            assert_eq!((game.hand(0), game.hand(1)), (start.hand(0), start.hand(1)));
            assert_eq!((game.attacker(), game.phase()), (0, Phase::Open));
            assert_eq!(game.stalled_rounds(), 2 * lap);
            assert_eq!(game.view(1).stalled_rounds, 2 * lap);
        }
    }
    // The thirtieth taken round ends the game, both holding four cards: a draw.
    assert_eq!(game.phase(), Phase::Over);
    assert_eq!(
        (game.round(), game.stalled_rounds()),
        (STALL_LIMIT, STALL_LIMIT)
    );
    assert!(game.is_draw());
    assert!(game.outcome().unwrap().is_draw());
}

/// A position after `STALL_LIMIT - 1` rounds without progress.
fn one_round_from_the_limit(attacker: &str, defender: &str, deck: &str) -> DurakDuel {
    let mut game = position("6S", attacker, defender, &[], deck);
    game.stalled = STALL_LIMIT - 1;
    game
}

#[test]
fn rule_13_one_more_take_ends_the_game_and_fewer_cards_win() {
    let mut game = one_round_from_the_limit("AC AH KC QC", "AD KD KH QD", "");
    play(
        &mut game,
        &[attack("QC"), DurakDuelAction::Pass, DurakDuelAction::Done],
    );
    // Seat 1 took Q♣ and holds five cards against three.
    assert_eq!(game.winner(), Some(0));
    assert_eq!(game.stalled_rounds(), STALL_LIMIT);
}

#[test]
fn rule_13_a_defended_round_is_progress_and_starts_the_run_again() {
    let mut game = one_round_from_the_limit("AC AH KC 9D", "AD KD KH QD", "");
    play(
        &mut game,
        &[attack("9D"), defend("9D", "QD"), DurakDuelAction::Done],
    );
    assert_eq!(game.to_act(), Some(1));
    assert_eq!(game.stalled_rounds(), 0);
    assert_eq!(game.discard(), set("9D QD"));
}

#[test]
fn rule_13_takes_while_the_deck_has_cards_do_not_count() {
    let mut game = one_round_from_the_limit("AC AH KC QC", "AD KD KH QD", "9S");
    play(
        &mut game,
        &[attack("QC"), DurakDuelAction::Pass, DurakDuelAction::Done],
    );
    // Seat 0 drew the last card.
    assert_eq!(game.hand(0), set("AC AH KC 9S"));
    assert_eq!(game.stalled_rounds(), 0);
    assert_eq!(game.to_act(), Some(0));
}
