//! Property tests of most over many random games: the 54 cards are always accounted for, no card
//! lies on the table or the bridge while a joker stands for it, every meld is a run or a set, a
//! view holds only its own hand and the public cards, a seat to act always has a legal action,
//! apply accepts exactly the legal actions (and refuses the rest without changing the game), every
//! deal and match ends, the same seed and actions give the same game, and every legal action has
//! words.

mod support;

use cardarena_engine::games::most::{
    JokerAs, JokerList, Most, MostAction, MostOptions, MostView, meld_shape, most_pack,
};
use cardarena_engine::{Card, CardSet, Game, Rank, Suit};
use proptest::prelude::*;

/// A deal needs a few hundred decisions at most; a match at most fifty deals.
const MAX_DECISIONS: usize = 50_000;

fn single() -> MostOptions {
    MostOptions {
        single_deal: true,
        ..MostOptions::default()
    }
}

fn assert_cards_conserved(game: &Most) {
    let places: Vec<Card> = (0..game.players())
        .flat_map(|seat| game.hand(seat).iter())
        .chain(game.deck().iter().copied())
        .chain(game.bridge().iter().copied())
        .chain(game.table_cards().iter())
        .collect();
    let table_len: usize = game.melds().iter().map(|m| m.slots.len()).sum();
    assert_eq!(game.table_cards().len(), table_len);
    assert_eq!(places.len(), 54, "cards counted in all places");
    assert_eq!(
        places.iter().copied().collect::<CardSet>(),
        most_pack().into_iter().collect()
    );
}

fn assert_table_is_sound(game: &Most) {
    let represented = game.table_represented();
    let table_len: usize = game.melds().iter().map(|m| m.slots.len()).sum();
    assert_eq!(
        represented.len(),
        table_len,
        "a card shown twice on the table"
    );
    for m in game.melds() {
        let cards: Vec<Card> = m.slots.iter().map(|s| s.stands_for).collect();
        let (kind, order) = meld_shape(&cards).expect("every meld is a run or a set");
        assert_eq!(kind, m.kind);
        assert_eq!(order, cards, "a meld in table order");
        for s in &m.slots {
            assert!(s.card == s.stands_for || s.card.is_joker());
        }
    }
    for card in game.bridge() {
        assert!(
            card.is_joker() || !represented.contains(*card) || game.table_cards().contains(*card),
            "{card} on the bridge while a joker stands for it"
        );
        assert!(!game.table_cards().contains(*card));
    }
    if game.to_act().is_some() {
        assert!(!game.hand(game.to_act().unwrap()).is_empty());
    }
}

fn assert_views_hide_what_they_must(game: &Most) {
    let represented = game.table_represented();
    for seat in 0..game.players() {
        let view = game.view(seat);
        assert_eq!(
            view.hand.iter().copied().collect::<CardSet>(),
            game.hand(seat)
        );
        let sizes: Vec<usize> = (0..game.players()).map(|s| game.hand(s).len()).collect();
        assert_eq!(view.hand_sizes, sizes);
        assert_eq!(view.deck_size, game.deck().len());
        let json = serde_json::to_string(&view).unwrap();
        let hidden = (0..game.players())
            .filter(|&s| s != seat)
            .flat_map(|s| game.hand(s).iter())
            .chain(game.deck().iter().copied());
        for card in hidden
            .filter(|c| !c.is_joker() && !represented.contains(*c) && game.pending() != Some(*c))
        {
            assert!(
                !json.contains(&format!("\"{card}\"")),
                "seat {seat}'s JSON shows {card}"
            );
        }
        let back: MostView = serde_json::from_str(&json).unwrap();
        assert_eq!(back, view);
    }
}

fn assert_legal_actions_apply(game: &Most) {
    let legal = game.legal_actions();
    for (i, action) in legal.iter().enumerate() {
        assert!(!legal[..i].contains(action), "{action:?} listed twice");
        let mut copy = game.clone();
        copy.apply(action)
            .unwrap_or_else(|e| panic!("{action:?} is legal but refused: {e}"));
    }
}

/// Many actions a bot could name, legal or not.
fn many_actions() -> Vec<MostAction> {
    let pack = most_pack();
    let mut all = vec![MostAction::Draw];
    for index in 0..24 {
        all.push(MostAction::Take { index });
    }
    for &card in &pack {
        all.push(MostAction::Discard { card });
        for meld in 0..4 {
            all.push(MostAction::Swap { meld, card });
            all.push(MostAction::LayOff {
                meld,
                card,
                stands_for: None,
            });
        }
    }
    let mut windows: Vec<Vec<Card>> = Vec::new();
    for rank in Rank::ALL {
        for skip in 0..4 {
            windows.push(
                (0..4)
                    .filter(|&s| s != skip)
                    .map(|s| Card::new(rank, Suit::ALL[s]))
                    .collect(),
            );
        }
    }
    for suit in Suit::ALL {
        for start in 0..13 {
            windows.push(
                (0..3)
                    .map(|k| Card::new(Rank::ALL[(start + k) % 13], suit))
                    .collect(),
            );
        }
    }
    for window in windows {
        for &x in &window {
            for meld in 0..4 {
                for joker in [Card::BLACK_JOKER, Card::RED_JOKER] {
                    all.push(MostAction::LayOff {
                        meld,
                        card: joker,
                        stands_for: Some(x),
                    });
                }
            }
        }
        all.push(MostAction::Meld {
            cards: window.as_slice().into(),
            jokers: JokerList::new(),
        });
        for skip in 0..3 {
            for joker in [Card::BLACK_JOKER, Card::RED_JOKER] {
                let mut cards = window.clone();
                let x = cards.remove(skip);
                cards.sort();
                all.push(MostAction::Meld {
                    cards: cards.as_slice().into(),
                    jokers: [JokerAs {
                        joker,
                        stands_for: x,
                    }]
                    .into(),
                });
            }
        }
    }
    all
}

