//! The `"shuffle"` option across the five games that take it: each reads it from JSON and deals
//! with it, refuses a riffle shuffle with no riffles when the game is set up, and with one riffle
//! deals hands that keep measurably more of the pack's order than a uniform shuffle does.

use cardarena_engine::games::bridge::Bridge;
use cardarena_engine::games::durak::{Durak, seed_pack};
use cardarena_engine::games::durak_duel::{DurakDuel, duel_pack};
use cardarena_engine::games::most::{Most, most_pack};
use cardarena_engine::games::prsi::{Prsi, prsi_pack};
use cardarena_engine::{Card, CardSet, Game, Rank, SetupError, Suit, cards::pack};

/// A game as this test sees it: its pack in the order a new pack lies, and the hands as dealt.
trait Dealt: Game {
    /// The pack before any shuffle.
    fn pack() -> Vec<Card>;
    /// Every seat's hand.
    fn hands(&self) -> Vec<CardSet>;
}

impl Dealt for Durak {
    fn pack() -> Vec<Card> {
        seed_pack()
    }
    fn hands(&self) -> Vec<CardSet> {
        (0..self.players()).map(|seat| self.hand(seat)).collect()
    }
}

impl Dealt for Bridge {
    fn pack() -> Vec<Card> {
        pack(Rank::Six, Suit::ALL)
    }
    fn hands(&self) -> Vec<CardSet> {
        (0..self.players()).map(|seat| self.hand(seat)).collect()
    }
}

impl Dealt for DurakDuel {
    fn pack() -> Vec<Card> {
        duel_pack()
    }
    fn hands(&self) -> Vec<CardSet> {
        (0..self.players()).map(|seat| self.hand(seat)).collect()
    }
}

impl Dealt for Prsi {
    fn pack() -> Vec<Card> {
        prsi_pack()
    }
    fn hands(&self) -> Vec<CardSet> {
        (0..self.players()).map(|seat| self.hand(seat)).collect()
    }
}

impl Dealt for Most {
    fn pack() -> Vec<Card> {
        most_pack()
    }
    fn hands(&self) -> Vec<CardSet> {
        (0..self.players()).map(|seat| self.hand(seat)).collect()
    }
}

/// Calls `check` for each of the five games.
macro_rules! for_each_game {
    ($check:ident) => {
        $check::<Durak>();
        $check::<Bridge>();
        $check::<DurakDuel>();
        $check::<Prsi>();
        $check::<Most>();
    };
}

fn options<G: Game>(json: &str) -> G::Options {
    serde_json::from_str(json).unwrap_or_else(|e| panic!("{}: {json}: {e}", G::ID))
}

fn deal<G: Dealt>(options: &G::Options, seed: u64) -> Vec<CardSet> {
    G::new(options, G::PLAYERS.default, seed)
        .unwrap_or_else(|e| panic!("{}: {e}", G::ID))
        .hands()
}

/// Pairs of cards next to each other in the new pack that were dealt into the same hand.
fn pack_pairs_kept<G: Dealt>(hands: &[CardSet]) -> usize {
    G::pack()
        .windows(2)
        .filter(|pair| {
            hands
                .iter()
                .any(|h| h.contains(pair[0]) && h.contains(pair[1]))
        })
        .count()
}

/// The mean of [`pack_pairs_kept`] over 300 seeds with these options.
fn mean_pairs_kept<G: Dealt>(json: &str) -> f64 {
    let options = options::<G>(json);
    let total: usize = (0..300)
        .map(|seed| pack_pairs_kept::<G>(&deal::<G>(&options, seed)))
        .sum();
    total as f64 / 300.0
}

fn takes_the_riffle_option_from_json<G: Dealt>() {
    let riffle = options::<G>(r#"{"shuffle":{"kind":"riffle","riffles":2}}"#);
    let hands = deal::<G>(&riffle, 11);
    assert_eq!(
        hands,
        deal::<G>(&riffle, 11),
        "{}: the seed fixes the deal",
        G::ID
    );
    assert_ne!(hands, deal::<G>(&riffle, 12), "{}: seeds differ", G::ID);
    let uniform = deal::<G>(&G::Options::default(), 11);
    assert_ne!(
        hands,
        uniform,
        "{}: a riffle is not the uniform deal",
        G::ID
    );
    let explicit = options::<G>(r#"{"shuffle":{"kind":"uniform"}}"#);
    assert_eq!(
        deal::<G>(&explicit, 11),
        uniform,
        "{}: uniform is the default",
        G::ID
    );
    let dealt: usize = hands.iter().map(|h| h.len()).sum();
    let distinct: CardSet = hands.iter().flat_map(|h| h.iter()).collect();
    assert_eq!(distinct.len(), dealt, "{}: a card dealt twice", G::ID);
    let pack: CardSet = G::pack().into_iter().collect();
    assert_eq!(distinct - pack, CardSet::EMPTY, "{}", G::ID);
}

fn refuses_no_riffles_at_setup<G: Dealt>() {
    let none = options::<G>(r#"{"shuffle":{"kind":"riffle","riffles":0}}"#);
    match G::new(&none, G::PLAYERS.default, 1) {
        Err(SetupError::Options { game, detail }) => {
            assert_eq!(game, G::ID);
            assert!(detail.contains("riffles"), "{game}: {detail}");
        }
        Err(other) => panic!("{}: {other}", G::ID),
        Ok(_) => panic!("{}: zero riffles accepted", G::ID),
    }
}

fn one_riffle_keeps_more_order_than_a_uniform_shuffle<G: Dealt>() {
    let uniform = mean_pairs_kept::<G>("{}");
    let one = mean_pairs_kept::<G>(r#"{"shuffle":{"kind":"riffle","riffles":1}}"#);
    let many = mean_pairs_kept::<G>(r#"{"shuffle":{"kind":"riffle","riffles":12}}"#);
    println!(
        "{}: uniform {uniform:.2}, one riffle {one:.2}, twelve {many:.2}",
        G::ID
    );
    assert!(
        one > 2.0 * uniform && one > uniform + 2.0,
        "{}: {one} against {uniform}",
        G::ID
    );
    assert!(
        (many - uniform).abs() < 0.25 * uniform,
        "{}: {many} against {uniform}",
        G::ID
    );
}

#[test]
fn every_game_takes_the_riffle_option_from_json() {
    for_each_game!(takes_the_riffle_option_from_json);
}

#[test]
fn every_game_refuses_a_riffle_shuffle_without_riffles() {
    for_each_game!(refuses_no_riffles_at_setup);
}

#[test]
fn one_riffle_deals_hands_with_more_of_the_packs_order_than_a_uniform_shuffle() {
    for_each_game!(one_riffle_keeps_more_order_than_a_uniform_shuffle);
}
