//! Seed 000's rules, one test each, mostly on hand-built positions. The numbers in the test names
//! refer to the rule list in RULES.md.

use super::*;
use crate::cards::Card;
use crate::game::SeatResult;

pub(super) fn card(text: &str) -> Card {
    text.parse().unwrap()
}

pub(super) fn cards(text: &str) -> Vec<Card> {
    text.split_whitespace().map(card).collect()
}

pub(super) fn set(text: &str) -> CardSet {
    cards(text).into_iter().collect()
}

/// A game in the middle: these hands, this deck (drawn from the front, trump card last when it is
/// still there), attacker and defender, the turn's lead to play.
pub(super) fn position(
    trump: &str,
    hands: &[&str],
    deck: &str,
    attacker: Seat,
    defender: Seat,
) -> Durak {
    let trump = card(trump);
    let deck_cards = cards(deck);
    let mut game = Durak::deal(seed_pack(), 2, 0, &DurakOptions::default()).with_trump(trump);
    game.players = hands.len();
    game.hands = [CardSet::EMPTY; MAX_PLAYERS];
    for (seat, hand) in hands.iter().enumerate() {
        game.hands[seat] = set(hand);
        game.in_game[seat] = !game.hands[seat].is_empty() || !deck_cards.is_empty();
    }
    game.deck[..deck_cards.len()].copy_from_slice(&deck_cards);
    game.deck_len = deck_cards.len() as u8;
    game.attacker = attacker;
    game.defender = defender;
    game
}

impl Durak {
    fn with_trump(mut self, trump: Card) -> Durak {
        self.trump = trump;
        self.trump_suit = trump.suit().unwrap();
        self
    }
}

pub(super) fn attack(text: &str) -> DurakAction {
    DurakAction::Attack { card: card(text) }
}

pub(super) fn beat(text: &str) -> DurakAction {
    DurakAction::Beat { card: card(text) }
}

pub(super) fn hand(game: &Durak, seat: Seat) -> Vec<String> {
    sort_hand(game.hand(seat), game.trump_suit)
        .iter()
        .map(|c| c.to_string())
        .collect()
}

pub(super) fn play(game: &mut Durak, actions: &[DurakAction]) {
    for action in actions {
        game.apply(action)
            .unwrap_or_else(|e| panic!("{action:?}: {e}"));
    }
}

#[test]
fn rule_1_2_the_pack_has_36_cards_and_2_to_4_players() {
    assert_eq!(seed_pack().len(), 36);
    let options = DurakOptions::default();
    for players in 2..=4 {
        assert!(Durak::new(&options, players, 1).is_ok());
    }
    for players in [0, 1, 5, 9] {
        assert!(matches!(
            Durak::new(&options, players, 1),
            Err(SetupError::Players { .. })
        ));
    }
}

#[test]
fn rule_3_the_pack_starts_spades_hearts_clubs_diamonds_six_to_ace() {
    let texts: Vec<String> = seed_pack().iter().map(|c| c.to_string()).collect();
    assert_eq!(
        texts[..9],
        ["6S", "7S", "8S", "9S", "10S", "JS", "QS", "KS", "AS"]
    );
    assert_eq!(texts[9], "6H");
    assert_eq!(texts[18], "6C");
    assert_eq!(
        texts[27..],
        ["6D", "7D", "8D", "9D", "10D", "JD", "QD", "KD", "AD"]
    );
}

#[test]
fn rule_4_5_7_number_60493_deals_the_reference_hands_and_trump() {
    let options = DurakOptions {
        deck_number: Some(60493),
        ..DurakOptions::default()
    };
    let game = Durak::new(&options, 3, 0).unwrap();
    assert_eq!(game.trump().to_string(), "6D");
    assert_eq!(hand(&game, 0), ["6C", "6H", "8H", "10C", "JH", "AC"]);
    assert_eq!(hand(&game, 1), ["7S", "9S", "10H", "JS", "KS", "AH"]);
    assert_eq!(hand(&game, 2), ["9C", "KC", "8D", "10D", "QD", "AD"]);
}

#[test]
fn rule_5_each_player_gets_six_consecutive_cards_from_the_front() {
    let order = seed_pack();
    let game = Durak::deal(order.clone(), 3, 0, &DurakOptions::default());
    for seat in 0..3 {
        let expected: CardSet = order[seat * 6..seat * 6 + 6].iter().copied().collect();
        assert_eq!(game.hand(seat), expected);
    }
}

