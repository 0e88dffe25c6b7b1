//! prsi's text log on hand-built positions: plays, an over's suit, sevens and the green under,
//! aces and standing, draws and reshuffles, going out, the places and the turn limit.

use super::tests::{over, play, position};
use super::*;

fn log(initial: &Prsi, actions: &[PrsiAction]) -> String {
    let names: Vec<String> = ["Ann", "Bob", "Cid"][..initial.players()]
        .iter()
        .map(|n| n.to_string())
        .collect();
    let mut game = initial.clone();
    for action in actions {
        game.apply(action).unwrap();
    }
    Prsi::transcript(initial, actions, &names).unwrap()
}

#[test]
fn sevens_the_green_under_and_the_places() {
    let start = position(&["7H 9C", "JS JH 10H", "8H"], "9H", "KC KD KH KS AS");
    let actions = [
        play("7H"),
        play("JH JS"),
        play("8H"),
        PrsiAction::Draw,
        play("10H"),
    ];
    assert_eq!(
        log(&start, &actions),
        "Prsi, 3 players, 3 cards a seven, deck seed 7
Ann: 7H 9C
Bob: 10H JH JS
Cid: 8H
Top card: 9H
Turn 1: Ann plays 7H, 3 to draw
Turn 2: Bob plays JH JS, cancelling the draw
Turn 3: Cid plays 8H; out in place 1
Turn 4: Ann draws AS
Turn 5: Bob plays 10H; out in place 2
Result: 1 Cid, 2 Bob, 3 Ann
"
    );
}

#[test]
fn an_over_names_its_suit_and_aces_make_seats_stand() {
    let start = position(&["QH 9C", "10C 10H"], "9H", "KC");
    let text = log(&start, &[over("QH", Suit::Clubs)]);
    assert!(
        text.ends_with("Turn 1: Ann plays QH and asks for C\n"),
        "{text}"
    );

    let start = position(&["AH AC 9C", "9H", "8H"], "9H", "7C 7D");
    let text = log(
        &start,
        &[play("AC AH"), PrsiAction::Stand, PrsiAction::Stand],
    );
    assert!(
        text.ends_with(
            "Turn 1: Ann plays AC AH, 2 to stand\nTurn 2: Bob stands\nTurn 3: Cid stands\n"
        ),
        "{text}"
    );
}

#[test]
fn draws_say_the_cards_and_the_reshuffle_before_them() {
    let start = position(&["9C", "10H"], "8S 8D KD 9H", "");
    let text = log(&start, &[PrsiAction::Draw]);
    let turn = text.lines().last().unwrap();
    assert!(
        text.contains("Top card: 9H\n  The pile but its top card is shuffled into a new deck\n"),
        "{text}"
    );
    let drawn: Card = turn
        .strip_prefix("Turn 1: Ann draws ")
        .unwrap()
        .parse()
        .unwrap();
    assert!(["8S", "8D", "KD"].contains(&drawn.to_string().as_str()));

    let start = position(&["9C", "10C"], "9H", "");
    let text = log(&start, &[PrsiAction::Draw]);
    assert!(
        text.ends_with("Turn 1: Ann draws nothing: no card is left\n"),
        "{text}"
    );
}

#[test]
fn the_turn_limit_is_said_before_the_places() {
    let mut start = position(&["9C 8C", "10C"], "9H", "KC");
    start.turns = MAX_TURNS - 1;
    let text = log(&start, &[PrsiAction::Draw]);
    assert!(
        text.ends_with(
            "Turn 2000: Ann draws KC
Turn limit: 2000 turns; the players still in are placed by hand size
Result: 1 Bob, 2 Ann
"
        ),
        "{text}"
    );
}

#[test]
fn the_log_stops_at_an_action_the_game_refuses() {
    let start = position(&["9C 8C", "10C"], "9H", "KC");
    let names = vec!["Ann".to_string()];
    let text = Prsi::transcript(&start, &[PrsiAction::Draw, PrsiAction::Stand], &names).unwrap();
    assert!(text.contains("Seat 1: 10C\n"), "a missing name: {text}");
    assert!(text.ends_with("Turn 1: Ann draws KC\n"), "{text}");
}
