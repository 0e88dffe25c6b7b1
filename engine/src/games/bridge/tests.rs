//! Every rule of bridge on hand-built positions: the seed's nine rules, the issue's turn model, and
//! each decision of RULES.md.

use super::*;
use crate::shuffle::RiffleShuffle;

fn cards(text: &str) -> Vec<Card> {
    text.split_whitespace()
        .map(|c| c.parse().unwrap())
        .collect()
}

fn set(text: &str) -> CardSet {
    cards(text).into_iter().collect()
}

/// Seat 0 to act (not the opening turn) with these hands, pile (top last) and deck (drawn from
/// the end). Cards not named anywhere are simply out of this position.
fn position(hands: &[&str], pile: &str, deck: &str) -> Bridge {
    let players = hands.len();
    let mut game = Bridge::new(&BridgeOptions::default(), players, 1).unwrap();
    game.hands = [CardSet::EMPTY; MAX_PLAYERS];
    for (seat, hand) in hands.iter().enumerate() {
        game.hands[seat] = set(hand);
    }
    game.pile = cards(pile);
    game.deck = cards(deck);
    game.ordered = None;
    game.current = 0;
    game.dealer = players - 1;
    game.turn = Turn::default();
    game
}

fn play(card: &str) -> BridgeAction {
    BridgeAction::Play {
        card: card.parse().unwrap(),
        suit: None,
    }
}

fn jack(card: &str, suit: Suit) -> BridgeAction {
    BridgeAction::Play {
        card: card.parse().unwrap(),
        suit: Some(suit),
    }
}

const DRAW: BridgeAction = BridgeAction::Draw;
const END: BridgeAction = BridgeAction::EndTurn;

fn apply_all(game: &mut Bridge, actions: &[BridgeAction]) {
    for action in actions {
        game.apply(action)
            .unwrap_or_else(|e| panic!("{action:?}: {e}"));
    }
}

// The deal.

#[test]
fn a_deal_gives_five_cards_each_turns_one_up_and_the_seat_after_the_dealer_starts() {
    for players in 2..=6 {
        let game = Bridge::new(&BridgeOptions::default(), players, 7).unwrap();
        for seat in 0..players {
            assert_eq!(game.hand(seat).len(), HAND_SIZE);
        }
        assert_eq!(game.pile().len(), 1);
        assert_eq!(game.deck().len(), PACK_SIZE - HAND_SIZE * players - 1);
        assert_eq!(game.dealer(), players - 1);
        assert_eq!(game.to_act(), Some(0));
        assert!(game.turn.opening);
    }
}

#[test]
fn the_dealer_moves_on_one_seat_each_deal() {
    let mut game = position(&["9S", "KH QH", "7C"], "9H", "6D 6C");
    game.apply(&play("9S")).unwrap();
    game.apply(&END).unwrap();
    assert_eq!(game.deal_number(), 2);
    assert_eq!(game.dealer(), 0);
    assert_eq!(game.to_act(), Some(1));
    assert!(game.turn.opening);
}

#[test]
fn an_up_jack_orders_its_own_suit() {
    let game = (0..200)
        .map(|seed| Bridge::new(&BridgeOptions::default(), 3, seed).unwrap())
        .find(|g| g.top().rank() == Some(Rank::Jack))
        .expect("some seed turns up a jack");
    assert_eq!(game.ordered_suit(), game.top().suit());
}

// Rule 4: a card goes on the same suit or the same rank.

#[test]
fn a_card_goes_on_the_same_suit_or_rank_and_nothing_else() {
    let game = position(&["9H 7S 6C KD", "6D"], "7H", "6S");
    assert_eq!(
        game.legal_actions(),
        vec![play("7S"), play("9H"), DRAW],
        "same rank 7S, same suit 9H; not 6C or KD"
    );
}

// Rule 8: a jack goes on any suit and orders a suit.

#[test]
fn a_jack_goes_on_anything_and_must_name_a_suit() {
    let game = position(&["JC 9H", "6D"], "7H", "6S");
    let legal = game.legal_actions();
    for suit in Suit::ALL {
        assert!(legal.contains(&jack("JC", suit)));
    }
    let mut copy = game.clone();
    assert!(copy.apply(&play("JC")).is_err(), "a jack without a suit");
    assert!(
        copy.apply(&jack("9H", Suit::Spades)).is_err(),
        "a suit on a non-jack"
    );
    assert_eq!(copy, game, "refused actions change nothing");
}

