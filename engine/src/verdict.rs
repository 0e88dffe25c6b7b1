//! How a finished game ended, in the game's own words: the `result` of a table snapshot once
//! the game is over ([`Table::result`](crate::Table::result), docs/tables.md).
//!
//! Each game writes its sentence and per-seat words next to its table (the fool in durak, who
//! went out in which order in prsi, the totals in bridge and most, the teams' totals and the
//! last bid in fifty-six); the helpers here are the wording they share. Seats are named
//! "seat N" (a page puts the player's name in their place), and no string here is ever a card's
//! text form, so a snapshot's cards stay exactly its card-form strings.

use serde::Serialize;

use crate::game::{Outcome, Seat};

/// A finished game's result in words.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Verdict {
    /// The result in a sentence or two: "seat 2 is the fool."
    pub text: String,
    /// Per seat, its result in the game's words: "the fool", "not the fool, shared first with
    /// seat 1", "went out first", "won with 12 points".
    pub seats: Vec<String>,
}

/// A seat as the words name it: "seat 2".
pub fn seat(seat: Seat) -> String {
    format!("seat {seat}")
}

/// Seats in words: "seat 0", "seat 0 and seat 2", "seat 0, seat 1 and seat 2".
pub fn seats(list: &[Seat]) -> String {
    let named: Vec<String> = list.iter().map(|&s| seat(s)).collect();
    match named.as_slice() {
        [] => "nobody".into(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// A place in words, from 1: "first", "second", … ("13th" past twelve).
pub fn ordinal(place: usize) -> String {
    const WORDS: [&str; 12] = [
        "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
        "tenth", "eleventh", "twelfth",
    ];
    match WORDS.get(place.wrapping_sub(1)) {
        Some(word) => (*word).to_string(),
        None => format!("{place}th"),
    }
}

/// "1 card", "9 cards".
pub fn cards(n: usize) -> String {
    match n {
        1 => "1 card".into(),
        n => format!("{n} cards"),
    }
}

/// The seats that share `seat`'s place in `outcome`, `seat` left out.
pub fn tied_with(outcome: &Outcome, seat: Seat) -> Vec<Seat> {
    let rank = outcome.seats[seat].rank;
    (0..outcome.seats.len())
        .filter(|&s| s != seat && outcome.seats[s].rank == rank)
        .collect()
}

/// `seat`'s place in words: "won" (first alone), "last" (alone at the bottom), "second",
/// "shared first with seat 1", or "a draw" when every seat shares first place.
pub fn place(outcome: &Outcome, seat: Seat) -> String {
    let rank = outcome.seats[seat].rank as usize;
    let tied = tied_with(outcome, seat);
    let last = outcome.seats.iter().map(|s| s.rank).max().unwrap_or(1) as usize;
    if outcome.is_draw() {
        "a draw".into()
    } else if !tied.is_empty() {
        format!("shared {} with {}", ordinal(rank), seats(&tied))
    } else if rank == 1 {
        "won".into()
    } else if rank == last {
        "last".into()
    } else {
        ordinal(rank)
    }
}

/// `text` with its first letter in capitals.
pub fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// A match scored in points over deals (bridge, most): `totals` by seat, the last deal's
/// points `last_deal`, `deals` played, `rule` saying what the totals mean ("lower is better, 125
/// loses"). Each seat's words are its place and total: "won, 12 points".
pub fn by_points(
    outcome: &Outcome,
    totals: &[i64],
    last_deal: Option<&[i64]>,
    deals: usize,
    rule: &str,
) -> Verdict {
    let listed: Vec<String> = totals
        .iter()
        .enumerate()
        .map(|(s, t)| format!("{} {t}", seat(s)))
        .collect();
    let winners: Vec<Seat> = (0..totals.len())
        .filter(|&s| outcome.seats[s].rank == 1)
        .collect();
    let won = match (winners.as_slice(), outcome.is_draw()) {
        (_, true) => "Everyone tied: a draw.".to_string(),
        ([one], _) => format!("{} won.", capitalized(&seat(*one))),
        (many, _) => format!("{} shared first.", capitalized(&seats(many))),
    };
    let deals_word = match deals {
        1 => "1 deal".to_string(),
        n => format!("{n} deals"),
    };
    let mut text = format!(
        "{won} Totals after {deals_word} ({rule}): {}",
        listed.join(", ")
    );
    if let Some(last) = last_deal.filter(|_| deals > 1) {
        let points: Vec<String> = last.iter().map(i64::to_string).collect();
        text.push_str(&format!("; the last deal scored {}", points.join(", ")));
    }
    text.push('.');
    let seats = totals
        .iter()
        .enumerate()
        .map(|(s, t)| format!("{}, {t} points", place(outcome, s)))
        .collect();
    Verdict { text, seats }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::SeatResult;

    fn outcome(ranks: &[u32]) -> Outcome {
        Outcome {
            seats: ranks
                .iter()
                .map(|&rank| SeatResult { rank, score: 0.0 })
                .collect(),
        }
    }

    #[test]
    fn places_in_words() {
        let fool = outcome(&[1, 1, 2]);
        assert_eq!(place(&fool, 0), "shared first with seat 1");
        assert_eq!(place(&fool, 2), "last");
        let race = outcome(&[2, 1, 3]);
        assert_eq!(place(&race, 1), "won");
        assert_eq!(place(&race, 0), "second");
        assert_eq!(place(&race, 2), "last");
        assert_eq!(place(&outcome(&[1, 1]), 0), "a draw");
        assert_eq!(seats(&[0, 1, 2]), "seat 0, seat 1 and seat 2");
        assert_eq!(ordinal(13), "13th");
        assert_eq!(capitalized("seat 2 wins"), "Seat 2 wins");
        assert_eq!(cards(1), "1 card");
    }
}
