//! The faults of `cardarena play`'s bots: each with its game, decision, kind, detail and answer,
//! and the request that caused it written whole to a file, so that it can be sent again by hand;
//! and, beside them, the decisions their kits played at random after their strategies failed.

use std::collections::BTreeMap;
use std::fmt::Write;
use std::path::{Path, PathBuf};

use cardarena_bots::BotFault;

use super::CliError;
use super::http_seats::SentTurn;
use super::seats::SeatSpec;

/// The most faults listed, each with its request written to a file; the rest are only counted.
pub const MAX_LISTED: usize = 100;

/// One bot's fault in one game.
pub struct Fault {
    /// The game's number in the run, from 1.
    pub game: u64,
    /// The game's seed.
    pub seed: u64,
    /// The entry (index of its `--seat`) whose bot faulted.
    pub entry: usize,
    /// The seat it sat at in that game.
    pub seat: usize,
    /// The decision it faulted at, from 1.
    pub decision: Option<u32>,
    /// What went wrong.
    pub fault: BotFault,
    /// The request it faulted on, when the seat keeps requests (HTTP seats).
    pub request: Option<SentTurn>,
}

/// Every fault of a run: the first [`MAX_LISTED`] in full, the rest counted by entry and kind.
pub struct Faults {
    dir: PathBuf,
    listed: Vec<(Fault, Option<PathBuf>)>,
    /// Faults per entry and kind, all of them.
    counts: BTreeMap<(usize, &'static str), u64>,
    /// Per entry: its decisions its kit played at random, and the games they were in.
    fallbacks: BTreeMap<usize, (u64, u64)>,
}

impl Faults {
    /// No faults yet; requests will be written under `dir`, made when the first one is.
    pub fn new(dir: PathBuf) -> Faults {
        Faults {
            dir,
            listed: Vec::new(),
            counts: BTreeMap::new(),
            fallbacks: BTreeMap::new(),
        }
    }

    /// Counts `decisions` of one game that entry `entry`'s kit played at random after its
    /// strategy failed (answers marked `"fallback": true`): not faults, reported beside them.
    pub fn add_fallbacks(&mut self, entry: usize, decisions: u32) {
        if decisions > 0 {
            let (total, games) = self.fallbacks.entry(entry).or_default();
            *total += u64::from(decisions);
            *games += 1;
        }
    }

    /// Counts `fault`, and while fewer than [`MAX_LISTED`] are listed lists it and writes its
    /// request to a file named after its game, entry and decision.
    pub fn add(&mut self, fault: Fault, seats: &[SeatSpec]) -> Result<(), CliError> {
        *self
            .counts
            .entry((fault.entry, fault.fault.kind.as_str()))
            .or_default() += 1;
        if self.listed.len() >= MAX_LISTED {
            return Ok(());
        }
        let path = match &fault.request {
            Some(sent) => {
                let name = file_name(fault.game, &seats[fault.entry].name, sent.decision);
                Some(self.write(&name, &sent.body)?)
            }
            None => None,
        };
        self.listed.push((fault, path));
        Ok(())
    }

    fn write(&self, name: &str, body: &[u8]) -> Result<PathBuf, CliError> {
        std::fs::create_dir_all(&self.dir).map_err(|e| {
            CliError(format!(
                "cannot make the faults directory {}: {e}",
                self.dir.display()
            ))
        })?;
        let path = self.dir.join(name);
        std::fs::write(&path, body)
            .map_err(|e| CliError(format!("cannot write {}: {e}", path.display())))?;
        Ok(path)
    }

