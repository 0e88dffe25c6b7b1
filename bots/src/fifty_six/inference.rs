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
    Bid, FiftySix, FiftySixAction, FiftySixView, HIGH_BID, Phase, points, precedence, team,
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

/// How likely the public moves of this deal are on `sample` (rebuilt from `view`), 0 to 1: the
/// deal is replayed from its start on the sample's hands ([`FiftySix::deal_from_start`]), and
/// each call and play of another seat is weighed as it was made there.
pub(super) fn likelihood(view: &FiftySixView, sample: &FiftySix) -> f64 {
    if view.bidding.is_empty() {
        return 1.0;
    }
    let Some((mut game, actions)) = sample.deal_from_start() else {
        return 1.0;
    };
    let others: Vec<Seat> = (0..view.players).filter(|&s| s != view.seat).collect();
    let trump = match view.bidder.filter(|b| others.contains(b)) {
        Some(bidder) => trump_likelihood(view, sample, game.hand(bidder)),
        None => 1.0,
    };
    let values: Vec<u32> = (0..view.players)
        .map(|s| hand_value_of(game.hand(s), view.players, Bidding::Tuned).0)
        .collect();
    let mut misses = vec![0u32; view.players];
    let mut plays = 1.0;
    let mut legal = Vec::new();
    let mut seen: Option<FiftySixView> = None;
    for action in &actions {
        let Some(seat) = game.to_act() else {
            plays = IMPOSSIBLE;
            break;
        };
        if seat != view.seat {
            match action {
                FiftySixAction::Bid { .. } | FiftySixAction::Pass => {
                    if let Some(standing) = game.standing_bid() {
                        game.legal_actions_into(&mut legal);
                        misses[seat] += call_miss(values[seat], action, &legal, standing, seat);
                    }
                }
                FiftySixAction::Play { .. } | FiftySixAction::RevealTrump => {
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
                            plays *= OFF_GREEDY_FACTOR;
                        }
                    }
                }
                FiftySixAction::HideTrump { .. } => {}
            }
        }
        if game.apply(action).is_err() {
            // Calls always apply, so the calls were all weighed by then.
            plays = IMPOSSIBLE;
            break;
        }
    }
    let mut weight = plays;
    for seat in others {
        weight *= (-f64::from(misses[seat]) / BID_POINTS_PER_E).exp();
        if view.bidder == Some(seat) {
            weight *= trump;
        }
    }
    weight
}

/// The card points by which a seat whose hand is worth `value` misses `call` (a bid or a pass)
/// made among `legal` over the `standing` bid: a raise says the hand is worth the bid (over a
/// teammate, worth a higher band), a pass that the least bid was more than the hand is worth
/// (over a teammate, that the hand is not worth a higher band).
fn call_miss(
    value: u32,
    call: &FiftySixAction,
    legal: &[FiftySixAction],
    standing: Bid,
    seat: Seat,
) -> u32 {
    let partner_holds = team(standing.seat) == team(seat);
    let least = legal.iter().filter_map(|a| match a {
        FiftySixAction::Bid { points } => Some(*points),
        _ => None,
    });
    match (call, least.min()) {
        (FiftySixAction::Bid { points }, _) if partner_holds => {
            points.max(&(HIGH_BID + 4)).saturating_sub(value)
        }
        (FiftySixAction::Bid { points }, _) => points.saturating_sub(value),
        (_, Some(least)) if partner_holds => (value + 1).saturating_sub(least.max(HIGH_BID + 4)),
        (_, Some(least)) => (value + 1).saturating_sub(least),
        (_, None) => 0,
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
                        let (dealt, _) = sample.deal_from_start().unwrap();
                        for other in (0..4).filter(|&s| s != seat) {
                            let guessed = hand_value_of(dealt.hand(other), 4, Bidding::Tuned).0;
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
