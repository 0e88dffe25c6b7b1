//! The moves' words against the engine: moves.ftl has exactly the engine's phrase ids in every
//! language, English reads exactly as the engine's own English renderer, Russian and Czech fill
//! in every argument, and cards are named in each language and deck.

use std::collections::BTreeSet;

use cardarena_engine::phrase::catalog::ENGLISH;
use cardarena_engine::phrase::english::{self, Names};
use cardarena_engine::phrase::{Arg, MeldCard, Phrase};
use cardarena_engine::{Card, Suit};
use fluent_syntax::ast::Entry;

use super::*;
use crate::l10n::CATALOGS;

fn c(text: &str) -> Card {
    text.parse().unwrap()
}

fn names() -> Vec<String> {
    vec!["greedy".into(), "random".into(), "Expert".into()]
}

fn reader<'a>(locale: Locale, names: &'a [String], you: Option<Seat>, deck: Deck) -> Reader<'a> {
    Reader {
        locale,
        names,
        you,
        deck,
    }
}

#[test]
fn moves_ftl_has_exactly_the_engines_phrase_ids_in_every_language() {
    let engine: BTreeSet<&str> = ENGLISH.iter().map(|(id, _)| *id).collect();
    assert_eq!(
        engine.len(),
        ENGLISH.len(),
        "an id twice in the engine's catalog"
    );
    for (locale, files) in CATALOGS {
        let (_, text) = files.iter().find(|(name, _)| *name == "moves.ftl").unwrap();
        let resource = fluent_syntax::parser::parse(*text).expect("moves.ftl parses");
        let ids: Vec<&str> = (resource.body.iter())
            .filter_map(|entry| match entry {
                Entry::Message(m) => Some(m.id.name),
                Entry::Term(t) => panic!("{}: a term -{} in moves.ftl", locale.code(), t.id.name),
                _ => None,
            })
            .collect();
        let found: BTreeSet<&str> = ids.iter().copied().collect();
        assert_eq!(found.len(), ids.len(), "{}: an id twice", locale.code());
        let missing: Vec<_> = engine.difference(&found).collect();
        let extra: Vec<_> = found.difference(&engine).collect();
        assert!(missing.is_empty(), "{} lacks {missing:?}", locale.code());
        assert!(
            extra.is_empty(),
            "{} has no such phrase {extra:?}",
            locale.code()
        );
    }
}

/// The argument names of `id`'s English template, in order: `{actor}`, `{count|card|cards}`,
/// `{owner's}`.
fn arg_names(template: &str) -> Vec<String> {
    let mut out = Vec::new();
    for part in template.split('{').skip(1) {
        let inside = part.split('}').next().unwrap();
        let name = inside.split('|').next().unwrap().trim_end_matches("'s");
        if !out.iter().any(|n| n == name) {
            out.push(name.to_string());
        }
    }
    out
}

/// One sample of the arguments: which seat, which seats, which count.
struct Sample {
    seat: Seat,
    seats: Vec<Seat>,
    count: i64,
    suit: Suit,
}

/// Phrase `id` with the sample's arguments, each by what its name says it is.
fn phrase(id: &'static str, sample: &Sample) -> Phrase {
    let mut phrase = Phrase::new(id);
    let template = english::template(id).unwrap();
    for name in arg_names(template) {
        let name: &'static str = Box::leak(name.into_boxed_str());
        let arg = match name {
            "actor" => Arg::Seat(sample.seat),
            "seat" | "fool" | "thrower" | "owner" | "bidder" => Arg::Seat(sample.seat),
            "winner" => Arg::Seat(1 - sample.seat),
            "seats" | "winners" | "losers" | "partners" => Arg::Seats(sample.seats.clone()),
            "card" | "attack" | "joker" | "six" => Arg::Card(c("QS")),
            "cards" => Arg::Cards(vec![c("7H"), c("10D")]),
            "meld" => Arg::Meld(vec![
                MeldCard {
                    card: c("RJ"),
                    stands_for: Some(c("7H")),
                },
                MeldCard {
                    card: c("8H"),
                    stands_for: None,
                },
            ]),
            "place" => Arg::Place(sample.count as u32),
            "suit" => Arg::Suit(sample.suit),
            "kind" => Arg::Word(if sample.count % 2 == 0 { "run" } else { "set" }.into()),
            "action" => Arg::Text("attack 7H".into()),
            _ => Arg::Count(sample.count),
        };
        phrase = phrase.arg(name, arg);
    }
    phrase
}