#[test]
fn after_a_jack_only_the_ordered_suit_or_another_jack_follows() {
    let mut game = position(&["JC KD", "9S 9D JH 6C", "6H"], "7H", "8S 8C");
    apply_all(&mut game, &[jack("JC", Suit::Spades), END]);
    assert_eq!(game.to_act(), Some(1));
    let legal = game.legal_actions();
    assert!(legal.contains(&play("9S")), "the ordered suit");
    assert!(!legal.contains(&play("9D")));
    assert!(
        !legal.contains(&play("6C")),
        "clubs, the jack's own suit, is not ordered"
    );
    assert!(legal.contains(&jack("JH", Suit::Hearts)));
}

// The turn: cards of one rank, or a draw and then a card that fits, or the end.

#[test]
fn after_a_card_only_cards_of_the_same_rank_may_follow() {
    let mut game = position(&["9H 9S KH", "6D"], "7H", "6S");
    game.apply(&play("9H")).unwrap();
    assert_eq!(game.legal_actions(), vec![play("9S"), END]);
    assert!(
        game.clone().apply(&play("KH")).is_err(),
        "KH fits 9H by suit, but not by rank"
    );
    assert!(game.clone().apply(&DRAW).is_err(), "no draw after a card");
}

#[test]
fn a_turn_may_not_end_before_a_card_is_played_or_drawn() {
    let game = position(&["9H KD", "6D"], "7H", "6S");
    assert!(!game.legal_actions().contains(&END));
}

#[test]
fn a_player_who_will_not_play_draws_one_card_then_plays_a_fitting_card_or_ends() {
    let mut game = position(&["9H KD", "6D"], "7H", "6S AH");
    game.apply(&DRAW).unwrap();
    assert!(game.hand(0).contains("AH".parse().unwrap()));
    assert_eq!(game.legal_actions(), vec![play("9H"), play("AH"), END]);
    assert!(game.clone().apply(&DRAW).is_err(), "one draw a turn");
}

#[test]
fn a_player_who_cannot_play_and_cannot_draw_ends_the_turn() {
    let game = position(&["KD", "6D"], "7H", "");
    assert_eq!(game.legal_actions(), vec![END]);
}

// Rule 5: a six must be covered by the player who put it, drawing until they can.

#[test]
fn a_six_must_be_covered_by_its_player() {
    let mut game = position(&["6H KD", "7C"], "7H", "9H 9S");
    game.apply(&play("6H")).unwrap();
    assert_eq!(game.legal_actions(), vec![DRAW], "nothing covers 6H: draw");
    game.apply(&DRAW).unwrap();
    assert_eq!(
        game.legal_actions(),
        vec![DRAW],
        "9S does not cover 6H either"
    );
    game.apply(&DRAW).unwrap();
    assert_eq!(
        game.legal_actions(),
        vec![play("9H")],
        "9H covers 6H by suit"
    );
}

#[test]
fn a_six_is_covered_by_its_suit_another_six_or_a_jack_and_the_turn_goes_on_from_the_cover() {
    let mut game = position(&["6H 6S 9H 9C JD", "7C"], "7H", "AD");
    game.apply(&play("6H")).unwrap();
    let legal = game.legal_actions();
    assert!(legal.contains(&play("6S")) && legal.contains(&play("9H")));
    assert!(legal.contains(&jack("JD", Suit::Clubs)));
    assert!(!legal.contains(&play("9C")) && !legal.contains(&END) && !legal.contains(&DRAW));
    game.apply(&play("9H")).unwrap();
    assert_eq!(
        game.legal_actions(),
        vec![play("9C"), END],
        "nines follow the cover"
    );
}

#[test]
fn an_uncovered_six_may_stay_only_when_deck_and_pile_are_exhausted() {
    let mut game = position(&["KC 9S", "7C"], "6D", "");
    game.turn.must_cover = true;
    assert_eq!(
        game.legal_actions(),
        vec![END],
        "nothing covers 6D, nothing to draw"
    );
    game.hands[0] = set("6H KC");
    game.apply(&play("6H")).unwrap();
    assert_eq!(
        game.legal_actions(),
        vec![DRAW],
        "6D, under 6H, makes a new deck"
    );
    game.apply(&DRAW).unwrap();
    assert_eq!(game.legal_actions(), vec![play("6D")]);
    game.apply(&play("6D")).unwrap();
    // Both cards on the pile are this turn's: they stay, so 6H cannot be drawn back and replayed.
    assert_eq!(game.pile(), &cards("6H 6D")[..]);
    assert_eq!(game.legal_actions(), vec![END]);
}

