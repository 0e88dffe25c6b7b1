//! Fifty-six's table snapshot on a hand-built deal: the teams, the bids and contract, the hidden
//! trump face down to everyone but its bidder until the reveal, the current trick, and the tricks
//! and points each team won.

use serde_json::json;

use super::*;
use crate::shuffle::below;
use crate::table::{Eye, Pile};

fn card(text: &str) -> Card {
    text.parse().unwrap()
}

/// Four players, dealer seat 3, these hands (seat 0 bids first).
fn dealt(hands: [&str; 4]) -> FiftySix {
    let mut game = FiftySix::new(&FiftySixOptions::default(), 4, 1).unwrap();
    game.hands = hands
        .iter()
        .map(|h| {
            let mut hand: Vec<Card> = h.split_whitespace().map(card).collect();
            hand.sort_by_key(hand_order);
            hand
        })
        .collect();
    game.dealt = game.hands.clone();
    game
}

fn apply(game: &mut FiftySix, actions: &[FiftySixAction]) {
    for action in actions {
        game.apply(action).unwrap();
    }
}

fn a_contract_of_28_with_clubs_hidden() -> FiftySix {
    let mut game = dealt([
        "JH 9H AH 10H JC 9C AC 10C",
        "JD 9D AD 10D JS 9S AS 10S",
        "JH 9H AH 10H JD 9D AD 10D",
        "JC 9C AC 10C JS 9S AS 10S",
    ]);
    apply(
        &mut game,
        &[
            FiftySixAction::Bid { points: 28 },
            FiftySixAction::Pass,
            FiftySixAction::Pass,
            FiftySixAction::Pass,
            FiftySixAction::HideTrump { card: card("10C") },
        ],
    );
    game
}

#[test]
fn the_bids_teams_and_contract_are_on_the_table() {
    let game = a_contract_of_28_with_clubs_hidden();
    let table = serde_json::to_value(game.table(Eye::Public)).unwrap();
    assert_eq!(table["teams"], json!([[0, 2], [1, 3]]));
    assert_eq!(
        table["bids"],
        json!([
            {"seat": 0, "points": 28},
            {"seat": 1, "points": null},
            {"seat": 2, "points": null},
            {"seat": 3, "points": null},
        ])
    );
    assert_eq!(
        (table["bidder"].clone(), table["bid"].clone()),
        (json!(0), json!(28))
    );
    assert_eq!(table["tani"], false);
    assert_eq!(table["dealer"], 3);
    assert_eq!(
        (table["deal"].clone(), table["trick"].clone()),
        (json!(1), json!(1))
    );
    assert_eq!(table["phase"], "playing");

    let mut bidding = dealt([
        "JH 9H AH 10H JC 9C AC 10C",
        "JD 9D AD 10D JS 9S AS 10S",
        "JH 9H AH 10H JD 9D AD 10D",
        "JC 9C AC 10C JS 9S AS 10S",
    ]);
    apply(&mut bidding, &[FiftySixAction::Bid { points: 30 }]);
    let table = bidding.table(Eye::All);
    assert_eq!(
        table.layout.bidder, None,
        "no contract while the bidding runs"
    );
    assert_eq!(table.layout.bid, None);
    assert_eq!(table.layout.bids.len(), 1);
    assert!(
        table.layout.trump.is_empty(),
        "no trump before it is hidden"
    );
}

