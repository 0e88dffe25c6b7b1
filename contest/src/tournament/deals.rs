//! The seeds of a stage's deals. [`plan`](super::plan) lays out which of a stage's matches share
//! a deal (every entrant meets the same deals; a final plays each deal at every seating); when the
//! stage starts, [`seal`] gives each shared deal a seed drawn from the server's secret randomness,
//! so no bot can work a deal out from anything it sees (a tournament's id is public), and, where
//! the game treats the suits alike, deals each table of a deal under its own renaming of the suits
//! (`cardarena_engine::relabel`), so a bot meeting a deal again cannot recognise it by its hand.

use std::collections::HashMap;

use cardarena_engine::relabel::{RELABELLINGS, relabelled_seed};
use cardarena_engine::shuffle::derive_seed;
use serde_json::Value;

use super::spec::{StageKind, StageSpec};
use crate::games::GameInfo;
use cardarena_store::NewMatch;

/// Whether a stage's tables of one deal are each dealt under their own relabelling: in a
/// gauntlet (the best bots meet every entrant's deals) and a final (every deal at every seating),
/// for a game whose rules treat the suits alike, unless the riffle shuffle is chosen (its later
/// deals start from the cards as the last deal gathered them, sorted by suit, so only the first
/// deal would be the same renamed). A house stage's entrants meet each deal once, against house
/// bots whose ties follow the suits' order: it is left as dealt, so every entrant meets the very
/// same house play.
pub fn relabels(info: &GameInfo, spec: &StageSpec) -> bool {
    let riffled = spec
        .options
        .get("shuffle")
        .and_then(|s| s.get("kind"))
        .and_then(Value::as_str)
        == Some("riffle");
    info.relabels && spec.kind != StageKind::House && !riffled
}

/// Gives `matches` their seeds from `secret`: matches the plan gave one seed share one new deal
/// seed (below 2^53); with `relabel`, the k-th table of a deal gets relabelling k (from an offset
/// the secret picks), so tables of one deal differ by their suits' names.
pub fn seal(matches: &mut [NewMatch], secret: u64, relabel: bool) {
    let offset = (derive_seed(secret, u64::MAX) % RELABELLINGS as u64) as usize;
    let mut tables: HashMap<u64, usize> = HashMap::new();
    for m in matches {
        let nth = tables.entry(m.seed).or_insert(0);
        let deal = derive_seed(secret, m.seed) >> 11;
        m.seed = if relabel {
            relabelled_seed(deal, offset + *nth)
        } else {
            deal
        };
        *nth += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cardarena_engine::relabel::{deal_seed, split_seed};

    fn planned(seeds: &[u64]) -> Vec<NewMatch> {
        seeds
            .iter()
            .map(|&seed| NewMatch {
                game: "durak".into(),
                options: serde_json::json!({}),
                seed,
                kind: cardarena_store::MatchKind::Tournament,
                rated: false,
                deadline_ms: 100,
                time_bank_ms: 0,
                wall_clock_ms: None,
                stage: None,
                bot_ids: vec![],
            })
            .collect()
    }

    fn stage(kind: &str, options: serde_json::Value) -> StageSpec {
        serde_json::from_value(serde_json::json!({
            "kind": kind, "opponents": ["random"], "top": 2, "matches": 1, "deals": 1,
            "options": options,
        }))
        .unwrap()
    }

    #[test]
    fn gauntlets_and_finals_of_suit_blind_games_are_relabelled_and_nothing_else() {
        let durak = crate::games::game("durak").unwrap();
        let prsi = crate::games::game("prsi").unwrap();
        let riffle = serde_json::json!({"shuffle": {"kind": "riffle", "riffles": 3}});
        assert!(relabels(&durak, &stage("gauntlet", serde_json::json!({}))));
        assert!(relabels(&durak, &stage("final", serde_json::json!({}))));
        assert!(!relabels(&durak, &stage("house", serde_json::json!({}))));
        assert!(!relabels(&durak, &stage("final", riffle)));
        assert!(!relabels(&prsi, &stage("final", serde_json::json!({}))));
        for game in ["durak", "durak-duel", "bridge", "most", "fifty-six"] {
            assert!(crate::games::game(game).unwrap().relabels, "{game}");
        }
    }

    #[test]
    fn shared_deals_stay_shared_under_secret_seeds_and_tables_differ_by_suits() {
        let mut a = planned(&[1, 2, 1, 2, 1]);
        seal(&mut a, 42, true);
        let deals: Vec<u64> = a.iter().map(|m| deal_seed(m.seed)).collect();
        assert_eq!(deals[0], deals[2]);
        assert_eq!(deals[0], deals[4]);
        assert_eq!(deals[1], deals[3]);
        assert_ne!(deals[0], deals[1]);
        let maps: Vec<_> = [0, 2, 4].iter().map(|&k| split_seed(a[k].seed).1).collect();
        assert!(maps[0] != maps[1] && maps[1] != maps[2] && maps[0] != maps[2]);
        // Another secret, other deals: the plan's numbers say nothing of the cards.
        let mut b = planned(&[1, 2, 1, 2, 1]);
        seal(&mut b, 43, true);
        assert_ne!(deal_seed(a[0].seed), deal_seed(b[0].seed));
        // Unrelabelled, every seed is below 2^53 and tables of a deal are the same seed.
        let mut c = planned(&[1, 1]);
        seal(&mut c, 42, false);
        assert_eq!(c[0].seed, c[1].seed);
        assert!(c[0].seed < 1 << 53);
    }
}
