//! Seeded shuffles: the uniform shuffle every game deals from, seed 000's ordering from a number,
//! and seed 004's "imperfect" shuffle: a dealer's riffles, a cut and a deal in packets.
//!
//! Everything here is portable: the same seed gives the same order on every machine and every
//! future build. The generator is ChaCha8 keyed directly by the seed's bytes, and the shuffle and
//! the bounded draws are written here rather than taken from `rand`, whose algorithms for them have
//! changed between versions.

use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The engine's random generator, keyed by `seed`: the seed's eight little-endian bytes, then zeros.
pub fn rng(seed: u64) -> ChaCha8Rng {
    let mut key = [0u8; 32];
    key[..8].copy_from_slice(&seed.to_le_bytes());
    ChaCha8Rng::from_seed(key)
}

/// A uniform draw from `0..n` (`n` > 0), without modulo bias (Lemire's multiply-and-reject).
pub fn below(rng: &mut ChaCha8Rng, n: usize) -> usize {
    assert!(n > 0, "below(0) has no value to draw");
    let n = n as u64;
    let mut product = u128::from(rng.next_u64()) * u128::from(n);
    // The threshold is below `n`: a low half at or above `n` is accepted without the division
    // that computes it, the same draws as always.
    if (product as u64) < n {
        let threshold = n.wrapping_neg() % n;
        while (product as u64) < threshold {
            product = u128::from(rng.next_u64()) * u128::from(n);
        }
    }
    (product >> 64) as usize
}

/// Shuffles `items` uniformly (Fisher–Yates) with draws from `rng`.
pub fn shuffle<T>(items: &mut [T], rng: &mut ChaCha8Rng) {
    for i in (1..items.len()).rev() {
        let j = below(rng, i + 1);
        items.swap(i, j);
    }
}

/// Shuffles `items` uniformly with a generator keyed by `seed`.
pub fn shuffle_with_seed<T>(items: &mut [T], seed: u64) {
    shuffle(items, &mut rng(seed));
}

/// Seed 000's ordering "from a random number": 1000 iterations, each taking the item at position
/// `(number + 2 * iteration) mod len` and moving it to the front.
pub fn move_to_front_order<T>(items: &mut [T], number: u64) {
    let len = items.len() as u64;
    if len == 0 {
        return;
    }
    for iteration in 0..1000u64 {
        let n = ((number % len + (2 * iteration) % len) % len) as usize;
        items[..=n].rotate_right(1);
    }
}

/// The `index`-th seed derived from `seed`, for series of games: distinct indices give unrelated
/// seeds (SplitMix64's finaliser over the pair).
pub fn derive_seed(seed: u64, index: u64) -> u64 {
    let mut z = seed ^ index.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// How a game's deck is shuffled before each deal: the `"shuffle"` option every game takes.
///
/// `{"kind": "uniform"}` (the default) is a perfect shuffle. `{"kind": "riffle", "riffles": 3}`
/// is a dealer's shuffle as seed 004 asks for: the deck is riffled, cut, and dealt in packets, so
/// order left in the deck (a new pack's, or the last deal's tricks) carries over into the hands.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ShuffleModel {
    /// Every order of the deck equally likely, dealt as the game's seed describes.
    #[default]
    Uniform,
    /// Riffles, a cut and a deal in packets: see [`RiffleShuffle`].
    Riffle(RiffleShuffle),
}

impl ShuffleModel {
    /// Checks the model's numbers, saying what is wrong for a game's setup error.
    pub fn validate(&self) -> Result<(), String> {
        match self {
            ShuffleModel::Uniform => Ok(()),
            ShuffleModel::Riffle(riffle) => riffle.validate(),
        }
    }
}

/// A dealer's shuffle: `riffles` riffle shuffles (the Gilbert–Shannon–Reeds model), then a cut,
/// then the deal in packets of `packet` cards to each seat in turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct RiffleShuffle {
    /// How many riffles the dealer does, 1 to [`RiffleShuffle::MAX_RIFFLES`]. About seven mix a
    /// 52-card deck well; one or two leave much of its order.
    #[schemars(range(min = 1, max = RiffleShuffle::MAX_RIFFLES))]
    pub riffles: u32,
    /// Whether the deck is cut after the riffles, as the player right of the dealer does.
    pub cut: bool,
    /// How many cards each seat gets at a time in the deal, 1 to [`RiffleShuffle::MAX_PACKET`].
    #[schemars(range(min = 1, max = RiffleShuffle::MAX_PACKET))]
    pub packet: usize,
}

