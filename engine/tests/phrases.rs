//! The phrases of every game read right to every reader: over random games of every game at
//! every table size, each legal action's phrases (and each result's) are rendered in English for
//! every seat as "you", and no clause with "you" in it has a third-person form in it ("you
//! cannot beat it and takes 2 cards", "you is"); every phrase id is in the English catalog with exactly the arguments its template
//! fills.

mod support;

use cardarena_engine::games::{
    bridge::Bridge, durak::Durak, durak_duel::DurakDuel, fifty_six::FiftySix, most::Most,
    prsi::Prsi,
};
use std::collections::BTreeSet;

use cardarena_engine::phrase::catalog::ENGLISH;
use cardarena_engine::phrase::english::{Names, seat_words, sentence, words};
use cardarena_engine::{Eye, Game, Phrase};

/// The words a template uses for a third person where "you" takes another ("takes", "is",
/// "its"): the second of each `[you|other]` choice in the catalog.
fn third_person_forms() -> BTreeSet<&'static str> {
    let mut forms = BTreeSet::new();
    for (_, template) in ENGLISH {
        for choice in template.split('[').skip(1) {
            let inside = choice.split(']').next().unwrap_or_default();
            if let Some((you, other)) = inside.split_once('|')
                && you != other
            {
                forms.extend(other.split(' '));
            }
        }
    }
    forms
}

/// The first clause of `text` (clauses end at `;`, `:`, `,` and brackets) that has "you" in it
/// and a third-person form ([`third_person_forms`]) too: "you cannot beat it and takes 2 cards".
fn wrong_person(text: &str) -> Option<String> {
    let forms = third_person_forms();
    text.split([';', ':', ',', '(', ')']).find_map(|clause| {
        let tokens: Vec<String> = clause
            .split(|c: char| !c.is_alphanumeric())
            .map(str::to_lowercase)
            .collect();
        let wrong = tokens.iter().find(|t| forms.contains(t.as_str()));
        (tokens.iter().any(|t| t == "you") && wrong.is_some()).then(|| clause.trim().to_string())
    })
}

/// `phrases` read by each seat of `players` as "you": no third-person verb after "you".
fn check_every_reader(phrases: &[Phrase], players: usize, render: fn(&[Phrase], &Names) -> String) {
    support::assert_known(phrases);
    let names: Vec<String> = (0..players).map(|s| format!("bot{s}")).collect();
    for you in 0..players {
        let text = render(phrases, &Names::new(&names, Some(you)));
        assert!(wrong_person(&text).is_none(), "seat {you} reads {text:?}");
    }
}

/// Random games of `G` at each of its table sizes, every legal action's phrases checked at
/// every step, and the result's at the end.
fn play_every_size<G: Game + PartialEq>(seeds: u64) {
    for players in G::PLAYERS.counts() {
        for seed in 0..seeds {
            let (_, end) = support::random_game(
                &G::Options::default(),
                players,
                seed,
                seed ^ 0x90d5,
                20_000,
                None,
                |game: &G| {
                    let Some(actor) = game.to_act() else {
                        return;
                    };
                    let names: Vec<String> = (0..players).map(|s| format!("bot{s}")).collect();
                    for action in game.legal_actions() {
                        let phrases = game.describe(&action);
                        check_every_reader(&phrases, players, words);
                        // The acting seat reads its own move in the second person.
                        let own = words(&phrases, &Names::new(&names, Some(actor)));
                        assert!(own.starts_with("You "), "{own:?}");
                        if let Some(hidden) = game.hidden(&action) {
                            check_every_reader(&hidden, players, words);
                        }
                    }
                },
            );
            let result = end.table(Eye::Public).result.expect("a result at the end");
            check_every_reader(&result.text, players, sentence);
            for seat in &result.seats {
                check_every_reader(seat, players, seat_words);
            }
        }
    }
}

#[test]
fn the_checker_finds_a_third_person_verb_with_you() {
    assert_eq!(
        wrong_person("reference attacks with J♠; you cannot beat it and takes 2 cards").as_deref(),
        Some("you cannot beat it and takes 2 cards")
    );
    assert_eq!(
        wrong_person("You is the fool").as_deref(),
        Some("You is the fool")
    );
    assert_eq!(
        wrong_person("you attack with its last card").as_deref(),
        Some("you attack with its last card")
    );
    assert_eq!(
        wrong_person("greedy takes 2 cards; you pass: greedy wins the bidding at 30"),
        None
    );
}

#[test]
fn durak_reads_right_to_every_seat() {
    play_every_size::<Durak>(3);
}

#[test]
fn durak_duel_reads_right_to_every_seat() {
    play_every_size::<DurakDuel>(6);
}

#[test]
fn prsi_reads_right_to_every_seat() {
    play_every_size::<Prsi>(3);
}

#[test]
fn bridge_reads_right_to_every_seat() {
    play_every_size::<Bridge>(2);
}

#[test]
fn most_reads_right_to_every_seat() {
    play_every_size::<Most>(1);
}

#[test]
fn fifty_six_reads_right_to_every_seat() {
    play_every_size::<FiftySix>(3);
}
