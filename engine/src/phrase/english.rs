//! The English renderer of [`Phrase`]s: each phrase's template from [`ENGLISH`] filled with its
//! arguments, the seats named as the reader knows them and the reader's own seat, if any, as
//! "you" with the verb forms that go with it ("You attack with 7♠; greedy cannot beat it and
//! takes 2 cards"). Cards read as the table draws them, rank and suit symbol ("10♥").
//!
//! A template's placeholders:
//! - `{name}`: the argument; `{name's}`: a seat's possessive ("greedy's", "your");
//! - `{name|one|other}`: a count and its noun in the count's form ("1 card", "3 cards");
//! - `[you|other]`: the first for "you" or several seats, the other for one seat, agreeing with
//!   the seat or seats named last before it ("{actor} [take|takes]").

use std::fmt::Write;

use super::catalog::ENGLISH;
use super::{Arg, Phrase};
use crate::cards::{Card, Rank, Suit};
use crate::game::Seat;

/// How the reader knows the seats: their names by seat ("seat N" where there is none) and the
/// reader's own seat, said "you".
#[derive(Debug, Clone, Copy)]
pub struct Names<'a> {
    names: &'a [String],
    you: Option<Seat>,
}

impl<'a> Names<'a> {
    /// Seats named `names` (by seat), `you` the reader's own seat.
    pub fn new(names: &'a [String], you: Option<Seat>) -> Names<'a> {
        Names { names, you }
    }

    /// Every seat by its number ("seat 2"), the reader at none.
    pub fn numbered() -> Names<'static> {
        Names {
            names: &[],
            you: None,
        }
    }

    /// `seat` as the reader knows it.
    fn name(&self, seat: Seat) -> String {
        match self.names.get(seat) {
            _ if self.you == Some(seat) => "you".into(),
            Some(name) => name.clone(),
            None => format!("seat {seat}"),
        }
    }
}

/// A piece of rendered words: text, a seat's name, or a card (which a page draws in colour).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Piece {
    /// Words as they are.
    Text(String),
    /// A seat, by the name the reader knows it ("you" for the reader's own).
    Seat(Seat, String),
    /// A card.
    Card(Card),
}

impl Piece {
    /// The piece as plain text (a card as [`card`] writes it).
    pub fn text(&self) -> String {
        match self {
            Piece::Text(text) | Piece::Seat(_, text) => text.clone(),
            Piece::Card(c) => card(*c),
        }
    }

    /// Appends `text` to `out`, joined to the text before it (nothing for no text).
    pub fn push_text(out: &mut Vec<Piece>, text: &str) {
        if text.is_empty() {
            return;
        }
        match out.last_mut() {
            Some(Piece::Text(last)) => last.push_str(text),
            _ => out.push(Piece::Text(text.to_string())),
        }
    }

    /// The first letter a capital, unless the words begin with a player's name, which keeps its
    /// own case (`is_name(seat)`: "you" and "seat 2" are no names).
    pub fn capitalise(pieces: &mut [Piece], is_name: impl Fn(Seat) -> bool) {
        let text = match pieces.first_mut() {
            Some(Piece::Text(text)) => text,
            Some(Piece::Seat(seat, text)) if !is_name(*seat) => text,
            _ => return,
        };
        let mut chars = text.chars();
        if let Some(first) = chars.next() {
            *text = first.to_uppercase().chain(chars).collect();
        }
    }
}

/// `phrases` as one clause after another ("; " between them, a space after a clause ending in a
/// colon), the first letter a capital unless it begins a seat's name: a move, or a result's
/// sentence (which a reader ends with a full stop).
pub fn pieces(phrases: &[Phrase], names: &Names) -> Vec<Piece> {
    let mut out = joined(phrases, names, "; ");
    capitalise(&mut out, names);
    out
}

/// `phrases` as one clause after another, as [`pieces`], in plain text.
pub fn words(phrases: &[Phrase], names: &Names) -> String {
    plain(&pieces(phrases, names))
}

/// `phrases` as a sentence: [`words`] and a full stop ("Greedy is the fool, the last player
/// holding cards (4).").
pub fn sentence(phrases: &[Phrase], names: &Names) -> String {
    let mut text = words(phrases, names);
    text.push('.');
    text
}

