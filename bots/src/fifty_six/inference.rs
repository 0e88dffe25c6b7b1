//! What the expert reads from the other seats' public moves in fifty-six: how likely a sampled
//! deal makes this deal's bids, its trump and its plays, if the other seats play as `greedy` does.
//!
//! A bid says the bidder's hand is worth at least that much, a pass that it is worth less than
//! the least bid allowed; the bidder names the suit it holds most of and hides that suit's
//! cheapest card; and each card played is the one greedy would play with that hand. A deal whose
//! hands say otherwise is less likely: each card point a seat's hand value misses its calls by
//! divides the weight by e^(1/[`BID_POINTS_PER_E`]), each card its trump suit is shorter than its
//! longest multiplies it by [`SHORT_TRUMP_FACTOR`], each play greedy would not have made by
//! [`OFF_GREEDY_FACTOR`]. The model is soft, so a bot that plays otherwise (bolder bids, another
//! suit, other cards) only makes the samples less sharp.

use cardarena_engine::games::fifty_six::{
    BidEntry, FiftySix, FiftySixAction, FiftySixView, HAND_SIZE, HIGH_BID, MIN_BID, Phase, points,
    precedence, team,
};
use cardarena_engine::{Card, Game, Seat, Suit};

use super::Greedy;
use super::greedy::{Bidding, cheapest, hand_value_of};

/// The card points of a hand value's miss against a call that divide the weight by e.
const BID_POINTS_PER_E: f64 = 3.0;
/// The weight's factor for each card the bidder's trump suit is shorter than its longest suit.
const SHORT_TRUMP_FACTOR: f64 = 0.3;
/// The weight's factor for each play of another seat that `greedy` would not have made.
const OFF_GREEDY_FACTOR: f64 = 0.3;
/// The weight of a deal on which the moves made could not have been made.
const IMPOSSIBLE: f64 = 1e-9;
/// The weight's factor when the hidden trump is not its suit's cheapest card in the hand.
const DEAR_HIDDEN_FACTOR: f64 = 0.5;

/// How likely the public moves of this deal are on `sample` (rebuilt from `view`), 0 to 1.
pub(super) fn likelihood(view: &FiftySixView, sample: &FiftySix) -> f64 {
    if view.bidding.is_empty() {
        return 1.0;
    }
    let mut weight = plays_likelihood(view, sample);
    let mut hand = Vec::with_capacity(HAND_SIZE + 1);
    for seat in (0..view.players).filter(|&s| s != view.seat) {
        dealt_hand(view, sample, seat, &mut hand);
        weight *= bids_likelihood(view, seat, &hand);
        if view.bidder == Some(seat) {
            weight *= trump_likelihood(view, sample, &hand);
        }
    }
    weight
}

/// How likely the other seats' plays in this deal are on `sample`: the deal is replayed from its
/// start on the sample's hands ([`FiftySix::deal_from_start`]), and each play of another seat
/// that had a choice and that `greedy` would not have made there divides the weight by
/// 1/[`OFF_GREEDY_FACTOR`]; a play the sample's hands could not have made, by far more.
fn plays_likelihood(view: &FiftySixView, sample: &FiftySix) -> f64 {
    let Some((mut game, actions)) = sample.deal_from_start() else {
        return 1.0;
    };
    let mut weight = 1.0;
    let mut legal = Vec::new();
    let mut seen: Option<FiftySixView> = None;
    for action in &actions {
        let Some(seat) = game.to_act() else {
            return IMPOSSIBLE;
        };
        let playing = matches!(
            action,
            FiftySixAction::Play { .. } | FiftySixAction::RevealTrump
        );
        if playing && seat != view.seat {
            game.legal_actions_into(&mut legal);
            if legal.len() > 1 {
                let seen = match &mut seen {
                    Some(seen) => {
                        game.view_into(seat, seen);
                        seen
                    }
                    None => seen.insert(game.view(seat)),
                };
                if Greedy::default().choose(seen, &legal).as_ref() != Some(action) {
                    weight *= OFF_GREEDY_FACTOR;
                }
            }
        }
        if game.apply(action).is_err() {
            return IMPOSSIBLE;
        }
    }
    weight
}

