//! What one seat sees of a fifty-six match: the JSON a bot receives as `view`, and the public
//! records (bids, tricks, the reveal, a deal's result) the game keeps.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{FiftySix, Phase, team, trick_winner};
use crate::cards::{Card, Suit};
use crate::game::{Game, Seat};
use crate::reuse::{cloned, refill};

/// A bid: who made it and how many card points it promises.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Bid {
    /// The seat that bid.
    pub seat: Seat,
    /// The card points promised, 28 to 56 (56 is tani).
    pub points: u32,
}

/// One call in the bidding: a bid or a pass.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct BidEntry {
    /// The seat that called.
    pub seat: Seat,
    /// The bid, or `null` for a pass.
    pub points: Option<u32>,
}

/// A card on the table and the seat that played it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct PlayedCard {
    /// The seat that played the card.
    pub seat: Seat,
    /// The card.
    pub card: Card,
}

/// The trick being played.
#[derive(Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Trick {
    /// The seat that leads (or led) the trick.
    pub leader: Seat,
    /// The cards played so far, in play order; the first card's suit is the suit led.
    pub cards: Vec<PlayedCard>,
}

/// A trick of this deal that is over.
#[derive(Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct FinishedTrick {
    /// The seat that led it.
    pub leader: Seat,
    /// The cards, in play order.
    pub cards: Vec<PlayedCard>,
    /// The seat whose card won it (and leads the next trick, except in tani).
    pub winner: Seat,
    /// The card points in it (J 3, 9 2, A 1, 10 1, K 0, Q 0), won by the winner's team.
    pub points: u32,
}

/// Cloned by hand so that `clone_from` keeps the list of cards' memory (a search copies tricks
/// into games and views it holds).
impl Clone for Trick {
    fn clone(&self) -> Trick {
        Trick {
            leader: self.leader,
            cards: self.cards.clone(),
        }
    }

    fn clone_from(&mut self, source: &Trick) {
        self.leader = source.leader;
        self.cards.clone_from(&source.cards);
    }
}

/// Cloned by hand, as [`Trick`] is.
impl Clone for FinishedTrick {
    fn clone(&self) -> FinishedTrick {
        FinishedTrick {
            leader: self.leader,
            cards: self.cards.clone(),
            winner: self.winner,
            points: self.points,
        }
    }

    fn clone_from(&mut self, source: &FinishedTrick) {
        self.leader = source.leader;
        self.cards.clone_from(&source.cards);
        self.winner = source.winner;
        self.points = source.points;
    }
}

/// When and by whom the trump was revealed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Reveal {
    /// The seat that called for the trump (the bidder when automatic).
    pub seat: Seat,
    /// The trick it happened in, from 0 (cards of the trump suit count as trumps in this trick,
    /// even those played before the call).
    pub trick: usize,
    /// Whether the game revealed it because the bidder had no other card to play.
    pub automatic: bool,
}

/// The result of a deal that was played out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct DealResult {
    /// The seat that won the bidding.
    pub bidder: Seat,
    /// The bidder's team (0: even seats, 1: odd seats).
    pub team: usize,
    /// The bid (the contract).
    pub bid: u32,
    /// Whether it was tani (56): the bidder alone had to win all eight tricks.
    pub tani: bool,
    /// The card points the bidding team took.
    pub card_points: u32,
    /// Whether the bid was made.
    pub made: bool,
    /// The change to the bidding team's total (the other team's total never changes).
    pub change: i32,
}

