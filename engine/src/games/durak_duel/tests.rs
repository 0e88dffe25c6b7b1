//! Seed 002's rules on hand-built positions. Every row of the seed's First Attack, Next Attack and
//! Defend tables is a test (`first_attack_…`, `next_attack_…`, `defend_…`) asserting exactly the
//! listed validity or action set; the rest test the round, refill, start and end rules of RULES.md.

use super::*;
use crate::game::SeatResult;

pub(super) fn card(text: &str) -> Card {
    text.parse().unwrap()
}

pub(super) fn cards(text: &str) -> Vec<Card> {
    let mut cards: Vec<Card> = text.split_whitespace().map(card).collect();
    cards.sort();
    cards
}

pub(super) fn set(text: &str) -> CardSet {
    cards(text).into_iter().collect()
}

/// A position: seat 0 attacks seat 1 with these hands, this table (attack cards in order, each
/// with what beat it), these cards left in the deck (drawn from the front), the trump card `trump`
/// (its suit is trump). The phase follows from the table: open when empty, defend while an attack
/// card is unbeaten, continue when all are beaten.
pub(super) fn position(
    trump: &str,
    attacker: &str,
    defender: &str,
    table: &[(&str, Option<&str>)],
    deck: &str,
) -> DurakDuel {
    let mut game = DurakDuel::deal(&duel_pack());
    game.trump = card(trump);
    game.trump_suit = game.trump.suit().unwrap();
    game.hands = [set(attacker), set(defender)];
    game.attacker = 0;
    game.defender = 1;
    game.starter = 0;
    game.round = 1;
    let deck: Vec<Card> = deck.split_whitespace().map(card).collect();
    game.drawn = (PACK_SIZE - deck.len()) as u8;
    game.deck[PACK_SIZE - deck.len()..].copy_from_slice(&deck);
    game.table_len = table.len() as u8;
    for (i, (attack, beat)) in table.iter().enumerate() {
        game.attacks[i] = card(attack);
        game.beats[i] = beat.map(card);
    }
    game.phase = if table.is_empty() {
        Phase::Open
    } else if game.unbeaten() > 0 {
        Phase::Defend
    } else {
        Phase::Continue
    };
    game
}

pub(super) fn attack(text: &str) -> DurakDuelAction {
    DurakDuelAction::Attack {
        cards: cards(text).into(),
    }
}

pub(super) fn defend(attack: &str, with: &str) -> DurakDuelAction {
    DurakDuelAction::Defend {
        attack: card(attack),
        card: card(with),
    }
}

pub(super) fn counter(text: &str) -> DurakDuelAction {
    DurakDuelAction::Counterattack {
        cards: cards(text).into(),
    }
}

pub(super) fn pile_on(text: &str) -> DurakDuelAction {
    DurakDuelAction::PileOn {
        cards: cards(text).into(),
    }
}

pub(super) fn play(game: &mut DurakDuel, actions: &[DurakDuelAction]) {
    for action in actions {
        game.apply(action)
            .unwrap_or_else(|e| panic!("{action:?}: {e}"));
    }
}

/// Asserts that `action` is legal exactly when `valid`, and that apply agrees (a refusal changing
/// nothing).
fn assert_validity(game: &DurakDuel, action: &DurakDuelAction, valid: bool) {
    assert_eq!(
        game.legal_actions().contains(action),
        valid,
        "{action:?} in {:?}",
        game.legal_actions()
    );
    let mut copy = game.clone();
    assert_eq!(copy.apply(action).is_ok(), valid, "{action:?}");
    if !valid {
        assert_eq!(&copy, game);
    }
}

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

// ---------------------------------------------------------------------------------------------
// The deal and who starts.

#[test]
fn the_deal_gives_six_each_and_the_bottom_card_sets_the_trump() {
    let game = DurakDuel::new(&DurakDuelOptions::default(), 2, 7).unwrap();
    assert_eq!(game.hand(0).len(), 6);
    assert_eq!(game.hand(1).len(), 6);
    assert_eq!(game.deck().len(), 24);
    assert_eq!(game.deck().last(), Some(&game.trump()));
    assert_eq!(game.trump().suit(), Some(game.trump_suit()));
    assert_eq!((game.round(), game.phase()), (1, Phase::Open));
}

/// The pack arranged so that seat 0 gets `first`, seat 1 `second`, and `bottom` is the last card.
fn arranged(first: &str, second: &str, bottom: &str) -> DurakDuel {
    let mut order = cards(first);
    order.extend(cards(second));
    let rest: Vec<Card> = duel_pack()
        .into_iter()
        .filter(|c| !order.contains(c) && *c != card(bottom))
        .collect();
    order.extend(rest);
    order.push(card(bottom));
    DurakDuel::deal(&order)
}

