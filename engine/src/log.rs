//! A compact, versioned action log: each decision stored as its index among the legal actions of
//! that moment, the way lichess stores a chess move in a few bits.
//!
//! A log is one blob: a format byte ([`FORMAT`]), the number of actions as a LEB128 varint, then,
//! for every action taken where more than one was legal, its index in
//! [`Game::legal_actions_into`]'s order as a LEB128 varint. A forced action (the only legal one)
//! takes no byte at all. Decoding replays the game from its deal, so the blob means nothing without
//! the options, seat count and seed it was played from, and nothing under another version of the
//! rules (which is why stored matches carry [`Game::RULES_VERSION`]).
//!
//! Decoding untrusted or damaged bytes is an error, never a panic: an unknown format, a truncated
//! or overlong varint, an index past the legal actions, an action after the game ended, or bytes
//! left over.

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
    let mut blob = Vec::with_capacity(actions.len() + 4);
    blob.push(FORMAT);
    write_varint(&mut blob, actions.len() as u64);
    let mut game = initial.clone();
    let mut legal = Vec::new();
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
            write_varint(&mut blob, position as u64);
        }
        game.apply(action).map_err(|_| LogError::Illegal(index))?;
    }
    Ok(blob)
}

/// Decodes a log written by [`encode`] by replaying it from `initial`; returns the actions in
/// order.
pub fn decode<G: Game>(initial: &G, blob: &[u8]) -> Result<Vec<G::Action>, LogError> {
    let mut bytes = blob.iter().copied();
    match bytes.next() {
        Some(FORMAT) => {}
        Some(other) => return Err(LogError::Damaged(format!("unknown format {other}"))),
        None => return Err(LogError::Damaged("empty".into())),
    }
    let count = read_varint(&mut bytes)?;
    if count > MAX_ACTIONS {
        return Err(LogError::TooLong);
    }
    let mut game = initial.clone();
    let mut legal = Vec::new();
    let mut actions = Vec::with_capacity(count.min(4096) as usize);
    for index in 0..count as usize {
        if game.to_act().is_none() {
            return Err(LogError::AfterEnd(index));
        }
        game.legal_actions_into(&mut legal);
        let position = if legal.len() > 1 {
            read_varint(&mut bytes)?
        } else {
            0
        };
        let action = usize::try_from(position)
            .ok()
            .and_then(|p| legal.get(p))
            .ok_or(LogError::Illegal(index))?
            .clone();
        game.apply(&action).map_err(|_| LogError::Illegal(index))?;
        actions.push(action);
    }
    if bytes.next().is_some() {
        return Err(LogError::Damaged("bytes after the last action".into()));
    }
    Ok(actions)
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

/// Reads one unsigned LEB128 varint; refuses a truncated one and one too long for a `u64`.
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
            return Ok(value);
        }
    }
    Err(LogError::Damaged("varint overflows".into()))
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
