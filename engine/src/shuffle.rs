//! Seeded shuffles: the uniform shuffle every game deals from, and seed 000's ordering from a number.
//!
//! Everything here is portable: the same seed gives the same order on every machine and every
//! future build. The generator is ChaCha8 keyed directly by the seed's bytes, and the shuffle and
//! the bounded draws are written here rather than taken from `rand`, whose algorithms for them have
//! changed between versions.

use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};

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
    let threshold = n.wrapping_neg() % n;
    loop {
        let product = u128::from(rng.next_u64()) * u128::from(n);
        if (product as u64) >= threshold {
            return (product >> 64) as usize;
        }
    }
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
}
