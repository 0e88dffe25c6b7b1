//! Seed 004's rules and every RULES.md decision on hand-built positions: the pack and its
//! points, the deal, the bidding, the hidden trump and void deals, following suit, calling for
//! the trump, judging tricks, tani, scoring, the dealer's turn, the match's end and the view.

use super::*;
use crate::shuffle::{self, RiffleShuffle};

fn card(text: &str) -> Card {
    text.parse().unwrap()
}

fn cards(text: &str) -> Vec<Card> {
    text.split_whitespace().map(card).collect()
}

fn texts(cards: &[Card]) -> String {
    cards
        .iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

fn sorted(text: &str) -> Vec<Card> {
    let mut hand = cards(text);
    hand.sort_by_key(hand_order);
    hand
}

fn new_game(players: usize) -> FiftySix {
    FiftySix::new(&FiftySixOptions::default(), players, 1).unwrap()
}

fn bid(points: u32) -> FiftySixAction {
    FiftySixAction::Bid { points }
}

fn play(text: &str) -> FiftySixAction {
    FiftySixAction::Play { card: card(text) }
}

fn hide(text: &str) -> FiftySixAction {
    FiftySixAction::HideTrump { card: card(text) }
}

const PASS: FiftySixAction = FiftySixAction::Pass;
const REVEAL: FiftySixAction = FiftySixAction::RevealTrump;

fn apply_all(game: &mut FiftySix, actions: &[FiftySixAction]) {
    for action in actions {
        game.apply(action)
            .unwrap_or_else(|e| panic!("{action:?}: {e}"));
    }
}

/// The bids the seat to act may make, lowest and highest, and whether it may pass.
fn bid_range(game: &FiftySix) -> (u32, u32, bool) {
    let legal = game.legal_actions();
    let bids: Vec<u32> = legal
        .iter()
        .filter_map(|a| match a {
            FiftySixAction::Bid { points } => Some(*points),
            _ => None,
        })
        .collect();
    let contiguous = bids.windows(2).all(|w| w[1] == w[0] + 1);
    assert!(contiguous, "bids listed in increasing order: {bids:?}");
    (bids[0], *bids.last().unwrap(), legal.last() == Some(&PASS))
}

/// A deal in its bidding: these hands by seat, the dealer dealer, nothing bid yet.
fn bidding(hands: &[&str], dealer: Seat) -> FiftySix {
    let mut game = new_game(hands.len());
    game.dealer = dealer;
    game.hands = hands.iter().map(|h| sorted(h)).collect();
    game.dealt = game.hands.clone();
    game.turn = (dealer + 1) % hands.len();
    game
}

/// A deal whose bidding `bidder` won with `points`, about to hide the trump.
fn hiding(hands: &[&str], dealer: Seat, bidder: Seat, points: u32) -> FiftySix {
    let mut game = bidding(hands, dealer);
    game.standing = Some(Bid {
        seat: bidder,
        points,
    });
    game.phase = Phase::HidingTrump;
    game.turn = bidder;
    game
}

/// A deal in play: these hands, `bidder`'s contract of `points` with `trump` hidden, `leader`
/// to lead; the dealer is right of seat 0.
fn playing(hands: &[&str], bidder: Seat, points: u32, trump: &str, leader: Seat) -> FiftySix {
    let mut game = hiding(hands, hands.len() - 1, bidder, points);
    game.phase = Phase::Playing;
    game.trump = Some(card(trump));
    game.trick = Trick {
        leader,
        cards: Vec::new(),
    };
    game.turn = leader;
    game
}

fn won(winner: Seat, points: u32) -> FinishedTrick {
    FinishedTrick {
        leader: winner,
        cards: Vec::new(),
        winner,
        points,
    }
}

fn played(list: &[(Seat, &str)]) -> Vec<PlayedCard> {
    list.iter()
        .map(|&(seat, text)| PlayedCard {
            seat,
            card: card(text),
        })
        .collect()
}

// ---- Cards, points, the pack --------------------------------------------------------------

#[test]
fn rule_cards_two_copies_kings_and_queens_only_for_six_and_56_points() {
    for (players, size) in [(4, 32), (6, 48)] {
        let pack = fifty_six_pack(players);
        assert_eq!(pack.len(), size);
        for c in &pack {
            assert_eq!(pack.iter().filter(|&d| d == c).count(), 2, "{c}");
        }
        let has_courts = pack
            .iter()
            .any(|c| matches!(c.rank(), Some(Rank::King | Rank::Queen)));
        assert_eq!(has_courts, players == 6);
        assert_eq!(pack.iter().map(|&c| points(c)).sum::<u32>(), 56);
    }
    let values: Vec<u32> = cards("JS 9S AS 10S KS QS")
        .into_iter()
        .map(points)
        .collect();
    assert_eq!(values, [3, 2, 1, 1, 0, 0]);
}

#[test]
fn rule_precedence_is_j_9_a_10_k_q() {
    let order = cards("JH 9H AH 10H KH QH");
    for (i, &high) in order.iter().enumerate() {
        for &low in &order[i + 1..] {
            for trick in [[(0, high), (1, low)], [(0, low), (1, high)]] {
                let trick: Vec<PlayedCard> = trick
                    .iter()
                    .map(|&(seat, card)| PlayedCard { seat, card })
                    .collect();
                let best = trick_winner(&trick, None);
                assert_eq!(trick[best].card, high, "{high} over {low}");
            }
        }
    }
}

#[test]
fn rule_of_two_identical_cards_the_earlier_wins() {
    let trick = played(&[(0, "AH"), (1, "JH"), (2, "JH"), (3, "9H")]);
    assert_eq!(trick_winner(&trick, None), 1);
    let trumps = played(&[(0, "AH"), (1, "9S"), (2, "9S"), (3, "10H")]);
    assert_eq!(trick_winner(&trumps, Some(Suit::Spades)), 1);
}

#[test]
fn rule_off_suit_cards_never_win_and_trumps_beat_every_suit() {
    let trick = played(&[(0, "10H"), (1, "JS"), (2, "QS"), (3, "KH")]);
    assert_eq!(trick_winner(&trick, None), 0);
    assert_eq!(trick_winner(&trick, Some(Suit::Spades)), 1);
    assert_eq!(trick_winner(&trick, Some(Suit::Clubs)), 0);
}

// ---- The deal -----------------------------------------------------------------------------

#[test]
fn rule_deal_uniform_four_at_a_time_from_left_of_the_dealer() {
    for players in [4, 6] {
        let game = new_game(players);
        assert_eq!(game.dealer(), players - 1);
        assert_eq!(game.to_act(), Some(0));
        let mut deck = fifty_six_pack(players);
        shuffle::shuffle(&mut deck, &mut shuffle::rng(shuffle::derive_seed(1, 0)));
        for seat in 0..players {
            let first = &deck[4 * seat..4 * seat + 4];
            let second = &deck[4 * (players + seat)..4 * (players + seat) + 4];
            assert_eq!(game.dealt[seat], [first, second].concat());
            assert_eq!(game.hand(seat).len(), HAND_SIZE);
            assert!(game.hand(seat).is_sorted_by_key(hand_order));
        }
    }
}

#[test]
fn rule_deal_riffle_starts_from_the_pack_then_from_the_gathered_tricks() {
    let riffle = RiffleShuffle {
        riffles: 2,
        cut: true,
        packet: 4,
    };
    let options = FiftySixOptions {
        deals: 0,
        shuffle: ShuffleModel::Riffle(riffle),
    };
    let game = FiftySix::new(&options, 4, 9).unwrap();
    let mut deck = fifty_six_pack(4);
    riffle.shuffle(&mut deck, &mut shuffle::rng(shuffle::derive_seed(9, 0)));
    let hands = riffle.deal(&mut deck, 4, HAND_SIZE);
    assert_eq!(game.dealt, hands);

    // A played deal is gathered trick by trick in play order, then what hands still hold.
    let mut ended = game.clone();
    ended.tricks = vec![FinishedTrick {
        leader: 1,
        cards: played(&[(1, "JH"), (2, "9C"), (3, "AH"), (0, "10D")]),
        winner: 1,
        points: 7,
    }];
    ended.hands = vec![Vec::new(), sorted("9S JS"), Vec::new(), sorted("QS")];
    assert_eq!(texts(&ended.gathered_after_play()), "JH 9C AH 10D JS 9S QS");

    // The next deal (counter 1) riffles exactly that order.
    let mut next = ended.clone();
    next.tricks = (0..8)
        .map(|t| FinishedTrick {
            leader: 0,
            cards: (0..4)
                .map(|s| PlayedCard {
                    seat: s,
                    card: fifty_six_pack(4)[4 * t + s],
                })
                .collect(),
            winner: 0,
            points: 0,
        })
        .collect();
    next.hands = vec![Vec::new(); 4];
    next.standing = Some(Bid {
        seat: 0,
        points: 28,
    });
    next.phase = Phase::Playing;
    next.end_deal();
    let mut deck = fifty_six_pack(4);
    riffle.shuffle(&mut deck, &mut shuffle::rng(shuffle::derive_seed(9, 1)));
    let hands = riffle.deal(&mut deck, 4, HAND_SIZE);
    assert_eq!(next.dealer(), 0);
    assert_eq!(
        next.dealt[1], hands[0],
        "hand 0 goes left of the new dealer"
    );
    assert_eq!(next.dealt[0], hands[3]);
}

#[test]
fn rule_a_void_deal_is_gathered_as_dealt_from_left_of_the_dealer() {
    let game = bidding(&["9C", "9D", "9H", "9S"], 1);
    assert_eq!(texts(&game.gathered_as_dealt()), "9H 9S 9C 9D");
}

// ---- Bidding ------------------------------------------------------------------------------

#[test]
fn rule_bidding_the_first_bidder_must_bid_at_least_28() {
    let mut game = new_game(4);
    assert_eq!(bid_range(&game), (28, 56, false));
    assert!(matches!(game.apply(&PASS), Err(RuleError::Illegal(_))));
    assert!(game.apply(&bid(27)).is_err());
    assert!(game.apply(&bid(57)).is_err());
    assert_eq!(game, new_game(4), "refused actions change nothing");
    game.apply(&bid(28)).unwrap();
    assert_eq!(game.to_act(), Some(1));
}

#[test]
fn rule_bidding_only_higher_bids() {
    let mut game = new_game(4);
    apply_all(&mut game, &[bid(33)]);
    assert_eq!(bid_range(&game), (34, 56, true));
    assert!(game.clone().apply(&bid(33)).is_err());
    assert!(game.clone().apply(&bid(30)).is_err());
    game.apply(&bid(34)).unwrap();
    assert_eq!(
        game.standing_bid(),
        Some(Bid {
            seat: 1,
            points: 34
        })
    );
}

#[test]
fn rule_bidding_ends_after_n_minus_1_passes_in_a_row() {
    for players in [4, 6] {
        let mut game = new_game(players);
        game.apply(&bid(28)).unwrap();
        game.apply(&bid(41)).unwrap();
        for _ in 0..players - 2 {
            game.apply(&PASS).unwrap();
        }
        assert_eq!(game.phase(), Phase::Bidding, "seat 0 still to speak");
        assert_eq!(game.to_act(), Some(0));
        game.apply(&PASS).unwrap();
        assert_eq!(game.phase(), Phase::HidingTrump);
        assert_eq!(game.bidder(), Some(1));
        assert_eq!(game.to_act(), Some(1));
        assert_eq!(game.bids.len(), players + 1);
    }
}

#[test]
fn rule_bidding_56_ends_it_at_once() {
    let mut game = new_game(6);
    apply_all(&mut game, &[bid(30), bid(56)]);
    assert_eq!(game.phase(), Phase::HidingTrump);
    assert_eq!(game.bidder(), Some(1));
    assert!(game.tani());
}

#[test]
fn rule_bidding_a_teammates_bid_in_28_39_is_outbid_with_40_or_more() {
    let mut game = new_game(4);
    apply_all(&mut game, &[bid(30), PASS]);
    assert_eq!(
        bid_range(&game),
        (40, 56, true),
        "seat 2 is seat 0's teammate"
    );
    let refused = game.apply(&bid(31)).unwrap_err();
    assert!(refused.to_string().contains("40"), "{refused}");
    // An opponent's 30 is outbid with 31; a teammate's 40 with 41.
    let mut game = new_game(4);
    apply_all(&mut game, &[bid(30)]);
    assert_eq!(bid_range(&game).0, 31);
    apply_all(&mut game, &[bid(40), PASS]);
    assert_eq!(bid_range(&game).0, 41);
}

#[test]
fn rule_bidding_no_second_bid_in_28_39() {
    let mut game = new_game(4);
    apply_all(&mut game, &[bid(28), bid(29), PASS, PASS]);
    assert_eq!(game.to_act(), Some(0));
    assert_eq!(bid_range(&game), (40, 56, true));
    assert!(game.clone().apply(&bid(30)).is_err());
    game.apply(&bid(40)).unwrap();
}

#[test]
fn rule_bidding_a_player_who_passed_may_bid_again() {
    let mut game = new_game(4);
    apply_all(&mut game, &[bid(28), PASS, bid(40), PASS, PASS]);
    assert_eq!(game.to_act(), Some(1));
    assert_eq!(bid_range(&game), (41, 56, true));
    game.apply(&bid(41)).unwrap();
    assert_eq!(
        game.standing_bid(),
        Some(Bid {
            seat: 1,
            points: 41
        })
    );
}

// ---- The trump ----------------------------------------------------------------------------

#[test]
fn rule_trump_any_card_of_the_hand_may_be_hidden() {
    let mut game = hiding(&["JH JH 9C", "9H", "10C", "AH"], 3, 0, 30);
    let legal = game.legal_actions();
    assert_eq!(legal, [hide("9C"), hide("JH")], "each card once");
    assert!(game.clone().apply(&hide("AH")).is_err());
    assert!(game.clone().apply(&play("JH")).is_err());
    game.apply(&hide("JH")).unwrap();
    assert_eq!(game.hidden_trump(), Some(card("JH")));
    assert_eq!(texts(game.hand(0)), "9C JH");
    assert_eq!(game.phase(), Phase::Playing);
    assert_eq!(game.to_act(), Some(0), "left of the dealer leads");
}

#[test]
fn rule_trump_is_hidden_from_every_other_seat() {
    let mut game = hiding(&["JH 9C", "9H AC", "10C QH", "AH KC"], 3, 0, 30);
    game.apply(&hide("JH")).unwrap();
    let mine = game.view(0);
    assert_eq!(mine.trump_card, Some(card("JH")));
    assert!(!mine.trump_revealed);
    for seat in 1..4 {
        let view = game.view(seat);
        assert_eq!(view.trump_card, None);
        let json = serde_json::to_string(&view).unwrap();
        assert!(json.contains(r#""trump_card":null"#), "{json}");
        assert!(!json.contains("\"JH\""), "{json}");
        let other = game.with_hidden_card(card("9C")).unwrap();
        assert_eq!(
            other.view(seat),
            view,
            "the hidden card changes nothing seat {seat} sees"
        );
    }
    assert_eq!(game.view(1).hand_sizes, [1, 2, 2, 2]);
}

#[test]
fn rule_void_deal_when_the_defenders_hold_no_trump_and_the_same_dealer_deals_again() {
    // Seats 1 and 3 (the defenders of seat 0) hold no spades.
    let mut game = hiding(&["JS 9C", "9H AC", "10S QH", "AH KC"], 3, 0, 30);
    let counter = game.deal_counter;
    game.apply(&hide("JS")).unwrap();
    assert_eq!(game.void_deals(), 1);
    assert_eq!(game.deal_counter, counter + 1);
    assert_eq!((game.dealer(), game.deals_done()), (3, 0));
    assert_eq!(game.phase(), Phase::Bidding);
    assert_eq!(game.to_act(), Some(0));
    assert_eq!(game.view(2).void_deals, 1);
    assert!(game.bids.is_empty() && game.hidden_trump().is_none());
    // The same hands with a club hidden are no void: seat 1 holds AC.
    let mut game = hiding(&["JS 9C", "9H AC", "10S QH", "AH KC"], 3, 0, 30);
    game.apply(&hide("9C")).unwrap();
    assert_eq!((game.void_deals(), game.phase()), (0, Phase::Playing));
}

#[test]
fn rule_void_in_tani_counts_only_the_opponents_as_defenders() {
    // Only seat 2, the bidder's sitting-out teammate, holds a spade besides the bidder: void.
    let hands = ["JS 9C", "9H AC", "10S QH", "AH KC"];
    let mut game = hiding(&hands, 3, 0, TANI);
    game.apply(&hide("JS")).unwrap();
    assert_eq!(game.void_deals(), 1);
    // An opponent (seat 3) holds one: the deal is played.
    let mut game = hiding(&["JS 9C", "9H AC", "10H QH", "AH KS"], 3, 0, TANI);
    game.apply(&hide("JS")).unwrap();
    assert_eq!((game.void_deals(), game.phase()), (0, Phase::Playing));
}

// ---- Play ---------------------------------------------------------------------------------

#[test]
fn rule_play_follow_suit_if_you_can() {
    let mut game = playing(&["JH 9C", "9H AC 10D", "10C QH", "AH KC"], 2, 30, "KD", 0);
    game.apply(&play("9C")).unwrap();
    assert_eq!(game.legal_actions(), [play("AC")]);
    let refused = game.clone().apply(&play("9H")).unwrap_err();
    assert!(refused.to_string().contains("follow suit"), "{refused}");
    assert!(game.clone().apply(&play("JS")).is_err(), "not in the hand");
    game.apply(&play("AC")).unwrap();
    assert_eq!(game.to_act(), Some(2));
}

#[test]
fn rule_play_the_leader_plays_any_card_and_the_trick_winner_leads() {
    let mut game = playing(&["JH 9C", "9H AC", "10C QH", "AH KC"], 2, 30, "KD", 0);
    assert_eq!(game.legal_actions(), [play("9C"), play("JH")]);
    apply_all(
        &mut game,
        &[play("9C"), play("AC"), play("10C"), play("KC")],
    );
    assert_eq!(game.tricks()[0].winner, 0);
    assert_eq!(game.tricks()[0].points, 4);
    assert_eq!(game.to_act(), Some(0));
    assert_eq!(game.trick().leader, 0);
}

#[test]
fn rule_play_the_bidder_may_lead_the_hidden_trumps_suit() {
    let mut game = playing(&["JH 9C", "9H AC", "10C 9S QH", "AH KC"], 2, 30, "KS", 2);
    assert_eq!(game.legal_actions(), [play("10C"), play("QH"), play("9S")]);
    game.apply(&play("9S")).unwrap();
    assert_eq!(game.hidden_trump(), Some(card("KS")));
}

#[test]
fn rule_reveal_only_when_unable_to_follow_and_only_while_hidden() {
    let mut game = playing(
        &["JH 9C", "9H AS 10D", "10C QH 9S", "AH KC"],
        2,
        30,
        "KS",
        0,
    );
    assert!(
        game.clone().apply(&REVEAL).is_err(),
        "the leader may not call"
    );
    assert!(!game.legal_actions().contains(&REVEAL));
    game.apply(&play("9C")).unwrap();
    let legal = game.legal_actions();
    assert_eq!(legal.last(), Some(&REVEAL), "{legal:?}");
    assert_eq!(legal.len(), 4, "any card, or the call");
    game.apply(&REVEAL).unwrap();
    assert_eq!(game.to_act(), Some(1), "the same seat acts again");
    assert!(game.clone().apply(&REVEAL).is_err(), "already revealed");
    assert!(!game.legal_actions().contains(&REVEAL));
    game.apply(&play("10D")).unwrap();
    // Seat 2 can follow clubs: no call, even though the trump is now known.
    assert_eq!(game.legal_actions(), [play("10C")]);
    // A seat that can follow may not call while the trump is hidden.
    let mut hidden = playing(&["JH 9C", "9H AC", "10C", "AH KC"], 2, 30, "KS", 0);
    hidden.apply(&play("9C")).unwrap();
    let refused = hidden.clone().apply(&REVEAL).unwrap_err();
    assert!(refused.to_string().contains("cannot follow"), "{refused}");
}

#[test]
fn rule_reveal_shows_the_card_and_returns_it_to_the_bidders_hand() {
    let mut game = playing(&["JH 9C", "9H 10D", "10C QH", "AH KC"], 2, 30, "KS", 0);
    game.apply(&play("9C")).unwrap();
    game.apply(&REVEAL).unwrap();
    assert_eq!(game.hidden_trump(), None);
    assert_eq!(game.revealed_trump(), Some(card("KS")));
    assert_eq!(texts(game.hand(2)), "10C QH KS");
    for seat in 0..4 {
        let view = game.view(seat);
        assert_eq!(view.trump_card, Some(card("KS")));
        assert!(view.trump_revealed);
        assert_eq!(view.trump_in_force(), Some(Suit::Spades));
        assert_eq!(
            view.reveal,
            Some(Reveal {
                seat: 1,
                trick: 0,
                automatic: false
            })
        );
    }
    // Nothing obliges the caller to play trump: any card will do.
    assert_eq!(game.legal_actions(), [play("10D"), play("9H")]);
}

#[test]
fn rule_reveal_by_the_bidder_whose_trump_is_of_the_suit_led_then_follows_with_it() {
    let mut game = playing(&["JH 9C", "9H 10D", "QH AD", "AH KC"], 2, 30, "10C", 0);
    apply_all(&mut game, &[play("9C"), play("10D")]);
    assert_eq!(game.to_act(), Some(2));
    assert!(game.legal_actions().contains(&REVEAL));
    game.apply(&REVEAL).unwrap();
    assert_eq!(game.legal_actions(), [play("10C")]);
}

#[test]
fn rule_trump_beats_every_other_suit_once_revealed() {
    let mut game = playing(&["JH 9C", "9H 10D", "10C QH", "9C KS"], 2, 30, "JS", 0);
    apply_all(
        &mut game,
        &[play("JH"), play("9H"), play("QH"), REVEAL, play("KS")],
    );
    let trick = &game.tricks()[0];
    assert_eq!(trick.winner, 3, "KS trumps JH");
    assert_eq!(trick.points, 5);
    assert_eq!(game.to_act(), Some(3));
}

#[test]
fn rule_a_trump_suit_card_played_before_the_reveal_has_no_value() {
    let hands = ["JH 9C", "9S 10D", "10H QH", "AH KC"];
    let mut game = playing(&hands, 2, 30, "JS", 0);
    apply_all(&mut game, &[play("JH"), play("9S"), play("QH"), play("AH")]);
    assert_eq!(game.tricks()[0].winner, 0, "9S is a discard while hidden");
    // A later call in the same trick turns the earlier 9S into a trump.
    let mut game = playing(&["JH 9C", "9S 10D", "10H QH", "9C KC"], 2, 30, "JS", 0);
    apply_all(
        &mut game,
        &[play("JH"), play("9S"), play("QH"), REVEAL, play("KC")],
    );
    assert_eq!(game.tricks()[0].winner, 1);
}

#[test]
fn rule_the_bidder_with_only_the_hidden_trump_left_reveals_it_automatically() {
    let mut game = playing(&["9C", "AC", "", "10C"], 2, 30, "JS", 0);
    game.tricks = vec![won(0, 0); 7];
    game.apply(&play("9C")).unwrap();
    game.apply(&play("AC")).unwrap();
    assert_eq!(game.to_act(), Some(2));
    assert_eq!(game.revealed_trump(), Some(card("JS")));
    assert_eq!(
        game.view(0).reveal,
        Some(Reveal {
            seat: 2,
            trick: 7,
            automatic: true
        })
    );
    assert_eq!(game.legal_actions(), [play("JS")]);
    apply_all(&mut game, &[play("JS"), play("10C")]);
    assert_eq!(
        game.last_deal().unwrap().card_points,
        7,
        "JS wins the last trick"
    );
}

#[test]
fn rule_tani_the_bidder_plays_alone_and_leads_every_trick() {
    for players in [4, 6] {
        let mut hands = vec!["AH 10H", "JH 9H KS", "JC 9C", "KH QH", "JD 9D", "QS KS"];
        hands.truncate(players);
        let mut game = hiding(&hands, players - 1, 1, TANI);
        game.apply(&hide("9H")).unwrap();
        let out: Vec<Seat> = (0..players).filter(|s| s % 2 == 1 && *s != 1).collect();
        assert_eq!(game.view(0).sitting_out, out);
        assert!(game.view(0).tani);
        assert_eq!(
            game.to_act(),
            Some(1),
            "the bidder leads, not left of the dealer"
        );
        game.apply(&play("JH")).unwrap();
        let mut order = vec![1];
        while game.tricks().is_empty() {
            let seat = game.to_act().unwrap();
            order.push(seat);
            let action = game.legal_actions()[0];
            game.apply(&action).unwrap();
        }
        let expected: Vec<Seat> = (1..players + 1)
            .map(|s| s % players)
            .filter(|s| !out.contains(s))
            .collect();
        assert_eq!(order, expected, "sit-outs skipped");
        assert_eq!(game.tricks()[0].cards.len(), players / 2 + 1);
        assert_eq!(game.trick().leader, 1);
        for seat in &out {
            assert_eq!(game.hand(*seat).len(), 2, "a sit-out keeps its cards");
        }
        // Whoever wins the trick, the bidder leads again.
        assert_eq!(game.to_act(), Some(1));
    }
}

#[test]
fn rule_tani_is_made_only_by_winning_all_eight_tricks_personally() {
    let mut game = playing(&["", "", "", ""], 0, TANI, "JS", 0);
    game.tricks = vec![won(0, 7); 8];
    game.end_deal();
    assert!(game.last_deal().unwrap().made);
    assert_eq!(game.totals(), [4, 0]);
    let mut game = playing(&["", "", "", ""], 0, TANI, "JS", 0);
    game.tricks = vec![won(0, 7); 8];
    game.tricks[7] = won(1, 0);
    game.end_deal();
    let result = *game.last_deal().unwrap();
    assert!(!result.made && result.tani);
    assert_eq!(result.card_points, 49);
    assert_eq!(game.totals(), [-5, 0]);
}

// ---- Scoring and the match ----------------------------------------------------------------

#[test]
fn rule_scoring_table_by_bid_band() {
    assert_eq!(
        (score_change(28, true, 4), score_change(39, false, 4)),
        (1, -2)
    );
    assert_eq!(
        (score_change(40, true, 4), score_change(55, false, 6)),
        (2, -3)
    );
    assert_eq!(
        (score_change(56, true, 4), score_change(56, false, 4)),
        (4, -5)
    );
    assert_eq!(
        (score_change(56, true, 6), score_change(56, false, 6)),
        (6, -7)
    );
}

#[test]
fn rule_scoring_only_the_bidding_team_changes() {
    // Team 1 (seat 3) bid 40 and took 39 points: failed, −3 to team 1, nothing to team 0.
    let mut game = playing(&["", "", "", ""], 3, 40, "JS", 0);
    game.tricks = vec![won(1, 20), won(3, 19), won(0, 17)];
    game.tricks.extend(vec![won(0, 0); 5]);
    game.end_deal();
    let result = *game.last_deal().unwrap();
    assert_eq!(
        (result.team, result.card_points, result.made),
        (1, 39, false)
    );
    assert_eq!(game.totals(), [0, -3]);
    // Exactly the bid is made.
    let mut game = playing(&["", "", "", ""], 2, 37, "JS", 0);
    game.tricks = vec![won(0, 20), won(2, 17), won(1, 19)];
    game.tricks.extend(vec![won(1, 0); 5]);
    game.end_deal();
    assert!(game.last_deal().unwrap().made);
    assert_eq!(game.totals(), [1, 0]);
    assert_eq!(game.view(1).last_deal.unwrap().change, 1);
}

#[test]
fn rule_the_dealer_moves_left_after_every_deal_played_out() {
    let mut game = new_game(6);
    let mut dealers = vec![game.dealer()];
    while game.deals_done() < 3 {
        let before = (game.deals_done(), game.void_deals());
        let action = game.legal_actions()[0];
        game.apply(&action).unwrap();
        if game.deals_done() != before.0 {
            dealers.push(game.dealer());
            assert_eq!(game.to_act(), Some((game.dealer() + 1) % 6));
        } else if game.void_deals() != before.1 {
            assert_eq!(game.dealer(), *dealers.last().unwrap());
        }
    }
    assert_eq!(dealers, [5, 0, 1, 2]);
}

#[test]
fn rule_match_lasts_one_deal_per_seat_by_default_and_ranks_the_teams() {
    let mut game = new_game(4);
    assert_eq!(game.deals(), 4);
    let mut steps = 0;
    while game.to_act().is_some() {
        let action = game.legal_actions()[0];
        game.apply(&action).unwrap();
        steps += 1;
        assert!(steps < 10_000);
    }
    assert_eq!(game.deals_done(), 4);
    assert_eq!(game.phase(), Phase::Over);
    assert!(game.legal_actions().is_empty());
    assert_eq!(game.apply(&PASS), Err(RuleError::GameOver));
    assert!(game.outcome().is_some());

    let mut game = playing(&["", "", "", ""], 1, 30, "JS", 0);
    game.deals = 1;
    game.totals = [3, 3];
    game.tricks = vec![won(1, 7); 8];
    game.end_deal();
    let outcome = game.outcome().unwrap();
    let ranks: Vec<u32> = outcome.seats.iter().map(|s| s.rank).collect();
    let scores: Vec<f64> = outcome.seats.iter().map(|s| s.score).collect();
    assert_eq!(ranks, [2, 1, 2, 1]);
    assert_eq!(scores, [3.0, 4.0, 3.0, 4.0]);
    assert!(outcome.is_win(1) && outcome.is_loss(0));
}

#[test]
fn rule_match_equal_totals_are_a_draw() {
    let mut game = playing(&["", "", "", "", "", ""], 0, 28, "JS", 0);
    game.deals = 1;
    game.totals = [-1, 0];
    game.tricks = vec![won(0, 7); 8];
    game.end_deal();
    assert_eq!(game.totals(), [0, 0]);
    let outcome = game.outcome().unwrap();
    assert!(outcome.is_draw());
    assert!(outcome.seats.iter().all(|s| s.rank == 1 && s.score == 0.0));
}

// ---- Setup --------------------------------------------------------------------------------

#[test]
fn rule_setup_four_or_six_players_and_checked_options() {
    let options = FiftySixOptions::default();
    for players in [0, 2, 3, 5, 7, 8] {
        let err = FiftySix::new(&options, players, 1).unwrap_err();
        assert!(matches!(err, SetupError::Players { .. }), "{players}");
        assert!(err.to_string().contains("4 or 6"), "{err}");
    }
    let too_long = FiftySixOptions {
        deals: MAX_DEALS + 1,
        ..options
    };
    assert!(matches!(
        FiftySix::new(&too_long, 4, 1),
        Err(SetupError::Options { .. })
    ));
    let ten = FiftySixOptions {
        deals: 10,
        ..options
    };
    assert_eq!(FiftySix::new(&ten, 6, 1).unwrap().deals(), 10);
    let bad_riffle: FiftySixOptions =
        serde_json::from_str(r#"{"shuffle":{"kind":"riffle","riffles":0}}"#).unwrap();
    let err = FiftySix::new(&bad_riffle, 4, 1).unwrap_err();
    assert!(err.to_string().contains("riffles"), "{err}");
    assert_eq!(
        serde_json::from_str::<FiftySixOptions>("{}").unwrap(),
        options
    );
    assert!(serde_json::from_str::<FiftySixOptions>(r#"{"deal":3}"#).is_err());
    let riffle: FiftySixOptions =
        serde_json::from_str(r#"{"deals":2,"shuffle":{"kind":"riffle","riffles":2}}"#).unwrap();
    assert!(FiftySix::new(&riffle, 6, 1).is_ok());
}

// ---- Wire forms and the view --------------------------------------------------------------

#[test]
fn actions_are_json_tagged_by_kind() {
    let cases = [
        (bid(30), r#"{"kind":"bid","points":30}"#),
        (PASS, r#"{"kind":"pass"}"#),
        (hide("JH"), r#"{"kind":"hide_trump","card":"JH"}"#),
        (REVEAL, r#"{"kind":"reveal_trump"}"#),
        (play("10S"), r#"{"kind":"play","card":"10S"}"#),
    ];
    for (action, json) in cases {
        assert_eq!(serde_json::to_string(&action).unwrap(), json);
        assert_eq!(
            serde_json::from_str::<FiftySixAction>(json).unwrap(),
            action
        );
    }
    assert!(serde_json::from_str::<FiftySixAction>(r#"{"kind":"play","card":"2X"}"#).is_err());
    assert!(
        serde_json::from_str::<FiftySixAction>(r#"{"kind":"play","card":"JH","x":1}"#).is_err()
    );
}

#[test]
fn actions_of_the_wrong_phase_are_refused_without_change() {
    let game = new_game(4);
    for action in [hide("JH"), play("JH"), REVEAL] {
        let mut copy = game.clone();
        let err = copy.apply(&action).unwrap_err();
        assert!(err.to_string().contains("bidding phase"), "{err}");
        assert_eq!(copy, game);
    }
}

#[test]
fn the_view_shows_the_public_deal_and_only_its_own_hand() {
    let mut game = playing(&["JH 9C", "9H 10D", "10C QH", "AH KC"], 2, 30, "KS", 0);
    game.bids = vec![
        BidEntry {
            seat: 0,
            points: Some(28),
        },
        BidEntry {
            seat: 1,
            points: None,
        },
    ];
    apply_all(&mut game, &[play("9C")]);
    let view = game.view(1);
    assert_eq!((view.seat, view.players, view.team), (1, 4, 1));
    assert_eq!(view.phase, Phase::Playing);
    assert_eq!(texts(&view.hand), "10D 9H");
    assert_eq!(view.hand_sizes, [1, 2, 2, 2]);
    assert_eq!(view.bidder, Some(2));
    assert_eq!(view.led_suit(), Some(Suit::Clubs));
    assert_eq!(view.winning_card().map(|p| p.seat), Some(0));
    assert_eq!(view.trump_in_force(), None);
    let json = serde_json::to_value(&view).unwrap();
    assert_eq!(json["phase"], "playing");
    assert_eq!(json["bidding"][1]["points"], serde_json::Value::Null);
    assert_eq!(json["standing_bid"]["points"], 30);
    assert_eq!(json["trick"]["cards"][0]["card"], "9C");
    let back: FiftySixView = serde_json::from_value(json).unwrap();
    assert_eq!(back, view);
}

#[test]
fn the_transcript_logs_deals_bids_trump_tricks_and_scores() {
    let initial = FiftySix::new(
        &FiftySixOptions {
            deals: 1,
            ..FiftySixOptions::default()
        },
        4,
        3,
    )
    .unwrap();
    let mut game = initial.clone();
    let mut actions = Vec::new();
    while game.to_act().is_some() {
        let legal = game.legal_actions();
        let action = legal[actions.len() * 7 % legal.len()];
        game.apply(&action).unwrap();
        actions.push(action);
    }
    let names: Vec<String> = ["Ann", "Bob", "Cid", "Dee"].map(String::from).to_vec();
    let log = FiftySix::transcript(&initial, &actions, &names).unwrap();
    assert!(
        log.starts_with("Fifty-six, 4 players, 1 deals, uniform shuffle\nDeal 1"),
        "{log}"
    );
    assert!(log.contains("Bidding: Ann "), "{log}");
    assert!(log.contains("hides the trump"), "{log}");
    assert!(log.contains("Trick 8: "), "{log}");
    assert!(log.contains("Match over: team 0 (Ann, Cid)"), "{log}");
    assert!(FiftySix::transcript(&initial, &[PASS], &names).is_none());
}
