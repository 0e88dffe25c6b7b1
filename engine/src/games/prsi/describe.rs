//! A prsi action in words for spectators ([`Game::describe`](crate::Game::describe)), read
//! against the game before it: "plays QH, naming spades", "draws 6 (sevens)", "stands (ace)".

use super::transcript::list;
use super::{GREEN_UNDER, Prsi, PrsiAction};
use crate::Game;
use crate::cards::Suit;

/// `action` in a few plain words, as `game` stands before it, then what the engine did by
/// itself because of it ([`aftermath`]). A draw says how many cards it takes, not which: those
/// are hidden.
pub(super) fn describe(game: &Prsi, action: &PrsiAction) -> String {
    let own = decision(game, action);
    let mut after = game.clone();
    match after.apply(action) {
        Ok(()) => [own]
            .into_iter()
            .chain(aftermath(game, &after))
            .collect::<Vec<_>>()
            .join("; "),
        Err(_) => own,
    }
}

/// What the engine did by itself between `before` and `after`: the pile turned into a new stock
/// when a draw ran the stock out, a draw cut short for want of cards, and the end of the game.
fn aftermath(before: &Prsi, after: &Prsi) -> Vec<String> {
    let mut words = Vec::new();
    let seat = before.turn;
    if after.reshuffles > before.reshuffles {
        words.push(
            "the stock ran out: the pile but its top card is shuffled into a new stock".into(),
        );
    }
    let asked = match before.sevens {
        0 => 1,
        n => n as usize,
    };
    let drew = after
        .hand(seat)
        .len()
        .saturating_sub(before.hand(seat).len());
    if after.hand(seat).len() > before.hand(seat).len() && drew < asked {
        words.push(format!(
            "only {} could be drawn",
            crate::verdict::cards(drew)
        ));
    }
    if let Some(result) = super::table::result(after) {
        let mut text = result.text;
        text[..1].make_ascii_lowercase();
        words.push(format!("the game is over: {text}"));
    }
    words
}

/// The decision itself in words.
fn decision(game: &Prsi, action: &PrsiAction) -> String {
    match action {
        PrsiAction::Stand => "stands (ace)".into(),
        PrsiAction::Draw if game.sevens > 0 => format!("draws {} (sevens)", game.sevens),
        PrsiAction::Draw => "draws 1".into(),
        PrsiAction::Play { cards, suit } => {
            let mut words = format!("plays {}", list(cards.iter().copied()));
            if let Some(suit) = suit {
                words.push_str(&format!(", naming {}", suit_name(*suit)));
            }
            if cards.last() == Some(&GREEN_UNDER) && game.sevens > 0 {
                words.push_str(", cancelling the draw");
            }
            if !cards.is_empty() && game.hand(game.turn).len() == cards.len() {
                words.push_str(" and goes out");
            }
            words
        }
    }
}

/// The suit's English name, plural and lower case: "spades".
fn suit_name(suit: Suit) -> &'static str {
    match suit {
        Suit::Clubs => "clubs",
        Suit::Diamonds => "diamonds",
        Suit::Hearts => "hearts",
        Suit::Spades => "spades",
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{over, play, position};
    use super::*;
    use crate::Game;

    #[test]
    fn plays_draws_and_stands_in_words() {
        let mut game = position(&["QH 7H 8D", "9C 10C"], "7D 9H", "8C 8S 10S 10D");
        assert_eq!(game.describe(&play("7H")), "plays 7H");
        assert_eq!(
            game.describe(&over("QH", Suit::Spades)),
            "plays QH, naming spades"
        );
        assert_eq!(game.describe(&PrsiAction::Draw), "draws 1");
        game.sevens = 2;
        assert_eq!(game.describe(&PrsiAction::Draw), "draws 2 (sevens)");
        game.sevens = 0;
        game.aces = 1;
        assert_eq!(game.describe(&PrsiAction::Stand), "stands (ace)");
    }

    #[test]
    fn the_green_under_cancels_and_the_last_cards_go_out() {
        let mut game = position(&["JS 8D", "9C 10C"], "7D 7H", "8C 8S 10S 10D");
        game.sevens = 6;
        assert_eq!(game.describe(&play("JS")), "plays JS, cancelling the draw");
        let game = position(&["8H 8D", "9C 10C"], "7D 9H", "8C 8S 10S 10D");
        assert_eq!(
            game.describe(&play("8D 8H")),
            "plays 8D 8H and goes out; the game is over: seat 0 went out first; \
             seat 1 is left holding 2 cards."
        );
    }
}
