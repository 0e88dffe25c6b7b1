//! Seed 000's reference results, played through the Bot trait and the match runner with the
//! `reference` house bot in every seat.

use cardarena_bots::{Bot, HouseGame, play_match};
use cardarena_engine::Game;
use cardarena_engine::games::durak::{Durak, DurakOptions};

fn reference_game(number: u64) -> (Durak, cardarena_bots::Played<Durak>) {
    let options = DurakOptions {
        deck_number: Some(number),
        ..DurakOptions::default()
    };
    let mut bots: Vec<Box<dyn Bot<Durak>>> = (0..3)
        .map(|_| Durak::house_bot("reference", 0).unwrap())
        .collect();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap();
    let played = runtime
        .block_on(play_match::<Durak>(&options, 0, &mut bots))
        .unwrap();
    let mut last = played.initial.clone();
    for action in &played.actions {
        last.apply(action).unwrap();
    }
    (last, played)
}

fn names() -> Vec<String> {
    ["Rick", "Morty", "Summer"].map(String::from).to_vec()
}

#[test]
fn number_60493_reproduces_the_reference_log_byte_for_byte() {
    let expected = include_str!("../../testdata/seed000/reference_log_60493.txt");
    let (_, played) = reference_game(60493);
    let log = Durak::transcript(&played.initial, &played.actions, &names()).unwrap();
    assert_eq!(log, expected);
}

#[test]
fn number_24227_makes_rick_the_fool() {
    let (last, played) = reference_game(24227);
    assert_eq!(last.fool(), Some(0));
    let log = Durak::transcript(&played.initial, &played.actions, &names()).unwrap();
    assert!(log.ends_with("\nFool: Rick\n"), "{log}");
}
