//! `greedy`: a sensible fifty-six player that bids from the points and the trumps in its hand and
//! plays each trick by the cards it can see.

use cardarena_engine::games::fifty_six::{
    FiftySixAction, FiftySixView, HIGH_BID, MIN_BID, Phase, PlayedCard, points, precedence, team,
    trick_winner,
};
use cardarena_engine::{Card, Suit};

/// The greedy heuristic, from the view and the legal list alone.
///
/// Bidding: it values its hand as the team's fair half of the 56 points, plus what its own cards
/// are worth above a fair share (each point counting one and a half, for the tricks strong cards
/// take), plus three for each card of its best suit beyond two and two for each jack of it, less
/// a safety margin (4 points with 4 players, 6 with 6: a failed bid costs twice a made one). It
/// opens at the least it may, raises by the least it may while the price stays within that value,
/// leaves a teammate's bid alone unless its own value is well above 40, and bids tani only with
/// six trumps headed by both jacks.
///
/// Trump: the suit it holds most of (more points breaking ties); it hides that suit's lowest card.
///
/// Play: it leads a jack (the top card) when it has one, else a low card of its longest side
/// suit. Following, it takes a trick its opponents hold with the cheapest card that wins, gives
/// points to a teammate who holds the trick with a sure card or as the last to play, and
/// otherwise throws its cheapest card. Unable to follow, it cuts with the cheapest winning trump
/// when the trump is known and the trick is worth taking, calls for a hidden trump when an
/// opponent holds a trick worth three points or more, and else discards cheaply.
///
/// Its [`Bidding`] style sets the safety margin; the house bots `greedy`, `bold` and `cautious`
/// are the three styles.
#[derive(Debug, Clone, Copy, Default)]
pub struct Greedy {
    /// How far below its estimate of the hand it stops bidding.
    pub bidding: Bidding,
}

/// How boldly [`Greedy`] bids: the safety margin it keeps below its estimate of the hand.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Bidding {
    /// The margin that did best in self-play: 4 card points with 4 players, 6 with 6. A failed
    /// bid costs twice what a made one gains, so a bid needs about a two-in-three chance.
    #[default]
    Tuned,
    /// No margin: it bids up to its estimate.
    Bold,
    /// Four points more margin than `Tuned`.
    Cautious,
}

impl Bidding {
    /// The margin in card points at a table of `players`.
    fn margin(self, players: usize) -> f64 {
        let tuned = if players >= 6 { 6.0 } else { 4.0 };
        match self {
            Bidding::Tuned => tuned,
            Bidding::Bold => 0.0,
            Bidding::Cautious => tuned + 4.0,
        }
    }
}

/// What the hand is worth bidding for its team, in card points, less the `bidding` style's
/// margin, and the suit it would name trump.
pub fn hand_value(view: &FiftySixView, bidding: Bidding) -> (u32, Option<Suit>) {
    hand_value_of(&view.hand, view.players, bidding)
}

/// [`hand_value`] of `hand` at a table of `players`.
pub fn hand_value_of(hand: &[Card], players: usize, bidding: Bidding) -> (u32, Option<Suit>) {
    let Some(trump) = best_suit(hand) else {
        return (0, None);
    };
    let fair_share = 56.0 / players as f64;
    let own: u32 = hand.iter().map(|&c| points(c)).sum();
    let length = hand.iter().filter(|c| c.suit() == Some(trump)).count() as f64;
    let jacks = hand
        .iter()
        .filter(|c| c.suit() == Some(trump) && precedence(**c) == 5)
        .count() as f64;
    let margin = bidding.margin(players);
    let value =
        28.0 + 1.5 * (own as f64 - fair_share) + 3.0 * (length - 2.0) + 2.0 * jacks - margin;
    (value.max(0.0) as u32, Some(trump))
}

/// Whether the hand can hope to win all eight tricks alone: six or more of one suit with both
/// jacks, and jacks at the head of the rest.
fn tani_hand(view: &FiftySixView, trump: Suit) -> bool {
    let of_trump: Vec<&Card> = view
        .hand
        .iter()
        .filter(|c| c.suit() == Some(trump))
        .collect();
    let trump_jacks = of_trump.iter().filter(|c| precedence(***c) == 5).count();
    let side_low = view
        .hand
        .iter()
        .filter(|c| c.suit() != Some(trump) && precedence(**c) < 5)
        .count();
    of_trump.len() >= 6 && trump_jacks == 2 && side_low == 0
}

/// The suit with the most cards in `hand`, more points breaking ties; `None` for an empty hand.
fn best_suit(hand: &[Card]) -> Option<Suit> {
    Suit::ALL
        .into_iter()
        .map(|suit| {
            let of: Vec<&Card> = hand.iter().filter(|c| c.suit() == Some(suit)).collect();
            let pts: u32 = of.iter().map(|c| points(**c)).sum();
            (of.len(), pts, suit)
        })
        .filter(|(len, _, _)| *len > 0)
        .max_by_key(|&(len, pts, suit)| (len, pts, std::cmp::Reverse(suit)))
        .map(|(_, _, suit)| suit)
}

/// The cheapest of `cards`: fewest points, then lowest precedence.
pub(super) fn cheapest(cards: impl Iterator<Item = Card>) -> Option<Card> {
    cards.min_by_key(|&c| (points(c), precedence(c), c))
}

/// The richest of `cards` that is not a jack (jacks win tricks; other points are given away).
fn richest_giveaway(cards: impl Iterator<Item = Card>) -> Option<Card> {
    cards
        .filter(|&c| precedence(c) < 5)
        .max_by_key(|&c| (points(c), precedence(c), c))
}

