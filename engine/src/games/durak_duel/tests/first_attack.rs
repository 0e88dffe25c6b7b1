//! The seed's First Attack and Next Attack tables, row by row.

use super::*;

// ---------------------------------------------------------------------------------------------
// First Attack table: the attacker holds 6♣ 8♣ 8♦ 8♥ 8♠, the defender six cards. Each row's
// "Attack" is one `attack` action with those cards; "Valid" is whether it is legal.

fn first_attack_position() -> DurakDuel {
    position("AH", "6C 8C 8D 8H 8S", "9C 9D 9H 9S 10C 10D", &[], "")
}

#[test]
fn first_attack_6c_is_valid() {
    assert_validity(&first_attack_position(), &attack("6C"), true);
}

#[test]
fn first_attack_8c_is_valid() {
    assert_validity(&first_attack_position(), &attack("8C"), true);
}

#[test]
fn first_attack_6c_8c_is_invalid() {
    assert_validity(&first_attack_position(), &attack("6C 8C"), false);
}

#[test]
fn first_attack_8c_8d_is_valid() {
    assert_validity(&first_attack_position(), &attack("8C 8D"), true);
}

#[test]
fn first_attack_8c_8d_8h_is_valid() {
    assert_validity(&first_attack_position(), &attack("8C 8D 8H"), true);
}

#[test]
fn first_attack_8c_8d_8h_8s_is_valid() {
    assert_validity(&first_attack_position(), &attack("8C 8D 8H 8S"), true);
}

#[test]
fn first_attack_lists_every_single_card_and_every_siege() {
    let legal = first_attack_position().legal_actions();
    // 6♣ alone, and the 15 non-empty subsets of the four eights.
    assert_eq!(legal.len(), 16);
    assert_eq!(legal[0], attack("6C"));
    assert!(
        legal
            .iter()
            .all(|a| matches!(a, DurakDuelAction::Attack { .. }))
    );
}

#[test]
fn first_attack_holds_no_more_cards_than_the_defender() {
    let game = position("AH", "8C 8D 8H 8S", "9C 9D", &[], "");
    assert_validity(&game, &attack("8C 8D"), true);
    assert_validity(&game, &attack("8C 8D 8H"), false);
}

#[test]
fn card_lists_must_be_ascending_and_without_repeats() {
    let game = first_attack_position();
    let backwards = DurakDuelAction::Attack {
        cards: [card("8D"), card("8C")].into(),
    };
    assert_validity(&game, &backwards, false);
    let twice = DurakDuelAction::Attack {
        cards: [card("8C"), card("8C")].into(),
    };
    assert_validity(&game, &twice, false);
    assert_validity(
        &game,
        &DurakDuelAction::Attack {
            cards: CardList::new(),
        },
        false,
    );
}

// ---------------------------------------------------------------------------------------------
// Next Attack table: on the table 8♦ beaten by J♦; the attacker holds 6♣ 8♣ J♣ 8♥ 8♠. Row `[]` is
// `done` (add nothing, end the round); the others are one `attack` action with those cards.

fn next_attack_position() -> DurakDuel {
    position(
        "AH",
        "6C 8C JC 8H 8S",
        "9C 9D 9H 9S 10C 10D",
        &[("8D", Some("JD"))],
        "",
    )
}

#[test]
fn next_attack_nothing_is_valid() {
    assert_validity(&next_attack_position(), &DurakDuelAction::Done, true);
}

#[test]
fn next_attack_6c_is_invalid() {
    assert_validity(&next_attack_position(), &attack("6C"), false);
}

#[test]
fn next_attack_8c_is_valid() {
    assert_validity(&next_attack_position(), &attack("8C"), true);
}

#[test]
fn next_attack_jc_is_valid() {
    assert_validity(&next_attack_position(), &attack("JC"), true);
}

#[test]
fn next_attack_8h_is_valid() {
    assert_validity(&next_attack_position(), &attack("8H"), true);
}

#[test]
fn next_attack_8s_is_valid() {
    assert_validity(&next_attack_position(), &attack("8S"), true);
}

#[test]
fn next_attack_8c_8h_is_valid() {
    assert_validity(&next_attack_position(), &attack("8C 8H"), true);
}

#[test]
fn next_attack_8c_jc_is_valid() {
    assert_validity(&next_attack_position(), &attack("8C JC"), true);
}

#[test]
fn next_attack_lists_every_subset_of_cards_of_table_ranks_then_done() {
    let legal = next_attack_position().legal_actions();
    // 8♣ J♣ 8♥ 8♠ may be added: 15 non-empty subsets, then done.
    assert_eq!(legal.len(), 16);
    assert_eq!(legal.last(), Some(&DurakDuelAction::Done));
}
