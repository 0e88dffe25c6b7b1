//! A fifty-six decision in words, for the match page and the frames API
//! ([`Game::describe`](crate::Game::describe)): "bids 28", "bids 56 (tani)", "passes",
//! "passes: seat 2 wins the bidding at 30", "hides 9♣ as trump", "reveals the trump: 9♣",
//! "plays J♥", "plays J♥ and wins the trick, 5 points". Read against the game before the
//! decision. The hidden card is private (the public page shows its words for a finished match
//! only); the trump a call reveals is shown to all by the call itself.

use super::{FiftySix, FiftySixAction, TANI};
use crate::phrase::Phrase;

/// `action`, a decision of the seat to act in `game`, as phrases, then what the engine did by
/// itself because of it (a new deal dealt, the result: [`crate::describe::with_aftermath`]).
pub(super) fn describe(game: &FiftySix, action: &FiftySixAction) -> Vec<Phrase> {
    let own = decision(game, action).seat("actor", game.turn);
    crate::describe::with_aftermath(game, action, vec![own], automatic_reveal)
}

/// What the public sees of the trump hidden face down: that a card was hidden.
pub(super) fn hidden(game: &FiftySix) -> Vec<Phrase> {
    vec![Phrase::new("fifty-six-hides-a-card").seat("actor", game.turn)]
}

/// The decision itself, without its actor.
fn decision(game: &FiftySix, action: &FiftySixAction) -> Phrase {
    match *action {
        FiftySixAction::Bid { points: TANI } => {
            Phrase::new("fifty-six-bids-tani").number("points", TANI)
        }
        FiftySixAction::Bid { points } => Phrase::new("fifty-six-bids").number("points", points),
        FiftySixAction::Pass => match game.standing {
            // The last pass of a bidding that ends on it.
            Some(bid) if game.passes + 2 >= game.players => {
                Phrase::new("fifty-six-passes-bidding-won")
                    .seat("winner", bid.seat)
                    .number("points", bid.points)
            }
            _ => Phrase::new("fifty-six-passes"),
        },
        FiftySixAction::HideTrump { card } if game.voids(card) => {
            Phrase::new("fifty-six-hides-void").card("card", card)
        }
        FiftySixAction::HideTrump { card } => Phrase::new("fifty-six-hides").card("card", card),
        FiftySixAction::RevealTrump => match game.hidden_trump() {
            Some(card) => Phrase::new("fifty-six-reveals").card("card", card),
            None => Phrase::new("fifty-six-reveals-hidden"),
        },
        FiftySixAction::Play { card } => match game.trick_finished_by(card) {
            Some((winner, points)) if winner == game.turn => {
                Phrase::new("fifty-six-plays-wins").count("points", points)
            }
            Some((winner, points)) => Phrase::new("fifty-six-plays-other-wins")
                .seat("winner", winner)
                .count("points", points),
            None => Phrase::new("fifty-six-plays"),
        }
        .card("card", card),
    }
}

