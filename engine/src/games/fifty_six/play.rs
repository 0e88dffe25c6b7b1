//! Hiding the trump, the void check, following suit, calling for the trump, and judging tricks.

use super::{
    FiftySix, FiftySixAction, FinishedTrick, HAND_SIZE, Phase, PlayedCard, Reveal, Trick,
    insert_sorted, points, precedence, team,
};
use crate::cards::{Card, Suit};
use crate::game::{RuleError, Seat};

/// The index in `cards` (in play order) of the card that wins the trick: the highest card of
/// `trump` if any was played (`trump` is the trump suit once revealed, else `None`), otherwise
/// the highest card of the suit led; of two identical cards the earlier wins.
pub fn trick_winner(cards: &[PlayedCard], trump: Option<Suit>) -> usize {
    let Some(first) = cards.first() else {
        return 0;
    };
    let led = first.card.suit();
    let rank = |card: Card| {
        let suit = card.suit();
        let class = if suit.is_some() && suit == trump {
            2
        } else if suit == led {
            1
        } else {
            0
        };
        (class, precedence(card))
    };
    let (mut best, mut best_rank) = (0, rank(first.card));
    for (i, played) in cards.iter().enumerate().skip(1) {
        let played_rank = rank(played.card);
        if played_rank > best_rank {
            (best, best_rank) = (i, played_rank);
        }
    }
    best
}

impl FiftySix {
    /// The suit led in the current trick, if a card was led.
    fn led_suit(&self) -> Option<Suit> {
        self.trick.cards.first().and_then(|p| p.card.suit())
    }

    /// Whether `seat` holds a card of the suit led (false when leading).
    fn can_follow(&self, seat: Seat) -> bool {
        let led = self.led_suit();
        led.is_some() && self.hands[seat].iter().any(|c| c.suit() == led)
    }

    /// Pushes the plays `seat` may make now: each card once, in hand order, of the suit led if
    /// they hold it, else any card; then the call for the trump if it is hidden, a card was led
    /// and they cannot follow. One pass over the hand.
    pub(super) fn plays_into(&self, seat: Seat, out: &mut Vec<FiftySixAction>) {
        let hand = &self.hands[seat];
        let led = self.led_suit();
        let follows = led.is_some() && hand.iter().any(|c| c.suit() == led);
        let mut last = None;
        for &card in hand {
            if last != Some(card) && (!follows || card.suit() == led) {
                out.push(FiftySixAction::Play { card });
            }
            last = Some(card);
        }
        if !follows && !self.trick.cards.is_empty() && self.hidden_trump().is_some() {
            out.push(FiftySixAction::RevealTrump);
        }
    }

    /// How many seats play this deal's tricks: every seat, or in tani the bidder and the
    /// opponents, half the table (what [`FiftySix::plays`] says, counted).
    fn playing(&self) -> usize {
        if self.tani() {
            self.players / 2 + 1
        } else {
            self.players
        }
    }

    /// Whether the seat to act hiding `card` as the trump voids the deal: the defenders hold
    /// none of its suit. The defenders are the other team, in tani too: the bidder's sitting-out
    /// teammates play no card, so what they hold never matters.
    pub(super) fn voids(&self, card: Card) -> bool {
        let suit = card.suit();
        !(0..self.players)
            .filter(|&s| team(s) != team(self.turn))
            .any(|s| self.hands[s].iter().any(|c| c.suit() == suit))
    }

    /// The trick the seat to act would finish by playing `card`, as (winner, card points);
    /// `None` when more cards are to come.
    pub(super) fn trick_finished_by(&self, card: Card) -> Option<(Seat, u32)> {
        let mut cards = self.trick.cards.clone();
        cards.push(PlayedCard {
            seat: self.turn,
            card,
        });
        if cards.len() < self.playing() {
            return None;
        }
        let trump = self.revealed_trump().and_then(|c| c.suit());
        let winner = cards[trick_winner(&cards, trump)].seat;
        Some((winner, cards.iter().map(|p| points(p.card)).sum()))
    }

