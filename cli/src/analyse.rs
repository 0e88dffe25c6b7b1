//! `cardarena analyse`: the analysis of a stored match on the command line, as the match page
//! shows it: per decision the move taken, the move the expert would play and the loss, mistakes
//! and blunders marked, then each seat's accuracy. A stored analysis is used; otherwise it is
//! computed here (on a blocking thread) and stored, so the server serves it at no cost.

use std::fmt::Write;
use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};

use cardarena_bots::By;
use cardarena_engine::phrase::english::{self, Names};
use clap::Args;

use super::CliError;
use cardarena_contest::analysis::{Analysis, Decision, Played, analyse};
use cardarena_store::{AnalysisState, LogState, MatchDetail, MatchStatus, Store, stamp_mismatch};

/// Arguments of `cardarena analyse`.
#[derive(Debug, Args)]
pub struct AnalyseArgs {
    /// The match's id.
    match_id: String,
    /// Only this seat's decisions and accuracy.
    #[arg(long)]
    seat: Option<usize>,
    /// The database the match is in: sqlite://PATH or postgres://USER@HOST/DATABASE.
    #[arg(long, default_value = "sqlite://cardarena.db")]
    database_url: String,
    /// The expert's budget per decision in ms, one of 5, 10, 20, 50, 100, 200, 500, 1000,
    /// 2000 [default: the stored analysis's, else 50]. A budget other than the stored
    /// analysis's computes (and stores) the analysis anew.
    #[arg(long, value_parser = super::serve::analysis_budget)]
    budget_ms: Option<u32>,
    /// Print the analysis as JSON (the API's answer, only `--seat`'s decisions with it).
    #[arg(long)]
    json: bool,
}

/// Prints the analysis of the match, computing and storing it if need be.
pub fn run(args: AnalyseArgs) -> Result<(), CliError> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .map_err(|e| CliError(e.to_string()))?;
    let failed = |e: cardarena_store::StoreError| CliError(e.to_string());
    runtime.block_on(async {
        let store = Store::open_existing(&args.database_url)
            .await
            .map_err(|e| {
                CliError(format!(
                    "{e}; analyse reads an existing database and creates none: give its \
                     --database-url (sqlite://PATH or postgres://…)"
                ))
            })?;
        let detail = store
            .match_detail(&args.match_id)
            .await
            .map_err(failed)?
            .ok_or_else(|| {
                CliError(format!(
                    "no match {:?} in {}",
                    args.match_id, args.database_url
                ))
            })?;
        analysable(&store, &detail).await?;
        let players = detail.summary.seats.len();
        if let Some(seat) = args.seat.filter(|s| *s >= players) {
            return Err(CliError(format!(
                "--seat {seat}: match {} has seats 0 to {}",
                detail.summary.id,
                players - 1
            )));
        }
        let m = &detail.summary;
        let stored = match store.analysis(&m.id, &m.game).await.map_err(failed)? {
            Some(AnalysisState::Done(stored)) => Some(
                Analysis::decode(&stored)
                    .map_err(|e| CliError(format!("the stored analysis does not read: {e}")))?,
            ),
            _ => None,
        };
        let analysis = match stored {
            Some(a) if args.budget_ms.is_none_or(|ms| ms == a.budget_ms) => a,
            _ => {
                let budget = args
                    .budget_ms
                    .unwrap_or(cardarena_bots::expert::DEFAULT_BUDGET_MS);
                let record = store.play_record(&m.id).await.map_err(failed)?;
                let fault_steps = record.fault_steps(players);
                let analysis = compute(&detail, fault_steps, budget).await?;
                let encoded = analysis.encode().map_err(|e| CliError(e.to_string()))?;
                store
                    .save_analysis(&m.id, &m.game, analysis.total, budget, &encoded)
                    .await
                    .map_err(failed)?;
                analysis
            }
        };
        let names: Vec<&str> = m.seats.iter().map(|s| s.name.as_str()).collect();
        let out = match args.json {
            true => json(analysis, args.seat)?,
            false => text(&m.id, &m.game, &names, &analysis, args.seat),
        };
        print!("{out}");
        Ok(())
    })
}

