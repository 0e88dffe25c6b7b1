//! The meld enumeration against a brute force on random hands.

use super::*;

/// Every meld action a bot could name from `game`'s hand: every subset of its standard cards with
/// none, one or both jokers standing for any standard cards.
fn brute_force_melds(game: &Most) -> Vec<MostAction> {
    let hand = game.hand(game.to_act);
    let naturals: Vec<Card> = hand.iter().filter(|c| !c.is_joker()).collect();
    let jokers: Vec<Card> = hand.iter().filter(|c| c.is_joker()).collect();
    let standard: Vec<Card> = most_pack().into_iter().filter(|c| !c.is_joker()).collect();
    let mut joker_lists: Vec<Vec<JokerAs>> = vec![vec![]];
    for &j in &jokers {
        for &x in &standard {
            joker_lists.push(vec![JokerAs {
                joker: j,
                stands_for: x,
            }]);
        }
    }
    if jokers.len() == 2 {
        for &x in &standard {
            for &y in &standard {
                joker_lists.push(vec![
                    JokerAs {
                        joker: jokers[0],
                        stands_for: x,
                    },
                    JokerAs {
                        joker: jokers[1],
                        stands_for: y,
                    },
                ]);
            }
        }
    }
    let mut out = Vec::new();
    for mask in 0..1u32 << naturals.len() {
        let chosen: Vec<Card> = (0..naturals.len())
            .filter(|i| mask & (1 << i) != 0)
            .map(|i| naturals[i])
            .collect();
        for js in &joker_lists {
            let action = MostAction::Meld {
                cards: chosen.as_slice().into(),
                jokers: js.as_slice().into(),
            };
            if game.check(&action).is_ok() {
                out.push(action);
            }
        }
    }
    out
}

#[test]
fn meld_enumeration_matches_a_brute_force_on_random_hands() {
    let mut r = rng(2024);
    for round in 0..40 {
        let mut pack = most_pack();
        crate::shuffle::shuffle(&mut pack, &mut r);
        let size = 5 + below(&mut r, 4);
        let mut hand: CardSet = pack[..size].iter().copied().collect();
        if round % 3 == 0 {
            hand.insert(Card::RED_JOKER);
        }
        if round % 5 == 0 {
            hand.insert(Card::BLACK_JOKER);
        }
        // Keep the brute force small: at most seven standard cards.
        while hand.iter().filter(|c| !c.is_joker()).count() > 7 {
            let first = hand.lowest().unwrap();
            hand.remove(first);
        }
        let rest: Vec<Card> = pack[size..]
            .iter()
            .copied()
            .filter(|c| !c.is_joker())
            .collect();
        let mut game = play(&["2C", "5S"], vec![], &[false, false]);
        game.hands[0] = hand;
        game.bridge = rest[..3].to_vec();
        if round % 2 == 0 {
            // A table meld with a joker constrains what may be declared.
            let x = rest[3];
            if let (Some(rank), Some(_)) = (x.rank(), x.suit()) {
                let others: Vec<Card> = Suit::ALL
                    .into_iter()
                    .map(|s| Card::new(rank, s))
                    .filter(|&o| o != x && !hand.contains(o) && !game.bridge.contains(&o))
                    .take(2)
                    .collect();
                if others.len() == 2 && !hand.contains(Card::BLACK_JOKER) {
                    game.melds.push(TableMeld {
                        owner: 1,
                        kind: MeldKind::Set,
                        slots: vec![
                            Slot {
                                card: others[0],
                                stands_for: others[0],
                                by: 1,
                            },
                            Slot {
                                card: others[1],
                                stands_for: others[1],
                                by: 1,
                            },
                            Slot {
                                card: Card::BLACK_JOKER,
                                stands_for: x,
                                by: 1,
                            },
                        ],
                    });
                }
            }
        }
        let mut listed: Vec<MostAction> = Vec::new();
        game.melds_into(&mut listed);
        let brute = brute_force_melds(&game);
        let key = |a: &MostAction| format!("{a:?}");
        let mut a: Vec<String> = listed.iter().map(key).collect();
        let mut b: Vec<String> = brute.iter().map(key).collect();
        let before = a.len();
        a.sort();
        a.dedup();
        assert_eq!(a.len(), before, "the enumeration repeats a meld");
        b.sort();
        assert_eq!(a, b, "hand {hand:?}");
    }
}