impl Default for RiffleShuffle {
    fn default() -> RiffleShuffle {
        RiffleShuffle {
            riffles: 3,
            cut: true,
            packet: 4,
        }
    }
}

impl RiffleShuffle {
    /// The most riffles a match may ask for.
    pub const MAX_RIFFLES: u32 = 32;
    /// The largest packet a match may ask for.
    pub const MAX_PACKET: usize = 13;

    /// Checks `riffles` and `packet`, saying what is wrong.
    pub fn validate(&self) -> Result<(), String> {
        if !(1..=Self::MAX_RIFFLES).contains(&self.riffles) {
            return Err(format!(
                "shuffle.riffles is 1 to {}, not {}",
                Self::MAX_RIFFLES,
                self.riffles
            ));
        }
        if !(1..=Self::MAX_PACKET).contains(&self.packet) {
            return Err(format!(
                "shuffle.packet is 1 to {}, not {}",
                Self::MAX_PACKET,
                self.packet
            ));
        }
        Ok(())
    }

    /// Riffles `deck` (top card first) `riffles` times and cuts it if `cut` is set.
    pub fn shuffle<T>(&self, deck: &mut Vec<T>, rng: &mut ChaCha8Rng) {
        for _ in 0..self.riffles {
            riffle(deck, rng);
        }
        if self.cut {
            cut(deck, rng);
        }
    }

    /// Deals `hand_size` cards to each of `hands` seats from the top of `deck`, `packet` at a time
    /// to each seat in turn (the last round gives what is left of a hand if `packet` does not
    /// divide it). Hand 0 is the first seat dealt to, left of the dealer. What is not dealt stays
    /// in `deck`, top card first.
    pub fn deal<T>(&self, deck: &mut Vec<T>, hands: usize, hand_size: usize) -> Vec<Vec<T>> {
        deal_in_packets(deck, hands, hand_size, self.packet)
    }
}

impl std::fmt::Display for RiffleShuffle {
    /// For logs: "3 riffles and a cut, packets of 4".
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let plural = if self.riffles == 1 { "" } else { "s" };
        let cut = if self.cut { " and a cut" } else { "" };
        write!(
            f,
            "{} riffle{plural}{cut}, packets of {}",
            self.riffles, self.packet
        )
    }
}

/// One riffle shuffle in the Gilbert–Shannon–Reeds model: the deck is cut into two packets at a
/// binomially distributed point, and cards drop one at a time from the packets' bottoms, each
/// packet with probability proportional to its size. Each packet keeps its order.
pub fn riffle<T>(deck: &mut Vec<T>, rng: &mut ChaCha8Rng) {
    let n = deck.len();
    let split = binomial_half(n, rng);
    let mut right = deck.split_off(split);
    let mut left = std::mem::take(deck);
    let mut dropped = Vec::with_capacity(n);
    while !left.is_empty() || !right.is_empty() {
        let from_left = below(rng, left.len() + right.len()) < left.len();
        let card = if from_left { left.pop() } else { right.pop() };
        dropped.extend(card);
    }
    dropped.reverse();
    *deck = dropped;
}

/// Cuts the deck: a binomially distributed number of cards (never none, never all) go from the
/// top to the bottom.
pub fn cut<T>(deck: &mut [T], rng: &mut ChaCha8Rng) {
    if deck.len() < 2 {
        return;
    }
    let lifted = binomial_half(deck.len(), rng).clamp(1, deck.len() - 1);
    deck.rotate_left(lifted);
}

/// Deals `hand_size` cards to each of `hands` seats from the top of `deck`, `packet` at a time to
/// each seat in turn; the cards left stay in `deck`, top first. Panics if the deck is too small,
/// which is a mistake in the game's setup.
pub fn deal_in_packets<T>(
    deck: &mut Vec<T>,
    hands: usize,
    hand_size: usize,
    packet: usize,
) -> Vec<Vec<T>> {
    assert!(packet > 0, "a deal needs packets of at least one card");
    assert!(
        deck.len() >= hands * hand_size,
        "the deck holds {} cards, fewer than {hands} hands of {hand_size}",
        deck.len()
    );
    let mut rest = deck.split_off(hands * hand_size);
    let mut cards = std::mem::take(deck).into_iter();
    let mut dealt: Vec<Vec<T>> = (0..hands).map(|_| Vec::with_capacity(hand_size)).collect();
    let mut given = 0;
    while given < hand_size {
        let take = packet.min(hand_size - given);
        for hand in dealt.iter_mut() {
            hand.extend(cards.by_ref().take(take));
        }
        given += take;
    }
    std::mem::swap(deck, &mut rest);
    dealt
}

