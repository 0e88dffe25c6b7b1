//! A durak-duel game rebuilt from one seat's view (see [`crate::determinize`]).

use rand_chacha::ChaCha8Rng;

use super::{DurakDuel, DurakDuelView, MAX_ATTACKS, PACK_SIZE, duel_pack};
use crate::cards::{CardSet, Suit};
use crate::determinize::{Determinize, Unseen};

impl Determinize for DurakDuel {
    /// The other hand and the deck are dealt from the cards the view does not show; the trump
    /// card stays at the bottom of the deck while the deck has cards.
    fn determinize(view: &DurakDuelView, rng: &mut ChaCha8Rng) -> DurakDuel {
        let hand: CardSet = view.hand.iter().copied().collect();
        let discard: CardSet = view.discard.iter().copied().collect();
        let mut shown = hand | discard;
        let mut attacks = [view.trump; MAX_ATTACKS];
        let mut beats = [None; MAX_ATTACKS];
        for (i, pair) in view.table.iter().enumerate().take(MAX_ATTACKS) {
            attacks[i] = pair.attack;
            beats[i] = pair.beat;
            shown.insert(pair.attack);
            if let Some(beat) = pair.beat {
                shown.insert(beat);
            }
        }
        if view.deck_size > 0 {
            shown.insert(view.trump);
        }
        let mut unseen = Unseen::outside(duel_pack(), shown, rng);
        let mut hands = [CardSet::EMPTY; 2];
        for (slot, dealt) in hands
            .iter_mut()
            .zip(unseen.hands(&view.hand_sizes, view.seat, hand))
        {
            *slot = dealt;
        }
        let mut deck = [view.trump; PACK_SIZE];
        let drawn = PACK_SIZE - view.deck_size.min(PACK_SIZE);
        let below_trump = view.deck_size.saturating_sub(1);
        for (slot, card) in deck[drawn..].iter_mut().zip(unseen.take(below_trump)) {
            *slot = card;
        }
        DurakDuel {
            deck,
            drawn: drawn as u8,
            trump: view.trump,
            trump_suit: view.trump.suit().unwrap_or(Suit::Spades),
            hands,
            starter: view.starter,
            attacker: view.attacker,
            defender: view.defender,
            attacks,
            beats,
            table_len: view.table.len().min(MAX_ATTACKS) as u8,
            discard,
            phase: view.phase,
            round: view.round,
            stalled: view.stalled_rounds,
            ending: None,
        }
    }
}
