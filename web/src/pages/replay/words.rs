//! A move's or a result's phrases in the reader's language, as the match page writes them: each
//! phrase id is a Fluent message (`web/locales/<code>/moves.ftl`, its arguments described there),
//! each seat a piece (linked to its bot) and each card a piece in the deck its game is drawn
//! with (`cards.ftl`: its short text in the suit's colour, named for a screen reader).
//!
//! Fluent formats a message to one string; the seats and cards it names are passed to it as
//! marks of private-use characters (`\u{E000}N\u{E001}`, the Nth piece), which the formatted
//! text is then cut at, so that every piece keeps what it is. Web/static/words.js renders the
//! same messages the same way in the browser.

use cardarena_engine::phrase::english::{self, Piece};
use cardarena_engine::phrase::{Arg, MeldCard, Phrase};
use cardarena_engine::{Card, Rank, Seat, Suit};
use fluent_bundle::{FluentArgs, FluentValue};

use crate::locale::Locale;

/// Where a seat's or a card's piece stands in a formatted message.
const OPEN: char = '\u{E000}';
/// Ends a piece's mark.
const CLOSE: char = '\u{E001}';

/// The deck a game's cards are named in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Deck {
    /// Clubs, diamonds, hearts, spades; jack, queen, king, ace.
    French,
    /// The German-suited (Czech) deck of prší: acorns, bells, hearts, leaves; under, over.
    German,
}

impl Deck {
    /// The deck `game` is drawn with for a reader whose choice for prší is `prsi_deck`
    /// ("german" or "french"), as web/static/decks.js's `deckStyle` draws it.
    pub(super) fn of(game: &str, prsi_deck: &str) -> Deck {
        match (game, prsi_deck) {
            ("prsi", "german") => Deck::German,
            _ => Deck::French,
        }
    }
}

/// How a reader knows the table: the locale, the seats' names (by seat), the reader's own seat
/// (said "you"), and the deck.
#[derive(Debug, Clone, Copy)]
pub(super) struct Reader<'a> {
    pub(super) locale: Locale,
    pub(super) names: &'a [String],
    pub(super) you: Option<Seat>,
    pub(super) deck: Deck,
}

/// A piece of a move in words, as the template writes it.
pub(super) enum Word {
    /// Words as they are.
    Text(String),
    /// A seat: its bot's name, linked to the bot's page (`id`) when the seat has one.
    Bot { id: Option<String>, name: String },
    /// A card: its text ("7♠", «Д♠», "green under"), the colour of its suit (`red`, `black`)
    /// and its name.
    Card {
        text: String,
        colour: &'static str,
        label: String,
    },
}

/// How phrases are joined: between them, a capital first, a full stop at the end.
#[derive(Debug, Clone, Copy)]
pub(super) struct How {
    separator: &'static str,
    capital: bool,
    stop: bool,
}

/// A move: its phrases joined by "; ", a capital first.
pub(super) const CLAUSES: How = How {
    separator: "; ",
    capital: true,
    stop: false,
};
/// A result: as [`CLAUSES`], with a full stop.
pub(super) const SENTENCE: How = How {
    separator: "; ",
    capital: true,
    stop: true,
};
/// A seat's result: its phrases joined by ", ", in lower case.
pub(super) const LIST: How = How {
    separator: ", ",
    capital: false,
    stop: false,
};

/// `phrases` in pieces for `reader`, joined as `how` says (a phrase after one ending in a colon
/// runs on after a space).
pub(super) fn pieces(phrases: &[Phrase], reader: &Reader, how: How) -> Vec<Piece> {
    let mut out = Vec::new();
    for (i, phrase) in phrases.iter().enumerate() {
        if i > 0 {
            let colon = matches!(out.last(), Some(Piece::Text(t)) if t.ends_with(':'));
            push_text(&mut out, if colon { " " } else { how.separator });
        }
        render(phrase, reader, &mut out);
    }
    if how.capital {
        capitalise(&mut out, reader);
    }
    if how.stop && !out.is_empty() {
        push_text(&mut out, ".");
    }
    out
}

/// `phrases` as plain text (a card by its short text).
pub(super) fn text(phrases: &[Phrase], reader: &Reader, how: How) -> String {
    (pieces(phrases, reader, how).iter())
        .map(|piece| match piece {
            Piece::Text(text) | Piece::Seat(_, text) => text.clone(),
            Piece::Card(card) => card_text(*card, reader).0,
        })
        .collect()
}

