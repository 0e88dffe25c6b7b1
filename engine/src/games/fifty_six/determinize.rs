//! A fifty-six match rebuilt from one seat's view (see [`crate::determinize`]).

use rand_chacha::ChaCha8Rng;
use rand_core::Rng;

use super::{FiftySix, FiftySixView, HAND_SIZE, Phase, Spare, fifty_six_pack, sort_hand};
use crate::cards::Card;
use crate::determinize::{Determinize, Place, deal_with_voids, suit_bit};
use crate::game::Seat;
use crate::shuffle::ShuffleModel;

impl Determinize for FiftySix {
    /// The other hands, and the hidden trump when another seat hid it, are dealt from the cards
    /// the view does not show (the pack less this seat's hand and the cards played in this deal's
    /// tricks), each hand void in the suits its seat failed to follow in this deal. Later deals
    /// draw from a seed drawn from `rng`, shuffled uniformly.
    ///
    /// Left out: that the hidden trump was one of its bidder's cards (any unseen card may be it),
    /// that the defenders held its suit when it was hidden, and, once it is revealed, whether the
    /// copy back in the bidder's hand is still there (the bidder's failures to follow the trump
    /// suit before the reveal do not count as voids).
    fn determinize(view: &FiftySixView, rng: &mut ChaCha8Rng) -> FiftySix {
        let players = view.players;
        let hidden_trump = view.phase == Phase::Playing && !view.trump_revealed;
        let mut unseen = fifty_six_pack(players);
        let played = (view.tricks.iter().flat_map(|t| t.cards.iter()))
            .chain(view.trick.cards.iter())
            .map(|p| p.card);
        let own_trump = view.trump_card.filter(|_| hidden_trump);
        for card in view.hand.iter().copied().chain(played).chain(own_trump) {
            if let Some(at) = unseen.iter().position(|&c| c == card) {
                unseen.swap_remove(at);
            }
        }
        let voids = voids(view);
        let others: Vec<Seat> = (0..players).filter(|&s| s != view.seat).collect();
        let mut places: Vec<Place> = (others.iter())
            .map(|&s| Place {
                size: view.hand_sizes.get(s).copied().unwrap_or(0),
                void: voids[s],
            })
            .collect();
        let deal_trump = hidden_trump && own_trump.is_none();
        if deal_trump {
            places.push(Place { size: 1, void: 0 });
        }
        let mut dealt = deal_with_voids(&unseen, &places, rng);
        let trump = if deal_trump {
            dealt.pop().and_then(|t| t.first().copied())
        } else {
            view.trump_card
        };
        let mut hands: Vec<Vec<Card>> = (0..players)
            .map(|_| Vec::with_capacity(HAND_SIZE + 1))
            .collect();
        hands[view.seat].extend_from_slice(&view.hand);
        for (&seat, cards) in others.iter().zip(dealt) {
            hands[seat].extend(cards);
            sort_hand(&mut hands[seat]);
        }
        let mut bids = Vec::with_capacity(view.bidding.len().max(HAND_SIZE));
        bids.extend_from_slice(&view.bidding);
        let passes = bids.iter().rev().take_while(|b| b.points.is_none()).count();
        let mut tricks = Vec::with_capacity(HAND_SIZE);
        tricks.extend_from_slice(&view.tricks);
        FiftySix {
            players,
            seed: rng.next_u64(),
            shuffle: ShuffleModel::Uniform,
            deals: view.deals,
            deal_counter: 0,
            deal: view.deal,
            void_deals: view.void_deals,
            dealer: view.dealer,
            dealt: hands.clone(),
            hands,
            phase: view.phase,
            turn: view.to_act.unwrap_or(view.seat),
            bids,
            standing: view.standing_bid,
            passes,
            trump,
            reveal: view.reveal,
            trick: view.trick.clone(),
            tricks,
            totals: view.totals,
            last_deal: view.last_deal,
            spare: Spare::new(players),
        }
    }
}

/// Each seat's voids as a suit mask: the suits led in this deal's tricks that it did not follow.
fn voids(view: &FiftySixView) -> Vec<u8> {
    let mut voids = vec![0; view.players];
    let trump_suit = view.trump_card.and_then(|c| c.suit());
    let reveal_trick = view.reveal.map(|r| r.trick);
    let tricks = (view.tricks.iter().map(|t| t.cards.as_slice()))
        .chain(std::iter::once(view.trick.cards.as_slice()));
    for (index, cards) in tricks.enumerate() {
        let Some(led) = cards.first().and_then(|p| p.card.suit()) else {
            continue;
        };
        for played in &cards[1..] {
            // The bidder's trump went back to their hand at the reveal: a failure to follow its
            // suit before then may have been that card's absence only.
            let returned = view.bidder == Some(played.seat)
                && Some(led) == trump_suit
                && reveal_trick.is_some_and(|r| index < r);
            if played.card.suit() != Some(led) && !returned {
                voids[played.seat] |= suit_bit(led);
            }
        }
    }
    voids
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::shuffle::{below, rng};

    /// Whether `hand` holds a card of a suit in `void`.
    fn breaks(hand: &[Card], void: u8) -> bool {
        hand.iter()
            .any(|c| c.suit().is_some_and(|s| void & suit_bit(s) != 0))
    }

    #[test]
    fn voids_read_from_the_tricks_hold_in_the_real_game_and_in_samples() {
        let mut seen_void = false;
        for seed in 0..40 {
            let players = if seed % 2 == 0 { 4 } else { 6 };
            let mut game = FiftySix::new(&Default::default(), players, seed).unwrap();
            let mut choices = rng(seed);
            while let Some(seat) = game.to_act() {
                let view = game.view(seat);
                let voids = voids(&view);
                let sample = FiftySix::determinize(&view, &mut rng(seed));
                for other in (0..players).filter(|&s| s != seat) {
                    seen_void |= voids[other] != 0;
                    assert!(!breaks(game.hand(other), voids[other]), "seed {seed}");
                    assert!(!breaks(sample.hand(other), voids[other]), "seed {seed}");
                }
                let legal = game.legal_actions();
                game.apply(&legal[below(&mut choices, legal.len())])
                    .unwrap();
            }
        }
        assert!(seen_void);
    }
}
