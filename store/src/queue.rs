//! The queue: the scheduler's fair claim of queued matches, and practice matches queued within a
//! bot's limit.
//!
//! Every match has an owner: the bot that asked for a practice match (`bot:<id>`), the ladder of
//! a game (`ladder:<game>`) or a tournament (`tournament:<id>`). A claim hands free slots out
//! round-robin between owners, tournaments before everyone else, oldest first within an owner,
//! never puts a contestant's (HTTP) bot in more than a set number of running matches, and never
//! starts a match seating a bot the organiser holds (paused or disqualified: it waits). The
//! running matches are counted in the database, inside the claim's transaction, so the limit
//! holds for every process sharing the database: on SQLite claims run one at a time under the
//! write lock; on PostgreSQL they run at once, and a claim counts a contestant's running matches
//! only once it holds the bot's claim lock, so no other claim adds to that count before it
//! commits. A result running beside a claim can only lower a count, at its commit, so a claim
//! never undercounts.

use std::collections::HashMap;

use sqlx::Row;

use super::bots::BotKind;
use super::leases::{LEASE_MS, Lease};
use super::matches::{insert_matches, json, stage_ref};
use super::{ClaimedMatch, NewMatch, SeatPlayer, Store, StoreError, Tx, Writer, now_ms};

/// How many of an owner's oldest queued matches one claim looks at, at most. An owner whose
/// first matches all wait for busy bots is passed over for this claim rather than scanned to the
/// end.
const LOOKAHEAD: i64 = 200;

/// How many of an owner's oldest queued matches a claim reads first, at least: twice the matches
/// it may take, so that a few passed over leave enough. When all it read are passed over, it
/// reads as many again, doubling what it holds, up to [`LOOKAHEAD`] in all (reading 200 matches
/// and their seats for every owner of every claim was the claim's dearest statement).
const FIRST_READ: i64 = 8;

/// The owner of a match, worked out from its row and seats (the same expression as migration
/// 0004's): `$1` is the match's id.
const SET_OWNER: &str = "UPDATE matches SET owner = CASE kind
        WHEN 'tournament' THEN 'tournament:' || tournament_id
        WHEN 'ladder' THEN 'ladder:' || game
        ELSE 'bot:' || COALESCE(
            (SELECT MIN(s.bot_id) FROM seats s JOIN bots b ON b.id = s.bot_id
             WHERE s.match_id = matches.id AND b.kind IN ('http', 'dial', 'module')),
            '')
    END
    WHERE id = $1";

/// Every owner with queued matches, with when it was last served and its oldest queued match.
/// The owners are enumerated by index seeks (one per owner), not by reading the queue.
const OWNERS: &str = "WITH RECURSIVE owners(owner) AS (
        SELECT (SELECT MIN(owner) FROM matches WHERE status = 'queued')
        UNION ALL
        SELECT (SELECT MIN(owner) FROM matches WHERE status = 'queued' AND owner > o.owner)
        FROM owners o WHERE o.owner IS NOT NULL
    )
    SELECT o.owner, COALESCE(t.served, 0) AS served,
        (SELECT MIN(number) FROM matches WHERE status = 'queued' AND owner = o.owner) AS oldest
    FROM owners o LEFT JOIN queue_turns t ON t.owner = o.owner
    WHERE o.owner IS NOT NULL";

/// An owner's oldest queued matches after number `$3` with their seats' bots (`$1` the owner,
/// `$2` how many).
const CANDIDATES: &str = "SELECT m.number, s.bot_id, b.kind, b.organiser_hold FROM
        (SELECT number, id FROM matches WHERE status = 'queued' AND owner = $1 AND number > $3
         ORDER BY number LIMIT $2) m
    JOIN seats s ON s.match_id = m.id JOIN bots b ON b.id = s.bot_id
    ORDER BY m.number";

/// Which queued matches a process claims: dial-out bots' connections are held by the `serve`
/// process they dialled, so only it can play their matches; and an organiser may keep modules
/// (contestants' code) out of the process that serves the API (`serve --modules-in-workers`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClaimScope {
    dial: DialScope,
    modules: bool,
}

