//! Seed 003's rules on hand-built positions: the deal, matching by suit and value, several cards
//! of one value, aces, sevens (stacked, answered, cancelled by the green under), overs, the green
//! under, drawing, reshuffling, going out and places.

use super::*;

pub(super) fn card(text: &str) -> Card {
    text.parse().unwrap()
}

pub(super) fn cards(text: &str) -> Vec<Card> {
    text.split_whitespace().map(card).collect()
}

fn set(text: &str) -> CardSet {
    cards(text).into_iter().collect()
}

/// A position: these hands (seat 0 to act), this pile (bottom first, top last), this deck (next
/// card last); the suit follows the top card.
pub(super) fn position(hands: &[&str], pile: &str, deck: &str) -> Prsi {
    let mut game = Prsi::deal(&PrsiOptions::default(), hands.len(), 7);
    game.hands = hands.iter().map(|h| set(h)).collect();
    game.pile = cards(pile);
    game.deck = cards(deck);
    game.suit = game.top().suit().unwrap();
    game
}

pub(super) fn play(text: &str) -> PrsiAction {
    PrsiAction::Play {
        cards: cards(text).into(),
        suit: None,
    }
}

pub(super) fn over(text: &str, suit: Suit) -> PrsiAction {
    PrsiAction::Play {
        cards: cards(text).into(),
        suit: Some(suit),
    }
}

fn plays(game: &Prsi) -> Vec<String> {
    game.legal_actions()
        .into_iter()
        .map(|a| match a {
            PrsiAction::Play { cards, suit } => {
                let mut s: Vec<String> = cards.iter().map(|c| c.to_string()).collect();
                if let Some(suit) = suit {
                    s.push(format!("/{}", suit.letter()));
                }
                s.join(" ")
            }
            other => format!("{other:?}"),
        })
        .collect()
}

#[test]
fn the_deal_gives_five_each_and_leaves_at_least_five() {
    for players in 2..=5 {
        let game = Prsi::new(&PrsiOptions::default(), players, 3).unwrap();
        for seat in 0..players {
            assert_eq!(game.hand(seat).len(), 5);
        }
        assert_eq!(game.pile().len(), 1);
        assert_eq!(game.deck().len(), 31 - 5 * players);
        assert!(game.deck().len() >= MIN_DECK_AFTER_DEAL);
        assert_eq!(game.suit(), game.top().suit().unwrap());
        assert_eq!((game.aces(), game.sevens()), (0, 0));
    }
    assert!(Prsi::new(&PrsiOptions::default(), 1, 3).is_err());
    assert!(Prsi::new(&PrsiOptions::default(), 6, 3).is_err());
    assert!(
        Prsi::new(
            &PrsiOptions {
                seven_draw: 4,
                ..PrsiOptions::default()
            },
            2,
            3
        )
        .is_err()
    );
    assert!(
        Prsi::new(
            &PrsiOptions {
                seven_draw: 2,
                ..PrsiOptions::default()
            },
            2,
            3
        )
        .is_ok()
    );
}

#[test]
fn a_card_goes_on_the_same_suit_or_the_same_value() {
    let game = position(&["8H 9C 10D KS", "7C"], "9H", "AC AD");
    assert_eq!(plays(&game), ["8H", "9C", "Draw"]);
}

#[test]
fn several_cards_of_one_value_the_last_fits_and_is_the_top() {
    let mut game = position(&["8H 8C 8S KD", "7C"], "9H", "AC");
    let legal = plays(&game);
    // 8H must come last (it fits by suit); the others go before it, ascending.
    assert!(legal.contains(&"8H".to_string()));
    assert!(legal.contains(&"8S 8H".to_string()));
    assert!(legal.contains(&"8C 8S 8H".to_string()));
    assert!(!legal.contains(&"8H 8S".to_string()));
    assert!(!legal.contains(&"8S 8C 8H".to_string()));
    assert!(game.clone().apply(&play("8H 8C")).is_err());
    assert!(game.clone().apply(&play("8S 8C 8H")).is_err());
    assert!(game.apply(&play("8C 8S 8H")).is_ok());
    assert_eq!(game.top(), card("8H"));
    assert_eq!(game.suit(), Suit::Hearts);
    assert_eq!(game.to_act(), Some(1));
    // On an 8, all three eights, any of them last (the others ascending).
    let game = position(&["8H 8C 8S", "7C"], "8D", "AC");
    assert_eq!(plays(&game).len(), 3 + 6 + 3 + 1);
}