#[test]
fn rule_7_the_trump_card_comes_next_and_goes_to_the_bottom() {
    let order = seed_pack();
    for players in 2..=4 {
        let game = Durak::deal(order.clone(), players, 0, &DurakOptions::default());
        let trump = order[players * 6];
        assert_eq!(game.trump(), trump);
        assert_eq!(game.deck().len(), 36 - players * 6);
        assert_eq!(game.deck().last(), Some(&trump));
        assert_eq!(game.deck()[0], order[players * 6 + 1]);
    }
}

#[test]
fn rule_6_hands_are_shown_non_trumps_by_rank_and_suit_then_trumps() {
    let game = position("6D", &["AD 6H 6C 7S 6D 7C", "8S"], "", 0, 1);
    assert_eq!(hand(&game, 0), ["6C", "6H", "7S", "7C", "6D", "AD"]);
    assert_eq!(game.view(0).hand, cards("6C 6H 7S 7C 6D AD"));
}

#[test]
fn rule_8_9_the_first_player_attacks_the_next() {
    let game = Durak::new(&DurakOptions::default(), 4, 9).unwrap();
    assert_eq!((game.attacker(), game.defender()), (0, 1));
    assert_eq!(game.to_act(), Some(0));
}

#[test]
fn rule_10_only_attacker_and_defender_act() {
    let mut game = position("6D", &["7C 8C 9S", "9C 10C KH", "7H 7S 8H"], "", 0, 1);
    assert_eq!(game.to_act(), Some(0));
    play(&mut game, &[attack("7C")]);
    assert_eq!(game.to_act(), Some(1));
    // The third player holds sevens but is never asked: the attacker continues alone.
    play(&mut game, &[beat("9C")]);
    assert_eq!(game.to_act(), Some(0));
    assert_eq!(game.legal_actions(), [attack("9S"), DurakAction::Done]);
}

#[test]
fn rule_11_any_card_may_lead() {
    let game = position("6D", &["7C 8H AD", "9C"], "", 0, 1);
    assert_eq!(
        game.legal_actions(),
        [attack("7C"), attack("8H"), attack("AD")]
    );
}

#[test]
fn rule_12_the_turn_continues_only_with_ranks_on_the_table() {
    let mut game = position("6D", &["7C 7H 9S 10S QC", "8C JC QH"], "", 0, 1);
    play(&mut game, &[attack("7C"), beat("8C")]);
    // Sevens and eights are on the table: 7H may follow, 9S and 10S may not.
    assert_eq!(game.legal_actions(), [attack("7H"), DurakAction::Done]);
    let refused = game.clone().apply(&attack("9S"));
    assert!(matches!(refused, Err(RuleError::Illegal(_))), "{refused:?}");
}

#[test]
fn rule_12_never_the_highest_trump_unless_it_is_the_last_card() {
    let mut game = position("6D", &["7C 7D 9D KS", "8C AC 10S"], "", 0, 1);
    play(&mut game, &[attack("7C"), beat("8C")]);
    // 7D is a trump but not the highest (9D is): it may continue.
    assert_eq!(game.legal_actions(), [attack("7D"), DurakAction::Done]);

    let mut game = position("6D", &["7C 7D KS", "8C AC 10S"], "", 0, 1);
    play(&mut game, &[attack("7C"), beat("8C")]);
    // 7D is the highest trump and not the last card: the turn ends by itself.
    assert_eq!(game.phase(), Phase::Lead);
    assert_eq!(game.attacker(), 1);

    let mut game = position("6D", &["7C 7D", "8C AC 10S"], "", 0, 1);
    play(&mut game, &[attack("7C"), beat("8C")]);
    // 7D is the highest trump and the last card: it may go.
    assert_eq!(game.legal_actions(), [attack("7D"), DurakAction::Done]);
}

#[test]
fn rule_13_defend_with_a_higher_card_of_the_suit_or_any_trump() {
    let mut game = position("6D", &["9C 8S", "7C 10C JC 6D AD 9H"], "", 0, 1);
    play(&mut game, &[attack("9C")]);
    assert_eq!(
        game.legal_actions(),
        [
            beat("10C"),
            beat("JC"),
            beat("6D"),
            beat("AD"),
            DurakAction::Take
        ]
    );
    for refused in ["7C", "9H", "8S"] {
        assert!(
            game.clone().apply(&beat(refused)).is_err(),
            "{refused} beat 9C"
        );
    }
}

#[test]
fn rule_13_a_trump_is_beaten_only_by_a_higher_trump() {
    let mut game = position("6D", &["9D 8S", "7D 10D AC"], "", 0, 1);
    play(&mut game, &[attack("9D")]);
    assert_eq!(game.legal_actions(), [beat("10D"), DurakAction::Take]);
}

