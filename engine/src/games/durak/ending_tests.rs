//! Rule 19 (RULES.md): a game that can no longer progress ends, on hand-built positions.

use super::tests::*;
use super::*;

/// The cycle: trump ♠, the deck empty, hands 6♥ A♥ / 6♦ A♦ / 6♣ A♣.
fn aces_nobody_beats() -> Durak {
    position("7S", &["6H AH", "6D AD", "6C AC"], "", 0, 1)
}

/// Leads an ace whenever it can, else plays the first legal action: every lead is then an ace
/// nobody can beat, and every take is forced.
fn ace_first(game: &Durak) -> DurakAction {
    let legal = game.legal_actions();
    let ace = |a: &&DurakAction| matches!(a, DurakAction::Attack { card } if card.rank() == Some(Rank::Ace));
    *legal.iter().find(ace).unwrap_or(&legal[0])
}

/// Each seat's hand, for comparing positions.
fn hands(game: &Durak) -> Vec<Vec<String>> {
    (0..game.players()).map(|seat| hand(game, seat)).collect()
}

#[test]
fn rule_19_aces_nobody_can_beat_cycle_until_the_run_ends_the_game() {
    let mut game = aces_nobody_beats();
    let mut seen = Vec::new();
    while game.to_act().is_some() {
        assert!(game.turn() <= STALL_LIMIT, "the run did not end the game");
        if game.phase() == Phase::Lead {
            seen.push((game.attacker(), hands(&game)));
            assert_eq!(
                game.stalled_turns(),
                game.turn() - 1,
                "every turn is a take"
            );
        }
        let action = ace_first(&game);
        game.apply(&action).unwrap();
    }
    // Legal play cycles: every six turns the same attacker faces the same hands.
    assert_eq!(seen[1], seen[7]);
    assert_eq!(seen[7], seen[13]);
    // The sixtieth take ends the game; seat 0 holds the most cards (6♥ A♦ A♥) and is the fool.
    assert_eq!(
        (game.turn(), game.stalled_turns()),
        (STALL_LIMIT, STALL_LIMIT)
    );
    assert_eq!(
        hands(&game),
        [vec!["6H", "AD", "AH"], vec!["6D"], vec!["6C", "AC"]]
    );
    assert_eq!(game.fool(), Some(0));
    let outcome = game.outcome().unwrap();
    assert!(outcome.is_loss(0) && outcome.is_win(1) && outcome.is_win(2));
    assert!(game.legal_actions().is_empty());
    assert_eq!(game.view(1).stalled_turns, STALL_LIMIT);
}

/// A position after `STALL_LIMIT - 1` turns without progress.
fn one_turn_from_the_limit(hands: &[&str], deck: &str) -> Durak {
    let mut game = position("7S", hands, deck, 0, 1);
    game.stalled = STALL_LIMIT - 1;
    game
}

#[test]
fn rule_19_one_more_take_ends_the_game_and_the_most_cards_make_the_fool() {
    let mut game = one_turn_from_the_limit(&["6H AH", "6D AD 8C", "6C AC"], "");
    assert_eq!(game.view(2).stalled_turns, STALL_LIMIT - 1);
    play(&mut game, &[attack("AH")]);
    // Seat 1 took A♥ and holds four cards; seats 0 and 2 are not fools.
    assert_eq!(game.fool(), Some(1));
    assert_eq!(game.stalled_turns(), STALL_LIMIT);
}

#[test]
fn rule_19_a_tie_for_the_most_cards_is_a_draw() {
    let mut game = one_turn_from_the_limit(&["6H AH", "6D AD", "6C AC 8C"], "");
    play(&mut game, &[attack("AH")]);
    // Seats 1 and 2 hold three cards each.
    assert!(game.is_draw());
    assert!(game.outcome().unwrap().is_draw());
}

#[test]
fn rule_19_a_beaten_turn_is_progress_and_starts_the_run_again() {
    let mut game = one_turn_from_the_limit(&["6H AH", "6D AD 7H", "6C AC"], "");
    play(&mut game, &[attack("6H"), beat("7H")]);
    assert_eq!(game.to_act(), Some(1));
    assert_eq!(game.stalled_turns(), 0);
    assert_eq!(game.discard(), set("6H 7H"));
}

#[test]
fn rule_19_a_player_going_out_is_progress() {
    // Seat 0 leads its last card and seat 1 takes it: nothing is discarded, but seat 0 is out.
    let mut game = one_turn_from_the_limit(&["AH", "6D AD", "6C AC"], "");
    play(&mut game, &[attack("AH")]);
    assert!(!game.in_game(0));
    assert_eq!(game.to_act(), Some(2));
    assert_eq!(game.stalled_turns(), 0);
}

#[test]
fn rule_19_takes_while_the_deck_has_cards_do_not_count() {
    let mut game = one_turn_from_the_limit(&["6H AH", "6D AD", "6C AC"], "9S");
    play(&mut game, &[attack("AH")]);
    // Seat 0 drew the last card: the turn took something out of the deck.
    assert_eq!(game.hand(0), set("6H 9S"));
    assert_eq!(game.stalled_turns(), 0);
    assert_eq!(game.to_act(), Some(2));
}

#[test]
fn rule_19_the_log_says_why_the_game_ended() {
    let game = one_turn_from_the_limit(&["6H AH", "6D AD 8C", "6C AC"], "");
    let log = Durak::transcript(&game, &[attack("AH")], &[]).unwrap();
    assert!(
        log.ends_with(&format!(
            "No progress in {STALL_LIMIT} turns\nFool: Seat 1\n"
        )),
        "{log}"
    );
}
