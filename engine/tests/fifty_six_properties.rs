//! Property tests of fifty-six over many random matches with 4 and 6 players, uniform and riffle
//! shuffles: every card is always there exactly twice (hands, the hidden trump, the trick, the
//! finished tricks), a view holds only its own hand and what is public (never the hidden trump
//! before it is revealed, nor anything that depends on it), a seat to act always has a legal
//! action, apply accepts exactly the legal actions (and refuses the rest without changing the
//! game), every match ends, the same seed and actions give the same match, and every legal
//! action has words. Test names start with `fifty_six_` so that `cargo test fifty_six` runs them
//! with the unit tests.

mod support;

use cardarena_engine::games::fifty_six::{
    FiftySix, FiftySixAction, FiftySixOptions, FiftySixView, Phase, fifty_six_pack,
};
use cardarena_engine::shuffle::ShuffleModel;
use cardarena_engine::{Card, Game};
use proptest::prelude::*;

/// A deal takes at most 29 bids with passes between, a hidden card, one call for the trump and
/// 48 cards; void deals are rare. This bound is far above any real match.
const MAX_DECISIONS: usize = 20_000;

/// How many of each card a list holds, by card number.
fn counts(cards: impl IntoIterator<Item = Card>) -> Vec<usize> {
    let mut counts = vec![0; 54];
    for card in cards {
        counts[card.index()] += 1;
    }
    counts
}

/// The cards on the table: the current trick and this deal's finished tricks.
fn table(game: &FiftySix) -> Vec<Card> {
    game.trick()
        .cards
        .iter()
        .chain(game.tricks().iter().flat_map(|t| t.cards.iter()))
        .map(|p| p.card)
        .collect()
}

/// Every card of the pack is in the hands, the hidden trump or on the table, twice.
fn assert_cards_conserved(game: &FiftySix) {
    let all: Vec<Card> = (0..game.players())
        .flat_map(|seat| game.hand(seat).iter().copied())
        .chain(game.hidden_trump())
        .chain(table(game))
        .collect();
    let pack = fifty_six_pack(game.players());
    assert_eq!(all.len(), pack.len());
    assert_eq!(counts(all), counts(pack), "every card exactly twice");
    if game.phase() == Phase::Playing {
        assert!(game.hidden_trump().is_some() || game.revealed_trump().is_some());
    }
}

