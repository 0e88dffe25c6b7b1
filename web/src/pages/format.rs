//! How values read on the pages: numbers, times, and the words for the store's statuses and
//! kinds (a match's status and kind, a fault's kind, a tournament's and a stage's status) in the
//! reader's language, a message per value. Plain functions of values, so the templates stay free
//! of logic and the formats are unit-tested.
//!
//! Numbers a person reads are written as the page's language writes them, by Unicode CLDR's
//! rules, exactly as the browser's `Intl.NumberFormat(locale)` does (so a script redrawing a
//! table prints the very text the server did): English "1,234.5", Russian and Czech "1 234,5"
//! (a decimal comma, thousands grouped from four digits with a no-break space, U+00A0, as CLDR
//! gives both languages). English numbers below a thousand read as they always have ("25.17").
//! Numbers a program reads (the API's JSON, `data-*` attributes, SVG coordinates) keep the
//! plain form with a point.

use super::words::{Arg, Words};
use crate::locale::Locale;

/// `x` with `places` decimals in plain digits ("-1234.500"), rounded half away from zero from the
/// value times 10^places. The scripts round the same way (`Math.round` of the same product of
/// the absolute value), so a live page prints the very digits the server did, ties included.
fn plain(x: f64, places: usize) -> String {
    let scale = 10f64.powi(places as i32);
    let units = (x.abs() * scale).round();
    if !units.is_finite() || units >= 1e18 {
        return x.to_string();
    }
    let units = units as u64;
    let sign = if x < 0.0 && units != 0 { "-" } else { "" };
    let scale = 10u64.pow(places as u32);
    match places {
        0 => format!("{sign}{units}"),
        _ => format!("{sign}{}.{:0places$}", units / scale, units % scale),
    }
}

/// A number in plain digits ("-1234.5", as Rust or JSON writes it) as `locale` writes it: its
/// decimal sign, and its whole part grouped by thousands from four digits. Anything that is not
/// such a number (an infinity, "NaN") is kept as it is.
pub(crate) fn localised(locale: Locale, plain: &str) -> String {
    let (point, group) = match locale {
        Locale::En => (".", ","),
        Locale::Ru | Locale::Cs => (",", "\u{A0}"),
    };
    let (sign, digits) = match plain.strip_prefix('-') {
        Some(rest) => ("-", rest),
        None => ("", plain),
    };
    let (whole, fraction) = match digits.split_once('.') {
        Some((whole, fraction)) => (whole, Some(fraction)),
        None => (digits, None),
    };
    let is_digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if whole.is_empty() || !is_digits(whole) || !fraction.is_none_or(is_digits) {
        return plain.to_string();
    }
    let mut out = String::with_capacity(plain.len() + 8);
    out.push_str(sign);
    for (i, digit) in whole.chars().enumerate() {
        if i > 0 && (whole.len() - i) % 3 == 0 {
            out.push_str(group);
        }
        out.push(digit);
    }
    if let Some(fraction) = fraction {
        out.push_str(point);
        out.push_str(fraction);
    }
    out
}

/// `x` with exactly `places` decimals as `locale` writes it, rounded half away from zero: a
/// rating "25.17" (ru "25,17"), a tournament's mean "0.833" (cs "0,833"), "1,234.50" in English
/// and "1 234,50" in Russian and Czech (with a no-break space).
pub(crate) fn decimal(locale: Locale, x: f64, places: usize) -> String {
    localised(locale, &plain(x, places))
}

/// [`decimal`] without trailing zeros: a total or a mean score ("12", "16.5", ru "-7,333").
pub(crate) fn decimal_short(locale: Locale, x: f64, places: usize) -> String {
    let fixed = plain(x, places);
    let short = match fixed.contains('.') {
        true => fixed.trim_end_matches('0').trim_end_matches('.'),
        false => &fixed,
    };
    localised(locale, short)
}

