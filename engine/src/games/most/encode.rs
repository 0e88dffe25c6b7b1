//! Most's fixed encodings for learning: 1,651 action ids (draw, a take by the bridge card it
//! starts at, a discard, a joker swap by the card swapped in, a lay-off by the card it adds and
//! the end of the meld it goes to, a meld by the cards it shows) and a seat's view as numbers.
//! The layouts and the argument that no two legal actions share an id are in
//! `docs/games/most.md`, "Encodings for learning".

use super::{MeldKind, Most, MostAction, MostView, PACK_SIZE, Phase, card_points};
use crate::cards::{Card, CardSet, Rank, Suit};
use crate::encode::Encode;
use crate::game::Seat;

/// The standard cards: ids and slots for them run by card number (2♣ 2♦ 2♥ 2♠ 3♣ … A♠).
const STANDARD: usize = 52;

/// Id 0: draw.
const DRAW: usize = 0;
/// Take from the bridge card with number `c` (jokers 52 and 53): `TAKE + c`.
const TAKE: usize = DRAW + 1;
/// Discard card `c`: `DISCARD + c`.
const DISCARD: usize = TAKE + PACK_SIZE;
/// Put the standard card `c` in place of the table joker standing for it: `SWAP + c`.
const SWAP: usize = DISCARD + PACK_SIZE;
/// Lay off as the standard card `c` onto a set (end 0), after a run's highest card (end 1) or
/// before its lowest (end 2): `LAY_OFF + (3c + end) * 2 + other`, `other` 1 for the joker that
/// is not the seat's lowest one (only when it holds both).
const LAY_OFF: usize = SWAP + STANDARD;
/// The windows a set can fill: per rank (2 first), all four suits, then three with ♣, ♦, ♥ or ♠
/// left out.
const SET_WINDOWS: usize = 13 * 5;
/// The windows a run can fill in one suit: lengths 3 to 12 from each of the 13 ranks, then the
/// whole suit.
const RUN_WINDOWS: usize = 10 * 13 + 1;
/// Every window: the sets, then the runs of ♣, ♦, ♥ and ♠.
const WINDOWS: usize = SET_WINDOWS + 4 * RUN_WINDOWS;
/// Meld window `w`, the seat's lowest joker on the window's first gap if any: `MELD + w`.
const MELD: usize = LAY_OFF + STANDARD * 3 * 2;
/// Meld window `w` with the other joker on its first gap: `MELD_OTHER + w`.
const MELD_OTHER: usize = MELD + WINDOWS;
/// Every id is below this.
const SPACE: usize = MELD_OTHER + WINDOWS;

/// Observation offsets: the hand, the bridge, each bridge card's depth (how many cards taking
/// from it takes, / 54) and the pending card, 54 each by card number; the standard cards the
/// table shows, those a table joker stands for and those that would extend a meld, 52 each;
/// the phase (draw, play, over); the deck's size; then [`SEAT_BLOCKS`] blocks of one value per
/// seat, the observing seat first.
const HAND: usize = 0;
const BRIDGE: usize = HAND + PACK_SIZE;
const DEPTH: usize = BRIDGE + PACK_SIZE;
const PENDING: usize = DEPTH + PACK_SIZE;
const TABLE: usize = PENDING + PACK_SIZE;
const JOKER_FOR: usize = TABLE + STANDARD;
const EXTENDS: usize = JOKER_FOR + STANDARD;
const PHASE: usize = EXTENDS + STANDARD;
const DECK: usize = PHASE + 3;
const SEATS: usize = DECK + 1;

/// The blocks of one value per seat after [`SEATS`].
#[derive(Clone, Copy)]
enum SeatBlock {
    /// The seat to act.
    ToAct,
    /// The dealer.
    Dealer,
    /// Cards in hand, / 54.
    HandSize,
    /// Whether it has a meld of its own this deal.
    Melded,
    /// Points of the cards it put on the table this deal, / 380 (the whole pack's).
    TablePoints,
    /// The match total, `0.5 + total / (2 target)`, clamped.
    Total,
    /// The last deal's points, as the total.
    LastScore,
}

/// How many [`SeatBlock`]s there are.
const SEAT_BLOCKS: usize = 7;

/// The most seats a table has.
const MAX_SEATS: usize = 6;

/// The points of every standard card of the pack.
const PACK_POINTS: f32 = 380.0;

/// The standard card after `card` in its suit, wrapping past the ace.
fn next(card: Card) -> Card {
    let rank = card.rank().map_or(0, Rank::index);
    Card::new(
        Rank::ALL[(rank + 1) % 13],
        card.suit().unwrap_or(Suit::Clubs),
    )
}

/// The lowest joker in the hand `view` shows (the hand lists its jokers last, `BJ` first).
fn lowest_joker(view: &MostView) -> Option<Card> {
    view.hand
        .iter()
        .rev()
        .take_while(|c| c.is_joker())
        .last()
        .copied()
}

