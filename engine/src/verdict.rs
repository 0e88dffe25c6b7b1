//! How a finished game ended, in the game's own words: the `result` of a table snapshot once
//! the game is over ([`Table::result`](crate::Table::result), docs/tables.md).
//!
//! Each game writes its result next to its table (the fool in durak, who went out in which
//! order in prsi, the totals in bridge and most, the teams' totals and the last bid in
//! fifty-six) as [`Phrase`]s, the seats as arguments (a page names them, and says "you" at a
//! person's own table); the helpers here are the phrases they share. No phrase names a card, so
//! a snapshot's cards stay exactly its card-form strings.

use serde::Serialize;

use crate::game::{Outcome, Seat};
use crate::phrase::{Arg, Phrase};

/// A finished game's result in words.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Verdict {
    /// The result in a sentence ("seat 2 is the fool, the last player holding cards (4)"), as
    /// clauses.
    pub text: Vec<Phrase>,
    /// Per seat, its result in the game's words ("the fool", "not the fool, shared first with
    /// seat 1", "went out first", "won, 12 points"), as the parts of a list.
    pub seats: Vec<Vec<Phrase>>,
}

/// The seats that share `seat`'s place in `outcome`, `seat` left out.
pub fn tied_with(outcome: &Outcome, seat: Seat) -> Vec<Seat> {
    let rank = outcome.seats[seat].rank;
    (0..outcome.seats.len())
        .filter(|&s| s != seat && outcome.seats[s].rank == rank)
        .collect()
}

/// `seat`'s place: "won" (first alone), "last" (alone at the bottom), "second", "shared first
/// with seat 1", or "a draw" when every seat shares first place.
pub fn place(outcome: &Outcome, seat: Seat) -> Phrase {
    let rank = outcome.seats[seat].rank;
    let tied = tied_with(outcome, seat);
    let last = outcome.seats.iter().map(|s| s.rank).max().unwrap_or(1);
    if outcome.is_draw() {
        Phrase::new("place-draw")
    } else if !tied.is_empty() {
        Phrase::new("place-shared")
            .arg("place", Arg::Place(rank))
            .arg("seats", Arg::Seats(tied))
    } else if rank == 1 {
        Phrase::new("place-won")
    } else if rank == last {
        Phrase::new("place-last")
    } else {
        Phrase::new("place-nth").arg("place", Arg::Place(rank))
    }
}

/// Who won a match scored in points: one seat, several sharing first, or everyone (a draw).
pub fn winners(outcome: &Outcome) -> Phrase {
    let first: Vec<Seat> = (0..outcome.seats.len())
        .filter(|&s| outcome.seats[s].rank == 1)
        .collect();
    match (first.as_slice(), outcome.is_draw()) {
        (_, true) => Phrase::new("points-draw"),
        ([one], _) => Phrase::new("points-won").seat("seat", *one),
        (many, _) => Phrase::new("points-shared").arg("seats", Arg::Seats(many.to_vec())),
    }
}

/// The phrases a match scored in points over deals (bridge, most) says its totals with.
pub struct PointsWords {
    /// The totals' heading, with `deals` played and the `target` ("totals after 3 deals (500
    /// ends the match):").
    pub totals: &'static str,
    /// A seat's total: `seat` and its `points`.
    pub total: &'static str,
    /// A seat's points in the last deal: `seat` and its `points`.
    pub scored: &'static str,
    /// A seat's own words after its place: its `points`.
    pub seat: &'static str,
}

/// A match scored in points over deals (bridge, most): who won, `totals` by seat after `deals`
/// deals played to `target`, and the last deal's points `last_deal`, in `words`' phrases. Each
/// seat's words are its place and total: "won, 12 points".
pub fn by_points(
    outcome: &Outcome,
    totals: &[i64],
    last_deal: Option<&[i64]>,
    deals: usize,
    target: i64,
    words: &PointsWords,
) -> Verdict {
    let mut text = vec![
        winners(outcome),
        Phrase::new(words.totals)
            .count("deals", deals)
            .number("target", target),
    ];
    let each = |id: &'static str, points: &[i64]| -> Vec<Phrase> {
        (points.iter().enumerate())
            .map(|(s, &p)| Phrase::new(id).seat("seat", s).count("points", p))
            .collect()
    };
    text.extend(each(words.total, totals));
    if let Some(last) = last_deal.filter(|_| deals > 1) {
        text.push(Phrase::new("last-deal"));
        text.extend(each(words.scored, last));
    }
    let seats = (totals.iter().enumerate())
        .map(|(s, &t)| {
            vec![
                place(outcome, s),
                Phrase::new(words.seat).count("points", t),
            ]
        })
        .collect();
    Verdict { text, seats }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::SeatResult;
    use crate::phrase::english::{Names, seat_words, sentence};

    fn outcome(ranks: &[u32]) -> Outcome {
        Outcome {
            seats: ranks
                .iter()
                .map(|&rank| SeatResult { rank, score: 0.0 })
                .collect(),
        }
    }

    fn said(phrase: Phrase) -> String {
        seat_words(&[phrase], &Names::numbered())
    }

    #[test]
    fn places_in_words() {
        let fool = outcome(&[1, 1, 2]);
        assert_eq!(said(place(&fool, 0)), "shared first with seat 1");
        assert_eq!(said(place(&fool, 2)), "last");
        let race = outcome(&[2, 1, 3]);
        assert_eq!(said(place(&race, 1)), "won");
        assert_eq!(said(place(&race, 0)), "second");
        assert_eq!(said(place(&race, 2)), "last");
        assert_eq!(said(place(&outcome(&[1, 1]), 0)), "a draw");
        assert_eq!(
            said(winners(&outcome(&[1, 1, 2]))),
            "seat 0 and seat 1 shared first"
        );
        assert_eq!(said(winners(&outcome(&[2, 1]))), "seat 1 won");
    }

    #[test]
    fn points_name_each_seat_s_total_and_the_last_deal() {
        let words = PointsWords {
            totals: "most-totals",
            total: "most-total",
            scored: "most-scored",
            seat: "points",
        };
        let verdict = by_points(&outcome(&[2, 1]), &[-5, 1], Some(&[0, 1]), 2, 500, &words);
        assert_eq!(
            sentence(&verdict.text, &Names::numbered()),
            "Seat 1 won; totals after 2 deals (500 ends the match): seat 0 has -5 points; \
             seat 1 has 1 point; the last deal: seat 0 scored 0 points; seat 1 scored 1 point."
        );
        let names = ["ann".to_string(), "bob".to_string()];
        assert_eq!(
            sentence(&verdict.text[..3], &Names::new(&names, Some(0))),
            "bob won; totals after 2 deals (500 ends the match): you have -5 points."
        );
        assert_eq!(
            seat_words(&verdict.seats[1], &Names::numbered()),
            "won, 1 point"
        );
    }
}