#[test]
fn the_lowest_trump_opens_the_game() {
    let game = arranged("6C 7C 8C 9C 10C 9D", "6H 7H 8H 9H 10H 7D", "AD");
    assert_eq!(game.attacker(), 1);
    assert_eq!(game.to_act(), Some(1));
    let game = arranged("6C 7C 8C 9C 10C 6D", "6H 7H 8H 9H 10H 7D", "AD");
    assert_eq!(game.attacker(), 0);
    let game = arranged("6C 7C 8C 9C 10C JC", "6H 7H 8H 9H 10H 7D", "AD");
    assert_eq!(game.attacker(), 1);
}

#[test]
fn without_trumps_in_hand_seat_0_opens() {
    let game = arranged("6C 7C 8C 9C 10C JC", "6H 7H 8H 9H 10H JH", "AD");
    assert_eq!(game.attacker(), 0);
}

fn riffle_options(riffles: u32, cut: bool, packet: usize) -> DurakDuelOptions {
    DurakDuelOptions {
        shuffle: ShuffleModel::Riffle(shuffle::RiffleShuffle {
            riffles,
            cut,
            packet,
        }),
    }
}

#[test]
fn a_riffle_deals_the_riffled_pack_in_packets_from_the_top() {
    for seed in 0..40 {
        let game = DurakDuel::new(&riffle_options(1, false, 4), 2, seed).unwrap();
        // The pack riffled once with the same draws, dealt by hand: four cards to seat 0, four to
        // seat 1, two and two; the rest is the deck from its top, its bottom card the trump.
        let mut deck = duel_pack();
        shuffle::riffle(&mut deck, &mut shuffle::rng(shuffle::derive_seed(seed, 0)));
        for seat in 0..2 {
            let expected: CardSet = deck[4 * seat..4 * seat + 4]
                .iter()
                .chain(&deck[8 + 2 * seat..10 + 2 * seat])
                .copied()
                .collect();
            assert_eq!(game.hand(seat), expected, "seat {seat}, seed {seed}");
        }
        assert_eq!(game.deck(), &deck[12..]);
        assert_eq!(game.trump(), deck[35]);
    }
}

#[test]
fn a_riffle_deal_is_fixed_by_the_seed_and_keeps_every_card() {
    let options = riffle_options(3, true, 4);
    let game = DurakDuel::new(&options, 2, 5).unwrap();
    assert_eq!(game, DurakDuel::new(&options, 2, 5).unwrap());
    assert_ne!(game, DurakDuel::new(&options, 2, 6).unwrap());
    let uniform = DurakDuel::new(&DurakDuelOptions::default(), 2, 5).unwrap();
    assert_ne!(game.hand(0), uniform.hand(0));
    let cards: Vec<Card> = game
        .hand(0)
        .iter()
        .chain(game.hand(1).iter())
        .chain(game.deck().iter().copied())
        .collect();
    assert_eq!(cards.len(), PACK_SIZE);
    assert_eq!(
        cards.into_iter().collect::<CardSet>(),
        duel_pack().into_iter().collect()
    );
}

#[test]
fn a_riffle_shuffle_is_checked() {
    for options in [riffle_options(0, true, 4), riffle_options(3, true, 14)] {
        match DurakDuel::new(&options, 2, 1) {
            Err(SetupError::Options { game, detail }) => {
                assert_eq!(game, "durak-duel");
                assert!(detail.starts_with("shuffle."), "{detail}");
            }
            other => panic!("{other:?}"),
        }
    }
    let parsed: DurakDuelOptions =
        serde_json::from_str(r#"{"shuffle": {"kind": "riffle", "riffles": 2}}"#).unwrap();
    assert_eq!(parsed, riffle_options(2, true, 4));
}

// ---------------------------------------------------------------------------------------------
// The wire format.

#[test]
fn actions_travel_as_tagged_json() {
    let cases = [
        (attack("8C 8D"), r#"{"kind":"attack","cards":["8C","8D"]}"#),
        (
            defend("7C", "8C"),
            r#"{"kind":"defend","attack":"7C","card":"8C"}"#,
        ),
        (counter("7H"), r#"{"kind":"counterattack","cards":["7H"]}"#),
        (DurakDuelAction::Pass, r#"{"kind":"pass"}"#),
        (pile_on("9S"), r#"{"kind":"pile_on","cards":["9S"]}"#),
        (DurakDuelAction::Done, r#"{"kind":"done"}"#),
    ];
    for (action, json) in cases {
        assert_eq!(serde_json::to_string(&action).unwrap(), json);
        assert_eq!(
            serde_json::from_str::<DurakDuelAction>(json).unwrap(),
            action
        );
    }
    assert!(serde_json::from_str::<DurakDuelOptions>("{}").is_ok());
    assert!(serde_json::from_str::<DurakDuelOptions>(r#"{"x":1}"#).is_err());
}
