//! A prsi game rebuilt from one seat's view (see [`crate::determinize`]).

use rand_chacha::ChaCha8Rng;
use rand_core::Rng;

use super::{PACK_SIZE, Prsi, PrsiView, prsi_pack};
use crate::cards::CardSet;
use crate::determinize::{Determinize, Unseen};
use crate::shuffle::ShuffleModel;

impl Determinize for Prsi {
    /// The other hands and the pulling pile are dealt from the cards the view does not show (every
    /// card of the discard pile was played face up). The pile is turned into a new deck by a
    /// uniform shuffle whose seed is drawn from `rng`, as the real game's seed is unknown.
    fn determinize(view: &PrsiView, rng: &mut ChaCha8Rng) -> Prsi {
        let hand: CardSet = view.hand.iter().copied().collect();
        let shown: CardSet = view.cards().collect();
        let mut unseen = Unseen::outside(prsi_pack(), shown, rng);
        let hands = unseen.hands(&view.hand_sizes, view.seat, hand).collect();
        let deck = unseen.take(view.deck_size).collect();
        let mut pile = Vec::with_capacity(PACK_SIZE);
        pile.extend_from_slice(&view.pile);
        Prsi {
            seed: rng.next_u64(),
            seven_draw: view.seven_draw,
            shuffle: ShuffleModel::Uniform,
            deck,
            pile,
            hands,
            turn: view.to_act.unwrap_or(view.seat),
            aces: view.aces,
            suit: view.suit,
            sevens: view.sevens,
            out: view.out.clone(),
            turns: view.turn,
            reshuffles: 0,
            over: view.to_act.is_none(),
        }
    }
}