    /// The bid's winner hides `card` as the trump; the deal is void if the defenders hold none of
    /// its suit.
    pub(super) fn hide_trump(&mut self, card: Card) -> Result<(), RuleError> {
        let seat = self.turn;
        let Some(at) = self.hands[seat].iter().position(|&c| c == card) else {
            return Err(self.illegal(format!("{card} is not in your hand")));
        };
        self.hands[seat].remove(at);
        self.trump = Some(card);
        if self.voids(card) {
            self.void_deal();
            return Ok(());
        }
        self.phase = Phase::Playing;
        let leader = if self.tani() {
            seat
        } else {
            (self.dealer + 1) % self.players
        };
        self.start_trick(leader);
        Ok(())
    }

    /// The seat to act, unable to follow, calls for the hidden trump: it is shown to all and goes
    /// back to the bidder's hand; the same seat acts again.
    pub(super) fn reveal_trump(&mut self) -> Result<(), RuleError> {
        let seat = self.turn;
        if self.hidden_trump().is_none() {
            return Err(self.illegal("the trump is already revealed".into()));
        }
        if self.trick.cards.is_empty() {
            return Err(self.illegal("the leader cannot call for the trump".into()));
        }
        if self.can_follow(seat) {
            return Err(
                self.illegal("only a player who cannot follow suit may call for the trump".into())
            );
        }
        self.reveal(seat, false);
        Ok(())
    }

    /// Shows the trump card and returns it to the bidder's hand.
    fn reveal(&mut self, seat: Seat, automatic: bool) {
        let (Some(card), Some(bidder)) = (self.trump, self.bidder()) else {
            return;
        };
        self.reveal = Some(Reveal {
            seat,
            trick: self.tricks.len(),
            automatic,
        });
        insert_sorted(&mut self.hands[bidder], card);
    }

    /// The seat to act plays `card`.
    pub(super) fn play(&mut self, card: Card) -> Result<(), RuleError> {
        let seat = self.turn;
        let Some(at) = self.hands[seat].iter().position(|&c| c == card) else {
            return Err(self.illegal(format!("{card} is not in your hand")));
        };
        if self.can_follow(seat) && card.suit() != self.led_suit() {
            return Err(self.illegal(format!(
                "follow suit: a {} was led and you hold that suit",
                self.led_suit().map_or('?', Suit::letter)
            )));
        }
        self.hands[seat].remove(at);
        self.trick.cards.push(PlayedCard { seat, card });
        if self.trick.cards.len() < self.playing() {
            self.set_turn(self.next_player(seat));
            return Ok(());
        }
        let trump = self.revealed_trump().and_then(|c| c.suit());
        let cards = std::mem::take(&mut self.trick.cards);
        let winner = cards[trick_winner(&cards, trump)].seat;
        self.tricks.push(FinishedTrick {
            leader: self.trick.leader,
            points: cards.iter().map(|p| points(p.card)).sum(),
            cards,
            winner,
        });
        if self.tricks.len() == HAND_SIZE {
            self.end_deal();
            return Ok(());
        }
        let leader = match self.bidder() {
            Some(bidder) if self.tani() => bidder,
            _ => winner,
        };
        self.start_trick(leader);
        Ok(())
    }

    /// Starts a trick led by `leader`.
    fn start_trick(&mut self, leader: Seat) {
        let cards = self.spare.trick();
        let done = std::mem::replace(&mut self.trick, Trick { leader, cards });
        self.spare.keep(done.cards);
        self.set_turn(leader);
    }

    /// Gives the turn to `seat`; a bidder to play with nothing in hand but the hidden trump has
    /// it revealed at once and returned to their hand.
    fn set_turn(&mut self, seat: Seat) {
        self.turn = seat;
        let bidder_empty = self.bidder() == Some(seat) && self.hands[seat].is_empty();
        if bidder_empty && self.hidden_trump().is_some() {
            self.reveal(seat, true);
        }
    }
}
