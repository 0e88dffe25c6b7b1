//! Words as data: a move's description ([`Game::describe`](crate::Game::describe)) and a finished
//! game's result ([`Verdict`](crate::Verdict)) are lists of [`Phrase`]s, each a message id and
//! named, typed arguments (the seats, cards, counts and suits it speaks of), never a finished
//! sentence. Whoever shows them renders them in the reader's words: [`english`] here (the CLI,
//! the Python package, logs, tests), the pages' Fluent messages in the reader's language
//! (web/locales/<code>/moves.ftl, on the server and in web/static/words.js), with the seats' names and, at a person's own table, that seat as "you". A language renders
//! each id as one message ([`catalog`] lists the English ones), and a count is a number so that
//! each language picks its own plural form.

pub mod catalog;
pub mod english;

use std::borrow::Cow;
use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::cards::{Card, Suit};
use crate::game::Seat;

/// One message: its id (one per thing said, `durak-attacks`) and its arguments by name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Phrase {
    /// The message's id, as [`catalog::ENGLISH`] lists it.
    pub id: Cow<'static, str>,
    /// The message's arguments by name (`actor`, `card`, `count`, …).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub args: BTreeMap<Cow<'static, str>, Arg>,
}

/// An argument of a [`Phrase`], tagged with what it is: `{"seat": 1}`, `{"cards": ["7S", "8S"]}`,
/// `{"count": 2}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Arg {
    /// A seat: its player's name, or "you" for the reader's own seat.
    Seat(Seat),
    /// Seats, in a list ("greedy and random").
    Seats(Vec<Seat>),
    /// A card, face up.
    Card(Card),
    /// Cards in the order given.
    Cards(Vec<Card>),
    /// Most's meld, card by card, a joker with the card it stands for.
    Meld(Vec<MeldCard>),
    /// A count of things (cards, points, turns): the language picks the plural form by it.
    Count(i64),
    /// A number that counts nothing (a deal's number, a bid, a turn limit).
    Number(i64),
    /// A place, from 1: "first", "second".
    Place(u32),
    /// A suit.
    Suit(Suit),
    /// A keyword from a fixed set the message chooses its words by (most's meld kind, `run` or
    /// `set`).
    Word(Cow<'static, str>),
    /// Text shown as it is (the default description's reading of an action's JSON).
    Text(String),
}

/// A card of a meld: a joker names the card it stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct MeldCard {
    /// The card laid down.
    pub card: Card,
    /// For a joker, the card it stands for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stands_for: Option<Card>,
}

impl Phrase {
    /// The phrase `id` with no arguments yet.
    pub fn new(id: &'static str) -> Phrase {
        Phrase {
            id: Cow::Borrowed(id),
            args: BTreeMap::new(),
        }
    }

    /// The phrase with argument `name` set to `arg`.
    pub fn arg(mut self, name: &'static str, arg: Arg) -> Phrase {
        self.args.insert(Cow::Borrowed(name), arg);
        self
    }

    /// The phrase with seat `name`.
    pub fn seat(self, name: &'static str, seat: Seat) -> Phrase {
        self.arg(name, Arg::Seat(seat))
    }

    /// The phrase with card `name`.
    pub fn card(self, name: &'static str, card: Card) -> Phrase {
        self.arg(name, Arg::Card(card))
    }

    /// The phrase with cards `name`.
    pub fn cards(self, name: &'static str, cards: impl IntoIterator<Item = Card>) -> Phrase {
        self.arg(name, Arg::Cards(cards.into_iter().collect()))
    }

    /// The phrase with count `name` (anything that converts to a count: a `usize`, a `u32`).
    pub fn count(self, name: &'static str, count: impl TryInto<i64>) -> Phrase {
        self.arg(name, Arg::Count(count.try_into().unwrap_or(i64::MAX)))
    }

    /// The phrase with number `name`.
    pub fn number(self, name: &'static str, number: impl TryInto<i64>) -> Phrase {
        self.arg(name, Arg::Number(number.try_into().unwrap_or(i64::MAX)))
    }

    /// The phrase with suit `name`.
    pub fn suit(self, name: &'static str, suit: Suit) -> Phrase {
        self.arg(name, Arg::Suit(suit))
    }

    /// The seats the phrase names, in the order of its arguments' names.
    pub fn seats(&self) -> impl Iterator<Item = Seat> + '_ {
        self.args.values().flat_map(|arg| match arg {
            Arg::Seat(seat) => vec![*seat],
            Arg::Seats(seats) => seats.clone(),
            _ => Vec::new(),
        })
    }

    /// The cards the phrase names (a joker's stand-in included).
    pub fn named_cards(&self) -> Vec<Card> {
        let mut out = Vec::new();
        for arg in self.args.values() {
            match arg {
                Arg::Card(card) => out.push(*card),
                Arg::Cards(cards) => out.extend(cards),
                Arg::Meld(meld) => {
                    for slot in meld {
                        out.push(slot.card);
                        out.extend(slot.stands_for);
                    }
                }
                _ => {}
            }
        }
        out
    }
}
