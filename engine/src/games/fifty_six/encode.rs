//! Fifty-six's fixed encodings for learning: an id for every bid, the pass, every card to hide
//! as trump, the call for the trump and every card to play; and a seat's view as numbers. The
//! layouts are documented in `docs/games/fifty-six.md`, "Encodings for learning".

use super::{
    FiftySix, FiftySixAction, FiftySixView, HAND_SIZE, HIGH_BID, MIN_BID, Phase, TANI, precedence,
};
use crate::cards::{Card, Suit};
use crate::encode::Encode;
use crate::game::Seat;

/// The bids, 28 to 56: ids 0–28.
const BIDS: usize = (TANI - MIN_BID + 1) as usize;
/// The pass.
const PASS: usize = BIDS;
/// The first card to hide as trump; the call for the trump follows the last, then the cards to
/// play.
const HIDE: usize = PASS + 1;

/// The distinct cards of the pack at `players` seats: 16 (no kings or queens) or 24.
fn cards(players: usize) -> usize {
    if players > 4 { 24 } else { 16 }
}

/// A card's slot among the pack's distinct cards: by suit (♣ ♦ ♥ ♠), then by precedence (J 9 A
/// 10 K Q) as hands are sorted; kings and queens, the last two of a suit, only at six seats.
fn slot(card: Card, players: usize) -> usize {
    let per_suit = cards(players) / 4;
    let suit = card.suit().map_or(0, |s| s as usize);
    suit * per_suit + 5 - usize::from(precedence(card))
}

/// `seat` counted from `me`: 0 is `me`, 1 the seat on its left.
fn relative(seat: Seat, me: Seat, players: usize) -> usize {
    (seat + players - me) % players
}

/// Where each part of the observation starts, for one table size (see the documentation).
struct Layout {
    /// The distinct cards.
    cards: usize,
    /// The seats.
    players: usize,
}

/// The scalar part after the four card blocks: phase (4), suit led (4), trump revealed, tani,
/// passes in a row, the standing bid (29), each team's card points (own first), tricks done,
/// each team's total (own first), deals done.
const PHASE: usize = 0;
const LED: usize = PHASE + 4;
const REVEALED: usize = LED + 4;
const TANI_FLAG: usize = REVEALED + 1;
const PASSES: usize = TANI_FLAG + 1;
const STANDING: usize = PASSES + 1;
const CARD_POINTS: usize = STANDING + BIDS;
const TRICKS_DONE: usize = CARD_POINTS + 2;
const TOTALS: usize = TRICKS_DONE + 1;
const DEALS_DONE: usize = TOTALS + 2;
const SCALARS: usize = DEALS_DONE + 1;

/// The blocks of one value per seat (the observing seat first) after the scalars.
#[derive(Clone, Copy)]
enum SeatBlock {
    ToAct,
    Dealer,
    StandingBidder,
    Bidder,
    RevealedBy,
    Leader,
    Winning,
    SittingOut,
    HandSize,
    Passed,
    HighestBid,
    LowBid,
}

/// How many [`SeatBlock`]s there are; four more values per seat (its void suits) end the vector.
const SEAT_BLOCKS: usize = 12;

impl Layout {
    fn of(players: usize) -> Layout {
        Layout {
            cards: cards(players),
            players,
        }
    }

    /// The hand (count / 2 per card).
    fn hand(&self) -> usize {
        0
    }

    /// The cards played in this deal's tricks, the current one included (count / 2).
    fn played(&self) -> usize {
        self.cards
    }

    /// The trump card, when this seat sees it.
    fn trump(&self) -> usize {
        2 * self.cards
    }

    /// The current trick: one block of cards per seat.
    fn trick(&self) -> usize {
        3 * self.cards
    }

    /// The scalars.
    fn scalars(&self) -> usize {
        self.trick() + self.players * self.cards
    }

    /// The value of `block` for the seat `rel` seats on.
    fn seat(&self, block: SeatBlock, rel: usize) -> usize {
        self.scalars() + SCALARS + block as usize * self.players + rel
    }

    /// Whether the seat `rel` seats on has shown out of `suit` this deal.
    fn void(&self, rel: usize, suit: Suit) -> usize {
        self.scalars() + SCALARS + SEAT_BLOCKS * self.players + 4 * rel + suit as usize
    }

    fn len(&self) -> usize {
        self.void(self.players, Suit::Clubs)
    }
}

impl Encode for FiftySix {
    fn action_space(players: usize) -> usize {
        HIDE + 2 * cards(players) + 1
    }

    fn action_id(view: &FiftySixView, action: &FiftySixAction) -> usize {
        let n = view.players;
        match *action {
            FiftySixAction::Bid { points } => (points - MIN_BID) as usize,
            FiftySixAction::Pass => PASS,
            FiftySixAction::HideTrump { card } => HIDE + slot(card, n),
            FiftySixAction::RevealTrump => HIDE + cards(n),
            FiftySixAction::Play { card } => HIDE + cards(n) + 1 + slot(card, n),
        }
    }

