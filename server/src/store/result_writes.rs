//! What a result writes under its bots' locks, as SQL: the seats' new ratings, the seats' record
//! of them, the versions' match counts, the bots' records of recent faults and, for a rated
//! result, its place in the rating order.
//!
//! On PostgreSQL the writes are one statement (data-modifying `WITH` parts, each on a table of its
//! own) and the number another, so that the bots' locks are held for four round trips (the
//! locks, the ratings' read, the writes, the number) and the commit, and the rating order's
//! counter for the last and the commit; SQLite, whose one writer holds every lock anyway, runs
//! the same parts one by one. The statements' text is made from the number of seats alone.

use super::bots::RECENT_MATCHES;

/// The counter the rating order is numbered from: raising it locks its one row to the commit.
const NEXT_RATING_SEQ: &str =
    "UPDATE rating_order SET last_seq = last_seq + 1 WHERE id = 1 RETURNING last_seq";

/// The binds of [`recent_faults_sql`] after the match's id: the mask of the recent record's bits
/// and its length.
pub(super) fn recent_faults_binds() -> (i64, i64) {
    (
        ((1u64 << RECENT_MATCHES) - 1) as i64,
        i64::from(RECENT_MATCHES),
    )
}

/// Adds the ladder or tournament match `$id` (finished in the transaction) to the recent record
/// of each of its bots (faulted if any seat it held faulted); practice matches add nothing.
/// `$mask` and `$len` are [`recent_faults_binds`].
pub(super) fn recent_faults_sql(id: usize, mask: usize, len: usize) -> String {
    // Whether the bot faulted is read among the match's seats (their key's index), not among the
    // bot's: SQLite would take the bots' index for `s.bot_id = bots.id` and read every seat the
    // bot ever held, which made each result slower as a busy bot's history grew.
    format!(
        "UPDATE bots SET
             recent_faults = ((recent_faults << 1)
                 | (SELECT MAX(CASE WHEN s.bot_id = bots.id AND s.fault_kind IS NOT NULL
                                    THEN 1 ELSE 0 END)
                    FROM seats s WHERE s.match_id = ${id})) & ${mask},
             recent_matches = CASE WHEN recent_matches < ${len} THEN recent_matches + 1
                                   ELSE ${len} END,
             matches_since_active = CASE WHEN matches_since_active < ${len}
                                         THEN matches_since_active + 1 ELSE ${len} END
         WHERE id IN (SELECT bot_id FROM seats WHERE match_id = ${id})
           AND (SELECT kind FROM matches WHERE id = ${id} AND status = 'finished')
               IN ('ladder', 'tournament')"
    )
}

/// Counts the finished match `$id` for the version of each contestant's bot that played it.
pub(super) fn count_for_versions_sql(id: usize) -> String {
    format!(
        "UPDATE bot_versions SET matches = matches + 1
         WHERE (bot_id, version) IN
             (SELECT bot_id, version FROM seats WHERE match_id = ${id} AND version IS NOT NULL)"
    )
}

/// The upsert of `n` seats' ratings, its binds from `$first` on (five a seat: bot, mu, sigma,
/// won, faulted), returning each bot's count of rated matches.
pub(super) fn upsert_ratings_sql(n: usize, first: usize) -> String {
    let rows: Vec<String> = (0..n)
        .map(|seat| {
            let b = first + 5 * seat;
            format!(
                "(${}, ${}, ${}, 1, ${}, ${})",
                b,
                b + 1,
                b + 2,
                b + 3,
                b + 4
            )
        })
        .collect();
    format!(
        "INSERT INTO ratings (bot_id, mu, sigma, matches, wins, faults) VALUES {}
         ON CONFLICT (bot_id) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma,
             matches = ratings.matches + 1, wins = ratings.wins + excluded.wins,
             faults = ratings.faults + excluded.faults
         RETURNING bot_id, matches",
        rows.join(", ")
    )
}

/// How the seats' record learns each bot's count of rated matches ([`rated_seats_sql`]).
pub(super) enum RatedNth {
    /// From binds, one a seat after the four ratings (SQLite: read from the upsert's answer).
    Bound,
    /// From the upsert's rows, the `WITH` part `rated` of the same statement (PostgreSQL).
    FromRated,
}

/// The update of `n` seats' ratings before and after (binds from `$first` on, in seat order: mu
/// and sigma before, after, and with [`RatedNth::Bound`] the count) in match `$id`.
pub(super) fn rated_seats_sql(n: usize, first: usize, id: usize, nth: RatedNth) -> String {
    let per_seat = match nth {
        RatedNth::Bound => 5,
        RatedNth::FromRated => 4,
    };
    let column = |offset: usize| {
        let arms: Vec<String> = (0..n)
            .map(|seat| format!("WHEN {seat} THEN ${}", first + per_seat * seat + offset))
            .collect();
        format!("CASE seat {} END", arms.join(" "))
    };
    let rated_nth = match nth {
        RatedNth::Bound => column(4),
        RatedNth::FromRated => {
            "(SELECT matches FROM rated WHERE rated.bot_id = seats.bot_id)".to_string()
        }
    };
    format!(
        "UPDATE seats SET mu_before = {}, sigma_before = {}, mu_after = {}, sigma_after = {},
             rated_nth = {rated_nth}
         WHERE match_id = ${id}",
        column(0),
        column(1),
        column(2),
        column(3),
    )
}

/// Takes the next number of the rating order ([`NEXT_RATING_SEQ`]), answering it (SQLite).
pub(super) fn next_rating_seq_sql() -> &'static str {
    NEXT_RATING_SEQ
}

/// PostgreSQL's statement that numbers the rated result `$1` in one round trip: the last of its
/// statements, so that the counter's row, which every rated result waits for, is held for it and
/// the commit alone.
pub(super) fn postgres_number_sql() -> String {
    format!(
        "WITH numbered AS ({NEXT_RATING_SEQ})
         UPDATE matches SET rating_seq = (SELECT last_seq FROM numbered) WHERE id = $1"
    )
}

/// PostgreSQL's one statement of a result's writes but its number, its binds `$1` the match's
/// id, `$2` and `$3` [`recent_faults_binds`], then for a rated result of `n` seats the upsert's
/// five binds a seat and the seats' four ([`rated_seats_sql`]); `rated` is `None` for a result
/// that moves no rating (only the versions' counts and the recent faults are written).
pub(super) fn postgres_writes_sql(rated: Option<usize>) -> String {
    let shared = format!(
        "counted AS ({}), healthy AS ({})",
        count_for_versions_sql(1),
        recent_faults_sql(1, 2, 3)
    );
    match rated {
        None => format!("WITH {shared} SELECT 1"),
        Some(n) => format!(
            "WITH {shared}, rated AS ({}) {}",
            upsert_ratings_sql(n, 4),
            rated_seats_sql(n, 4 + 5 * n, 1, RatedNth::FromRated),
        ),
    }
}
