//! Seed 004's rules and every RULES.md decision on hand-built positions: the pack and its
//! points, the deal, the bidding, the hidden trump and void deals, following suit, calling for
//! the trump, judging tricks, tani, scoring, the dealer's turn, the match's end and the view.

use super::*;
use crate::shuffle::{self, RiffleShuffle};

mod bidding;
mod deal;
mod encode;
mod play;
mod scoring;

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