/// A seat's result (each [`Verdict`](crate::Verdict) seat's phrases) in a list: "won, 12
/// points", in lower case.
pub fn seat_words(phrases: &[Phrase], names: &Names) -> String {
    plain(&joined(phrases, names, ", "))
}

/// `phrases` without capitals, as [`pieces`], for words that follow others ("the expert would
/// play: you play 9♥").
pub fn inline(phrases: &[Phrase], names: &Names) -> String {
    plain(&joined(phrases, names, "; "))
}

/// A card as the table draws it: "7♠", "10♥", "red joker".
pub fn card(card: Card) -> String {
    match (card.rank(), card.suit()) {
        (Some(rank), Some(suit)) => format!("{}{}", rank_text(rank), symbol(suit)),
        _ if card == Card::RED_JOKER => "red joker".into(),
        _ => "black joker".into(),
    }
}

/// A card as a person says it, for a screen reader: "7 of spades", "jack of hearts", "red
/// joker".
pub fn card_name(c: Card) -> String {
    let (Some(rank), Some(suit)) = (c.rank(), c.suit()) else {
        return card(c);
    };
    let rank = match rank {
        Rank::Jack => "jack",
        Rank::Queen => "queen",
        Rank::King => "king",
        Rank::Ace => "ace",
        other => rank_text(other),
    };
    let suit = suit_name(suit);
    format!("{rank} of {suit}")
}

/// The text form of a rank: "7", "10", "J".
fn rank_text(rank: Rank) -> &'static str {
    let text = Card::new(rank, Suit::Clubs).text();
    &text[..text.len() - 1]
}

/// A suit's symbol: ♣ ♦ ♥ ♠.
fn symbol(suit: Suit) -> char {
    match suit {
        Suit::Clubs => '\u{2663}',
        Suit::Diamonds => '\u{2666}',
        Suit::Hearts => '\u{2665}',
        Suit::Spades => '\u{2660}',
    }
}

/// A suit's name, plural as a suit is named or ordered: "hearts".
pub fn suit_name(suit: Suit) -> &'static str {
    match suit {
        Suit::Clubs => "clubs",
        Suit::Diamonds => "diamonds",
        Suit::Hearts => "hearts",
        Suit::Spades => "spades",
    }
}

/// A place in words, from 1: "first", "second", … ("13th" past twelve).
pub fn ordinal(place: u32) -> String {
    const WORDS: [&str; 12] = [
        "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
        "tenth", "eleventh", "twelfth",
    ];
    match WORDS.get((place as usize).wrapping_sub(1)) {
        Some(word) => (*word).to_string(),
        None => format!("{place}th"),
    }
}

/// The template of `id`, if the catalog has it.
pub fn template(id: &str) -> Option<&'static str> {
    ENGLISH
        .iter()
        .find(|(known, _)| *known == id)
        .map(|(_, t)| *t)
}

fn plain(pieces: &[Piece]) -> String {
    pieces.iter().map(Piece::text).collect()
}

/// The first letter a capital, unless the words begin with a player's name (which keeps its own
/// case: "you" and "seat 2" are no names).
fn capitalise(pieces: &mut [Piece], names: &Names) {
    Piece::capitalise(pieces, |seat| {
        names.you != Some(seat) && names.names.get(seat).is_some()
    });
}

fn joined(phrases: &[Phrase], names: &Names, separator: &str) -> Vec<Piece> {
    let mut out = Vec::new();
    for (i, phrase) in phrases.iter().enumerate() {
        if i > 0 {
            let colon = matches!(out.last(), Some(Piece::Text(t)) if t.ends_with(':'));
            push_text(&mut out, if colon { " " } else { separator });
        }
        render(phrase, names, &mut out);
    }
    out
}

fn push_text(out: &mut Vec<Piece>, text: &str) {
    Piece::push_text(out, text);
}

