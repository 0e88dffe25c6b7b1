//! Table snapshots: everything on a game's table at one moment, drawn for one pair of eyes.
//!
//! A snapshot is what a person watching the game would see on the felt: every seat's hand (face up
//! or only counted), and each game's own layout (durak's attack/defence pairs, most's melds,
//! fifty-six's trick and bids). [`Game::table`](crate::Game::table) gives it for an [`Eye`]:
//!
//! - [`Eye::All`]: every card face up, the stock's order included: for a finished match, or a
//!   post-mortem;
//! - [`Eye::Public`]: what a spectator may see while the game runs: hands, the stock and any other
//!   hidden card only counted;
//! - [`Eye::Seat`]: what one seat saw: its own hand face up, the rest as in `Public` (plus anything
//!   only that seat may know, such as fifty-six's hidden trump for its bidder).
//!
//! In JSON every card shown face up is a string in the card's text form (`"10H"`, `"BJ"`), and no
//! other string of a snapshot parses as a card, except a joker's stand-in, which is always under the
//! key `stands_for`. Hidden cards appear only as counts (`down`). [`Table::face_up`] lists the
//! face-up cards; the property tests check that the snapshot's cards (face up and down) are always
//! the whole pack, that `All` shows every card face up, and that `Public` holds no card a seat may
//! not see.

use serde::{Deserialize, Serialize};

use crate::cards::Card;
use crate::game::Seat;
use crate::verdict::Verdict;

/// Whose eyes a snapshot is drawn for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Eye {
    /// Every card face up (a finished match).
    All,
    /// Only what every seat may see; hidden cards are counted (a running match, a spectator).
    Public,
    /// What this seat may see.
    Seat(Seat),
}

impl Eye {
    /// Whether these eyes see `seat`'s hidden cards (its hand).
    pub fn sees(self, seat: Seat) -> bool {
        match self {
            Eye::All => true,
            Eye::Public => false,
            Eye::Seat(own) => own == seat,
        }
    }

    /// Whether these eyes see every card, the stock's included.
    pub fn sees_all(self) -> bool {
        self == Eye::All
    }
}

/// A stack of cards as the table shows it: the face-up cards in order (bottom or first first),
/// and how many lie face down.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pile {
    /// The cards shown face up.
    pub cards: Vec<Card>,
    /// How many cards lie face down (hidden from these eyes).
    pub down: usize,
}

impl Pile {
    /// A pile of face-up cards.
    pub fn up(cards: impl IntoIterator<Item = Card>) -> Pile {
        Pile {
            cards: cards.into_iter().collect(),
            down: 0,
        }
    }

    /// A pile of `count` face-down cards.
    pub fn down(count: usize) -> Pile {
        Pile {
            cards: Vec::new(),
            down: count,
        }
    }

    /// `cards` face up when `visible`, else only counted.
    pub fn shown(cards: impl IntoIterator<Item = Card>, visible: bool) -> Pile {
        let cards = cards.into_iter();
        if visible {
            Pile::up(cards)
        } else {
            Pile::down(cards.count())
        }
    }

    /// A stock `deck` (next card first) whose bottom card is the trump turned up (durak's and
    /// durak-duel's): every card for [`Eye::All`], else the trump face up at the bottom while it
    /// is still there and the rest counted.
    pub fn under_trump(deck: &[Card], trump: Card, eye: Eye) -> Pile {
        match deck.split_last() {
            _ if eye.sees_all() => Pile::up(deck.iter().copied()),
            Some((&last, rest)) if last == trump => Pile {
                cards: vec![trump],
                down: rest.len(),
            },
            _ => Pile::down(deck.len()),
        }
    }

    /// How many cards the pile holds, up and down.
    pub fn len(&self) -> usize {
        self.cards.len() + self.down
    }

    /// Whether the pile holds no card.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// Where the cards outside the hands are, for one game: implemented by each game's layout type.
pub trait Layout: Clone + std::fmt::Debug + Serialize + Send + Sync + 'static {
    /// Appends every card the layout shows face up to `up` (in any order) and returns how many it
    /// shows face down.
    fn cards(&self, up: &mut Vec<Card>) -> usize;
}

/// A snapshot of a game's table: the parts every game shares, and the game's own layout `L`
/// (its fields sit beside these in JSON).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Table<L> {
    /// The seat whose decision it is; `None` once the game is over.
    pub to_act: Option<Seat>,
    /// The deal's number, from 1 (always 1 in a game of one deal).
    pub deal: u32,
    /// The trick's (or turn's, or round's) number within the deal, from 1: the unit a viewer
    /// jumps by.
    pub trick: u32,
    /// Each seat's hand, by seat.
    pub hands: Vec<Pile>,
    /// How the game ended, in its own words: `Some` once the game is over (the result is
    /// public, so every eye gets it), absent from the JSON before.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub result: Option<Verdict>,
    /// The game's own layout.
    #[serde(flatten)]
    pub layout: L,
}

impl<L: Layout> Table<L> {
    /// Every card shown face up (hands first, by seat, then the layout's) and how many cards
    /// are face down.
    pub fn face_up(&self) -> (Vec<Card>, usize) {
        let mut up = Vec::new();
        let mut down = 0;
        for hand in &self.hands {
            up.extend_from_slice(&hand.cards);
            down += hand.down;
        }
        down += self.layout.cards(&mut up);
        (up, down)
    }
}

/// Every card-form string in a snapshot's JSON, outside `stands_for` keys: the face-up cards as a
/// reader of the JSON finds them (the property tests check it equals [`Table::face_up`]).
pub fn cards_in_json(value: &serde_json::Value) -> Vec<Card> {
    fn walk(value: &serde_json::Value, out: &mut Vec<Card>) {
        match value {
            serde_json::Value::String(text) => out.extend(text.parse::<Card>().ok()),
            serde_json::Value::Array(items) => items.iter().for_each(|v| walk(v, out)),
            serde_json::Value::Object(fields) => fields
                .iter()
                .filter(|(key, _)| key.as_str() != "stands_for")
                .for_each(|(_, v)| walk(v, out)),
            _ => {}
        }
    }
    let mut out = Vec::new();
    walk(value, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Clone, Serialize)]
    struct Stock {
        stock: Pile,
        trump: Card,
    }

    impl Layout for Stock {
        fn cards(&self, up: &mut Vec<Card>) -> usize {
            up.extend_from_slice(&self.stock.cards);
            up.push(self.trump);
            self.stock.down
        }
    }

    #[test]
    fn face_up_cards_are_what_the_json_shows() {
        let card = |t: &str| t.parse::<Card>().unwrap();
        let table = Table {
            to_act: Some(1),
            deal: 1,
            trick: 2,
            hands: vec![Pile::up([card("10H"), card("BJ")]), Pile::down(3)],
            result: None,
            layout: Stock {
                stock: Pile::shown([card("6S"), card("7S")], false),
                trump: card("AS"),
            },
        };
        let (up, down) = table.face_up();
        assert_eq!(up, [card("10H"), card("BJ"), card("AS")]);
        assert_eq!(down, 5);
        let json = serde_json::to_value(&table).unwrap();
        assert_eq!(json["stock"]["down"], 2);
        let mut from_json = cards_in_json(&json);
        from_json.sort();
        let mut sorted = up.clone();
        sorted.sort();
        assert_eq!(from_json, sorted);
        assert!(Eye::Seat(1).sees(1) && !Eye::Seat(1).sees(0) && !Eye::Public.sees(0));
    }
}
