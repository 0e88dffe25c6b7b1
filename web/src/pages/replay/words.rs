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

#[cfg(test)]
mod tests {
    use cardarena_engine::phrase::catalog::ENGLISH;

    /// web/static/words.js's `ENGLISH`, entry by entry: (`"id"`, `"template"`), one a line.
    fn pages_catalog() -> Vec<(String, String)> {
        let script = include_str!("../../../static/words.js");
        let start = script
            .find("export const ENGLISH = {")
            .expect("words.js has ENGLISH");
        let body = &script[start..];
        let body = &body[..body.find("\n};").expect("ENGLISH ends")];
        body.lines()
            .skip(1)
            .map(|line| {
                let entry = line.trim().trim_end_matches(',');
                let (id, template) = entry.split_once(": ").expect("\"id\": \"template\"");
                let read = |json: &str| serde_json::from_str::<String>(json).expect(json);
                (read(id), read(template))
            })
            .collect()
    }

    #[test]
    fn the_pages_speak_the_engines_english() {
        let engine: Vec<(String, String)> = (ENGLISH.iter())
            .map(|(id, template)| (id.to_string(), template.to_string()))
            .collect();
        assert_eq!(pages_catalog(), engine);
    }
}
