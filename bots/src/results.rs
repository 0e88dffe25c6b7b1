//! The results table of local matches (`cardarena play`, and `cardarena.play` in the Python
//! package): one row per seat entry, with its loss rate and a 95% interval.

use std::fmt::Write;

use cardarena_engine::{Outcome, Seat};

/// The normal quantile of a two-sided 95% interval.
const Z95: f64 = 1.959_964;

/// Wins, losses, draws and faults per entry.
pub struct Results {
    rows: Vec<Row>,
    /// Whether a seat is played over HTTP: only such seats can fault, so only then is the
    /// faults column shown.
    faults_column: bool,
}

/// One entry's line of the table.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    /// The entry's name.
    pub name: String,
    /// The bot that plays it.
    pub bot: String,
    /// The games it played.
    pub games: u64,
    /// The games it won (it alone, or its team, ranked first).
    pub wins: u64,
    /// The games it lost (ranked last).
    pub losses: u64,
    /// The games every seat tied.
    pub draws: u64,
    /// The games it faulted in.
    pub faults: u64,
}

impl Row {
    /// The loss rate and the bounds of its 95% interval (Wilson's score interval).
    pub fn loss_rate(&self) -> (f64, f64, f64) {
        loss_rate(self.losses, self.games)
    }
}

impl Results {
    /// An empty table for these entries, each a name and the bot that plays it (`greedy`,
    /// `http://…`); `faults_column` when an entry can fault (a bot played over HTTP), to show
    /// the games each one faulted in.
    pub fn new(
        entries: impl IntoIterator<Item = (String, String)>,
        faults_column: bool,
    ) -> Results {
        let rows = entries
            .into_iter()
            .map(|(name, bot)| Row {
                name,
                bot,
                games: 0,
                wins: 0,
                losses: 0,
                draws: 0,
                faults: 0,
            })
            .collect();
        Results {
            rows,
            faults_column,
        }
    }

    /// The lines of the table, one per entry.
    pub fn rows(&self) -> &[Row] {
        &self.rows
    }

    /// Counts one game for `entry`, which sat at `seat` and faulted if `faulted`.
    pub fn record(&mut self, entry: usize, outcome: &Outcome, seat: Seat, faulted: bool) {
        let row = &mut self.rows[entry];
        row.games += 1;
        row.faults += u64::from(faulted);
        if outcome.is_draw() {
            row.draws += 1;
        } else if outcome.is_loss(seat) {
            row.losses += 1;
        } else if outcome.is_win(seat) {
            row.wins += 1;
        }
    }

    /// The table as aligned text, a header and one line per entry: the counts, the loss rate and
    /// its 95% interval (Wilson's score interval, sound near 0 and 1 and for few games), and
    /// with an HTTP seat the games each entry faulted in.
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
            .map(|r| r.bot.chars().count())
            .max()
            .unwrap_or(0)
            .max(3);
        let mut out = String::new();
        let _ = write!(
            out,
            "{:name_width$}  {:bot_width$}  {:>7}  {:>7}  {:>7}  {:>7}  {:>9}  {:>12}",
            "name", "bot", "games", "wins", "losses", "draws", "loss rate", "95% interval"
        );
        if self.faults_column {
            let _ = write!(out, "  {:>7}", "faults");
        }
        out.push('\n');
        for r in &self.rows {
            let (rate, low, high) = r.loss_rate();
            let _ = write!(
                out,
                "{:name_width$}  {:bot_width$}  {:>7}  {:>7}  {:>7}  {:>7}  {:>9.3}  {:>12}",
                r.name,
                r.bot,
                r.games,
                r.wins,
                r.losses,
                r.draws,
                rate,
                format!("{low:.3}-{high:.3}")
            );
            if self.faults_column {
                let _ = write!(out, "  {:>7}", r.faults);
            }
            out.push('\n');
        }
        out
    }
}

/// The loss rate of `losses` in `games` and the bounds of its 95% Wilson score interval; all
/// zero for no games.
fn loss_rate(losses: u64, games: u64) -> (f64, f64, f64) {
    if games == 0 {
        return (0.0, 0.0, 0.0);
    }
    let n = games as f64;
    let p = losses as f64 / n;
    let z2 = Z95 * Z95;
    let scale = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / scale;
    let half = Z95 * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / scale;
    (p, (centre - half).max(0.0), (centre + half).min(1.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_wilson_interval_holds_the_rate_and_narrows_with_games() {
        let (p, low, high) = loss_rate(30, 100);
        assert!((p - 0.3).abs() < 1e-12);
        // Wilson's interval for 30 of 100 at 95%: 0.2189 to 0.3958.
        assert!((low - 0.2189).abs() < 1e-3 && (high - 0.3958).abs() < 1e-3);
        let (_, low_many, high_many) = loss_rate(3000, 10_000);
        assert!(low_many > low && high_many < high && low_many < 0.3 && 0.3 < high_many);
        // No losses at all still leaves room above zero; every game lost, below one.
        let (_, low, high) = loss_rate(0, 10);
        assert!(low < 1e-9 && high > 0.2 && high < 0.35);
        let (_, low, high) = loss_rate(10, 10);
        assert!(high > 1.0 - 1e-9 && high <= 1.0 && low > 0.65);
        assert_eq!(loss_rate(0, 0), (0.0, 0.0, 0.0));
    }
}