fn samples() -> Vec<Sample> {
    let mut out = Vec::new();
    let suits = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];
    for (i, count) in [1, 2, 5, 21].into_iter().enumerate() {
        for seat in [0, 1] {
            for seats in [vec![1], vec![0], vec![1, 2], vec![0, 1, 2], vec![]] {
                out.push(Sample {
                    seat,
                    seats,
                    count,
                    suit: suits[(i + seat) % 4],
                });
            }
        }
    }
    out
}

#[test]
fn english_reads_as_the_engines_english_and_every_language_fills_every_argument() {
    let names = names();
    let mut checked = 0;
    for (id, _) in ENGLISH {
        for sample in samples() {
            for you in [None, Some(0), Some(1)] {
                let phrases = [phrase(id, &sample)];
                let ours = text(
                    &phrases,
                    &reader(Locale::En, &names, you, Deck::French),
                    CLAUSES,
                );
                let engine = english::words(&phrases, &Names::new(&names, you));
                assert_eq!(ours, engine, "{id} (you: {you:?})");
                for locale in Locale::ALL {
                    for deck in [Deck::French, Deck::German] {
                        let said = text(&phrases, &reader(locale, &names, you, deck), CLAUSES);
                        let holes = ['{', '}', '$', OPEN, CLOSE];
                        assert!(!said.contains(holes), "{} {id}: {said}", locale.code());
                    }
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 10_000, "{checked}");
}

#[test]
fn a_move_of_several_phrases_and_a_sentence_read_as_the_engines() {
    let names = names();
    let over = [
        Phrase::new("game-over"),
        Phrase::new("durak-fool")
            .seat("fool", 1)
            .arg("count", Arg::Count(3)),
    ];
    let english = reader(Locale::En, &names, Some(1), Deck::French);
    assert_eq!(
        text(&over, &english, SENTENCE),
        english::sentence(&over, &Names::new(&names, Some(1)))
    );
    let seat = [
        Phrase::new("place-nth").arg("place", Arg::Place(2)),
        Phrase::new("points").arg("points", Arg::Count(12)),
    ];
    assert_eq!(
        text(&seat, &english, LIST),
        english::seat_words(&seat, &Names::new(&names, None))
    );
    let numbered = reader(Locale::En, &[], None, Deck::French);
    let take = [Phrase::new("durak-takes")
        .seat("actor", 2)
        .arg("count", Arg::Count(2))];
    assert_eq!(text(&take, &numbered, CLAUSES), "Seat 2 takes 2 cards");
    let odd = [Phrase::new("no-such-thing").arg("count", Arg::Count(2))];
    assert_eq!(
        text(&odd, &english, CLAUSES),
        english::words(&odd, &Names::numbered())
    );
}

#[test]
fn russian_and_czech_speak_the_games_words() {
    let names = names();
    let ru = |you| reader(Locale::Ru, &names, you, Deck::French);
    let cs = |you| reader(Locale::Cs, &names, you, Deck::German);
    let take = |n: i64| {
        [Phrase::new("durak-takes")
            .seat("actor", 1)
            .arg("count", Arg::Count(n))]
    };
    assert_eq!(text(&take(2), &ru(None), CLAUSES), "random берёт 2 карты");
    assert_eq!(text(&take(5), &ru(Some(1)), CLAUSES), "Вы берёте 5 карт");
    assert_eq!(text(&take(21), &ru(None), CLAUSES), "random берёт 21 карту");
    let beat = [
        Phrase::new("durak-attacks")
            .seat("actor", 0)
            .card("card", c("JS")),
        Phrase::new("durak-cannot-beat")
            .seat("seat", 1)
            .arg("count", Arg::Count(1)),
    ];
    assert_eq!(
        text(&beat, &ru(Some(1)), CLAUSES),
        "greedy ходит В♠; вы не можете отбиться и берёте 1 карту"
    );
    let out = [Phrase::new("durak-out").arg("seats", Arg::Seats(vec![0, 2]))];
    assert_eq!(
        text(&out, &ru(None), CLAUSES),
        "greedy и Expert выходят из игры"
    );
    let play = [Phrase::new("prsi-plays-naming")
        .seat("actor", 0)
        .cards("cards", [c("QS")])
        .suit("suit", Suit::Clubs)];
    assert_eq!(
        text(&play, &cs(Some(0)), CLAUSES),
        "Vynášíte: zelený svršek a měníte na žaludy"
    );
    let two = [Phrase::new("prsi-plays")
        .seat("actor", 1)
        .cards("cards", [c("AD"), c("AH")])];
    assert_eq!(
        text(
            &two,
            &reader(Locale::Ru, &names, None, Deck::German),
            CLAUSES
        ),
        "random кладёт: бубенцовый туз, червонный туз"
    );
    let draw = [Phrase::new("prsi-draws-sevens")
        .seat("actor", 1)
        .arg("count", Arg::Count(4))];
    assert_eq!(
        text(&draw, &cs(None), CLAUSES),
        "random bere 4 karty (sedmy)"
    );
    let stand = [Phrase::new("prsi-stands").seat("actor", 2)];
    assert_eq!(text(&stand, &cs(None), CLAUSES), "Expert stojí (eso)");
}

#[test]
fn cards_are_named_in_each_language_and_deck() {
    let card = |locale, deck, text: &str| card_text(c(text), &reader(locale, &[], None, deck));
    let pair = |a: &str, b: &str| (a.to_string(), b.to_string());
    let (ru, cs, en) = (Locale::Ru, Locale::Cs, Locale::En);
    let (french, german) = (Deck::French, Deck::German);
    assert_eq!(card(ru, french, "JH"), pair("В♥", "валет червей"));
    assert_eq!(card(ru, french, "QS"), pair("Д♠", "дама пик"));
    assert_eq!(card(ru, french, "KC"), pair("К♣", "король треф"));
    assert_eq!(card(ru, french, "AD"), pair("Т♦", "туз бубён"));
    assert_eq!(card(ru, french, "6D"), pair("6♦", "шестёрка бубён"));
    assert_eq!(card(en, french, "10H"), pair("10♥", "10 of hearts"));
    assert_eq!(card(en, french, "QS"), pair("Q♠", "queen of spades"));
    assert_eq!(card(cs, french, "JS"), pair("J♠", "pikový spodek"));
    assert_eq!(card(cs, french, "QH"), pair("Q♥", "srdcová dáma"));
    assert_eq!(card(cs, french, "AC"), pair("A♣", "křížové eso"));
    // The German-suited deck of prší: leaves, acorns, bells; under and over.
    assert_eq!(
        card(en, german, "JS"),
        pair("green under", "under of leaves")
    );
    assert_eq!(card(en, german, "QC"), pair("acorn over", "over of acorns"));
    assert_eq!(card(en, german, "7D"), pair("bell 7", "7 of bells"));
    assert_eq!(
        card(ru, german, "JS"),
        pair("зелёный унтер", "зелёный унтер")
    );
    assert_eq!(
        card(ru, german, "QH"),
        pair("червонный обер", "червонный обер")
    );
    assert_eq!(
        card(ru, german, "7C"),
        pair("желудёвая 7", "желудёвая семёрка")
    );
    assert_eq!(
        card(ru, german, "AD"),
        pair("бубенцовый туз", "бубенцовый туз")
    );
    assert_eq!(
        card(cs, german, "JS"),
        pair("zelený spodek", "zelený spodek")
    );
    assert_eq!(
        card(cs, german, "QH"),
        pair("červený svršek", "červený svršek")
    );
    assert_eq!(card(cs, german, "AD"), pair("kulové eso", "kulové eso"));
    assert_eq!(card(cs, german, "7C"), pair("žaludská 7", "žaludská sedma"));
    assert_eq!(card(cs, german, "KS"), pair("zelený král", "zelený král"));
    assert_eq!(
        card(cs, german, "RJ"),
        pair("červený žolík", "červený žolík")
    );
    assert_eq!(
        card(ru, french, "BJ"),
        pair("чёрный джокер", "чёрный джокер")
    );
}