#[test]
fn an_opening_six_must_be_covered_by_the_first_player() {
    let mut game = position(&["KD 9C", "7C"], "6D", "8H");
    game.turn = Turn {
        opening: true,
        must_cover: true,
        ..Turn::default()
    };
    assert_eq!(game.legal_actions(), vec![play("KD")]);
    game.turn.must_cover = false;
    assert!(
        game.legal_actions().contains(&END),
        "any other up-card: may end at once"
    );
}

// Rule 6: a seven makes the next player take a card.

#[test]
fn a_seven_makes_the_next_player_draw_one_card_per_seven() {
    let mut game = position(&["7H 7S", "9D", "9C"], "8H", "6D 6C AC");
    apply_all(&mut game, &[play("7H"), END]);
    assert_eq!(game.hand(1), set("9D AC"));
    assert_eq!(game.to_act(), Some(1), "the drawn player still plays");
    let mut game = position(&["7H 7S KC", "9D", "9C"], "8H", "6D 6C AC");
    apply_all(&mut game, &[play("7H"), play("7S"), END]);
    assert_eq!(game.hand(1), set("9D AC 6C"));
    assert_eq!(game.hand(2), set("9C"));
}

// Rule 7: an eight: two cards and a lost turn; two eights hit two players, three three.

#[test]
fn an_eight_makes_the_next_player_draw_two_and_lose_the_turn() {
    let mut game = position(&["8H KC", "9D", "9C"], "8S", "6D 6C AC QS");
    apply_all(&mut game, &[play("8H"), END]);
    assert_eq!(game.hand(1), set("9D QS AC"));
    assert_eq!(game.to_act(), Some(2));
}

#[test]
fn two_eights_hit_the_next_two_players() {
    let mut game = position(&["8H 8D KC", "9D", "9C", "9S"], "8S", "6D 6C AC QS 10S 10C");
    apply_all(&mut game, &[play("8H"), play("8D"), END]);
    assert_eq!(game.hand(1).len(), 3);
    assert_eq!(game.hand(2).len(), 3);
    assert_eq!(game.hand(3), set("9S"));
    assert_eq!(game.to_act(), Some(3));
}

#[test]
fn three_eights_among_three_players_hit_the_two_opponents_and_the_first_again() {
    let mut game = position(&["8H 8D 8C KC", "9D", "9C"], "8S", "6D 6C AC QS 10S 10C 7D");
    apply_all(&mut game, &[play("8H"), play("8D"), play("8C"), END]);
    assert_eq!(game.hand(1).len(), 5, "two eights hit seat 1");
    assert_eq!(game.hand(2).len(), 3);
    assert_eq!(game.to_act(), Some(0), "both opponents lose their turns");
    assert_eq!(game.skips(), &[0, 1, 0], "seat 1 loses one more");
}

#[test]
fn in_a_two_player_game_each_eight_hits_the_one_opponent() {
    let mut game = position(&["8H 8D KD QD", "9C"], "8S", "6D 6C AC QS 10S");
    apply_all(&mut game, &[play("8H"), play("8D"), END]);
    assert_eq!(game.hand(1).len(), 5, "two and two");
    assert_eq!(game.to_act(), Some(0));
    apply_all(&mut game, &[play("KD"), END]);
    assert_eq!(game.to_act(), Some(0), "the second lost turn");
    apply_all(&mut game, &[play("QD"), END]);
    assert_eq!(game.deal_number(), 2, "out of cards: the deal is over");
}

// Rule 9: an ace makes the next player lose the turn.

#[test]
fn an_ace_makes_the_next_player_lose_the_turn() {
    let mut game = position(&["AH KC", "9D", "9C"], "8H", "6D");
    apply_all(&mut game, &[play("AH"), END]);
    assert_eq!(game.hand(1), set("9D"), "no cards to take");
    assert_eq!(game.to_act(), Some(2));
}

// The deck runs out.

#[test]
fn an_empty_deck_is_remade_from_the_pile_but_its_top_card() {
    let mut game = position(&["KC", "9D"], "6S 7D 8D 9H", "");
    game.apply(&DRAW).unwrap();
    assert_eq!(game.pile(), &cards("9H")[..]);
    assert_eq!(game.deck().len(), 2);
    assert_eq!(game.hand(0).len(), 2);
    let all: CardSet = game
        .deck()
        .iter()
        .copied()
        .chain(game.hand(0).iter())
        .collect();
    assert_eq!(all, set("6S 7D 8D KC"));
}

// Rules 1–3: the end of a deal and the scores.

