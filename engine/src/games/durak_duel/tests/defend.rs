//! The seed's Defend table, row by row, mapped onto the atomic actions.

use super::*;

// ---------------------------------------------------------------------------------------------
// Defend table (trump ♦). "Played cards" are earlier attack/defence pairs of the round, all
// beaten; "Attack" the unbeaten attack cards; "Selected" a set of the defender's cards. Our actions
// are atomic, so each row's action set is mapped onto the legal actions like this:
//
// - DEFEND: the selected cards answer the whole attack, one card per unbeaten attack card: some
//   assignment of them to the attack cards is a sequence of legal `defend` actions. (So a single
//   card never defends a two-card siege, and two cards never defend one attack card.)
// - COUNTERATTACK: `counterattack` with exactly the selected cards is a legal action.
// - PASS: `pass` is a legal action.
//
// The defender holds the selected cards and 6♠ 6♥ (which neither beat nor counter any attack of
// the table), the attacker eight kings and jacks (enough for any counterattack to stay within
// the limit of attack cards).

const ATTACKER: &str = "JC JD JH JS KC KD KH KS";
const FILLER: &str = "6S 6H";

#[derive(Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Kind {
    Counterattack,
    Defend,
    Pass,
}

fn defend_position(played: &str, attack: &str, selected: &str) -> DurakDuel {
    let played: Vec<&str> = played.split_whitespace().collect();
    let mut table: Vec<(&str, Option<&str>)> =
        played.chunks(2).map(|p| (p[0], Some(p[1]))).collect();
    table.extend(attack.split_whitespace().map(|a| (a, None)));
    position("AD", ATTACKER, &format!("{selected} {FILLER}"), &table, "")
}

/// Whether some assignment of `selected` to the unbeaten attack cards is a sequence of legal
/// defences.
fn can_defend_with(game: &DurakDuel, selected: &[Card]) -> bool {
    let unbeaten: Vec<Card> = game
        .pairs()
        .into_iter()
        .filter(|(_, beat)| beat.is_none())
        .map(|(attack, _)| attack)
        .collect();
    if selected.len() != unbeaten.len() || selected.is_empty() {
        return false;
    }
    fn assign(game: &DurakDuel, attacks: &[Card], left: &[Card]) -> bool {
        let Some((&attack, rest)) = attacks.split_first() else {
            return true;
        };
        left.iter().enumerate().any(|(i, &card)| {
            let action = DurakDuelAction::Defend { attack, card };
            let mut next = game.clone();
            game.legal_actions().contains(&action)
                && next.apply(&action).is_ok()
                && assign(&next, rest, &[&left[..i], &left[i + 1..]].concat())
        })
    }
    assign(game, &unbeaten, selected)
}

fn defend_row(played: &str, attack: &str, selected: &str) -> Vec<Kind> {
    let game = defend_position(played, attack, selected);
    assert_eq!(game.phase(), Phase::Defend);
    let legal = game.legal_actions();
    let selected = cards(selected);
    let mut kinds = Vec::new();
    if !selected.is_empty()
        && legal.contains(&DurakDuelAction::Counterattack {
            cards: selected.as_slice().into(),
        })
    {
        kinds.push(Kind::Counterattack);
    }
    if can_defend_with(&game, &selected) {
        kinds.push(Kind::Defend);
    }
    if legal.contains(&DurakDuelAction::Pass) {
        kinds.push(Kind::Pass);
    }
    kinds
}

use Kind::{Counterattack as C, Defend as D, Pass as P};

#[test]
fn defend_7c_with_nothing_passes() {
    assert_eq!(defend_row("", "7C", ""), [P]);
}

#[test]
fn defend_7c_with_6c_passes() {
    assert_eq!(defend_row("", "7C", "6C"), [P]);
}

#[test]
fn defend_7c_with_8c_defends_or_passes() {
    assert_eq!(defend_row("", "7C", "8C"), [D, P]);
}

