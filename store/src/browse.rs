//! Finding matches: pages of matches by bot, kind, game or tournament stage, newest first, a
//! bot's head-to-head record, and the decisions its kit played at random in its latest matches.
//! Every page is read from an index in `limit + 1` rows (migration 0007), whatever the history's
//! length; pages are keyed by the match's creation number, so a page stays put while new matches
//! arrive.

use sqlx::Row;

use super::{MatchKind, MatchSummary, Store, StoreError};

/// The most matches one page may hold.
pub const MAX_PAGE: u32 = 100;

/// Which matches to list; every part given must hold.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct MatchFilter {
    /// Matches this bot sat in.
    pub bot_id: Option<String>,
    /// Matches of this game.
    pub game: Option<String>,
    /// Matches of this kind.
    pub kind: Option<MatchKind>,
    /// Matches of this tournament's stage (tournament id, stage index).
    pub stage: Option<(String, u32)>,
}

/// Where a page starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum PageAt {
    /// The newest matches.
    #[default]
    Newest,
    /// The matches just older than the match of this number.
    Before(i64),
    /// The matches just newer than the match of this number.
    After(i64),
}

/// One page of matches, newest first.
#[derive(Debug, Clone, PartialEq)]
pub struct MatchPage {
    /// The matches with their creation numbers (the cursors of the next pages).
    pub matches: Vec<(i64, MatchSummary)>,
    /// Whether newer matches exist than the first on this page.
    pub has_newer: bool,
    /// Whether older matches exist than the last on this page.
    pub has_older: bool,
}

/// A bot's record against one opponent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rivalry {
    /// The opponent.
    pub bot_id: String,
    /// Its name.
    pub name: String,
    /// Meetings: finished matches in which both sat (one per pair of seats).
    pub matches: u64,
    /// Meetings where the bot placed better.
    pub wins: u64,
    /// Meetings where they shared a place.
    pub draws: u64,
    /// Meetings where the bot placed worse.
    pub losses: u64,
}

/// The condition of the partial index `seats_by_bot_kind` (migration 0007), word for word: SQLite
/// uses a partial index only for a query whose WHERE clause holds its condition.
const RARE_KINDS: &str = "s.match_kind != 'ladder'";

/// The SQL and bound values of a page's query (every value is bound, never spliced in).
struct PageQuery {
    sql: String,
    binds: Vec<Bind>,
}

enum Bind {
    Text(String),
    Int(i64),
}

/// Adds `value` to the bound values and returns its placeholder (`$1`, `$2`, … in binding order).
fn placeholder(binds: &mut Vec<Bind>, value: Bind) -> String {
    binds.push(value);
    format!("${}", binds.len())
}

fn page_query(filter: &MatchFilter, at: PageAt, limit: u32) -> PageQuery {
    let mut binds = Vec::new();
    let mut conditions = Vec::new();
    // A bot's matches are read from its seats (indexes on bot, kind and match number); the
    // others from the matches (indexes on game or stage and number).
    let (select, key) = match &filter.bot_id {
        Some(bot) => {
            let bot = placeholder(&mut binds, Bind::Text(bot.clone()));
            conditions.push(format!("s.bot_id = {bot}"));
            if let Some(kind) = filter.kind {
                let kind_at = placeholder(&mut binds, Bind::Text(kind.as_str().to_string()));
                conditions.push(format!("s.match_kind = {kind_at}"));
                if kind != MatchKind::Ladder {
                    // The partial index's own condition, so SQLite may use it.
                    conditions.push(RARE_KINDS.to_string());
                }
            }
            (
                "SELECT DISTINCT s.match_number AS number, m.id AS id FROM seats s \
                 JOIN matches m ON m.number = s.match_number",
                "s.match_number",
            )
        }
        None => {
            if let Some(kind) = filter.kind {
                let kind = placeholder(&mut binds, Bind::Text(kind.as_str().to_string()));
                conditions.push(format!("m.kind = {kind}"));
            }
            (
                "SELECT m.number AS number, m.id AS id FROM matches m",
                "m.number",
            )
        }
    };
    if let Some(game) = &filter.game {
        let game = placeholder(&mut binds, Bind::Text(game.clone()));
        conditions.push(format!("m.game = {game}"));
    }
    if let Some((tournament, stage)) = &filter.stage {
        let tournament = placeholder(&mut binds, Bind::Text(tournament.clone()));
        let stage = placeholder(&mut binds, Bind::Int(i64::from(*stage)));
        conditions.push(format!(
            "m.tournament_id = {tournament} AND m.stage = {stage}"
        ));
    }
    let order = match at {
        PageAt::Newest => "DESC",
        PageAt::Before(n) => {
            let n = placeholder(&mut binds, Bind::Int(n));
            conditions.push(format!("{key} < {n}"));
            "DESC"
        }
        PageAt::After(n) => {
            let n = placeholder(&mut binds, Bind::Int(n));
            conditions.push(format!("{key} > {n}"));
            "ASC"
        }
    };
    let limit = placeholder(&mut binds, Bind::Int(i64::from(limit) + 1));
    let mut sql = select.to_string();
    if !conditions.is_empty() {
        sql.push_str(" WHERE ");
        sql.push_str(&conditions.join(" AND "));
    }
    sql.push_str(&format!(" ORDER BY {key} {order} LIMIT {limit}"));
    PageQuery { sql, binds }
}