/// The cards `seat` was dealt this deal as `sample` has them: its hand now, the cards it played
/// in this deal's tricks and, while it is hidden, its trump card.
fn dealt_hand(view: &FiftySixView, sample: &FiftySix, seat: Seat, hand: &mut Vec<Card>) {
    hand.clear();
    hand.extend_from_slice(sample.hand(seat));
    let played = (view.tricks.iter().flat_map(|t| t.cards.iter()))
        .chain(view.trick.cards.iter())
        .filter(|p| p.seat == seat)
        .map(|p| p.card);
    hand.extend(played);
    if view.bidder == Some(seat) {
        hand.extend(sample.hidden_trump());
    }
}

/// How likely `seat`'s calls in this deal's bidding are for a seat dealt `hand`.
fn bids_likelihood(view: &FiftySixView, seat: Seat, hand: &[Card]) -> f64 {
    let (value, _) = hand_value_of(hand, view.players, Bidding::Tuned);
    let mut miss = 0u32;
    let mut standing: Option<(Seat, u32)> = None;
    for (at, entry) in view.bidding.iter().enumerate() {
        if entry.seat == seat
            && let Some((holder, top)) = standing
        {
            let least = least_bid(&view.bidding[..at], seat, holder, top);
            let partner_holds = team(holder) == team(seat);
            miss += match entry.points {
                // A raise says the hand is worth it; over a teammate, worth a higher band.
                Some(bid) if partner_holds => (bid.max(HIGH_BID + 4)).saturating_sub(value),
                Some(bid) => bid.saturating_sub(value),
                // A pass says the least bid was more than the hand is worth (over a teammate,
                // that the hand is not worth a higher band).
                None if partner_holds => (value + 1).saturating_sub(least.max(HIGH_BID + 4)),
                None => (value + 1).saturating_sub(least),
            };
        }
        if let BidEntry {
            points: Some(bid),
            seat: caller,
        } = *entry
        {
            standing = Some((caller, bid));
        }
    }
    (-f64::from(miss) / BID_POINTS_PER_E).exp()
}

/// The least bid `seat` could make after `before` with `top` standing, held by `holder` (see the
/// engine's rule: at least 40 over a teammate's or its own earlier bid below 40).
fn least_bid(before: &[BidEntry], seat: Seat, holder: Seat, top: u32) -> u32 {
    let low = |bid: u32| (MIN_BID..HIGH_BID).contains(&bid);
    let teammate_low = holder != seat && team(holder) == team(seat) && low(top);
    let own_low = (before.iter()).any(|e| e.seat == seat && e.points.is_some_and(low));
    if teammate_low || own_low {
        (top + 1).max(HIGH_BID)
    } else {
        top + 1
    }
}

/// How likely the bidder, dealt `hand`, named the trump it did and hid the card it did: the
/// trump known to the view, or while it is hidden the sample's.
fn trump_likelihood(view: &FiftySixView, sample: &FiftySix, hand: &[Card]) -> f64 {
    if view.phase == Phase::Bidding || view.phase == Phase::HidingTrump {
        return 1.0;
    }
    let Some(trump) = (view.trump_card.or(sample.hidden_trump())).and_then(|c| c.suit()) else {
        return 1.0;
    };
    let length = |suit: Suit| hand.iter().filter(|c| c.suit() == Some(suit)).count();
    let longest = Suit::ALL.into_iter().map(length).max().unwrap_or(0);
    let short = longest.saturating_sub(length(trump));
    let mut weight = SHORT_TRUMP_FACTOR.powi(short as i32);
    if let Some(hidden) = sample.hidden_trump() {
        let cheapest = cheapest(hand.iter().copied().filter(|c| c.suit() == Some(trump)));
        if cheapest
            .is_some_and(|c| (points(c), precedence(c)) < (points(hidden), precedence(hidden)))
        {
            weight *= DEAR_HIDDEN_FACTOR;
        }
    }
    weight
}

