//! A most decision in words, for the match page and the frames API
//! ([`Game::describe`](crate::Game::describe)): "draws from the deck", "takes the bridge card 5S
//! and must meld it", "melds 7C 7H BJ=7S", "lays off KH on seat 1's run 9H 10H JH", "swaps 2H for
//! BJ in seat 0's set BJ=2H 2C 2S", "discards QH and goes out". Read against the game before the
//! decision; cards and melds are written as the text log writes them (a joker as `BJ=7S`, the
//! card it stands for), and a drawn card is never named (only its player sees it).

use super::transcript::{cards, kind, meld, slot};
use super::{Most, MostAction, TableMeld, meld_shape};
use crate::cards::Card;
use crate::game::Seat;

/// `action`, a decision of the seat to act in `game`, in words, then what the engine did by
/// itself because of it (a new deal dealt, the result: [`crate::describe::with_aftermath`]).
pub(super) fn describe(game: &Most, action: &MostAction) -> String {
    crate::describe::with_aftermath(game, action, decision(game, action), |_, _| Vec::new())
}

/// The decision itself in words.
fn decision(game: &Most, action: &MostAction) -> String {
    let seat = game.to_act;
    let on = |at: usize| {
        game.melds
            .get(at)
            .map_or_else(|| format!("meld {at}"), |m| whose(m, seat))
    };
    match action {
        MostAction::Draw => "draws from the deck".to_string(),
        MostAction::Take { index } => match game.bridge.get(*index..) {
            Some([card]) => format!("takes the bridge card {card} and must meld it"),
            Some(taken @ [first, ..]) => {
                format!(
                    "takes {} from the bridge and must meld {first}",
                    cards(taken)
                )
            }
            _ => format!("takes the bridge from card {index}"),
        },
        MostAction::Meld { cards, jokers } => {
            let represented: Vec<Card> = cards
                .iter()
                .copied()
                .chain(jokers.iter().map(|j| j.stands_for))
                .collect();
            let order = meld_shape(&represented).map_or(represented, |(_, order)| order.to_vec());
            let texts: Vec<String> = order
                .iter()
                .map(|&card| match jokers.iter().find(|j| j.stands_for == card) {
                    Some(j) => slot(j.joker, card),
                    None => card.to_string(),
                })
                .collect();
            format!("melds {}", texts.join(" "))
        }
        MostAction::LayOff {
            meld: at,
            card,
            stands_for,
        } => format!(
            "lays off {} on {}",
            slot(*card, stands_for.unwrap_or(*card)),
            on(*at)
        ),
        MostAction::Swap { meld: at, card } => {
            let joker = game.melds.get(*at).and_then(|m| {
                m.slots
                    .iter()
                    .find(|s| s.card.is_joker() && s.stands_for == *card)
            });
            let joker = joker.map_or_else(|| "the joker".to_string(), |s| s.card.to_string());
            format!("swaps {card} for {joker} in {}", on(*at))
        }
        MostAction::Discard { card } => {
            let hand = game.hand(seat);
            if hand.len() == 1 && hand.contains(*card) {
                format!("discards {card} and goes out")
            } else if game.deck.is_empty() {
                format!("discards {card}, and the deal ends: the deck is empty")
            } else {
                format!("discards {card}")
            }
        }
    }
}

/// A meld as the seat to act sees it, with its owner and kind: "seat 1's run 9H 10H JH", or
/// "their own set 7C 7D 7S".
fn whose(m: &TableMeld, seat: Seat) -> String {
    let owner = if m.owner == seat {
        "their own".to_string()
    } else {
        format!("seat {}'s", m.owner)
    };
    format!("{owner} {} {}", kind(m.kind), meld(m))
}

#[cfg(test)]
mod tests {
    use super::super::{JokerAs, JokerList, Phase};
    use super::*;
    use crate::cards::CardSet;
    use crate::game::Game;

    fn c(text: &str) -> Card {
        text.parse().unwrap()
    }

    fn set(text: &str) -> CardSet {
        text.split_whitespace().map(c).collect()
    }

    /// Describes `action` and applies it, checking it was legal.
    fn say(game: &mut Most, action: MostAction) -> String {
        assert!(game.legal_actions().contains(&action), "{action:?}");
        let text = game.describe(&action);
        game.apply(&action).unwrap();
        text
    }