fn random_game(
    options: &MostOptions,
    seed: u64,
    chooser: u64,
    candidates: Option<&[MostAction]>,
) -> (Vec<MostAction>, Most, usize) {
    let players = 2 + (seed % 5) as usize;
    let exhaustive = candidates.is_some();
    let (actions, game) = support::random_game(
        options,
        players,
        seed,
        chooser,
        MAX_DECISIONS,
        candidates,
        |game: &Most| {
            assert_cards_conserved(game);
            assert_table_is_sound(game);
            assert_views_hide_what_they_must(game);
            if exhaustive {
                assert_legal_actions_apply(game);
            }
        },
    );
    let outcome = game.outcome().unwrap();
    for (seat, result) in outcome.seats.iter().enumerate() {
        assert_eq!(result.score, f64::from(game.totals()[seat]));
        let better = game
            .totals()
            .iter()
            .filter(|&&t| t > game.totals()[seat])
            .count();
        assert_eq!(result.rank as usize, better + 1);
    }
    (actions, game, players)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn random_deals_keep_every_invariant(seed: u64, chooser: u64) {
        let (_, game, _) = random_game(&single(), seed, chooser, None);
        prop_assert_eq!(game.deals_played(), 1);
        let ended_by_going_out = (0..game.players()).any(|s| game.hand(s).is_empty());
        prop_assert!(ended_by_going_out || game.deck().is_empty());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    #[test]
    fn random_matches_end(seed: u64, chooser: u64) {
        let options = MostOptions::default();
        let (_, game, _) = random_game(&options, seed, chooser, None);
        prop_assert!(
            game.deals_played() == options.max_deals
                || game.totals().iter().any(|&t| t >= options.target)
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(15))]

    #[test]
    fn apply_accepts_exactly_the_legal_actions(seed: u64, chooser: u64) {
        let candidates = many_actions();
        random_game(&single(), seed, chooser, Some(&candidates));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    #[test]
    fn same_seed_and_actions_give_the_same_game(seed: u64, chooser: u64) {
        let (actions, end, players) = random_game(&single(), seed, chooser, None);
        support::assert_replays(&single(), players, seed, &actions, &end);
        let (again, _, _) = random_game(&single(), seed, chooser, None);
        prop_assert_eq!(again, actions);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(80))]

    #[test]
    fn riffled_deals_keep_every_invariant_and_replay(
        seed: u64,
        chooser: u64,
        many: bool,
        cut: bool,
        packet in 1usize..=13,
    ) {
        let options = MostOptions {
            shuffle: support::riffle(many, cut, packet),
            ..single()
        };
        let (actions, end, players) = random_game(&options, seed, chooser, None);
        support::assert_replays(&options, players, seed, &actions, &end);
        let (again, _, _) = random_game(&options, seed, chooser, None);
        prop_assert_eq!(again, actions);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(6))]

    #[test]
    fn riffled_matches_end_and_replay(seed: u64, chooser: u64, many: bool) {
        let options = MostOptions {
            shuffle: support::riffle(many, true, 4),
            ..MostOptions::default()
        };
        let (actions, end, players) = random_game(&options, seed, chooser, None);
        prop_assert!(
            end.deals_played() == options.max_deals
                || end.totals().iter().any(|&t| t >= options.target)
        );
        support::assert_replays(&options, players, seed, &actions, &end);
    }
}

/// Every legal action of the seat to act is described ([`support::assert_described`]).
fn assert_described(game: &Most) {
    support::assert_described(game);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    #[test]
    fn every_legal_action_is_described(seed: u64, chooser: u64) {
        let players = 2 + (seed % 5) as usize;
        support::random_game(
            &single(),
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
fn random_deals_describe_every_kind_of_action() {
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..60 {
        support::random_game(
            &single(),
            2 + (seed % 5) as usize,
            seed,
            seed,
            MAX_DECISIONS,
            None,
            |game: &Most| {
                for action in game.legal_actions() {
                    let id = game.describe(&action)[0].id.to_string();
                    let first = id.split('-').nth(1).unwrap_or_default().to_string();
                    let joker = matches!(
                        action,
                        MostAction::LayOff {
                            stands_for: Some(_),
                            ..
                        }
                    );
                    seen.insert(if joker {
                        format!("{first} joker")
                    } else {
                        first
                    });
                }
            },
        );
    }
    let kinds: Vec<&str> = seen.iter().map(String::as_str).collect();
    assert_eq!(
        kinds,
        [
            "discards",
            "draws",
            "lays",
            "lays joker",
            "melds",
            "swaps",
            "takes"
        ]
    );
}

#[test]
fn different_seeds_deal_different_games() {
    let options = MostOptions::default();
    let a = Most::new(&options, 3, 1).unwrap();
    assert_ne!(a, Most::new(&options, 3, 2).unwrap());
    assert_eq!(a, Most::new(&options, 3, 1).unwrap());
}

#[test]
fn two_to_six_players_are_seated() {
    let options = MostOptions::default();
    for players in [0, 1, 7] {
        assert!(Most::new(&options, players, 1).is_err());
    }
    for players in 2..=6 {
        assert!(Most::new(&options, players, 1).is_ok());
    }
}
