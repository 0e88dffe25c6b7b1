//! A stage's standings: each bot's mean result with a 95% confidence interval, and the
//! head-to-head table. A match's result for a seat is its place value ([`place_values`]): 1 for
//! a sole first place, 0 for a sole last, tied seats sharing the places they occupy; so tables of
//! any size and any game compare.

use std::collections::{BTreeMap, HashMap};

use serde::{Deserialize, Serialize};

use cardarena_store::StageMatch;
use cardarena_store::results::place_values;

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
    /// Whether the organiser disqualified it: it ranks after every bot that was not, its results
    /// shown.
    pub disqualified: bool,
}

impl Standing {
    /// Whether it is out of the running: skipped or disqualified (last, on no podium, in no next
    /// stage).
    pub fn out(&self) -> bool {
        self.skipped || self.disqualified
    }
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

/// A place on a podium: one of the best three of a finished stage's standings.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Placing {
    /// Its place in the standings, from 1.
    pub rank: usize,
    /// The bot.
    pub bot_id: String,
    /// Its name.
    pub name: String,
    /// Its mean result.
    pub mean: f64,
}

/// The podium of `rows` (standings, best first): the best three that were not skipped nor
/// disqualified, the winner first.
pub fn podium(rows: &[Standing]) -> Vec<Placing> {
    rows.iter()
        .filter(|r| !r.out())
        .take(3)
        .map(|r| Placing {
            rank: r.rank,
            bot_id: r.bot_id.clone(),
            name: r.name.clone(),
            mean: r.mean,
        })
        .collect()
}

/// Names the entrant of each match of a gauntlet stage started before matches stored theirs
/// (migration 0013). Such a stage was laid out entrant by entrant, `per_entrant` matches each, in
/// the order of the stage's `entrants`, so the match at position k was played for entrant
/// k / `per_entrant`. That is trusted only where it provably holds: the stage holds exactly
/// `laid_out` = entrants × `per_entrant` matches, and each match seats the entrant so found;
/// otherwise the matches are left as they are (every entrant's seat counts).
pub fn name_laid_out_entrants(
    matches: &mut [StageMatch],
    entrants: &[String],
    per_entrant: usize,
    laid_out: usize,
) {
    if per_entrant == 0 || laid_out != entrants.len() * per_entrant {
        return;
    }
    let found: Option<Vec<String>> = matches
        .iter()
        .map(|m| {
            let own = entrants.get(m.position / per_entrant)?;
            m.seats
                .iter()
                .any(|s| &s.bot_id == own)
                .then(|| own.clone())
        })
        .collect();
    if let Some(found) = found {
        for (m, own) in matches.iter_mut().zip(found) {
            m.entrant.get_or_insert(own);
        }
    }
}