/// The window of a meld showing the standard cards `shown`, and for a run the rank position
/// (two 0) it starts at, so that its cards can be put in order.
fn window(shown: CardSet) -> (usize, Option<usize>) {
    let lowest = shown.lowest().unwrap_or(Card::new(Rank::Two, Suit::Clubs));
    let (rank, suit) = (
        lowest.rank().unwrap_or(Rank::Two),
        lowest.suit().unwrap_or(Suit::Clubs),
    );
    let of_rank = CardSet::of_rank(rank);
    if (shown - of_rank).is_empty() {
        let left_out = (of_rank - shown).lowest().and_then(Card::suit);
        return (
            rank.index() * 5 + left_out.map_or(0, |s| 1 + s as usize),
            None,
        );
    }
    let ranks: u16 = shown
        .iter()
        .map(|c| 1 << c.rank().map_or(0, Rank::index))
        .fold(0, |a, b| a | b);
    let below = ((ranks << 1) | (ranks >> 12)) & 0x1fff;
    let starts = ranks & !below;
    let start = if starts == 0 {
        0
    } else {
        starts.trailing_zeros() as usize
    };
    let len = ranks.count_ones() as usize;
    let within = if len == 13 {
        RUN_WINDOWS - 1
    } else {
        len.saturating_sub(3) * 13 + start
    };
    (
        SET_WINDOWS + suit as usize * RUN_WINDOWS + within,
        Some(start),
    )
}

/// Where `card` comes in a meld's order: a run's from its start, a set's by suit.
fn order(card: Card, run_start: Option<usize>) -> usize {
    match run_start {
        Some(start) => (card.rank().map_or(0, Rank::index) + 13 - start) % 13,
        None => card.index(),
    }
}

/// `seat` counted from `me`: 0 is `me`, 1 the next seat in turn order.
fn relative(seat: Seat, me: Seat, players: usize) -> usize {
    (seat + players - me) % players
}

impl Encode for Most {
    fn action_space(_players: usize) -> usize {
        SPACE
    }

    fn action_id(view: &MostView, action: &MostAction) -> usize {
        match action {
            MostAction::Draw => DRAW,
            MostAction::Take { index } => TAKE + view.bridge[*index].index(),
            MostAction::Discard { card } => DISCARD + card.index(),
            MostAction::Swap { card, .. } => SWAP + card.index(),
            MostAction::LayOff {
                meld,
                card,
                stands_for,
            } => {
                let x = stands_for.unwrap_or(*card);
                let target = &view.melds[*meld];
                let end = match target.kind {
                    MeldKind::Set => 0,
                    MeldKind::Run => {
                        let last = target.slots.last().map(|s| s.stands_for);
                        if last.map(next) == Some(x) { 1 } else { 2 }
                    }
                };
                let other = card.is_joker() && Some(*card) != lowest_joker(view);
                LAY_OFF + (3 * x.index() + end) * 2 + usize::from(other)
            }
            MostAction::Meld { cards, jokers } => {
                let mut shown: CardSet = cards.iter().copied().collect();
                for j in jokers {
                    shown.insert(j.stands_for);
                }
                let (index, run_start) = window(shown);
                let first_gap = jokers.iter().min_by_key(|j| order(j.stands_for, run_start));
                let other = first_gap.is_some_and(|j| Some(j.joker) != lowest_joker(view));
                let base = if other { MELD_OTHER } else { MELD };
                base + index
            }
        }
    }

    fn observation_len(players: usize) -> usize {
        SEATS + SEAT_BLOCKS * players
    }

    fn observe(view: &MostView, out: &mut [f32]) {
        out.fill(0.0);
        for &card in &view.hand {
            out[HAND + card.index()] = 1.0;
        }
        let bridge = view.bridge.len();
        for (at, &card) in view.bridge.iter().enumerate() {
            out[BRIDGE + card.index()] = 1.0;
            out[DEPTH + card.index()] = (bridge - at) as f32 / PACK_SIZE as f32;
        }
        if let Some(card) = view.pending {
            out[PENDING + card.index()] = 1.0;
        }
        let n = view.hand_sizes.len();
        let seat_at = |block: SeatBlock, seat: Seat| {
            SEATS + block as usize * n + relative(seat, view.seat, n)
        };
        let mut table_points = [0; MAX_SEATS];
        for meld in &view.melds {
            for slot in &meld.slots {
                out[TABLE + slot.stands_for.index()] = 1.0;
                if slot.card.is_joker() {
                    out[JOKER_FOR + slot.stands_for.index()] = 1.0;
                }
                table_points[slot.by] += card_points(slot.card);
            }
            for card in meld.extensions() {
                out[EXTENDS + card.index()] = 1.0;
            }
        }
        let phase = match view.phase {
            Phase::Draw => 0,
            Phase::Play => 1,
            Phase::Over => 2,
        };
        out[PHASE + phase] = 1.0;
        out[DECK] = view.deck_size as f32 / PACK_SIZE as f32;
        if let Some(seat) = view.to_act {
            out[seat_at(SeatBlock::ToAct, seat)] = 1.0;
        }
        out[seat_at(SeatBlock::Dealer, view.dealer)] = 1.0;
        let scale = 2.0 * view.target.max(1) as f32;
        let points = |value: i32| (0.5 + value as f32 / scale).clamp(0.0, 1.0);
        for seat in 0..n {
            out[seat_at(SeatBlock::HandSize, seat)] =
                view.hand_sizes[seat] as f32 / PACK_SIZE as f32;
            out[seat_at(SeatBlock::TablePoints, seat)] = table_points[seat] as f32 / PACK_POINTS;
            out[seat_at(SeatBlock::Melded, seat)] = f32::from(u8::from(view.melded[seat]));
            out[seat_at(SeatBlock::Total, seat)] = points(view.totals[seat]);
            out[seat_at(SeatBlock::LastScore, seat)] = points(view.last_scores[seat]);
        }
    }
}
