//! A prsi action in words for spectators ([`Game::describe`](crate::Game::describe)), read
//! against the game before it: "plays Q♥, naming spades", "draws 6 cards (sevens)", "stands
//! (ace)".

use super::{GREEN_UNDER, Prsi, PrsiAction};
use crate::Game;
use crate::phrase::Phrase;

/// `action` as phrases, as `game` stands before it, then what the engine did by itself because
/// of it ([`aftermath`]). A draw says how many cards it takes, not which: those are hidden.
pub(super) fn describe(game: &Prsi, action: &PrsiAction) -> Vec<Phrase> {
    let own = decision(game, action);
    let mut after = game.clone();
    match after.apply(action) {
        Ok(()) => own.into_iter().chain(aftermath(game, &after)).collect(),
        Err(_) => own,
    }
}

/// What the engine did by itself between `before` and `after`: the pile turned into a new stock
/// when a draw ran the stock out, a draw cut short for want of cards, and the end of the game.
fn aftermath(before: &Prsi, after: &Prsi) -> Vec<Phrase> {
    let mut words = Vec::new();
    let seat = before.turn;
    if after.reshuffles > before.reshuffles {
        words.push(Phrase::new("prsi-reshuffled"));
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
        words.push(Phrase::new("prsi-drew-only").count("count", drew));
    }
    if let Some(result) = super::table::result(after) {
        words.extend(crate::describe::game_over(result.text));
    }
    words
}

/// The decision itself: its phrase, then whether it cancels a draw and goes out.
fn decision(game: &Prsi, action: &PrsiAction) -> Vec<Phrase> {
    let actor = game.turn;
    let said = match action {
        PrsiAction::Stand => Phrase::new("prsi-stands"),
        PrsiAction::Draw if game.sevens > 0 => {
            Phrase::new("prsi-draws-sevens").count("count", game.sevens)
        }
        PrsiAction::Draw => Phrase::new("prsi-draws"),
        PrsiAction::Play { cards, suit } => {
            let played = match suit {
                Some(suit) => Phrase::new("prsi-plays-naming").suit("suit", *suit),
                None => Phrase::new("prsi-plays"),
            };
            let mut words = vec![
                played
                    .cards("cards", cards.iter().copied())
                    .seat("actor", actor),
            ];
            if cards.last() == Some(&GREEN_UNDER) && game.sevens > 0 {
                words.push(Phrase::new("prsi-cancels"));
            }
            if !cards.is_empty() && game.hand(game.turn).len() == cards.len() {
                words.push(Phrase::new("goes-out").seat("seat", actor));
            }
            return words;
        }
    };
    vec![said.seat("actor", actor)]
}

#[cfg(test)]
mod tests {
    use super::super::tests::{over, play, position};
    use super::*;
    use crate::Game;
    use crate::cards::Suit;
    use crate::phrase::english::{Names, words};

    /// `action` of `game` in English, the seats numbered.
    fn say(game: &Prsi, action: &PrsiAction) -> String {
        words(&game.describe(action), &Names::numbered())
    }

    #[test]
    fn plays_draws_and_stands_in_words() {
        let mut game = position(&["QH 7H 8D", "9C 10C"], "7D 9H", "8C 8S 10S 10D");
        assert_eq!(say(&game, &play("7H")), "Seat 0 plays 7♥");
        assert_eq!(
            game.describe(&over("QH", Suit::Spades)),
            [Phrase::new("prsi-plays-naming")
                .suit("suit", Suit::Spades)
                .cards("cards", ["QH".parse().unwrap()])
                .seat("actor", 0)]
        );
        assert_eq!(
            say(&game, &over("QH", Suit::Spades)),
            "Seat 0 plays Q♥, naming spades"
        );
        assert_eq!(say(&game, &PrsiAction::Draw), "Seat 0 draws a card");
        game.sevens = 2;
        assert_eq!(
            say(&game, &PrsiAction::Draw),
            "Seat 0 draws 2 cards (sevens)"
        );
        game.sevens = 0;
        game.aces = 1;
        assert_eq!(say(&game, &PrsiAction::Stand), "Seat 0 stands (ace)");
    }

    #[test]
    fn the_green_under_cancels_and_the_last_cards_go_out() {
        let mut game = position(&["JS 8D", "9C 10C"], "7D 7H", "8C 8S 10S 10D");
        game.sevens = 6;
        assert_eq!(
            say(&game, &play("JS")),
            "Seat 0 plays J♠; the green under cancels the draw"
        );
        let game = position(&["8H 8D", "9C 10C"], "7D 9H", "8C 8S 10S 10D");
        assert_eq!(
            say(&game, &play("8D 8H")),
            "Seat 0 plays 8♦ 8♥; seat 0 goes out; the game is over: seat 0 went out first; \
             seat 1 is left holding 2 cards"
        );
        let names = ["ann".to_string(), "bob".to_string()];
        assert_eq!(
            words(&game.describe(&play("8D 8H")), &Names::new(&names, Some(0))),
            "You play 8♦ 8♥; you go out; the game is over: you went out first; \
             bob is left holding 2 cards"
        );
    }
}
