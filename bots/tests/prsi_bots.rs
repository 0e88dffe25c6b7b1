//! The prsi house bots: `greedy` answers legally in whole games of 2 to 5 players, beats
//! `random` clearly, and prefers what it says it prefers.

mod support;

use cardarena_bots::prsi::Greedy;
use cardarena_bots::{HouseGame, Played};
use cardarena_engine::games::prsi::{Prsi, PrsiAction, PrsiOptions, PrsiView};
use cardarena_engine::{Card, Game, Suit};
use support::{play_house, runtime};

/// Plays one game with these house bots and the default options; no seat may fault.
fn play(runtime: &tokio::runtime::Runtime, seed: u64, ids: &[&str]) -> Played<Prsi> {
    play_house::<Prsi>(runtime, &PrsiOptions::default(), seed, ids)
}

fn cards(text: &str) -> Vec<Card> {
    text.split_whitespace()
        .map(|t| t.parse().unwrap())
        .collect()
}

fn view(hand: &str, top: &str, aces: u32, sevens: u32) -> PrsiView {
    let top: Card = top.parse().unwrap();
    PrsiView {
        seat: 0,
        to_act: Some(0),
        turn: 3,
        hand: cards(hand),
        hand_sizes: vec![cards(hand).len(), 5],
        top,
        suit: top.suit().unwrap(),
        aces,
        sevens,
        seven_draw: 3,
        deck_size: 10,
        pile: vec![top],
        out: vec![],
    }
}

fn play_of(text: &str, suit: Option<Suit>) -> PrsiAction {
    PrsiAction::Play {
        cards: cards(text).into(),
        suit,
    }
}

#[test]
fn greedy_is_listed_first_so_it_substitutes_faulted_seats() {
    assert_eq!(Prsi::HOUSE_BOTS, ["greedy", "random", "expert"]);
    assert!(Prsi::house_bot("greedy", 0).is_some());
    assert!(Prsi::house_bot("nobody", 0).is_none());
}

#[test]
fn greedy_answers_legally_to_the_end_of_every_game() {
    let runtime = runtime();
    for seed in 0..200u64 {
        for ids in [
            &["greedy", "random"][..],
            &["random", "greedy"],
            &["greedy", "greedy"],
            &["greedy", "random", "greedy", "random", "random"],
        ] {
            let played = play(&runtime, seed, ids);
            assert_eq!(played.outcome.seats.len(), ids.len());
            let mut last = played.initial.clone();
            for action in &played.actions {
                last.apply(action).unwrap();
            }
            assert!(last.to_act().is_none(), "seed {seed}: the game did not end");
        }
    }
}

#[test]
fn greedy_never_answers_outside_the_legal_list() {
    for seed in 0..200u64 {
        let mut game = Prsi::new(&PrsiOptions::default(), 3, seed).unwrap();
        while let Some(seat) = game.to_act() {
            let legal = game.legal_actions();
            let choice = Greedy.choose(&game.view(seat), &legal).unwrap();
            assert!(legal.contains(&choice));
            game.apply(&choice).unwrap();
        }
    }
}

#[test]
fn greedy_beats_random_clearly() {
    let runtime = runtime();
    let mut wins = 0;
    let games = 400u64;
    for seed in 0..games {
        let ids = if seed % 2 == 0 {
            ["greedy", "random"]
        } else {
            ["random", "greedy"]
        };
        let greedy = (seed % 2) as usize;
        let played = play(&runtime, seed, &ids);
        if played.outcome.seats[greedy].rank == 1 {
            wins += 1;
        }
    }
    assert!(wins * 100 > games * 60, "greedy won {wins} of {games}");
}

#[test]
fn greedy_goes_out_when_it_can_and_spares_its_jokers() {
    let legal = vec![
        play_of("9H", None),
        play_of("JS", None),
        play_of("9H 9C", None),
        PrsiAction::Draw,
    ];
    let choice = Greedy.choose(&view("9H 9C JS", "8H", 0, 0), &legal);
    assert_eq!(choice, Some(play_of("9H 9C", None)));
    let legal = vec![play_of("JS", None), PrsiAction::Draw];
    assert_eq!(
        Greedy.choose(&view("JS", "8H", 0, 0), &legal),
        Some(play_of("JS", None))
    );
}

#[test]
fn greedy_answers_aces_and_sevens_in_kind() {
    let legal = vec![play_of("AC", None), PrsiAction::Stand];
    assert_eq!(
        Greedy.choose(&view("AC 9H", "AH", 1, 0), &legal),
        Some(play_of("AC", None))
    );
    let legal = vec![play_of("JS", None), PrsiAction::Draw];
    assert_eq!(
        Greedy.choose(&view("JS 9H", "7H", 0, 3), &legal),
        Some(play_of("JS", None))
    );
    let legal = vec![PrsiAction::Draw];
    assert_eq!(
        Greedy.choose(&view("9C", "7H", 0, 3), &legal),
        Some(PrsiAction::Draw)
    );
}

#[test]
fn greedy_asks_for_the_suit_it_holds_most_of() {
    let legal: Vec<PrsiAction> = Suit::ALL
        .into_iter()
        .map(|s| play_of("QH", Some(s)))
        .chain([PrsiAction::Draw])
        .collect();
    assert_eq!(
        Greedy.choose(&view("QH 8C 9C 10D", "8H", 0, 0), &legal),
        Some(play_of("QH", Some(Suit::Clubs)))
    );
}
