//! Tables people play (the contest's `tables`): a human match dealt at once with its person seats'
//! hashed tokens, the limits on how many tables a client, a bot and the server have open, and the
//! lookup of a seat by its token.

use sqlx::Row;

use super::matches::insert_matches;
use super::network::Networks;
use super::queue::claim_one;
use super::{BotKind, ClaimedMatch, NewMatch, Store, StoreError, WriterLock, now_ms};

/// A table to open: its match (kind human) and its person seats.
#[derive(Debug, Clone)]
pub struct NewTable {
    /// The match; its person seats name the game's person row ([`Store::ensure_person_bot`]).
    pub new_match: NewMatch,
    /// Each person seat with the SHA-256 (hex) of its token.
    pub persons: Vec<(usize, String)>,
    /// The client address that opens the table.
    pub client: String,
}

/// The limits a new table must keep.
#[derive(Debug, Clone, Copy)]
pub struct TableLimits {
    /// Open tables on the server.
    pub server: u32,
    /// Open tables opened by one client address.
    pub per_client: u32,
    /// Open tables opened from one network (`networks`).
    pub per_network: u32,
    /// Tables one client address may open in an hour.
    pub per_client_hour: u32,
    /// Open tables one registered bot sits at.
    pub per_bot: u32,
    /// Tables one registered bot may be seated at in an hour: playing someone's bot is
    /// rate-limited like practice against it, over time as well as at once.
    pub per_bot_hour: u32,
    /// The networks `per_network` counts: by default an IPv4 /24 or an IPv6 /64, what one
    /// household, office or host usually has.
    pub networks: Networks,
}

/// Why a table was not opened: which limit it would pass.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TableRefusal {
    /// The server has its limit of open tables.
    ServerFull(u32),
    /// The client has its limit of open tables.
    ClientOpen(u32),
    /// The client opened its limit of tables this hour.
    ClientHour(u32),
    /// The client's network (an IPv4 /24 or an IPv6 /64 by default) has its limit of open tables.
    NetworkOpen(u32),
    /// The server is nearly full, and the client has a table open already: the last tables
    /// (this many) are kept for clients with none.
    Reserved(u32),
    /// A registered bot (by id) sits at its limit of open tables.
    BotBusy(String, u32),
    /// A registered bot (by id) was seated at its limit of tables this hour.
    BotHour(String, u32),
}

/// A person seat found by its token.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PersonSeat {
    /// The match.
    pub match_id: String,
    /// The seat.
    pub seat: usize,
}

/// An hour, in ms.
const HOUR_MS: i64 = 3_600_000;

/// The share of the server's tables past which `client` (with `client_open` tables open) may
/// not open another, given the openers of every open table: its network's limit, and the last
/// quarter of the server's tables kept for clients with none open, so that a handful of
/// clients (or of networks) cannot fill the server.
fn fair_share(
    limits: TableLimits,
    client: &str,
    client_open: i64,
    openers: &[String],
) -> Option<TableRefusal> {
    let network = limits.networks.of_client(client);
    let network_open = (openers.iter())
        .filter(|o| limits.networks.of_client(o) == network)
        .count();
    if network_open >= limits.per_network as usize {
        return Some(TableRefusal::NetworkOpen(limits.per_network));
    }
    let reserved = limits.server / 4;
    if client_open > 0 && openers.len() >= (limits.server - reserved) as usize {
        return Some(TableRefusal::Reserved(reserved));
    }
    None
}

impl Store {
    /// The id of `game`'s person row, made on first use.
    pub async fn ensure_person_bot(&self, game: &str) -> Result<String, StoreError> {
        self.ensure_tokenless_bot(format!("person@{game}"), game, BotKind::Person)
            .await
    }

