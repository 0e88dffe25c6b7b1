//! Property tests of bridge over thousands of random games of 2 to 6 players: the 36 cards are
//! always accounted for, a view holds only its own hand and the face-up pile (never another hand
//! or the deck's order), a seat to act always has a legal action, apply accepts exactly the legal
//! actions, every game ends, the same seed and actions give the same game, and every legal action
//! has words.

mod support;

use cardarena_engine::games::bridge::{Bridge, BridgeAction, BridgeOptions, BridgeView};
use cardarena_engine::{Card, CardSet, Game, Rank, Suit, cards::pack};
use proptest::prelude::*;

/// Random play ends long before this many decisions (a whole match averages about a thousand).
const MAX_DECISIONS: usize = 200_000;

fn options(single_deal: bool) -> BridgeOptions {
    BridgeOptions {
        single_deal,
        ..BridgeOptions::default()
    }
}

fn assert_cards_conserved(game: &Bridge) {
    let places: Vec<Card> = (0..game.players())
        .flat_map(|seat| game.hand(seat).iter())
        .chain(game.deck().iter().copied())
        .chain(game.pile().iter().copied())
        .collect();
    let all: CardSet = places.iter().copied().collect();
    assert_eq!(places.len(), 36, "cards counted in all places");
    assert_eq!(all, pack(Rank::Six, Suit::ALL).into_iter().collect());
}

fn assert_views_hide_what_they_must(game: &Bridge) {
    let pile: CardSet = game.pile().iter().copied().collect();
    for seat in 0..game.players() {
        let view = game.view(seat);
        let own = game.hand(seat);
        assert_eq!(view.hand.iter().copied().collect::<CardSet>(), own);
        let shown = view
            .hand
            .iter()
            .chain(&view.pile)
            .chain(&view.turn.played)
            .chain([&view.top]);
        for &card in shown {
            assert!(
                own.contains(card) || pile.contains(card),
                "seat {seat} sees {card}"
            );
        }
        let sizes: Vec<usize> = (0..game.players()).map(|s| game.hand(s).len()).collect();
        assert_eq!(view.hand_sizes, sizes);
        assert_eq!(view.deck_size, game.deck().len());
        let json = serde_json::to_string(&view).unwrap();
        for card in game.deck().iter().chain(
            (0..game.players())
                .filter(|&s| s != seat)
                .flat_map(|s| game.hand(s).iter())
                .collect::<Vec<_>>()
                .iter(),
        ) {
            assert!(
                !json.contains(&format!("\"{card}\"")),
                "seat {seat}'s JSON shows {card}"
            );
        }
        let back: BridgeView = serde_json::from_str(&json).unwrap();
        assert_eq!(back, view);
    }
}

/// Every action a bot could name, legal or not.
fn every_action() -> Vec<BridgeAction> {
    let mut all = vec![BridgeAction::Draw, BridgeAction::EndTurn];
    for card in pack(Rank::Six, Suit::ALL) {
        all.push(BridgeAction::Play { card, suit: None });
        for suit in Suit::ALL {
            all.push(BridgeAction::Play {
                card,
                suit: Some(suit),
            });
        }
    }
    all
}

/// Plays a random game, checking the invariants at every step (`views`: the views too;
/// `exhaustive`: that apply refuses every action outside the legal list, changing nothing).
fn random_game(
    options: &BridgeOptions,
    players: usize,
    seed: u64,
    chooser: u64,
    views: bool,
    exhaustive: bool,
) -> (Vec<BridgeAction>, Bridge) {
    let candidates = exhaustive.then(every_action);
    let (actions, game) = support::random_game(
        options,
        players,
        seed,
        chooser,
        MAX_DECISIONS,
        candidates.as_deref(),
        |game: &Bridge| {
            assert_cards_conserved(game);
            if views {
                assert_views_hide_what_they_must(game);
            }
        },
    );
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.seats.iter().map(|s| s.rank).min(), Some(1));
    if !options.single_deal {
        assert!(
            game.totals().iter().any(|&t| t > options.target),
            "{:?}",
            game.totals()
        );
    }
    (actions, game)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn random_single_deals_keep_every_invariant(seed: u64, chooser: u64, players in 2usize..=6) {
        random_game(&options(true), players, seed, chooser, false, false);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn views_hide_other_hands_and_the_deck(seed: u64, chooser: u64, players in 2usize..=6) {
        random_game(&options(true), players, seed, chooser, true, false);
    }

    #[test]
    fn random_matches_to_125_keep_every_invariant(seed: u64, chooser: u64, players in 2usize..=6) {
        random_game(&options(false), players, seed, chooser, false, false);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    #[test]
    fn apply_accepts_exactly_the_legal_actions(seed: u64, chooser: u64, players in 2usize..=6) {
        random_game(&options(true), players, seed, chooser, false, true);
    }

    #[test]
    fn same_seed_and_actions_give_the_same_game(seed: u64, chooser: u64, players in 2usize..=6) {
        let (actions, end) = random_game(&options(false), players, seed, chooser, false, false);
        support::assert_replays(&options(false), players, seed, &actions, &end);
        let (again, _) = random_game(&options(false), players, seed, chooser, false, false);
        prop_assert_eq!(again, actions);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    #[test]
    fn riffled_matches_keep_every_invariant_and_replay(
        seed: u64,
        chooser: u64,
        players in 2usize..=6,
        many: bool,
        cut: bool,
        packet in 1usize..=13,
    ) {
        let options = BridgeOptions {
            shuffle: support::riffle(many, cut, packet),
            ..options(false)
        };
        let (actions, end) = random_game(&options, players, seed, chooser, true, false);
        support::assert_replays(&options, players, seed, &actions, &end);
        let (again, _) = random_game(&options, players, seed, chooser, false, false);
        prop_assert_eq!(again, actions);
    }
}

/// Every legal action of the seat to act is described ([`support::assert_described`]).
fn assert_described(game: &Bridge) {
    support::assert_described(game);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn every_legal_action_is_described(seed: u64, chooser: u64, players in 2usize..=6) {
        support::random_game(
            &options(false),
            players,
            seed,
            chooser,
            MAX_DECISIONS,
            None,
            assert_described,
        );
    }
}

#[test]
fn different_seeds_deal_different_games() {
    let a = Bridge::new(&options(false), 4, 1).unwrap();
    assert_ne!(a, Bridge::new(&options(false), 4, 2).unwrap());
    assert_eq!(a, Bridge::new(&options(false), 4, 1).unwrap());
}
