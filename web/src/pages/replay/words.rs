//! A move's or a result's phrases as the match page writes them: the English renderer's pieces
//! (`cardarena_engine::phrase::english`), each seat a link to its bot and each card its rank and
//! suit symbol in the suit's colour, named for a screen reader ("7 of spades").

use cardarena_engine::phrase::english::{self, Names, Piece};
use cardarena_engine::{Phrase, Suit};

/// A piece of a move in words, as the template writes it.
pub(super) enum Word {
    /// Words as they are.
    Text(String),
    /// A seat: its bot's name, linked to the bot's page (`id`) when the seat has one.
    Bot { id: Option<String>, name: String },
    /// A card: its text ("7♠"), the colour of its suit (`red`, `black`) and its name.
    Card {
        text: String,
        colour: &'static str,
        label: String,
    },
}

/// `phrases` in words for the page: `names` by seat, `bots` each seat's bot id.
pub(super) fn words(phrases: &[Phrase], names: &[String], bots: &[String]) -> Vec<Word> {
    english::pieces(phrases, &Names::new(names, None))
        .into_iter()
        .map(|piece| match piece {
            Piece::Text(text) => Word::Text(text),
            Piece::Seat(seat, name) => Word::Bot {
                id: bots.get(seat).cloned(),
                name,
            },
            Piece::Card(card) if card.is_joker() => Word::Text(english::card(card)),
            Piece::Card(card) => Word::Card {
                text: english::card(card),
                colour: match card.suit() {
                    Some(Suit::Hearts | Suit::Diamonds) => "red",
                    _ => "black",
                },
                label: english::card_name(card),
            },
        })
        .collect()
}
