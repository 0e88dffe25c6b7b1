//! `greedy`: a sensible prsi heuristic that sheds as many cards as it can, keeps its green under
//! and overs for when nothing else goes, and answers aces and sevens in kind.

use cardarena_engine::games::prsi::{GREEN_UNDER, PrsiAction, PrsiView};
use cardarena_engine::{Card, Rank, Suit};

/// The greedy heuristic, from the view and the legal list alone:
/// - a play that empties the hand comes first;
/// - against aces, answer with every ace it may, else stand; against sevens, answer with sevens,
///   else with the green under, else draw;
/// - otherwise play the most cards it can, sparing the green under and overs (its jokers) while
///   anything else goes, liking sevens and aces (they hurt the next player); the last card laid
///   (the new top) is of the suit it holds most of, and an over asks for that suit;
/// - draw when nothing goes.
#[derive(Debug, Clone, Copy, Default)]
pub struct Greedy;

fn cards_of(action: &PrsiAction) -> &[Card] {
    match action {
        PrsiAction::Play { cards, .. } => cards,
        _ => &[],
    }
}

/// How many cards of `suit` the hand keeps after playing `played`.
fn kept_of(view: &PrsiView, played: &[Card], suit: Option<Suit>) -> i64 {
    view.hand
        .iter()
        .filter(|c| !played.contains(c) && c.suit() == suit && c.rank() != Some(Rank::Queen))
        .count() as i64
}

fn score(view: &PrsiView, action: &PrsiAction) -> i64 {
    let PrsiAction::Play { cards, suit } = action else {
        return i64::MIN / 2;
    };
    if cards.len() == view.hand.len() {
        return 1_000_000;
    }
    let rank = cards[0].rank();
    let last = cards[cards.len() - 1];
    let mut s = cards.len() as i64 * 100;
    if cards.contains(&GREEN_UNDER) {
        s -= 400;
    }
    if rank == Some(Rank::Queen) {
        s -= 300;
    }
    if matches!(rank, Some(Rank::Seven) | Some(Rank::Ace)) {
        s += 50;
    }
    let follow = suit.or(last.suit());
    s + kept_of(view, cards, follow) * 10
}

impl Greedy {
    /// The greedy choice among `legal`; `None` only when `legal` is empty.
    pub fn choose(&self, view: &PrsiView, legal: &[PrsiAction]) -> Option<PrsiAction> {
        let fallback = legal.last().cloned();
        let best = legal
            .iter()
            .filter(|a| !cards_of(a).is_empty())
            .max_by_key(|a| score(view, a))
            .cloned();
        // Against pending sevens the green under is worth spending; in the open it is kept unless
        // it is the only play (the score already prefers anything else).
        best.or(fallback)
    }
}
