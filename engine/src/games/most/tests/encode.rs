//! The encodings for learning: the property check at every table size, in single deals and
//! whole matches, and the documented ids and observation slots on hand-built positions.

use super::*;
use crate::encode::Encode;
use crate::encode::checks::check;

/// Every id (docs/games/most.md): the 1,651 of every table size.
const SPACE: usize = 1651;

/// Checks `games` random single deals at each of `tables` and that each used more than 45% of
/// the ids: all but the runs of nine cards or more (424 ids), which random play hardly ever
/// offers, and some rare joker variants.
fn covers(tables: &[usize], games: u64) {
    let single = MostOptions {
        single_deal: true,
        ..MostOptions::default()
    };
    for &players in tables {
        assert_eq!(Most::action_space(players), SPACE);
        assert_eq!(Most::observation_len(players), 376 + 7 * players);
        let used = check::<Most>(&single, players, games);
        assert!(used * 100 > SPACE * 45, "{players} players used {used} ids");
    }
}

#[test]
fn two_and_three_players_number_their_actions_apart() {
    covers(&[2, 3], 1000);
}

#[test]
fn four_to_six_players_number_their_actions_apart() {
    covers(&[4, 5, 6], 1000);
}

#[test]
fn whole_matches_number_their_actions_apart() {
    for players in [2, 3, 6] {
        assert!(check::<Most>(&MostOptions::default(), players, 20) > 500);
    }
    let riffled = MostOptions {
        shuffle: ShuffleModel::Riffle(shuffle::RiffleShuffle::default()),
        ..MostOptions::default()
    };
    assert!(check::<Most>(&riffled, 4, 10) > 300);
}

/// Seat 0 to play, having melded, with 5S (extending both spade runs), a heart run to meld
/// with a joker, both jokers, and KC for the set of kings.
fn two_runs_and_a_set() -> Most {
    play(
        &["5S 7H 9H KC BJ RJ", "2D 3D"],
        vec![
            meld(1, "2S 3S 4S"),
            meld(1, "6S 7S 8S"),
            meld(1, "KH KD KS"),
        ],
        &[true, true],
    )
}

fn lay_off(meld: usize, card: &str, stands_for: Option<&str>) -> MostAction {
    MostAction::LayOff {
        meld,
        card: c(card),
        stands_for: stands_for.map(c),
    }
}

#[test]
fn ids_name_the_same_move_in_every_state() {
    let game = two_runs_and_a_set();
    let id = |action: &MostAction| {
        assert_legal(&game, action);
        Most::action_id(&game.view(0), action)
    };
    assert_eq!(
        id(&lay_off(0, "5S", None)),
        161 + (3 * 15 + 1) * 2,
        "after 4S"
    );
    assert_eq!(
        id(&lay_off(1, "5S", None)),
        161 + (3 * 15 + 2) * 2,
        "before 6S"
    );
    assert_eq!(
        id(&lay_off(2, "KC", None)),
        161 + (3 * 44) * 2,
        "onto the kings"
    );
    assert_eq!(
        id(&lay_off(0, "BJ", Some("AS"))),
        471,
        "BJ, the lowest joker"
    );
    assert_eq!(id(&lay_off(0, "RJ", Some("AS"))), 472, "the other joker");
    let run = 473 + 65 + 2 * 131 + 5;
    assert_eq!(id(&meld_action("7H 9H", &[("BJ", "8H")])), run);
    assert_eq!(id(&meld_action("7H 9H", &[("RJ", "8H")])), run + 589);
    assert_eq!(id(&MostAction::Discard { card: c("BJ") }), 55 + 52);

    let game = Most::from_position(
        vec![set("9D 9S 2C 4D"), set("2H 3H")],
        cards("5D 9C 7S"),
        cards("4S 4C"),
        Vec::new(),
        vec![false, false],
        0,
        Phase::Draw,
        None,
    );
    assert_legal(&game, &MostAction::Take { index: 1 });
    let id = |action| Most::action_id(&game.view(0), &action);
    assert_eq!(id(MostAction::Draw), 0);
    assert_eq!(id(MostAction::Take { index: 1 }), 1 + 28, "from 9C");

    let game = play(
        &["8H 2C 3C 4D", "5C"],
        vec![meld(1, "7H BJ=8H 9H")],
        &[false, true],
    );
    let swap = MostAction::Swap {
        meld: 0,
        card: c("8H"),
    };
    assert_legal(&game, &swap);
    assert_eq!(Most::action_id(&game.view(0), &swap), 109 + 26);
}

#[test]
fn the_observation_puts_each_fact_in_its_documented_slot() {
    let game = two_runs_and_a_set();
    let mut out = vec![0.5; Most::observation_len(2)];
    Most::observe(&game.view(0), &mut out);
    assert_eq!(out[15], 1.0, "5S in hand");
    assert_eq!(out[14], 0.0, "5H not");
    assert_eq!(out[54 + 13], 1.0, "5D on the bridge");
    assert_eq!(out[108 + 13], 1.0 / 54.0, "taking from 5D takes one card");
    assert_eq!(out[216 + 3], 1.0, "2S on the table");
    assert_eq!(out[320 + 15], 1.0, "5S extends a meld");
    assert_eq!(out[320 + 51], 1.0, "and AS");
    assert_eq!(out[320 + 44], 1.0, "and KC");
    assert_eq!(out[373], 1.0, "the play phase");
    assert_eq!(out[375], 3.0 / 54.0, "three cards in the deck");
    assert_eq!(out[376], 1.0, "seat 0 to act: itself");
    assert_eq!(out[378 + 1], 1.0, "the dealer, one seat on");
    assert_eq!(out[380], 6.0 / 54.0);
    assert_eq!(out[384 + 1], 60.0 / 380.0, "seat 1's cards on the table");
    Most::observe(&game.view(1), &mut out);
    assert_eq!(out[384], 60.0 / 380.0, "the same, seen by seat 1");
    assert_eq!(out[15], 0.0);

    let game = play(
        &["8H 2C 3C 4D", "5C"],
        vec![meld(1, "7H BJ=8H 9H")],
        &[false, true],
    );
    Most::observe(&game.view(0), &mut out);
    assert_eq!(out[268 + 26], 1.0, "a table joker stands for 8H");
    assert_eq!(out[268 + 25], 0.0);
}
