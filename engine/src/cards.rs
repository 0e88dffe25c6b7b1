//! Cards, suits, ranks and card sets, with the text form bots see ("10H", "AS", "6C", jokers "RJ"/"BJ").
//!
//! A [`Card`] is one byte: standard cards are numbered rank-major (`(rank - 2) * 4 + suit`), so
//! comparing two cards' numbers compares ranks first. A [`CardSet`] is a 64-bit set of cards: cheap
//! to copy, compare and intersect, which is what the games' hot loops need.

mod set;

use std::fmt;
use std::str::FromStr;

use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

pub use set::{CardSet, CardSetIter};

/// A suit. The order (clubs, diamonds, hearts, spades) is only the engine's internal numbering;
/// each game sorts hands in its own order where its rules need one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Suit {
    /// ♣, text form `C`.
    Clubs = 0,
    /// ♦, text form `D`.
    Diamonds = 1,
    /// ♥, text form `H`.
    Hearts = 2,
    /// ♠, text form `S`.
    Spades = 3,
}

impl Suit {
    /// All four suits in the engine's numbering.
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];

    /// The suit's letter in the text form: `C`, `D`, `H` or `S`.
    pub fn letter(self) -> char {
        ['C', 'D', 'H', 'S'][self as usize]
    }

    /// The suit's symbol: ♣, ♦, ♥ or ♠.
    pub fn symbol(self) -> char {
        ['♣', '♦', '♥', '♠'][self as usize]
    }

    fn from_letter(letter: char) -> Option<Suit> {
        Suit::ALL.into_iter().find(|s| s.letter() == letter)
    }
}

/// A rank, from two to ace; the discriminant is the rank's number (jack 11, queen 12, king 13, ace 14).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Rank {
    /// 2
    Two = 2,
    /// 3
    Three,
    /// 4
    Four,
    /// 5
    Five,
    /// 6
    Six,
    /// 7
    Seven,
    /// 8
    Eight,
    /// 9
    Nine,
    /// 10
    Ten,
    /// Jack, text form `J`.
    Jack,
    /// Queen, text form `Q`.
    Queen,
    /// King, text form `K`.
    King,
    /// Ace, text form `A`.
    Ace,
}

impl Rank {
    /// All thirteen ranks, lowest first.
    pub const ALL: [Rank; 13] = [
        Rank::Two,
        Rank::Three,
        Rank::Four,
        Rank::Five,
        Rank::Six,
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
        Rank::Ten,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
        Rank::Ace,
    ];

    /// The rank's text in the card's text form: `2`…`10`, `J`, `Q`, `K`, `A`.
    pub fn text(self) -> &'static str {
        [
            "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A",
        ][self.index()]
    }

    /// The rank's position from two (0) to ace (12).
    pub const fn index(self) -> usize {
        self as usize - 2
    }

    fn from_text(text: &str) -> Option<Rank> {
        Rank::ALL.into_iter().find(|r| r.text() == text)
    }
}

/// One playing card, a standard card or one of the two jokers.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card(u8);

impl Card {
    /// The black joker, text form `BJ`.
    pub const BLACK_JOKER: Card = Card(52);
    /// The red joker, text form `RJ`.
    pub const RED_JOKER: Card = Card(53);

    /// The standard card of this rank and suit.
    pub const fn new(rank: Rank, suit: Suit) -> Card {
        Card((rank as u8 - 2) * 4 + suit as u8)
    }

    /// The card's number, 0..54: rank-major for standard cards, then the black and red jokers.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The card with this number, if it is one (0..54).
    pub fn from_index(index: usize) -> Option<Card> {
        (index < 54).then_some(Card(index as u8))
    }

    /// Whether this is one of the jokers.
    pub fn is_joker(self) -> bool {
        self.0 >= 52
    }

    /// The card's rank; `None` for a joker.
    pub fn rank(self) -> Option<Rank> {
        (!self.is_joker()).then(|| Rank::ALL[self.0 as usize / 4])
    }

    /// The card's suit; `None` for a joker.
    pub fn suit(self) -> Option<Suit> {
        (!self.is_joker()).then(|| Suit::ALL[self.0 as usize % 4])
    }

    /// The card's text form, as `Display` writes it: `"10H"`, `"AS"`, `"RJ"`.
    pub fn text(self) -> &'static str {
        CARD_TEXT[self.0 as usize]
    }
}