#[cfg(test)]
mod tests {
    use cardarena_engine::games::fifty_six::FiftySixOptions;
    use cardarena_engine::shuffle::rng;
    use cardarena_engine::{Determinize, Game};

    use super::*;
    use crate::fifty_six::Greedy;

    /// How near samples come to the real deal, each decision's samples averaged unweighted and
    /// weighted by [`likelihood`], and those means summed over decisions.
    #[derive(Debug, Default)]
    struct Guesses {
        /// The decisions of a defender while the trump is hidden, and the share of their samples
        /// whose hidden trump has the real trump's suit.
        trump_decisions: f64,
        trump_suit: [f64; 2],
        /// The decisions once the bidding is over, and their samples' mean error in the other
        /// seats' hand values (what they were dealt), in card points.
        play_decisions: f64,
        value_error: [f64; 2],
    }

    /// Greedy plays every seat of `games` four-seat deals; at each decision once the bidding is
    /// over, `samples` deals are rebuilt from the view of the seat to act and compared with the
    /// real deal.
    fn guesses(games: u64, samples: u64) -> Guesses {
        let mut seen = Guesses::default();
        let mut dealt = Vec::new();
        for seed in 0..games {
            let options = FiftySixOptions {
                deals: 1,
                ..Default::default()
            };
            let mut game = FiftySix::new(&options, 4, seed).unwrap();
            let real = game.clone();
            let mut draws = rng(seed);
            while let Some(seat) = game.to_act() {
                let view = game.view(seat);
                if view.phase == Phase::Playing {
                    let suit = |g: &FiftySix| g.hidden_trump().and_then(|c| c.suit());
                    let guessing_trump = suit(&game).is_some()
                        && game.bidder().is_some_and(|b| team(b) != team(seat));
                    let (mut hits, mut errors, mut weights) = ([0.0; 2], [0.0; 2], [0.0; 2]);
                    for _ in 0..samples {
                        let sample = FiftySix::determinize(&view, &mut draws);
                        let mut error = 0.0;
                        for other in (0..4).filter(|&s| s != seat) {
                            dealt_hand(&view, &sample, other, &mut dealt);
                            let guessed = hand_value_of(&dealt, 4, Bidding::Tuned).0;
                            let truth = hand_value_of(real.hand(other), 4, Bidding::Tuned).0;
                            error += f64::from(guessed.abs_diff(truth)) / 3.0;
                        }
                        let hit = f64::from(u8::from(suit(&sample) == suit(&game)));
                        for (k, weight) in [1.0, likelihood(&view, &sample)].into_iter().enumerate()
                        {
                            hits[k] += weight * hit;
                            errors[k] += weight * error;
                            weights[k] += weight;
                        }
                    }
                    seen.play_decisions += 1.0;
                    seen.trump_decisions += f64::from(u8::from(guessing_trump));
                    for k in 0..2 {
                        seen.value_error[k] += errors[k] / weights[k];
                        if guessing_trump {
                            seen.trump_suit[k] += hits[k] / weights[k];
                        }
                    }
                }
                let action = Greedy::default()
                    .choose(&view, &game.legal_actions())
                    .unwrap();
                game.apply(&action).unwrap();
            }
        }
        seen
    }

    #[test]
    fn the_bids_and_the_trump_lean_the_samples_to_the_real_hands() {
        let seen = guesses(40, 20);
        eprintln!("{seen:?}");
        let [plain, weighted] = seen.value_error.map(|e| e / seen.play_decisions);
        assert!(
            weighted < 0.9 * plain,
            "the hand values' error: {weighted:.2} weighted, {plain:.2} plain"
        );
        let [plain, weighted] = seen.trump_suit.map(|h| h / seen.trump_decisions);
        assert!(
            seen.trump_decisions > 100.0 && weighted > plain,
            "the hidden trump's suit: {weighted:.3} weighted, {plain:.3} plain"
        );
    }
}
