//! The shapes of melds: what makes a run or a set, and which cards extend a meld on the table.

use super::{MeldKind, Slot, TableMeld};
use crate::card_list::CardList;
use crate::cards::{Card, CardSet, Rank, Suit};

/// The rank's place in the wrapping order 2, 3, …, K, A: 0 to 12.
fn rank_pos(card: Card) -> usize {
    card.rank().map_or(0, |r| r.index())
}

fn card_at(pos: usize, suit: Suit) -> Card {
    Card::new(Rank::ALL[pos % 13], suit)
}

/// The shape of a meld made of these represented (standard) cards, with its cards in table
/// order; `None` when they are not three or more distinct cards forming a run or a set (at most
/// a suit's thirteen).
pub fn meld_shape(cards: &[Card]) -> Option<(MeldKind, CardList)> {
    let set: CardSet = cards.iter().copied().collect();
    let distinct = set.len() == cards.len() && cards.len() <= CardList::CAPACITY;
    if cards.len() < 3 || !distinct || cards.iter().any(|c| c.is_joker()) {
        return None;
    }
    let first = cards[0];
    if cards.iter().all(|c| c.rank() == first.rank()) {
        return Some((MeldKind::Set, set.iter().collect()));
    }
    let suit = first.suit()?;
    if cards.iter().any(|c| c.suit() != Some(suit)) {
        return None;
    }
    let has = |pos: usize| set.contains(card_at(pos, suit));
    let mut starts = (0..13).filter(|&p| has(p) && !has((p + 12) % 13));
    let start = match (starts.next(), starts.next()) {
        (None, _) => 0,
        (Some(s), None) => s,
        _ => return None,
    };
    let order = (0..cards.len()).map(|k| card_at(start + k, suit)).collect();
    Some((MeldKind::Run, order))
}

impl TableMeld {
    /// The standard cards that may extend this meld: a set's missing suits in suit order, a
    /// run's next card after its end, then before its start.
    pub fn extensions(&self) -> CardList {
        let len = self.slots.len();
        let first = self.slots[0].stands_for;
        let mut out = CardList::new();
        let (Some(rank), Some(suit)) = (first.rank(), first.suit()) else {
            return out;
        };
        match self.kind {
            MeldKind::Set => {
                for card in Suit::ALL.into_iter().map(|s| Card::new(rank, s)) {
                    if self.slots.iter().all(|s| s.stands_for != card) {
                        out.push(card);
                    }
                }
            }
            MeldKind::Run => {
                let start = rank_pos(first);
                if len < 13 {
                    out.push(card_at(start + len, suit));
                }
                if len < 12 {
                    out.push(card_at(start + 12, suit));
                }
            }
        }
        out
    }

    /// Puts `slot` in its place: a set in card order, a run at the end it extends.
    pub(super) fn add(&mut self, slot: Slot) {
        match self.kind {
            MeldKind::Set => {
                self.slots.push(slot);
                self.slots.sort_by_key(|s| s.stands_for);
            }
            MeldKind::Run => {
                let first = self.slots[0].stands_for;
                let start = rank_pos(first);
                let suit = first.suit().unwrap_or(Suit::Clubs);
                if slot.stands_for == card_at(start + self.slots.len(), suit) {
                    self.slots.push(slot);
                } else {
                    self.slots.insert(0, slot);
                }
            }
        }
    }
}