/// The standings of `entrants` (id, name) over `matches`, best mean first (skipped and
/// `disqualified` bots last),
/// and their head-to-head table. A match with an entrant counts for that entrant alone (a
/// gauntlet's best bots also sit in the others' matches); one without counts for every entrant
/// it seats. Meetings count wherever two entrants met. Seats of bots that are not entrants
/// (house bots) are ignored.
pub fn standings(
    entrants: &[(String, String)],
    matches: &[StageMatch],
    skipped: &[String],
    disqualified: &[String],
) -> (Vec<Standing>, Vec<HeadToHead>) {
    let mut values: HashMap<&str, Vec<f64>> = HashMap::new();
    let mut scores: HashMap<&str, f64> = HashMap::new();
    let mut faults: HashMap<&str, usize> = HashMap::new();
    let mut meetings: HashMap<(&str, &str), Meeting> = HashMap::new();
    let is_entrant = |id: &str| entrants.iter().any(|(e, _)| e == id);
    for m in matches {
        let seats = &m.seats;
        let ranks: Vec<u32> = seats.iter().map(|s| s.rank).collect();
        let worth = place_values(&ranks);
        for (seat, value) in seats
            .iter()
            .zip(worth)
            .filter(|(s, _)| is_entrant(&s.bot_id))
        {
            let id = seat.bot_id.as_str();
            if m.entrant.as_deref().is_none_or(|own| own == id) {
                values.entry(id).or_default().push(value);
                *scores.entry(id).or_default() += seat.score;
                *faults.entry(id).or_default() += usize::from(seat.faulted);
            }
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
                disqualified: disqualified.contains(id),
            }
        })
        .collect();
    rows.sort_by(|a, b| {
        (a.out(), b.mean, b.total, &a.name)
            .partial_cmp(&(b.out(), a.mean, a.total, &b.name))
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
    use cardarena_store::results::SeatResult;

    fn seat(bot: &str, rank: u32) -> SeatResult {
        SeatResult {
            bot_id: bot.into(),
            rank,
            score: -f64::from(rank),
            faulted: false,
        }
    }

    /// A match counted for every entrant it seats (as a final's).
    fn all(seats: Vec<SeatResult>) -> StageMatch {
        StageMatch {
            position: 0,
            entrant: None,
            seats,
        }
    }

    /// The match at `position`, played for `entrant` if given.
    fn of(position: usize, entrant: Option<&str>, seats: Vec<SeatResult>) -> StageMatch {
        StageMatch {
            position,
            entrant: entrant.map(str::to_string),
            seats,
        }
    }

    fn entrants(ids: &[&str]) -> Vec<(String, String)> {
        ids.iter()
            .map(|id| (id.to_string(), id.to_uppercase()))
            .collect()
    }

    #[test]
    fn standings_order_by_mean_with_a_confidence_interval_and_ignore_house_bots() {
        let matches = vec![
            all(vec![seat("a", 1), seat("b", 2), seat("house", 3)]),
            all(vec![seat("a", 2), seat("b", 3), seat("house", 1)]),
            // a and b share first place: places 1 and 2, 0.75 each.
            all(vec![seat("b", 1), seat("a", 1), seat("house", 2)]),
        ];
        let (rows, h2h) = standings(&entrants(&["b", "a"]), &matches, &[], &[]);
        assert_eq!(rows[0].bot_id, "a");
        assert_eq!(rows[0].matches, 3);
        let a = [1.0, 0.5, 0.75];
        let mean = a.iter().sum::<f64>() / 3.0;
        assert!((rows[0].mean - mean).abs() < 1e-12);
        let sd = (a.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / 2.0).sqrt();
        assert!((rows[0].ci95.unwrap() - 1.96 * sd / 3.0_f64.sqrt()).abs() < 1e-12);
        assert!((rows[1].mean - (0.5 + 0.0 + 0.75) / 3.0).abs() < 1e-12);
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
    fn the_fool_of_three_player_durak_scores_nothing_and_the_survivors_three_quarters() {
        let matches = vec![
            all(vec![seat("a", 1), seat("b", 1), seat("c", 2)]),
            all(vec![seat("a", 1), seat("b", 2), seat("c", 1)]),
        ];
        let (rows, _) = standings(&entrants(&["a", "b", "c"]), &matches, &[], &[]);
        let mean = |id: &str| rows.iter().find(|r| r.bot_id == id).unwrap().mean;
        assert_eq!((mean("a"), mean("b"), mean("c")), (0.75, 0.375, 0.375));
        let total: f64 = rows.iter().map(|r| r.total).sum();
        assert_eq!(total, 3.0, "each match hands out n / 2");
    }

    #[test]
    fn a_match_played_for_an_entrant_counts_for_it_alone_and_its_meetings_for_all() {
        // A gauntlet: c and d each meet the best two, a and b, who also play their own matches
        // (a against b and the reserve c, b against a and c).
        let matches = vec![
            of(0, Some("a"), vec![seat("a", 1), seat("b", 2), seat("c", 3)]),
            of(1, Some("b"), vec![seat("b", 1), seat("a", 2), seat("c", 3)]),
            of(2, Some("c"), vec![seat("a", 1), seat("c", 2), seat("b", 3)]),
            of(3, Some("d"), vec![seat("d", 1), seat("a", 2), seat("b", 3)]),
        ];
        let (rows, h2h) = standings(&entrants(&["a", "b", "c", "d"]), &matches, &[], &[]);
        assert!(rows.iter().all(|r| r.matches == 1), "{rows:?}");
        let row = |id: &str| rows.iter().find(|r| r.bot_id == id).unwrap();
        assert_eq!(
            (row("a").mean, row("b").mean, row("c").mean),
            (1.0, 1.0, 0.5)
        );
        assert_eq!(row("d").mean_score, -1.0);
        let a_vs_b = h2h
            .iter()
            .find(|h| h.bot_id == "a")
            .and_then(|h| h.against.iter().find(|m| m.bot_id == "b"))
            .unwrap();
        assert_eq!((a_vs_b.wins, a_vs_b.losses), (3, 1), "every meeting counts");
    }

    #[test]
    fn an_older_gauntlet_names_its_entrants_from_the_order_it_was_laid_out_in() {
        let ids: Vec<String> = ["a", "b", "c"].iter().map(|s| s.to_string()).collect();
        let laid_out = || {
            vec![
                of(0, None, vec![seat("b", 1), seat("a", 2)]),
                // Position 1 was cancelled or failed.
                of(2, None, vec![seat("b", 1), seat("a", 2)]),
                of(3, None, vec![seat("a", 1), seat("b", 2)]),
                of(5, None, vec![seat("c", 1), seat("a", 2)]),
            ]
        };
        let mut matches = laid_out();
        name_laid_out_entrants(&mut matches, &ids, 2, 6);
        let named: Vec<Option<&str>> = matches.iter().map(|m| m.entrant.as_deref()).collect();
        assert_eq!(named, [Some("a"), Some("b"), Some("b"), Some("c")]);
        // Not the layout it claims to be: the matches stay as they were.
        let mut matches = laid_out();
        name_laid_out_entrants(&mut matches, &ids, 2, 7);
        assert!(matches.iter().all(|m| m.entrant.is_none()));
        let mut matches = laid_out();
        name_laid_out_entrants(&mut matches, &ids, 3, 9);
        assert!(
            matches.iter().all(|m| m.entrant.is_none()),
            "position 5 would be b's, which c's match does not seat"
        );
    }

    #[test]
    fn the_podium_is_the_best_three_not_skipped() {
        let matches = vec![
            all(vec![seat("a", 1), seat("b", 2), seat("c", 3), seat("d", 4)]),
            all(vec![seat("a", 1), seat("b", 2), seat("c", 3), seat("d", 4)]),
        ];
        let (rows, _) = standings(
            &entrants(&["d", "c", "b", "a"]),
            &matches,
            &["b".into()],
            &[],
        );
        let names: Vec<(usize, String)> = podium(&rows)
            .into_iter()
            .map(|p| (p.rank, p.bot_id))
            .collect();
        assert_eq!(names, [(1, "a".into()), (2, "c".into()), (3, "d".into())]);
        assert!(podium(&[]).is_empty());
    }

    #[test]
    fn skipped_bots_go_last_and_one_match_has_no_interval() {
        let matches = vec![all(vec![seat("a", 2), seat("b", 1)])];
        let (rows, _) = standings(&entrants(&["a", "b"]), &matches, &["b".to_string()], &[]);
        assert_eq!(rows[0].bot_id, "a");
        assert!(rows[1].skipped && rows[1].ci95.is_none());
    }

    #[test]
    fn a_disqualified_bot_keeps_its_results_but_goes_last_and_on_no_podium() {
        let matches = vec![all(vec![seat("a", 1), seat("b", 2), seat("c", 3)])];
        let (rows, _) = standings(&entrants(&["a", "b", "c"]), &matches, &[], &["a".into()]);
        let order: Vec<(&str, bool)> = rows
            .iter()
            .map(|r| (r.bot_id.as_str(), r.disqualified))
            .collect();
        assert_eq!(order, [("b", false), ("c", false), ("a", true)]);
        assert_eq!(
            (rows[2].matches, rows[2].mean),
            (1, 1.0),
            "its result is shown"
        );
        let podium: Vec<String> = podium(&rows).into_iter().map(|p| p.bot_id).collect();
        assert_eq!(podium, ["b", "c"]);
    }
}
