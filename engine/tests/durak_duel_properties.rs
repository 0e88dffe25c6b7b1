//! Property tests of durak-duel over thousands of random games: the 36 cards are always accounted
//! for, a view holds only its own hand and the public cards (never the other hand or the deck), a
//! seat to act always has a legal action, apply accepts exactly the legal actions (and refuses the
//! rest without changing the game), every legal action reads as plain words, every game ends, and
//! the same seed and actions give the same game.

mod support;

use cardarena_engine::games::durak_duel::{
    DurakDuel, DurakDuelAction, DurakDuelOptions, DurakDuelView, MAX_ATTACKS, STALL_LIMIT,
    duel_pack,
};
use cardarena_engine::{Card, CardList, CardSet, Game};
use proptest::prelude::*;

/// Every action moves a card or ends a phase, so a game needs far fewer decisions than this.
const MAX_DECISIONS: usize = 5_000;

/// A finished game ended by rule 12 (the deck empty and a player without cards, who wins; both
/// without cards, the attacker wins) or by rule 13 (the run of rounds without progress: fewer
/// cards win, equal hands draw).
fn assert_ending_follows_the_rules(game: &DurakDuel) {
    assert!(
        game.deck().is_empty(),
        "the game ends only with the deck empty"
    );
    let outcome = game.outcome().unwrap();
    let sizes = [game.hand(0).len(), game.hand(1).len()];
    assert_eq!(game.is_draw(), game.winner().is_none());
    assert_eq!(game.is_draw(), outcome.is_draw());
    if let Some(winner) = game.winner() {
        assert_eq!(outcome.seats[winner].rank, 1);
        assert_eq!(outcome.seats[1 - winner].rank, 2);
    }
    if sizes.contains(&0) {
        let expected = match sizes {
            [0, 0] => game.attacker(),
            [0, _] => 0,
            _ => 1,
        };
        assert_eq!(game.winner(), Some(expected));
    } else {
        assert_eq!(
            game.stalled_rounds(),
            STALL_LIMIT,
            "ended with cards in both hands"
        );
        let expected = match sizes[0].cmp(&sizes[1]) {
            std::cmp::Ordering::Less => Some(0),
            std::cmp::Ordering::Greater => Some(1),
            std::cmp::Ordering::Equal => None,
        };
        assert_eq!(game.winner(), expected, "{sizes:?}");
    }
}

/// Every card is in exactly one place: a hand, the deck, the table or the discard.
fn assert_cards_conserved(game: &DurakDuel) {
    let table: Vec<Card> = game
        .pairs()
        .into_iter()
        .flat_map(|(attack, beat)| std::iter::once(attack).chain(beat))
        .collect();
    let places: Vec<Card> = (0..2)
        .flat_map(|seat| game.hand(seat).iter())
        .chain(game.deck().iter().copied())
        .chain(table)
        .chain(game.discard().iter())
        .collect();
    let all: CardSet = places.iter().copied().collect();
    assert_eq!(places.len(), 36, "cards counted in all places");
    assert_eq!(all, duel_pack().into_iter().collect(), "every card once");
}

/// The round's limits: at most six attack cards, never more unbeaten ones than the defender holds.
fn assert_table_limits(game: &DurakDuel) {
    let table = game.pairs();
    assert!(table.len() <= MAX_ATTACKS);
    let unbeaten = table.iter().filter(|(_, beat)| beat.is_none()).count();
    if game.to_act().is_some() {
        assert!(unbeaten <= game.hand(game.defender()).len(), "{table:?}");
    }
}

/// A seat's view shows its own hand and the public cards, nothing of the other hand or the deck.
fn assert_views_hide_what_they_must(game: &DurakDuel) {
    let public: CardSet =
        game.table_cards() | game.discard() | [game.trump()].into_iter().collect();
    for seat in 0..2 {
        let view = game.view(seat);
        let own = game.hand(seat);
        assert_eq!(view.hand.iter().copied().collect::<CardSet>(), own);
        for card in view.cards() {
            assert!(
                own.contains(card) || public.contains(card),
                "seat {seat} sees {card}"
            );
        }
        let sizes: Vec<usize> = (0..2).map(|s| game.hand(s).len()).collect();
        assert_eq!(view.hand_sizes, sizes);
        assert_eq!(view.deck_size, game.deck().len());
        let json = serde_json::to_string(&view).unwrap();
        let hidden = game
            .hand(1 - seat)
            .iter()
            .chain(game.deck().iter().copied());
        for card in hidden.filter(|&c| c != game.trump()) {
            assert!(
                !json.contains(&format!("\"{card}\"")),
                "seat {seat}'s JSON shows {card}"
            );
        }
        let back: DurakDuelView = serde_json::from_str(&json).unwrap();
        assert_eq!(back, view);
    }
}

/// Every legal action is accepted, and legal card lists are ascending without repeats.
fn assert_legal_actions_apply(game: &DurakDuel) {
    for action in game.legal_actions() {
        if let DurakDuelAction::Attack { cards }
        | DurakDuelAction::Counterattack { cards }
        | DurakDuelAction::PileOn { cards } = &action
        {
            assert!(cards.windows(2).all(|w| w[0] < w[1]), "{action:?}");
        }
        let mut copy = game.clone();
        copy.apply(&action)
            .unwrap_or_else(|e| panic!("{action:?} is legal but refused: {e}"));
    }
}

