//! How values read on the pages: numbers, times, and the words for the store's statuses and
//! kinds (a match's status and kind, a fault's kind, a tournament's and a stage's status) in the
//! reader's language, a message per value. Plain functions of values, so the templates stay free
//! of logic and the formats are unit-tested.

use super::words::{Arg, Words};

/// A rating, mu or sigma: two decimals, as the live leaderboard script writes them too.
pub(crate) fn fixed2(x: f64) -> String {
    format!("{x:.2}")
}

/// A tournament mean or interval: three decimals, rounded half away from zero from the value
/// times 1000. `web/static/tournament.js` computes it the same way (`Math.round` of the same
/// product), so the live page prints the very digits the server did, ties included.
pub(crate) fn fixed3(x: f64) -> String {
    let thousandths = (x.abs() * 1000.0).round();
    if !thousandths.is_finite() {
        return x.to_string();
    }
    let thousandths = thousandths as u64;
    let sign = if x < 0.0 && thousandths != 0 { "-" } else { "" };
    format!("{sign}{}.{:03}", thousandths / 1000, thousandths % 1000)
}

/// A total or a mean score: [`fixed3`] without trailing zeros ("12", "16.5", "-7.333").
pub(crate) fn short3(x: f64) -> String {
    let fixed = fixed3(x);
    match fixed.find('.') {
        Some(_) => fixed
            .trim_end_matches('0')
            .trim_end_matches('.')
            .to_string(),
        None => fixed,
    }
}

/// A score: as short as it is exact ("1", "0.5").
pub(crate) fn score(x: Option<f64>) -> String {
    x.map_or_else(|| "–".to_string(), |x| x.to_string())
}

/// A place: "1", or a dash while the match is not finished.
pub(crate) fn place(rank: Option<u32>) -> String {
    rank.map_or_else(|| "–".to_string(), |r| r.to_string())
}

/// The first block of a UUID, enough to tell matches apart in a list.
pub(crate) fn short_id(id: &str) -> &str {
    id.split('-').next().unwrap_or(id)
}

/// A Unix time in ms as "2025-01-31 12:34:56 UTC" (the proleptic Gregorian calendar, by
/// Howard Hinnant's days-to-civil algorithm, so no date crate is needed for one format).
pub(crate) fn utc(ms: i64) -> String {
    let secs = ms.div_euclid(1000);
    let (days, day_secs) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02} {:02}:{:02}:{:02} UTC",
        day_secs / 3600,
        day_secs / 60 % 60,
        day_secs % 60
    )
}

/// A bot's version as the pages show it: "v2".
pub(crate) fn version_label(version: u32) -> String {
    format!("v{version}")
}

/// A match's status (`MatchStatus::as_str`) in words.
pub(crate) fn match_status(w: Words, status: &str) -> String {
    match status {
        "queued" => w.t("matches-status-queued", &[]),
        "running" => w.t("matches-status-running", &[]),
        "finished" => w.t("matches-status-finished", &[]),
        "failed" => w.t("matches-status-failed", &[]),
        "cancelled" => w.t("matches-status-cancelled", &[]),
        other => other.to_string(),
    }
}

/// A match's kind (`MatchKind::as_str`) in words.
pub(crate) fn match_kind(w: Words, kind: &str) -> String {
    match kind {
        "practice" => w.t("matches-kind-practice", &[]),
        "ladder" => w.t("matches-kind-ladder", &[]),
        "tournament" => w.t("matches-kind-tournament", &[]),
        "human" => w.t("matches-kind-human", &[]),
        other => other.to_string(),
    }
}

/// A fault's kind (the bots' `FaultKind::as_str`) in words; an unknown one as it is stored.
pub(crate) fn fault_kind(w: Words, kind: &str) -> String {
    match kind {
        "timeout" => w.t("matches-fault-timeout", &[]),
        "connect" => w.t("matches-fault-connect", &[]),
        "http_status" => w.t("matches-fault-http-status", &[]),
        "too_large" => w.t("matches-fault-too-large", &[]),
        "bad_json" => w.t("matches-fault-bad-json", &[]),
        "illegal_action" => w.t("matches-fault-illegal-action", &[]),
        other => other.to_string(),
    }
}