/// Which matches a claim takes by their dial-out bots.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum DialScope {
    All,
    Only,
    None,
}

impl ClaimScope {
    /// Every match (a `serve` that plays).
    pub const ALL: ClaimScope = ClaimScope {
        dial: DialScope::All,
        modules: true,
    };
    /// Only matches with a dial-out bot's seat (`serve --no-play`).
    pub const DIAL: ClaimScope = ClaimScope {
        dial: DialScope::Only,
        modules: true,
    };
    /// Only matches without one (a `worker`).
    pub const NO_DIAL: ClaimScope = ClaimScope {
        dial: DialScope::None,
        modules: true,
    };

    /// The same, less the matches where a module sits.
    pub fn without_modules(self) -> ClaimScope {
        ClaimScope {
            modules: false,
            ..self
        }
    }

    fn admits(self, dial: bool, module: bool) -> bool {
        let by_dial = match self.dial {
            DialScope::All => true,
            DialScope::Only => dial,
            DialScope::None => !dial,
        };
        by_dial && (self.modules || !module)
    }
}

/// More practice matches were asked for than a bot may have waiting.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct QueueFull {
    /// How many of the bot's practice matches are queued already.
    pub queued: u64,
}

/// One owner's place in a claim.
struct Owner {
    name: String,
    /// 0 for a tournament, 1 for everyone else: a lower number is always served first.
    priority: u8,
    /// The claim sequence number of its last claimed match (0: never).
    served: i64,
    /// Its oldest queued match, the tie-break between owners never served.
    oldest: i64,
    /// Its oldest queued matches with their HTTP bots, read when first needed and read on when
    /// all were passed over ([`FIRST_READ`]).
    candidates: Vec<Candidate>,
    /// Whether the last read found as many as it asked for (more may wait); true before any.
    more: bool,
}

/// A queued match that may be claimed.
struct Candidate {
    number: i64,
    contestants: Vec<String>,
    /// Whether a dial-out bot sits in it.
    dial: bool,
    /// Whether a module sits in it.
    module: bool,
    /// Whether a bot the organiser holds sits in it: it is not started.
    held: bool,
    taken: bool,
}

impl Owner {
    fn key(&self) -> (u8, i64, i64) {
        (self.priority, self.served, self.oldest)
    }

    /// Whether the owner may have queued matches not read yet within [`LOOKAHEAD`].
    fn can_read_on(&self) -> bool {
        self.more && self.candidates.len() < LOOKAHEAD as usize
    }

    /// Reads more of the owner's oldest queued matches, after those read already: `first` at
    /// first, then as many again as it holds, within [`LOOKAHEAD`] in all.
    async fn read_on(&mut self, tx: &mut Tx, first: i64) -> Result<(), StoreError> {
        let held = self.candidates.len() as i64;
        let size = held.max(first).min(LOOKAHEAD - held);
        let after = self.candidates.last().map_or(0, |c| c.number);
        let read = candidates(tx, &self.name, after, size).await?;
        self.more = read.len() as i64 == size;
        self.candidates.extend(read);
        Ok(())
    }
}

impl Store {
    /// Marks up to `limit` queued matches as running and returns them: slots go round-robin
    /// between owners (tournaments first, then the ladders and practising bots), each owner's
    /// oldest match first among those whose contestant bots are each in fewer than
    /// `bot_concurrency` running matches. House bots are not limited.
    pub async fn claim_queued(
        &self,
        limit: u32,
        bot_concurrency: u32,
        worker: &str,
    ) -> Result<Vec<ClaimedMatch>, StoreError> {
        self.claim_scoped(limit, bot_concurrency, worker, ClaimScope::ALL)
            .await
    }

