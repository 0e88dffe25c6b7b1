//! Riffle deals: packets from the top, the table's gathered cards, the seed.

use super::*;

fn riffle_options(riffles: u32, cut: bool, packet: usize) -> MostOptions {
    MostOptions {
        shuffle: ShuffleModel::Riffle(shuffle::RiffleShuffle {
            riffles,
            cut,
            packet,
        }),
        ..MostOptions::default()
    }
}

/// `deck` dealt by hand in packets of four, then two: the hands from the first seat dealt to on.
fn dealt_by_hand(deck: &[Card], players: usize) -> Vec<CardSet> {
    (0..players)
        .map(|k| {
            let second = 4 * players + 2 * k;
            deck[4 * k..4 * k + 4]
                .iter()
                .chain(&deck[second..second + 2])
                .copied()
                .collect()
        })
        .collect()
}

/// The hands from the seat after the dealer on, the order they are dealt.
fn hands_from_the_dealers_left(game: &Most) -> Vec<CardSet> {
    let players = game.players();
    (1..=players)
        .map(|k| game.hand((game.dealer() + k) % players))
        .collect()
}

#[test]
fn a_riffle_deals_the_riffled_pack_in_packets_from_the_top() {
    for players in 2..=6 {
        for seed in 0..10 {
            let game = Most::new(&riffle_options(1, false, 4), players, seed).unwrap();
            // The pack riffled once with the first deal's draws, dealt by hand from the seat
            // after the dealer; the next card starts the bridge, the rest is drawn from its top.
            let mut deck = most_pack();
            shuffle::riffle(&mut deck, &mut rng(shuffle::derive_seed(seed, 0)));
            assert_eq!(
                hands_from_the_dealers_left(&game),
                dealt_by_hand(&deck, players),
                "seed {seed}"
            );
            let rest = &deck[6 * players..];
            assert_eq!(game.bridge(), &rest[..1]);
            let drawn: Vec<Card> = game.deck().iter().rev().copied().collect();
            assert_eq!(drawn, &rest[1..]);
        }
    }
}

#[test]
fn a_later_riffle_deal_starts_from_the_cards_as_the_table_gathers_them() {
    let mut game = Most::new(&riffle_options(1, false, 4), 3, 9).unwrap();
    // Seat 1 has a meld on the table (its shape does not matter here), seat 2 has put its hand
    // on the bridge, and the deal ends.
    let melded: Vec<Card> = (0..3).map(|_| game.deck.pop().unwrap()).collect();
    game.melds.push(TableMeld {
        owner: 1,
        kind: MeldKind::Run,
        slots: melded
            .iter()
            .map(|&card| Slot {
                card,
                stands_for: card,
                by: 1,
            })
            .collect(),
    });
    let hand = std::mem::take(&mut game.hands[2]);
    game.bridge.extend(hand.iter());
    let mut expected = melded;
    expected.extend(game.bridge.iter());
    expected.extend(game.hands[0].iter().chain(game.hands[1].iter()));
    expected.extend(game.deck.iter().rev());
    assert_eq!(game.gathered(), expected);
    game.end_deal();
    assert_eq!((game.deals_played(), game.dealer()), (1, 1));
    shuffle::riffle(&mut expected, &mut rng(shuffle::derive_seed(9, 1)));
    assert_eq!(
        hands_from_the_dealers_left(&game),
        dealt_by_hand(&expected, 3)
    );
    assert_eq!(game.bridge(), &expected[18..19]);
    let drawn: Vec<Card> = game.deck().iter().rev().copied().collect();
    assert_eq!(drawn, &expected[19..]);
}

#[test]
fn a_riffle_deal_is_fixed_by_the_seed_keeps_every_card_and_is_checked() {
    let options = riffle_options(3, true, 4);
    let game = Most::new(&options, 4, 5).unwrap();
    assert_eq!(game, Most::new(&options, 4, 5).unwrap());
    assert_ne!(game, Most::new(&options, 4, 6).unwrap());
    let uniform = Most::new(&MostOptions::default(), 4, 5).unwrap();
    assert_ne!(game.hand(1), uniform.hand(1));
    let all = game.gathered();
    assert_eq!(all.len(), PACK_SIZE);
    assert_eq!(
        all.into_iter().collect::<CardSet>(),
        most_pack().into_iter().collect()
    );
    for bad in [riffle_options(0, true, 4), riffle_options(3, true, 0)] {
        match Most::new(&bad, 4, 1) {
            Err(SetupError::Options { game, detail }) => {
                assert_eq!(game, "most");
                assert!(detail.starts_with("shuffle."), "{detail}");
            }
            other => panic!("{other:?}"),
        }
    }
    let parsed: MostOptions =
        serde_json::from_str(r#"{"shuffle": {"kind": "riffle", "riffles": 2}}"#).unwrap();
    assert_eq!(parsed, riffle_options(2, true, 4));
}
