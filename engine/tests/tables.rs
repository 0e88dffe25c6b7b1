//! Property tests of every game's table snapshot, over random games at every player count:
//!
//! - `All` shows every card face up, and its cards are always the whole pack (the deal's pack, the
//!   same multiset at every step);
//! - `Public` and every `Seat` eye hold the whole pack too, counting what they hide; `Public` shows
//!   no hand's card, and every card it shows face up is shown to every seat;
//! - a seat's eye shows its own hand face up, no other hand's card, and only cards that seat's view
//!   (the JSON its bot is sent) holds;
//! - the JSON of a snapshot shows exactly the face-up cards (see `cards_in_json`);
//! - `to_act` is the game's, and deal and trick numbers never go back within a deal;
//! - once the game is over every eye's table carries the result in the game's words (a sentence
//!   and per seat words, in the game's own terms), and never before;
//! - no card moves silently: when an action makes any hand but the actor's grow (a take the
//!   engine plays by itself, a refill, a new deal), the action's words name that seat or the
//!   new deal;
//! - an action withheld from public frames (`Game::hidden`) names a card no public table before
//!   or after it shows; fifty-six's hidden trump is withheld, and nothing else. (Other actions
//!   may name a card that goes straight to a hand, such as durak-duel's pile-on: it was shown
//!   as it was played.)

mod support;

use std::collections::BTreeMap;

use cardarena_engine::games::{
    bridge::Bridge, durak::Durak, durak_duel::DurakDuel, fifty_six::FiftySix, most::Most,
    prsi::Prsi,
};
use cardarena_engine::shuffle::below;
use cardarena_engine::table::cards_in_json;
use cardarena_engine::{Card, Eye, Game, Phrase, Table};
use proptest::prelude::*;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;

/// A multiset of cards.
fn counts(cards: &[Card]) -> BTreeMap<Card, usize> {
    let mut out = BTreeMap::new();
    for &card in cards {
        *out.entry(card).or_insert(0) += 1;
    }
    out
}

/// Whether multiset `a` fits inside multiset `b`.
fn within(a: &BTreeMap<Card, usize>, b: &BTreeMap<Card, usize>) -> bool {
    a.iter()
        .all(|(card, n)| b.get(card).copied().unwrap_or(0) >= *n)
}

/// Checks one snapshot's JSON against its face-up cards and returns them as a multiset with the
/// face-down count.
fn checked<L: cardarena_engine::Layout>(table: &Table<L>) -> (BTreeMap<Card, usize>, usize) {
    let (up, down) = table.face_up();
    let json = serde_json::to_value(table).unwrap();
    let shown = counts(&cards_in_json(&json));
    assert_eq!(
        shown,
        counts(&up),
        "the JSON shows the face-up cards: {json}"
    );
    (counts(&up), down)
}

/// Checks every eye of `game` against `pack`, the deal's cards.
fn check_snapshot<G: Game>(game: &G, pack: &BTreeMap<Card, usize>, size: usize) {
    let all = game.table(Eye::All);
    let (all_up, all_down) = checked(&all);
    assert_eq!(all_down, 0, "All shows every card face up");
    assert_eq!(&all_up, pack, "All's cards are the whole pack");
    assert_eq!(all.to_act, game.to_act());
    assert_eq!(all.hands.len(), game.players());

    let public = game.table(Eye::Public);
    let (public_up, public_down) = checked(&public);
    assert_eq!(public_up.values().sum::<usize>() + public_down, size);
    assert!(within(&public_up, pack));
    assert!(
        public.hands.iter().all(|h| h.cards.is_empty()),
        "Public shows no hand"
    );
    for (seat, hand) in public.hands.iter().enumerate() {
        assert_eq!(hand.len(), all.hands[seat].len(), "Public counts each hand");
    }
    assert_eq!((public.deal, public.trick), (all.deal, all.trick));

    for seat in 0..game.players() {
        let own = game.table(Eye::Seat(seat));
        let (own_up, own_down) = checked(&own);
        assert_eq!(own_up.values().sum::<usize>() + own_down, size);
        assert_eq!(own.hands[seat], all.hands[seat], "a seat sees its own hand");
        for (other, hand) in own.hands.iter().enumerate() {
            if other != seat {
                assert!(
                    hand.cards.is_empty(),
                    "seat {seat} sees seat {other}'s hand"
                );
            }
        }
        assert!(
            within(&public_up, &own_up),
            "Public shows a card seat {seat} does not see"
        );
        let view = serde_json::to_value(game.view(seat)).unwrap();
        let seen = counts(&cards_in_json(&view));
        for card in own_up.keys() {
            assert!(
                seen.contains_key(card),
                "seat {seat}'s table shows {card}, which its view does not hold"
            );
        }
    }
}