/// Refuses a match that cannot be analysed: not finished, sealed, its log gone or unreadable.
async fn analysable(store: &Store, detail: &MatchDetail) -> Result<(), CliError> {
    let m = &detail.summary;
    if m.status != MatchStatus::Finished {
        return Err(CliError(format!(
            "match {} is {}: only a match played to its end is analysed (a running match's \
             analysis would show hidden cards)",
            m.id,
            m.status.as_str()
        )));
    }
    let disclosure = store
        .disclosure(m)
        .await
        .map_err(|e| CliError(e.to_string()))?;
    if !disclosure.is_open() {
        return Err(CliError(format!(
            "match {} is dealt the same cards as a tournament match still to be played; it can \
             be analysed once every table of its deal is over",
            m.id
        )));
    }
    if let Some(why) = stamp_mismatch(&m.game, m.rules_version) {
        return Err(CliError(format!(
            "match {} cannot be analysed: {why}",
            m.id
        )));
    }
    match &detail.log {
        LogState::Kept => Ok(()),
        LogState::Dropped { at } => Err(CliError(format!(
            "match {} cannot be analysed: its log was dropped by retention at {at} (Unix ms)",
            m.id
        ))),
        LogState::Unreadable(why) => Err(CliError(format!(
            "match {} cannot be analysed: {why}",
            m.id
        ))),
    }
}

/// Analyses the match on a blocking thread, telling the progress on standard error.
async fn compute(
    detail: &MatchDetail,
    fault_steps: Vec<Option<u32>>,
    budget_ms: u32,
) -> Result<Analysis, CliError> {
    let detail = detail.clone();
    let total = detail.actions.len();
    let done = Arc::new(AtomicU32::new(0));
    let counter = done.clone();
    let work = tokio::task::spawn_blocking(move || {
        let played = Played::of(&detail, &fault_steps);
        analyse(&played, budget_ms, &mut |n| {
            counter.store(n, Ordering::Relaxed)
        })
    });
    tokio::pin!(work);
    eprintln!("analysing {total} decisions at {budget_ms} ms a decision");
    loop {
        tokio::select! {
            result = &mut work => {
                let analysis = result.map_err(|e| CliError(format!("the analysis stopped: {e}")))?;
                return analysis.map_err(|e| CliError(format!("the match does not replay: {e}")));
            }
            _ = tokio::time::sleep(std::time::Duration::from_secs(5)) => {
                eprintln!("  {}/{total}", done.load(Ordering::Relaxed));
            }
        }
    }
}

/// The analysis as JSON, only `seat`'s decisions and accuracy if given.
fn json(mut analysis: Analysis, seat: Option<usize>) -> Result<String, CliError> {
    if let Some(seat) = seat {
        analysis.decisions.retain(|d| d.seat == seat);
        analysis.seats.retain(|s| s.seat == seat);
    }
    let text = serde_json::to_string(&analysis).map_err(|e| CliError(e.to_string()))?;
    Ok(text + "\n")
}

/// The mark of a decision: `blunder`, `mistake` or nothing.
fn mark(decision: &Decision) -> &'static str {
    if decision.is_blunder() {
        "blunder"
    } else if decision.is_mistake() {
        "mistake"
    } else {
        ""
    }
}