#[test]
fn the_same_card_decides_the_suit_fit_and_the_green_under() {
    // On 9♦, neither J♥ nor J♠ is a diamond or a nine: the play goes only as the green under,
    // which must be the last card, the same card that would have to fit by suit.
    let on_diamonds = position(&["JH JS 10C", "7C"], "9D", "AC");
    let (green_last, green_first) = (play("JH JS"), play("JS JH"));
    assert!(on_diamonds.legal_actions().contains(&green_last));
    assert!(!on_diamonds.legal_actions().contains(&green_first));
    assert!(on_diamonds.clone().apply(&green_last).is_ok());
    assert!(matches!(
        on_diamonds.clone().apply(&green_first),
        Err(RuleError::Illegal(_))
    ));
    // On 9♥, J♥ fits by suit as the last card, after the green under; and the green under last
    // goes as ever.
    let on_hearts = position(&["JH JS 10C", "7C"], "9H", "AC");
    assert!(on_hearts.legal_actions().contains(&green_first));
    assert!(on_hearts.legal_actions().contains(&green_last));
    let mut after = on_hearts.clone();
    after.apply(&green_first).unwrap();
    assert_eq!((after.top(), after.suit()), (card("JH"), Suit::Hearts));
    // The legal list and apply agree on both orders in both positions.
    for game in [on_diamonds, on_hearts] {
        for order in [&green_last, &green_first] {
            assert_eq!(
                game.clone().apply(order).is_ok(),
                game.legal_actions().contains(order),
                "{order:?} on {}",
                game.top()
            );
        }
    }
}

#[test]
fn the_cards_before_the_last_are_listed_ascending() {
    let game = position(&["8H 8C 8S 8D", "7C"], "9D", "AC");
    assert!(game.clone().apply(&play("8S 8C 8H 8D")).is_err());
    assert!(game.legal_actions().contains(&play("8C 8H 8S 8D")));
    assert!(game.clone().apply(&play("8C 8H 8S 8D")).is_ok());
}

#[test]
fn aces_make_the_next_player_answer_with_an_ace_or_stand() {
    let mut game = position(&["AH 9C", "AC 9H", "8H"], "9H", "7C 7D");
    game.apply(&play("AH")).unwrap();
    assert_eq!(game.aces(), 1);
    assert_eq!(plays(&game), ["AC", "Stand"]);
    assert!(game.clone().apply(&PrsiAction::Draw).is_err());
    let mut stood = game.clone();
    stood.apply(&PrsiAction::Stand).unwrap();
    assert_eq!((stood.aces(), stood.to_act()), (0, Some(2)));
    assert_eq!(stood.hand(1).len(), 2);
    game.apply(&play("AC")).unwrap();
    assert_eq!(game.aces(), 2);
    assert_eq!(plays(&game), ["Stand"]);
}

#[test]
fn several_aces_make_as_many_players_stand() {
    let mut game = position(&["AH AC 9C", "9H", "8H"], "9H", "7C 7D");
    game.apply(&play("AC AH")).unwrap();
    assert_eq!(game.aces(), 2);
    game.apply(&PrsiAction::Stand).unwrap();
    assert_eq!((game.aces(), game.to_act()), (1, Some(2)));
    game.apply(&PrsiAction::Stand).unwrap();
    assert_eq!((game.aces(), game.to_act()), (0, Some(0)));
    // The aces are spent: seat 0 may draw again (its 9♣ does not go on A♥).
    assert_eq!(plays(&game), ["Draw"]);
}

#[test]
fn a_seven_makes_the_next_player_draw_three() {
    let mut game = position(&["7H 9C", "9H 10H", "8H"], "9H", "KC KD KH KS AS");
    game.apply(&play("7H")).unwrap();
    assert_eq!(game.sevens(), 3);
    assert_eq!(plays(&game), ["Draw"]);
    game.apply(&PrsiAction::Draw).unwrap();
    assert_eq!(game.hand(1).len(), 5);
    assert_eq!(game.sevens(), 0);
    assert_eq!(game.to_act(), Some(2));
    // The seven is still the top but its draw is spent: the next plays normally.
    assert_eq!(plays(&game), ["8H", "Draw"]);
}

#[test]
fn sevens_stack_and_the_option_makes_it_two_each() {
    let mut game = position(
        &["7H 7C 9C", "7D 10H", "8H"],
        "9H",
        "KC KD KH KS AS QC QD QH QS",
    );
    game.apply(&play("7C 7H")).unwrap();
    assert_eq!(game.sevens(), 6);
    assert_eq!(plays(&game), ["7D", "Draw"]);
    game.apply(&play("7D")).unwrap();
    assert_eq!(game.sevens(), 9);
    game.apply(&PrsiAction::Draw).unwrap();
    assert_eq!(game.hand(2).len(), 10);

    let mut game = position(&["7H 9C", "10H", "8H"], "9H", "KC KD KH KS AS");
    game.seven_draw = 2;
    game.apply(&play("7H")).unwrap();
    assert_eq!(game.sevens(), 2);
    game.apply(&PrsiAction::Draw).unwrap();
    assert_eq!(game.hand(1).len(), 3);
}

