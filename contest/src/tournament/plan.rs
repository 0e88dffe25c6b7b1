//! A stage's matches, laid out when the stage starts: every entrant's matches against house bots
//! or the previous stage's best, or a final's duplicate deals in every seating.

use cardarena_engine::shuffle::derive_seed;

use super::spec::{StageKind, StageSpec};
use cardarena_store::{MatchKind, NewMatch, StageRef};

/// A stable number from a tournament's id, from which the plan numbers its stages' deals
/// (FNV-1a). The numbers only say which matches share a deal: [`super::deals::seal`] gives each
/// deal its real seed from the server's secret randomness when the stage starts.
pub fn tournament_seed(tournament_id: &str) -> u64 {
    crate::hash::fnv1a(tournament_id.as_bytes())
}

/// Every `size`-bot subset of `bots`, in order.
fn subsets(bots: &[String], size: usize) -> Vec<Vec<String>> {
    if size == 0 {
        return vec![Vec::new()];
    }
    if bots.len() < size {
        return Vec::new();
    }
    let mut with_first: Vec<Vec<String>> = subsets(&bots[1..], size - 1)
        .into_iter()
        .map(|mut rest| {
            rest.insert(0, bots[0].clone());
            rest
        })
        .collect();
    with_first.extend(subsets(&bots[1..], size));
    with_first
}

/// The seatings a final plays each deal in at a table of `bots`: every rotation of the table, so
/// that every bot plays the deal from every seat; with `partnerships`, every rotation of every way
/// to split the table into two partnerships (alternate seats), so that every bot also partners
/// every other.
fn seatings(bots: &[String], partnerships: bool) -> Vec<Vec<String>> {
    let tables = if partnerships && bots.len().is_multiple_of(2) && !bots.is_empty() {
        // The first bot's partners: every choice of half the others; the rest sit opposite.
        subsets(&bots[1..], bots.len() / 2 - 1)
            .into_iter()
            .map(|partners| {
                let ours: Vec<&String> = std::iter::once(&bots[0]).chain(&partners).collect();
                let theirs: Vec<&String> = bots.iter().filter(|b| !ours.contains(b)).collect();
                ours.iter()
                    .zip(&theirs)
                    .flat_map(|(a, b)| [(*a).clone(), (*b).clone()])
                    .collect()
            })
            .collect()
    } else {
        vec![bots.to_vec()]
    };
    tables
        .into_iter()
        .flat_map(|table| {
            (0..table.len()).map(move |shift| {
                let mut seats = table.clone();
                seats.rotate_left(shift);
                seats
            })
        })
        .collect()
}