/// One phrase's template filled in; an id the catalog lacks reads as the id and its arguments.
fn render(phrase: &Phrase, names: &Names, out: &mut Vec<Piece>) {
    let Some(template) = template(&phrase.id) else {
        let mut text = phrase.id.to_string();
        for (name, arg) in &phrase.args {
            let _ = write!(text, " {name}={arg:?}");
        }
        return push_text(out, &text);
    };
    // Whether the seat or seats named last take the plural verb ("you take", "they take").
    let mut plural = false;
    let mut rest = template;
    while let Some(at) = rest.find(['{', '[']) {
        push_text(out, &rest[..at]);
        let close = if rest[at..].starts_with('{') {
            '}'
        } else {
            ']'
        };
        let Some(end) = rest[at..].find(close).map(|e| at + e) else {
            break;
        };
        let inside = &rest[at + 1..end];
        rest = &rest[end + 1..];
        if close == ']' {
            let (you, other) = inside.split_once('|').unwrap_or((inside, inside));
            push_text(out, if plural { you } else { other });
            continue;
        }
        let mut parts = inside.split('|');
        let name = parts.next().unwrap_or_default();
        let (name, possessive) = match name.strip_suffix("'s") {
            Some(name) => (name, true),
            None => (name, false),
        };
        let forms: Vec<&str> = parts.collect();
        match phrase.args.get(name) {
            Some(arg) => fill(arg, names, possessive, &forms, &mut plural, out),
            None => push_text(out, &format!("{{{name}}}")),
        }
    }
    push_text(out, rest);
}

/// One argument, written into `out`; a seat sets `plural` for the verbs after it.
fn fill(
    arg: &Arg,
    names: &Names,
    possessive: bool,
    forms: &[&str],
    plural: &mut bool,
    out: &mut Vec<Piece>,
) {
    match arg {
        Arg::Seat(seat) => {
            let name = names.name(*seat);
            *plural = name == "you";
            let name = match (possessive, name == "you") {
                (false, _) => name,
                (true, true) => "your".into(),
                (true, false) => format!("{name}'s"),
            };
            out.push(Piece::Seat(*seat, name));
        }
        Arg::Seats(seats) => {
            *plural = seats.len() > 1 || seats.iter().any(|&s| names.you == Some(s));
            if seats.is_empty() {
                push_text(out, "nobody");
            }
            for (i, &seat) in seats.iter().enumerate() {
                match i {
                    0 => {}
                    i if i + 1 == seats.len() => push_text(out, " and "),
                    _ => push_text(out, ", "),
                }
                out.push(Piece::Seat(seat, names.name(seat)));
            }
        }
        Arg::Card(c) => out.push(Piece::Card(*c)),
        Arg::Cards(cards) => {
            if cards.is_empty() {
                push_text(out, "nothing");
            }
            for (i, &c) in cards.iter().enumerate() {
                if i > 0 {
                    push_text(out, " ");
                }
                out.push(Piece::Card(c));
            }
        }
        Arg::Meld(meld) => {
            for (i, slot) in meld.iter().enumerate() {
                if i > 0 {
                    push_text(out, " ");
                }
                out.push(Piece::Card(slot.card));
                if let Some(stands_for) = slot.stands_for {
                    push_text(out, " (");
                    out.push(Piece::Card(stands_for));
                    push_text(out, ")");
                }
            }
        }
        Arg::Count(n) => {
            let noun = match forms {
                [one, _] if n.abs() == 1 => format!(" {one}"),
                [_, other] => format!(" {other}"),
                _ => String::new(),
            };
            push_text(out, &format!("{n}{noun}"));
        }
        Arg::Number(n) => push_text(out, &n.to_string()),
        Arg::Place(place) => push_text(out, &ordinal(*place)),
        Arg::Suit(suit) => push_text(out, suit_name(*suit)),
        Arg::Word(word) => push_text(out, word),
        Arg::Text(text) => push_text(out, text),
    }
}

#[cfg(test)]
mod tests {
    use super::super::MeldCard;
    use super::*;

    fn c(text: &str) -> Card {
        text.parse().unwrap()
    }

    fn names() -> Vec<String> {
        vec!["greedy".into(), "random".into(), "Expert".into()]
    }

