//! The key figures of a tournament stage (who enters, how many matches, the clocks), read from
//! its spec and said in the reader's language. They never change, so only the server writes
//! them (`tournament.js` leaves them alone).

use serde_json::Value;

use super::super::format::{decimal, duration_ms};
use super::super::words::{Arg, Words};

/// The key figures of a stage's spec, as (label, value); they never change, so only the server
/// writes them.
pub(super) fn figures(w: Words, spec: &Value, index: u32) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let number = |key: &str| spec.get(key).and_then(Value::as_u64);
    // The stage before this one, numbered from 1 as the page numbers them.
    let top_of_previous = |top: u64| {
        w.t(
            "tournaments-top-of",
            &[("top", Arg::num(top as f64)), ("stage", Arg::num(index))],
        )
    };
    let not_skipped = || w.t("tournaments-not-skipped", &[("stage", Arg::num(index))]);
    // Milliseconds, grouped by thousands as the language writes them ("60 000 мс").
    let ms = |ms: u64| Arg::Text(decimal(w.0, ms as f64, 0));
    let per_entrant = |n: u64| w.t("tournaments-per-entrant", &[("count", Arg::num(n as f64))]);
    match spec.get("kind").and_then(Value::as_str) {
        Some("house") => {
            let entrants = match (index, number("top")) {
                (0, _) => w.t("tournaments-every-entered", &[]),
                (_, Some(top)) => top_of_previous(top),
                (_, None) => not_skipped(),
            };
            out.push((w.t("tournaments-entrants", &[]), entrants));
            let opponents: Vec<&str> = spec
                .get("opponents")
                .and_then(Value::as_array)
                .map(|a| a.iter().filter_map(Value::as_str).collect())
                .unwrap_or_default();
            // The house bots' ids, as a list of names.
            out.push((w.t("tournaments-house-bots", &[]), opponents.join(", ")));
            if let Some(n) = number("matches") {
                out.push((w.t("tournaments-matches", &[]), per_entrant(n)));
            }
        }
        Some("gauntlet") => {
            out.push((w.t("tournaments-entrants", &[]), not_skipped()));
            if let Some(top) = number("top") {
                out.push((w.t("tournaments-opponents", &[]), top_of_previous(top)));
            }
            if let Some(n) = number("matches") {
                out.push((w.t("tournaments-matches", &[]), per_entrant(n)));
            }
        }
        Some("final") => {
            if let Some(top) = number("top") {
                out.push((w.t("tournaments-finalists", &[]), top_of_previous(top)));
            }
            if let Some(n) = number("deals") {
                let deals = w.t("tournaments-deals-each", &[("count", Arg::num(n as f64))]);
                out.push((w.t("tournaments-deals", &[]), deals));
            }
            if let Some(n) = number("table") {
                let players = w.t("tournaments-players", &[("count", Arg::num(n as f64))]);
                out.push((w.t("tournaments-table", &[]), players));
            }
        }
        _ => {}
    }
    if let Some(deadline) = number("deadline_ms") {
        let deadline = w.t("tournaments-per-decision", &[("ms", ms(deadline))]);
        out.push((w.t("tournaments-deadline", &[]), deadline));
    }
    let bank = match number("time_bank_ms") {
        Some(0) | None => w.t("tournaments-bank-none", &[]),
        Some(bank) => w.t("tournaments-per-bot", &[("ms", ms(bank))]),
    };
    out.push((w.t("tournaments-time-bank", &[]), bank));
    if let Some(cap) = number("match_time_limit_ms") {
        out.push((w.t("tournaments-match-cap", &[]), duration_ms(w, cap)));
    }
    if let Some(options) = spec.get("options").filter(|o| !o.is_null()) {
        out.push((w.t("tournaments-options", &[]), options.to_string()));
    }
    out
}
