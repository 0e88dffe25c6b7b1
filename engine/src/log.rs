//! A compact, versioned action log: each decision stored as its index among the legal actions of
//! that moment, in about as many bits as there were choices (the way lichess stores a chess move).
//!
//! A log is one blob: a format byte ([`FORMAT`]), the number of actions as a LEB128 varint, then
//! one number in mixed radix, little-endian and without trailing zero bytes: the first decision's
//! index plus its count of legal actions times (the second's index plus …). A forced action (the
//! only legal one) costs nothing, a choice among 13 cards under four bits. The indices follow
//! [`Game::legal_actions_into`]'s order. Decoding replays the game from its deal, so the blob means
//! nothing without the options, seat count and seed it was played from, and nothing under another
//! version of the rules (which is why stored matches carry [`Game::RULES_VERSION`]).
//!
//! Decoding untrusted or damaged bytes is an error, never a panic: an unknown format, a truncated
//! or overlong varint, a trailing zero byte, an action after the game ended, or a number left over
//! after the last action.

use crate::game::Game;

/// The format byte of the logs this engine writes.
pub const FORMAT: u8 = 1;

/// The most actions a log may hold: far above any game's length, it bounds the work a damaged
/// blob can ask of the decoder.
pub const MAX_ACTIONS: u64 = 1 << 20;

/// Why a log could not be encoded or decoded.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LogError {
    /// The action at this index was not legal at that point of the game.
    #[error("action {0} is not legal there")]
    Illegal(usize),
    /// The game ended before this action.
    #[error("action {0} comes after the end of the game")]
    AfterEnd(usize),
    /// The log holds more actions than [`MAX_ACTIONS`].
    #[error("more than {MAX_ACTIONS} actions")]
    TooLong,
    /// The blob is not a log this engine can read; the text says where it breaks.
    #[error("damaged log: {0}")]
    Damaged(String),
}

/// Encodes `actions`, played in order from `initial` (the game as dealt).
pub fn encode<G: Game>(initial: &G, actions: &[G::Action]) -> Result<Vec<u8>, LogError> {
    if actions.len() as u64 > MAX_ACTIONS {
        return Err(LogError::TooLong);
    }
    let mut game = initial.clone();
    let mut legal = Vec::new();
    let mut choices = Vec::new();
    for (index, action) in actions.iter().enumerate() {
        if game.to_act().is_none() {
            return Err(LogError::AfterEnd(index));
        }
        game.legal_actions_into(&mut legal);
        let position = legal
            .iter()
            .position(|a| a == action)
            .ok_or(LogError::Illegal(index))?;
        if legal.len() > 1 {
            let count = u32::try_from(legal.len()).map_err(|_| LogError::TooLong)?;
            choices.push((position as u32, count));
        }
        game.apply(action).map_err(|_| LogError::Illegal(index))?;
    }
    let mut number = Vec::new();
    for &(position, count) in choices.iter().rev() {
        mul_add(&mut number, count, position);
    }
    let mut blob = vec![FORMAT];
    write_varint(&mut blob, actions.len() as u64);
    let mut digits: Vec<u8> = number.iter().flat_map(|limb| limb.to_le_bytes()).collect();
    while digits.last() == Some(&0) {
        digits.pop();
    }
    blob.extend(digits);
    Ok(blob)
}

/// Decodes a log written by [`encode`] by replaying it from `initial`; returns the actions in
/// order.
pub fn decode<G: Game>(initial: &G, blob: &[u8]) -> Result<Vec<G::Action>, LogError> {
    let (&format, rest) = blob
        .split_first()
        .ok_or_else(|| LogError::Damaged("empty".into()))?;
    if format != FORMAT {
        return Err(LogError::Damaged(format!("unknown format {format}")));
    }
    let mut bytes = rest.iter().copied();
    let count = read_varint(&mut bytes)?;
    if count > MAX_ACTIONS {
        return Err(LogError::TooLong);
    }
    let digits: Vec<u8> = bytes.collect();
    if digits.last() == Some(&0) {
        return Err(LogError::Damaged("a trailing zero byte".into()));
    }
    let mut number: Vec<u32> = digits
        .chunks(4)
        .map(|chunk| {
            let mut limb = [0u8; 4];
            limb[..chunk.len()].copy_from_slice(chunk);
            u32::from_le_bytes(limb)
        })
        .collect();
    let mut game = initial.clone();
    let mut legal = Vec::new();
    let mut actions = Vec::with_capacity(count.min(4096) as usize);
    for index in 0..count as usize {
        if game.to_act().is_none() {
            return Err(LogError::AfterEnd(index));
        }
        game.legal_actions_into(&mut legal);
        let position = match u32::try_from(legal.len()) {
            Ok(0) => return Err(LogError::Illegal(index)),
            Ok(1) => 0,
            Ok(choices) => div_rem(&mut number, choices) as usize,
            Err(_) => return Err(LogError::TooLong),
        };
        let action = legal[position].clone();
        game.apply(&action).map_err(|_| LogError::Illegal(index))?;
        actions.push(action);
    }
    if !number.is_empty() {
        return Err(LogError::Damaged("bytes after the last action".into()));
    }
    Ok(actions)
}

