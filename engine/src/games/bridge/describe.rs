//! A bridge decision in words, for the match page and the frames API
//! ([`Game::describe`](crate::Game::describe)): "plays 9D", "plays JC, ordering hearts",
//! "covers 6H with 9H", "draws", "draws to cover 6H", "ends the turn", "ends the turn and goes
//! out". Read against the game before the decision; a drawn card is never named (only its player
//! sees it).

use super::{Bridge, BridgeAction};
use crate::cards::{Card, Rank, Suit};

/// The words for ending a turn, shared with the text log.
pub(super) const END_TURN: &str = "ends the turn";

/// "plays 9D", shared with the text log (which then names a jack's suit its own way).
pub(super) fn plays(card: Card) -> String {
    format!("plays {card}")
}

/// A suit in words, plural as a suit is ordered: "hearts".
fn suit_name(suit: Suit) -> &'static str {
    match suit {
        Suit::Clubs => "clubs",
        Suit::Diamonds => "diamonds",
        Suit::Hearts => "hearts",
        Suit::Spades => "spades",
    }
}

/// `action`, a decision of the seat to act in `game`, in words, then what the engine did by
/// itself because of it (a new deal dealt, the result: [`crate::describe::with_aftermath`]).
pub(super) fn describe(game: &Bridge, action: &BridgeAction) -> String {
    crate::describe::with_aftermath(game, action, decision(game, action), takes)
}

/// The cards the others take when a turn ends on sevens or eights (counted: they come from the
/// stock), and the turns eights and aces make them lose, between `before` and `after`.
fn takes(before: &Bridge, after: &Bridge) -> Vec<String> {
    if after.deal != before.deal || after.over {
        return Vec::new();
    }
    let mut lost = vec![0; before.players];
    for (seat, _, turns) in before.turn_effects() {
        lost[seat] += turns;
    }
    (0..before.players)
        .filter(|&s| s != before.current)
        .filter_map(|s| {
            let took = after.hands[s].len().saturating_sub(before.hands[s].len());
            let mut told = Vec::new();
            if took > 0 {
                told.push(format!("takes {}", crate::verdict::cards(took)));
            }
            match lost[s] {
                0 => {}
                1 => told.push("loses a turn".into()),
                n => told.push(format!("loses {n} turns")),
            }
            (!told.is_empty()).then(|| format!("seat {s} {}", told.join(" and ")))
        })
        .collect()
}

/// The decision itself in words.
fn decision(game: &Bridge, action: &BridgeAction) -> String {
    // The six the turn must cover, on top of the pile.
    let six = game
        .turn
        .must_cover
        .then(|| game.pile.last().copied())
        .flatten()
        .filter(|c| c.rank() == Some(Rank::Six));
    match *action {
        BridgeAction::Play { card, suit } => {
            let mut text = match six {
                Some(six) => format!("covers {six} with {card}"),
                None => plays(card),
            };
            if let Some(suit) = suit {
                text.push_str(", ordering ");
                text.push_str(suit_name(suit));
            }
            text
        }
        BridgeAction::Draw => match six {
            Some(six) => format!("draws to cover {six}"),
            None => "draws".to_string(),
        },
        BridgeAction::EndTurn if game.hands[game.current].is_empty() => {
            format!("{END_TURN} and goes out")
        }
        BridgeAction::EndTurn => END_TURN.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::super::{BridgeOptions, MAX_PLAYERS, Turn};
    use super::*;
    use crate::cards::CardSet;
    use crate::game::Game;

    fn cards(text: &str) -> Vec<Card> {
        text.split_whitespace()
            .map(|c| c.parse().unwrap())
            .collect()
    }

    /// Seat 0 to act (not the opening turn) with these hands, pile (top last) and deck.
    fn position(hands: &[&str], pile: &str, deck: &str) -> Bridge {
        let mut game = Bridge::new(&BridgeOptions::default(), hands.len(), 1).unwrap();
        game.hands = [CardSet::EMPTY; MAX_PLAYERS];
        for (seat, hand) in hands.iter().enumerate() {
            game.hands[seat] = cards(hand).into_iter().collect();
        }
        game.pile = cards(pile);
        game.deck = cards(deck);
        game.ordered = None;
        game.current = 0;
        game.turn = Turn::default();
        game
    }

    fn play(card: &str, suit: Option<Suit>) -> BridgeAction {
        BridgeAction::Play {
            card: card.parse().unwrap(),
            suit,
        }
    }

    /// Describes `action` and applies it, checking it was legal.
    fn say(game: &mut Bridge, action: BridgeAction) -> String {
        let text = game.describe(&action);
        game.apply(&action).unwrap();
        text
    }

    #[test]
    fn plays_draws_and_ends_in_words() {
        let mut game = position(&["9D 9S KC", "7C 8C"], "QD", "6S");
        assert_eq!(say(&mut game, play("9D", None)), "plays 9D");
        assert_eq!(say(&mut game, play("9S", None)), "plays 9S");
        assert_eq!(say(&mut game, BridgeAction::EndTurn), "ends the turn");
        assert_eq!(say(&mut game, BridgeAction::Draw), "draws");
    }

    #[test]
    fn a_jack_names_the_suit_it_orders() {
        let mut game = position(&["JC 9D", "7C 8C"], "QD", "6S");
        let jack = play("JC", Some(Suit::Hearts));
        assert_eq!(say(&mut game, jack), "plays JC, ordering hearts");
    }

    #[test]
    fn a_six_is_covered_and_drawn_to() {
        let mut game = position(&["6D KC", "7C 8C"], "QD", "7H 9D");
        assert_eq!(say(&mut game, play("6D", None)), "plays 6D");
        assert_eq!(say(&mut game, BridgeAction::Draw), "draws to cover 6D");
        assert_eq!(say(&mut game, play("9D", None)), "covers 6D with 9D");
        let mut game = position(&["6D JS KC", "7C 8C"], "QD", "7H");
        say(&mut game, play("6D", None));
        let jack = play("JS", Some(Suit::Clubs));
        assert_eq!(say(&mut game, jack), "covers 6D with JS, ordering clubs");
    }

    #[test]
    fn the_last_card_s_turn_ends_by_going_out() {
        let mut game = position(&["9D", "7C 8C"], "QD", "6S");
        say(&mut game, play("9D", None));
        assert_eq!(
            game.describe(&BridgeAction::EndTurn),
            "ends the turn and goes out; the deal is over; deal 2 is dealt"
        );
    }

    #[test]
    fn the_opening_up_six_is_covered_too() {
        let mut game = Bridge::new(&BridgeOptions::default(), 2, 1).unwrap();
        game.pile = cards("6H");
        game.turn.must_cover = true;
        assert_eq!(game.describe(&BridgeAction::Draw), "draws to cover 6H");
    }
}
