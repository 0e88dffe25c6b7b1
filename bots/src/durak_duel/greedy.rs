//! `greedy`: a sensible durak-duel heuristic. It sheds low non-trumps, keeps its trumps while the
//! deck lasts, counterattacks when that costs a low non-trump, and takes rather than spend high
//! trumps early.

use cardarena_engine::card_list::CardList;
use cardarena_engine::games::durak_duel::{DurakDuelAction, DurakDuelView, Phase, beats};
use cardarena_engine::{Card, CardSet, Rank};

use super::{Strategy, is_trump};

/// The greedy heuristic:
/// - open with the lowest non-trump, with every non-trump of its rank at once (a siege) when it
///   holds several; with trumps only, the lowest trump;
/// - once every attack card is beaten, add the lowest cheap card of a rank on the table (a
///   non-trump below a queen while the deck lasts, any non-trump once it is empty), else `done`;
/// - defend: counterattack with low non-trumps of the attacked rank; else beat every attack card
///   with the cheapest card that does (non-trumps before trumps), or pass when that is impossible
///   or would cost a high trump (or two trumps) early while the deck is large and the table small;
/// - pile on every cheap card when the defender passes;
/// - with the deck empty, any action that empties its hand wins and comes first.
#[derive(Debug, Clone, Copy, Default)]
pub struct Greedy;

/// What a card costs to give away: its rank, plus a whole suit's worth for a trump.
fn cost(view: &DurakDuelView, card: Card) -> u32 {
    let rank = card.rank().map_or(0, |r| r as u32);
    if is_trump(view, card) {
        rank + 20
    } else {
        rank
    }
}

/// A card to add to an attack or to pile on: a low non-trump while the deck lasts, any non-trump
/// once it is empty.
fn cheap(view: &DurakDuelView, card: Card) -> bool {
    !is_trump(view, card) && (view.deck_size == 0 || card.rank() < Some(Rank::Queen))
}

/// The cards an attack, counterattack or pile-on puts down.
fn cards_of(action: &DurakDuelAction) -> &[Card] {
    match action {
        DurakDuelAction::Attack { cards }
        | DurakDuelAction::Counterattack { cards }
        | DurakDuelAction::PileOn { cards } => cards,
        _ => &[],
    }
}

/// With the deck empty, a legal action that puts down the whole hand (the game is then won, or at
/// worst drawn).
fn going_out(view: &DurakDuelView, legal: &[DurakDuelAction]) -> Option<DurakDuelAction> {
    if view.deck_size > 0 {
        return None;
    }
    legal
        .iter()
        .find(|a| {
            matches!(
                a,
                DurakDuelAction::Attack { .. } | DurakDuelAction::PileOn { .. }
            ) && cards_of(a).len() == view.hand.len()
        })
        .cloned()
}

/// The legal card-list action whose cards are all `good`, with the most cards and then the lowest
/// total cost.
fn most_of(
    view: &DurakDuelView,
    legal: &[DurakDuelAction],
    good: impl Fn(&DurakDuelAction, Card) -> bool,
) -> Option<DurakDuelAction> {
    legal
        .iter()
        .filter(|a| {
            let cards = cards_of(a);
            !cards.is_empty() && cards.iter().all(|&c| good(a, c))
        })
        .min_by_key(|a| {
            let cards = cards_of(a);
            (
                std::cmp::Reverse(cards.len()),
                cards.iter().map(|&c| cost(view, c)).sum::<u32>(),
            )
        })
        .cloned()
}

/// The cheapest way to beat every unbeaten attack card, one card each: the hardest attack card
/// first, each with the cheapest card left that beats it, as (attack, card) pairs. `None` when
/// some card cannot be beaten. Held inline (a table holds at most six attack cards), so a
/// search that asks at every move of its rollouts allocates nothing.
fn defence_plan(view: &DurakDuelView) -> Option<impl Iterator<Item = (Card, Card)>> {
    let trump = view.trump.suit()?;
    let mut attacks: CardList = (view.table.iter())
        .filter(|p| p.beat.is_none())
        .map(|p| p.attack)
        .collect();
    let played = |c: Card| view.table.iter().position(|p| p.attack == c);
    attacks
        .as_mut_slice()
        .sort_unstable_by_key(|&c| (std::cmp::Reverse(cost(view, c)), played(c)));
    let mut hand: CardSet = view.hand.iter().copied().collect();
    let mut answers = CardList::new();
    for &attack in attacks.iter() {
        let card = (hand.iter())
            .filter(|&c| beats(c, attack, trump))
            .min_by_key(|&c| (cost(view, c), view.hand.iter().position(|&h| h == c)))?;
        hand.remove(card);
        answers.push(card);
    }
    Some(attacks.into_iter().zip(answers))
}

