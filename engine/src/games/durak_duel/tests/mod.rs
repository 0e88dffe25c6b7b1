//! Seed 002's rules on hand-built positions. Every row of the seed's First Attack, Next Attack and
//! Defend tables is a test (`first_attack_…`, `next_attack_…`, `defend_…`) asserting exactly the
//! listed validity or action set; the rest test the round, refill, start and end rules of RULES.md.

use super::*;
use crate::game::SeatResult;

mod deal;
mod defend;
mod first_attack;
mod round;

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
