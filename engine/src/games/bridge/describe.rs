//! A bridge decision in words, for the match page and the frames API
//! ([`Game::describe`](crate::Game::describe)): "plays 9♦", "plays J♣, ordering hearts",
//! "covers 6♥ with 9♥", "draws", "draws to cover 6♥", "ends the turn", "ends the turn and goes
//! out". Read against the game before the decision; a drawn card is never named (only its player
//! sees it).

use super::{Bridge, BridgeAction};
use crate::cards::Rank;
use crate::phrase::Phrase;

/// `action`, a decision of the seat to act in `game`, as phrases, then what the engine did by
/// itself because of it (a new deal dealt, the result: [`crate::describe::with_aftermath`]).
pub(super) fn describe(game: &Bridge, action: &BridgeAction) -> Vec<Phrase> {
    let own = decision(game, action).seat("actor", game.current);
    crate::describe::with_aftermath(game, action, vec![own], takes)
}

/// The cards the others take when a turn ends on sevens or eights (counted: they come from the
/// stock), and the turns eights and aces make them lose, between `before` and `after`.
fn takes(before: &Bridge, after: &Bridge) -> Vec<Phrase> {
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
            let phrase = match (took, lost[s]) {
                (0, 0) => return None,
                (took, 0) => Phrase::new("bridge-takes").count("count", took),
                (0, turns) => Phrase::new("bridge-loses-turns").count("turns", turns),
                (took, turns) => Phrase::new("bridge-takes-loses")
                    .count("count", took)
                    .count("turns", turns),
            };
            Some(phrase.seat("seat", s))
        })
        .collect()
}

/// The decision itself, without its actor.
fn decision(game: &Bridge, action: &BridgeAction) -> Phrase {
    // The six the turn must cover, on top of the pile.
    let six = game
        .turn
        .must_cover
        .then(|| game.pile.last().copied())
        .flatten()
        .filter(|c| c.rank() == Some(Rank::Six));
    match *action {
        BridgeAction::Play { card, suit } => {
            let phrase = match (six, suit) {
                (Some(six), Some(suit)) => Phrase::new("bridge-covers-ordering")
                    .card("six", six)
                    .suit("suit", suit),
                (Some(six), None) => Phrase::new("bridge-covers").card("six", six),
                (None, Some(suit)) => Phrase::new("bridge-plays-ordering").suit("suit", suit),
                (None, None) => Phrase::new("bridge-plays"),
            };
            phrase.card("card", card)
        }
        BridgeAction::Draw => match six {
            Some(six) => Phrase::new("bridge-draws-to-cover").card("six", six),
            None => Phrase::new("bridge-draws"),
        },
        BridgeAction::EndTurn if game.hands[game.current].is_empty() => {
            Phrase::new("bridge-ends-turn-out")
        }
        BridgeAction::EndTurn => Phrase::new("bridge-ends-turn"),
    }
}

#[cfg(test)]
mod tests {
    use super::super::{BridgeOptions, MAX_PLAYERS, Turn};
    use super::*;
    use crate::cards::{Card, CardSet, Suit};
    use crate::game::Game;
    use crate::phrase::english::{Names, words};

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
        let text = words(&game.describe(&action), &Names::numbered());
        game.apply(&action).unwrap();
        text
    }

    #[test]
    fn plays_draws_and_ends_in_words() {
        let mut game = position(&["9D 9S KC", "7C 8C"], "QD", "6S");
        assert_eq!(say(&mut game, play("9D", None)), "Seat 0 plays 9♦");
        assert_eq!(say(&mut game, play("9S", None)), "Seat 0 plays 9♠");
        assert_eq!(
            say(&mut game, BridgeAction::EndTurn),
            "Seat 0 ends the turn"
        );
        assert_eq!(say(&mut game, BridgeAction::Draw), "Seat 1 draws");
    }

    #[test]
    fn a_jack_names_the_suit_it_orders() {
        let mut game = position(&["JC 9D", "7C 8C"], "QD", "6S");
        let jack = play("JC", Some(Suit::Hearts));
        assert_eq!(say(&mut game, jack), "Seat 0 plays J♣, ordering hearts");
    }

    #[test]
    fn a_six_is_covered_and_drawn_to() {
        let mut game = position(&["6D KC", "7C 8C"], "QD", "7H 9D");
        assert_eq!(say(&mut game, play("6D", None)), "Seat 0 plays 6♦");
        assert_eq!(
            say(&mut game, BridgeAction::Draw),
            "Seat 0 draws to cover 6♦"
        );
        assert_eq!(say(&mut game, play("9D", None)), "Seat 0 covers 6♦ with 9♦");
        let mut game = position(&["6D JS KC", "7C 8C"], "QD", "7H");
        say(&mut game, play("6D", None));
        let jack = play("JS", Some(Suit::Clubs));
        assert_eq!(
            say(&mut game, jack),
            "Seat 0 covers 6♦ with J♠, ordering clubs"
        );
    }

    #[test]
    fn the_last_card_s_turn_ends_by_going_out() {
        let mut game = position(&["9D", "7C 8C"], "QD", "6S");
        say(&mut game, play("9D", None));
        assert_eq!(
            words(&game.describe(&BridgeAction::EndTurn), &Names::numbered()),
            "Seat 0 ends the turn and goes out; the deal is over; deal 2 is dealt"
        );
    }

    #[test]
    fn the_opening_up_six_is_covered_too() {
        let mut game = Bridge::new(&BridgeOptions::default(), 2, 1).unwrap();
        game.pile = cards("6H");
        game.turn.must_cover = true;
        let seat = game.current;
        assert_eq!(
            words(&game.describe(&BridgeAction::Draw), &Names::numbered()),
            format!("Seat {seat} draws to cover 6♥")
        );
        assert_eq!(
            game.describe(&BridgeAction::Draw),
            [Phrase::new("bridge-draws-to-cover")
                .card("six", "6H".parse().unwrap())
                .seat("actor", seat)]
        );
    }
}