    /// The fault list as text: per faulted entry a summary line, then each listed fault with its
    /// answer and the file holding its request, and a command that sends one again. Entries
    /// whose bot can fault (`http`) and never did get a line saying so; empty with none of those.
    /// An entry whose kit played decisions at random gets a line saying how many.
    pub fn report(&self, seats: &[SeatSpec], http: &[bool], games: u64) -> String {
        let mut out = String::new();
        for (entry, seat) in seats.iter().enumerate() {
            let fallbacks = self.fallbacks.get(&entry).map(|(decisions, with)| {
                format!(
                    "{} ({}): {decisions} decisions in {with} of {games} games played at random by \
                     its kit after its strategy failed (not faults)\n",
                    seat.name, seat.bot
                )
            });
            let kinds: Vec<(&str, u64)> = (self.counts.iter())
                .filter(|((e, _), _)| *e == entry)
                .map(|((_, kind), n)| (*kind, *n))
                .collect();
            let total: u64 = kinds.iter().map(|(_, n)| n).sum();
            if total == 0 {
                if http[entry] {
                    let _ = writeln!(out, "\n{} ({}): no faults", seat.name, seat.bot);
                }
                out.push_str(fallbacks.as_deref().unwrap_or_default());
                continue;
            }
            let by_kind: Vec<String> = kinds.iter().map(|(k, n)| format!("{k} {n}")).collect();
            let _ = writeln!(
                out,
                "\nfaults of {} ({}): {total} in {games} games ({})",
                seat.name,
                seat.bot,
                by_kind.join(", ")
            );
            out.push_str(fallbacks.as_deref().unwrap_or_default());
            let listed: Vec<_> = (self.listed.iter())
                .filter(|(f, _)| f.entry == entry)
                .collect();
            for (fault, path) in &listed {
                describe(&mut out, fault, path.as_deref());
            }
            if (listed.len() as u64) < total {
                let _ = writeln!(
                    out,
                    "  … and {} more (the first {MAX_LISTED} faults of the run are listed)",
                    total - listed.len() as u64
                );
            }
        }
        if let Some((fault, Some(path))) = self.listed.iter().find(|(_, p)| p.is_some()) {
            let url = &seats[fault.entry].bot;
            let signature = fault.request.as_ref().map_or("", |s| s.signature.as_str());
            let _ = writeln!(
                out,
                "\nsend a request again, signed as it was (the files hold the bodies as sent):\n  \
                 curl -s {url} -H 'content-type: application/json' \
                 -H 'x-cardarena-signature: {signature}' --data-binary @{}",
                path.display()
            );
        }
        out
    }
}

/// One listed fault: where, what, how the bot answered, and where its request is.
fn describe(out: &mut String, fault: &Fault, path: Option<&Path>) {
    let decision = fault
        .decision
        .map_or_else(|| "?".to_string(), |d| d.to_string());
    let _ = writeln!(
        out,
        "  game {} (seed {}), seat {}, decision {decision}: {}: {}",
        fault.game,
        fault.seed,
        fault.seat,
        fault.fault.kind.as_str(),
        fault.fault.detail
    );
    if let Some(answer) = &fault.fault.answer {
        let mut parts = Vec::new();
        if let Some(status) = answer.status {
            parts.push(format!("HTTP {status}"));
        }
        if let Some(ms) = answer.ms {
            parts.push(format!("after {ms} ms"));
        }
        if let Some(body) = answer.body.as_deref().filter(|b| !b.is_empty()) {
            parts.push(format!("body {body:?}"));
        }
        if !parts.is_empty() {
            let _ = writeln!(out, "    answer: {}", parts.join(", "));
        }
    }
    if let Some(path) = path {
        let _ = writeln!(out, "    request: {}", path.display());
    }
}

/// The file name of a request: the game, the seat's name (letters, digits, `-`, `_` and `.`
/// kept, anything else `_`) and the decision.
fn file_name(game: u64, name: &str, decision: u32) -> String {
    let name: String = name
        .chars()
        .map(|c| match c.is_ascii_alphanumeric() || "-_.".contains(c) {
            true => c,
            false => '_',
        })
        .collect();
    format!("game-{game}-{name}-decision-{decision}.json")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decisions_played_at_random_are_reported_beside_the_faults() {
        let seats: Vec<SeatSpec> = ["me=http://127.0.0.1:9/", "G=greedy"]
            .iter()
            .map(|s| s.parse().unwrap())
            .collect();
        let mut faults = Faults::new(std::env::temp_dir());
        for (entry, decisions) in [(0, 3), (1, 0), (0, 0), (0, 2)] {
            faults.add_fallbacks(entry, decisions);
        }
        let report = faults.report(&seats, &[true, false], 10);
        let lines = "\nme (http://127.0.0.1:9/): no faults\nme (http://127.0.0.1:9/): 5 decisions in \
                     2 of 10 games played at random by its kit after its strategy failed (not \
                     faults)\n";
        assert_eq!(report, lines);
    }

    #[test]
    fn file_names_keep_only_safe_characters() {
        assert_eq!(file_name(7, "me", 41), "game-7-me-decision-41.json");
        assert_eq!(
            file_name(1, "../a b/é", 2),
            "game-1-.._a_b__-decision-2.json"
        );
    }
}