/// The analysis in words: a line per decision (only `seat`'s if given; a substitute's marked),
/// each move said with the seats' bots by name (`names`, by seat), then each seat's accuracy
/// (its own bot's decisions).
fn text(id: &str, game: &str, names: &[&str], analysis: &Analysis, seat: Option<usize>) -> String {
    let names = distinct(names);
    let said = |d: &Decision, i: usize| match d.phrases.get(i) {
        Some(phrases) => english::words(phrases, &Names::new(&names, None)),
        // An analysis stored before phrases were kept has the English alone.
        None => d.texts.get(i).cloned().unwrap_or_default(),
    };
    let mut out = String::new();
    let _ = writeln!(
        out,
        "match {id} ({game}): {} decisions, the expert at {} ms a decision",
        analysis.total, analysis.budget_ms
    );
    let _ = writeln!(
        out,
        "{:>5} {:>6} {:<7}  played (value)  |  the expert would play (value)",
        "step", "loss", ""
    );
    let shown = |s: usize| seat.is_none_or(|only| only == s);
    for d in analysis.decisions.iter().filter(|d| shown(d.seat)) {
        let best = match d.best == d.taken {
            true => "=".to_string(),
            false => format!("{} ({:.3})", said(d, d.best), d.values[d.best]),
        };
        let _ = writeln!(
            out,
            "{:>5} {:>6.3} {:<7}  {} ({:.3})  |  {best}{}",
            d.step,
            d.loss,
            mark(d),
            said(d, d.taken),
            d.values[d.taken],
            match d.by {
                By::Bot => "",
                By::Substitute => "  [substitute]",
            }
        );
    }
    let _ = writeln!(
        out,
        "accuracy (mistake: a loss from {}; blunder: from {})",
        cardarena_contest::analysis::MISTAKE,
        cardarena_contest::analysis::BLUNDER
    );
    for s in analysis.seats.iter().filter(|s| shown(s.seat)) {
        let _ = writeln!(
            out,
            "  {} (seat {}): {} decisions, mean loss {:.3}, {} mistakes, {} blunders",
            names.get(s.seat).map_or("?", String::as_str),
            s.seat,
            s.decisions,
            s.mean_loss,
            s.mistakes,
            s.blunders
        );
    }
    out
}

/// Seat names that read apart: a name at more than one seat is numbered from its second seat
/// on ("reference", "reference (2)"), as the pages number them.
fn distinct(names: &[&str]) -> Vec<String> {
    (0..names.len())
        .map(
            |i| match names[..i].iter().filter(|&&n| n == names[i]).count() {
                0 => names[i].to_string(),
                n => format!("{} ({})", names[i], n + 1),
            },
        )
        .collect()
}

#[cfg(test)]
mod tests {
    use cardarena_engine::{Arg, Phrase};
    use serde_json::json;

    use super::*;

    fn decision(step: u32, seat: usize, values: Vec<f64>, taken: usize) -> Decision {
        let best = if values[0] >= values[1] { 0 } else { 1 };
        Decision {
            step,
            seat,
            by: By::Bot,
            loss: cardarena_contest::analysis::round3(values[best] - values[taken]),
            actions: vec![json!("a"), json!("b")],
            texts: vec!["Seat 0 plays A".into(), "Seat 0 plays B".into()],
            phrases: ["A", "B"]
                .map(|action| {
                    vec![
                        Phrase::new("move")
                            .seat("actor", seat)
                            .arg("action", Arg::Text(action.into())),
                    ]
                })
                .to_vec(),
            values,
            best,
            taken,
        }
    }

    #[test]
    fn each_line_marks_mistakes_and_blunders_and_the_seats_add_them_up() {
        let analysis = Analysis::new(
            50,
            2,
            vec![
                decision(1, 0, vec![0.7, 0.5], 1),
                decision(2, 1, vec![0.4, 0.46], 0),
                decision(3, 0, vec![0.5, 0.5], 1),
                decision(4, 1, vec![0.3, 0.6], 1),
            ],
        );
        let out = text("m", "durak", &["rick", "morty"], &analysis, None);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(
            lines[2],
            "    1  0.200 blunder  rick: B (0.500)  |  rick: A (0.700)"
        );
        assert_eq!(
            lines[3],
            "    2  0.060 mistake  morty: A (0.400)  |  morty: B (0.460)"
        );
        assert_eq!(
            lines[4],
            "    3  0.000          rick: B (0.500)  |  rick: A (0.500)"
        );
        assert_eq!(lines[5], "    4  0.000          morty: B (0.600)  |  =");
        assert!(
            out.contains("rick (seat 0): 2 decisions, mean loss 0.100, 0 mistakes, 1 blunders")
        );
        assert!(
            out.contains("morty (seat 1): 2 decisions, mean loss 0.030, 1 mistakes, 0 blunders")
        );
        assert!(!out.contains("Seat 0"), "{out}");
        let one = text("m", "durak", &["rick", "morty"], &analysis, Some(1));
        assert!(
            !one.contains("rick") && one.lines().count() == 2 + 2 + 2,
            "{one}"
        );
    }

    #[test]
    fn one_bot_at_two_seats_reads_apart() {
        assert_eq!(
            distinct(&["greedy", "random", "greedy"]),
            ["greedy", "random", "greedy (2)"]
        );
    }
}