    /// [`Store::claim_queued`], of the matches `scope` admits only.
    ///
    /// On PostgreSQL claims run beside each other: each locks the row of a match it chooses
    /// (`FOR UPDATE SKIP LOCKED`: a row another claim holds is passed over, never waited for,
    /// [`take_queued`]), and before it first seats a contestant it takes the bot's claim lock
    /// without waiting and counts the bot's running matches ([`Store::hold_contestants`]); held
    /// to the commit, the lock keeps that count true while the claim adds its own. A match whose
    /// bot another claim holds is passed over for this claim. The owners' turns are then read by
    /// claims running at once alike, so the round-robin between owners is kept within each claim
    /// and nearly across them.
    pub async fn claim_scoped(
        &self,
        limit: u32,
        bot_concurrency: u32,
        worker: &str,
        scope: ClaimScope,
    ) -> Result<Vec<ClaimedMatch>, StoreError> {
        let mut tx = self.write_as(Writer::Claim).await?;
        let shared = self.backend.shared();
        // Each contestant's running matches, this claim's included: on SQLite every one's, read
        // at once under the write lock; on PostgreSQL each one's as the claim takes its lock.
        let mut load: HashMap<String, u32> = HashMap::new();
        if !shared {
            let rows = sqlx::query(
                "SELECT s.bot_id, COUNT(DISTINCT m.id) AS running FROM matches m
                 JOIN seats s ON s.match_id = m.id JOIN bots b ON b.id = s.bot_id
                 WHERE m.status = 'running' AND b.kind IN ('http', 'dial', 'module') GROUP BY s.bot_id",
            )
            .fetch_all(&mut *tx)
            .await?;
            for row in &rows {
                load.insert(
                    row.try_get("bot_id")?,
                    row.try_get::<i64, _>("running")? as u32,
                );
            }
        }
        let mut owners = Vec::new();
        for row in sqlx::query(OWNERS).fetch_all(&mut *tx).await? {
            let name: String = row.try_get("owner")?;
            owners.push(Owner {
                priority: u8::from(!name.starts_with("tournament:")),
                served: row.try_get("served")?,
                oldest: row.try_get("oldest")?,
                candidates: Vec::new(),
                more: true,
                name,
            });
        }
        let mut sequence: i64 =
            sqlx::query_scalar("SELECT COALESCE(MAX(served), 0) FROM queue_turns")
                .fetch_one(&mut *tx)
                .await?;
        let (mut claimed, mut turns) = (Vec::new(), Vec::new());
        let first_read = (2 * i64::from(limit)).clamp(FIRST_READ, LOOKAHEAD);
        while claimed.len() < limit as usize {
            let Some(next) = (0..owners.len()).min_by_key(|&i| owners[i].key()) else {
                break;
            };
            let owner = &mut owners[next];
            let open = |c: &Candidate| {
                !c.taken
                    && !c.held
                    && scope.admits(c.dial, c.module)
                    && c.contestants
                        .iter()
                        .all(|bot| load.get(bot).copied().unwrap_or(0) < bot_concurrency)
            };
            // None read yet, or all read passed over: read on, while the owner may have more
            // within the look-ahead.
            while !owner.candidates.iter().any(open) && owner.can_read_on() {
                owner.read_on(&mut tx, first_read).await?;
            }
            let found = owner.candidates.iter_mut().find(|c| open(c));
            let Some(candidate) = found else {
                // Nothing of this owner can start now; later matches of the claim only add load.
                owners.swap_remove(next);
                continue;
            };
            candidate.taken = true;
            if shared {
                if !take_queued(&mut tx, candidate.number).await? {
                    continue;
                }
                // A contestant this claim has not counted yet: its lock, then its count.
                let fresh = (candidate.contestants.iter())
                    .filter(|bot| !load.contains_key(*bot))
                    .cloned()
                    .collect::<Vec<_>>();
                match self.hold_contestants(&mut tx, &fresh).await? {
                    Some(counts) => load.extend(counts),
                    None => continue,
                }
                if (candidate.contestants.iter())
                    .any(|bot| load.get(bot).copied().unwrap_or(0) >= bot_concurrency)
                {
                    continue;
                }
            }
            for bot in &candidate.contestants {
                *load.entry(bot.clone()).or_default() += 1;
            }
            // Stamped once its contestants were counted: it starts after the matches it
            // counted ended.
            claimed.push(claim_one(&mut tx, candidate.number, now_ms(), worker).await?);
            sequence += 1;
            owner.served = sequence;
            turns.retain(|(name, _)| name != &owner.name);
            turns.push((owner.name.clone(), sequence));
        }
        // The owners' turns last, so that a claim of the same owner in another process waits
        // for this row's lock no longer than this commit.
        for (owner, served) in turns {
            sqlx::query(
                "INSERT INTO queue_turns (owner, served) VALUES ($1, $2)
                 ON CONFLICT (owner) DO UPDATE SET served = excluded.served",
            )
            .bind(owner)
            .bind(served)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(claimed)
    }

    /// Takes the locks of `contestants` without waiting ([`super::Backend::try_lock_bot`]), in the
    /// order given, and reads how many running matches each is in now (this claim's own
    /// included): `None` as soon as one is held elsewhere.
    async fn hold_contestants(
        &self,
        tx: &mut Tx,
        contestants: &[String],
    ) -> Result<Option<Vec<(String, u32)>>, StoreError> {
        let mut counts = Vec::with_capacity(contestants.len());
        for bot in contestants {
            if !self.backend.try_lock_bot(tx, bot).await? {
                return Ok(None);
            }
        }
        for bot in contestants {
            // From the running matches, one probe each into the bot's seats: as cheap for a
            // bot with ten thousand matches behind it as for a new one (joining the bot's seats
            // to the matches read its whole history, and PostgreSQL's planner chose that).
            let running: i64 = sqlx::query_scalar(
                "SELECT COUNT(*) FROM matches m,
                     LATERAL (SELECT 1 FROM seats s
                              WHERE s.bot_id = $1 AND s.match_number = m.number LIMIT 1) seated
                 WHERE m.status = 'running'",
            )
            .bind(bot)
            .fetch_one(&mut **tx)
            .await?;
            counts.push((bot.clone(), running as u32));
        }
        Ok(Some(counts))
    }

    /// Queues practice matches asked for by `bot_id`, unless the bot would then have more than
    /// `max_queued` practice matches waiting; counted and inserted in one transaction, so two
    /// requests at once cannot both slip under the limit.
    pub async fn queue_practice(
        &self,
        bot_id: &str,
        matches: &[NewMatch],
        max_queued: u32,
    ) -> Result<Result<Vec<String>, QueueFull>, StoreError> {
        let mut tx = self.write().await?;
        let queued: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM matches WHERE status = 'queued' AND owner = $1",
        )
        .bind(format!("bot:{bot_id}"))
        .fetch_one(&mut *tx)
        .await?;
        let queued = queued as u64;
        if queued + matches.len() as u64 > u64::from(max_queued) {
            return Ok(Err(QueueFull { queued }));
        }
        let ids = insert_matches(&mut tx, matches).await?;
        tx.commit().await?;
        Ok(Ok(ids))
    }
}