#[test]
fn the_deal_ends_when_a_player_is_out_and_the_others_score_their_cards() {
    let mut game = position(&["9H", "JC AC 10C QC KC 6C 7C 8C 9C", "KD"], "7H", "6S 6D");
    apply_all(&mut game, &[play("9H"), END]);
    assert_eq!(game.totals(), &[0, 20 + 15 + 10 + 10 + 10, 10]);
    assert_eq!(game.scores.last().unwrap()[..3], [0, 65, 10]);
}

#[test]
fn the_last_turns_sevens_and_eights_load_the_others_before_they_score() {
    let mut game = position(&["8H", "9D", "9C"], "8S", "6D 6C AC QS");
    apply_all(&mut game, &[play("8H"), END]);
    assert_eq!(game.totals(), &[0, 10 + 15, 0]);
}

#[test]
fn going_over_the_target_loses_and_places_go_by_points_lowest_first() {
    let mut game = position(&["9H", "JC AC", "KD"], "7H", "6S 6D");
    game.totals = [120, 100, 120, 0, 0, 0];
    apply_all(&mut game, &[play("9H"), END]);
    assert_eq!(game.to_act(), None);
    let outcome = game.outcome().unwrap();
    let places: Vec<u32> = outcome.seats.iter().map(|s| s.rank).collect();
    assert_eq!(places, vec![1, 3, 2], "120, 135 and 130 points");
    assert_eq!(outcome.seats[1].score, -135.0);
}

#[test]
fn exactly_the_target_falls_to_zero() {
    let mut game = position(&["9H", "JC", "KD"], "7H", "6S 6D");
    game.totals = [10, 105, 0, 0, 0, 0];
    apply_all(&mut game, &[play("9H"), END]);
    assert_eq!(game.totals(), &[10, 0, 10]);
    assert_eq!(
        game.to_act(),
        Some(1),
        "a new deal: seat 1 leads after dealer 0"
    );
}

#[test]
fn a_single_deal_match_is_placed_by_that_deal() {
    let options = BridgeOptions {
        single_deal: true,
        ..BridgeOptions::default()
    };
    let mut game = position(&["9H", "JC", "KD"], "7H", "6S 6D");
    game.options = options;
    apply_all(&mut game, &[play("9H"), END]);
    let places: Vec<u32> = game
        .outcome()
        .unwrap()
        .seats
        .iter()
        .map(|s| s.rank)
        .collect();
    assert_eq!(places, vec![1, 3, 2]);
}

#[test]
fn a_round_with_nothing_played_or_drawn_ends_a_blocked_deal() {
    let mut game = position(&["KD", "QD", "9C"], "7H", "");
    apply_all(&mut game, &[END, END]);
    assert_eq!(game.deal_number(), 1);
    game.apply(&END).unwrap();
    assert_eq!(game.deal_number(), 2);
    assert_eq!(game.totals(), &[10, 10, 0]);
}