#[test]
fn the_green_under_cancels_the_sevens() {
    let mut game = position(&["7H 9C", "JS JH 10H", "8D"], "9H", "KC KD KH KS AS");
    game.apply(&play("7H")).unwrap();
    assert_eq!(plays(&game), ["JS", "JH JS", "Draw"]);
    game.apply(&play("JH JS")).unwrap();
    assert_eq!((game.sevens(), game.top()), (0, GREEN_UNDER));
    // Anything goes on the green under.
    assert_eq!(plays(&game), ["8D", "Draw"]);
}

#[test]
fn the_green_under_goes_on_anything_but_aces() {
    let game = position(&["JS 9C", "10H"], "9H", "KC");
    assert_eq!(plays(&game), ["9C", "JS", "Draw"]);
    let mut game = position(&["JS JD", "10H"], "9H", "KC");
    // Unders together go on anything only with the green under last.
    assert_eq!(plays(&game), ["JS", "JD JS", "Draw"]);
    game.aces = 1;
    assert_eq!(plays(&game), ["Stand"]);
}

#[test]
fn an_over_changes_the_suit_to_the_players_choice() {
    let mut game = position(&["QH 9C", "10C 10H"], "9H", "KC");
    assert_eq!(
        plays(&game),
        ["9C", "QH /C", "QH /D", "QH /H", "QH /S", "Draw"]
    );
    assert!(game.clone().apply(&play("QH")).is_err());
    assert!(game.clone().apply(&over("9C", Suit::Clubs)).is_err());
    game.apply(&over("QH", Suit::Clubs)).unwrap();
    assert_eq!((game.top(), game.suit()), (card("QH"), Suit::Clubs));
    assert_eq!(plays(&game), ["10C", "10H 10C", "Draw"]);
}

#[test]
fn overs_follow_suit_or_value_like_any_card() {
    let game = position(&["QC", "10C"], "9H", "KC");
    assert_eq!(plays(&game), ["Draw"]);
    let game = position(&["QC", "10C"], "QH", "KC");
    assert_eq!(plays(&game).len(), 5);
}

#[test]
fn drawing_takes_one_card_and_reshuffles_the_pile_keeping_the_top() {
    let mut game = position(&["9C", "10H"], "8S 8D KD 9H", "");
    game.apply(&PrsiAction::Draw).unwrap();
    assert_eq!(game.hand(0).len(), 2);
    assert_eq!(game.pile(), [card("9H")]);
    assert_eq!(game.deck().len(), 2);
    // With nothing to draw, a draw takes nothing and passes.
    let mut game = position(&["9C", "10C"], "9H", "");
    game.apply(&PrsiAction::Draw).unwrap();
    assert_eq!((game.hand(0).len(), game.to_act()), (1, Some(1)));
}

#[test]
fn players_go_out_in_order_and_the_last_left_is_last() {
    let mut game = position(&["9H", "10H 8C", "9D 8D"], "8H", "KC KD");
    game.apply(&play("9H")).unwrap();
    assert_eq!(game.out(), [0]);
    assert_eq!(game.to_act(), Some(1));
    game.apply(&PrsiAction::Draw).unwrap();
    assert_eq!(game.to_act(), Some(2));
    game.apply(&play("9D")).unwrap();
    game.apply(&PrsiAction::Draw).unwrap();
    assert_eq!(game.to_act(), Some(2));
    game.apply(&play("8D")).unwrap();
    assert_eq!(game.to_act(), None);
    assert_eq!(game.out(), [0, 2, 1]);
    let outcome = game.outcome().unwrap();
    let ranks: Vec<u32> = outcome.seats.iter().map(|s| s.rank).collect();
    let scores: Vec<f64> = outcome.seats.iter().map(|s| s.score).collect();
    assert_eq!(ranks, [1, 3, 2]);
    assert_eq!(scores, [2.0, 0.0, 1.0]);
    assert!(game.legal_actions().is_empty());
    assert_eq!(game.apply(&PrsiAction::Draw), Err(RuleError::GameOver));
}

#[test]
fn the_turn_limit_places_the_players_left_by_hand_size() {
    let mut game = position(&["9C 9D", "10C", "8S 8D"], "9H", "");
    game.turns = MAX_TURNS - 1;
    game.apply(&PrsiAction::Draw).unwrap();
    assert_eq!(game.to_act(), None);
    let ranks: Vec<u32> = game
        .outcome()
        .unwrap()
        .seats
        .iter()
        .map(|s| s.rank)
        .collect();
    assert_eq!(ranks, [2, 1, 2]);
}

