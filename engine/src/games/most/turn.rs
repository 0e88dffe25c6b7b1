//! A turn's actions: what the seat to act may do now, and what each action does.

use super::{Most, MostAction, Phase, Slot, TableMeld, meld_shape};
use crate::card_list::CardList;

impl Most {
    /// Every legal action of the seat to act, in the order RULES.md gives.
    pub(super) fn legal_into(&self, out: &mut Vec<MostAction>) {
        out.clear();
        let seat = self.to_act;
        let hand = self.hands.get(seat).copied().unwrap_or_default();
        match self.phase {
            Phase::Over => {}
            Phase::Draw => {
                if !self.deck.is_empty() {
                    out.push(MostAction::Draw);
                }
                out.extend(self.takes().map(|index| MostAction::Take { index }));
            }
            Phase::Play => {
                self.melds_into(out);
                if self.pending.is_some() {
                    return;
                }
                let table = self.table_represented();
                if self.melded[seat] && hand.len() >= 2 {
                    for (i, m) in self.melds.iter().enumerate() {
                        for x in m.extensions() {
                            if hand.contains(x) && !table.contains(x) {
                                out.push(MostAction::LayOff {
                                    meld: i,
                                    card: x,
                                    stands_for: None,
                                });
                            } else if self.free(x, table) {
                                for j in hand.iter().filter(|c| c.is_joker()) {
                                    out.push(MostAction::LayOff {
                                        meld: i,
                                        card: j,
                                        stands_for: Some(x),
                                    });
                                }
                            }
                        }
                    }
                }
                for (i, m) in self.melds.iter().enumerate() {
                    for s in &m.slots {
                        if s.card.is_joker() && hand.contains(s.stands_for) {
                            out.push(MostAction::Swap {
                                meld: i,
                                card: s.stands_for,
                            });
                        }
                    }
                }
                for card in hand {
                    if card.is_joker() || !table.contains(card) {
                        out.push(MostAction::Discard { card });
                    }
                }
            }
        }
    }

    /// Plays `action`, already checked, for the seat to act.
    pub(super) fn play(&mut self, action: &MostAction) {
        let seat = self.to_act;
        match action {
            MostAction::Draw => {
                if let Some(card) = self.deck.pop() {
                    self.hands[seat].insert(card);
                }
                self.phase = Phase::Play;
            }
            MostAction::Take { index } => self.take(*index),
            MostAction::Meld { cards, jokers } => {
                let represented: CardList = (cards.iter().copied())
                    .chain(jokers.iter().map(|j| j.stands_for))
                    .collect();
                let (kind, order) = meld_shape(&represented).expect("checked");
                // Each card of the meld is a standard card from hand or a joker standing for it.
                let mut slots = self.spare.take();
                for stands_for in order {
                    let joker = jokers.iter().find(|j| j.stands_for == stands_for);
                    let card = joker.map_or(stands_for, |j| j.joker);
                    self.hands[seat].remove(card);
                    slots.push(Slot {
                        card,
                        stands_for,
                        by: seat,
                    });
                }
                self.melds.push(TableMeld {
                    owner: seat,
                    kind,
                    slots,
                });
                self.melded[seat] = true;
                self.pending = None;
            }
            MostAction::LayOff {
                meld,
                card,
                stands_for,
            } => {
                self.hands[seat].remove(*card);
                self.melds[*meld].add(Slot {
                    card: *card,
                    stands_for: stands_for.unwrap_or(*card),
                    by: seat,
                });
            }
            MostAction::Swap { meld, card } => {
                let slot = self.melds[*meld]
                    .slots
                    .iter_mut()
                    .find(|s| s.card.is_joker() && s.stands_for == *card)
                    .expect("checked");
                let joker = slot.card;
                slot.card = *card;
                slot.by = seat;
                self.hands[seat].remove(*card);
                self.hands[seat].insert(joker);
            }
            MostAction::Discard { card } => {
                self.hands[seat].remove(*card);
                self.bridge.push(*card);
                if self.hands[seat].is_empty() {
                    self.end_deal();
                } else {
                    self.to_act = (seat + 1) % self.players;
                    self.phase = Phase::Draw;
                    self.turns += 1;
                    if self.deck.is_empty() {
                        self.end_deal();
                    }
                }
            }
        }
    }

    /// Takes the bridge from `index` into the hand; the first card taken is pending.
    fn take(&mut self, index: usize) {
        self.pending = Some(self.bridge[index]);
        for &card in &self.bridge[index..] {
            self.hands[self.to_act].insert(card);
        }
        self.bridge.truncate(index);
        self.phase = Phase::Play;
    }
}
