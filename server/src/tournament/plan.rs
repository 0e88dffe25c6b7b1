//! A stage's matches, laid out when the stage starts: every entrant's matches against house bots
//! or the previous stage's best, or a final's duplicate deals in every seating.

use cardarena_engine::shuffle::derive_seed;

use super::spec::{StageKind, StageSpec};
use crate::store::{MatchKind, NewMatch, StageRef};

/// A stable number from a tournament's id, from which its stages' seeds derive (FNV-1a).
pub fn tournament_seed(tournament_id: &str) -> u64 {
    tournament_id.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    })
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
        }),
        bot_ids,
    };
    let mut out = Vec::new();
    match spec.kind {
        StageKind::House | StageKind::Gauntlet => {
            // Every entrant meets the same deals, its seat moving round the table. A house bot
            // entered in the tournament meets itself at a house table; in a gauntlet one of the
            // best does not: its table is one seat smaller, or, where `opponents` ends with a
            // reserve (a game seated in pairs), the reserve takes that seat.
            for entrant in entrants {
                let others: Vec<String> = match spec.kind {
                    StageKind::House => opponents.to_vec(),
                    _ => opponents
                        .iter()
                        .filter(|o| *o != entrant)
                        .take(table - 1)
                        .cloned()
                        .collect(),
                };
                for k in 0..spec.matches.unwrap_or(1) {
                    let mut seats = others.clone();
                    seats.insert(k % (others.len() + 1), entrant.clone());
                    out.push(new(seed(k as u64), seats, None));
                }
            }
        }
        StageKind::Final => {
            let tables = subsets(entrants, table);
            for deal in 0..spec.deals.unwrap_or(1) {
                for bots in &tables {
                    // The same deal from every seat: the table rotated through every position.
                    for shift in 0..bots.len() {
                        let mut seats = bots.clone();
                        seats.rotate_left(shift);
                        out.push(new(seed(deal as u64), seats, Some(deal as u32)));
                    }
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
}
