//! How each step of a match was played, kept beside its log: every action's answer time as one
//! compact blob of varints on the match's row, and each faulted seat's step and answer on its
//! seat's row. Matches stored before it have none (their times read as unknown).

use sqlx::Row;

use super::{Store, StoreError, Tx};

/// How a played match's steps went, as the store keeps it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PlayRecord {
    /// Each action's answer time in ms, in order (empty: not recorded).
    pub timing: Vec<u32>,
    /// Each seat's fault record, by seat (`None` for a seat that did not fault).
    pub faults: Vec<Option<FaultRecord>>,
}

impl PlayRecord {
    /// The decision (from 1) each of `players` seats faulted at, by seat, where recorded.
    pub fn fault_steps(&self, players: usize) -> Vec<Option<u32>> {
        (0..players)
            .map(|seat| {
                self.faults
                    .get(seat)
                    .and_then(|f| f.as_ref())
                    .and_then(|f| f.step)
            })
            .collect()
    }
}

/// Where and how a seat's bot faulted.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FaultRecord {
    /// The decision (from 1) it faulted at; `None` for matches stored before it was recorded.
    pub step: Option<u32>,
    /// The HTTP status of its answer.
    pub status: Option<u16>,
    /// How long the call took, until the answer or the deadline, in ms.
    pub ms: Option<u32>,
    /// The first bytes of its answer's body, as text.
    pub body: Option<String>,
}

/// The most answer times a stored blob is read for (the runner's decision cap is far below).
const MAX_STEPS: usize = 1 << 20;

/// `times` as LEB128 varints, a run of zeros (house bots answer within the millisecond) as a
/// zero and the run's length: a byte for an answer under 128 ms, two under 16 s, three bytes for
/// a whole match of house bots.
pub fn encode_timing(times: &[u32]) -> Vec<u8> {
    let mut out = Vec::with_capacity(times.len() + times.len() / 2);
    let mut zeros = 0u32;
    for &ms in times.iter().chain([&1]) {
        if ms == 0 {
            zeros += 1;
            continue;
        }
        if zeros > 0 {
            out.push(0);
            push_varint(&mut out, zeros);
            zeros = 0;
        }
        push_varint(&mut out, ms);
    }
    out.pop(); // the 1 that closed the last run
    out
}

fn push_varint(out: &mut Vec<u8>, mut value: u32) {
    loop {
        let byte = (value & 0x7f) as u8;
        value >>= 7;
        if value == 0 {
            out.push(byte);
            return;
        }
        out.push(byte | 0x80);
    }
}

/// The times [`encode_timing`] wrote; `None` for damaged bytes (never a panic).
pub fn decode_timing(blob: &[u8]) -> Option<Vec<u32>> {
    let mut out = Vec::new();
    let mut bytes = blob.iter();
    while let Some(ms) = read_varint(&mut bytes)? {
        if ms > 0 {
            out.push(ms);
            continue;
        }
        let run = read_varint(&mut bytes)?.filter(|&n| n > 0)? as usize;
        if out.len() + run > MAX_STEPS {
            return None;
        }
        out.resize(out.len() + run, 0);
    }
    (out.len() <= MAX_STEPS).then_some(out)
}

/// The next varint: `Some(None)` at the end, `None` when damaged.
fn read_varint(bytes: &mut std::slice::Iter<'_, u8>) -> Option<Option<u32>> {
    let mut value: u64 = 0;
    for shift in (0..=28).step_by(7) {
        let Some(&byte) = bytes.next() else {
            return (shift == 0).then_some(None);
        };
        value |= u64::from(byte & 0x7f) << shift;
        if byte & 0x80 == 0 {
            return u32::try_from(value).ok().map(Some);
        }
    }
    None
}

/// Writes `record` for match `id` inside the transaction that stores its result.
pub(super) async fn write_record(
    tx: &mut Tx,
    id: &str,
    record: &PlayRecord,
) -> Result<(), StoreError> {
    if !record.timing.is_empty() {
        sqlx::query("UPDATE matches SET timing = $1 WHERE id = $2")
            .bind(encode_timing(&record.timing))
            .bind(id)
            .execute(&mut **tx)
            .await?;
    }
    for (seat, fault) in record.faults.iter().enumerate() {
        let Some(fault) = fault else { continue };
        sqlx::query(
            "UPDATE seats SET fault_step = $1, fault_status = $2, fault_ms = $3, fault_body = $4
             WHERE match_id = $5 AND seat = $6",
        )
        .bind(fault.step.map(i64::from))
        .bind(fault.status.map(i64::from))
        .bind(fault.ms.map(i64::from))
        .bind(&fault.body)
        .bind(id)
        .bind(seat as i64)
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}

impl Store {
    /// How match `id`'s steps were played, as far as it was recorded: answer times (empty when
    /// not recorded, or dropped with the log) and each faulted seat's step and answer.
    pub async fn play_record(&self, id: &str) -> Result<PlayRecord, StoreError> {
        let blob: Option<Vec<u8>> = sqlx::query_scalar("SELECT timing FROM matches WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?
            .flatten();
        let timing = blob.as_deref().and_then(decode_timing).unwrap_or_default();
        let rows = sqlx::query(
            "SELECT fault_kind, fault_step, fault_status, fault_ms, fault_body
             FROM seats WHERE match_id = $1 ORDER BY seat",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?;
        let faults = rows
            .iter()
            .map(|row| {
                if row.try_get::<Option<String>, _>("fault_kind")?.is_none() {
                    return Ok(None);
                }
                Ok(Some(FaultRecord {
                    step: row
                        .try_get::<Option<i64>, _>("fault_step")?
                        .and_then(|v| u32::try_from(v).ok()),
                    status: row
                        .try_get::<Option<i64>, _>("fault_status")?
                        .and_then(|v| u16::try_from(v).ok()),
                    ms: row
                        .try_get::<Option<i64>, _>("fault_ms")?
                        .and_then(|v| u32::try_from(v).ok()),
                    body: row.try_get("fault_body")?,
                }))
            })
            .collect::<Result<_, StoreError>>()?;
        Ok(PlayRecord { timing, faults })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_round_trip_and_damage_is_refused() {
        let times = [5, 0, 0, 0, 127, 128, 999, 0, 16_383, 16_384, u32::MAX, 0];
        let blob = encode_timing(&times);
        assert_eq!(blob[..5], [5, 0, 3, 127, 0x80]);
        assert_eq!(decode_timing(&blob).unwrap(), times);
        let house = vec![0; 3000];
        assert_eq!(encode_timing(&house), [0, 0xb8, 0x17]);
        assert_eq!(decode_timing(&encode_timing(&house)).unwrap(), house);
        assert_eq!(decode_timing(&[]).unwrap(), Vec::<u32>::new());
        assert_eq!(decode_timing(&[0x80]), None);
        assert_eq!(decode_timing(&[0]), None);
        assert_eq!(decode_timing(&[0, 0]), None);
        assert_eq!(decode_timing(&[0xff, 0xff, 0xff, 0xff, 0xff, 0x01]), None);
        assert_eq!(decode_timing(&[0, 0xff, 0xff, 0xff, 0xff, 0x0f]), None);
    }
}
