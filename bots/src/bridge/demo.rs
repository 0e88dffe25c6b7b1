//! `demo`: seed 001's sample AI ("Пример кода ИИ"), one atomic decision at a time.
//!
//! The sample's `movement(first)`: on the deal's first turn it ends the turn when it may
//! (`finishSmart`); otherwise it puts a card it can put (`putCardSmart`, a jack ordering a random
//! suit) and ends when it may, or, with nothing to put, takes a card (`getCardSmart`) and puts that
//! card if it fits, then ends when it may. "When it may" fails only on a six to cover, and then the
//! sample moves again: cover, or draw until it can.

use cardarena_engine::games::bridge::{BridgeAction, BridgeView};
use cardarena_engine::shuffle::{below, rng};
use cardarena_engine::{CardSet, Suit};
use rand_chacha::ChaCha8Rng;

use super::{Strategy, card_set, is_jack, play, playable};

/// Seed 001's sample AI. It keeps no plan: each decision follows from where the turn stands.
///
/// - The deal's opening turn: end it at once (unless a six is up and must be covered).
/// - A card already played this turn: end the turn (or cover the six just played).
/// - Just drew: put the drawn card if it fits, else end the turn.
/// - Otherwise: put a puttable card, chosen at random among them (the sample's description says
///   "выбирается случайно", chosen at random), else draw.
///
/// A jack orders a suit drawn at random from the four, as the sample's `putCardSmart` does. The
/// random choices follow from the seed the bot was made with.
#[derive(Debug, Clone)]
pub struct Demo {
    rng: ChaCha8Rng,
    /// The hand before the bot's last draw, to tell the drawn card.
    before_draw: Option<CardSet>,
}

impl Demo {
    /// A demo bot whose random choices (puttable card, jack's suit) follow from `seed`.
    pub fn new(seed: u64) -> Demo {
        Demo {
            rng: rng(seed),
            before_draw: None,
        }
    }

    /// The bot's decision at `view` among `legal`; `None` only when `legal` is empty.
    pub fn choose(&mut self, view: &BridgeView, legal: &[BridgeAction]) -> Option<BridgeAction> {
        let hand = card_set(&view.hand);
        // A draw never ends the turn, so the decision after one is the same turn's.
        let drawn = self.before_draw.take().map(|before| hand - before);
        let puttable = playable(legal);
        let can_end = legal.contains(&BridgeAction::EndTurn);
        let turn = &view.turn;
        let fresh = turn.played.is_empty() && !turn.drew;
        let action = if legal.is_empty() {
            return None;
        } else if turn.opening && fresh && can_end {
            // movement(true) → finishSmart.
            BridgeAction::EndTurn
        } else if turn.must_cover {
            // finishSmart fails on the six → movement() again: put, else take a card.
            self.put_or_draw(hand, puttable, drawn, legal)
        } else if !turn.played.is_empty() && can_end {
            // putCardSmart → finishSmart.
            BridgeAction::EndTurn
        } else if turn.drew {
            // getCardSmart: the drawn card if it can be put, else finishSmart.
            let drawn = drawn.map_or(puttable, |drawn| drawn & puttable);
            match self.pick(drawn) {
                Some(action) => action,
                None if can_end => BridgeAction::EndTurn,
                None => legal[0],
            }
        } else {
            // movement(): hasPuttable → putCardSmart, else getCardSmart.
            self.put_or_draw(hand, puttable, drawn, legal)
        };
        if action == BridgeAction::Draw {
            self.before_draw = Some(hand);
        }
        Some(action)
    }

    /// A puttable card (the one just drawn first), else a draw, else the end of the turn.
    fn put_or_draw(
        &mut self,
        hand: CardSet,
        puttable: CardSet,
        drawn: Option<CardSet>,
        legal: &[BridgeAction],
    ) -> BridgeAction {
        let choice = drawn
            .and_then(|drawn| self.pick(drawn & puttable & hand))
            .or_else(|| self.pick(puttable));
        if let Some(action) = choice {
            return action;
        }
        if legal.contains(&BridgeAction::Draw) {
            BridgeAction::Draw
        } else if legal.contains(&BridgeAction::EndTurn) {
            BridgeAction::EndTurn
        } else {
            legal[0]
        }
    }

    /// One of `cards` at random, a jack with a random suit; `None` when `cards` is empty.
    fn pick(&mut self, cards: CardSet) -> Option<BridgeAction> {
        if cards.is_empty() {
            return None;
        }
        let card = cards.nth(below(&mut self.rng, cards.len()))?;
        let suit = match is_jack(card) {
            true => Suit::ALL[below(&mut self.rng, Suit::ALL.len())],
            false => Suit::Clubs,
        };
        Some(play(card, suit))
    }
}

impl Strategy for Demo {
    fn choose(&mut self, view: &BridgeView, legal: &[BridgeAction]) -> Option<BridgeAction> {
        Demo::choose(self, view, legal)
    }
}