#[test]
fn rule_14_nothing_beats_so_the_defender_takes_by_itself() {
    let mut game = position("6D", &["AC 8S", "7C 9H"], "QS", 0, 1);
    play(&mut game, &[attack("AC")]);
    assert_eq!(game.hand(1), set("7C 9H AC"));
    assert_eq!(
        game.attacker(),
        0,
        "the taker is skipped: with two players the attacker leads again"
    );
}

#[test]
fn rule_14_the_attacker_hands_over_cards_of_the_turns_ranks_trumps_included() {
    // Trump diamonds; 10S led and beaten by JS; nothing beats 10H, so the defender takes. The
    // attacker still holds 10D, a trump of the turn's rank but not the highest (QD is): it goes too.
    let mut game = position("6D", &["10S 10H 10D QD 7C", "JS 8H 9H"], "", 0, 1);
    play(&mut game, &[attack("10S"), beat("JS"), attack("10H")]);
    assert_eq!(game.hand(1), set("8H 9H 10S JS 10H 10D"));
    assert_eq!(game.hand(0), set("QD 7C"));
}

#[test]
fn rule_14_the_highest_trump_stays_unless_it_is_the_last_card() {
    // 10D is the attacker's highest trump and 7C is still in hand: 10D stays.
    let mut game = position("6D", &["10S 10H 10D 7C", "JS 8H 9H"], "", 0, 1);
    play(&mut game, &[attack("10S"), beat("JS"), attack("10H")]);
    assert_eq!(game.hand(1), set("8H 9H 10S JS 10H"));
    assert_eq!(game.hand(0), set("10D 7C"));

    let mut game = position("6D", &["10S 10H 10D", "QS 8H 9H"], "", 0, 1);
    play(&mut game, &[attack("10S"), beat("QS"), DurakAction::Done]);
    assert_eq!(game.discard(), set("10S QS"));

    let mut game = position("6D", &["10S 10H 10D", "9C 8H"], "", 0, 1);
    play(&mut game, &[attack("10S")]);
    // Nothing beats 10S: the defender takes, 10H goes over, then 10D is the last card and goes too.
    assert_eq!(game.hand(1), set("9C 8H 10S 10H 10D"));
    assert!(game.hand(0).is_empty());
    assert_eq!(game.fool(), Some(1));
}

#[test]
fn rule_15_after_taking_the_next_player_attacks() {
    let mut game = position("6D", &["7C 8S", "9H 10H", "JS QS"], "KS AS AH", 0, 1);
    play(&mut game, &[attack("7C")]);
    // Seat 1 took: seat 2 attacks seat 0.
    assert_eq!((game.attacker(), game.defender()), (2, 0));
}

#[test]
fn rule_15_after_a_defended_turn_the_defender_attacks() {
    let mut game = position("6D", &["7C 8S", "8C 10H JH", "JS QS"], "KS AS AH", 0, 1);
    play(&mut game, &[attack("7C"), beat("8C")]);
    // 8S could continue; the attacker ends the turn.
    play(&mut game, &[DurakAction::Done]);
    assert_eq!((game.attacker(), game.defender()), (1, 2));
    assert_eq!(game.discard(), set("7C 8C"));
}

#[test]
fn rule_16_refill_attacker_then_defender_then_the_others() {
    let deck = "6S 7S 8S 9S 10S JS QS KS AS 6H";
    let mut game = position("6H", &["7C 8C", "9C 7D", "10D", "JD"], deck, 1, 2);
    play(&mut game, &[attack("7D"), beat("10D")]);
    // Attacker seat 1 draws to six (5 cards), then defender seat 2 (6), and the deck is empty
    // before seat 3 and seat 0.
    assert_eq!(game.hand(1), set("9C 6S 7S 8S 9S 10S"));
    assert_eq!(game.hand(2), set("JS QS KS AS 6H"));
    assert_eq!(game.hand(3), set("JD"));
    assert_eq!(game.hand(0), set("7C 8C"));
}

#[test]
fn rule_16_the_others_refill_in_seating_order_after_the_defender() {
    let deck = "6D 7D 8D 9D 10D QD KD AD 6S QS KS 6H";
    let mut game = position(
        "6H",
        &["7C AC", "9C", "10C 7S 8S 9S 10S JS", "JD"],
        deck,
        1,
        2,
    );
    play(&mut game, &[attack("9C"), beat("10C")]);
    // Seat 1 played its only card: it draws six; seat 2 draws one; then seat 3 (after the
    // defender) draws five and empties the deck before seat 0's turn to draw.
    assert_eq!(game.hand(1), set("6D 7D 8D 9D 10D QD"));
    assert_eq!(game.hand(2), set("7S 8S 9S 10S JS KD"));
    assert_eq!(game.hand(3), set("JD AD 6S QS KS 6H"));
    assert_eq!(game.hand(0), set("7C AC"));
}

