//! The results table of a local tournament: one row per seat entry.

use std::fmt::Write;

use cardarena_engine::{Outcome, Seat};

use super::seats::SeatSpec;

/// Wins, losses and draws per entry.
pub struct Results {
    rows: Vec<Row>,
}

struct Row {
    name: String,
    bot: String,
    games: u64,
    wins: u64,
    losses: u64,
    draws: u64,
}

impl Results {
    /// An empty table for these entries.
    pub fn new(seats: &[SeatSpec]) -> Results {
        let rows = seats
            .iter()
            .map(|s| Row {
                name: s.name.clone(),
                bot: s.bot.clone(),
                games: 0,
                wins: 0,
                losses: 0,
                draws: 0,
            })
            .collect();
        Results { rows }
    }

    /// Counts one game for `entry`, which sat at `seat`.
    pub fn record(&mut self, entry: usize, outcome: &Outcome, seat: Seat) {
        let row = &mut self.rows[entry];
        row.games += 1;
        if outcome.is_draw() {
            row.draws += 1;
        } else if outcome.is_loss(seat) {
            row.losses += 1;
        } else if outcome.is_win(seat) {
            row.wins += 1;
        }
    }

    /// The table as aligned text, a header and one line per entry.
    pub fn table(&self) -> String {
        let name_width = self
            .rows
            .iter()
            .map(|r| r.name.chars().count())
            .max()
            .unwrap_or(0)
            .max(4);
        let bot_width = self
            .rows
            .iter()
            .map(|r| r.bot.len())
            .max()
            .unwrap_or(0)
            .max(3);
        let mut out = String::new();
        let _ = writeln!(
            out,
            "{:name_width$}  {:bot_width$}  {:>7}  {:>7}  {:>7}  {:>7}  {:>9}",
            "name", "bot", "games", "wins", "losses", "draws", "loss rate"
        );
        for r in &self.rows {
            let rate = if r.games == 0 {
                0.0
            } else {
                r.losses as f64 / r.games as f64
            };
            let _ = writeln!(
                out,
                "{:name_width$}  {:bot_width$}  {:>7}  {:>7}  {:>7}  {:>7}  {:>9.3}",
                r.name, r.bot, r.games, r.wins, r.losses, r.draws, rate
            );
        }
        out
    }
}
