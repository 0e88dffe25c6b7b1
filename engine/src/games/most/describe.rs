//! A most decision in words, for the match page and the frames API
//! ([`Game::describe`](crate::Game::describe)): "draws from the deck", "takes the bridge card 5♠
//! and must meld it", "melds 7♣ 7♥ black joker (7♠)", "lays off K♥ on seat 1's run 9♥ 10♥ J♥",
//! "swaps 2♥ for black joker in seat 0's set", "discards Q♥ and goes out". Read against the game
//! before the decision; a meld is written card by card, a joker with the card it stands for,
//! and a drawn card is never named (only its player sees it).

use super::transcript::kind;
use super::{Most, MostAction, TableMeld, meld_shape};
use crate::cards::Card;
use crate::phrase::{Arg, MeldCard, Phrase};

/// `action`, a decision of the seat to act in `game`, as phrases, then what the engine did by
/// itself because of it (a new deal dealt, the result: [`crate::describe::with_aftermath`]).
pub(super) fn describe(game: &Most, action: &MostAction) -> Vec<Phrase> {
    let own = match decision(game, action) {
        Some(phrase) => phrase.seat("actor", game.to_act),
        None => {
            let json = serde_json::to_value(action).unwrap_or_default();
            crate::describe::json_phrase(game.to_act, &json)
        }
    };
    crate::describe::with_aftermath(game, action, vec![own], |_, _| Vec::new())
}

/// A card laid in a meld: a joker with the card it stands for.
fn slot(card: Card, stands_for: Card) -> MeldCard {
    MeldCard {
        card,
        stands_for: card.is_joker().then_some(stands_for),
    }
}

/// A meld's cards in table order.
fn meld(m: &TableMeld) -> Arg {
    Arg::Meld(m.slots.iter().map(|s| slot(s.card, s.stands_for)).collect())
}

/// The decision itself, without its actor; `None` for an action that names no meld or bridge
/// card there is (never a legal one).
fn decision(game: &Most, action: &MostAction) -> Option<Phrase> {
    let seat = game.to_act;
    // The meld at `at`, its owner and kind, in phrase `own` when it is the actor's, else `other`.
    let on = |at: usize, own: &'static str, other: &'static str| {
        let m = game.melds.get(at)?;
        let phrase = match m.owner == seat {
            true => Phrase::new(own),
            false => Phrase::new(other).seat("owner", m.owner),
        };
        Some(
            phrase
                .arg("kind", Arg::Word(kind(m.kind).into()))
                .arg("meld", meld(m)),
        )
    };
    Some(match action {
        MostAction::Draw => Phrase::new("most-draws"),
        MostAction::Take { index } => match game.bridge.get(*index..)? {
            [card] => Phrase::new("most-takes-card").card("card", *card),
            taken @ [first, ..] => Phrase::new("most-takes")
                .cards("cards", taken.iter().copied())
                .card("card", *first),
            [] => return None,
        },
        MostAction::Meld { cards, jokers } => {
            let represented: Vec<Card> = cards
                .iter()
                .copied()
                .chain(jokers.iter().map(|j| j.stands_for))
                .collect();
            let order = meld_shape(&represented).map_or(represented, |(_, order)| order.to_vec());
            let slots = order
                .iter()
                .map(|&card| match jokers.iter().find(|j| j.stands_for == card) {
                    Some(j) => slot(j.joker, card),
                    None => slot(card, card),
                })
                .collect();
            Phrase::new("most-melds").arg("meld", Arg::Meld(slots))
        }
        MostAction::LayOff {
            meld: at,
            card,
            stands_for,
        } => on(*at, "most-lays-off-own", "most-lays-off")?.arg(
            "cards",
            Arg::Meld(vec![slot(*card, stands_for.unwrap_or(*card))]),
        ),
        MostAction::Swap { meld: at, card } => {
            let joker = game
                .melds
                .get(*at)?
                .slots
                .iter()
                .find(|s| s.card.is_joker() && s.stands_for == *card)?;
            on(*at, "most-swaps-own", "most-swaps")?
                .card("card", *card)
                .card("joker", joker.card)
        }
        MostAction::Discard { card } => {
            let hand = game.hand(seat);
            let id = if hand.len() == 1 && hand.contains(*card) {
                "most-discards-out"
            } else if game.deck.is_empty() {
                "most-discards-last"
            } else {
                "most-discards"
            };
            Phrase::new(id).card("card", *card)
        }
    })
}