/// The window of [`Store::rivalries`]: the bot `$1`'s latest `$3` finished seats, read newest
/// first from `seats_by_bot`; or (`kind`) those of kind `$2`, the ladder from `seats_by_bot` and
/// (`rare_kind`) the others from the partial index `seats_by_bot_kind`.
macro_rules! window {
    () => {
        "SELECT match_id, rank FROM seats WHERE bot_id = $1 AND rank IS NOT NULL
           AND $2 IS NULL ORDER BY match_number DESC LIMIT $3"
    };
    (kind) => {
        "SELECT match_id, rank FROM seats WHERE bot_id = $1 AND rank IS NOT NULL
           AND match_kind = $2 ORDER BY match_number DESC LIMIT $3"
    };
    (rare_kind) => {
        "SELECT match_id, rank FROM seats WHERE bot_id = $1 AND rank IS NOT NULL
           AND match_kind = $2 AND match_kind != 'ladder' ORDER BY match_number DESC LIMIT $3"
    };
}

/// The head-to-head query over a window (`window!()` or `window!(kind)`).
macro_rules! rivals {
    ($($kind:ident)?) => {
        concat!(
            "SELECT o.bot_id, b.name, COUNT(*) AS n,
                    CAST(SUM(CASE WHEN me.rank < o.rank THEN 1 ELSE 0 END) AS BIGINT) AS wins,
                    CAST(SUM(CASE WHEN me.rank = o.rank THEN 1 ELSE 0 END) AS BIGINT) AS draws,
                    CAST(SUM(CASE WHEN me.rank > o.rank THEN 1 ELSE 0 END) AS BIGINT) AS losses
             FROM (",
            window!($($kind)?),
            ") me
             JOIN seats o ON o.match_id = me.match_id AND o.bot_id != $1 AND o.rank IS NOT NULL
             JOIN bots b ON b.id = o.bot_id
             GROUP BY o.bot_id, b.name
             ORDER BY n DESC, b.name"
        )
    };
}

impl Store {
    /// A page of at most `limit` (1 to [`MAX_PAGE`]) matches of `filter` from `at`, newest
    /// first, with their seats.
    pub async fn browse_matches(
        &self,
        filter: &MatchFilter,
        at: PageAt,
        limit: u32,
    ) -> Result<MatchPage, StoreError> {
        let limit = limit.clamp(1, MAX_PAGE);
        let q = page_query(filter, at, limit);
        // Built from fixed fragments only; every value is bound.
        let mut query = sqlx::query(sqlx::AssertSqlSafe(q.sql));
        for bind in q.binds {
            query = match bind {
                Bind::Text(s) => query.bind(s),
                Bind::Int(n) => query.bind(n),
            };
        }
        let rows = query.fetch_all(&self.pool).await?;
        let mut ids: Vec<(i64, String)> = rows
            .iter()
            .map(|r| Ok((r.try_get("number")?, r.try_get("id")?)))
            .collect::<Result<_, StoreError>>()?;
        let more = ids.len() > limit as usize;
        ids.truncate(limit as usize);
        if matches!(at, PageAt::After(_)) {
            ids.reverse();
        }
        let mut matches = Vec::with_capacity(ids.len());
        for (number, id) in ids {
            if let Some(summary) = self.match_summary(&id).await? {
                matches.push((number, summary));
            }
        }
        let (has_newer, has_older) = match at {
            PageAt::Newest => (false, more),
            PageAt::Before(_) => (true, more),
            PageAt::After(_) => (more, true),
        };
        Ok(MatchPage {
            matches,
            has_newer,
            has_older,
        })
    }

    /// The bot's record against each opponent over its last `window` finished matches (of
    /// `kind`, if given), most met first; and how many matches that window held.
    pub async fn rivalries(
        &self,
        bot_id: &str,
        kind: Option<MatchKind>,
        window: u32,
    ) -> Result<(Vec<Rivalry>, u64), StoreError> {
        let kind = kind.map(|k| k.as_str());
        let (count_sql, rivals_sql) = match kind {
            None => (
                concat!("SELECT COUNT(DISTINCT match_id) FROM (", window!(), ") w"),
                rivals!(),
            ),
            Some("ladder") => (
                concat!(
                    "SELECT COUNT(DISTINCT match_id) FROM (",
                    window!(kind),
                    ") w"
                ),
                rivals!(kind),
            ),
            Some(_) => (
                concat!(
                    "SELECT COUNT(DISTINCT match_id) FROM (",
                    window!(rare_kind),
                    ") w"
                ),
                rivals!(rare_kind),
            ),
        };
        let considered: i64 = sqlx::query_scalar(count_sql)
            .bind(bot_id)
            .bind(kind)
            .bind(i64::from(window))
            .fetch_one(&self.pool)
            .await?;
        let rows = sqlx::query(rivals_sql)
            .bind(bot_id)
            .bind(kind)
            .bind(i64::from(window))
            .fetch_all(&self.pool)
            .await?;
        let count = |r: &sqlx::any::AnyRow, c: &str| -> Result<u64, StoreError> {
            Ok(r.try_get::<i64, _>(c)?.max(0) as u64)
        };
        let rivals = rows
            .iter()
            .map(|r| {
                Ok(Rivalry {
                    bot_id: r.try_get("bot_id")?,
                    name: r.try_get("name")?,
                    matches: count(r, "n")?,
                    wins: count(r, "wins")?,
                    draws: count(r, "draws")?,
                    losses: count(r, "losses")?,
                })
            })
            .collect::<Result<_, StoreError>>()?;
        Ok((rivals, considered.max(0) as u64))
    }

    /// The decisions of the bot's seats in its last `window` finished matches (of every kind)
    /// that its kit played at random after its strategy failed: read from the index on the
    /// bot's seats, so as fast however long its history.
    pub async fn recent_fallbacks(
        &self,
        bot_id: &str,
        window: u32,
    ) -> Result<RecentFallbacks, StoreError> {
        let row = sqlx::query(
            "SELECT COUNT(*) AS seats,
                    CAST(COALESCE(SUM(CASE WHEN fallbacks > 0 THEN 1 ELSE 0 END), 0) AS BIGINT)
                        AS with_fallbacks,
                    CAST(COALESCE(SUM(fallbacks), 0) AS BIGINT) AS decisions
             FROM (SELECT fallbacks FROM seats WHERE bot_id = $1 AND rank IS NOT NULL
                   ORDER BY match_number DESC LIMIT $2) recent",
        )
        .bind(bot_id)
        .bind(i64::from(window))
        .fetch_one(&self.pool)
        .await?;
        let count =
            |c: &str| -> Result<u64, StoreError> { Ok(row.try_get::<i64, _>(c)?.max(0) as u64) };
        Ok(RecentFallbacks {
            seats: count("seats")?,
            with_fallbacks: count("with_fallbacks")?,
            decisions: count("decisions")?,
        })
    }
}

/// What a bot's kit played at random in its latest finished matches
/// ([`Store::recent_fallbacks`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RecentFallbacks {
    /// Its seats counted: one per finished match, two where it sat twice.
    pub seats: u64,
    /// Those with a decision played at random.
    pub with_fallbacks: u64,
    /// The decisions played at random in them, all together.
    pub decisions: u64,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bot_page_reads_its_seats_and_binds_every_value() {
        let filter = MatchFilter {
            bot_id: Some("b".into()),
            kind: Some(MatchKind::Practice),
            stage: Some(("t".into(), 2)),
            ..MatchFilter::default()
        };
        let q = page_query(&filter, PageAt::Before(40), 25);
        assert!(q.sql.contains("FROM seats s"), "{}", q.sql);
        assert!(
            q.sql
                .contains("s.match_kind = $2 AND s.match_kind != 'ladder'"),
            "{}",
            q.sql
        );
        assert!(
            q.sql
                .ends_with("s.match_number < $5 ORDER BY s.match_number DESC LIMIT $6"),
            "{}",
            q.sql
        );
        assert_eq!(q.binds.len(), 6);
        let q = page_query(&MatchFilter::default(), PageAt::After(7), 10);
        assert!(
            q.sql
                .ends_with("WHERE m.number > $1 ORDER BY m.number ASC LIMIT $2"),
            "{}",
            q.sql
        );
    }
}