    #[test]
    fn seats_are_named_and_the_reader_is_you() {
        let attack = [
            Phrase::new("durak-attacks")
                .seat("actor", 0)
                .card("card", c("JS")),
            Phrase::new("durak-cannot-beat")
                .seat("seat", 1)
                .count("count", 2),
        ];
        let names = names();
        assert_eq!(
            words(&attack, &Names::new(&names, None)),
            "greedy attacks with J♠; random cannot beat it and takes 2 cards"
        );
        assert_eq!(
            words(&attack, &Names::new(&names, Some(1))),
            "greedy attacks with J♠; you cannot beat it and take 2 cards"
        );
        assert_eq!(
            words(&attack, &Names::new(&names, Some(0))),
            "You attack with J♠; random cannot beat it and takes 2 cards"
        );
        assert_eq!(
            words(&attack, &Names::numbered()),
            "Seat 0 attacks with J♠; seat 1 cannot beat it and takes 2 cards"
        );
    }

    #[test]
    fn a_name_keeps_its_case_and_counts_pick_their_noun() {
        let names = names();
        let take = [Phrase::new("durak-takes")
            .seat("actor", 2)
            .count("count", 1)];
        assert_eq!(
            words(&take, &Names::new(&names, None)),
            "Expert takes 1 card"
        );
        let taken = [Phrase::new("durak-takes")
            .seat("actor", 0)
            .count("count", 3)];
        assert_eq!(
            words(&taken, &Names::new(&names, None)),
            "greedy takes 3 cards"
        );
    }

    #[test]
    fn several_seats_and_you_take_the_plural_verb() {
        let names = names();
        let out = [Phrase::new("durak-out").arg("seats", Arg::Seats(vec![0, 2]))];
        assert_eq!(
            words(&out, &Names::new(&names, None)),
            "greedy and Expert are out"
        );
        let one = [Phrase::new("durak-out").arg("seats", Arg::Seats(vec![2]))];
        assert_eq!(words(&one, &Names::new(&names, None)), "Expert is out");
        assert_eq!(words(&one, &Names::new(&names, Some(2))), "You are out");
    }

    #[test]
    fn possessives_melds_suits_and_places() {
        let names = names();
        let meld = Arg::Meld(vec![
            MeldCard {
                card: c("RJ"),
                stands_for: Some(c("7H")),
            },
            MeldCard {
                card: c("8H"),
                stands_for: None,
            },
        ]);
        let lay = [Phrase::new("most-lays-off")
            .seat("actor", 0)
            .arg(
                "cards",
                Arg::Meld(vec![MeldCard {
                    card: c("10H"),
                    stands_for: None,
                }]),
            )
            .seat("owner", 1)
            .arg("kind", Arg::Word("run".into()))
            .arg("meld", meld)];
        assert_eq!(
            words(&lay, &Names::new(&names, Some(1))),
            "greedy lays off 10♥ on your run red joker (7♥) 8♥"
        );
        let order = [Phrase::new("bridge-plays-ordering")
            .seat("actor", 0)
            .card("card", c("JC"))
            .suit("suit", Suit::Hearts)];
        assert_eq!(
            words(&order, &Names::new(&names, Some(0))),
            "You play J♣, ordering hearts"
        );
        let out = [Phrase::new("prsi-out")
            .seat("seat", 1)
            .arg("place", Arg::Place(2))];
        assert_eq!(
            sentence(&out, &Names::new(&names, None)),
            "random went out second."
        );
    }

    #[test]
    fn a_colon_runs_on_and_an_unknown_id_shows_itself() {
        let over = [
            Phrase::new("game-over"),
            Phrase::new("durak-draw-stalled").number("turns", 10),
        ];
        assert_eq!(
            words(&over, &Names::numbered()),
            "The game is over: nobody is the fool: play stalled for 10 turns, a draw"
        );
        let odd = [Phrase::new("no-such-thing").count("count", 2)];
        assert_eq!(
            words(&odd, &Names::numbered()),
            "No-such-thing count=Count(2)"
        );
    }

    #[test]
    fn cards_read_as_the_table_draws_them() {
        assert_eq!(card(c("10H")), "10♥");
        assert_eq!(card(c("AS")), "A♠");
        assert_eq!(card(c("2C")), "2♣");
        assert_eq!(card(c("QD")), "Q♦");
        assert_eq!(card(c("RJ")), "red joker");
        assert_eq!(card(c("BJ")), "black joker");
        assert_eq!(card_name(c("10H")), "10 of hearts");
        assert_eq!(card_name(c("JS")), "jack of spades");
        assert_eq!(card_name(c("AD")), "ace of diamonds");
        assert_eq!(card_name(c("RJ")), "red joker");
    }
}