#[cfg(test)]
mod tests {
    use super::super::{JokerAs, JokerList, Phase};
    use super::*;
    use crate::cards::CardSet;
    use crate::game::Game;
    use crate::phrase::english::{Names, words};

    /// `action` of `game` in English, the seats numbered, without applying it.
    fn told(game: &Most, action: &MostAction) -> String {
        words(&game.describe(action), &Names::numbered())
    }

    fn c(text: &str) -> Card {
        text.parse().unwrap()
    }

    fn set(text: &str) -> CardSet {
        text.split_whitespace().map(c).collect()
    }

    /// Describes `action` and applies it, checking it was legal.
    fn say(game: &mut Most, action: MostAction) -> String {
        assert!(game.legal_actions().contains(&action), "{action:?}");
        let text = told(game, &action);
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
            told(&game, &one),
            "Seat 0 takes the bridge card 9♦ and must meld it"
        );
        let mut game = start();
        let both = MostAction::Take { index: 0 };
        assert_eq!(
            say(&mut game, both),
            "Seat 0 takes 5♠ 9♦ from the bridge and must meld 5♠"
        );
        assert_eq!(told(&game, &MostAction::Draw), "Seat 0 draws from the deck");
    }

    #[test]
    fn melds_lay_offs_swaps_and_discards_in_words() {
        let mut game = start();
        say(&mut game, MostAction::Take { index: 0 });
        let set_of_fives = MostAction::Meld {
            cards: [c("5C"), c("5D"), c("5S")].into(),
            jokers: JokerList::new(),
        };
        assert_eq!(say(&mut game, set_of_fives), "Seat 0 melds 5♣ 5♦ 5♠");
        let run = MostAction::Meld {
            cards: [c("8H"), c("9H")].into(),
            jokers: [JokerAs {
                joker: c("RJ"),
                stands_for: c("7H"),
            }]
            .into(),
        };
        assert_eq!(say(&mut game, run), "Seat 0 melds red joker (7♥) 8♥ 9♥");
        let ten = MostAction::LayOff {
            meld: 1,
            card: c("10H"),
            stands_for: None,
        };
        assert_eq!(
            say(&mut game, ten),
            "Seat 0 lays off 10♥ on their own run red joker (7♥) 8♥ 9♥"
        );
        assert_eq!(
            say(&mut game, MostAction::Discard { card: c("9D") }),
            "Seat 0 discards 9♦"
        );
        say(&mut game, MostAction::Draw);
        let swap = MostAction::Swap {
            meld: 1,
            card: c("7H"),
        };
        assert_eq!(
            say(&mut game, swap),
            "Seat 1 swaps 7♥ for red joker in seat 0's run red joker (7♥) 8♥ 9♥ 10♥"
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
            told(&game, &joker),
            "Seat 0 lays off black joker (Q♥) on seat 1's run 9♥ 10♥ J♥"
        );
        let mut game = game;
        say(&mut game, joker);
        let last = MostAction::Discard { card: c("KS") };
        assert_eq!(
            told(&game, &last),
            "Seat 0 discards K♠ and goes out; the game is over: seat 1 won; totals after 1 deal (500 ends the match): seat 0 has 0 points; seat 1 has 15 points"
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
            told(&game, &discard),
            "Seat 0 discards K♠, and the deal ends: the deck is empty; the game is over: everyone tied: a draw; totals after 1 deal (500 ends the match): seat 0 has -10 points; seat 1 has -10 points"
        );
    }
}
