//! How an action changes a durak game: a card put on the table, an attack, a take, a turn's end
//! with the refill from the deck, the game's end, and the decisions with one possible answer,
//! which the engine plays itself. Each step tells an [`Observer`] what happened.

use super::ending::Ending;
use super::{Durak, DurakAction, HAND_SIZE, Observer, Phase, seed_order};
use crate::cards::{Card, CardSet};
use crate::game::{RuleError, Seat};

impl Durak {
    fn put_on_table(&mut self, seat: Seat, card: Card) {
        self.hands[seat].remove(card);
        self.table[self.table_len as usize] = card;
        self.table_len += 1;
        if let Some(rank) = card.rank() {
            self.table_ranks |= CardSet::of_rank(rank);
        }
    }

    pub(super) fn apply_observed(
        &mut self,
        action: &DurakAction,
        obs: &mut impl Observer,
    ) -> Result<(), RuleError> {
        self.check(action)?;
        match *action {
            DurakAction::Attack { card } => self.attack(card, obs),
            DurakAction::Beat { card } => {
                self.put_on_table(self.defender, card);
                obs.beaten(self.defender, card);
                self.phase = Phase::Continue;
            }
            DurakAction::Take => self.take(obs),
            DurakAction::Done => self.end_turn(false, obs),
        }
        self.play_forced(obs);
        Ok(())
    }

    /// Refuses an action that is not legal now, saying why.
    fn check(&self, action: &DurakAction) -> Result<(), RuleError> {
        let illegal = |why: String| Err(RuleError::Illegal(why));
        match (self.phase, *action) {
            (Phase::Over, _) => Err(RuleError::GameOver),
            (Phase::Lead, DurakAction::Attack { card }) => {
                if self.hands[self.attacker].contains(card) {
                    Ok(())
                } else {
                    illegal(format!("{card} is not in the attacker's hand"))
                }
            }
            (Phase::Continue, DurakAction::Attack { card }) => {
                if self.continuations().contains(card) {
                    Ok(())
                } else if !self.hands[self.attacker].contains(card) {
                    illegal(format!("{card} is not in the attacker's hand"))
                } else if !self.table_ranks.contains(card) {
                    illegal(format!("{card}: its rank is not on the table"))
                } else {
                    illegal(format!(
                        "{card} is the highest trump in hand and not the last card"
                    ))
                }
            }
            (Phase::Continue, DurakAction::Done) | (Phase::Defend, DurakAction::Take) => Ok(()),
            (Phase::Defend, DurakAction::Beat { card }) => match self.pending_attack() {
                Some(attack) if self.beats(attack).contains(card) => Ok(()),
                _ if !self.hands[self.defender].contains(card) => {
                    illegal(format!("{card} is not in the defender's hand"))
                }
                Some(attack) => illegal(format!("{card} does not beat {attack}")),
                None => illegal(format!("{card}: there is no card to beat")),
            },
            (phase, action) => illegal(format!("{action:?} is not a move in the {phase:?} phase")),
        }
    }

    fn attack(&mut self, card: Card, obs: &mut impl Observer) {
        self.put_on_table(self.attacker, card);
        obs.attacked(self.attacker, card);
        self.phase = Phase::Defend;
    }

    /// The defender takes: first the attacker hands over the cards that may continue the turn
    /// (rule 14 as the reference program plays it), then the defender picks up the whole table.
    fn take(&mut self, obs: &mut impl Observer) {
        while let Some(card) = seed_order(self.continuations(), self.trump_suit).next() {
            self.put_on_table(self.attacker, card);
            obs.attacked(self.attacker, card);
        }
        let table = self.table;
        let taken = &table[..self.table_len as usize];
        obs.taken(self.defender, taken);
        for &card in taken {
            self.hands[self.defender].insert(card);
        }
        self.table_len = 0;
        self.end_turn(true, obs);
    }

    /// Ends the turn: discards a beaten table, refills hands, lets out the players with no cards,
    /// and either ends the game or starts the next turn.
    fn end_turn(&mut self, took: bool, obs: &mut impl Observer) {
        for &card in &self.table[..self.table_len as usize] {
            self.discard.insert(card);
        }
        self.table_len = 0;
        self.table_ranks = CardSet::EMPTY;
        let deck_was_empty = self.drawn == self.deck_len;
        self.refill(obs);
        obs.turn_ended();
        let before = self.in_game;
        for seat in 0..self.players {
            if self.in_game[seat] && self.hands[seat].is_empty() && self.drawn == self.deck_len {
                self.in_game[seat] = false;
            }
        }
        self.stalled = if self.turn_stalled(took, deck_was_empty, &before) {
            self.stalled + 1
        } else {
            0
        };
        if let Some(ending) = self.ending() {
            return self.finish(ending, obs);
        }
        self.attacker = self.next_in_game(if took { self.defender } else { self.attacker });
        self.defender = self.next_in_game(self.attacker);
        self.turn += 1;
        self.phase = Phase::Lead;
        obs.turn_started(self);
    }

    /// Refills hands to six from the front of the deck: attacker, defender, then the others in
    /// seating order after the defender.
    fn refill(&mut self, obs: &mut impl Observer) {
        let others = (1..self.players)
            .map(|k| (self.defender + k) % self.players)
            .filter(|&s| s != self.attacker);
        let order = [self.attacker, self.defender].into_iter().chain(others);
        for seat in order {
            while self.hands[seat].len() < HAND_SIZE && self.drawn < self.deck_len {
                let card = self.deck[self.drawn as usize];
                self.drawn += 1;
                self.hands[seat].insert(card);
                obs.drew(seat, card);
            }
        }
    }

    fn finish(&mut self, ending: Ending, obs: &mut impl Observer) {
        self.ending = Some(ending);
        self.phase = Phase::Over;
        obs.game_ended(self);
    }

    /// The next seat after `seat`, in seating order, that is still in the game.
    fn next_in_game(&self, seat: Seat) -> Seat {
        (1..=self.players)
            .map(|k| (seat + k) % self.players)
            .find(|&s| self.in_game[s])
            .unwrap_or(seat)
    }

    /// Plays every decision that has a single possible answer: a lead from a one-card hand, a take
    /// when nothing beats, the end of a turn when nothing may continue it.
    fn play_forced(&mut self, obs: &mut impl Observer) {
        obs.forced();
        loop {
            match self.phase {
                Phase::Lead if self.hands[self.attacker].len() == 1 => {
                    if let Some(card) = self.hands[self.attacker].lowest() {
                        self.attack(card, obs);
                    }
                }
                Phase::Defend
                    if self
                        .pending_attack()
                        .is_some_and(|a| self.beats(a).is_empty()) =>
                {
                    self.take(obs)
                }
                Phase::Continue if self.continuations().is_empty() => self.end_turn(false, obs),
                _ => return,
            }
        }
    }
}
