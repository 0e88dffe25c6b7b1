//! The pack and its points, and the deal.

use super::*;

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