/// Sets the owner of the newly inserted match `id` (its seats inserted already).
pub(super) async fn set_owner(tx: &mut Tx, id: &str) -> Result<(), StoreError> {
    sqlx::query(SET_OWNER).bind(id).execute(&mut **tx).await?;
    Ok(())
}

/// On a database several processes share, locks queued match `number`'s row for this claim,
/// unless another transaction holds it (another claim's, a reaper's or a worker's handing back:
/// `SKIP LOCKED`, never a wait): whether the match is still queued and now this claim's to
/// take. Two claims reading the same candidates at once thus never take the same match.
async fn take_queued(tx: &mut Tx, number: i64) -> Result<bool, StoreError> {
    let row = sqlx::query(
        "SELECT number FROM matches WHERE number = $1 AND status = 'queued'
         FOR UPDATE SKIP LOCKED",
    )
    .bind(number)
    .fetch_optional(&mut **tx)
    .await?;
    Ok(row.is_some())
}

/// Up to `size` of the owner's oldest queued matches numbered after `after`, with the contestant
/// bots that sit in each, read without a lock ([`take_queued`] takes the one chosen).
async fn candidates(
    tx: &mut Tx,
    owner: &str,
    after: i64,
    size: i64,
) -> Result<Vec<Candidate>, StoreError> {
    let rows = sqlx::query(CANDIDATES)
        .bind(owner)
        .bind(size)
        .bind(after)
        .fetch_all(&mut **tx)
        .await?;
    let mut out: Vec<Candidate> = Vec::new();
    for row in &rows {
        let number: i64 = row.try_get("number")?;
        if out.last().is_none_or(|c| c.number != number) {
            out.push(Candidate {
                number,
                contestants: Vec::new(),
                dial: false,
                module: false,
                held: false,
                taken: false,
            });
        }
        let bot: String = row.try_get("bot_id")?;
        let last = out
            .last_mut()
            .unwrap_or_else(|| unreachable!("pushed above"));
        let kind: String = row.try_get("kind")?;
        last.dial |= kind == "dial";
        last.module |= kind == "module";
        last.held |= row
            .try_get::<Option<String>, _>("organiser_hold")?
            .is_some();
        if matches!(kind.as_str(), "http" | "dial" | "module") && !last.contestants.contains(&bot) {
            last.contestants.push(bot);
        }
    }
    Ok(out)
}

