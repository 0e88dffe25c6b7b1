//! The most house bots: `greedy` answers legally in whole matches, beats `random` clearly, and
//! prefers what it says it prefers.

mod support;

use cardarena_bots::most::Greedy;
use cardarena_bots::{HouseGame, Played};
use cardarena_engine::games::most::{JokerList, Most, MostAction, MostOptions};
use cardarena_engine::{Card, Game};
use support::{play_house, runtime};

fn single() -> MostOptions {
    MostOptions {
        single_deal: true,
        ..MostOptions::default()
    }
}

/// Plays one match with these house bots, each seeded from the match's seed; no seat may fault.
fn play(
    runtime: &tokio::runtime::Runtime,
    options: &MostOptions,
    seed: u64,
    ids: &[&str],
) -> Played<Most> {
    play_house::<Most>(runtime, options, seed, ids)
}

fn card(text: &str) -> Card {
    text.parse().unwrap()
}

#[test]
fn greedy_is_listed_first_so_it_substitutes_faulted_seats() {
    assert_eq!(Most::HOUSE_BOTS, ["greedy", "random", "expert"]);
    assert!(Most::house_bot("greedy", 0).is_some());
    assert!(Most::house_bot("nobody", 0).is_none());
}

#[test]
fn greedy_answers_legally_to_the_end_of_every_deal() {
    let runtime = runtime();
    for seed in 0..60u64 {
        for ids in [
            &["greedy", "random"][..],
            &["random", "greedy", "greedy"],
            &["greedy", "greedy", "random", "greedy", "random", "greedy"],
        ] {
            let played = play(&runtime, &single(), seed, ids);
            assert_eq!(played.outcome.seats.len(), ids.len());
            let mut last = played.initial.clone();
            for action in &played.actions {
                last.apply(action).unwrap();
            }
            assert!(last.to_act().is_none(), "seed {seed}: the deal did not end");
        }
    }
}

#[test]
fn greedy_finishes_whole_matches() {
    let runtime = runtime();
    for seed in 0..4u64 {
        let played = play(
            &runtime,
            &MostOptions::default(),
            seed,
            &["greedy", "greedy"],
        );
        assert_eq!(played.outcome.seats.len(), 2);
    }
}

#[test]
fn greedy_never_answers_outside_the_legal_list() {
    for seed in 0..100u64 {
        let mut game = Most::new(&single(), 3, seed).unwrap();
        while let Some(seat) = game.to_act() {
            let legal = game.legal_actions();
            let action = Greedy.choose(&game.view(seat), &legal).unwrap();
            assert!(legal.contains(&action), "seed {seed}: {action:?}");
            game.apply(&action).unwrap();
        }
    }
}

#[test]
fn greedy_beats_random() {
    let runtime = runtime();
    let mut greedy = 0.0;
    let mut random = 0.0;
    for seed in 0..200u64 {
        let ids = if seed % 2 == 0 {
            ["greedy", "random"]
        } else {
            ["random", "greedy"]
        };
        let played = play(&runtime, &single(), seed, &ids);
        let g = (seed % 2) as usize;
        greedy += played.outcome.seats[g].score;
        random += played.outcome.seats[1 - g].score;
    }
    assert!(greedy > random + 2000.0, "greedy {greedy}, random {random}");
}

#[test]
fn greedy_melds_its_most_costly_cards_and_keeps_its_jokers() {
    let game = Most::new(&single(), 2, 3).unwrap();
    let mut view = game.view(0);
    view.hand = ["2C", "3C", "4C", "KH", "KD", "KS", "RJ", "9S"]
        .iter()
        .map(|t| card(t))
        .collect();
    let low = MostAction::Meld {
        cards: [card("2C"), card("3C"), card("4C")].into(),
        jokers: JokerList::new(),
    };
    let high = MostAction::Meld {
        cards: [card("KD"), card("KH"), card("KS")].into(),
        jokers: JokerList::new(),
    };
    let discards: Vec<MostAction> = view
        .hand
        .iter()
        .map(|&card| MostAction::Discard { card })
        .collect();
    let mut legal = vec![low, high.clone()];
    legal.extend(discards.clone());
    assert_eq!(Greedy.choose(&view, &legal), Some(high));
    assert_eq!(
        Greedy.choose(&view, &discards),
        Some(MostAction::Discard { card: card("9S") }),
        "9S has no partner and the joker stays"
    );
    assert_eq!(
        Greedy.choose(
            &view,
            &[
                MostAction::Draw,
                MostAction::Take { index: 0 },
                MostAction::Take { index: 2 }
            ]
        ),
        Some(MostAction::Take { index: 2 })
    );
}