/// A tournament's or a stage's status (`open`, `pending`, `running`, `finished`) in words.
pub(crate) fn tournament_status(w: Words, status: &str) -> String {
    match status {
        "open" => w.t("tournaments-status-open", &[]),
        "pending" => w.t("tournaments-status-pending", &[]),
        "running" => w.t("tournaments-status-running", &[]),
        "finished" => w.t("tournaments-status-finished", &[]),
        other => other.to_string(),
    }
}

/// A tournament stage's kind (`house`, `gauntlet`, `final`) in words.
pub(crate) fn stage_kind(w: Words, kind: &str) -> String {
    match kind {
        "house" => w.t("tournaments-kind-house", &[]),
        "gauntlet" => w.t("tournaments-kind-gauntlet", &[]),
        "final" => w.t("tournaments-kind-final", &[]),
        other => other.to_string(),
    }
}

/// A duration in milliseconds: "500 ms", or in seconds from a second on ("1.5 s").
pub(crate) fn duration_ms(w: Words, ms: u64) -> String {
    if ms < 1000 {
        w.t("tournaments-duration-ms", &[("ms", Arg::num(ms as f64))])
    } else {
        w.t(
            "tournaments-duration-s",
            &[("seconds", Arg::num(ms as f64 / 1000.0))],
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::locale::Locale;

    #[test]
    fn statuses_and_kinds_are_words_of_the_language() {
        let (en, ru, cs) = (Words(Locale::En), Words(Locale::Ru), Words(Locale::Cs));
        assert_eq!(match_status(en, "running"), "running");
        assert_eq!(match_status(ru, "finished"), "завершён");
        assert_eq!(match_status(cs, "queued"), "ve frontě");
        assert_eq!(match_status(cs, "unheard-of"), "unheard-of");
        assert_eq!(match_kind(ru, "human"), "с людьми");
        assert_eq!(fault_kind(en, "timeout"), "timeout");
        assert_eq!(fault_kind(cs, "illegal_action"), "nepovolený tah");
        assert_eq!(tournament_status(ru, "open"), "приём заявок");
        assert_eq!(stage_kind(cs, "final"), "finále");
        assert_eq!(duration_ms(en, 500), "500 ms");
        assert_eq!(duration_ms(ru, 120_000), "120 с");
        assert_eq!(duration_ms(cs, 1500), "1.5 s");
    }

    #[test]
    fn times_are_utc_dates() {
        assert_eq!(utc(0), "1970-01-01 00:00:00 UTC");
        assert_eq!(utc(951_782_400_000), "2000-02-29 00:00:00 UTC");
        assert_eq!(utc(1_735_689_599_999), "2024-12-31 23:59:59 UTC");
        assert_eq!(utc(-1000), "1969-12-31 23:59:59 UTC");
    }

    #[test]
    fn tournament_figures_have_three_decimals_rounded_half_away_from_zero() {
        assert_eq!(fixed3(0.0), "0.000");
        assert_eq!(fixed3(1.0), "1.000");
        assert_eq!(fixed3(7.0 / 12.0), "0.583");
        assert_eq!(fixed3(0.0625), "0.063");
        assert_eq!(fixed3(-0.0625), "-0.063");
        assert_eq!(fixed3(-0.0001), "0.000");
        assert_eq!(fixed3(-30.277_777), "-30.278");
        assert_eq!(short3(12.0), "12");
        assert_eq!(short3(16.5), "16.5");
        assert_eq!(short3(-22.5), "-22.5");
        assert_eq!(short3(-0.0), "0");
        assert_eq!(short3(7.0 / 3.0), "2.333");
    }

    #[test]
    fn numbers_and_ids_are_short() {
        assert_eq!(fixed2(1.0 / 3.0), "0.33");
        assert_eq!(score(Some(1.0)), "1");
        assert_eq!(score(Some(0.5)), "0.5");
        assert_eq!(score(None), "–");
        assert_eq!(place(Some(2)), "2");
        assert_eq!(short_id("1f0e2a3b-aaaa-bbbb"), "1f0e2a3b");
    }
}
