//! The durak JSON that bots see, pinned as snapshots: a change to the wire format shows up here as
//! a diff to review (docs/games/durak.md documents the same shapes).

use cardarena_engine::Game;
use cardarena_engine::games::durak::{Durak, DurakAction, DurakOptions};

/// Number 60493 after Rick's lead of 6♣ (Morty cannot beat it and takes) and Summer's lead of 9♣:
/// Rick defends.
fn rick_defending() -> Durak {
    let mut game = Durak::new(
        &DurakOptions {
            deck_number: Some(60493),
            ..DurakOptions::default()
        },
        3,
        0,
    )
    .unwrap();
    for card in ["6C", "9C"] {
        game.apply(&DurakAction::Attack {
            card: card.parse().unwrap(),
        })
        .unwrap();
    }
    game
}

#[test]
fn view_of_the_defender() {
    let game = rick_defending();
    assert_eq!(game.to_act(), Some(0));
    insta::assert_json_snapshot!(game.view(0));
}

#[test]
fn legal_actions_of_the_defender() {
    insta::assert_json_snapshot!(rick_defending().legal_actions());
}

#[test]
fn view_of_a_bystander_holds_no_other_hand() {
    insta::assert_json_snapshot!(rick_defending().view(1));
}

#[test]
fn outcome_of_the_reference_game() {
    let mut game = Durak::new(
        &DurakOptions {
            deck_number: Some(60493),
            ..DurakOptions::default()
        },
        3,
        0,
    )
    .unwrap();
    // Play to the end with the first legal action: legal lists follow the seed's hand order, so
    // this is the reference strategy's game (bots/tests checks the strategy itself).
    while game.to_act().is_some() {
        let action = game.legal_actions()[0];
        game.apply(&action).unwrap();
    }
    assert_eq!(game.fool(), Some(0));
    insta::assert_json_snapshot!(game.outcome());
}