/// The bidder's hidden trump turning up by itself (it had no other card to play), between
/// `before` and `after`: its suit, not the card, which goes back to the bidder's hand.
fn automatic_reveal(before: &FiftySix, after: &FiftySix) -> Vec<Phrase> {
    match (before.reveal, after.reveal) {
        (None, Some(reveal)) if reveal.automatic => {
            let suit = after.revealed_trump().and_then(|c| c.suit());
            suit.map(|suit| {
                Phrase::new("fifty-six-trump-turns-up")
                    .seat("seat", reveal.seat)
                    .suit("suit", suit)
            })
            .into_iter()
            .collect()
        }
        (None, Some(reveal)) => match before.bidder() {
            Some(bidder) if bidder != reveal.seat => {
                vec![Phrase::new("fifty-six-trump-back").seat("seat", bidder)]
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
    use crate::phrase::english::{Names, words};

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
        let text = words(&game.describe(&action), &Names::numbered());
        game.apply(&action).unwrap();
        text
    }

    fn play(text: &str) -> FiftySixAction {
        FiftySixAction::Play { card: card(text) }
    }

    /// `action` of `game` in English, the seats numbered, without applying it.
    fn told(game: &FiftySix, action: &FiftySixAction) -> String {
        words(&game.describe(action), &Names::numbered())
    }

    #[test]
    fn the_bidding_in_words() {
        let mut game = bidding(["9C JS", "9H AC", "10S QH", "AH KC"]);
        let bid = |points| FiftySixAction::Bid { points };
        assert_eq!(say(&mut game, bid(28)), "Seat 0 bids 28");
        assert_eq!(say(&mut game, bid(30)), "Seat 1 bids 30");
        assert_eq!(told(&game, &bid(TANI)), "Seat 2 bids 56 (tani)");
        assert_eq!(say(&mut game, FiftySixAction::Pass), "Seat 2 passes");
        assert_eq!(say(&mut game, FiftySixAction::Pass), "Seat 3 passes");
        assert_eq!(
            say(&mut game, FiftySixAction::Pass),
            "Seat 0 passes: seat 1 wins the bidding at 30"
        );
        let hide = FiftySixAction::HideTrump { card: card("AC") };
        assert_eq!(game.hidden(&hide), Some(hidden(&game)));
        assert_eq!(
            words(&hidden(&game), &Names::numbered()),
            "Seat 1 hides a card as trump"
        );
        assert_eq!(say(&mut game, hide), "Seat 1 hides A♣ as trump");
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
            "Seat 0 hides J♠ as trump, but the other team holds none of its suit: the deal is void"
        );
        assert_eq!(game.void_deals(), 1);
    }

    #[test]
    fn plays_name_who_wins_a_finished_trick() {
        let mut game = playing(["JH 9C", "AC 9H", "10C QH", "KC AH"], "KD", 0);
        assert_eq!(say(&mut game, play("9C")), "Seat 0 plays 9♣");
        assert_eq!(say(&mut game, play("AC")), "Seat 1 plays A♣");
        assert_eq!(say(&mut game, play("10C")), "Seat 2 plays 10♣");
        assert_eq!(
            say(&mut game, play("KC")),
            "Seat 3 plays K♣: seat 0 wins the trick, 4 points"
        );
        assert_eq!(say(&mut game, play("JH")), "Seat 0 plays J♥");
        assert_eq!(say(&mut game, play("9H")), "Seat 1 plays 9♥");
        assert_eq!(say(&mut game, play("QH")), "Seat 2 plays Q♥");
        assert_eq!(
            told(&game, &play("AH")),
            "Seat 3 plays A♥: seat 0 wins the trick, 6 points; \
             seat 0 has only the hidden trump left: it turns up, trumps are diamonds"
        );
        let names: Vec<String> = ["a", "b", "c", "d"].map(String::from).to_vec();
        assert_eq!(
            words(&game.describe(&play("AH")), &Names::new(&names, Some(0))),
            "d plays A♥: you win the trick, 6 points; \
             you have only the hidden trump left: it turns up, trumps are diamonds"
        );
    }

    #[test]
    fn a_call_reveals_the_trump_which_then_wins() {
        let mut game = playing(["JH 9C", "9H AS 10D", "10C QH 9S", "AH KC"], "KS", 0);
        assert_eq!(say(&mut game, play("9C")), "Seat 0 plays 9♣");
        let reveal = FiftySixAction::RevealTrump;
        assert_eq!(
            say(&mut game, reveal),
            "Seat 1 reveals the trump: K♠; the trump goes back to seat 0's hand"
        );
        assert_eq!(say(&mut game, play("AS")), "Seat 1 plays A♠");
        assert_eq!(say(&mut game, play("10C")), "Seat 2 plays 10♣");
        assert_eq!(
            told(&game, &play("KC")),
            "Seat 3 plays K♣: seat 1 wins the trick, 4 points"
        );
        let mut one = playing(["JH 9C", "QC", "KC", "10C"], "KD", 1);
        say(&mut one, play("QC"));
        say(&mut one, play("KC"));
        say(&mut one, play("10C"));
        assert_eq!(
            told(&one, &play("9C")),
            "Seat 0 plays 9♣ and wins the trick, 3 points"
        );
        let names: Vec<String> = ["a", "b", "c", "d"].map(String::from).to_vec();
        assert_eq!(
            words(&one.describe(&play("9C")), &Names::new(&names, Some(0))),
            "You play 9♣ and win the trick, 3 points"
        );
    }
}