    /// Seat 0 to draw: a bridge of 5S 9D, jokers and a run to lay off in seat 0's hand, seat 1
    /// with the 7H a joker will stand for.
    fn start() -> Most {
        Most::from_position(
            vec![set("RJ 8H 9H 5C 5D QS KS 10H"), set("7H 2C 4D")],
            vec![c("5S"), c("9D")],
            vec![c("3S"), c("4S"), c("6S")],
            Vec::new(),
            vec![false, false],
            0,
            Phase::Draw,
            None,
        )
    }

    #[test]
    fn taking_from_the_bridge_says_what_must_be_melded() {
        let game = start();
        let one = MostAction::Take { index: 1 };
        assert_eq!(
            game.describe(&one),
            "takes the bridge card 9D and must meld it"
        );
        let mut game = start();
        let both = MostAction::Take { index: 0 };
        assert_eq!(
            say(&mut game, both),
            "takes 5S 9D from the bridge and must meld 5S"
        );
        assert_eq!(game.describe(&MostAction::Draw), "draws from the deck");
    }

    #[test]
    fn melds_lay_offs_swaps_and_discards_in_words() {
        let mut game = start();
        say(&mut game, MostAction::Take { index: 0 });
        let set_of_fives = MostAction::Meld {
            cards: [c("5C"), c("5D"), c("5S")].into(),
            jokers: JokerList::new(),
        };
        assert_eq!(say(&mut game, set_of_fives), "melds 5C 5D 5S");
        let run = MostAction::Meld {
            cards: [c("8H"), c("9H")].into(),
            jokers: [JokerAs {
                joker: c("RJ"),
                stands_for: c("7H"),
            }]
            .into(),
        };
        assert_eq!(say(&mut game, run), "melds RJ=7H 8H 9H");
        let ten = MostAction::LayOff {
            meld: 1,
            card: c("10H"),
            stands_for: None,
        };
        assert_eq!(
            say(&mut game, ten),
            "lays off 10H on their own run RJ=7H 8H 9H"
        );
        assert_eq!(
            say(&mut game, MostAction::Discard { card: c("9D") }),
            "discards 9D"
        );
        say(&mut game, MostAction::Draw);
        let swap = MostAction::Swap {
            meld: 1,
            card: c("7H"),
        };
        assert_eq!(
            say(&mut game, swap),
            "swaps 7H for RJ in seat 0's run RJ=7H 8H 9H 10H"
        );
    }

    #[test]
    fn a_joker_laid_off_names_its_card_and_the_last_discard_goes_out() {
        let run = TableMeld {
            owner: 1,
            kind: super::super::MeldKind::Run,
            slots: ["9H", "10H", "JH"]
                .map(|t| super::super::Slot {
                    card: c(t),
                    stands_for: c(t),
                    by: 1,
                })
                .to_vec(),
        };
        let game = Most::from_position(
            vec![set("BJ KS"), set("2C 3C")],
            vec![c("5S")],
            vec![c("3S")],
            vec![run],
            vec![true, true],
            0,
            Phase::Play,
            None,
        );
        let joker = MostAction::LayOff {
            meld: 0,
            card: c("BJ"),
            stands_for: Some(c("QH")),
        };
        assert_eq!(
            game.describe(&joker),
            "lays off BJ=QH on seat 1's run 9H 10H JH"
        );
        let mut game = game;
        say(&mut game, joker);
        let last = MostAction::Discard { card: c("KS") };
        assert_eq!(
            game.describe(&last),
            "discards KS and goes out; the game is over: seat 1 won. Totals after 1 deal (500 ends the match): seat 0 0, seat 1 15."
        );
    }

    #[test]
    fn a_discard_on_an_empty_deck_ends_the_deal() {
        let game = Most::from_position(
            vec![set("KS QD"), set("2C 3C")],
            vec![c("5S")],
            Vec::new(),
            Vec::new(),
            vec![false, false],
            0,
            Phase::Play,
            None,
        );
        let discard = MostAction::Discard { card: c("KS") };
        assert_eq!(
            game.describe(&discard),
            "discards KS, and the deal ends: the deck is empty; the game is over: everyone tied: a draw. Totals after 1 deal (500 ends the match): seat 0 -10, seat 1 -10."
        );
    }
}