/// Every card's text form, by [`Card::index`].
const CARD_TEXT: [&str; 54] = [
    "2C", "2D", "2H", "2S", "3C", "3D", "3H", "3S", "4C", "4D", "4H", "4S", "5C", "5D", "5H", "5S",
    "6C", "6D", "6H", "6S", "7C", "7D", "7H", "7S", "8C", "8D", "8H", "8S", "9C", "9D", "9H", "9S",
    "10C", "10D", "10H", "10S", "JC", "JD", "JH", "JS", "QC", "QD", "QH", "QS", "KC", "KD", "KH",
    "KS", "AC", "AD", "AH", "AS", "BJ", "RJ",
];

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text())
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Text that is not a card: the offending text is kept for the error message.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "{0:?} is not a card (expected a rank 2-10, J, Q, K, A and a suit C, D, H, S, as in \"10H\", or RJ/BJ)"
)]
pub struct ParseCardError(pub String);

impl FromStr for Card {
    type Err = ParseCardError;

    fn from_str(text: &str) -> Result<Card, ParseCardError> {
        match text {
            "RJ" => return Ok(Card::RED_JOKER),
            "BJ" => return Ok(Card::BLACK_JOKER),
            _ => {}
        }
        let error = || ParseCardError(text.chars().take(16).collect());
        let mut chars = text.chars();
        let suit = chars
            .next_back()
            .and_then(Suit::from_letter)
            .ok_or_else(error)?;
        let rank = Rank::from_text(chars.as_str()).ok_or_else(error)?;
        Ok(Card::new(rank, suit))
    }
}

impl Serialize for Suit {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut buf = [0; 4];
        serializer.serialize_str(self.letter().encode_utf8(&mut buf))
    }
}

impl<'de> Deserialize<'de> for Suit {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Suit, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        let mut chars = text.chars();
        match (chars.next().and_then(Suit::from_letter), chars.next()) {
            (Some(suit), None) => Ok(suit),
            _ => Err(serde::de::Error::custom(format!(
                "{text:?} is not a suit: C, D, H or S"
            ))),
        }
    }
}

impl Serialize for Card {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        // A string from the table, not `collect_str`: every view and action a bot is sent is
        // mostly cards, and formatting each one was a fifth of encoding a turn.
        serializer.serialize_str(self.text())
    }
}

impl<'de> Deserialize<'de> for Card {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Card, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

// Cards and suits serialise by hand, so their schemas are written by hand too: the exact strings
// the serialisers write and the parsers accept, every name listed.
impl JsonSchema for Suit {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Suit".into()
    }

    fn schema_id() -> std::borrow::Cow<'static, str> {
        "cardarena_engine::Suit".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        let letters: Vec<String> = Suit::ALL.iter().map(|s| s.letter().to_string()).collect();
        json_schema!({
            "description": "A suit by its letter: C (clubs), D (diamonds), H (hearts), S (spades).",
            "type": "string",
            "enum": letters,
        })
    }
}

impl JsonSchema for Card {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Card".into()
    }

    fn schema_id() -> std::borrow::Cow<'static, str> {
        "cardarena_engine::Card".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        let names: Vec<String> = (0..54).map(|i| Card(i).to_string()).collect();
        json_schema!({
            "description": "A card: its rank (2-10, J, Q, K, A) then its suit letter (C, D, H, S), as in \"10H\" or \"QS\"; the jokers are \"BJ\" (black) and \"RJ\" (red). Each game uses part of the pack.",
            "type": "string",
            "enum": names,
        })
    }
}

