//! A relabelled deal is the same game with the suits renamed: for every game that declares
//! `RELABELS`, a seed's relabelling deals each seat its hand with the suits renamed, and a game
//! played move for move with the renamed moves offers exactly the renamed legal actions at every
//! step and ends with the same outcome. Seeds below 2^53 are unchanged (the identity). Which
//! tournament tables are relabelled (never prsi's) is the server's `tournament::deals`.

use cardarena_engine::games::{
    bridge::Bridge, durak::Durak, durak_duel::DurakDuel, fifty_six::FiftySix, most::Most,
};
use cardarena_engine::relabel::{RELABELLINGS, SuitMap, relabelled_seed};
use cardarena_engine::shuffle::below;
use cardarena_engine::{Card, Eye, Game, Suit};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;
use serde_json::Value;

/// `value` with every card and suit named in it renamed by `map`, each list of cards sorted.
fn renamed(value: &Value, map: SuitMap) -> Value {
    match value {
        Value::String(text) => {
            if let Ok(card) = text.parse::<Card>() {
                Value::String(map.card(card).to_string())
            } else if let Some(suit) = Suit::ALL.iter().find(|s| s.letter().to_string() == *text) {
                Value::String(map.suit(*suit).letter().to_string())
            } else {
                value.clone()
            }
        }
        // A list of cards is written in the game's card order, which follows the suits' names:
        // compared as a multiset.
        Value::Array(items) => {
            let mut items: Vec<Value> = items.iter().map(|v| renamed(v, map)).collect();
            if items
                .iter()
                .all(|v| v.as_str().is_some_and(|t| t.parse::<Card>().is_ok()))
            {
                items.sort_by(|a, b| a.as_str().cmp(&b.as_str()));
            }
            Value::Array(items)
        }
        Value::Object(fields) => Value::Object(
            fields
                .iter()
                .map(|(k, v)| (k.clone(), renamed(v, map)))
                .collect(),
        ),
        other => other.clone(),
    }
}

/// The face-up cards of `seat`'s eye, sorted.
fn seen<G: Game>(game: &G, seat: usize, map: SuitMap) -> Vec<Card> {
    let mut cards: Vec<Card> = game
        .table(Eye::Seat(seat))
        .face_up()
        .0
        .into_iter()
        .map(|c| map.card(c))
        .collect();
    cards.sort();
    cards
}

/// The legal actions' JSON, sorted so that two orders of the same actions compare equal.
fn actions_json<G: Game>(game: &G, map: SuitMap) -> Vec<String> {
    let mut out: Vec<String> = game
        .legal_actions()
        .iter()
        .map(|a| renamed(&serde_json::to_value(a).unwrap(), map).to_string())
        .collect();
    out.sort();
    out
}

/// Plays `base` (seed `seed`) and its relabelling `index` side by side, random moves on the
/// base and their renamings on the other, checking each step.
fn mirrored<G: Game>(options: &G::Options, players: usize, seed: u64, index: usize) {
    let map = SuitMap::nth(index);
    let mut base = G::new(options, players, seed).unwrap();
    let mut other = G::new(options, players, relabelled_seed(seed, index)).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ index as u64);
    let mut steps = 0;
    while base.outcome().is_none() {
        assert_eq!(base.to_act(), other.to_act(), "{} seed {seed}", G::ID);
        for seat in 0..players {
            assert_eq!(
                seen(&base, seat, map),
                seen(&other, seat, SuitMap::IDENTITY),
                "{} seed {seed} relabelling {index}: seat {seat}'s eye at step {steps}",
                G::ID
            );
        }
        assert_eq!(
            actions_json(&base, map),
            actions_json(&other, SuitMap::IDENTITY),
            "{} seed {seed} relabelling {index}: the legal actions at step {steps}",
            G::ID
        );
        let legal = base.legal_actions();
        let action = &legal[below(&mut rng, legal.len())];
        let wanted = renamed(&serde_json::to_value(action).unwrap(), map);
        let twin = other
            .legal_actions()
            .into_iter()
            .find(|a| renamed(&serde_json::to_value(a).unwrap(), SuitMap::IDENTITY) == wanted)
            .expect("the renamed action is legal");
        base.apply(action).unwrap();
        other.apply(&twin).unwrap();
        steps += 1;
        assert!(steps < 20_000, "{} did not end", G::ID);
    }
    assert_eq!(base.outcome(), other.outcome(), "{} seed {seed}", G::ID);
}

fn every_relabelling<G: Game>(players: &[usize]) {
    assert!(G::RELABELS, "{} declares RELABELS", G::ID);
    let options = G::Options::default();
    for &n in players {
        for seed in 0..6u64 {
            for index in [1, 7, 13, RELABELLINGS - 1] {
                mirrored::<G>(&options, n, seed * 1_000_003 + n as u64, index);
            }
        }
    }
}

#[test]
fn durak_relabelled_is_the_same_game_renamed() {
    every_relabelling::<Durak>(&[2, 3, 4]);
}

#[test]
fn durak_duel_relabelled_is_the_same_game_renamed() {
    every_relabelling::<DurakDuel>(&[2]);
}

#[test]
fn bridge_relabelled_is_the_same_game_renamed() {
    every_relabelling::<Bridge>(&[2, 4, 6]);
}

#[test]
fn most_relabelled_is_the_same_game_renamed() {
    every_relabelling::<Most>(&[2, 4, 6]);
}

#[test]
fn fifty_six_relabelled_is_the_same_game_renamed() {
    every_relabelling::<FiftySix>(&[4, 6]);
}

#[test]
fn a_seed_below_2_53_deals_as_it_always_did() {
    // Relabelling 0 is the seed itself: the same game, the same JSON.
    for seed in [3u64, 99, (1 << 53) - 1] {
        let a = Durak::new(&Default::default(), 3, seed).unwrap();
        let b = Durak::new(&Default::default(), 3, relabelled_seed(seed, 0)).unwrap();
        assert_eq!(a, b);
    }
    // A relabelled seed deals other cards to the seats (not the same hands under new names
    // only by chance).
    let a = Durak::new(&Default::default(), 3, 5).unwrap();
    let b = Durak::new(&Default::default(), 3, relabelled_seed(5, 9)).unwrap();
    assert_ne!(
        seen(&a, 0, SuitMap::IDENTITY),
        seen(&b, 0, SuitMap::IDENTITY)
    );
}
