//! Why most refuses an action: the phase, the cards in hand, the jokers' cards, the meld's
//! shape, the card kept for the discard.

use super::{Most, MostAction, Phase, meld_shape};
use crate::card_list::CardList;
use crate::cards::{Card, CardSet};
use crate::game::RuleError;

impl Most {
    /// Whether a joker may stand for `card` for the player to act: a standard card that is not in
    /// their hand, not on the table (itself or through a joker) and not on the bridge.
    pub(super) fn free(&self, card: Card, table: CardSet) -> bool {
        !card.is_joker()
            && !self.hands[self.to_act].contains(card)
            && !table.contains(card)
            && !self.bridge.contains(&card)
    }

    /// Refuses an action that is not legal now, saying why.
    pub(super) fn check(&self, action: &MostAction) -> Result<(), RuleError> {
        let illegal = |why: String| Err(RuleError::Illegal(why));
        let seat = self.to_act;
        let hand = self.hands[seat];
        let table = self.table_represented();
        match (self.phase, action) {
            (Phase::Over, _) => Err(RuleError::GameOver),
            (Phase::Draw, MostAction::Draw) => {
                if self.deck.is_empty() {
                    illegal("the deck is empty".into())
                } else {
                    Ok(())
                }
            }
            (Phase::Draw, MostAction::Take { index }) => {
                if self.can_take(*index) {
                    Ok(())
                } else {
                    illegal(format!(
                        "taking the bridge from {index} allows no meld with that card"
                    ))
                }
            }
            (Phase::Play, MostAction::Meld { cards, jokers }) => {
                if !cards.windows(2).all(|w| w[0] < w[1]) {
                    return illegal("list the meld's cards once each, ascending".into());
                }
                if !jokers.windows(2).all(|w| w[0].joker < w[1].joker) {
                    return illegal("list the jokers once each, BJ first".into());
                }
                for &card in cards {
                    if card.is_joker() || !hand.contains(card) {
                        return illegal(format!("{card} is not a standard card in hand"));
                    }
                    if table.contains(card) {
                        return illegal(format!("a joker on the table stands for {card}"));
                    }
                }
                for j in jokers {
                    if !j.joker.is_joker() || !hand.contains(j.joker) {
                        return illegal(format!("{} is not a joker in hand", j.joker));
                    }
                    if !self.free(j.stands_for, table) {
                        return illegal(format!("a joker may not stand for {}", j.stands_for));
                    }
                }
                let mut represented = [Card::BLACK_JOKER; CardList::CAPACITY + 2];
                let count = cards.len() + jokers.len();
                let stands_for = jokers.iter().map(|j| j.stands_for);
                for (slot, card) in represented
                    .iter_mut()
                    .zip(cards.iter().copied().chain(stands_for))
                {
                    *slot = card;
                }
                if meld_shape(&represented[..count]).is_none() {
                    return illegal("not a run or a set of three or more".into());
                }
                if count >= hand.len() {
                    return illegal("a card must stay in hand for the discard".into());
                }
                match self.pending {
                    Some(p) if !cards.contains(&p) && !jokers.iter().any(|j| j.joker == p) => {
                        illegal(format!("the meld must use {p}, taken from the bridge"))
                    }
                    _ => Ok(()),
                }
            }
            (Phase::Play, _) if self.pending.is_some() => illegal(format!(
                "first meld with {}, taken from the bridge",
                self.pending.unwrap_or(Card::RED_JOKER)
            )),
            (
                Phase::Play,
                MostAction::LayOff {
                    meld,
                    card,
                    stands_for,
                },
            ) => {
                if !self.melded[seat] {
                    return illegal("lay off only after a meld of your own".into());
                }
                let Some(m) = self.melds.get(*meld) else {
                    return illegal(format!("no meld {meld}"));
                };
                if !hand.contains(*card) {
                    return illegal(format!("{card} is not in hand"));
                }
                let is = match (card.is_joker(), stands_for) {
                    (false, None) if table.contains(*card) => {
                        return illegal(format!("a joker on the table stands for {card}"));
                    }
                    (false, None) => *card,
                    (true, Some(x)) if self.free(*x, table) => *x,
                    (true, Some(x)) => return illegal(format!("a joker may not stand for {x}")),
                    _ => return illegal("a joker names the card it stands for; no other".into()),
                };
                if !m.extensions().contains(&is) {
                    return illegal(format!("{is} does not extend meld {meld}"));
                }
                if hand.len() < 2 {
                    return illegal("a card must stay in hand for the discard".into());
                }
                Ok(())
            }
            (Phase::Play, MostAction::Swap { meld, card }) => {
                let Some(m) = self.melds.get(*meld) else {
                    return illegal(format!("no meld {meld}"));
                };
                if card.is_joker() || !hand.contains(*card) {
                    return illegal(format!("{card} is not a standard card in hand"));
                }
                if m.slots
                    .iter()
                    .any(|s| s.card.is_joker() && s.stands_for == *card)
                {
                    Ok(())
                } else {
                    illegal(format!("no joker stands for {card} in meld {meld}"))
                }
            }
            (Phase::Play, MostAction::Discard { card }) => {
                if !hand.contains(*card) {
                    illegal(format!("{card} is not in hand"))
                } else if !card.is_joker() && table.contains(*card) {
                    illegal(format!("a joker on the table stands for {card}"))
                } else {
                    Ok(())
                }
            }
            (phase, action) => illegal(format!("{action:?} is not a move in the {phase:?} phase")),
        }
    }
}