/// The number of heads in `n` fair coin flips.
fn binomial_half(n: usize, rng: &mut ChaCha8Rng) -> usize {
    let mut heads = 0;
    let mut left = n;
    while left > 0 {
        let flips = left.min(64);
        let bits = rng.next_u64() & (u64::MAX >> (64 - flips));
        heads += bits.count_ones() as usize;
        left -= flips;
    }
    heads
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_order_and_different_seeds_differ() {
        let mut a: Vec<u32> = (0..36).collect();
        let mut b = a.clone();
        let mut c = a.clone();
        shuffle_with_seed(&mut a, 7);
        shuffle_with_seed(&mut b, 7);
        shuffle_with_seed(&mut c, 8);
        assert_eq!(a, b);
        assert_ne!(a, c);
        let mut sorted = a.clone();
        sorted.sort();
        assert_eq!(sorted, (0..36).collect::<Vec<_>>());
    }

    #[test]
    fn the_order_for_a_seed_never_changes() {
        // Pinned output: if this changes, every stored match would replay differently.
        let mut items: Vec<u32> = (0..10).collect();
        shuffle_with_seed(&mut items, 42);
        assert_eq!(items, [7, 6, 5, 1, 0, 4, 8, 9, 2, 3]);
    }

    #[test]
    fn shuffle_is_uniform_over_positions() {
        // 3 items have 6 orders; over 60,000 shuffles each should come up about 10,000 times.
        let mut counts = std::collections::HashMap::new();
        let mut rng = rng(1);
        for _ in 0..60_000 {
            let mut items = [0, 1, 2];
            shuffle(&mut items, &mut rng);
            *counts.entry(items).or_insert(0u32) += 1;
        }
        assert_eq!(counts.len(), 6);
        for (order, count) in counts {
            assert!(
                (9_500..10_500).contains(&count),
                "{order:?} came {count} times"
            );
        }
    }

    #[test]
    fn below_stays_in_range() {
        let mut rng = rng(3);
        for n in 1..50 {
            for _ in 0..100 {
                assert!(below(&mut rng, n) < n);
            }
        }
    }

    #[test]
    fn move_to_front_moves_the_chosen_item_each_iteration() {
        // With two items and an even number, n is always 0: the order never changes.
        let mut two = [1, 2];
        move_to_front_order(&mut two, 4);
        assert_eq!(two, [1, 2]);
        // With an odd number n is always 1: 1000 swaps leave the order as it was.
        move_to_front_order(&mut two, 3);
        assert_eq!(two, [1, 2]);
        let mut three = [0, 1, 2];
        move_to_front_order(&mut three, 0);
        let mut expected = vec![0, 1, 2];
        for i in 0..1000usize {
            let n = (2 * i) % 3;
            let item = expected.remove(n);
            expected.insert(0, item);
        }
        assert_eq!(three.to_vec(), expected);
    }

    #[test]
    fn derived_seeds_are_distinct() {
        let seeds: std::collections::HashSet<u64> =
            (0..10_000).map(|i| derive_seed(5, i)).collect();
        assert_eq!(seeds.len(), 10_000);
        assert_ne!(derive_seed(5, 0), derive_seed(6, 0));
    }

    /// Rising sequences of a permutation of `0..n`: maximal runs of consecutive values that appear
    /// in increasing positions. A sorted deck has one; a riffle at most doubles the count.
    fn rising_sequences(deck: &[usize]) -> usize {
        let mut position = vec![0; deck.len()];
        for (at, &card) in deck.iter().enumerate() {
            position[card] = at;
        }
        1 + (1..deck.len())
            .filter(|&card| position[card] < position[card - 1])
            .count()
    }

    /// Adjacent pairs of the original deck (`card` directly above `card + 1`) still adjacent.
    fn pairs_kept(deck: &[usize]) -> usize {
        deck.windows(2).filter(|w| w[1] == w[0] + 1).count()
    }

    fn riffled(riffles: u32, cut: bool, seed: u64) -> Vec<usize> {
        let mut deck: Vec<usize> = (0..52).collect();
        let model = RiffleShuffle {
            riffles,
            cut,
            packet: 4,
        };
        model.shuffle(&mut deck, &mut rng(seed));
        deck
    }

    #[test]
    fn a_riffle_keeps_every_card_and_at_most_two_rising_sequences() {
        for seed in 0..500 {
            let deck = riffled(1, false, seed);
            let mut sorted = deck.clone();
            sorted.sort();
            assert_eq!(sorted, (0..52).collect::<Vec<_>>());
            assert!(rising_sequences(&deck) <= 2, "{deck:?}");
        }
        assert_eq!(riffled(3, true, 9), riffled(3, true, 9));
        assert_ne!(riffled(3, true, 9), riffled(3, true, 10));
    }

    #[test]
    fn the_riffle_order_for_a_seed_never_changes() {
        // Pinned output: if this changes, every stored match with a riffle option would change.
        let mut deck: Vec<u32> = (0..12).collect();
        RiffleShuffle::default().shuffle(&mut deck, &mut rng(42));
        assert_eq!(deck, [7, 11, 0, 5, 8, 9, 4, 6, 2, 10, 1, 3]);
    }

    #[test]
    fn few_riffles_leave_measurably_more_order_than_many() {
        let mean = |riffles: u32, measure: fn(&[usize]) -> usize| {
            let total: usize = (0..400)
                .map(|seed| measure(&riffled(riffles, false, seed)))
                .sum();
            total as f64 / 400.0
        };
        // A uniform shuffle of 52 cards has (52 + 1) / 2 = 26.5 rising sequences on average and
        // keeps 51 / 52 ≈ 1 adjacent pair. GSR riffles reach that only after about seven.
        let (one, two, ten) = (
            mean(1, rising_sequences),
            mean(2, rising_sequences),
            mean(10, rising_sequences),
        );
        assert!(one <= 2.0 && two <= 4.0, "{one} {two}");
        assert!((24.0..29.0).contains(&ten), "ten riffles: {ten}");
        let (kept_two, kept_ten) = (mean(2, pairs_kept), mean(10, pairs_kept));
        assert!(kept_two > 10.0, "two riffles keep {kept_two} pairs");
        assert!(kept_ten < 2.0, "ten riffles keep {kept_ten} pairs");
    }

    #[test]
    fn a_cut_moves_the_top_to_the_bottom_and_keeps_the_cycle() {
        for seed in 0..100 {
            let deck = riffled(1, true, seed);
            let uncut = riffled(1, false, seed);
            let at = deck.iter().position(|&c| c == uncut[0]).unwrap();
            assert!(at > 0, "a cut always moves some cards");
            assert_eq!([&deck[at..], &deck[..at]].concat(), uncut);
        }
    }

    #[test]
    fn a_deal_in_packets_gives_each_seat_packets_in_turn() {
        let mut deck: Vec<u32> = (0..36).collect();
        let hands = deal_in_packets(&mut deck, 4, 8, 4);
        assert_eq!(hands[0], [0, 1, 2, 3, 16, 17, 18, 19]);
        assert_eq!(hands[3], [12, 13, 14, 15, 28, 29, 30, 31]);
        assert_eq!(deck, [32, 33, 34, 35]);
        // A packet that does not divide the hand: four, then what is left.
        let mut deck: Vec<u32> = (0..12).collect();
        let hands = deal_in_packets(&mut deck, 2, 6, 4);
        assert_eq!(hands, [vec![0, 1, 2, 3, 8, 9], vec![4, 5, 6, 7, 10, 11]]);
        assert!(deck.is_empty());
    }

    #[test]
    fn the_model_reads_from_json_with_defaults_and_checks_its_numbers() {
        let model: ShuffleModel = serde_json::from_str(r#"{"kind":"riffle","riffles":2}"#).unwrap();
        assert_eq!(
            model,
            ShuffleModel::Riffle(RiffleShuffle {
                riffles: 2,
                cut: true,
                packet: 4
            })
        );
        assert_eq!(
            serde_json::from_str::<ShuffleModel>(r#"{"kind":"uniform"}"#).unwrap(),
            ShuffleModel::Uniform
        );
        assert!(serde_json::from_str::<ShuffleModel>(r#"{"kind":"riffle","rifles":2}"#).is_err());
        assert!(serde_json::from_str::<ShuffleModel>(r#"{"kind":"overhand"}"#).is_err());
        let bad = |riffles, packet| RiffleShuffle {
            riffles,
            cut: true,
            packet,
        };
        assert!(bad(0, 4).validate().unwrap_err().contains("riffles"));
        assert!(bad(33, 4).validate().is_err());
        assert!(bad(3, 0).validate().unwrap_err().contains("packet"));
        assert!(bad(3, 4).validate().is_ok());
        assert_eq!(bad(3, 4).to_string(), "3 riffles and a cut, packets of 4");
        let once = RiffleShuffle {
            riffles: 1,
            cut: false,
            packet: 2,
        };
        assert_eq!(once.to_string(), "1 riffle, packets of 2");
    }
}
