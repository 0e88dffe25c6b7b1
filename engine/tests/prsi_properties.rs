//! Property tests of prsi over thousands of random games with 2 to 5 players: the 32 cards are
//! always accounted for, a view holds only its own hand and the public pile (never another hand or
//! the deck), a seat to act always has a legal action, apply accepts exactly the legal actions (and
//! refuses the rest without changing the game), every legal action reads as plain words, every game
//! ends, places follow the order players go out, and the same seed and actions give the same game.

mod support;

use cardarena_engine::games::prsi::{
    MAX_TURNS, Prsi, PrsiAction, PrsiOptions, PrsiView, prsi_pack,
};
use cardarena_engine::{Card, CardList, CardSet, Game, Suit};
use proptest::prelude::*;

/// The turn limit ends every game; one decision is one turn.
const MAX_DECISIONS: usize = MAX_TURNS as usize + 1;

/// Every card is in exactly one place: a hand, the deck or the pile.
fn assert_cards_conserved(game: &Prsi) {
    let places: Vec<Card> = (0..game.players())
        .flat_map(|seat| game.hand(seat).iter())
        .chain(game.deck().iter().copied())
        .chain(game.pile().iter().copied())
        .collect();
    let all: CardSet = places.iter().copied().collect();
    assert_eq!(places.len(), 32, "cards counted in all places");
    assert_eq!(all, prsi_pack().into_iter().collect(), "every card once");
    assert!(!game.pile().is_empty());
}

/// A seat's view shows its own hand and the pile, nothing of other hands or the deck.
fn assert_views_hide_what_they_must(game: &Prsi) {
    let public: CardSet = game.pile().iter().copied().collect();
    for seat in 0..game.players() {
        let view = game.view(seat);
        let own = game.hand(seat);
        assert_eq!(view.hand.iter().copied().collect::<CardSet>(), own);
        for card in view.cards() {
            assert!(own.contains(card) || public.contains(card));
        }
        let sizes: Vec<usize> = (0..game.players()).map(|s| game.hand(s).len()).collect();
        assert_eq!(view.hand_sizes, sizes);
        assert_eq!(view.deck_size, game.deck().len());
        assert_eq!(view.top, game.top());
        let json = serde_json::to_string(&view).unwrap();
        let hidden = (0..game.players())
            .filter(|&s| s != seat)
            .flat_map(|s| game.hand(s).iter())
            .chain(game.deck().iter().copied());
        for card in hidden {
            assert!(
                !json.contains(&format!("\"{card}\"")),
                "seat {seat}'s JSON shows {card}"
            );
        }
        let back: PrsiView = serde_json::from_str(&json).unwrap();
        assert_eq!(back, view);
    }
}

/// Every legal action is accepted, and the seed's state variables stay in range.
fn assert_legal_actions_apply(game: &Prsi) {
    assert!(game.aces() <= 4);
    assert!(game.aces() == 0 || game.sevens() == 0);
    for action in game.legal_actions() {
        let mut copy = game.clone();
        copy.apply(&action)
            .unwrap_or_else(|e| panic!("{action:?} is legal but refused: {e}"));
    }
}

/// Many actions a bot could name: every single card (with and without each suit), every pair of
/// one value in both orders, some longer lists, draw and stand.
fn many_actions() -> Vec<PrsiAction> {
    let pack = prsi_pack();
    let mut all = vec![
        PrsiAction::Draw,
        PrsiAction::Stand,
        PrsiAction::Play {
            cards: CardList::new(),
            suit: None,
        },
    ];
    let mut lists: Vec<Vec<Card>> = pack.iter().map(|&c| vec![c]).collect();
    for &a in &pack {
        for &b in &pack {
            if a.rank() == b.rank() {
                lists.push(vec![a, b]);
            }
        }
    }
    for one in &pack[..8] {
        let same: Vec<Card> = pack
            .iter()
            .copied()
            .filter(|c| c.rank() == one.rank())
            .collect();
        lists.push(same.clone());
        lists.push(same.iter().rev().copied().collect());
        lists.push(same[..3].to_vec());
    }
    for cards in lists {
        all.push(PrsiAction::Play {
            cards: cards.as_slice().into(),
            suit: None,
        });
        for suit in Suit::ALL {
            all.push(PrsiAction::Play {
                cards: cards.as_slice().into(),
                suit: Some(suit),
            });
        }
    }
    all
}

/// Every legal action is described ([`support::assert_described`]).
fn assert_describes_every_legal_action(game: &Prsi) {
    support::assert_described(game);
}

