//! A bridge match rebuilt from one seat's view (see [`crate::determinize`]).

use rand_chacha::ChaCha8Rng;
use rand_core::Rng;

use super::{Bridge, BridgeOptions, BridgeView, MAX_PLAYERS, PACK, PACK_SIZE, SCORES_ROOM, Turn};
use crate::cards::CardSet;
use crate::determinize::{Determinize, Unseen};
use crate::relabel::SuitMap;
use crate::shuffle::{self, ShuffleModel};

impl Determinize for Bridge {
    /// The other hands and the deck are dealt from the cards the view does not show (the pile
    /// since the last reshuffle is face up; the cards under it went back into the deck). Later
    /// reshuffles and deals draw from a generator seeded from `rng`, uniformly.
    ///
    /// The view does not say how many turns in a row ended with nothing played or drawn (a deal
    /// ends when every seat has had such a turn), nor whether a turn that drew to cover a six
    /// acted: the sample counts no idle turn, and a turn as acting once it drew or played.
    fn determinize(view: &BridgeView, rng: &mut ChaCha8Rng) -> Bridge {
        let hand: CardSet = view.hand.iter().copied().collect();
        let shown: CardSet = hand | view.pile.iter().copied().collect::<CardSet>();
        let mut unseen = Unseen::outside(PACK.iter().copied(), shown, rng);
        let mut hands = [CardSet::EMPTY; MAX_PLAYERS];
        for (slot, dealt) in hands
            .iter_mut()
            .zip(unseen.hands(&view.hand_sizes, view.seat, hand))
        {
            *slot = dealt;
        }
        let mut deck = Vec::with_capacity(PACK_SIZE);
        deck.extend(unseen.take(view.deck_size));
        let mut pile = Vec::with_capacity(PACK_SIZE);
        pile.extend_from_slice(&view.pile);
        let mut played = Vec::with_capacity(PACK_SIZE);
        played.extend_from_slice(&view.turn.played);
        let by_seat = |values: &[u32]| {
            let mut out = [0; MAX_PLAYERS];
            out[..values.len().min(MAX_PLAYERS)]
                .copy_from_slice(&values[..values.len().min(MAX_PLAYERS)]);
            out
        };
        let mut scores = Vec::with_capacity(SCORES_ROOM);
        scores.extend(view.last_deal.as_deref().map(by_seat));
        Bridge {
            players: view.players,
            options: BridgeOptions {
                target: view.target,
                single_deal: view.single_deal,
                shuffle: ShuffleModel::Uniform,
            },
            rng: shuffle::rng(rng.next_u64()),
            suits: SuitMap::IDENTITY,
            hands,
            deck,
            pile,
            ordered: view.ordered_suit,
            dealer: view.dealer,
            deal: view.deal,
            totals: by_seat(&view.totals),
            scores,
            turns: 0,
            current: view.to_act.unwrap_or(view.seat),
            turn: Turn {
                opening: view.turn.opening,
                drew: view.turn.drew,
                must_cover: view.turn.must_cover,
                acted: view.turn.drew || !view.turn.played.is_empty(),
                played,
            },
            skips: by_seat(&view.skips),
            idle_turns: 0,
            over: view.to_act.is_none(),
        }
    }
}
