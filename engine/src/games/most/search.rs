//! Every meld the player to act may put down now, found with card sets: each place a meld can
//! take (a "window") is tried only where the hand holds enough of its cards, and nothing is
//! allocated, so listing the legal actions and checking a take from the bridge stay cheap.

use std::ops::ControlFlow;

use super::{JokerAs, JokerList, Most, MostAction};
use crate::card_list::CardList;
use crate::cards::{Card, CardSet, Rank, Suit};

/// The two jokers.
const JOKERS: CardSet = CardSet::from_bits(0b11 << 52);

/// `RUNS[len][start]`: the clubs of a run of `len` ranks from rank position `start` (0 for the
/// two), wrapping past the ace; shifted by a suit's number it is that suit's run.
static RUNS: [[u64; 13]; 14] = {
    let mut runs = [[0u64; 13]; 14];
    let mut len = 1;
    while len <= 13 {
        let mut start = 0;
        while start < 13 {
            runs[len][start] = runs[len - 1][start] | 1 << ((start + len - 1) % 13 * 4);
            start += 1;
        }
        len += 1;
    }
    runs
};

/// What the search reads of the position, for the player to act.
#[derive(Debug, Clone, Copy)]
pub(super) struct MeldSearch {
    /// The hand, jokers included.
    pub hand: CardSet,
    /// The standard cards the table shows, as themselves or through a joker: none of them may
    /// be melded again, nor may a joker stand for one.
    pub table: CardSet,
    /// The cards on the bridge: a joker may not stand for one.
    pub bridge: CardSet,
    /// The bridge card taken this turn that the meld must use.
    pub pending: Option<Card>,
}