fn random_game(
    options: &PrsiOptions,
    players: usize,
    seed: u64,
    chooser: u64,
    exhaustive: bool,
) -> (Vec<PrsiAction>, Prsi) {
    let candidates = exhaustive.then(many_actions);
    let (actions, game) = support::random_game(
        options,
        players,
        seed,
        chooser,
        MAX_DECISIONS,
        candidates.as_deref(),
        |game: &Prsi| {
            assert_cards_conserved(game);
            assert_views_hide_what_they_must(game);
            assert_describes_every_legal_action(game);
            if exhaustive {
                assert_legal_actions_apply(game);
            }
        },
    );
    let outcome = game.outcome().unwrap();
    let out = game.out();
    for (place, &seat) in out.iter().enumerate() {
        assert_eq!(outcome.seats[seat].rank, place as u32 + 1);
    }
    if game.turns() < MAX_TURNS {
        assert_eq!(out.len(), players, "everyone is placed");
        assert!(!game.hand(out[players - 1]).is_empty());
        for &seat in &out[..players - 1] {
            assert!(game.hand(seat).is_empty());
        }
    }
    for seat in 0..players {
        let r = outcome.seats[seat].rank;
        assert!(r >= 1 && r as usize <= players);
        assert_eq!(outcome.seats[seat].score, (players as u32 - r) as f64);
    }
    (actions, game)
}

fn options(two: bool) -> PrsiOptions {
    PrsiOptions {
        seven_draw: if two { 2 } else { 3 },
        ..PrsiOptions::default()
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]

    #[test]
    fn random_games_keep_every_invariant(seed: u64, chooser: u64, players in 2usize..=5, two: bool) {
        random_game(&options(two), players, seed, chooser, false);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn apply_accepts_exactly_the_legal_actions(seed: u64, chooser: u64, players in 2usize..=5) {
        random_game(&PrsiOptions::default(), players, seed, chooser, true);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn same_seed_and_actions_give_the_same_game(seed: u64, chooser: u64, players in 2usize..=5) {
        let options = PrsiOptions::default();
        let (actions, end) = random_game(&options, players, seed, chooser, false);
        support::assert_replays(&options, players, seed, &actions, &end);
        let (again, _) = random_game(&options, players, seed, chooser, false);
        prop_assert_eq!(again, actions);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]

    #[test]
    fn riffled_games_keep_every_invariant_and_replay(
        seed: u64,
        chooser: u64,
        players in 2usize..=5,
        many: bool,
        cut: bool,
        packet in 1usize..=13,
    ) {
        let options = PrsiOptions {
            shuffle: support::riffle(many, cut, packet),
            ..PrsiOptions::default()
        };
        let (actions, end) = random_game(&options, players, seed, chooser, false);
        support::assert_replays(&options, players, seed, &actions, &end);
        let (again, _) = random_game(&options, players, seed, chooser, false);
        prop_assert_eq!(again, actions);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// The text log has one line for every turn and ends with every seat's place.
    #[test]
    fn the_log_tells_every_turn_and_the_places(seed: u64, chooser: u64, players in 2usize..=5) {
        let options = PrsiOptions::default();
        let (actions, _) = random_game(&options, players, seed, chooser, false);
        let initial = Prsi::new(&options, players, seed).unwrap();
        let names: Vec<String> = (0..players).map(|s| format!("P{s}")).collect();
        let log = Prsi::transcript(&initial, &actions, &names).unwrap();
        let turns = log.lines().filter(|l| l.starts_with("Turn ")).count();
        prop_assert_eq!(turns, actions.len());
        let result = log.lines().last().unwrap();
        prop_assert!(result.starts_with("Result: "), "{}", result);
        for name in &names {
            prop_assert_eq!(result.matches(name.as_str()).count(), 1, "{}", result);
        }
    }
}

#[test]
fn different_seeds_deal_different_games() {
    let options = PrsiOptions::default();
    let a = Prsi::new(&options, 3, 1).unwrap();
    assert_ne!(a, Prsi::new(&options, 3, 2).unwrap());
    assert_eq!(a, Prsi::new(&options, 3, 1).unwrap());
}

#[test]
fn two_to_five_players_are_seated() {
    let options = PrsiOptions::default();
    for players in [0, 1, 6] {
        assert!(Prsi::new(&options, players, 1).is_err());
    }
    assert!(serde_json::from_str::<PrsiOptions>("{}").unwrap() == options);
    assert!(serde_json::from_str::<PrsiOptions>(r#"{"seven_draw":2}"#).is_ok());
}