#[test]
fn options_and_actions_travel_as_the_documented_json() {
    let json = serde_json::to_string(&jack("JC", Suit::Hearts)).unwrap();
    assert_eq!(json, r#"{"kind":"play","card":"JC","suit":"H"}"#);
    assert_eq!(
        serde_json::to_string(&play("7H")).unwrap(),
        r#"{"kind":"play","card":"7H"}"#
    );
    assert_eq!(serde_json::to_string(&DRAW).unwrap(), r#"{"kind":"draw"}"#);
    assert_eq!(
        serde_json::to_string(&END).unwrap(),
        r#"{"kind":"end_turn"}"#
    );
    let options: BridgeOptions = serde_json::from_str("{}").unwrap();
    assert_eq!(options, BridgeOptions::default());
    assert!(serde_json::from_str::<BridgeOptions>(r#"{"targett": 3}"#).is_err());
    let zero = BridgeOptions {
        target: 0,
        ..BridgeOptions::default()
    };
    assert!(Bridge::new(&zero, 3, 1).is_err());
    assert!(Bridge::new(&BridgeOptions::default(), 7, 1).is_err());
}

fn riffle_options(riffles: u32, cut: bool, packet: usize) -> BridgeOptions {
    BridgeOptions {
        shuffle: ShuffleModel::Riffle(RiffleShuffle {
            riffles,
            cut,
            packet,
        }),
        ..BridgeOptions::default()
    }
}

/// `deck` dealt by hand in packets of four, then one: the hands from the first seat dealt to on.
fn dealt_by_hand(deck: &[Card], players: usize) -> Vec<CardSet> {
    (0..players)
        .map(|k| {
            deck[4 * k..4 * k + 4]
                .iter()
                .chain([&deck[4 * players + k]])
                .copied()
                .collect()
        })
        .collect()
}

#[test]
fn a_riffle_deals_the_riffled_pack_in_packets_from_the_top() {
    for players in 2..=6 {
        for seed in 0..10 {
            let game = Bridge::new(&riffle_options(1, false, 4), players, seed).unwrap();
            // The pack riffled once with the same draws; dealer is the last seat, so seat 0 is
            // dealt first; the next card is turned up and the rest is drawn from its top.
            let mut deck = pack(Rank::Six, Suit::ALL);
            shuffle::riffle(&mut deck, &mut shuffle::rng(shuffle::derive_seed(seed, 0)));
            let hands: Vec<CardSet> = (0..players).map(|seat| game.hand(seat)).collect();
            assert_eq!(hands, dealt_by_hand(&deck, players), "seed {seed}");
            let rest = &deck[5 * players..];
            assert_eq!(game.pile(), &rest[..1]);
            let drawn: Vec<Card> = game.deck().iter().rev().copied().collect();
            assert_eq!(drawn, &rest[1..]);
        }
    }
}

#[test]
fn a_later_riffle_deal_starts_from_the_cards_as_the_table_gathers_them() {
    let mut game = Bridge::new(&riffle_options(1, false, 4), 3, 9).unwrap();
    // Seat 0 has played out its hand onto the pile, and the deal ends.
    let hand = std::mem::take(&mut game.hands[0]);
    game.pile.extend(hand.iter());
    let mut expected: Vec<Card> = game.pile.clone();
    expected.extend(game.hands[1].iter().chain(game.hands[2].iter()));
    expected.extend(game.deck.iter().rev());
    assert_eq!(game.gathered(), expected);
    shuffle::riffle(&mut expected, &mut game.rng.clone());
    game.end_deal();
    assert_eq!((game.deal_number(), game.dealer()), (2, 0));
    // Dealer 0: seat 1 is dealt first.
    let dealt = dealt_by_hand(&expected, 3);
    assert_eq!([game.hand(1), game.hand(2), game.hand(0)].to_vec(), dealt);
    assert_eq!(game.pile(), &expected[15..16]);
    let drawn: Vec<Card> = game.deck().iter().rev().copied().collect();
    assert_eq!(drawn, &expected[16..]);
}

#[test]
fn a_riffle_remakes_the_deck_from_the_pile_turned_over() {
    let mut game = position(&["KC", "9D"], "6S 7D 8D 9H", "");
    game.options = riffle_options(1, false, 4);
    let mut rng = game.rng.clone();
    game.apply(&DRAW).unwrap();
    // The pile but its top, turned face down (6♠ on top), riffled once; the top card is drawn.
    let mut expected = cards("6S 7D 8D");
    shuffle::riffle(&mut expected, &mut rng);
    assert_eq!(
        game.hand(0),
        set("KC") | [expected[0]].into_iter().collect()
    );
    let drawn: Vec<Card> = game.deck().iter().rev().copied().collect();
    assert_eq!(drawn, &expected[1..]);
    assert_eq!(game.pile(), &cards("9H")[..]);
}

#[test]
fn a_riffle_match_is_fixed_by_the_seed_keeps_every_card_and_is_checked() {
    let options = riffle_options(3, true, 4);
    let game = Bridge::new(&options, 4, 5).unwrap();
    assert_eq!(game, Bridge::new(&options, 4, 5).unwrap());
    assert_ne!(game, Bridge::new(&options, 4, 6).unwrap());
    let uniform = Bridge::new(&BridgeOptions::default(), 4, 5).unwrap();
    assert_ne!(game.hand(0), uniform.hand(0));
    let all = game.gathered();
    assert_eq!(all.len(), PACK_SIZE);
    assert_eq!(
        all.into_iter().collect::<CardSet>(),
        pack(Rank::Six, Suit::ALL).into_iter().collect()
    );
    for bad in [riffle_options(0, true, 4), riffle_options(3, true, 0)] {
        match Bridge::new(&bad, 4, 1) {
            Err(SetupError::Options { game, detail }) => {
                assert_eq!(game, "bridge");
                assert!(detail.starts_with("shuffle."), "{detail}");
            }
            other => panic!("{other:?}"),
        }
    }
    let parsed: BridgeOptions =
        serde_json::from_str(r#"{"shuffle": {"kind": "riffle", "riffles": 2}}"#).unwrap();
    assert_eq!(parsed, riffle_options(2, true, 4));
}
