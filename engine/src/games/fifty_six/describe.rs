//! A fifty-six decision in words, for the match page and the frames API
//! ([`Game::describe`](crate::Game::describe)): "bids 28", "bids 56 (tani)", "passes",
//! "passes: seat 2 wins the bidding at 30", "hides 9C as trump", "reveals the trump: 9C",
//! "plays JH", "plays JH and wins the trick, 5 points". Read against the game before the decision.
//! The hidden card is private (the public page shows its words for a finished match only); the
//! trump a call reveals is shown to all by the call itself.

use super::{FiftySix, FiftySixAction, TANI};

/// `action`, a decision of the seat to act in `game`, in words, then what the engine did by
/// itself because of it (a new deal dealt, the result: [`crate::describe::with_aftermath`]).
pub(super) fn describe(game: &FiftySix, action: &FiftySixAction) -> String {
    crate::describe::with_aftermath(game, action, decision(game, action), automatic_reveal)
}

/// The decision itself in words.
fn decision(game: &FiftySix, action: &FiftySixAction) -> String {
    match *action {
        FiftySixAction::Bid { points: TANI } => format!("bids {TANI} (tani)"),
        FiftySixAction::Bid { points } => format!("bids {points}"),
        FiftySixAction::Pass => match game.standing {
            // The last pass of a bidding that ends on it.
            Some(bid) if game.passes + 2 >= game.players => {
                format!(
                    "passes: seat {} wins the bidding at {}",
                    bid.seat, bid.points
                )
            }
            _ => "passes".to_string(),
        },
        FiftySixAction::HideTrump { card } if game.voids(card) => format!(
            "hides {card} as trump, but the other team holds none of its suit: the deal is void"
        ),
        FiftySixAction::HideTrump { card } => format!("hides {card} as trump"),
        FiftySixAction::RevealTrump => match game.hidden_trump() {
            Some(card) => format!("reveals the trump: {card}"),
            None => "reveals the trump".to_string(),
        },
        FiftySixAction::Play { card } => match game.trick_finished_by(card) {
            Some((winner, points)) => {
                let points = match points {
                    1 => "1 point".to_string(),
                    n => format!("{n} points"),
                };
                if winner == game.turn {
                    format!("plays {card} and wins the trick, {points}")
                } else {
                    format!("plays {card}: seat {winner} wins the trick, {points}")
                }
            }
            None => format!("plays {card}"),
        },
    }
}