/// Many actions a bot could name, legal or not: every single card and every pair (in both orders)
/// for each card-list action, every defence pair, the empty lists, pass and done.
fn many_actions() -> Vec<DurakDuelAction> {
    let pack = duel_pack();
    let mut all = vec![
        DurakDuelAction::Pass,
        DurakDuelAction::Done,
        DurakDuelAction::Attack {
            cards: CardList::new(),
        },
        DurakDuelAction::Counterattack {
            cards: CardList::new(),
        },
        DurakDuelAction::PileOn {
            cards: CardList::new(),
        },
    ];
    let lists = pack
        .iter()
        .map(|&c| vec![c])
        .chain(
            pack.iter()
                .flat_map(|&a| pack.iter().map(move |&b| vec![a, b])),
        )
        .collect::<Vec<_>>();
    for cards in lists {
        let cards = CardList::from(cards);
        all.push(DurakDuelAction::Attack { cards });
        all.push(DurakDuelAction::Counterattack { cards });
        all.push(DurakDuelAction::PileOn { cards });
    }
    for &attack in &pack {
        for &card in &pack {
            all.push(DurakDuelAction::Defend { attack, card });
        }
    }
    all
}

/// Every legal action is described ([`support::assert_described`]).
fn assert_describes_every_legal_action(game: &DurakDuel) {
    support::assert_described(game);
}

/// Plays a random game, checking the invariants at every step (and, when `exhaustive`, that apply
/// accepts exactly the legal actions among many nameable ones).
fn random_game(
    options: &DurakDuelOptions,
    seed: u64,
    chooser: u64,
    exhaustive: bool,
) -> (Vec<DurakDuelAction>, DurakDuel) {
    let candidates = exhaustive.then(many_actions);
    let (actions, game) = support::random_game(
        options,
        2,
        seed,
        chooser,
        MAX_DECISIONS,
        candidates.as_deref(),
        |game: &DurakDuel| {
            assert_cards_conserved(game);
            assert_table_limits(game);
            assert_views_hide_what_they_must(game);
            assert_describes_every_legal_action(game);
            if exhaustive {
                assert_legal_actions_apply(game);
            }
        },
    );
    assert_ending_follows_the_rules(&game);
    (actions, game)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn random_games_keep_every_invariant(seed: u64, chooser: u64) {
        random_game(&DurakDuelOptions::default(), seed, chooser, false);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    #[test]
    fn apply_accepts_exactly_the_legal_actions(seed: u64, chooser: u64) {
        random_game(&DurakDuelOptions::default(), seed, chooser, true);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn same_seed_and_actions_give_the_same_game(seed: u64, chooser: u64) {
        let (actions, end) = random_game(&DurakDuelOptions::default(), seed, chooser, false);
        support::assert_replays(&DurakDuelOptions::default(), 2, seed, &actions, &end);
        let (again, _) = random_game(&DurakDuelOptions::default(), seed, chooser, false);
        prop_assert_eq!(again, actions);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn riffled_games_keep_every_invariant_and_replay(
        seed: u64,
        chooser: u64,
        many: bool,
        cut: bool,
        packet in 1usize..=13,
    ) {
        let options = DurakDuelOptions {
            shuffle: support::riffle(many, cut, packet),
        };
        let (actions, end) = random_game(&options, seed, chooser, false);
        support::assert_replays(&options, 2, seed, &actions, &end);
        let (again, _) = random_game(&options, seed, chooser, false);
        prop_assert_eq!(again, actions);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// The text log says every decision, opens every round and ends with the result.
    #[test]
    fn the_log_tells_every_decision_and_the_result(seed: u64, chooser: u64) {
        let options = DurakDuelOptions::default();
        let (actions, end) = random_game(&options, seed, chooser, false);
        let initial = DurakDuel::new(&options, 2, seed).unwrap();
        let names = ["Ann".to_string(), "Bob".to_string()];
        let log = DurakDuel::transcript(&initial, &actions, &names).unwrap();
        let decisions = log
            .lines()
            .filter(|l| l.starts_with("  ") && !l.starts_with("  Discarded:"))
            .filter(|l| !l.contains(" takes ") && !l.contains(" draws "))
            .count();
        prop_assert_eq!(decisions, actions.len());
        let rounds = log.lines().filter(|l| l.starts_with("Round ")).count();
        prop_assert_eq!(rounds as u32, end.round());
        let last = log.lines().last().unwrap();
        let expected = match end.winner() {
            Some(seat) => format!("Winner: {}", names[seat]),
            None => "Draw".to_string(),
        };
        prop_assert!(last.starts_with(&expected), "{} for {:?}", last, end.winner());
    }
}

#[test]
fn different_seeds_deal_different_games() {
    let options = DurakDuelOptions::default();
    let a = DurakDuel::new(&options, 2, 1).unwrap();
    assert_ne!(a, DurakDuel::new(&options, 2, 2).unwrap());
    assert_eq!(a, DurakDuel::new(&options, 2, 1).unwrap());
}

#[test]
fn only_two_players_are_seated() {
    let options = DurakDuelOptions::default();
    for players in [0, 1, 3, 4] {
        assert!(DurakDuel::new(&options, players, 1).is_err());
    }
}
