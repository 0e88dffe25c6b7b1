//! Fifty-six's table snapshot: the teams, the bidding and contract, the hidden trump (face down
//! to everyone but its bidder until it is revealed), the trick being played and what each team
//! has won this deal. The fields are listed in docs/tables.md.

use serde::Serialize;

use super::{BidEntry, DealResult, FiftySix, HAND_SIZE, Phase, Trick, team};
use crate::cards::Suit;
use crate::game::{Game, Seat};
use crate::phrase::{Arg, Phrase};
use crate::table::{Eye, Layout, Pile, Table};
use crate::verdict::Verdict;

/// Where fifty-six's cards lie outside the hands, and the state of the deal.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FiftySixLayout {
    /// The two partnerships: even seats, then odd seats.
    pub teams: [Vec<Seat>; 2],
    /// The deal's dealer.
    pub dealer: Seat,
    /// Where the deal is: bidding, hiding the trump, playing, or over.
    pub phase: Phase,
    /// Deals the match lasts (void deals not counted).
    pub deals: u32,
    /// Void deals so far, re-dealt by the same dealer (a void re-deal keeps its deal number).
    pub void_deals: u32,
    /// This deal's bidding in order; `points` is `null` for a pass.
    pub bids: Vec<BidEntry>,
    /// The bid's winner, once the bidding is over.
    pub bidder: Option<Seat>,
    /// The contract, once the bidding is over.
    pub bid: Option<u32>,
    /// Whether the contract is tani (56): the bidder plays alone.
    pub tani: bool,
    /// The seats sitting out this deal (the bidder's teammates in tani).
    pub sitting_out: Vec<Seat>,
    /// The hidden trump card: face down while hidden, but to `all` and to the bidder; empty before
    /// it is hidden and once revealed (it is then back in the bidder's hand).
    pub trump: Pile,
    /// The revealed trump's suit, who called for it and in which trick; `null` while hidden.
    pub revealed: Option<Revealed>,
    /// The trick being played.
    pub current: Trick,
    /// Per team, the cards of the tricks it won this deal, in the order won.
    pub taken: [Pile; 2],
    /// Per team, the tricks and card points it won this deal.
    pub won: [Won; 2],
    /// Each team's match total.
    pub totals: [i32; 2],
    /// The last deal played out, `null` before the first.
    pub last_deal: Option<DealResult>,
}

/// The trump once it is revealed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Revealed {
    /// The trump suit.
    pub suit: Suit,
    /// The seat that called for it (the bidder, when it turned up by itself).
    pub seat: Seat,
    /// The trick it was revealed in, from 1.
    pub trick: u32,
    /// Whether it turned up by itself (the bidder had no other card to play).
    pub automatic: bool,
}

/// What a team has won in this deal's tricks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Won {
    /// Tricks won.
    pub tricks: u32,
    /// Card points in them.
    pub points: u32,
}

impl Layout for FiftySixLayout {
    fn cards(&self, up: &mut Vec<crate::Card>) -> usize {
        up.extend_from_slice(&self.trump.cards);
        up.extend(self.current.cards.iter().map(|p| p.card));
        for pile in &self.taken {
            up.extend_from_slice(&pile.cards);
        }
        self.trump.down + self.taken.iter().map(|p| p.down).sum::<usize>()
    }
}

/// The table of `game` as `eye` sees it.
pub(super) fn table(game: &FiftySix, eye: Eye) -> Table<FiftySixLayout> {
    let bidder = game.bidder();
    let sees_hidden = eye.sees_all() || bidder.is_some_and(|b| eye == Eye::Seat(b));
    let mut taken = [Pile::default(), Pile::default()];
    let mut won = [Won {
        tricks: 0,
        points: 0,
    }; 2];
    for trick in &game.tricks {
        let t = team(trick.winner);
        taken[t].cards.extend(trick.cards.iter().map(|p| p.card));
        won[t].tricks += 1;
        won[t].points += trick.points;
    }
    let trump_suit = game.revealed_trump().and_then(|c| c.suit());
    let layout = FiftySixLayout {
        teams: [0, 1].map(|t| (t..game.players).step_by(2).collect()),
        dealer: game.dealer,
        phase: game.phase,
        deals: game.deals,
        void_deals: game.void_deals,
        bids: game.bids.clone(),
        bidder,
        bid: bidder.and(game.standing.map(|b| b.points)),
        tani: game.tani(),
        sitting_out: game.sitting_out(),
        trump: Pile::shown(game.hidden_trump(), sees_hidden),
        revealed: game.reveal.zip(trump_suit).map(|(r, suit)| Revealed {
            suit,
            seat: r.seat,
            trick: r.trick as u32 + 1,
            automatic: r.automatic,
        }),
        current: game.trick.clone(),
        taken,
        won,
        totals: game.totals,
        last_deal: game.last_deal,
    };
    Table {
        to_act: game.to_act(),
        deal: (game.deal + 1).min(game.deals),
        trick: (game.tricks.len() + 1).min(HAND_SIZE) as u32,
        hands: (0..game.players)
            .map(|s| Pile::shown(game.hand(s).iter().copied(), eye.sees(s)))
            .collect(),
        result: result(game),
        layout,
    }
}

/// How the match ended, once it has: the teams' totals, which team won, and who won the last
/// deal's bid and whether it was made.
pub(super) fn result(game: &FiftySix) -> Option<Verdict> {
    let outcome = game.outcome()?;
    let teams: [Vec<Seat>; 2] = [0, 1].map(|t| (t..game.players).step_by(2).collect());
    let totals = game.totals;
    let won = match totals[0].cmp(&totals[1]) {
        std::cmp::Ordering::Equal => Phrase::new("fifty-six-tied").number("points", totals[0]),
        order => {
            let (w, l) = match order {
                std::cmp::Ordering::Greater => (0, 1),
                _ => (1, 0),
            };
            Phrase::new("fifty-six-won")
                .arg("winners", Arg::Seats(teams[w].clone()))
                .number("won", totals[w])
                .number("lost", totals[l])
                .arg("losers", Arg::Seats(teams[l].clone()))
        }
    };
    let bid = game.last_deal.map(|last| {
        let id = match (last.tani, last.made) {
            (true, true) => "fifty-six-last-tani-made",
            (true, false) => "fifty-six-last-tani-lost",
            (false, true) => "fifty-six-last-made",
            (false, false) => "fifty-six-last-lost",
        };
        let phrase = Phrase::new(id)
            .seat("bidder", last.bidder)
            .number("points", last.card_points)
            .number("change", last.change);
        match last.tani {
            true => phrase,
            false => phrase.number("bid", last.bid),
        }
    });
    let text = [won].into_iter().chain(bid).collect();
    let seats = (0..game.players)
        .map(|s| {
            let mine = team(s);
            let partners: Vec<Seat> = teams[mine].iter().copied().filter(|&p| p != s).collect();
            let id = match outcome.is_draw() {
                true => "fifty-six-seat-draw",
                false if outcome.seats[s].rank == 1 => "fifty-six-seat-won",
                false => "fifty-six-seat-lost",
            };
            vec![
                Phrase::new(id)
                    .arg("partners", Arg::Seats(partners))
                    .number("ours", totals[mine])
                    .number("theirs", totals[1 - mine]),
            ]
        })
        .collect();
    Some(Verdict { text, seats })
}
