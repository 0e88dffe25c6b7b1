//! `cardarena replay`: re-runs a stored match from its seed and actions and checks its outcome.

use clap::Args;

use super::CliError;
use cardarena_contest::replay::{StoredPlay, replay};
use cardarena_store::{LogState, MatchStatus, Store, stamp_mismatch};

/// Arguments of `cardarena replay`.
#[derive(Debug, Args)]
pub struct ReplayArgs {
    /// The match's id.
    match_id: String,
    /// The database the match is in: sqlite://PATH or postgres://USER@HOST/DATABASE.
    #[arg(long, default_value = "sqlite://cardarena.db")]
    database_url: String,
}

/// Replays the match and prints whether its stored outcome is confirmed; an error if not.
pub fn run(args: ReplayArgs) -> Result<(), CliError> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| CliError(e.to_string()))?;
    runtime.block_on(async {
        let store = Store::open_existing(&args.database_url)
            .await
            .map_err(|e| {
                CliError(format!(
                    "{e}; replay reads an existing database and creates none: give its \
                     --database-url (sqlite://PATH or postgres://…)"
                ))
            })?;
        let detail = store
            .match_detail(&args.match_id)
            .await
            .map_err(|e| CliError(e.to_string()))?
            .ok_or_else(|| {
                CliError(format!(
                    "no match {:?} in {}",
                    args.match_id, args.database_url
                ))
            })?;
        let m = &detail.summary;
        if m.status != MatchStatus::Finished {
            return Err(CliError(format!(
                "match {} is {}, not finished: nothing to check",
                m.id,
                m.status.as_str()
            )));
        }
        if let LogState::Dropped { at } = detail.log {
            return Err(CliError(format!(
                "match {} cannot be replayed: its log was dropped by retention at {at} (Unix ms); \
                 its results stay",
                m.id
            )));
        }
        if let Some(why) = stamp_mismatch(&m.game, m.rules_version) {
            return Err(CliError(format!(
                "match {} cannot be replayed: {why}; replay it with a cardarena release of those rules",
                m.id
            )));
        }
        if let LogState::Unreadable(why) = &detail.log {
            return Err(CliError(format!("match {} does not replay: {why}", m.id)));
        }
        let faulted: Vec<bool> = m.seats.iter().map(|s| s.fault.is_some()).collect();
        let actions: Vec<serde_json::Value> =
            detail.actions.iter().map(|a| a.action.clone()).collect();
        let outcome = replay(&StoredPlay {
            game: &m.game,
            options: &m.options,
            seed: m.seed,
            faulted: &faulted,
            actions: &actions,
        })
        .map_err(|e| CliError(format!("match {} does not replay: {e}", m.id)))?;
        let mut mismatches = Vec::new();
        for (seat, (stored, replayed)) in m.seats.iter().zip(&outcome.seats).enumerate() {
            if stored.rank != Some(replayed.rank) || stored.score != Some(replayed.score) {
                mismatches.push(format!(
                    "seat {seat} ({}): stored place {:?} score {:?}, replayed place {} score {}",
                    stored.name, stored.rank, stored.score, replayed.rank, replayed.score
                ));
            }
        }
        if !mismatches.is_empty() {
            return Err(CliError(format!(
                "match {} replays to a different outcome:\n{}",
                m.id,
                mismatches.join("\n")
            )));
        }
        println!(
            "match {}: {} actions replayed from seed {}; the stored outcome is confirmed",
            m.id,
            actions.len(),
            m.seed
        );
        for seat in &m.seats {
            let fault = seat
                .fault
                .as_ref()
                .map(|(kind, detail)| format!(" (fault {kind}: {detail})"))
                .unwrap_or_default();
            println!(
                "  seat {} {}: place {} score {}{fault}",
                seat.seat,
                seat.name,
                seat.rank.unwrap_or(0),
                seat.score.unwrap_or(0.0)
            );
        }
        Ok(())
    })
}
