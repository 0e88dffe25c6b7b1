//! A durak-duel action in words, shared by the text log and, for spectators,
//! [`Game::describe`](crate::Game::describe): read against the game before it ("attacks 7H 7D",
//! "beats 7H with 9H", "passes and will take the table").

use super::{DurakDuel, DurakDuelAction, Phase};
use crate::Game;
use crate::cards::Card;

/// `action` in a few plain words, as `before` stands: the text log's words (see [`words`]), with
/// what a spectator cannot read from the log's next lines: that a pass means taking the table,
/// and that a counterattack turns the roles.
/// Then what the engine does by itself because of it ([`aftermath`]).
pub(super) fn describe(before: &DurakDuel, action: &DurakDuelAction) -> String {
    let words = words(before, action);
    let own = match action {
        DurakDuelAction::Pass => format!("{words} and will take the table"),
        DurakDuelAction::Counterattack { .. } => format!("{words}: the roles turn"),
        _ => words,
    };
    let mut after = before.clone();
    match after.apply(action) {
        Ok(()) => [own]
            .into_iter()
            .chain(aftermath(before, action, &after))
            .collect::<Vec<_>>()
            .join("; "),
        Err(_) => own,
    }
}

/// What the engine did by itself between `before` and `after` (the game once `action` is
/// applied): the round's end (the table taken or beaten off, also when a defence filled the table
/// or emptied a hand), the refill (counted, never named: drawn cards are hidden) and the result.
fn aftermath(before: &DurakDuel, action: &DurakDuelAction, after: &DurakDuel) -> Vec<String> {
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
    let defender = before.defender();
    if taken {
        words.push(format!(
            "seat {defender} takes {}",
            crate::verdict::cards(on_table)
        ));
    } else {
        let why = match action {
            DurakDuelAction::Defend { .. } => "the round is over: ",
            _ => "",
        };
        words.push(format!(
            "{why}{} beaten off",
            match on_table {
                1 => "1 card is".to_string(),
                n => format!("{n} cards are"),
            }
        ));
    }
    let drawn = &before.deck()[..before.deck().len() - after.deck().len()];
    let draws: Vec<String> = (0..2)
        .filter_map(|seat| {
            let n = drawn
                .iter()
                .filter(|&&c| after.hand(seat).contains(c))
                .count();
            (n > 0).then(|| format!("seat {seat} draws {}", crate::verdict::cards(n)))
        })
        .collect();
    if !draws.is_empty() {
        words.push(draws.join(", "));
    }
    if let Some(result) = super::table::result(after) {
        let mut text = result.text;
        text[..1].make_ascii_lowercase();
        words.push(format!("the game is over: {text}"));
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

    #[test]
    fn a_round_in_words() {
        let mut game = position("6S", "7H 7D 8H 10C", "9H 9D 7S KC", &[], "");
        assert_eq!(game.describe(&attack("7H 7D")), "attacks 7D 7H");
        play(&mut game, &[attack("7H")]);
        assert_eq!(game.describe(&defend("7H", "9H")), "beats 7H with 9H");
        assert_eq!(
            game.describe(&counter("7S")),
            "counterattacks 7S: the roles turn"
        );
        assert_eq!(
            game.describe(&DurakDuelAction::Pass),
            "passes and will take the table"
        );
        play(&mut game, &[defend("7H", "9H")]);
        assert_eq!(game.describe(&attack("7D 9D")), "adds 7D 9D");
        assert_eq!(
            game.describe(&DurakDuelAction::Done),
            "is done; 2 cards are beaten off"
        );
    }

    #[test]
    fn after_a_pass_the_attacker_piles_on_or_not() {
        let mut game = position("6S", "7H 7D 8H 10C", "9H 9D 8C KC", &[], "");
        play(&mut game, &[attack("7H"), DurakDuelAction::Pass]);
        assert_eq!(
            game.describe(&pile_on("7D")),
            "piles on 7D; seat 1 takes 2 cards"
        );
        assert_eq!(
            game.describe(&DurakDuelAction::Done),
            "piles on nothing; seat 1 takes 1 card"
        );
    }
}