#[test]
fn rule_17_a_player_without_cards_leaves_once_the_deck_is_empty() {
    let mut game = position("6D", &["7C", "8C 9H 10H", "10S JS"], "", 0, 1);
    play(&mut game, &[attack("7C"), beat("8C")]);
    assert!(!game.in_game(0));
    assert!(game.in_game(1) && game.in_game(2));
    assert_eq!(game.view(2).in_game, [false, true, true]);
    // The defender, next in order, attacks the third player.
    assert_eq!((game.attacker(), game.defender()), (1, 2));
}

#[test]
fn rule_17_no_one_leaves_while_the_deck_has_cards() {
    let mut game = position("6D", &["7C", "8C 9H 10H", "10S JS AS"], "QS", 0, 1);
    play(&mut game, &[attack("7C"), beat("8C")]);
    assert!(game.in_game(0));
    assert_eq!(game.hand(0), set("QS"));
}

#[test]
fn rule_18_the_last_player_holding_cards_is_the_fool() {
    let mut game = position("6D", &["7C", "8C 9H"], "", 0, 1);
    play(&mut game, &[attack("7C"), beat("8C")]);
    assert_eq!(game.fool(), Some(1));
    assert_eq!(game.to_act(), None);
    let outcome = game.outcome().unwrap();
    assert_eq!(
        outcome.seats[0],
        SeatResult {
            rank: 1,
            score: 1.0
        }
    );
    assert_eq!(
        outcome.seats[1],
        SeatResult {
            rank: 2,
            score: 0.0
        }
    );
    assert!(outcome.is_win(0) && outcome.is_loss(1));
}

#[test]
fn rule_18_nobody_left_with_cards_is_a_draw() {
    let mut game = position("6D", &["7C", "8C"], "", 0, 1);
    play(&mut game, &[attack("7C")]);
    assert_eq!(game.phase(), Phase::Defend);
    play(&mut game, &[beat("8C")]);
    assert!(game.is_draw());
    assert_eq!(game.fool(), None);
    assert!(game.outcome().unwrap().is_draw());
}

#[test]
fn a_one_card_hand_leads_by_itself() {
    let mut game = position("6D", &["7C 9S", "8C AH"], "", 0, 1);
    play(&mut game, &[attack("7C"), beat("8C")]);
    // Nothing continues 7C-8C, so the turn ends; seat 1 attacks holding only AH, which is led by
    // itself; seat 0 cannot beat it and takes; seat 1 is out and seat 0 is the fool.
    assert_eq!(game.fool(), Some(0));
    assert_eq!(game.hand(0), set("9S AH"));
}

#[test]
fn the_defender_with_an_empty_hand_must_take_what_still_comes() {
    // The seed sets no limit on a turn's cards: after beating with the last card the defender
    // cannot beat the next one, so takes.
    let mut game = position("6D", &["7C 7H 8S", "8C"], "", 0, 1);
    play(&mut game, &[attack("7C"), beat("8C"), attack("7H")]);
    assert_eq!(game.hand(1), set("7C 8C 7H 8S"));
    assert_eq!(game.fool(), Some(1));
}

#[test]
fn game_over_refuses_every_action() {
    let mut game = position("6D", &["7C", "8C 9H"], "", 0, 1);
    play(&mut game, &[attack("7C"), beat("8C")]);
    assert_eq!(game.apply(&DurakAction::Take), Err(RuleError::GameOver));
    assert!(game.legal_actions().is_empty());
}

#[test]
fn wrong_phase_actions_are_refused_and_change_nothing() {
    let game = position("6D", &["7C 8C", "9C 10C"], "", 0, 1);
    for action in [
        DurakAction::Take,
        DurakAction::Done,
        beat("9C"),
        attack("9C"),
    ] {
        let mut copy = game.clone();
        assert!(copy.apply(&action).is_err(), "{action:?}");
        assert_eq!(format!("{copy:?}"), format!("{game:?}"));
    }
}

