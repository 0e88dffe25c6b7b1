//! A stage's standings: each bot's mean result with a 95% confidence interval, and the
//! head-to-head table. A match's result for a seat is its place scaled to [0, 1]: 1 for first
//! place, 0 for last, ties sharing; so tables of any size and any game compare.

use std::collections::{BTreeMap, HashMap};

use serde::Serialize;

/// One seat of a finished stage match.
#[derive(Debug, Clone, PartialEq)]
pub struct SeatResult {
    /// The bot.
    pub bot_id: String,
    /// Its place.
    pub rank: u32,
    /// The game's score.
    pub score: f64,
    /// Whether it faulted.
    pub faulted: bool,
}

/// A bot's line in the standings.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Standing {
    /// Place in the standings, from 1.
    pub rank: usize,
    /// The bot.
    pub bot_id: String,
    /// Its name.
    pub name: String,
    /// Finished matches.
    pub matches: usize,
    /// The sum of its results.
    pub total: f64,
    /// The mean result (0 to 1).
    pub mean: f64,
    /// Half the width of the 95% confidence interval of the mean (normal approximation);
    /// `null` below two matches.
    pub ci95: Option<f64>,
    /// The mean of the game's own score.
    pub mean_score: f64,
    /// Matches in which it faulted.
    pub faults: usize,
    /// Whether it was skipped for faulting in most of its matches.
    pub skipped: bool,
}

/// How one bot fared against another when they met.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Meeting {
    /// The other bot.
    pub bot_id: String,
    /// Matches where this bot placed better.
    pub wins: usize,
    /// Matches where it placed worse.
    pub losses: usize,
    /// Matches where they shared a place.
    pub draws: usize,
}

/// One row of the head-to-head table.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct HeadToHead {
    /// The bot.
    pub bot_id: String,
    /// Its meetings with each other entrant it met, in standings order.
    pub against: Vec<Meeting>,
}

/// A seat's result: its place scaled so that first is 1 and last is 0.
pub fn place_value(rank: u32, players: usize) -> f64 {
    if players < 2 {
        return 1.0;
    }
    let worst = (players - 1) as f64;
    ((worst - (rank.saturating_sub(1)) as f64) / worst).clamp(0.0, 1.0)
}