/// Plays a random game of `G` from `seed` for `players`, checking every step's snapshots.
fn play_and_check<G: Game>(options: &G::Options, players: usize, seed: u64, size: usize) {
    let mut game = G::new(options, players, seed).unwrap();
    let (pack, down) = checked(&game.table(Eye::All));
    assert_eq!(down, 0);
    assert_eq!(pack.values().sum::<usize>(), size, "the pack's size");
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x7ab1e);
    let mut legal = Vec::new();
    let mut last = (1, 1);
    let mut steps = 0;
    loop {
        check_snapshot(&game, &pack, size);
        let table = game.table(Eye::Public);
        let now = (table.deal, table.trick);
        assert!(now.0 >= last.0, "the deal number went back");
        assert!(
            now.0 > last.0 || now.1 >= last.1,
            "the trick number went back"
        );
        assert!(now.0 >= 1 && now.1 >= 1);
        last = now;
        check_result(&game);
        if game.to_act().is_none() || steps == 3_000 {
            break;
        }
        game.legal_actions_into(&mut legal);
        let action = legal[below(&mut rng, legal.len())].clone();
        let hidden = game.hidden(&action);
        let before = game.clone();
        let public_before = checked(&game.table(Eye::Public)).0;
        game.apply(&action).unwrap();
        let words = before.describe(&action);
        support::assert_known(&words);
        let public_after = checked(&game.table(Eye::Public)).0;
        check_no_silent_move(&before, &game, &words);
        let named = cards_in_json(&serde_json::to_value(&action).unwrap());
        let secret = named
            .iter()
            .any(|c| !public_before.contains_key(c) && !public_after.contains_key(c));
        assert!(
            hidden.is_none() || secret,
            "{action:?} is withheld from public frames but shows no hidden card"
        );
        if G::ID == "fifty-six" {
            let hides_trump = serde_json::to_value(&action).unwrap()["kind"] == "hide_trump";
            assert_eq!(
                hidden.is_some(),
                hides_trump,
                "only the hidden trump is withheld"
            );
            assert!(!hides_trump || secret, "the hidden trump stays hidden");
        }
        steps += 1;
    }
}

/// The game's phrases every result of `G` must use, one of them at least per seat.
fn result_words(game: &str) -> &'static [&'static str] {
    match game {
        "durak" => &[
            "durak-seat-fool",
            "durak-seat-not-fool",
            "durak-seat-not-fool-shared",
            "durak-seat-draw",
        ],
        "durak-duel" => &["place-won", "durak-seat-fool", "durak-duel-seat-draw"],
        "prsi" => &["prsi-seat-out", "prsi-seat-last", "prsi-seat-holding"],
        "bridge" => &["bridge-seat-lost"],
        "most" => &["points"],
        "fifty-six" => &[
            "fifty-six-seat-won",
            "fifty-six-seat-lost",
            "fifty-six-seat-draw",
        ],
        _ => unreachable!(),
    }
}

/// Once the game is over, every eye's table says how it ended in the game's words; before, none.
fn check_result<G: Game>(game: &G) {
    for eye in [Eye::All, Eye::Public, Eye::Seat(0)] {
        let table = game.table(eye);
        match (game.outcome(), &table.result) {
            (None, None) => {}
            (None, Some(result)) => panic!("a result before the end: {result:?}"),
            (Some(_), None) => panic!("{} ended without a result on its table", G::ID),
            (Some(_), Some(result)) => {
                assert!(!result.text.is_empty());
                support::assert_known(&result.text);
                assert_eq!(result.seats.len(), game.players());
                for words in &result.seats {
                    support::assert_known(words);
                    assert!(
                        words
                            .iter()
                            .any(|p| result_words(G::ID).contains(&p.id.as_ref())),
                        "{}: {words:?} is not in the game's words",
                        G::ID
                    );
                }
            }
        }
    }
}

/// No card moves silently: every hand but the actor's that grows is named in the words.
fn check_no_silent_move<G: Game>(before: &G, after: &G, words: &[Phrase]) {
    let actor = before.to_act().unwrap();
    let (was, now) = (before.table(Eye::Public), after.table(Eye::Public));
    let ids: Vec<&str> = words.iter().map(|p| p.id.as_ref()).collect();
    if now.deal != was.deal {
        assert!(
            ids.contains(&"deal-dealt") || ids.contains(&"game-over"),
            "{words:?}"
        );
        return;
    }
    for seat in (0..before.players()).filter(|&s| s != actor) {
        if now.hands[seat].len() > was.hands[seat].len() {
            assert!(
                words.iter().any(|p| p.seats().any(|s| s == seat)),
                "{}: seat {seat}'s hand grew silently after {words:?}",
                G::ID
            );
        }
    }
}

/// Each game's pack size at `players` seats.
fn pack_size(game: &str, players: usize) -> usize {
    match (game, players) {
        ("durak" | "durak-duel", _) => 36,
        ("prsi", _) => 32,
        ("fifty-six", 4) => 32,
        ("fifty-six", _) => 48,
        ("bridge", _) => 36,
        ("most", _) => 54,
        _ => unreachable!(),
    }
}

fn run<G: Game>(seed: u64, pick: usize) {
    let counts: Vec<usize> = G::PLAYERS.counts().collect();
    let players = counts[pick % counts.len()];
    play_and_check::<G>(
        &G::Options::default(),
        players,
        seed,
        pack_size(G::ID, players),
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    #[test]
    fn durak_tables_hold_the_pack_and_hide_the_hands(seed in any::<u64>(), pick in 0..8usize) {
        run::<Durak>(seed, pick);
    }

    #[test]
    fn durak_duel_tables_hold_the_pack_and_hide_the_hands(seed in any::<u64>(), pick in 0..8usize) {
        run::<DurakDuel>(seed, pick);
    }

    #[test]
    fn prsi_tables_hold_the_pack_and_hide_the_hands(seed in any::<u64>(), pick in 0..8usize) {
        run::<Prsi>(seed, pick);
    }

    #[test]
    fn bridge_tables_hold_the_pack_and_hide_the_hands(seed in any::<u64>(), pick in 0..8usize) {
        run::<Bridge>(seed, pick);
    }

    #[test]
    fn most_tables_hold_the_pack_and_hide_the_hands(seed in any::<u64>(), pick in 0..8usize) {
        run::<Most>(seed, pick);
    }

    #[test]
    fn fifty_six_tables_hold_the_pack_and_hide_the_hands(seed in any::<u64>(), pick in 0..8usize) {
        run::<FiftySix>(seed, pick);
    }
}