/// Marks the queued match `number` as running under a lease of `worker`'s (a new attempt) and
/// reads what the runner needs.
pub(super) async fn claim_one(
    tx: &mut Tx,
    number: i64,
    started: i64,
    worker: &str,
) -> Result<ClaimedMatch, StoreError> {
    let row = sqlx::query(
        "UPDATE matches SET status = 'running', started_at = $1, worker = $2,
             lease_until = $3, attempt = attempt + 1
         WHERE number = $4
         RETURNING id, game, kind, options, seed, deadline_ms, time_bank_ms, wall_clock_ms,
             tournament_id, stage, deal, entrant_id, attempt",
    )
    .bind(started)
    .bind(worker)
    .bind(started + LEASE_MS)
    .bind(number)
    .fetch_one(&mut **tx)
    .await?;
    let id: String = row.try_get("id")?;
    // The seat is played by the version current now, which may be newer than when it was queued.
    sqlx::query(
        "UPDATE seats SET version = (SELECT MAX(v.version) FROM bot_versions v
                                     WHERE v.bot_id = seats.bot_id)
         WHERE match_id = $1",
    )
    .bind(&id)
    .execute(&mut **tx)
    .await?;
    let seats = sqlx::query(
        "SELECT s.bot_id, b.name, b.kind, b.url, b.house_id FROM seats s
         JOIN bots b ON b.id = s.bot_id WHERE s.match_id = $1 ORDER BY s.seat",
    )
    .bind(&id)
    .fetch_all(&mut **tx)
    .await?
    .iter()
    .map(|r| {
        let kind = BotKind::from_row(
            &r.try_get::<String, _>("kind")?,
            r.try_get("url")?,
            r.try_get("house_id")?,
        )?;
        Ok(SeatPlayer {
            bot_id: r.try_get("bot_id")?,
            name: r.try_get("name")?,
            kind,
        })
    })
    .collect::<Result<Vec<_>, StoreError>>()?;
    Ok(ClaimedMatch {
        options: json(&row.try_get::<String, _>("options")?)?,
        game: row.try_get("game")?,
        kind: row.try_get("kind")?,
        seed: row.try_get::<i64, _>("seed")? as u64,
        deadline_ms: row.try_get::<i64, _>("deadline_ms")? as u32,
        time_bank_ms: row.try_get::<i64, _>("time_bank_ms")? as u32,
        wall_clock_ms: row
            .try_get::<Option<i64>, _>("wall_clock_ms")?
            .map(|v| v as u32),
        stage: stage_ref(&row)?,
        seats,
        lease: Lease {
            worker: worker.to_string(),
            attempt: row.try_get::<i64, _>("attempt")? as u32,
        },
        id,
    })
}
