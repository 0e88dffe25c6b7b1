//! What one seat sees of a bridge match: the JSON a bot receives as `view`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::Bridge;
use crate::cards::{Card, Suit};
use crate::game::Seat;
use crate::reuse::{cloned, refill};

/// Where the player to act is within their turn (public: everyone sees it).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct TurnView {
    /// The deal's first turn, on the turned-up card: it may end at once (unless a six is up).
    pub opening: bool,
    /// The player has drawn a card of their own will this turn.
    pub drew: bool,
    /// The six on top must be covered before the turn may end.
    pub must_cover: bool,
    /// The cards the player has put on the pile this turn, in order.
    pub played: Vec<Card>,
}

/// What one seat may see of a bridge match.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct BridgeView {
    /// The seat this view is for.
    pub seat: Seat,
    /// The number of players.
    pub players: usize,
    /// The number of the deal, from 1.
    pub deal: u32,
    /// The dealer of this deal.
    pub dealer: Seat,
    /// The seat to act, `null` once the match is over.
    pub to_act: Option<Seat>,
    /// The seat's own cards, by suit (clubs, diamonds, hearts, spades) and rank.
    pub hand: Vec<Card>,
    /// How many cards each seat holds.
    pub hand_sizes: Vec<usize>,
    /// Cards left in the face-down deck.
    pub deck_size: usize,
    /// The face-up pile since the last reshuffle, its top card last.
    pub pile: Vec<Card>,
    /// The top card of the pile.
    pub top: Card,
    /// The suit the jack on top orders, `null` unless a jack is on top.
    pub ordered_suit: Option<Suit>,
    /// The turn in progress.
    pub turn: TurnView,
    /// Turns each seat is still to lose (to eights and aces).
    pub skips: Vec<u32>,
    /// Each seat's total points (lower is better).
    pub totals: Vec<u32>,
    /// The points each seat scored in the previous deal, `null` in the first deal.
    pub last_deal: Option<Vec<u32>>,
    /// Going over this many points loses.
    pub target: u32,
    /// Whether the match is a single deal.
    pub single_deal: bool,
}

/// The view of `seat`, its lists built in `old`'s memory when there is one.
pub(super) fn view(game: &Bridge, seat: Seat, mut old: Option<&mut BridgeView>) -> BridgeView {
    let n = game.players;
    let mut hand = refill(old.as_mut().map(|o| &mut o.hand), game.hands[seat].iter());
    hand.sort_unstable_by_key(|c| (c.suit(), c.rank()));
    let last_deal = game.scores.last().map(|d| {
        let buffer = old.as_mut().and_then(|o| o.last_deal.as_mut());
        cloned(buffer, &d[..n])
    });
    BridgeView {
        seat,
        players: n,
        deal: game.deal,
        dealer: game.dealer,
        to_act: (!game.over).then_some(game.current),
        hand,
        hand_sizes: refill(
            old.as_mut().map(|o| &mut o.hand_sizes),
            game.hands[..n].iter().map(|h| h.len()),
        ),
        deck_size: game.deck.len(),
        pile: cloned(old.as_mut().map(|o| &mut o.pile), &game.pile),
        top: game.top(),
        ordered_suit: game.ordered,
        turn: TurnView {
            opening: game.turn.opening,
            drew: game.turn.drew,
            must_cover: game.turn.must_cover,
            played: cloned(old.as_mut().map(|o| &mut o.turn.played), &game.turn.played),
        },
        skips: cloned(old.as_mut().map(|o| &mut o.skips), &game.skips[..n]),
        totals: cloned(old.as_mut().map(|o| &mut o.totals), &game.totals[..n]),
        last_deal,
        target: game.options.target,
        single_deal: game.options.single_deal,
    }
}
