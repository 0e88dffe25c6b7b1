//! A durak-duel action in words: for spectators, [`Game::describe`](crate::Game::describe)'s
//! phrases, read against the game before it ("seat 0 attacks with 7♥ 7♦", "seat 1 beats 7♥ with
//! 9♥", "seat 1 passes and will take the table"); for the text log, its plain words ([`words`]).

use super::{DurakDuel, DurakDuelAction, Phase};
use crate::Game;
use crate::cards::Card;
use crate::phrase::Phrase;

/// `action` as phrases, as `before` stands: the decision, with what a spectator cannot read
/// from the log's next lines (that a pass means taking the table, and that a counterattack turns
/// the roles), then what the engine does by itself because of it ([`aftermath`]).
pub(super) fn describe(before: &DurakDuel, action: &DurakDuelAction) -> Vec<Phrase> {
    let own = decision(before, action).seat("actor", before.to_act().unwrap_or_default());
    let mut after = before.clone();
    match after.apply(action) {
        Ok(()) => [own]
            .into_iter()
            .chain(aftermath(before, action, &after))
            .collect(),
        Err(_) => vec![own],
    }
}

/// The decision itself, without its actor.
fn decision(before: &DurakDuel, action: &DurakDuelAction) -> Phrase {
    match action {
        DurakDuelAction::Attack { cards } if before.phase() == Phase::Open => {
            Phrase::new("durak-duel-attacks").cards("cards", cards.iter().copied())
        }
        DurakDuelAction::Attack { cards } => {
            Phrase::new("durak-duel-adds").cards("cards", cards.iter().copied())
        }
        DurakDuelAction::Defend { attack, card } => Phrase::new("durak-duel-beats")
            .card("attack", *attack)
            .card("card", *card),
        DurakDuelAction::Counterattack { cards } => {
            Phrase::new("durak-duel-counterattacks").cards("cards", cards.iter().copied())
        }
        DurakDuelAction::Pass => Phrase::new("durak-duel-passes"),
        DurakDuelAction::PileOn { cards } => {
            Phrase::new("durak-duel-piles-on").cards("cards", cards.iter().copied())
        }
        DurakDuelAction::Done if before.phase() == Phase::PileOn => {
            Phrase::new("durak-duel-piles-on-nothing")
        }
        DurakDuelAction::Done => Phrase::new("durak-duel-done"),
    }
}

/// What the engine did by itself between `before` and `after` (the game once `action` is
/// applied): the round's end (the table taken or beaten off, also when a defence filled the table
/// or emptied a hand), the refill (counted, never named: drawn cards are hidden) and the result.
fn aftermath(before: &DurakDuel, action: &DurakDuelAction, after: &DurakDuel) -> Vec<Phrase> {
    let mut words = Vec::new();
    let ended = after.round() != before.round() || after.phase() == Phase::Over;
    if !ended {
        return words;
    }
    let on_table = before.table_cards().len()
        + match action {
            DurakDuelAction::Defend { .. } => 1,
            DurakDuelAction::PileOn { cards } => cards.len(),
            _ => 0,
        };
    let taken = matches!(action, DurakDuelAction::PileOn { .. })
        || (matches!(action, DurakDuelAction::Done) && before.phase() == Phase::PileOn);
    let end = match (taken, action) {
        (true, _) => Phrase::new("durak-duel-takes").seat("seat", before.defender()),
        (false, DurakDuelAction::Defend { .. }) => Phrase::new("durak-duel-round-over"),
        (false, _) => Phrase::new("durak-duel-beaten-off"),
    };
    words.push(end.count("count", on_table));
    let drawn = &before.deck()[..before.deck().len() - after.deck().len()];
    words.extend((0..2).filter_map(|seat| {
        let n = drawn
            .iter()
            .filter(|&&c| after.hand(seat).contains(c))
            .count();
        (n > 0).then(|| {
            Phrase::new("draws-cards")
                .seat("seat", seat)
                .count("count", n)
        })
    }));
    if let Some(result) = super::table::result(after) {
        words.extend(crate::describe::game_over(result.text));
    }
    words
}

