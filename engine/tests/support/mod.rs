//! What every game's property tests share: a random game played to its end with the invariants
//! every game keeps checked at each step.

#![allow(dead_code)] // each test file uses a different part of the support code

use cardarena_engine::phrase::english;
use cardarena_engine::shuffle::{RiffleShuffle, ShuffleModel, below, rng};
use cardarena_engine::{Arg, Game, Phrase};

/// Plays `G` from `seed` with choices drawn from `chooser`, checking at every step that the seat
/// to act has a legal action, that the game ends within `max_decisions`, and `check` (the game's
/// own invariants). With `candidates` (every action a bot could name), also that apply accepts
/// exactly the legal ones and a refused action changes nothing. Returns the actions and the end.
pub fn random_game<G: Game + PartialEq>(
    options: &G::Options,
    players: usize,
    seed: u64,
    chooser: u64,
    max_decisions: usize,
    candidates: Option<&[G::Action]>,
    mut check: impl FnMut(&G),
) -> (Vec<G::Action>, G) {
    let mut game = G::new(options, players, seed).unwrap();
    let mut rng = rng(chooser);
    let mut actions = Vec::new();
    while let Some(seat) = game.to_act() {
        assert!(
            actions.len() < max_decisions,
            "no end after {max_decisions} decisions"
        );
        check(&game);
        let legal = game.legal_actions();
        assert!(!legal.is_empty(), "seat {seat} to act with no legal action");
        for action in candidates.unwrap_or_default() {
            let mut copy = game.clone();
            let result = copy.apply(action);
            assert_eq!(
                result.is_ok(),
                legal.contains(action),
                "{action:?} with {legal:?}"
            );
            if result.is_err() {
                assert!(copy == game, "a refused {action:?} changed the game");
            }
        }
        let action = legal[below(&mut rng, legal.len())].clone();
        game.apply(&action).unwrap();
        actions.push(action);
    }
    check(&game);
    assert!(game.legal_actions().is_empty());
    let outcome = game.outcome().expect("a finished game has an outcome");
    assert_eq!(outcome.seats.len(), players);
    (actions, game)
}

/// Replays `actions` from `seed` and checks that it reaches `end`.
pub fn assert_replays<G: Game + PartialEq>(
    options: &G::Options,
    players: usize,
    seed: u64,
    actions: &[G::Action],
    end: &G,
) {
    let mut replay = G::new(options, players, seed).unwrap();
    for action in actions {
        replay.apply(action).unwrap();
    }
    assert!(replay == *end, "the replay differs");
}

/// A riffle shuffle option: two riffles (much of the deck's order left) or seven (well mixed).
pub fn riffle(many: bool, cut: bool, packet: usize) -> ShuffleModel {
    ShuffleModel::Riffle(RiffleShuffle {
        riffles: if many { 7 } else { 2 },
        cut,
        packet,
    })
}

/// The names of the arguments a catalog template fills in (`{actor}`, `{owner's}`,
/// `{count|card|cards}` name `actor`, `owner`, `count`).
pub fn placeholders(template: &str) -> std::collections::BTreeSet<&str> {
    template
        .split('{')
        .skip(1)
        .filter_map(|rest| rest.split_once('}'))
        .map(|(inside, _)| {
            let name = inside.split('|').next().unwrap_or_default();
            name.strip_suffix("'s").unwrap_or(name)
        })
        .collect()
}

/// Every phrase is in the English catalog and carries exactly the arguments its template fills.
pub fn assert_known(phrases: &[Phrase]) {
    for phrase in phrases {
        let template = english::template(&phrase.id)
            .unwrap_or_else(|| panic!("{:?} is not in the catalog", phrase.id));
        let args: std::collections::BTreeSet<&str> =
            phrase.args.keys().map(|k| k.as_ref()).collect();
        assert_eq!(args, placeholders(template), "{phrase:?}");
    }
}

/// Every legal action of the seat to act, if any, is described: the first phrase is the decision, its
/// `actor` the seat to act, and every phrase is one the catalog knows ([`assert_known`]).
pub fn assert_described<G: Game>(game: &G) {
    let Some(actor) = game.to_act() else {
        return;
    };
    for action in game.legal_actions() {
        let phrases = game.describe(&action);
        assert_eq!(
            phrases.first().and_then(|p| p.args.get("actor")),
            Some(&Arg::Seat(actor)),
            "{action:?}: {phrases:?}"
        );
        assert_known(&phrases);
        if let Some(hidden) = game.hidden(&action) {
            assert_known(&hidden);
        }
    }
}
