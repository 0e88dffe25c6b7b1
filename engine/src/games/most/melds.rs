//! The shapes of melds: what makes a run or a set, every place a meld can take, and which
//! cards extend a meld on the table.

use super::{MeldKind, Slot, TableMeld};
use crate::cards::{Card, CardSet, Rank, Suit};

/// The rank's place in the wrapping order 2, 3, …, K, A: 0 to 12.
fn rank_pos(card: Card) -> usize {
    card.rank().map_or(0, |r| r.index())
}

fn card_at(pos: usize, suit: Suit) -> Card {
    Card::new(Rank::ALL[pos % 13], suit)
}

/// The shape of a meld made of these represented (standard) cards, with its cards in table
/// order; `None` when they are not three or more distinct cards forming a run or a set.
pub fn meld_shape(cards: &[Card]) -> Option<(MeldKind, Vec<Card>)> {
    let set: CardSet = cards.iter().copied().collect();
    if cards.len() < 3 || set.len() != cards.len() || cards.iter().any(|c| c.is_joker()) {
        return None;
    }
    let first = cards[0];
    if cards.iter().all(|c| c.rank() == first.rank()) {
        let order: Vec<Card> = set.iter().collect();
        return Some((MeldKind::Set, order));
    }
    let suit = first.suit()?;
    if cards.iter().any(|c| c.suit() != Some(suit)) {
        return None;
    }
    let has = |pos: usize| set.contains(card_at(pos, suit));
    let starts: Vec<usize> = (0..13).filter(|&p| has(p) && !has((p + 12) % 13)).collect();
    let start = match starts.as_slice() {
        [] => 0,
        [s] => *s,
        _ => return None,
    };
    let order = (0..cards.len()).map(|k| card_at(start + k, suit)).collect();
    Some((MeldKind::Run, order))
}

/// Every place a meld can take, once: each set of three or four suits of a rank, then each run by
/// suit, length and start (a full 13-card run once, from the 2).
pub(super) fn windows() -> &'static [Vec<Card>] {
    static WINDOWS: std::sync::OnceLock<Vec<Vec<Card>>> = std::sync::OnceLock::new();
    WINDOWS.get_or_init(|| {
        let mut windows: Vec<Vec<Card>> = Vec::new();
        for rank in Rank::ALL {
            for skip in [None, Some(0), Some(1), Some(2), Some(3)] {
                windows.push(
                    Suit::ALL
                        .iter()
                        .enumerate()
                        .filter(|(i, _)| Some(*i) != skip)
                        .map(|(_, &s)| Card::new(rank, s))
                        .collect(),
                );
            }
        }
        for suit in Suit::ALL {
            for len in 3..=13 {
                let starts = if len == 13 { 1 } else { 13 };
                for start in 0..starts {
                    windows.push((0..len).map(|k| card_at(start + k, suit)).collect());
                }
            }
        }
        windows
    })
}

impl TableMeld {
    /// The standard cards that may extend this meld.
    pub fn extensions(&self) -> Vec<Card> {
        let len = self.slots.len();
        let first = self.slots[0].stands_for;
        let (Some(rank), Some(suit)) = (first.rank(), first.suit()) else {
            return Vec::new();
        };
        match self.kind {
            MeldKind::Set => Suit::ALL
                .into_iter()
                .map(|s| Card::new(rank, s))
                .filter(|c| self.slots.iter().all(|s| s.stands_for != *c))
                .collect(),
            MeldKind::Run => {
                let start = rank_pos(first);
                let mut out = Vec::new();
                if len < 13 {
                    out.push(card_at(start + len, suit));
                }
                if len < 12 {
                    out.push(card_at(start + 12, suit));
                }
                out
            }
        }
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
