//! A durak game rebuilt from one seat's view (see [`crate::determinize`]).

use rand_chacha::ChaCha8Rng;

use super::{Durak, DurakView, MAX_PLAYERS, PACK_SIZE, seed_pack};
use crate::cards::{CardSet, Suit};
use crate::determinize::{Determinize, Unseen};
use crate::shuffle::ShuffleModel;

impl Determinize for Durak {
    /// The other hands and the deck are dealt from the cards the view does not show; the trump
    /// card stays at the bottom of the deck while the deck has cards. The deal's seed and options
    /// (which only ordered the deck) are 0 and the defaults.
    fn determinize(view: &DurakView, rng: &mut ChaCha8Rng) -> Durak {
        let hand: CardSet = view.hand.iter().copied().collect();
        let mut shown = hand;
        let mut table = [view.trump; PACK_SIZE];
        let mut table_len = 0;
        let mut table_ranks = CardSet::EMPTY;
        for card in view
            .table
            .iter()
            .flat_map(|p| [Some(p.attack), p.beat])
            .flatten()
        {
            table[table_len] = card;
            table_len += 1;
            shown.insert(card);
            if let Some(rank) = card.rank() {
                table_ranks |= CardSet::of_rank(rank);
            }
        }
        let discard: CardSet = view.discard.iter().copied().collect();
        shown |= discard;
        if view.deck_size > 0 {
            shown.insert(view.trump);
        }
        let mut unseen = Unseen::outside(seed_pack(), shown, rng);
        let mut hands = [CardSet::EMPTY; MAX_PLAYERS];
        for (slot, dealt) in hands
            .iter_mut()
            .zip(unseen.hands(&view.hand_sizes, view.seat, hand))
        {
            *slot = dealt;
        }
        let mut deck = [view.trump; PACK_SIZE];
        let below_trump = view.deck_size.saturating_sub(1);
        for (slot, card) in deck.iter_mut().zip(unseen.take(below_trump)) {
            *slot = card;
        }
        let mut in_game = [false; MAX_PLAYERS];
        in_game[..view.in_game.len()].copy_from_slice(&view.in_game);
        Durak {
            seed: 0,
            deck_number: None,
            shuffle: ShuffleModel::Uniform,
            players: view.players,
            deck,
            deck_len: view.deck_size as u8,
            drawn: 0,
            trump: view.trump,
            trump_suit: view.trump.suit().unwrap_or(Suit::Spades),
            hands,
            in_game,
            attacker: view.attacker,
            defender: view.defender,
            table,
            table_len: table_len as u8,
            table_ranks,
            discard,
            phase: view.phase,
            turn: view.turn,
            stalled: view.stalled_turns,
            ending: None,
        }
    }
}