impl MeldSearch {
    /// Calls `found` with every meld, as its standard cards (ascending) and its jokers with the
    /// cards they stand for (`BJ` first), in the order the legal actions list them: sets by rank
    /// (all four suits, then each with one suit left out, clubs first), then runs by suit,
    /// length and start; within a window, each assignment of the jokers to its gaps. Stops when
    /// `found` breaks.
    pub fn each(
        &self,
        found: &mut impl FnMut(CardList, JokerList) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let jokers = (self.hand & JOKERS).len();
        // A meld must use a pending standard card: only its rank's sets and its suit's runs can
        // (every other window is skipped anyway; a take's check asks for each bridge card).
        let pending = self.pending.filter(|p| !p.is_joker());
        for rank in Rank::ALL {
            if pending.is_some_and(|p| p.rank() != Some(rank)) {
                continue;
            }
            let all = CardSet::of_rank(rank);
            if (self.hand & all).len() + jokers < 3 {
                continue;
            }
            self.window(all, None, found)?;
            for suit in Suit::ALL {
                self.window(all - single(Card::new(rank, suit)), None, found)?;
            }
        }
        // A meld leaves a card in hand for the discard, and a window needs all but as many
        // cards as there are jokers from the hand.
        let longest = self.hand.len().saturating_sub(1).min(13);
        for suit in Suit::ALL {
            if pending.is_some_and(|p| p.suit() != Some(suit)) {
                continue;
            }
            let held = (self.hand & CardSet::of_suit(suit)).len();
            let lengths = 3..=longest.min(held + jokers);
            for (len, runs) in RUNS
                .iter()
                .enumerate()
                .filter(|(len, _)| lengths.contains(len))
            {
                let starts = if len == 13 { 1 } else { 13 };
                for (start, &clubs) in runs[..starts].iter().enumerate() {
                    let window = CardSet::from_bits(clubs << suit as u64);
                    self.window(window, Some(start), found)?;
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// Whether there is any meld at all.
    pub fn any(&self) -> bool {
        self.each(&mut |_, _| ControlFlow::Break(())).is_break()
    }

    /// The melds that fill `window` (a run from rank position `run_start`, or a set).
    fn window(
        &self,
        window: CardSet,
        run_start: Option<usize>,
        found: &mut impl FnMut(CardList, JokerList) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let skip = ControlFlow::Continue(());
        if self.hand.len() < window.len() + 1 {
            return skip;
        }
        let pending = self.pending;
        if let Some(p) = pending.filter(|p| !p.is_joker())
            && !window.contains(p)
        {
            return skip;
        }
        let naturals = window & self.hand;
        let gaps = window - self.hand;
        if !(naturals & self.table).is_empty() || !(gaps & (self.table | self.bridge)).is_empty() {
            return skip;
        }
        let jokers = self.hand & JOKERS;
        if gaps.len() > jokers.len() {
            return skip;
        }
        let cards: CardList = naturals.iter().collect();
        let uses_pending = |js: &JokerList| match pending {
            None => true,
            Some(p) if p.is_joker() => js.iter().any(|j| j.joker == p),
            Some(p) => naturals.contains(p),
        };
        let mut offer = |js: JokerList| {
            if uses_pending(&js) {
                found(cards, js)
            } else {
                ControlFlow::Continue(())
            }
        };
        let as_ = |joker: Card, stands_for: Card| JokerAs { joker, stands_for };
        let mut gap = gaps.iter();
        match (gap.next(), gap.next()) {
            (None, _) => offer(JokerList::new()),
            (Some(g), None) => {
                for j in jokers {
                    offer(JokerList::from([as_(j, g)]))?;
                }
                ControlFlow::Continue(())
            }
            (Some(g), Some(h)) => {
                // The gaps in the window's order: a run's from its start, a set's by suit.
                let (g, h) = match run_start {
                    Some(start) if position(h, start) < position(g, start) => (h, g),
                    _ => (g, h),
                };
                let (a, b) = (Card::BLACK_JOKER, Card::RED_JOKER);
                offer(JokerList::from([as_(a, g), as_(b, h)]))?;
                offer(JokerList::from([as_(a, h), as_(b, g)]))
            }
        }
    }
}

/// The set of one card.
fn single(card: Card) -> CardSet {
    let mut set = CardSet::EMPTY;
    set.insert(card);
    set
}

/// How far `card` lies along a run that starts at rank position `start`.
fn position(card: Card, start: usize) -> usize {
    let rank = card.rank().map_or(0, Rank::index);
    (rank + 13 - start) % 13
}

impl Most {
    /// The search for the player to act as the game stands.
    fn meld_search(&self) -> MeldSearch {
        MeldSearch {
            hand: self.hands[self.to_act],
            table: self.table_represented(),
            bridge: self.bridge.iter().copied().collect(),
            pending: self.pending,
        }
    }

    /// Every meld the player to act may put down now (pending card included if any), in a stable
    /// order: sets by rank, then runs by suit, length and start.
    pub(super) fn melds_into(&self, out: &mut Vec<MostAction>) {
        let _ = self.meld_search().each(&mut |cards, jokers| {
            out.push(MostAction::Meld { cards, jokers });
            ControlFlow::Continue(())
        });
    }

    /// Whether taking the bridge from `index` leaves a meld with the taken card.
    pub(super) fn can_take(&self, index: usize) -> bool {
        index < self.bridge.len() && self.take_search(self.table_represented(), index).any()
    }

    /// Every bridge position the player to act may take from, oldest first.
    pub(super) fn takes(&self) -> impl Iterator<Item = usize> + '_ {
        let table = self.table_represented();
        (0..self.bridge.len()).filter(move |&index| self.take_search(table, index).any())
    }

    /// The search after taking the bridge from `index`: the taken cards in hand, the first of
    /// them pending, the cards before it still on the bridge.
    fn take_search(&self, table: CardSet, index: usize) -> MeldSearch {
        let (left, taken) = self.bridge.split_at(index);
        MeldSearch {
            hand: self.hands[self.to_act] | taken.iter().copied().collect(),
            table,
            bridge: left.iter().copied().collect(),
            pending: taken.first().copied(),
        }
    }
}