#[test]
fn actions_are_json_tagged_by_kind() {
    let json = serde_json::to_string(&over("QH QC", Suit::Hearts)).unwrap();
    assert_eq!(json, r#"{"kind":"play","cards":["QH","QC"],"suit":"H"}"#);
    assert_eq!(
        serde_json::to_string(&play("7H")).unwrap(),
        r#"{"kind":"play","cards":["7H"]}"#
    );
    let draw: PrsiAction = serde_json::from_str(r#"{"kind":"draw"}"#).unwrap();
    assert_eq!(draw, PrsiAction::Draw);
    let stand: PrsiAction = serde_json::from_str(r#"{"kind":"stand"}"#).unwrap();
    assert_eq!(stand, PrsiAction::Stand);
}

fn riffle_options(riffles: u32, cut: bool, packet: usize) -> PrsiOptions {
    PrsiOptions {
        shuffle: ShuffleModel::Riffle(shuffle::RiffleShuffle {
            riffles,
            cut,
            packet,
        }),
        ..PrsiOptions::default()
    }
}

#[test]
fn a_riffle_deals_the_riffled_pack_in_packets_from_the_top() {
    for players in 2..=5 {
        for seed in 0..10 {
            let game = Prsi::new(&riffle_options(1, false, 4), players, seed).unwrap();
            // The pack riffled once with the same draws, dealt by hand: four cards to each seat
            // from seat 0, then one; the next card is turned up, the rest drawn from its top.
            let mut deck = prsi_pack();
            shuffle::riffle(&mut deck, &mut shuffle::rng(shuffle::derive_seed(seed, 0)));
            for seat in 0..players {
                let expected: CardSet = deck[4 * seat..4 * seat + 4]
                    .iter()
                    .chain([&deck[4 * players + seat]])
                    .copied()
                    .collect();
                assert_eq!(game.hand(seat), expected, "seat {seat}, seed {seed}");
            }
            let rest = &deck[5 * players..];
            assert_eq!(game.pile(), &rest[..1]);
            let drawn: Vec<Card> = game.deck().iter().rev().copied().collect();
            assert_eq!(drawn, &rest[1..]);
        }
    }
}

#[test]
fn a_riffle_remakes_the_deck_from_the_pile_turned_over() {
    let mut game = position(&["9C", "10H"], "8S 8D KD 9H", "");
    game.shuffle = riffle_options(1, false, 4).shuffle;
    game.apply(&PrsiAction::Draw).unwrap();
    // The pile but its top, turned face down (8♠ on top), riffled once with the draws of the
    // match's first reshuffle; the top card is drawn.
    let mut expected = cards("8S 8D KD");
    shuffle::riffle(&mut expected, &mut shuffle::rng(shuffle::derive_seed(7, 1)));
    assert_eq!(
        game.hand(0),
        set("9C") | [expected[0]].into_iter().collect()
    );
    let drawn: Vec<Card> = game.deck().iter().rev().copied().collect();
    assert_eq!(drawn, &expected[1..]);
    assert_eq!(game.pile(), [card("9H")]);
}

#[test]
fn a_riffle_deal_is_fixed_by_the_seed_keeps_every_card_and_is_checked() {
    let options = riffle_options(3, true, 4);
    let game = Prsi::new(&options, 3, 5).unwrap();
    assert_eq!(game, Prsi::new(&options, 3, 5).unwrap());
    assert_ne!(game, Prsi::new(&options, 3, 6).unwrap());
    let uniform = Prsi::new(&PrsiOptions::default(), 3, 5).unwrap();
    assert_ne!(game.hand(0), uniform.hand(0));
    let all: Vec<Card> = (0..3)
        .flat_map(|seat| game.hand(seat).iter())
        .chain(game.deck().iter().copied())
        .chain(game.pile().iter().copied())
        .collect();
    assert_eq!(all.len(), PACK_SIZE);
    assert_eq!(
        all.into_iter().collect::<CardSet>(),
        prsi_pack().into_iter().collect()
    );
    for bad in [riffle_options(0, true, 4), riffle_options(33, true, 4)] {
        match Prsi::new(&bad, 3, 1) {
            Err(SetupError::Options { game, detail }) => {
                assert_eq!(game, "prsi");
                assert!(detail.contains("riffles"), "{detail}");
            }
            other => panic!("{other:?}"),
        }
    }
    let parsed: PrsiOptions =
        serde_json::from_str(r#"{"shuffle": {"kind": "riffle", "riffles": 2}}"#).unwrap();
    assert_eq!(parsed, riffle_options(2, true, 4));
}