/// The stage's matches. `entrants` play it; `opponents` are the house bots' ids (house stage) or
/// the previous stage's best (gauntlet); a final seats `entrants` at tables of `table` players.
pub fn stage_matches(
    tournament_id: &str,
    game: &str,
    stage: u32,
    spec: &StageSpec,
    entrants: &[String],
    opponents: &[String],
    table: usize,
) -> Vec<NewMatch> {
    let stage_seed = derive_seed(tournament_seed(tournament_id), u64::from(stage));
    // Seeds below 2^53, as every stored seed.
    let seed = |k: u64| derive_seed(stage_seed, k) >> 11;
    let new = |seed: u64, bot_ids: Vec<String>, deal: Option<u32>| NewMatch {
        game: game.to_string(),
        options: spec.options.clone(),
        seed,
        kind: MatchKind::Tournament,
        rated: false,
        deadline_ms: spec.deadline_ms,
        time_bank_ms: spec.time_bank_ms,
        wall_clock_ms: Some(spec.match_time_limit_ms),
        stage: Some(StageRef {
            tournament_id: tournament_id.to_string(),
            stage,
            deal,
            entrant: None,
        }),
        bot_ids,
    };
    let mut out = Vec::new();
    match spec.kind {
        StageKind::House | StageKind::Gauntlet => {
            // Every entrant meets the same deals, its seat moving round the table. No entrant is
            // a house opponent (`tournament::enter` refuses one); in a gauntlet one of the best
            // does not meet itself: its table is one seat smaller, or, where `opponents` ends with
            // a reserve (a game seated in pairs), the reserve takes that seat.
            let per_entrant = spec.matches.unwrap_or(1);
            for (nth, entrant) in entrants.iter().enumerate() {
                // The plan's key of match k's deal: the same for every entrant, or its own.
                let deal_key = |k: usize| match spec.shares_deals() {
                    true => k as u64,
                    false => (nth * per_entrant + k) as u64,
                };
                let others: Vec<String> = match spec.kind {
                    StageKind::House => opponents.to_vec(),
                    _ => opponents
                        .iter()
                        .filter(|o| *o != entrant)
                        .take(table - 1)
                        .cloned()
                        .collect(),
                };
                for k in 0..per_entrant {
                    let mut seats = others.clone();
                    seats.insert(k % (others.len() + 1), entrant.clone());
                    let mut m = new(seed(deal_key(k)), seats, None);
                    if let Some(at) = m.stage.as_mut() {
                        at.entrant = Some(entrant.clone());
                    }
                    out.push(m);
                }
            }
        }
        StageKind::Final => {
            let partnerships = crate::games::game(game).is_some_and(|g| g.partnerships);
            let seatings: Vec<Vec<String>> = subsets(entrants, table)
                .iter()
                .flat_map(|bots| seatings(bots, partnerships))
                .collect();
            for deal in 0..spec.deals.unwrap_or(1) {
                for seats in &seatings {
                    out.push(new(seed(deal as u64), seats.clone(), Some(deal as u32)));
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(names: &[&str]) -> Vec<String> {
        names.iter().map(|n| n.to_string()).collect()
    }

    fn spec(json: serde_json::Value) -> StageSpec {
        serde_json::from_value(json).unwrap()
    }

    #[test]
    fn house_matches_give_every_entrant_the_same_deals_from_moving_seats() {
        let stage = spec(serde_json::json!({"kind": "house", "opponents": ["demo"], "matches": 3}));
        let matches = stage_matches("t", "bridge", 0, &stage, &ids(&["a", "b"]), &ids(&["h"]), 2);
        assert_eq!(matches.len(), 6);
        let a: Vec<_> = matches
            .iter()
            .filter(|m| m.bot_ids.contains(&"a".into()))
            .collect();
        let b: Vec<_> = matches
            .iter()
            .filter(|m| m.bot_ids.contains(&"b".into()))
            .collect();
        assert_eq!(
            a.iter().map(|m| m.seed).collect::<Vec<_>>(),
            b.iter().map(|m| m.seed).collect::<Vec<_>>()
        );
        assert_eq!(a[0].bot_ids, ids(&["a", "h"]));
        assert_eq!(a[1].bot_ids, ids(&["h", "a"]));
        assert!(
            matches
                .iter()
                .all(|m| m.seed < 1 << 53 && m.wall_clock_ms.is_some())
        );
    }

    #[test]
    fn without_same_deals_every_match_of_a_house_stage_has_a_deal_of_its_own() {
        let stage = spec(serde_json::json!(
            {"kind": "house", "opponents": ["demo"], "matches": 3, "same_deals": false}
        ));
        let matches = stage_matches("t", "bridge", 0, &stage, &ids(&["a", "b"]), &ids(&["h"]), 2);
        assert_eq!(matches.len(), 6);
        let mut seeds: Vec<u64> = matches.iter().map(|m| m.seed).collect();
        seeds.sort();
        seeds.dedup();
        assert_eq!(seeds.len(), 6, "six deals for six matches");
        let shared =
            spec(serde_json::json!({"kind": "house", "opponents": ["demo"], "matches": 3}));
        let shared = stage_matches(
            "t",
            "bridge",
            0,
            &shared,
            &ids(&["a", "b"]),
            &ids(&["h"]),
            2,
        );
        assert_eq!(
            matches[..3].iter().map(|m| m.seed).collect::<Vec<_>>(),
            shared[..3].iter().map(|m| m.seed).collect::<Vec<_>>(),
            "the first entrant's deals are those it would meet anyway"
        );
    }

    #[test]
    fn a_gauntlet_entrant_among_the_best_does_not_meet_itself() {
        let stage = spec(serde_json::json!({"kind": "gauntlet", "top": 2, "matches": 2}));
        let matches = stage_matches(
            "t",
            "durak",
            1,
            &stage,
            &ids(&["a", "b", "c"]),
            &ids(&["a", "b"]),
            3,
        );
        for m in &matches {
            let mut sorted = m.bot_ids.clone();
            sorted.dedup();
            assert_eq!(sorted.len(), m.bot_ids.len(), "{:?}", m.bot_ids);
        }
        assert_eq!(
            matches.iter().filter(|m| m.bot_ids.len() == 3).count(),
            2,
            "c meets a and b"
        );
    }

    #[test]
    fn a_reserve_takes_the_seat_of_a_best_entrant_in_a_game_seated_in_pairs() {
        // fifty-six seats 4 or 6: "top 3" plays tables of 4, and the three best meet the two
        // others plus the reserve, the fourth-ranked, instead of sitting at a table of 3.
        let stage = spec(serde_json::json!({"kind": "gauntlet", "top": 3, "matches": 1}));
        let ranked = ids(&["a", "b", "c", "d", "e"]);
        let matches = stage_matches(
            "t",
            "fifty-six",
            1,
            &stage,
            &ranked,
            &ids(&["a", "b", "c", "d"]),
            4,
        );
        assert_eq!(matches.len(), 5);
        for m in &matches {
            assert_eq!(m.bot_ids.len(), 4, "{:?}", m.bot_ids);
            let mut sorted = m.bot_ids.clone();
            sorted.sort();
            sorted.dedup();
            assert_eq!(sorted.len(), 4, "{:?}", m.bot_ids);
        }
        let of = |bot: &str| matches.iter().find(|m| m.bot_ids[0] == bot).unwrap();
        assert!(
            of("a").bot_ids.contains(&"d".to_string()),
            "the reserve sits in for a"
        );
        assert!(
            !of("e").bot_ids.contains(&"d".to_string()),
            "e meets the best three"
        );
    }

    #[test]
    fn a_final_of_a_partnership_game_pairs_every_finalist_with_every_other() {
        let stage = spec(serde_json::json!({"kind": "final", "top": 4, "deals": 2}));
        let finalists = ids(&["a", "b", "c", "d"]);
        let matches = stage_matches("t", "fifty-six", 2, &stage, &finalists, &[], 4);
        // One table of 4, split three ways into partnerships, 4 rotations each, 2 deals.
        assert_eq!(matches.len(), 3 * 4 * 2);
        let first_deal: Vec<&Vec<String>> = matches
            .iter()
            .filter(|m| m.stage.as_ref().unwrap().deal == Some(0))
            .map(|m| &m.bot_ids)
            .collect();
        for x in &finalists {
            for y in finalists.iter().filter(|y| y != &x) {
                let partners = |seats: &&&Vec<String>| {
                    let at = |b: &String| seats.iter().position(|s| s == b).unwrap();
                    at(x) % 2 == at(y) % 2
                };
                // Partners in one split: 4 rotations of it.
                assert_eq!(first_deal.iter().filter(partners).count(), 4, "{x} {y}");
            }
            for seat in 0..4 {
                let here = first_deal.iter().filter(|s| s[seat] == *x).count();
                assert_eq!(here, 3, "{x} in seat {seat}");
            }
        }
        let six = seatings(&ids(&["a", "b", "c", "d", "e", "f"]), true);
        assert_eq!(
            six.len(),
            10 * 6,
            "C(5, 2) splits of six, six rotations each"
        );
        assert_eq!(seatings(&finalists, false).len(), 4);
    }

    #[test]
    fn a_final_replays_each_deal_from_every_seat_at_every_table() {
        let stage = spec(serde_json::json!({"kind": "final", "top": 4, "deals": 2}));
        let finalists = ids(&["a", "b", "c", "d"]);
        let matches = stage_matches("t", "durak", 2, &stage, &finalists, &[], 3);
        // C(4, 3) = 4 tables, 3 rotations each, 2 deals.
        assert_eq!(matches.len(), 4 * 3 * 2);
        for deal in 0..2 {
            let of_deal: Vec<_> = matches
                .iter()
                .filter(|m| m.stage.as_ref().unwrap().deal == Some(deal))
                .collect();
            assert!(
                of_deal.windows(2).all(|w| w[0].seed == w[1].seed),
                "one seed per deal"
            );
            for bot in &finalists {
                for seat in 0..3 {
                    assert!(
                        of_deal.iter().any(|m| m.bot_ids[seat] == *bot),
                        "{bot} sits at {seat}"
                    );
                }
            }
        }
        assert_ne!(matches[0].seed, matches[12].seed);
    }

    #[test]
    fn house_and_gauntlet_matches_name_their_entrant_and_finals_none() {
        let gauntlet = spec(serde_json::json!({"kind": "gauntlet", "top": 2, "matches": 3}));
        let entrants = ids(&["a", "b", "c"]);
        let matches = stage_matches("t", "durak", 1, &gauntlet, &entrants, &ids(&["a", "b"]), 3);
        for bot in &entrants {
            let own: Vec<_> = matches
                .iter()
                .filter(|m| m.stage.as_ref().unwrap().entrant.as_ref() == Some(bot))
                .collect();
            assert_eq!(own.len(), 3, "{bot}");
            assert!(own.iter().all(|m| m.bot_ids.contains(bot)));
        }
        let house = spec(serde_json::json!({"kind": "house", "opponents": ["demo"], "matches": 2}));
        let matches = stage_matches("t", "durak", 0, &house, &entrants, &ids(&["h"]), 2);
        assert!(matches.iter().all(|m| {
            let own = m.stage.as_ref().unwrap().entrant.clone().unwrap();
            m.bot_ids.contains(&own)
        }));
        let last = spec(serde_json::json!({"kind": "final", "top": 3, "deals": 1}));
        let matches = stage_matches("t", "durak", 2, &last, &entrants, &[], 3);
        assert!(
            matches
                .iter()
                .all(|m| m.stage.as_ref().unwrap().entrant.is_none())
        );
    }
}
