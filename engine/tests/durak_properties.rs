//! Property tests of durak over thousands of random games: cards are conserved, a view holds only
//! what its seat may see, a seat to act always has a legal action, apply accepts exactly the legal
//! actions, every legal action reads as plain words, every game ends, and the same seed and actions
//! give the same game.

mod support;

use cardarena_engine::games::durak::{
    Durak, DurakAction, DurakOptions, DurakView, STALL_LIMIT, seed_pack,
};
use cardarena_engine::{Arg, Card, CardSet, Game};
use proptest::prelude::*;

/// A game never needs more decisions than this (each card moves a bounded number of times).
const MAX_DECISIONS: usize = 5_000;

fn options(deck_number: Option<u64>) -> DurakOptions {
    DurakOptions {
        deck_number,
        ..DurakOptions::default()
    }
}

/// A finished game ended by rule 18 (at most one player left holding cards: the fool) or by rule
/// 19 (the run of turns without progress: the one player holding the most cards is the fool, a tie
/// is a draw).
fn assert_ending_follows_the_rules(game: &Durak) {
    assert_eq!(game.is_draw(), game.fool().is_none());
    assert_eq!(game.is_draw(), game.outcome().unwrap().is_draw());
    let holding: Vec<usize> = (0..game.players())
        .filter(|&s| !game.hand(s).is_empty())
        .collect();
    if holding.len() <= 1 {
        assert_eq!(game.fool(), holding.first().copied());
        return;
    }
    assert_eq!(
        game.stalled_turns(),
        STALL_LIMIT,
        "ended with {holding:?} holding cards"
    );
    assert!(game.deck().is_empty());
    let most = holding.iter().map(|&s| game.hand(s).len()).max().unwrap();
    let with_most: Vec<usize> = holding
        .into_iter()
        .filter(|&s| game.hand(s).len() == most)
        .collect();
    match with_most.as_slice() {
        [fool] => assert_eq!(game.fool(), Some(*fool)),
        _ => assert!(game.is_draw(), "a tie for the most cards: {with_most:?}"),
    }
}

/// Every card is in exactly one place: a hand, the deck, the table or the discard.
fn assert_cards_conserved(game: &Durak) {
    let places: Vec<Card> = (0..game.players())
        .flat_map(|seat| game.hand(seat).iter())
        .chain(game.deck().iter().copied())
        .chain(game.played().iter().copied())
        .chain(game.discard().iter())
        .collect();
    let all: CardSet = places.iter().copied().collect();
    assert_eq!(places.len(), 36, "cards counted in all places");
    assert_eq!(
        all,
        seed_pack().into_iter().collect(),
        "every card of the pack, once"
    );
}

/// A seat's view shows its own hand, the public cards, and nothing of another hand or the deck.
fn assert_views_hide_what_they_must(game: &Durak) {
    let public: CardSet = game
        .played()
        .iter()
        .copied()
        .chain(game.discard().iter())
        .chain([game.trump()])
        .collect();
    for seat in 0..game.players() {
        let view = game.view(seat);
        let own = game.hand(seat);
        assert_eq!(view.hand.iter().copied().collect::<CardSet>(), own);
        for card in view.cards() {
            assert!(
                own.contains(card) || public.contains(card),
                "seat {seat} sees {card}"
            );
        }
        let sizes: Vec<usize> = (0..game.players()).map(|s| game.hand(s).len()).collect();
        assert_eq!(view.hand_sizes, sizes);
        assert_eq!(view.deck_size, game.deck().len());
        let json = serde_json::to_string(&view).unwrap();
        let back: DurakView = serde_json::from_str(&json).unwrap();
        assert_eq!(back, view);
    }
}

/// Every action a bot could name, legal or not.
fn every_action() -> Vec<DurakAction> {
    let mut all = vec![DurakAction::Take, DurakAction::Done];
    for card in seed_pack() {
        all.push(DurakAction::Attack { card });
        all.push(DurakAction::Beat { card });
    }
    all
}

/// Every legal action is described ([`support::assert_described`]); a beat names the attack it
/// beats.
fn assert_describes_every_legal_action(game: &Durak) {
    support::assert_described(game);
    for action in game.legal_actions() {
        if let (DurakAction::Beat { card }, Some(&attack)) = (action, game.played().last()) {
            let said = &game.describe(&action)[0];
            assert_eq!(said.id, "durak-beats");
            assert_eq!(said.args["attack"], Arg::Card(attack));
            assert_eq!(said.args["card"], Arg::Card(card));
        }
    }
}

/// Plays a random game, checking the invariants at every step (and, when `exhaustive`, that apply
/// refuses every action outside the legal list without changing the game).
fn random_game(
    options: &DurakOptions,
    players: usize,
    seed: u64,
    chooser: u64,
    exhaustive: bool,
) -> (Vec<DurakAction>, Durak) {
    let candidates = exhaustive.then(every_action);
    let (actions, game) = support::random_game(
        options,
        players,
        seed,
        chooser,
        MAX_DECISIONS,
        candidates.as_deref(),
        |game: &Durak| {
            if let Some(seat) = game.to_act() {
                assert!(game.in_game(seat));
            }
            assert_cards_conserved(game);
            assert_views_hide_what_they_must(game);
            assert_describes_every_legal_action(game);
        },
    );
    assert_ending_follows_the_rules(&game);
    (actions, game)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn random_games_keep_every_invariant(
        seed: u64,
        chooser: u64,
        players in 2usize..=4,
        number in proptest::option::of(any::<u64>()),
    ) {
        random_game(&options(number), players, seed, chooser, false);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn apply_accepts_exactly_the_legal_actions(seed: u64, chooser: u64, players in 2usize..=4) {
        random_game(&options(None), players, seed, chooser, true);
    }

    #[test]
    fn same_seed_and_actions_give_the_same_game(seed: u64, chooser: u64, players in 2usize..=4) {
        let (actions, end) = random_game(&options(None), players, seed, chooser, false);
        support::assert_replays(&options(None), players, seed, &actions, &end);
        let (again, _) = random_game(&options(None), players, seed, chooser, false);
        prop_assert_eq!(again, actions);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn riffled_games_keep_every_invariant_and_replay(
        seed: u64,
        chooser: u64,
        players in 2usize..=4,
        many: bool,
        cut: bool,
        packet in 1usize..=13,
    ) {
        let options = DurakOptions {
            shuffle: support::riffle(many, cut, packet),
            ..DurakOptions::default()
        };
        let (actions, end) = random_game(&options, players, seed, chooser, false);
        support::assert_replays(&options, players, seed, &actions, &end);
        let (again, _) = random_game(&options, players, seed, chooser, false);
        prop_assert_eq!(again, actions);
    }
}

#[test]
fn different_seeds_deal_different_games() {
    let a = Durak::new(&options(None), 3, 1).unwrap();
    let b = Durak::new(&options(None), 3, 2).unwrap();
    assert_ne!(a, b);
    assert_eq!(a, Durak::new(&options(None), 3, 1).unwrap());
}
