//! Leases: which process plays each running match, and until when. A process that plays matches
//! (`cardarena worker`, or `serve` unless `--no-play`) claims them under its id with a lease of
//! [`LEASE_MS`] that it renews while it plays ([`Store::renew_leases`]). A lease that has passed
//! means its process is gone: the reaper ([`Store::reap_leases`]) puts the match back in the
//! queue to be played again from its start, or cancels it if people were playing it (their moves
//! went with the process). A result is stored only under the lease it was played with
//! ([`Lease`]), so a match is finished once, whoever played it first.

use sqlx::Row;

use super::{Store, StoreError, now_ms};

/// How long a lease lasts without renewal, in ms.
pub const LEASE_MS: i64 = 30_000;

/// How long the row of a process that stopped renewing is kept, in ms: a day.
const FORGET_WORKER_MS: i64 = 24 * 3600 * 1000;

/// The hold of one process on one running match: its id and the attempt it plays.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lease {
    /// The process's id.
    pub worker: String,
    /// The match's attempt (1 for its first claim).
    pub attempt: u32,
}

/// A process that plays matches, as it registers itself.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WorkerInfo {
    /// Its id, a UUID made at start-up.
    pub id: String,
    /// `serve` or `worker`.
    pub role: String,
    /// The machine's name.
    pub host: String,
    /// The process id on that machine.
    pub pid: u32,
    /// The most matches it plays at once.
    pub slots: u32,
}

/// A process as the store last heard of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WorkerRow {
    /// What it said at start-up.
    pub info: WorkerInfo,
    /// When it started, in Unix ms.
    pub started_at: i64,
    /// When it last renewed its leases, in Unix ms.
    pub seen_at: i64,
    /// How many running matches it holds.
    pub playing: u64,
}

/// What one pass of the reaper did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Reaped {
    /// Matches put back in the queue.
    pub requeued: u64,
    /// Tables people played, cancelled.
    pub cancelled: u64,
}

impl Store {
    /// Records that process `info` plays matches from now on.
    pub async fn register_worker(&self, info: &WorkerInfo) -> Result<(), StoreError> {
        let now = now_ms();
        sqlx::query(
            "INSERT INTO workers (id, role, host, pid, slots, started_at, seen_at)
             VALUES ($1, $2, $3, $4, $5, $6, $6)",
        )
        .bind(&info.id)
        .bind(&info.role)
        .bind(&info.host)
        .bind(i64::from(info.pid))
        .bind(i64::from(info.slots))
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Renews the leases of every running match `worker` holds, and returns those matches' ids:
    /// a match the process plays that is not among them is no longer its own (its lease passed
    /// and the reaper took it back) and should be dropped.
    pub async fn renew_leases(&self, worker: &str) -> Result<Vec<String>, StoreError> {
        let now = now_ms();
        let held = sqlx::query_scalar(
            "UPDATE matches SET lease_until = $1 WHERE worker = $2 AND status = 'running'
             RETURNING id",
        )
        .bind(now + LEASE_MS)
        .bind(worker)
        .fetch_all(&self.pool)
        .await?;
        sqlx::query("UPDATE workers SET seen_at = $1 WHERE id = $2")
            .bind(now)
            .bind(worker)
            .execute(&self.pool)
            .await?;
        Ok(held)
    }

    /// Takes back every running match whose lease has passed: a table people played is
    /// cancelled, any other match queued again (its attempt stays counted). Also forgets
    /// processes not heard of for a day.
    pub async fn reap_leases(&self) -> Result<Reaped, StoreError> {
        let now = now_ms();
        let cancelled = sqlx::query(
            "UPDATE matches SET status = 'cancelled', finished_at = $1, worker = NULL,
                 lease_until = NULL,
                 error = 'the process playing this table stopped while people played it'
             WHERE status = 'running' AND lease_until < $1 AND kind = 'human'",
        )
        .bind(now)
        .execute(&self.pool)
        .await?
        .rows_affected();
        let requeued = sqlx::query(
            "UPDATE matches SET status = 'queued', started_at = NULL, worker = NULL,
                 lease_until = NULL
             WHERE status = 'running' AND lease_until < $1",
        )
        .bind(now)
        .execute(&self.pool)
        .await?
        .rows_affected();
        sqlx::query("DELETE FROM workers WHERE seen_at < $1")
            .bind(now - FORGET_WORKER_MS)
            .execute(&self.pool)
            .await?;
        Ok(Reaped {
            requeued,
            cancelled,
        })
    }

    /// Hands every match `worker` plays back to the queue at once (a worker that stops); a table
    /// people play is left to its lease. Returns how many.
    pub async fn release_leases(&self, worker: &str) -> Result<u64, StoreError> {
        let released = sqlx::query(
            "UPDATE matches SET status = 'queued', started_at = NULL, worker = NULL,
                 lease_until = NULL
             WHERE worker = $1 AND status = 'running' AND kind <> 'human'",
        )
        .bind(worker)
        .execute(&self.pool)
        .await?
        .rows_affected();
        Ok(released)
    }

    /// The processes that renewed their leases in the last day, the latest started first, with
    /// how many matches each holds.
    pub async fn workers(&self) -> Result<Vec<WorkerRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT w.id, w.role, w.host, w.pid, w.slots, w.started_at, w.seen_at,
                 (SELECT COUNT(*) FROM matches m
                  WHERE m.worker = w.id AND m.status = 'running') AS playing
             FROM workers w ORDER BY w.started_at DESC, w.id",
        )
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| {
                Ok(WorkerRow {
                    info: WorkerInfo {
                        id: row.try_get("id")?,
                        role: row.try_get("role")?,
                        host: row.try_get("host")?,
                        pid: row.try_get::<i64, _>("pid")? as u32,
                        slots: row.try_get::<i64, _>("slots")? as u32,
                    },
                    started_at: row.try_get("started_at")?,
                    seen_at: row.try_get("seen_at")?,
                    playing: row.try_get::<i64, _>("playing")? as u64,
                })
            })
            .collect()
    }
}