/// `phrases` in words for the page: each seat linked to its bot (`bots` by seat), each card its
/// text, colour and name.
pub(super) fn words(phrases: &[Phrase], reader: &Reader, bots: &[String], how: How) -> Vec<Word> {
    pieces(phrases, reader, how)
        .into_iter()
        .map(|piece| match piece {
            Piece::Text(text) => Word::Text(text),
            Piece::Seat(seat, name) => Word::Bot {
                id: bots.get(seat).cloned(),
                name,
            },
            Piece::Card(card) if card.is_joker() => Word::Text(card_text(card, reader).0),
            Piece::Card(card) => {
                let (text, label) = card_text(card, reader);
                Word::Card {
                    text,
                    colour: match card.suit() {
                        Some(Suit::Hearts | Suit::Diamonds) => "red",
                        _ => "black",
                    },
                    label,
                }
            }
        })
        .collect()
}

/// A card's short text and its name in the reader's language and deck: ("Д♠", "дама пик"),
/// ("green under", "under of leaves"); a joker's name twice.
pub(super) fn card_text(card: Card, reader: &Reader) -> (String, String) {
    let (Some(rank), Some(suit)) = (card.rank(), card.suit()) else {
        let mut args = FluentArgs::new();
        let colour = if card == Card::RED_JOKER {
            "red"
        } else {
            "black"
        };
        args.set("colour", colour);
        let name = reader.locale.message_with("card-joker", Some(&args));
        return (name.clone(), name);
    };
    let mut args = FluentArgs::new();
    args.set("rank", rank_key(rank));
    args.set("suit", english::suit_name(suit));
    let locale = reader.locale;
    if reader.deck == Deck::German && rank >= Rank::Seven {
        return (
            locale.message_with("card-german-short", Some(&args)),
            locale.message_with("card-german-name", Some(&args)),
        );
    }
    (
        locale.message_with("card-short", Some(&args)),
        locale.message_with("card-name", Some(&args)),
    )
}

/// A rank's key in cards.ftl: "two" … "ten", "jack", "queen", "king", "ace".
fn rank_key(rank: Rank) -> &'static str {
    match rank {
        Rank::Two => "two",
        Rank::Three => "three",
        Rank::Four => "four",
        Rank::Five => "five",
        Rank::Six => "six",
        Rank::Seven => "seven",
        Rank::Eight => "eight",
        Rank::Nine => "nine",
        Rank::Ten => "ten",
        Rank::Jack => "jack",
        Rank::Queen => "queen",
        Rank::King => "king",
        Rank::Ace => "ace",
    }
}

/// A suit's key in moves.ftl: the French suit's name, or in the German deck its suit's.
fn suit_key(suit: Suit, deck: Deck) -> &'static str {
    match (deck, suit) {
        (Deck::French, suit) => english::suit_name(suit),
        (Deck::German, Suit::Hearts) => "german-hearts",
        (Deck::German, Suit::Spades) => "leaves",
        (Deck::German, Suit::Clubs) => "acorns",
        (Deck::German, Suit::Diamonds) => "bells",
    }
}

/// A seat's name as the reader knows it: "you" for the reader's own, its name, or "seat N".
fn seat_piece(seat: Seat, reader: &Reader) -> Piece {
    let name = match reader.names.get(seat) {
        _ if reader.you == Some(seat) => reader.locale.message("phrase-you"),
        Some(name) => name.clone(),
        None => {
            let mut args = FluentArgs::new();
            args.set("seat", seat);
            reader.locale.message_with("phrase-seat", Some(&args))
        }
    };
    Piece::Seat(seat, name)
}

/// `seats` in a list: "greedy, random and you"; "nobody" when there is none.
fn seats_pieces(seats: &[Seat], reader: &Reader) -> Vec<Piece> {
    let mut out = Vec::new();
    if seats.is_empty() {
        push_text(&mut out, &reader.locale.message("phrase-nobody"));
    }
    for (i, &seat) in seats.iter().enumerate() {
        match i {
            0 => {}
            i if i + 1 == seats.len() => {
                push_text(&mut out, &reader.locale.message("phrase-list-and"))
            }
            _ => push_text(&mut out, &reader.locale.message("phrase-list-comma")),
        }
        out.push(seat_piece(seat, reader));
    }
    out
}