/// `number = number * factor + add`, on little-endian 32-bit limbs.
fn mul_add(number: &mut Vec<u32>, factor: u32, add: u32) {
    let mut carry = u64::from(add);
    for limb in number.iter_mut() {
        let wide = u64::from(*limb) * u64::from(factor) + carry;
        *limb = wide as u32;
        carry = wide >> 32;
    }
    if carry > 0 {
        number.push(carry as u32);
    }
}

/// Divides `number` by `divisor` (not zero) in place, dropping zero top limbs; returns the
/// remainder.
fn div_rem(number: &mut Vec<u32>, divisor: u32) -> u32 {
    let mut remainder = 0u64;
    for limb in number.iter_mut().rev() {
        let wide = (remainder << 32) | u64::from(*limb);
        *limb = (wide / u64::from(divisor)) as u32;
        remainder = wide % u64::from(divisor);
    }
    while number.last() == Some(&0) {
        number.pop();
    }
    remainder as u32
}

/// Appends `value` as an unsigned LEB128 varint: seven bits a byte, low bits first, the high bit
/// set on every byte but the last.
fn write_varint(out: &mut Vec<u8>, mut value: u64) {
    while value >= 0x80 {
        out.push((value as u8) | 0x80);
        value >>= 7;
    }
    out.push(value as u8);
}

/// Reads one unsigned LEB128 varint; refuses a truncated one, one too long for a `u64` and one
/// with a redundant last byte (so each count has one spelling).
fn read_varint(bytes: &mut impl Iterator<Item = u8>) -> Result<u64, LogError> {
    let mut value = 0u64;
    for shift in (0..64).step_by(7) {
        let byte = bytes
            .next()
            .ok_or_else(|| LogError::Damaged("truncated".into()))?;
        let bits = u64::from(byte & 0x7f);
        if shift == 63 && bits > 1 {
            return Err(LogError::Damaged("varint overflows".into()));
        }
        value |= bits << shift;
        if byte & 0x80 == 0 {
            // A last byte of 0 after the first is a redundant one: the same count has a shorter
            // spelling, and a log has only one.
            if byte == 0 && shift > 0 {
                return Err(LogError::Damaged("overlong varint".into()));
            }
            return Ok(value);
        }
    }
    Err(LogError::Damaged("varint overflows".into()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mixed_radix_numbers_round_trip() {
        let digits = [(3u32, 7u32), (0, 2), (12, 13), (29, 30), (1, 2), (0, 5)];
        let mut number = Vec::new();
        for &(digit, base) in digits.iter().rev() {
            mul_add(&mut number, base, digit);
        }
        // 3 + 7·(0 + 2·(12 + 13·(29 + 30·(1 + 2·0))))
        assert_eq!(number, [3 + 7 * 2 * (12 + 13 * (29 + 30))]);
        for &(digit, base) in &digits {
            assert_eq!(div_rem(&mut number, base), digit);
        }
        assert!(number.is_empty());
        let mut big = Vec::new();
        for _ in 0..40 {
            mul_add(&mut big, 1000, 999);
        }
        assert!(big.len() > 10);
        for _ in 0..40 {
            assert_eq!(div_rem(&mut big, 1000), 999);
        }
        assert!(big.is_empty());
    }

    #[test]
    fn varints_round_trip_at_their_edges() {
        for value in [
            0,
            1,
            127,
            128,
            255,
            300,
            16_383,
            16_384,
            u32::MAX as u64,
            u64::MAX,
        ] {
            let mut out = Vec::new();
            write_varint(&mut out, value);
            let mut bytes = out.iter().copied();
            assert_eq!(read_varint(&mut bytes), Ok(value), "{value}");
            assert!(bytes.next().is_none());
        }
        let mut small = Vec::new();
        write_varint(&mut small, 127);
        assert_eq!(small, [0x7f]);
    }

    #[test]
    fn varints_refuse_truncation_and_overflow() {
        assert!(read_varint(&mut [0x80u8].into_iter()).is_err());
        assert!(read_varint(&mut [0xffu8; 10].into_iter()).is_err());
        assert!(read_varint(&mut [0xffu8; 11].into_iter()).is_err());
        let mut max = [0xffu8; 10];
        max[9] = 0x01;
        assert_eq!(read_varint(&mut max.into_iter()), Ok(u64::MAX));
        max[9] = 0x02;
        assert!(read_varint(&mut max.into_iter()).is_err());
    }

    #[test]
    fn varints_refuse_a_redundant_last_byte() {
        // Found by fuzz/'s log_codec target: 0xe1 0x00 read as 97, which 0x61 spells, so two
        // blobs decoded to one log.
        assert!(read_varint(&mut [0xe1u8, 0x00].into_iter()).is_err());
        assert!(read_varint(&mut [0x80u8, 0x80, 0x00].into_iter()).is_err());
        assert_eq!(read_varint(&mut [0x00u8].into_iter()), Ok(0));
        assert_eq!(read_varint(&mut [0xe1u8, 0x01].into_iter()), Ok(0xe1));
    }
}