#[test]
fn actions_serialize_as_documented() {
    let json = |a: &DurakAction| serde_json::to_string(a).unwrap();
    assert_eq!(json(&attack("10H")), r#"{"kind":"attack","card":"10H"}"#);
    assert_eq!(json(&beat("AS")), r#"{"kind":"beat","card":"AS"}"#);
    assert_eq!(json(&DurakAction::Take), r#"{"kind":"take"}"#);
    assert_eq!(json(&DurakAction::Done), r#"{"kind":"done"}"#);
    let parsed: DurakAction = serde_json::from_str(r#"{"kind":"attack","card":"6C"}"#).unwrap();
    assert_eq!(parsed, attack("6C"));
    assert!(serde_json::from_str::<DurakAction>(r#"{"kind":"attack","card":"1C"}"#).is_err());
    assert!(serde_json::from_str::<DurakAction>(r#"{"kind":"fly"}"#).is_err());
}

#[test]
fn options_reject_unknown_fields() {
    assert!(serde_json::from_str::<DurakOptions>(r#"{"deck_number": 5}"#).is_ok());
    assert!(serde_json::from_str::<DurakOptions>(r#"{}"#).is_ok());
    assert!(serde_json::from_str::<DurakOptions>(r#"{"deck": 5}"#).is_err());
}

fn riffle_options(riffles: u32, cut: bool, packet: usize) -> DurakOptions {
    DurakOptions {
        shuffle: ShuffleModel::Riffle(RiffleShuffle {
            riffles,
            cut,
            packet,
        }),
        ..DurakOptions::default()
    }
}

#[test]
fn a_riffle_deals_the_riffled_pack_in_packets_from_the_top() {
    for players in 2..=4 {
        for seed in 0..20 {
            let game = Durak::new(&riffle_options(1, false, 4), players, seed).unwrap();
            // The pack in seed order riffled once with the same draws, dealt by hand: four cards
            // to each seat in turn, then two; the next card is the trump, put at the bottom.
            let mut deck = seed_pack();
            shuffle::riffle(&mut deck, &mut shuffle::rng(shuffle::derive_seed(seed, 0)));
            for seat in 0..players {
                let second = 4 * players + 2 * seat;
                let expected: CardSet = deck[4 * seat..4 * seat + 4]
                    .iter()
                    .chain(&deck[second..second + 2])
                    .copied()
                    .collect();
                assert_eq!(game.hand(seat), expected, "seat {seat}, seed {seed}");
            }
            let rest = &deck[6 * players..];
            assert_eq!(game.trump(), rest[0]);
            assert_eq!(game.deck(), [&rest[1..], &rest[..1]].concat());
        }
    }
}

#[test]
fn a_riffle_deal_is_fixed_by_the_seed_and_keeps_every_card() {
    let options = riffle_options(3, true, 4);
    let game = Durak::new(&options, 3, 5).unwrap();
    assert_eq!(game, Durak::new(&options, 3, 5).unwrap());
    assert_ne!(game, Durak::new(&options, 3, 6).unwrap());
    let uniform = Durak::new(&DurakOptions::default(), 3, 5).unwrap();
    assert_ne!(game.hand(0), uniform.hand(0));
    let cards: Vec<Card> = (0..3)
        .flat_map(|seat| game.hand(seat).iter())
        .chain(game.deck().iter().copied())
        .collect();
    assert_eq!(cards.len(), PACK_SIZE);
    assert_eq!(
        cards.into_iter().collect::<CardSet>(),
        seed_pack().into_iter().collect()
    );
    assert_eq!(game.deal_seed(), Some(5));
    let log = Durak::transcript(&game, &[], &[]).unwrap();
    assert!(
        log.starts_with("Deck seed: 5, 3 riffles and a cut, packets of 4\nTrump: "),
        "{log}"
    );
}

#[test]
fn a_riffle_shuffle_is_checked_and_excludes_deck_number() {
    let refused = |options: &DurakOptions| match Durak::new(options, 3, 1) {
        Err(SetupError::Options { game, detail }) => {
            assert_eq!(game, "durak");
            detail
        }
        other => panic!("{other:?}"),
    };
    assert!(refused(&riffle_options(0, true, 4)).contains("riffles"));
    assert!(refused(&riffle_options(3, true, 0)).contains("packet"));
    let both = DurakOptions {
        deck_number: Some(60493),
        ..riffle_options(3, true, 4)
    };
    assert!(refused(&both).contains("deck_number"));
    let parsed: DurakOptions =
        serde_json::from_str(r#"{"shuffle": {"kind": "riffle", "riffles": 2}}"#).unwrap();
    assert_eq!(parsed, riffle_options(2, true, 4));
    assert_eq!(
        serde_json::from_str::<DurakOptions>("{}").unwrap().shuffle,
        ShuffleModel::Uniform
    );
}
