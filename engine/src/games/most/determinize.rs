//! A most match rebuilt from one seat's view (see [`crate::determinize`]).

use rand_chacha::ChaCha8Rng;

use super::{Most, MostOptions, MostView, most_pack};
use crate::card_list::CardList;
use crate::cards::CardSet;
use crate::determinize::{Determinize, Unseen};
use crate::relabel::SuitMap;
use crate::reuse::Buffers;

impl Determinize for Most {
    /// The other hands and the deck are dealt from the cards the view does not show (the bridge
    /// and the melds lie face up, jokers as jokers).
    ///
    /// The view does not say whether the match is a single deal, nor its deal limit, nor the
    /// points of deals before the last: the sample is the current deal alone (`single_deal`), its
    /// totals and last deal's points the view's, so it ends, placed by the totals, when the deal
    /// does. A search thus looks as far as the end of the deal.
    fn determinize(view: &MostView, rng: &mut ChaCha8Rng) -> Most {
        let players = view.hand_sizes.len();
        let hand: CardSet = view.hand.iter().copied().collect();
        let mut shown = hand;
        for card in view.bridge.iter().copied() {
            shown.insert(card);
        }
        for slot in view.melds.iter().flat_map(|m| m.slots.iter()) {
            shown.insert(slot.card);
        }
        let mut unseen = Unseen::outside(most_pack(), shown, rng);
        let hands = unseen.hands(&view.hand_sizes, view.seat, hand).collect();
        let deck = unseen.take(view.deck_size).collect();
        let scores = if view.deals_played > 0 {
            view.last_scores.clone()
        } else {
            Vec::new()
        };
        Most {
            options: MostOptions {
                target: view.target,
                single_deal: true,
                ..MostOptions::default()
            },
            players,
            seed: 0,
            suits: SuitMap::IDENTITY,
            deal: view.deals_played,
            dealer: view.dealer,
            deck,
            bridge: view.bridge.clone(),
            hands,
            melds: view.melds.clone(),
            melded: view.melded.clone(),
            to_act: view.to_act.unwrap_or(view.seat),
            phase: view.phase,
            pending: view.pending,
            totals: view.totals.clone(),
            scores,
            turns: 0,
            // The spare lists come as the sample's melds need them.
            spare: Buffers::with(0, CardList::CAPACITY),
        }
    }
}