#[test]
fn defend_7c_with_ac_defends_or_passes() {
    assert_eq!(defend_row("", "7C", "AC"), [D, P]);
}

#[test]
fn defend_7c_with_7h_counterattacks_or_passes() {
    assert_eq!(defend_row("", "7C", "7H"), [C, P]);
}

#[test]
fn defend_7c_with_trump_6d_defends_or_passes() {
    assert_eq!(defend_row("", "7C", "6D"), [D, P]);
}

#[test]
fn defend_7c_with_trump_7d_counterattacks_defends_or_passes() {
    assert_eq!(defend_row("", "7C", "7D"), [C, D, P]);
}

#[test]
fn defend_7c_7s_with_7h_counterattacks_or_passes() {
    assert_eq!(defend_row("", "7C 7S", "7H"), [C, P]);
}

#[test]
fn defend_7c_7s_with_7d_counterattacks_or_passes() {
    assert_eq!(defend_row("", "7C 7S", "7D"), [C, P]);
}

#[test]
fn defend_7c_7s_with_7d_7h_counterattacks_or_passes() {
    assert_eq!(defend_row("", "7C 7S", "7D 7H"), [C, P]);
}

#[test]
fn defend_7c_7s_with_7d_8c_defends_or_passes() {
    assert_eq!(defend_row("", "7C 7S", "7D 8C"), [D, P]);
}

#[test]
fn defend_7c_7s_7d_with_7h_counterattacks_or_passes() {
    assert_eq!(defend_row("", "7C 7S 7D", "7H"), [C, P]);
}

#[test]
fn defend_four_sevens_with_8c_9s_8d_10d_defends_or_passes() {
    assert_eq!(defend_row("", "7C 7S 7D 7H", "8C 9S 8D 10D"), [D, P]);
}

#[test]
fn defend_after_7s_qs_7c_with_nothing_passes() {
    assert_eq!(defend_row("7S QS", "7C", ""), [P]);
}

#[test]
fn defend_after_7s_qs_7c_with_6c_passes() {
    assert_eq!(defend_row("7S QS", "7C", "6C"), [P]);
}

#[test]
fn defend_after_7s_qs_7c_with_7h_passes() {
    assert_eq!(defend_row("7S QS", "7C", "7H"), [P]);
}

#[test]
fn defend_after_7s_qs_7c_with_8c_defends_or_passes() {
    assert_eq!(defend_row("7S QS", "7C", "8C"), [D, P]);
}

#[test]
fn defend_after_7s_qs_7c_with_qc_defends_or_passes() {
    assert_eq!(defend_row("7S QS", "7C", "QC"), [D, P]);
}

#[test]
fn defend_after_7s_qs_7c_with_trump_6d_defends_or_passes() {
    assert_eq!(defend_row("7S QS", "7C", "6D"), [D, P]);
}

#[test]
fn defend_after_7s_qs_7c_with_trump_7d_defends_or_passes() {
    assert_eq!(defend_row("7S QS", "7C", "7D"), [D, P]);
}

#[test]
fn defend_after_7s_qs_7c_with_trump_8d_defends_or_passes() {
    assert_eq!(defend_row("7S QS", "7C", "8D"), [D, P]);
}

#[test]
fn defend_after_7s_qs_7c_with_7d_7h_passes() {
    assert_eq!(defend_row("7S QS", "7C", "7D 7H"), [P]);
}

#[test]
fn defend_after_7s_qs_7c_with_8c_qc_passes() {
    assert_eq!(defend_row("7S QS", "7C", "8C QC"), [P]);
}

#[test]
fn defend_a_same_rank_trump_lists_exactly_defend_counterattack_and_pass() {
    let game = defend_position("", "7C", "7D");
    assert_eq!(
        game.legal_actions(),
        [defend("7C", "7D"), counter("7D"), DurakDuelAction::Pass]
    );
}