/// What one seat may see of a fifty-six match.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct FiftySixView {
    /// The seat this view is for.
    pub seat: Seat,
    /// The number of players (4 or 6); seats play in increasing order, seat + 1 is to the left.
    pub players: usize,
    /// This seat's team: 0 (even seats) or 1 (odd seats).
    pub team: usize,
    /// The seat whose decision it is; `null` once the match is over.
    pub to_act: Option<Seat>,
    /// Where the deal is: `"bidding"`, `"hiding_trump"`, `"playing"` or `"over"`.
    pub phase: Phase,
    /// The dealer of this deal; the seat left of it (dealer + 1) bids first and, except in tani,
    /// leads the first trick.
    pub dealer: Seat,
    /// Deals finished so far (void deals not counted).
    pub deal: u32,
    /// Deals the match lasts (void deals not counted).
    pub deals: u32,
    /// Void deals so far in the match (the defenders held no trump; the same dealer re-dealt).
    pub void_deals: u32,
    /// This seat's cards, by suit (♣ ♦ ♥ ♠) then precedence (J 9 A 10 K Q), duplicates listed
    /// twice. The bidder's hidden trump is not in it until revealed.
    pub hand: Vec<Card>,
    /// How many cards each seat holds (the bidder's hidden card not counted).
    pub hand_sizes: Vec<usize>,
    /// This deal's bidding so far, in order.
    pub bidding: Vec<BidEntry>,
    /// The highest bid so far (once the bidding is over, the contract); `null` before the first
    /// bid.
    pub standing_bid: Option<Bid>,
    /// The seat that won the bidding, once it is over.
    pub bidder: Option<Seat>,
    /// The trump card: shown to the bidder from the moment they hide it, to everyone once it is
    /// revealed; `null` otherwise.
    pub trump_card: Option<Card>,
    /// Whether the trump has been revealed (cards of its suit then beat every other suit).
    pub trump_revealed: bool,
    /// Who revealed the trump and in which trick, once it is revealed.
    pub reveal: Option<Reveal>,
    /// Whether this deal is tani (a bid of 56: the bidder plays alone and leads every trick).
    pub tani: bool,
    /// The seats that sit out this deal (the bidder's teammates in tani).
    pub sitting_out: Vec<Seat>,
    /// The trick being played.
    pub trick: Trick,
    /// This deal's finished tricks, in order.
    pub tricks: Vec<FinishedTrick>,
    /// The card points each team has taken in this deal's tricks.
    pub card_points: [u32; 2],
    /// Each team's match total.
    pub totals: [i32; 2],
    /// The result of the last deal played out, `null` before the first.
    pub last_deal: Option<DealResult>,
}

impl FiftySixView {
    /// The view of `game` for `seat`.
    pub fn of(game: &FiftySix, seat: Seat) -> FiftySixView {
        FiftySixView::built(game, seat, None)
    }

    /// [`FiftySixView::of`] written over this view, its lists rebuilt in their memory.
    pub fn refill(&mut self, game: &FiftySix, seat: Seat) {
        let view = FiftySixView::built(game, seat, Some(self));
        *self = view;
    }

    /// The view of `game` for `seat`, its lists built in `old`'s memory when there is one.
    fn built(game: &FiftySix, seat: Seat, mut old: Option<&mut FiftySixView>) -> FiftySixView {
        let sees_trump = game.reveal.is_some() || game.bidder() == Some(seat);
        let mut trick = old
            .as_mut()
            .map_or_else(Trick::default, |o| std::mem::take(&mut o.trick));
        trick.clone_from(&game.trick);
        FiftySixView {
            seat,
            players: game.players,
            team: team(seat),
            to_act: game.to_act(),
            phase: game.phase,
            dealer: game.dealer,
            deal: game.deal,
            deals: game.deals,
            void_deals: game.void_deals,
            hand: cloned(old.as_mut().map(|o| &mut o.hand), game.hand(seat)),
            hand_sizes: refill(
                old.as_mut().map(|o| &mut o.hand_sizes),
                game.hands.iter().map(Vec::len),
            ),
            bidding: cloned(old.as_mut().map(|o| &mut o.bidding), &game.bids),
            standing_bid: game.standing,
            bidder: game.bidder(),
            trump_card: game.trump.filter(|_| sees_trump),
            trump_revealed: game.reveal.is_some(),
            reveal: game.reveal,
            tani: game.tani(),
            sitting_out: refill(
                old.as_mut().map(|o| &mut o.sitting_out),
                (0..game.players).filter(|&s| !game.plays(s)),
            ),
            trick,
            tricks: cloned(old.as_mut().map(|o| &mut o.tricks), &game.tricks),
            card_points: game.card_points(),
            totals: game.totals,
            last_deal: game.last_deal,
        }
    }

    /// The suit led in the current trick, `None` before its first card.
    pub fn led_suit(&self) -> Option<Suit> {
        self.trick.cards.first().and_then(|p| p.card.suit())
    }

    /// The trump suit once revealed, when its cards beat every other suit; `None` while hidden
    /// (also for the bidder, who knows it from `trump_card`).
    pub fn trump_in_force(&self) -> Option<Suit> {
        self.trump_card
            .filter(|_| self.trump_revealed)
            .and_then(|c| c.suit())
    }

    /// The card winning the current trick so far, as things stand (`None` before its first card).
    pub fn winning_card(&self) -> Option<PlayedCard> {
        let cards = &self.trick.cards;
        (!cards.is_empty()).then(|| cards[trick_winner(cards, self.trump_in_force())])
    }
}