    fn observation_len(players: usize) -> usize {
        Layout::of(players).len()
    }

    fn observe(view: &FiftySixView, out: &mut [f32]) {
        out.fill(0.0);
        let n = view.players;
        let me = view.seat;
        let at = Layout::of(n);
        let rel = |seat: Seat| relative(seat, me, n);
        let seat_at = |block: SeatBlock, seat: Seat| at.seat(block, rel(seat));
        if let Some(seat) = view.to_act {
            out[seat_at(SeatBlock::ToAct, seat)] = 1.0;
        }
        out[seat_at(SeatBlock::Dealer, view.dealer)] = 1.0;
        if let Some(bid) = view.standing_bid {
            out[seat_at(SeatBlock::StandingBidder, bid.seat)] = 1.0;
        }
        if let Some(seat) = view.bidder {
            out[seat_at(SeatBlock::Bidder, seat)] = 1.0;
        }
        if let Some(reveal) = view.reveal {
            out[seat_at(SeatBlock::RevealedBy, reveal.seat)] = 1.0;
        }
        out[seat_at(SeatBlock::Leader, view.trick.leader)] = 1.0;
        if let Some(winning) = view.winning_card() {
            out[seat_at(SeatBlock::Winning, winning.seat)] = 1.0;
        }
        for &seat in &view.sitting_out {
            out[seat_at(SeatBlock::SittingOut, seat)] = 1.0;
        }
        for (seat, &size) in view.hand_sizes.iter().enumerate() {
            out[seat_at(SeatBlock::HandSize, seat)] = (size as f32 / HAND_SIZE as f32).min(1.0);
        }
        let mut passes = 0;
        for call in &view.bidding {
            match call.points {
                Some(points) => {
                    passes = 0;
                    out[seat_at(SeatBlock::Passed, call.seat)] = 0.0;
                    let value = (points - MIN_BID + 1) as f32 / BIDS as f32;
                    let highest = seat_at(SeatBlock::HighestBid, call.seat);
                    out[highest] = out[highest].max(value);
                    if points < HIGH_BID {
                        out[seat_at(SeatBlock::LowBid, call.seat)] = 1.0;
                    }
                }
                None => {
                    passes += 1;
                    out[seat_at(SeatBlock::Passed, call.seat)] = 1.0;
                }
            }
        }
        let scalars = at.scalars();
        out[scalars + PASSES] = passes as f32 / (n - 1) as f32;
        if let Some(bid) = view.standing_bid {
            out[scalars + STANDING + (bid.points - MIN_BID) as usize] = 1.0;
        }
        let phase = match view.phase {
            Phase::Bidding => 0,
            Phase::HidingTrump => 1,
            Phase::Playing => 2,
            Phase::Over => 3,
        };
        out[scalars + PHASE + phase] = 1.0;
        if let Some(suit) = view.led_suit() {
            out[scalars + LED + suit as usize] = 1.0;
        }
        out[scalars + REVEALED] = f32::from(u8::from(view.trump_revealed));
        out[scalars + TANI_FLAG] = f32::from(u8::from(view.tani));
        let mine = view.team;
        let total = TANI as f32;
        out[scalars + CARD_POINTS] = view.card_points[mine] as f32 / total;
        out[scalars + CARD_POINTS + 1] = view.card_points[1 - mine] as f32 / total;
        out[scalars + TRICKS_DONE] = view.tricks.len() as f32 / HAND_SIZE as f32;
        // A deal changes a total by at most n + 1 (a failed tani).
        let bound = (view.deals.max(1) * (n as u32 + 1)) as f32;
        for (k, team) in [mine, 1 - mine].into_iter().enumerate() {
            let value = 0.5 + view.totals[team] as f32 / (2.0 * bound);
            out[scalars + TOTALS + k] = value.clamp(0.0, 1.0);
        }
        out[scalars + DEALS_DONE] = (view.deal as f32 / view.deals.max(1) as f32).min(1.0);
        for &card in &view.hand {
            out[at.hand() + slot(card, n)] += 0.5;
        }
        if let Some(card) = view.trump_card {
            out[at.trump() + slot(card, n)] = 1.0;
        }
        let finished = view.tricks.iter().map(|t| &t.cards[..]);
        for cards in finished.chain([&view.trick.cards[..]]) {
            let led = cards.first().and_then(|p| p.card.suit());
            for played in cards {
                out[at.played() + slot(played.card, n)] += 0.5;
                if let Some(led) = led.filter(|&s| played.card.suit() != Some(s)) {
                    out[at.void(rel(played.seat), led)] = 1.0;
                }
            }
        }
        for played in &view.trick.cards {
            out[at.trick() + rel(played.seat) * at.cards + slot(played.card, n)] = 1.0;
        }
    }
}
