//! Why durak-duel refuses an action: the phase, the cards, the limits of rule 6, the beat.

use super::lists::check_cards;
use super::{DurakDuel, DurakDuelAction, Phase, beats};
use crate::game::RuleError;

impl DurakDuel {
    /// Refuses an action that is not legal now, saying why.
    pub(super) fn check(&self, action: &DurakDuelAction) -> Result<(), RuleError> {
        let illegal = |why: String| Err(RuleError::Illegal(why));
        let attacker_hand = self.hands[self.attacker];
        match (self.phase, action) {
            (Phase::Over, _) => Err(RuleError::GameOver),
            (Phase::Open, DurakDuelAction::Attack { cards }) => {
                check_cards(cards, attacker_hand, self.open_limit(), "attack")?;
                if cards.iter().any(|c| c.rank() != cards[0].rank()) {
                    return illegal("the opening attack is one rank only".into());
                }
                Ok(())
            }
            (Phase::Continue, DurakDuelAction::Attack { cards }) => check_cards(
                cards,
                attacker_hand & self.table_ranks(),
                self.add_limit(),
                "attack",
            ),
            (Phase::PileOn, DurakDuelAction::PileOn { cards }) => check_cards(
                cards,
                attacker_hand & self.table_ranks(),
                self.add_limit(),
                "pile on",
            ),
            (Phase::Continue | Phase::PileOn, DurakDuelAction::Done)
            | (Phase::Defend, DurakDuelAction::Pass) => Ok(()),
            (Phase::Defend, DurakDuelAction::Defend { attack, card }) => {
                if self.unbeaten_slot(*attack).is_none() {
                    illegal(format!("{attack} is not an unbeaten attack card"))
                } else if !self.hands[self.defender].contains(*card) {
                    illegal(format!("{card} is not in the defender's hand"))
                } else if !beats(*card, *attack, self.trump_suit) {
                    illegal(format!("{card} does not beat {attack}"))
                } else {
                    Ok(())
                }
            }
            (Phase::Defend, DurakDuelAction::Counterattack { cards }) => {
                if self.any_beaten() {
                    return illegal("no counterattack after a defence".into());
                }
                let (pool, max) = self.counter_options();
                check_cards(cards, pool, max, "counterattack")
            }
            (phase, action) => illegal(format!("{action:?} is not a move in the {phase:?} phase")),
        }
    }
}