#[test]
fn the_hidden_trump_is_face_down_but_to_its_bidder_until_revealed() {
    let mut game = a_contract_of_28_with_clubs_hidden();
    let down = Pile::down(1);
    let up = Pile::up([card("10C")]);
    assert_eq!(game.table(Eye::Public).layout.trump, down);
    assert_eq!(game.table(Eye::Seat(1)).layout.trump, down);
    assert_eq!(
        game.table(Eye::Seat(2)).layout.trump,
        down,
        "not even to the partner"
    );
    assert_eq!(game.table(Eye::Seat(0)).layout.trump, up);
    assert_eq!(game.table(Eye::All).layout.trump, up);
    assert_eq!(
        game.table(Eye::All).hands[0].len(),
        7,
        "the hidden card is not in the hand"
    );
    assert_eq!(game.table(Eye::Public).layout.revealed, None);

    apply(&mut game, &[FiftySixAction::Play { card: card("JH") }]);
    let public = game.table(Eye::Public);
    assert_eq!(public.layout.current.leader, 0);
    assert_eq!(
        serde_json::to_value(&public.layout.current).unwrap(),
        json!({"leader": 0, "cards": [{"seat": 0, "card": "JH"}]})
    );
    assert_eq!(public.layout.trump, down);

    apply(&mut game, &[FiftySixAction::RevealTrump]);
    for eye in [Eye::Public, Eye::Seat(2), Eye::All] {
        let table = game.table(eye);
        assert!(
            table.layout.trump.is_empty(),
            "revealed: back in the bidder's hand"
        );
        assert_eq!(
            table.layout.revealed,
            Some(Revealed {
                suit: Suit::Clubs,
                seat: 1,
                trick: 1,
                automatic: false,
            })
        );
    }
    let all = game.table(Eye::All);
    assert_eq!(
        all.hands[0].len(),
        7,
        "seven: one card played, the trump back"
    );
    assert!(all.hands[0].cards.contains(&card("10C")));
    let json = serde_json::to_value(game.table(Eye::Public)).unwrap();
    assert_eq!(
        json["revealed"],
        json!({"suit": "C", "seat": 1, "trick": 1, "automatic": false})
    );
}

#[test]
fn the_current_trick_and_what_each_team_won() {
    let mut game = a_contract_of_28_with_clubs_hidden();
    apply(
        &mut game,
        &[
            FiftySixAction::Play { card: card("JH") },
            FiftySixAction::RevealTrump,
            FiftySixAction::Play { card: card("10D") },
            FiftySixAction::Play { card: card("9H") },
        ],
    );
    let cards: Vec<Card> = game
        .table(Eye::Public)
        .layout
        .current
        .cards
        .iter()
        .map(|p| p.card)
        .collect();
    assert_eq!(cards, [card("JH"), card("10D"), card("9H")]);
    apply(&mut game, &[FiftySixAction::Play { card: card("9C") }]);
    let table = game.table(Eye::Public);
    assert_eq!(table.trick, 2);
    assert!(table.layout.current.cards.is_empty());
    assert_eq!(
        table.layout.current.leader, 3,
        "the trump won: seat 3 leads"
    );
    assert_eq!(table.layout.taken[0], Pile::default());
    assert_eq!(
        table.layout.taken[1],
        Pile::up([card("JH"), card("10D"), card("9H"), card("9C")])
    );
    assert_eq!(
        table.layout.won[0],
        Won {
            tricks: 0,
            points: 0
        }
    );
    assert_eq!(
        table.layout.won[1],
        Won {
            tricks: 1,
            points: 8
        }
    );
    let json = serde_json::to_value(&table).unwrap();
    assert_eq!(
        json["won"],
        json!([{"tricks": 0, "points": 0}, {"tricks": 1, "points": 8}])
    );
    assert_eq!(json["totals"], json!([0, 0]));
}

#[test]
fn no_eye_but_the_bidders_and_all_sees_the_hidden_trump_in_random_games() {
    for (seed, players) in [(1, 4), (2, 6), (3, 4), (4, 6), (5, 4), (6, 6)] {
        let mut game = FiftySix::new(&FiftySixOptions::default(), players, seed).unwrap();
        let mut rng = crate::shuffle::rng(seed);
        let mut hidden_steps = 0;
        while game.to_act().is_some() {
            if let (Some(hidden), Some(bidder)) = (game.hidden_trump(), game.bidder()) {
                hidden_steps += 1;
                for seat in (0..players).filter(|&s| s != bidder) {
                    assert_eq!(game.table(Eye::Seat(seat)).layout.trump, Pile::down(1));
                }
                assert_eq!(game.table(Eye::Public).layout.trump, Pile::down(1));
                assert_eq!(
                    game.table(Eye::Seat(bidder)).layout.trump,
                    Pile::up([hidden])
                );
                assert_eq!(game.table(Eye::Public).layout.revealed, None);
            }
            let legal = game.legal_actions();
            game.apply(&legal[below(&mut rng, legal.len())]).unwrap();
        }
        assert!(hidden_steps > 0, "seed {seed} hid a trump");
        let over = game.table(Eye::All);
        assert_eq!((over.deal, over.trick), (players as u32, HAND_SIZE as u32));
    }
}