/// A seat's score as `locale` writes it, as short as it is exact ("0.5", ru "0,5"), or a dash.
pub(crate) fn score_in(locale: Locale, x: Option<f64>) -> String {
    x.map_or_else(|| "–".to_string(), |x| localised(locale, &x.to_string()))
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

/// A duration in milliseconds: "500 ms", or in seconds from a second on ("1.5 s", ru "1,5 с").
pub(crate) fn duration_ms(w: Words, ms: u64) -> String {
    if ms < 1000 {
        w.t("tournaments-duration-ms", &[("ms", Arg::num(ms as f64))])
    } else {
        let seconds = decimal_short(w.0, ms as f64 / 1000.0, 3);
        w.t("tournaments-duration-s", &[("seconds", Arg::Text(seconds))])
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
        assert_eq!(duration_ms(cs, 1500), "1,5 s");
        assert_eq!(duration_ms(en, 1500), "1.5 s");
        assert_eq!(duration_ms(ru, 12_345_000), "12\u{A0}345 с");
    }

    #[test]
    fn times_are_utc_dates() {
        assert_eq!(utc(0), "1970-01-01 00:00:00 UTC");
        assert_eq!(utc(951_782_400_000), "2000-02-29 00:00:00 UTC");
        assert_eq!(utc(1_735_689_599_999), "2024-12-31 23:59:59 UTC");
        assert_eq!(utc(-1000), "1969-12-31 23:59:59 UTC");
    }

    #[test]
    fn decimals_round_half_away_from_zero() {
        let en = Locale::En;
        assert_eq!(decimal(en, 0.0, 3), "0.000");
        assert_eq!(decimal(en, 1.0, 3), "1.000");
        assert_eq!(decimal(en, 7.0 / 12.0, 3), "0.583");
        assert_eq!(decimal(en, 0.0625, 3), "0.063");
        assert_eq!(decimal(en, -0.0625, 3), "-0.063");
        assert_eq!(decimal(en, -0.0001, 3), "0.000");
        assert_eq!(decimal(en, -30.277_777, 3), "-30.278");
        assert_eq!(decimal(en, 0.125, 2), "0.13");
        assert_eq!(decimal(en, 1.0 / 3.0, 2), "0.33");
        assert_eq!(decimal(en, 2.5, 0), "3");
        assert_eq!(decimal_short(en, 12.0, 3), "12");
        assert_eq!(decimal_short(en, 16.5, 3), "16.5");
        assert_eq!(decimal_short(en, -22.5, 3), "-22.5");
        assert_eq!(decimal_short(en, -0.0, 3), "0");
        assert_eq!(decimal_short(en, 7.0 / 3.0, 3), "2.333");
        assert_eq!(decimal(en, f64::NAN, 2), "NaN");
    }

    #[test]
    fn numbers_are_written_as_each_language_writes_them() {
        let (en, ru, cs) = (Locale::En, Locale::Ru, Locale::Cs);
        // English: a point, thousands grouped by commas (below a thousand as ever: "25.17").
        assert_eq!(decimal(en, 25.174, 2), "25.17");
        assert_eq!(decimal(en, 1234.5, 1), "1,234.5");
        assert_eq!(decimal(en, -1_234_567.0, 2), "-1,234,567.00");
        assert_eq!(decimal(en, 999.0, 0), "999");
        // Russian and Czech: a decimal comma, thousands grouped by a no-break space (U+00A0).
        assert_eq!(decimal(ru, 0.8333, 3), "0,833");
        assert_eq!(decimal(ru, 1234.5, 1), "1\u{A0}234,5");
        assert_eq!(decimal(cs, 1234.5, 1), "1\u{A0}234,5");
        assert_eq!(decimal(cs, -12_345.678, 3), "-12\u{A0}345,678");
        assert_eq!(decimal(ru, 123_456.0, 0), "123\u{A0}456");
        assert_eq!(decimal(cs, 25.174, 2), "25,17");
        assert_eq!(decimal_short(ru, -7.0 / 3.0, 3), "-2,333");
        assert_eq!(decimal_short(cs, 2000.0, 3), "2\u{A0}000");
        // A plain number from Rust or JSON, and what is none.
        assert_eq!(localised(cs, "-1234567.25"), "-1\u{A0}234\u{A0}567,25");
        assert_eq!(localised(ru, "inf"), "inf");
        assert_eq!(localised(ru, "1.2.3"), "1.2.3");
        assert_eq!(score_in(ru, Some(0.5)), "0,5");
        assert_eq!(score_in(cs, Some(1.0)), "1");
        assert_eq!(score_in(en, Some(0.25)), "0.25");
        assert_eq!(score_in(cs, None), "–");
    }

    #[test]
    fn numbers_and_ids_are_short() {
        assert_eq!(decimal(Locale::En, 1.0 / 3.0, 2), "0.33");
        assert_eq!(score_in(Locale::En, Some(1.0)), "1");
        assert_eq!(place(Some(2)), "2");
        assert_eq!(short_id("1f0e2a3b-aaaa-bbbb"), "1f0e2a3b");
    }
}