/// The bidder's hidden trump turning up by itself (it had no other card to play), between
/// `before` and `after`: its suit, not the card, which goes back to the bidder's hand.
fn automatic_reveal(before: &FiftySix, after: &FiftySix) -> Vec<String> {
    match (before.reveal, after.reveal) {
        (None, Some(reveal)) if reveal.automatic => {
            let suit = after.revealed_trump().and_then(|c| c.suit());
            vec![format!(
                "seat {} has only the hidden trump left: it turns up, trumps are {}",
                reveal.seat,
                match suit {
                    Some(crate::cards::Suit::Clubs) => "clubs",
                    Some(crate::cards::Suit::Diamonds) => "diamonds",
                    Some(crate::cards::Suit::Hearts) => "hearts",
                    Some(crate::cards::Suit::Spades) => "spades",
                    None => "unknown",
                }
            )]
        }
        (None, Some(reveal)) => match before.bidder() {
            Some(bidder) if bidder != reveal.seat => {
                vec![format!("the trump goes back to seat {bidder}'s hand")]
            }
            _ => Vec::new(),
        },
        _ => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Bid, FiftySixOptions, Phase, Trick};
    use crate::cards::Card;
    use crate::game::{Game, Seat};

    use super::*;

    fn card(text: &str) -> Card {
        text.parse().unwrap()
    }

    /// A deal of four in its bidding with these hands (each in hand order), seat 0 to bid.
    fn bidding(hands: [&str; 4]) -> FiftySix {
        let mut game = FiftySix::new(&FiftySixOptions::default(), 4, 1).unwrap();
        game.dealer = 3;
        game.hands = hands
            .iter()
            .map(|h| h.split_whitespace().map(card).collect())
            .collect();
        game.dealt = game.hands.clone();
        game.turn = 0;
        game
    }

    /// The same deal in play: seat 0's contract of 30 with `trump` hidden, `leader` to lead.
    fn playing(hands: [&str; 4], trump: &str, leader: Seat) -> FiftySix {
        let mut game = bidding(hands);
        game.standing = Some(Bid {
            seat: 0,
            points: 30,
        });
        game.phase = Phase::Playing;
        game.trump = Some(card(trump));
        game.trick = Trick {
            leader,
            cards: Vec::new(),
        };
        game.turn = leader;
        game
    }

    /// Describes `action` and applies it, checking it was legal.
    fn say(game: &mut FiftySix, action: FiftySixAction) -> String {
        assert!(game.legal_actions().contains(&action), "{action:?}");
        let text = game.describe(&action);
        game.apply(&action).unwrap();
        text
    }

    fn play(text: &str) -> FiftySixAction {
        FiftySixAction::Play { card: card(text) }
    }

    #[test]
    fn the_bidding_in_words() {
        let mut game = bidding(["9C JS", "9H AC", "10S QH", "AH KC"]);
        let bid = |points| FiftySixAction::Bid { points };
        assert_eq!(say(&mut game, bid(28)), "bids 28");
        assert_eq!(say(&mut game, bid(30)), "bids 30");
        assert_eq!(game.describe(&bid(TANI)), "bids 56 (tani)");
        assert_eq!(say(&mut game, FiftySixAction::Pass), "passes");
        assert_eq!(say(&mut game, FiftySixAction::Pass), "passes");
        assert_eq!(
            say(&mut game, FiftySixAction::Pass),
            "passes: seat 1 wins the bidding at 30"
        );
        let hide = FiftySixAction::HideTrump { card: card("AC") };
        assert_eq!(say(&mut game, hide), "hides AC as trump");
    }

    #[test]
    fn a_hidden_trump_nobody_else_holds_voids_the_deal() {
        let mut game = bidding(["9C JS", "9H AC", "10S QH", "AH KC"]);
        game.standing = Some(Bid {
            seat: 0,
            points: 30,
        });
        game.phase = Phase::HidingTrump;
        let hide = FiftySixAction::HideTrump { card: card("JS") };
        assert_eq!(
            say(&mut game, hide),
            "hides JS as trump, but the other team holds none of its suit: the deal is void"
        );
        assert_eq!(game.void_deals(), 1);
    }

    #[test]
    fn plays_name_who_wins_a_finished_trick() {
        let mut game = playing(["JH 9C", "AC 9H", "10C QH", "KC AH"], "KD", 0);
        assert_eq!(say(&mut game, play("9C")), "plays 9C");
        assert_eq!(say(&mut game, play("AC")), "plays AC");
        assert_eq!(say(&mut game, play("10C")), "plays 10C");
        assert_eq!(
            say(&mut game, play("KC")),
            "plays KC: seat 0 wins the trick, 4 points"
        );
        assert_eq!(say(&mut game, play("JH")), "plays JH");
        assert_eq!(say(&mut game, play("9H")), "plays 9H");
        assert_eq!(say(&mut game, play("QH")), "plays QH");
        assert_eq!(
            game.describe(&play("AH")),
            "plays AH: seat 0 wins the trick, 6 points; \
             seat 0 has only the hidden trump left: it turns up, trumps are diamonds"
        );
    }

    #[test]
    fn a_call_reveals_the_trump_which_then_wins() {
        let mut game = playing(["JH 9C", "9H AS 10D", "10C QH 9S", "AH KC"], "KS", 0);
        assert_eq!(say(&mut game, play("9C")), "plays 9C");
        let reveal = FiftySixAction::RevealTrump;
        assert_eq!(
            say(&mut game, reveal),
            "reveals the trump: KS; the trump goes back to seat 0's hand"
        );
        assert_eq!(say(&mut game, play("AS")), "plays AS");
        assert_eq!(say(&mut game, play("10C")), "plays 10C");
        assert_eq!(
            game.describe(&play("KC")),
            "plays KC: seat 1 wins the trick, 4 points"
        );
        let mut one = playing(["JH 9C", "QC", "KC", "10C"], "KD", 1);
        say(&mut one, play("QC"));
        say(&mut one, play("KC"));
        say(&mut one, play("10C"));
        assert_eq!(
            one.describe(&play("9C")),
            "plays 9C and wins the trick, 3 points"
        );
    }
}