impl Greedy {
    /// The greedy choice among `legal`; `None` only when `legal` is empty.
    pub fn choose(&self, view: &FiftySixView, legal: &[FiftySixAction]) -> Option<FiftySixAction> {
        let choice = match view.phase {
            Phase::Bidding => self.bid(view, legal),
            Phase::HidingTrump => self.hide(view, legal),
            _ => self.play(view, legal),
        };
        choice
            .filter(|c| legal.contains(c))
            .or_else(|| legal.first().cloned())
    }

    fn bid(&self, view: &FiftySixView, legal: &[FiftySixAction]) -> Option<FiftySixAction> {
        let bids = legal.iter().filter_map(|a| match a {
            FiftySixAction::Bid { points } => Some(*points),
            _ => None,
        });
        let lowest = bids.clone().min()?;
        let can_pass = legal.contains(&FiftySixAction::Pass);
        if !can_pass {
            return Some(FiftySixAction::Bid { points: lowest });
        }
        let (value, trump) = hand_value(view, self.bidding);
        if let Some(trump) = trump
            && tani_hand(view, trump)
            && bids.clone().any(|p| p == 56)
        {
            return Some(FiftySixAction::Bid { points: 56 });
        }
        let partner_holds = view.standing_bid.is_some_and(|b| team(b.seat) == view.team);
        let limit = if partner_holds {
            // Outbid a teammate only to a higher band, and only with a hand well worth it.
            if value >= HIGH_BID + 4 {
                value.min(55)
            } else {
                0
            }
        } else {
            value.min(55)
        };
        if lowest <= limit && lowest >= MIN_BID {
            Some(FiftySixAction::Bid { points: lowest })
        } else {
            Some(FiftySixAction::Pass)
        }
    }

    fn hide(&self, view: &FiftySixView, legal: &[FiftySixAction]) -> Option<FiftySixAction> {
        let trump = best_suit(&view.hand);
        let card = cheapest(view.hand.iter().copied().filter(|c| c.suit() == trump))?;
        let action = FiftySixAction::HideTrump { card };
        legal.contains(&action).then_some(action)
    }

    fn play(&self, view: &FiftySixView, legal: &[FiftySixAction]) -> Option<FiftySixAction> {
        let playable: Vec<Card> = legal
            .iter()
            .filter_map(|a| match a {
                FiftySixAction::Play { card } => Some(*card),
                _ => None,
            })
            .collect();
        let can_reveal = legal.contains(&FiftySixAction::RevealTrump);
        // The trump this seat knows of, and the one that counts in the trick as things stand.
        let known_trump = view.trump_card.and_then(|c| c.suit());
        let counting_trump = view.trump_in_force();
        let trick = &view.trick.cards;
        let (Some(winner), Some(led)) = (view.winning_card(), view.led_suit()) else {
            return self.lead(view, &playable, known_trump).map(play);
        };
        let partner_winning = team(winner.seat) == view.team;
        let in_trick: u32 = trick.iter().map(|p| points(p.card)).sum();
        let seats_in_trick = view.players - view.sitting_out.len();
        let last_to_play = trick.len() + 1 == seats_in_trick;
        let wins_with = |card: Card| {
            let mut after = trick.clone();
            after.push(PlayedCard {
                seat: view.seat,
                card,
            });
            trick_winner(&after, counting_trump) == trick.len()
        };
        let following = playable.iter().any(|c| c.suit() == Some(led));
        if following {
            if partner_winning {
                let sure = precedence(winner.card) == 5 || last_to_play;
                return if sure {
                    richest_giveaway(playable.iter().copied())
                        .or_else(|| cheapest(playable.iter().copied()))
                        .map(play)
                } else {
                    cheapest(playable.iter().copied()).map(play)
                };
            }
            let winning = playable.iter().copied().filter(|&c| wins_with(c));
            let take = if last_to_play {
                cheapest(winning)
            } else {
                winning.max_by_key(|&c| (precedence(c), c))
            };
            return take
                .or_else(|| cheapest(playable.iter().copied()))
                .map(play);
        }
        // Unable to follow suit.
        if !partner_winning {
            if let Some(cut) = cheapest(playable.iter().copied().filter(|&c| {
                counting_trump.is_some() && c.suit() == counting_trump && wins_with(c)
            })) && (in_trick >= 2 || last_to_play)
            {
                return Some(play(cut));
            }
            if can_reveal && in_trick >= 3 {
                return Some(FiftySixAction::RevealTrump);
            }
        }
        let keep_trumps = playable
            .iter()
            .copied()
            .filter(|c| known_trump.is_none() || c.suit() != known_trump);
        let discard = if partner_winning && (last_to_play || precedence(winner.card) == 5) {
            richest_giveaway(keep_trumps.clone())
        } else {
            cheapest(keep_trumps)
        };
        discard
            .or_else(|| cheapest(playable.iter().copied()))
            .map(play)
    }

    fn lead(&self, view: &FiftySixView, playable: &[Card], trump: Option<Suit>) -> Option<Card> {
        let side = |c: &&Card| trump.is_none() || c.suit() != trump;
        if let Some(jack) = playable.iter().filter(side).find(|c| precedence(**c) == 5) {
            return Some(*jack);
        }
        let longest = Suit::ALL
            .into_iter()
            .filter(|s| Some(*s) != trump)
            .max_by_key(|s| view.hand.iter().filter(|c| c.suit() == Some(*s)).count());
        cheapest(playable.iter().copied().filter(|c| c.suit() == longest))
            .or_else(|| cheapest(playable.iter().copied()))
    }
}

fn play(card: Card) -> FiftySixAction {
    FiftySixAction::Play { card }
}