/// The standings of `entrants` (id, name) over `matches`, best mean first (skipped bots last),
/// and their head-to-head table. Seats of bots that are not entrants (house bots) are ignored.
pub fn standings(
    entrants: &[(String, String)],
    matches: &[Vec<SeatResult>],
    skipped: &[String],
) -> (Vec<Standing>, Vec<HeadToHead>) {
    let mut values: HashMap<&str, Vec<f64>> = HashMap::new();
    let mut scores: HashMap<&str, f64> = HashMap::new();
    let mut faults: HashMap<&str, usize> = HashMap::new();
    let mut meetings: HashMap<(&str, &str), Meeting> = HashMap::new();
    let is_entrant = |id: &str| entrants.iter().any(|(e, _)| e == id);
    for seats in matches {
        for seat in seats.iter().filter(|s| is_entrant(&s.bot_id)) {
            let id = seat.bot_id.as_str();
            values
                .entry(id)
                .or_default()
                .push(place_value(seat.rank, seats.len()));
            *scores.entry(id).or_default() += seat.score;
            *faults.entry(id).or_default() += usize::from(seat.faulted);
            for other in seats
                .iter()
                .filter(|o| o.bot_id != seat.bot_id && is_entrant(&o.bot_id))
            {
                let meeting = meetings.entry((id, other.bot_id.as_str())).or_default();
                match seat.rank.cmp(&other.rank) {
                    std::cmp::Ordering::Less => meeting.wins += 1,
                    std::cmp::Ordering::Greater => meeting.losses += 1,
                    std::cmp::Ordering::Equal => meeting.draws += 1,
                }
            }
        }
    }
    let mut rows: Vec<Standing> = entrants
        .iter()
        .map(|(id, name)| {
            let v = values.get(id.as_str()).cloned().unwrap_or_default();
            let n = v.len();
            let total: f64 = v.iter().sum();
            let mean = if n == 0 { 0.0 } else { total / n as f64 };
            let ci95 = (n >= 2).then(|| {
                let var = v.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1) as f64;
                1.96 * (var / n as f64).sqrt()
            });
            Standing {
                rank: 0,
                bot_id: id.clone(),
                name: name.clone(),
                matches: n,
                total,
                mean,
                ci95,
                mean_score: if n == 0 {
                    0.0
                } else {
                    scores[id.as_str()] / n as f64
                },
                faults: faults.get(id.as_str()).copied().unwrap_or(0),
                skipped: skipped.contains(id),
            }
        })
        .collect();
    rows.sort_by(|a, b| {
        (a.skipped, b.mean, b.total, &a.name)
            .partial_cmp(&(b.skipped, a.mean, a.total, &b.name))
            .unwrap_or(std::cmp::Ordering::Equal)
    });
    for (k, row) in rows.iter_mut().enumerate() {
        row.rank = k + 1;
    }
    let order: BTreeMap<usize, &str> = rows.iter().map(|r| (r.rank, r.bot_id.as_str())).collect();
    let table = rows
        .iter()
        .map(|row| HeadToHead {
            bot_id: row.bot_id.clone(),
            against: order
                .values()
                .filter_map(|other| {
                    let mut meeting = meetings.get(&(row.bot_id.as_str(), *other))?.clone();
                    meeting.bot_id = other.to_string();
                    Some(meeting)
                })
                .collect(),
        })
        .collect();
    (rows, table)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seat(bot: &str, rank: u32) -> SeatResult {
        SeatResult {
            bot_id: bot.into(),
            rank,
            score: -f64::from(rank),
            faulted: false,
        }
    }

    fn entrants(ids: &[&str]) -> Vec<(String, String)> {
        ids.iter()
            .map(|id| (id.to_string(), id.to_uppercase()))
            .collect()
    }

    #[test]
    fn places_scale_from_one_for_first_to_zero_for_last() {
        assert_eq!(place_value(1, 4), 1.0);
        assert_eq!(place_value(4, 4), 0.0);
        assert!((place_value(2, 4) - 2.0 / 3.0).abs() < 1e-12);
        assert_eq!(place_value(1, 2), 1.0);
    }

    #[test]
    fn standings_order_by_mean_with_a_confidence_interval_and_ignore_house_bots() {
        let matches = vec![
            vec![seat("a", 1), seat("b", 2), seat("house", 3)],
            vec![seat("a", 2), seat("b", 3), seat("house", 1)],
            vec![seat("b", 1), seat("a", 1), seat("house", 3)],
        ];
        let (rows, h2h) = standings(&entrants(&["b", "a"]), &matches, &[]);
        assert_eq!(rows[0].bot_id, "a");
        assert_eq!(rows[0].matches, 3);
        assert!((rows[0].mean - (1.0 + 0.5 + 1.0) / 3.0).abs() < 1e-12);
        let sd =
            ((2.0 * (1.0 - 2.5 / 3.0_f64).powi(2) + (0.5 - 2.5 / 3.0_f64).powi(2)) / 2.0).sqrt();
        assert!((rows[0].ci95.unwrap() - 1.96 * sd / 3.0_f64.sqrt()).abs() < 1e-12);
        assert_eq!((rows[0].rank, rows[1].rank), (1, 2));
        assert!(rows.iter().all(|r| r.bot_id != "house"));
        let a = &h2h[0];
        assert_eq!(a.against.len(), 1);
        assert_eq!(
            (a.against[0].wins, a.against[0].losses, a.against[0].draws),
            (2, 0, 1)
        );
        assert_eq!((h2h[1].against[0].wins, h2h[1].against[0].losses), (0, 2));
    }

    #[test]
    fn skipped_bots_go_last_and_one_match_has_no_interval() {
        let matches = vec![vec![seat("a", 2), seat("b", 1)]];
        let (rows, _) = standings(&entrants(&["a", "b"]), &matches, &["b".to_string()]);
        assert_eq!(rows[0].bot_id, "a");
        assert!(rows[1].skipped && rows[1].ci95.is_none());
    }
}