    /// Opens `table` if it keeps `limits`: inserts its match as running (it never waits in the
    /// queue: a table is played at once) with its person seats, in one transaction, and returns
    /// what the runner needs. The registered bots named are checked against `limits.per_bot`.
    pub async fn open_table(
        &self,
        table: &NewTable,
        limits: TableLimits,
        worker: &str,
    ) -> Result<Result<ClaimedMatch, TableRefusal>, StoreError> {
        let mut tx = self.write().await?;
        let open: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM matches WHERE status IN ('queued', 'running') AND kind = 'human'",
        )
        .fetch_one(&mut *tx)
        .await?;
        if open >= i64::from(limits.server) {
            return Ok(Err(TableRefusal::ServerFull(limits.server)));
        }
        let now = now_ms();
        let row = sqlx::query(
            "SELECT COUNT(DISTINCT p.match_id) AS hour,
                    COUNT(DISTINCT CASE WHEN m.status IN ('queued', 'running') THEN m.id END) AS open
             FROM person_seats p JOIN matches m ON m.id = p.match_id
             WHERE p.client = $1 AND p.created_at > $2",
        )
        .bind(&table.client)
        .bind(now - HOUR_MS)
        .fetch_one(&mut *tx)
        .await?;
        let (hour, client_open): (i64, i64) = (row.try_get("hour")?, row.try_get("open")?);
        if client_open >= i64::from(limits.per_client) {
            return Ok(Err(TableRefusal::ClientOpen(limits.per_client)));
        }
        if hour >= i64::from(limits.per_client_hour) {
            return Ok(Err(TableRefusal::ClientHour(limits.per_client_hour)));
        }
        let openers: Vec<String> = sqlx::query_scalar(
            "SELECT p.client FROM person_seats p JOIN matches m ON m.id = p.match_id
             WHERE m.status IN ('queued', 'running') AND m.kind = 'human'
             GROUP BY p.match_id, p.client",
        )
        .fetch_all(&mut *tx)
        .await?;
        if let Some(refusal) = fair_share(limits, &table.client, client_open, &openers) {
            return Ok(Err(refusal));
        }
        for bot_id in &table.new_match.bot_ids {
            let seated: i64 = sqlx::query_scalar(
                "SELECT COUNT(DISTINCT s.match_id) FROM seats s JOIN bots b ON b.id = s.bot_id
                 JOIN matches m ON m.id = s.match_id
                 WHERE s.bot_id = $1 AND b.kind IN ('http', 'dial', 'module') AND s.match_kind = 'human'
                   AND m.status IN ('queued', 'running')",
            )
            .bind(bot_id)
            .fetch_one(&mut *tx)
            .await?;
            if seated >= i64::from(limits.per_bot) {
                return Ok(Err(TableRefusal::BotBusy(bot_id.clone(), limits.per_bot)));
            }
            let this_hour: i64 = sqlx::query_scalar(
                "SELECT COUNT(DISTINCT s.match_id) FROM seats s JOIN bots b ON b.id = s.bot_id
                 JOIN matches m ON m.id = s.match_id
                 WHERE s.bot_id = $1 AND b.kind IN ('http', 'dial', 'module') AND s.match_kind = 'human'
                   AND m.created_at > $2",
            )
            .bind(bot_id)
            .bind(now - HOUR_MS)
            .fetch_one(&mut *tx)
            .await?;
            if this_hour >= i64::from(limits.per_bot_hour) {
                return Ok(Err(TableRefusal::BotHour(
                    bot_id.clone(),
                    limits.per_bot_hour,
                )));
            }
        }
        let ids = insert_matches(&mut tx, std::slice::from_ref(&table.new_match)).await?;
        let id = &ids[0];
        let number: i64 = sqlx::query_scalar("SELECT number FROM matches WHERE id = $1")
            .bind(id)
            .fetch_one(&mut *tx)
            .await?;
        for (seat, token_hash) in &table.persons {
            sqlx::query(
                "INSERT INTO person_seats (token_hash, match_id, seat, client, created_at)
                 VALUES ($1, $2, $3, $4, $5)",
            )
            .bind(token_hash)
            .bind(id)
            .bind(*seat as i64)
            .bind(&table.client)
            .bind(now)
            .execute(&mut *tx)
            .await?;
        }
        let claimed = claim_one(&mut tx, number, now, worker).await?;
        tx.commit().await?;
        Ok(Ok(claimed))
    }

    /// The person seat whose token hashes to `token_hash`.
    pub async fn person_seat(&self, token_hash: &str) -> Result<Option<PersonSeat>, StoreError> {
        let row = sqlx::query("SELECT match_id, seat FROM person_seats WHERE token_hash = $1")
            .bind(token_hash)
            .fetch_optional(&self.pool)
            .await?;
        row.map(|r| {
            Ok(PersonSeat {
                match_id: r.try_get("match_id")?,
                seat: r.try_get::<i64, _>("seat")? as usize,
            })
        })
        .transpose()
    }

    /// Cancels every table a stopped server left open (their people's moves went with it), saying
    /// why; returns how many. Run at start-up, before [`Store::requeue_interrupted`].
    /// Only by the holder of the SQLite database's [`WriterLock`] (see
    /// [`Store::requeue_interrupted`]); on a shared database, a table's lease passing cancels it
    /// ([`Store::reap_leases`]).
    pub async fn cancel_interrupted_tables(&self, _sole: &WriterLock) -> Result<u64, StoreError> {
        if self.backend.shared() {
            return Ok(0);
        }
        let done = sqlx::query(
            "UPDATE matches SET status = 'cancelled', finished_at = $1,
                 error = 'the server restarted while people played this table'
             WHERE kind = 'human' AND status IN ('queued', 'running')",
        )
        .bind(now_ms())
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits() -> TableLimits {
        TableLimits {
            server: 8,
            per_client: 3,
            per_network: 4,
            per_client_hour: 30,
            per_bot: 2,
            per_bot_hour: 20,
            networks: Networks::default(),
        }
    }

    fn openers(clients: &[&str]) -> Vec<String> {
        clients.iter().map(|c| c.to_string()).collect()
    }

    #[test]
    fn a_network_has_its_limit_of_open_tables() {
        let open = openers(&["10.0.0.1", "10.0.0.2", "10.0.0.3", "10.0.0.4"]);
        assert_eq!(
            fair_share(limits(), "10.0.0.9", 0, &open),
            Some(TableRefusal::NetworkOpen(4))
        );
        assert_eq!(fair_share(limits(), "10.0.1.9", 0, &open), None);
        let v6 = openers(&["2001:db8::1", "2001:db8::2", "2001:db8::3", "2001:db8::4"]);
        assert_eq!(
            fair_share(limits(), "2001:db8::ffff:9", 0, &v6),
            Some(TableRefusal::NetworkOpen(4))
        );
        assert_eq!(fair_share(limits(), "2001:db8:0:1::9", 0, &v6), None);
    }

    #[test]
    fn the_networks_counted_are_as_configured() {
        let open = openers(&["10.0.0.1", "10.0.0.2", "10.0.1.3", "10.0.1.4"]);
        assert_eq!(fair_share(limits(), "10.0.1.9", 0, &open), None);
        let wider = TableLimits {
            networks: Networks::new(16, 48).unwrap(),
            ..limits()
        };
        assert_eq!(
            fair_share(wider, "10.0.200.9", 0, &open),
            Some(TableRefusal::NetworkOpen(4))
        );
        let single = TableLimits {
            networks: Networks::new(32, 128).unwrap(),
            ..limits()
        };
        let same = openers(&["10.0.0.1", "10.0.0.1", "10.0.0.1", "10.0.0.1"]);
        assert_eq!(fair_share(single, "10.0.0.2", 0, &same), None);
        assert_eq!(
            fair_share(single, "10.0.0.1", 0, &same),
            Some(TableRefusal::NetworkOpen(4))
        );
    }

    #[test]
    fn the_last_quarter_is_kept_for_clients_with_no_table_open() {
        let open = openers(&["10.0.1.1", "10.0.2.1", "10.0.3.1", "10.0.4.1", "10.0.5.1"]);
        assert_eq!(fair_share(limits(), "10.0.1.1", 1, &open), None);
        let open = openers(&[
            "10.0.1.1", "10.0.2.1", "10.0.3.1", "10.0.4.1", "10.0.5.1", "10.0.6.1",
        ]);
        assert_eq!(
            fair_share(limits(), "10.0.1.1", 1, &open),
            Some(TableRefusal::Reserved(2))
        );
        assert_eq!(fair_share(limits(), "10.0.9.1", 0, &open), None);
    }
}