impl Greedy {
    /// The bot's decision at `view` among `legal`; `None` only when `legal` is empty.
    pub fn choose(
        &self,
        view: &DurakDuelView,
        legal: &[DurakDuelAction],
    ) -> Option<DurakDuelAction> {
        let choice = self.prefer(view, legal);
        match choice {
            Some(action) if legal.contains(&action) => Some(action),
            // A guard: never answer outside the legal list.
            _ => legal.last().cloned(),
        }
    }

    fn prefer(&self, view: &DurakDuelView, legal: &[DurakDuelAction]) -> Option<DurakDuelAction> {
        if let Some(out) = going_out(view, legal) {
            return Some(out);
        }
        match view.phase {
            Phase::Open => self.open(view, legal),
            Phase::Continue => Some(
                legal
                    .iter()
                    .filter(|a| {
                        let cards = cards_of(a);
                        cards.len() == 1 && cheap(view, cards[0])
                    })
                    .min_by_key(|a| cost(view, cards_of(a)[0]))
                    .cloned()
                    .unwrap_or(DurakDuelAction::Done),
            ),
            Phase::PileOn => {
                Some(most_of(view, legal, |_, c| cheap(view, c)).unwrap_or(DurakDuelAction::Done))
            }
            Phase::Defend => Some(self.defend(view, legal)),
            Phase::Over => None,
        }
    }

    /// The opening: the lowest non-trump rank, all its non-trumps at once; else the lowest trump.
    fn open(&self, view: &DurakDuelView, legal: &[DurakDuelAction]) -> Option<DurakDuelAction> {
        let lowest = view
            .hand
            .iter()
            .copied()
            .filter(|&c| !is_trump(view, c))
            .min_by_key(|&c| cost(view, c));
        match lowest {
            Some(low) => most_of(view, legal, |_, c| {
                !is_trump(view, c) && c.rank() == low.rank()
            }),
            None => legal
                .iter()
                .filter(|a| cards_of(a).len() == 1)
                .min_by_key(|a| cost(view, cards_of(a)[0]))
                .cloned(),
        }
    }

    /// The defender's answer: counterattack cheaply, else beat at a fair price, else pass.
    fn defend(&self, view: &DurakDuelView, legal: &[DurakDuelAction]) -> DurakDuelAction {
        let counter = most_of(view, legal, |a, c| {
            matches!(a, DurakDuelAction::Counterattack { .. })
                && !is_trump(view, c)
                && (view.deck_size == 0 || c.rank() <= Some(Rank::Ten))
        });
        if let Some(counter) = counter {
            return counter;
        }
        let Some(plan) = defence_plan(view) else {
            return DurakDuelAction::Pass;
        };
        let early = view.deck_size > 8 && view.table.len() <= 2;
        let (mut first, mut high_trumps, mut trumps) = (None, 0, 0);
        for (attack, card) in plan {
            first = first.or(Some(DurakDuelAction::Defend { attack, card }));
            high_trumps += usize::from(is_trump(view, card) && card.rank() >= Some(Rank::Queen));
            trumps += usize::from(is_trump(view, card));
        }
        if early && (high_trumps > 0 || trumps > 1) {
            return DurakDuelAction::Pass;
        }
        first.unwrap_or(DurakDuelAction::Pass)
    }
}

impl Strategy for Greedy {
    fn choose(&self, view: &DurakDuelView, legal: &[DurakDuelAction]) -> Option<DurakDuelAction> {
        Greedy::choose(self, view, legal)
    }
}
