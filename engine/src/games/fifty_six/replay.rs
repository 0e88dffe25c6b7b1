//! This deal replayed from its start: what a search that infers the hidden hands from the other
//! seats' moves replays on each deal it samples.

use super::{FiftySix, FiftySixAction, Phase, Trick, sort_hand};

impl FiftySix {
    /// This deal as it stood once its cards were dealt, and the deal's actions so far, in order,
    /// that bring it back to `self`. Each seat holds what it was dealt: its hand now, the cards it
    /// played in this deal's tricks and, for the bidder while it is hidden, the trump. Meant for a
    /// game rebuilt from a view ([`crate::Determinize`]), whose hidden cards are a guess: the
    /// replay asks what each seat would have done with the hand the guess gives it. `None` once
    /// the match is over.
    pub fn deal_from_start(&self) -> Option<(FiftySix, Vec<FiftySixAction>)> {
        if self.phase == Phase::Over {
            return None;
        }
        let played = (self.tricks.iter().flat_map(|t| t.cards.iter())).chain(&self.trick.cards);
        let mut start = self.clone();
        for card in played.clone() {
            start.hands[card.seat].push(card.card);
        }
        let bidder = self.standing.map(|b| b.seat);
        if let (Some(bidder), Some(trump)) = (bidder, self.hidden_trump()) {
            start.hands[bidder].push(trump);
        }
        for hand in &mut start.hands {
            sort_hand(hand);
        }
        start.dealt.clone_from(&start.hands);
        start.phase = Phase::Bidding;
        start.turn = (self.dealer + 1) % self.players;
        start.bids.clear();
        start.standing = None;
        start.passes = 0;
        start.trump = None;
        start.reveal = None;
        start.tricks.clear();
        start.trick = Trick {
            leader: start.turn,
            cards: Vec::new(),
        };

        let mut actions = Vec::with_capacity(self.bids.len() + 2 * self.players * 8);
        actions.extend(self.bids.iter().map(|entry| match entry.points {
            Some(points) => FiftySixAction::Bid { points },
            None => FiftySixAction::Pass,
        }));
        if let Some(card) = self.trump {
            actions.push(FiftySixAction::HideTrump { card });
        }
        // The call for the trump comes just before the caller's card in the trick it was made
        // in, or last when the caller is still to play; the game's own reveal is no action.
        let call = self.reveal.filter(|r| !r.automatic);
        let tricks = (self.tricks.iter().map(|t| t.cards.as_slice()))
            .chain(std::iter::once(self.trick.cards.as_slice()));
        let mut called = false;
        for (index, cards) in tricks.enumerate() {
            for card in cards {
                if !called && call.is_some_and(|r| r.trick == index && r.seat == card.seat) {
                    actions.push(FiftySixAction::RevealTrump);
                    called = true;
                }
                actions.push(FiftySixAction::Play { card: card.card });
            }
        }
        if !called && call.is_some() {
            actions.push(FiftySixAction::RevealTrump);
        }
        Some((start, actions))
    }
}

#[cfg(test)]
mod tests {
    use crate::game::Game;
    use crate::games::fifty_six::FiftySix;
    use crate::shuffle::{below, rng};

    /// At every decision of random matches (4 and 6 seats, several deals), the deal replayed from
    /// its start comes back to the game as it is.
    #[test]
    fn a_deal_replayed_from_its_start_is_the_game_again() {
        let mut replayed = 0;
        for seed in 0..60 {
            let players = if seed % 3 == 0 { 6 } else { 4 };
            let mut game = FiftySix::new(&Default::default(), players, seed).unwrap();
            let mut choices = rng(seed);
            while game.to_act().is_some() {
                let (mut start, actions) = game.deal_from_start().unwrap();
                for action in &actions {
                    start.apply(action).unwrap();
                }
                assert_eq!(start.hands, game.hands, "seed {seed}");
                assert_eq!(start.trick, game.trick, "seed {seed}");
                assert_eq!(start.tricks, game.tricks, "seed {seed}");
                assert_eq!(start.reveal, game.reveal, "seed {seed}");
                assert_eq!(start.trump, game.trump, "seed {seed}");
                assert_eq!(start.turn, game.turn, "seed {seed}");
                assert_eq!(start.bids, game.bids, "seed {seed}");
                replayed += actions.len();
                let legal = game.legal_actions();
                game.apply(&legal[below(&mut choices, legal.len())])
                    .unwrap();
            }
        }
        assert!(replayed > 10_000, "{replayed} actions replayed");
    }
}
