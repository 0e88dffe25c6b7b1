//! A durak action in words for spectators ([`Game::describe`](crate::Game::describe)), read
//! against the game before it: "attacks with 7H", "adds 7D", "beats 7H with 9H", "takes 3
//! cards", "done".

use super::{Durak, DurakAction, Observer, Phase};
use crate::cards::Card;
use crate::game::Seat;

/// `action` in a few plain words, as `game` stands before it.
pub(super) fn describe(game: &Durak, action: &DurakAction) -> String {
    match *action {
        DurakAction::Attack { card } if game.phase == Phase::Continue => format!("adds {card}"),
        DurakAction::Attack { card } => format!("attacks with {card}"),
        DurakAction::Beat { card } => match game.pending_attack() {
            Some(attack) => format!("beats {attack} with {card}"),
            None => format!("beats with {card}"),
        },
        DurakAction::Take => match taken(game) {
            1 => "takes 1 card".into(),
            n => format!("takes {n} cards"),
        },
        DurakAction::Done => "done".into(),
    }
}

/// How many cards the defender takes: the table, and what the attacker then throws in (the engine
/// plays those for it), counted by playing the take on a copy.
fn taken(game: &Durak) -> usize {
    let mut count = Count(None);
    let mut copy = game.clone();
    match copy.apply_observed(&DurakAction::Take, &mut count) {
        Ok(()) => count.0.unwrap_or(0),
        Err(_) => game.played().len(),
    }
}

/// Keeps the size of the first take it sees.
struct Count(Option<usize>);

impl Observer for Count {
    fn taken(&mut self, _seat: Seat, cards: &[Card]) {
        self.0.get_or_insert(cards.len());
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{attack, beat, play, position};
    use super::*;
    use crate::Game;

    #[test]
    fn a_turn_in_words() {
        let mut game = position("6S", &["7H 7D 10C", "9H 8C KD"], "", 0, 1);
        assert_eq!(game.describe(&attack("7H")), "attacks with 7H");
        play(&mut game, &[attack("7H")]);
        assert_eq!(game.describe(&beat("9H")), "beats 7H with 9H");
        // The attacker throws in 7D when the defender takes: two cards.
        assert_eq!(game.describe(&DurakAction::Take), "takes 2 cards");
        play(&mut game, &[beat("9H")]);
        assert_eq!(game.describe(&attack("7D")), "adds 7D");
        assert_eq!(game.describe(&DurakAction::Done), "done");
    }

    #[test]
    fn a_lone_card_taken_is_one_card() {
        let mut game = position("6S", &["7H 10C", "9H 8C KD"], "", 0, 1);
        play(&mut game, &[attack("7H")]);
        assert_eq!(game.describe(&DurakAction::Take), "takes 1 card");
    }
}
