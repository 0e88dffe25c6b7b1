//! The bidding: a compulsory opening bid, higher bids or passes in turn, the teammate and
//! second-bid rules of the 28–39 band, and the end after n − 1 passes in a row or a bid of 56.

use super::{Bid, BidEntry, FiftySix, HIGH_BID, MIN_BID, Phase, TANI, team};
use crate::game::{RuleError, Seat};

impl FiftySix {
    /// The lowest bid `seat` may make now (every bid from it up to 56 is allowed): above the
    /// standing bid, at least 28, and at least 40 when a teammate's standing bid or the seat's own
    /// earlier bid is in 28–39.
    pub(super) fn min_bid(&self, seat: Seat) -> u32 {
        let above = self.standing.map_or(MIN_BID, |b| b.points + 1);
        let low = |points: u32| (MIN_BID..HIGH_BID).contains(&points);
        let teammate_low = self
            .standing
            .is_some_and(|b| b.seat != seat && team(b.seat) == team(seat) && low(b.points));
        let own_low = self
            .bids
            .iter()
            .any(|e| e.seat == seat && e.points.is_some_and(low));
        if teammate_low || own_low {
            above.max(HIGH_BID)
        } else {
            above
        }
    }

    /// The seat to act bids `points`.
    pub(super) fn bid(&mut self, points: u32) -> Result<(), RuleError> {
        let seat = self.turn;
        let min = self.min_bid(seat);
        if !(min..=TANI).contains(&points) {
            let why = if !(MIN_BID..=TANI).contains(&points) {
                format!("bids are {MIN_BID} to {TANI}, not {points}")
            } else if let Some(b) = self.standing.filter(|b| points <= b.points) {
                format!("bid more than the standing {} of seat {}", b.points, b.seat)
            } else {
                format!(
                    "bid {HIGH_BID} or more: a teammate's standing bid or your own earlier bid is \
                     in {MIN_BID}–{}",
                    HIGH_BID - 1
                )
            };
            return Err(self.illegal(why));
        }
        self.bids.push(BidEntry {
            seat,
            points: Some(points),
        });
        self.standing = Some(Bid { seat, points });
        self.passes = 0;
        if points == TANI {
            self.end_bidding();
        } else {
            self.turn = self.left_of(seat);
        }
        Ok(())
    }

    /// The seat to act passes.
    pub(super) fn pass(&mut self) -> Result<(), RuleError> {
        if self.standing.is_none() {
            return Err(self.illegal(format!("the first bidder must bid (at least {MIN_BID})")));
        }
        let seat = self.turn;
        self.bids.push(BidEntry { seat, points: None });
        self.passes += 1;
        if self.passes + 1 >= self.players {
            self.end_bidding();
        } else {
            self.turn = self.left_of(seat);
        }
        Ok(())
    }

    /// The standing bid wins: its bidder is to hide the trump.
    fn end_bidding(&mut self) {
        let contract = self.standing.expect("the bidding ends on a bid");
        self.phase = Phase::HidingTrump;
        self.turn = contract.seat;
    }
}