/// Cards one after another (a comma between the German deck's, which are named in words);
/// "nothing" when there is none.
fn cards_pieces(cards: &[Card], reader: &Reader) -> Vec<Piece> {
    let mut out = Vec::new();
    if cards.is_empty() {
        push_text(&mut out, &reader.locale.message("phrase-nothing"));
    }
    let between = match reader.deck {
        Deck::German => reader.locale.message("phrase-list-comma"),
        Deck::French => " ".to_string(),
    };
    for (i, &card) in cards.iter().enumerate() {
        if i > 0 {
            push_text(&mut out, &between);
        }
        out.push(Piece::Card(card));
    }
    out
}

/// A meld card by card, a joker with the card it stands for in brackets.
fn meld_pieces(meld: &[MeldCard]) -> Vec<Piece> {
    let mut out = Vec::new();
    for (i, slot) in meld.iter().enumerate() {
        if i > 0 {
            push_text(&mut out, " ");
        }
        out.push(Piece::Card(slot.card));
        if let Some(stands_for) = slot.stands_for {
            push_text(&mut out, " (");
            out.push(Piece::Card(stands_for));
            push_text(&mut out, ")");
        }
    }
    out
}

/// How a seat or seats stand to the reader, for the verbs: "you", "one", "many", "you-many".
fn person(seats: &[Seat], reader: &Reader) -> &'static str {
    let you = seats.iter().any(|&s| reader.you == Some(s));
    match (seats.len(), you) {
        (1, true) => "you",
        (0 | 1, false) => "one",
        (_, true) => "you-many",
        (_, false) => "many",
    }
}

/// One phrase's message filled in; an id the engine's catalog lacks reads as the id and its
/// arguments.
fn render(phrase: &Phrase, reader: &Reader, out: &mut Vec<Piece>) {
    if english::template(&phrase.id).is_none() {
        let mut text = phrase.id.to_string();
        for (name, arg) in &phrase.args {
            text.push_str(&format!(" {name}={arg:?}"));
        }
        return push_text(out, &text);
    }
    let mut args = FluentArgs::new();
    let mut marked: Vec<Vec<Piece>> = Vec::new();
    let mut mark = |pieces: Vec<Piece>| {
        marked.push(pieces);
        format!("{OPEN}{}{CLOSE}", marked.len() - 1)
    };
    for (name, arg) in &phrase.args {
        let name = name.to_string();
        let value: FluentValue = match arg {
            Arg::Seat(seat) => {
                args.set(format!("{name}-person"), person(&[*seat], reader));
                mark(vec![seat_piece(*seat, reader)]).into()
            }
            Arg::Seats(seats) => {
                args.set(format!("{name}-person"), person(seats, reader));
                mark(seats_pieces(seats, reader)).into()
            }
            Arg::Card(card) => mark(vec![Piece::Card(*card)]).into(),
            Arg::Cards(cards) => mark(cards_pieces(cards, reader)).into(),
            Arg::Meld(meld) => mark(meld_pieces(meld)).into(),
            Arg::Count(n) | Arg::Number(n) => (*n).into(),
            Arg::Place(place) => (*place).into(),
            Arg::Suit(suit) => suit_key(*suit, reader.deck).into(),
            Arg::Word(word) => word.to_string().into(),
            Arg::Text(text) => text.clone().into(),
        };
        args.set(name, value);
    }
    let text = reader.locale.message_with(&phrase.id, Some(&args));
    let mut rest = text.as_str();
    while let Some(at) = rest.find(OPEN) {
        push_text(out, &rest[..at]);
        let after = &rest[at + OPEN.len_utf8()..];
        let Some(end) = after.find(CLOSE) else {
            rest = after;
            continue;
        };
        let pieces = after[..end]
            .parse::<usize>()
            .ok()
            .and_then(|i| marked.get(i));
        for piece in pieces.into_iter().flatten() {
            match piece {
                Piece::Text(text) => push_text(out, text),
                other => out.push(other.clone()),
            }
        }
        rest = &after[end + CLOSE.len_utf8()..];
    }
    push_text(out, rest);
}

fn push_text(out: &mut Vec<Piece>, text: &str) {
    Piece::push_text(out, text);
}

/// The first letter a capital, unless the words begin with a player's name (which keeps its own
/// case: "you" and "seat 2" are no names).
fn capitalise(pieces: &mut [Piece], reader: &Reader) {
    Piece::capitalise(pieces, |seat| {
        reader.you != Some(seat) && reader.names.get(seat).is_some()
    });
}

#[cfg(test)]
#[path = "words_tests.rs"]
mod tests;