/// A seat's view shows its own hand and the public table; before the reveal, a seat other than
/// the bidder sees nothing of the hidden card: its view is the same whichever of the bidder's
/// cards is hidden.
fn assert_views_hide_what_they_must(game: &FiftySix) {
    let sizes: Vec<usize> = (0..game.players()).map(|s| game.hand(s).len()).collect();
    let hidden = game.hidden_trump();
    let bidder = game.bidder();
    let swapped: Vec<FiftySix> = match bidder {
        Some(bidder) if hidden.is_some() => {
            let mut others: Vec<Card> = game.hand(bidder).to_vec();
            others.dedup();
            others
                .into_iter()
                .filter(|&c| Some(c) != hidden)
                .map(|c| game.with_hidden_card(c).unwrap())
                .collect()
        }
        _ => Vec::new(),
    };
    let public = counts(table(game).into_iter().chain(game.revealed_trump()));
    for seat in 0..game.players() {
        let view = game.view(seat);
        assert_eq!(view.hand, game.hand(seat));
        assert_eq!(view.hand_sizes, sizes);
        assert_eq!(view.to_act, game.to_act());
        let json = serde_json::to_string(&view).unwrap();
        let back: FiftySixView = serde_json::from_str(&json).unwrap();
        assert_eq!(back, view);
        let mine = hidden.filter(|_| bidder == Some(seat));
        let own = counts(game.hand(seat).iter().copied().chain(mine));
        let mut secret: Vec<Card> = (0..game.players())
            .filter(|&s| s != seat)
            .flat_map(|s| game.hand(s).iter().copied())
            .collect();
        if bidder != Some(seat) {
            secret.extend(hidden);
        }
        for card in secret {
            if own[card.index()] == 0 && public[card.index()] == 0 {
                assert!(
                    !json.contains(&format!("\"{card}\"")),
                    "seat {seat}'s JSON shows {card}: {json}"
                );
            }
        }
        if hidden.is_some() && bidder != Some(seat) {
            assert_eq!(view.trump_card, None);
            assert!(!view.trump_revealed);
            assert!(json.contains(r#""trump_card":null"#));
            for other in &swapped {
                assert_eq!(other.view(seat), view, "seat {seat} sees the hidden card");
            }
        }
        if bidder == Some(seat) || game.revealed_trump().is_some() {
            let trump = hidden.or(game.revealed_trump());
            assert_eq!(view.trump_card, trump, "the bidder sees their trump");
        }
    }
}

/// Every action a bot could name: every bid (and some out of range), pass, the call, and play
/// and hide for every card of the 6-player pack and a few that are in no pack.
fn every_action() -> Vec<FiftySixAction> {
    let mut all: Vec<FiftySixAction> = [0, 27, 57, u32::MAX]
        .into_iter()
        .chain(28..=56)
        .map(|points| FiftySixAction::Bid { points })
        .collect();
    all.push(FiftySixAction::Pass);
    all.push(FiftySixAction::RevealTrump);
    let mut cards = fifty_six_pack(6);
    cards.sort();
    cards.dedup();
    cards.extend(["2C", "8H", "RJ"].map(|t| t.parse::<Card>().unwrap()));
    for card in cards {
        all.push(FiftySixAction::Play { card });
        all.push(FiftySixAction::HideTrump { card });
    }
    all
}

fn options(deals: u32, riffles: u32) -> FiftySixOptions {
    let shuffle = match riffles {
        0 => ShuffleModel::Uniform,
        r => serde_json::from_str(&format!(r#"{{"kind":"riffle","riffles":{r}}}"#)).unwrap(),
    };
    FiftySixOptions { deals, shuffle }
}

fn random_game(
    options: &FiftySixOptions,
    players: usize,
    seed: u64,
    chooser: u64,
    exhaustive: bool,
) -> (Vec<FiftySixAction>, FiftySix) {
    let candidates = exhaustive.then(every_action);
    let (actions, game) = support::random_game(
        options,
        players,
        seed,
        chooser,
        MAX_DECISIONS,
        candidates.as_deref(),
        |game: &FiftySix| {
            assert_cards_conserved(game);
            assert_views_hide_what_they_must(game);
        },
    );
    assert_eq!(game.phase(), Phase::Over);
    let deals = match options.deals {
        0 => players as u32,
        d => d,
    };
    assert_eq!(game.deals_done(), deals);
    let outcome = game.outcome().unwrap();
    let totals = game.totals();
    for (seat, result) in outcome.seats.iter().enumerate() {
        let (mine, theirs) = (totals[seat % 2], totals[1 - seat % 2]);
        assert_eq!(result.score, f64::from(mine));
        assert_eq!(result.rank, if mine < theirs { 2 } else { 1 });
    }
    (actions, game)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn fifty_six_random_matches_keep_every_invariant(
        seed: u64,
        chooser: u64,
        six: bool,
        deals in 0u32..=2,
        riffles in prop_oneof![Just(0u32), 1u32..=3],
    ) {
        let players = if six { 6 } else { 4 };
        random_game(&options(deals, riffles), players, seed, chooser, false);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn fifty_six_apply_accepts_exactly_the_legal_actions(
        seed: u64,
        chooser: u64,
        six: bool,
        riffle: bool,
    ) {
        let players = if six { 6 } else { 4 };
        random_game(&options(1, u32::from(riffle) * 2), players, seed, chooser, true);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    #[test]
    fn fifty_six_same_seed_and_actions_give_the_same_match(
        seed: u64,
        chooser: u64,
        six: bool,
        riffle: bool,
    ) {
        let players = if six { 6 } else { 4 };
        let options = options(2, u32::from(riffle) * 2);
        let (actions, end) = random_game(&options, players, seed, chooser, false);
        support::assert_replays(&options, players, seed, &actions, &end);
        let (again, _) = random_game(&options, players, seed, chooser, false);
        prop_assert_eq!(again, actions);
    }
}

/// Every legal action of the seat to act is described ([`support::assert_described`]).
fn assert_described(game: &FiftySix) {
    support::assert_described(game);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    #[test]
    fn fifty_six_every_legal_action_is_described(seed: u64, chooser: u64, six: bool) {
        let players = if six { 6 } else { 4 };
        support::random_game(
            &options(1, 0),
            players,
            seed,
            chooser,
            MAX_DECISIONS,
            None,
            assert_described,
        );
    }
}

/// The random matches above reach the rare paths: tani, calls for the trump and the automatic
/// reveal; both shuffles deal differently.
#[test]
fn fifty_six_random_matches_reach_the_rare_rules() {
    let (mut tanis, mut calls, mut automatic) = (0, 0, 0);
    for seed in 0..100u64 {
        let players = if seed % 2 == 0 { 4 } else { 6 };
        let options = options(1, (seed % 3) as u32);
        let (actions, game) = random_game(&options, players, seed, seed + 1, false);
        tanis += usize::from(game.last_deal().unwrap().tani);
        calls += actions
            .iter()
            .filter(|a| **a == FiftySixAction::RevealTrump)
            .count();
        automatic += usize::from(game.view(0).reveal.is_some_and(|r| r.automatic));
    }
    assert!(tanis > 0 && calls > 0 && automatic > 0);
    let uniform = FiftySix::new(&options(1, 0), 4, 5).unwrap();
    let riffled = FiftySix::new(&options(1, 2), 4, 5).unwrap();
    assert_ne!(uniform.hand(0), riffled.hand(0));
}

/// A card the bidder could hide that would void the deal: one of a suit no defender holds.
fn voiding_card(game: &FiftySix) -> Option<Card> {
    let bidder = game.to_act()?;
    let tani = game.standing_bid().is_some_and(|b| b.points == 56);
    let defenders: Vec<usize> = (0..game.players())
        .filter(|&s| {
            if tani {
                s != bidder
            } else {
                s % 2 != bidder % 2
            }
        })
        .collect();
    game.hand(bidder).iter().copied().find(|c| {
        defenders
            .iter()
            .all(|&d| game.hand(d).iter().all(|h| h.suit() != c.suit()))
    })
}

/// Void deals (rare in random play) keep every invariant: matches whose first deal can be
/// voided (the first bidder's team holds a whole suit), bid 28 and passed out, with the bidder
/// hiding a voiding card whenever one is in hand.
#[test]
fn fifty_six_void_deals_keep_every_invariant() {
    let mut voids = 0;
    for riffles in [0, 4] {
        let options = options(2, riffles);
        let seeds = (0..50_000u64)
            .filter(|&seed| voiding_card(&FiftySix::new(&options, 4, seed).unwrap()).is_some())
            .take(6);
        for seed in seeds {
            let mut game = FiftySix::new(&options, 4, seed).unwrap();
            let mut chooser = cardarena_engine::shuffle::rng(seed);
            let mut actions = Vec::new();
            while game.to_act().is_some() {
                assert!(actions.len() < MAX_DECISIONS);
                assert_cards_conserved(&game);
                assert_views_hide_what_they_must(&game);
                let legal = game.legal_actions();
                let action = match (game.phase(), voiding_card(&game)) {
                    (Phase::HidingTrump, Some(card)) => FiftySixAction::HideTrump { card },
                    (Phase::Bidding, _) => match legal.last() {
                        Some(FiftySixAction::Pass) => FiftySixAction::Pass,
                        _ => legal[0],
                    },
                    _ => legal[cardarena_engine::shuffle::below(&mut chooser, legal.len())],
                };
                assert!(legal.contains(&action));
                game.apply(&action).unwrap();
                actions.push(action);
            }
            voids += game.void_deals();
            support::assert_replays(&options, 4, seed, &actions, &game);
        }
    }
    assert!(voids >= 12, "only {voids} void deals");
}

#[test]
fn fifty_six_four_or_six_players_are_seated() {
    let options = FiftySixOptions::default();
    for players in [0, 1, 2, 3, 5, 7] {
        assert!(FiftySix::new(&options, players, 1).is_err());
    }
    for players in [4, 6] {
        let game = FiftySix::new(&options, players, 1).unwrap();
        assert_eq!(game, FiftySix::new(&options, players, 1).unwrap());
        assert_ne!(game, FiftySix::new(&options, players, 2).unwrap());
    }
}