/// The standard cards from rank `low` to ace, suit by suit in the given suit order, each suit from
/// `low` up: the way a fresh pack lies before it is shuffled.
pub fn pack(low: Rank, suits: [Suit; 4]) -> Vec<Card> {
    suits
        .into_iter()
        .flat_map(|suit| {
            Rank::ALL
                .into_iter()
                .filter(move |&rank| rank >= low)
                .map(move |rank| Card::new(rank, suit))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_ranks_fills_each_rank_present_and_leaves_jokers_out() {
        for (cards, ranks) in [
            (vec![], vec![]),
            (vec![Card::new(Rank::Two, Suit::Hearts)], vec![Rank::Two]),
            (
                vec![
                    Card::new(Rank::Ace, Suit::Clubs),
                    Card::new(Rank::Ace, Suit::Spades),
                    Card::new(Rank::Eight, Suit::Diamonds),
                    Card::BLACK_JOKER,
                ],
                vec![Rank::Eight, Rank::Ace],
            ),
        ] {
            let set: CardSet = cards.into_iter().collect();
            let want = ranks
                .into_iter()
                .fold(CardSet::EMPTY, |all, r| all | CardSet::of_rank(r));
            assert_eq!(set.whole_ranks(), want);
        }
    }

    #[test]
    fn suits_travel_as_their_letter() {
        for suit in Suit::ALL {
            let json = serde_json::to_string(&suit).unwrap();
            assert_eq!(json, format!("\"{}\"", suit.letter()));
            assert_eq!(serde_json::from_str::<Suit>(&json).unwrap(), suit);
        }
        for bad in ["\"X\"", "\"\"", "\"HH\"", "3"] {
            assert!(serde_json::from_str::<Suit>(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn text_form_round_trips_for_every_card() {
        for index in 0..54 {
            let card = Card::from_index(index).unwrap();
            let text = card.to_string();
            assert_eq!(text.parse::<Card>(), Ok(card), "{text}");
            let spelled = match (card.rank(), card.suit()) {
                (Some(rank), Some(suit)) => format!("{}{}", rank.text(), suit.letter()),
                _ if card == Card::RED_JOKER => "RJ".into(),
                _ => "BJ".into(),
            };
            assert_eq!(text, spelled);
            assert_eq!(serde_json::to_string(&card).unwrap(), format!("\"{text}\""));
        }
        assert_eq!("10H".parse(), Ok(Card::new(Rank::Ten, Suit::Hearts)));
        assert_eq!("AS".parse(), Ok(Card::new(Rank::Ace, Suit::Spades)));
        assert_eq!("6C".parse(), Ok(Card::new(Rank::Six, Suit::Clubs)));
        assert_eq!("RJ".parse(), Ok(Card::RED_JOKER));
        assert_eq!("BJ".parse(), Ok(Card::BLACK_JOKER));
    }

    #[test]
    fn bad_text_is_an_error_not_a_panic() {
        for text in [
            "", "1H", "11H", "10", "H", "AX", "ah", "10HH", "JJ", "♠A", "é",
        ] {
            assert!(text.parse::<Card>().is_err(), "{text:?} parsed");
        }
    }

    #[test]
    fn cards_serialize_as_their_text() {
        let card = Card::new(Rank::Queen, Suit::Diamonds);
        let json = serde_json::to_string(&card).unwrap();
        assert_eq!(json, "\"QD\"");
        assert_eq!(serde_json::from_str::<Card>(&json).unwrap(), card);
        assert!(serde_json::from_str::<Card>("\"ZZ\"").is_err());
        assert!(serde_json::from_str::<Card>("12").is_err());
    }

    #[test]
    fn jokers_have_no_rank_or_suit() {
        assert!(Card::RED_JOKER.is_joker() && Card::BLACK_JOKER.is_joker());
        assert_eq!(Card::RED_JOKER.rank(), None);
        assert_eq!(Card::BLACK_JOKER.suit(), None);
        assert_eq!(Card::from_index(54), None);
    }

    #[test]
    fn card_order_is_rank_first() {
        let six_spades = Card::new(Rank::Six, Suit::Spades);
        let seven_clubs = Card::new(Rank::Seven, Suit::Clubs);
        assert!(six_spades < seven_clubs);
    }

    #[test]
    fn card_set_masks_hold_the_right_cards() {
        let hearts = CardSet::of_suit(Suit::Hearts);
        assert_eq!(hearts.len(), 13);
        assert!(hearts.iter().all(|c| c.suit() == Some(Suit::Hearts)));
        let kings = CardSet::of_rank(Rank::King);
        assert_eq!(kings.len(), 4);
        assert!(kings.iter().all(|c| c.rank() == Some(Rank::King)));
        let from_six = CardSet::from_rank(Rank::Six);
        assert_eq!(from_six.len(), 36);
        assert!(from_six.iter().all(|c| c.rank() >= Some(Rank::Six)));
        let above = CardSet::above_in_suit(Card::new(Rank::Ten, Suit::Spades));
        let texts: Vec<String> = above.iter().map(|c| c.to_string()).collect();
        assert_eq!(texts, ["JS", "QS", "KS", "AS"]);
        assert!(CardSet::above_in_suit(Card::new(Rank::Ace, Suit::Clubs)).is_empty());
    }

    #[test]
    fn card_set_insert_remove_and_iterate() {
        let mut set = CardSet::EMPTY;
        let ace = Card::new(Rank::Ace, Suit::Spades);
        let two = Card::new(Rank::Two, Suit::Clubs);
        assert!(set.insert(ace));
        assert!(!set.insert(ace));
        set.insert(two);
        assert_eq!(set.len(), 2);
        assert_eq!(set.lowest(), Some(two));
        assert_eq!(set.highest(), Some(ace));
        assert_eq!(set.iter().collect::<Vec<_>>(), [two, ace]);
        assert!(set.remove(two));
        assert!(!set.remove(two));
        assert_eq!(set.nth(0), Some(ace));
        assert_eq!(set.nth(1), None);
    }

    #[test]
    fn pack_lays_suits_in_the_given_order() {
        let cards = pack(
            Rank::Six,
            [Suit::Spades, Suit::Hearts, Suit::Clubs, Suit::Diamonds],
        );
        assert_eq!(cards.len(), 36);
        assert_eq!(cards[0].to_string(), "6S");
        assert_eq!(cards[8].to_string(), "AS");
        assert_eq!(cards[9].to_string(), "6H");
        assert_eq!(cards[35].to_string(), "AD");
    }
}