/// `action` in the text log's words, without the seat: "attacks 7H 7D" (opening the round),
/// "adds 8H", "beats 7H with 9H", "counterattacks 7S", "passes", "piles on 8D", "piles on
/// nothing", "is done".
pub(super) fn words(before: &DurakDuel, action: &DurakDuelAction) -> String {
    match action {
        DurakDuelAction::Attack { cards } if before.phase() == Phase::Open => {
            format!("attacks {}", list(cards))
        }
        DurakDuelAction::Attack { cards } => format!("adds {}", list(cards)),
        DurakDuelAction::Defend { attack, card } => format!("beats {attack} with {card}"),
        DurakDuelAction::Counterattack { cards } => format!("counterattacks {}", list(cards)),
        DurakDuelAction::Pass => "passes".into(),
        DurakDuelAction::PileOn { cards } => format!("piles on {}", list(cards)),
        DurakDuelAction::Done if before.phase() == Phase::PileOn => "piles on nothing".into(),
        DurakDuelAction::Done => "is done".into(),
    }
}

/// Cards in the order given, space-separated; `-` for none.
pub(super) fn list(cards: &[Card]) -> String {
    if cards.is_empty() {
        return "-".into();
    }
    let texts: Vec<String> = cards.iter().map(Card::to_string).collect();
    texts.join(" ")
}

#[cfg(test)]
mod tests {
    use super::super::tests::{attack, counter, defend, pile_on, play, position};
    use super::*;
    use crate::Game;
    use crate::phrase::english::{Names, words};

    /// `action` of `game` in English, the seats numbered.
    fn say(game: &DurakDuel, action: &DurakDuelAction) -> String {
        words(&game.describe(action), &Names::numbered())
    }

    #[test]
    fn a_round_in_words() {
        let mut game = position("6S", "7H 7D 8H 10C", "9H 9D 7S KC", &[], "");
        assert_eq!(say(&game, &attack("7H 7D")), "Seat 0 attacks with 7♦ 7♥");
        play(&mut game, &[attack("7H")]);
        assert_eq!(say(&game, &defend("7H", "9H")), "Seat 1 beats 7♥ with 9♥");
        assert_eq!(
            say(&game, &counter("7S")),
            "Seat 1 counterattacks with 7♠: the roles turn"
        );
        assert_eq!(
            say(&game, &DurakDuelAction::Pass),
            "Seat 1 passes and will take the table"
        );
        let names = ["ann".to_string(), "bob".to_string()];
        assert_eq!(
            words(
                &game.describe(&DurakDuelAction::Pass),
                &Names::new(&names, Some(1))
            ),
            "You pass and will take the table"
        );
        play(&mut game, &[defend("7H", "9H")]);
        assert_eq!(say(&game, &attack("7D 9D")), "Seat 0 adds 7♦ 9♦");
        assert_eq!(
            say(&game, &DurakDuelAction::Done),
            "Seat 0 is done; 2 cards are beaten off"
        );
    }

    #[test]
    fn after_a_pass_the_attacker_piles_on_or_not() {
        let mut game = position("6S", "7H 7D 8H 10C", "9H 9D 8C KC", &[], "");
        play(&mut game, &[attack("7H"), DurakDuelAction::Pass]);
        assert_eq!(
            game.describe(&pile_on("7D")),
            [
                Phrase::new("durak-duel-piles-on")
                    .cards("cards", ["7D".parse().unwrap()])
                    .seat("actor", 0),
                Phrase::new("durak-duel-takes")
                    .seat("seat", 1)
                    .count("count", 2),
            ]
        );
        assert_eq!(
            say(&game, &DurakDuelAction::Done),
            "Seat 0 piles on nothing; seat 1 takes 1 card"
        );
    }
}
