//! durak-duel's text log on hand-built positions: every kind of decision in words, the take and
//! the discard, the draws in order, and each way a game ends.

use super::tests::{attack, counter, defend, pile_on, play, position};
use super::*;

fn names() -> Vec<String> {
    vec!["Ann".into(), "Bob".into()]
}

fn log(initial: &DurakDuel, actions: &[DurakDuelAction]) -> String {
    let mut game = initial.clone();
    play(&mut game, actions);
    DurakDuel::transcript(initial, actions, &names()).unwrap()
}

#[test]
fn a_round_taken_after_a_pile_on_then_one_defended_and_discarded() {
    let start = position(
        "AD",
        "8C 8H 8S QS KS AS",
        "9C 9D 9H 9S 10C 10H",
        &[],
        "6C 6D 6H 6S 7D AD",
    );
    let actions = [
        attack("8C"),
        defend("8C", "9C"),
        attack("8H"),
        DurakDuelAction::Pass,
        pile_on("8S"),
        attack("6C 6D"),
        defend("6C", "8C"),
        defend("6D", "9D"),
        DurakDuelAction::Done,
    ];
    assert_eq!(
        log(&start, &actions),
        "Durak duel
Trump: AD, the bottom card of the deck
Ann: 8C 8H 8S QS KS AS
Bob: 9C 9D 9H 9S 10C 10H
Ann opens
Round 1: Ann (8C 8H 8S QS KS AS) attacks Bob (9C 9D 9H 9S 10C 10H), deck 6
  Ann attacks 8C
  Bob beats 8C with 9C
  Ann adds 8H
  Bob passes
  Ann piles on 8S
  Bob takes 8C 8H 8S 9C
  Ann draws 6C 6D 6H
Round 2: Ann (6C 6D 6H QS KS AS) attacks Bob (8C 8H 8S 9C 9D 9H 9S 10C 10H), deck 3
  Ann attacks 6C 6D
  Bob beats 6C with 8C
  Bob beats 6D with 9D
  Ann is done
  Discarded: 6C 6D 8C 9D
  Ann draws 6S 7D
Round 3: Bob (8H 8S 9C 9H 9S 10C 10H) attacks Ann (6H 6S 7D QS KS AS), deck 1
"
    );
}

#[test]
fn a_counterattack_turns_the_roles_and_nothing_piled_on_is_said() {
    let start = position("AD", "7C 9C 10S", "7H 8H KS", &[], "");
    let actions = [
        attack("7C"),
        counter("7H"),
        defend("7C", "9C"),
        DurakDuelAction::Pass,
        DurakDuelAction::Done,
    ];
    let text = log(&start, &actions);
    assert!(
        text.ends_with(
            "  Ann attacks 7C
  Bob counterattacks 7H: Ann defends now
  Ann beats 7C with 9C
  Ann passes
  Bob piles on nothing
  Ann takes 7C 7H 9C
Round 2: Bob (8H KS) attacks Ann (7C 7H 9C 10S), deck 0
"
        ),
        "{text}"
    );
}

#[test]
fn a_game_out_of_cards_names_its_winner() {
    let start = position("AD", "7C", "8C KS", &[], "");
    let text = log(&start, &[attack("7C"), defend("7C", "8C")]);
    assert!(
        text.ends_with("  Discarded: 7C 8C\nWinner: Ann, out of cards\n"),
        "{text}"
    );
    let start = position("6S", "AC", "KD", &[], "");
    let text = log(
        &start,
        &[attack("AC"), DurakDuelAction::Pass, DurakDuelAction::Done],
    );
    assert!(
        text.contains("Neither holds a trump: Ann opens\n"),
        "{text}"
    );
    assert!(
        text.ends_with("  Bob takes AC\nWinner: Ann, out of cards\n"),
        "{text}"
    );
}

#[test]
fn a_stalled_game_says_why_it_ended() {
    let mut start = position("6S", "AC AH KC QC", "AD KD KH QD", &[], "");
    start.stalled = STALL_LIMIT - 1;
    let text = log(
        &start,
        &[attack("QC"), DurakDuelAction::Pass, DurakDuelAction::Done],
    );
    assert!(
        text.ends_with(
            "  Bob takes QC\nNo progress in 30 rounds: the fewer cards win\nWinner: Ann\n"
        ),
        "{text}"
    );
    let mut start = position("6S", "AC AH KC QC", "AD KD", &[], "");
    start.stalled = STALL_LIMIT - 1;
    let text = log(
        &start,
        &[attack("QC"), DurakDuelAction::Pass, DurakDuelAction::Done],
    );
    assert!(text.ends_with("the fewer cards win\nDraw\n"), "{text}");
}

#[test]
fn the_log_stops_at_an_action_the_game_refuses() {
    let start = position("AD", "7C 9S", "7H 8H KS", &[], "");
    let text = DurakDuel::transcript(&start, &[attack("7C"), attack("9S")], &names()).unwrap();
    assert!(text.ends_with("  Ann attacks 7C\n"), "{text}");
}
