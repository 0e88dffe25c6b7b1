//! Tournaments, as the contest of seed 001 ran: a game and a list of stages (`house`, `gauntlet`,
//! `final`), each started when the previous one is over, its matches laid out at once and played
//! by the scheduler like any other. Everything lives in the store, so a restarted server goes on
//! where it was; standings are computed from the stored results whenever they are read.

pub mod deals;
pub mod plan;
pub mod refusal;
pub mod sizes;
pub mod spec;
pub mod standings;

use serde_json::{Value, json};

use crate::games;
use cardarena_store::{BotKind, OrganiserHold, StageRef, Store, StoreError, TournamentRecord};
use refusal::Refusal;
use spec::{StageKind, StageSpec, TournamentSpec};
use standings::{HeadToHead, Placing, Standing};

/// A bot is skipped for the rest of a stage once it has faulted in more than half of at least
/// this many finished matches there.
pub const SKIP_AFTER_MATCHES: usize = 3;

/// Why a tournament operation was refused.
#[derive(Debug, thiserror::Error)]
pub enum TournamentError {
    /// No tournament has this id.
    #[error("no tournament {0:?}")]
    NotFound(String),
    /// The request does not fit the tournament's state; the kind names why.
    #[error("{detail}")]
    Conflict {
        /// A short machine-readable kind.
        kind: &'static str,
        /// What is wrong, for people (its `Display` says it in English).
        detail: Refusal,
    },
    /// The request itself is wrong.
    #[error("{detail}")]
    Invalid {
        /// A short machine-readable kind.
        kind: &'static str,
        /// What is wrong, for people (its `Display` says it in English).
        detail: Refusal,
    },
    /// The store failed.
    #[error(transparent)]
    Store(#[from] StoreError),
}

fn conflict(kind: &'static str, detail: Refusal) -> TournamentError {
    TournamentError::Conflict { kind, detail }
}

fn invalid(kind: &'static str, detail: Refusal) -> TournamentError {
    TournamentError::Invalid { kind, detail }
}

/// A tournament's stages, as stored.
fn stages_of(t: &TournamentRecord) -> Result<Vec<StageSpec>, TournamentError> {
    serde_json::from_value(t.stages.clone())
        .map_err(|e| TournamentError::Store(StoreError::Corrupt(format!("stages: {e}"))))
}

async fn record(store: &Store, id: &str) -> Result<TournamentRecord, TournamentError> {
    store
        .tournament(id)
        .await?
        .ok_or_else(|| TournamentError::NotFound(id.to_string()))
}

/// Creates a tournament from a checked spec; returns its id.
pub async fn create(store: &Store, spec: TournamentSpec) -> Result<String, TournamentError> {
    let spec = spec::check(spec).map_err(|detail| invalid("bad_tournament", detail))?;
    let id = uuid::Uuid::new_v4().to_string();
    let stages =
        serde_json::to_value(&spec.stages).map_err(|e| StoreError::Corrupt(e.to_string()))?;
    store
        .insert_tournament(&id, &spec.name, &spec.game, &stages, spec.auto_advance)
        .await?;
    Ok(id)
}

/// Enters a bot (of the tournament's game) while entries are open.
pub async fn enter(store: &Store, id: &str, bot_id: &str) -> Result<(), TournamentError> {
    let t = record(store, id).await?;
    if t.status != "open" {
        return Err(conflict("entries_closed", Refusal::EntriesClosed));
    }
    let bot = store
        .bot(bot_id)
        .await?
        .filter(|b| !b.deleted)
        .ok_or_else(|| {
            let id = bot_id.to_string();
            invalid("unknown_bot", Refusal::UnknownBot { id })
        })?;
    if bot.organiser == Some(OrganiserHold::Disqualified) {
        let bot = bot.name;
        return Err(conflict("disqualified", Refusal::Disqualified { bot }));
    }
    if bot.game != t.game {
        let (bot, plays, game) = (bot.name, bot.game, t.game);
        return Err(invalid(
            "wrong_game",
            Refusal::WrongGame { bot, plays, game },
        ));
    }
    // A house stage's opponents are the yardstick its entrants are measured against: one entered
    // would meet itself and be credited with every other entrant's matches too.
    if let BotKind::House { house_id } = &bot.kind {
        let stages = stages_of(&t)?;
        if stages
            .iter()
            .any(|s| s.kind == StageKind::House && s.opponents.contains(house_id))
        {
            let bot = bot.name;
            return Err(invalid("house_opponent", Refusal::HouseOpponent { bot }));
        }
    }
    let info =
        games::game(&t.game).ok_or_else(|| StoreError::Corrupt(format!("game {}", t.game)))?;
    sizes::check_entry(&bot, &info, &stages_of(&t)?)?;
    if !store.add_entry(id, bot_id).await? {
        let bot = bot.name;
        return Err(conflict("already_entered", Refusal::AlreadyEntered { bot }));
    }
    Ok(())
}

/// Starts the tournament's next stage (the first one closes the entries); returns its index.
pub async fn advance(store: &Store, id: &str) -> Result<u32, TournamentError> {
    let t = record(store, id).await?;
    let stages = stages_of(&t)?;
    let next = match t.current_stage {
        None => 0,
        Some(current) => {
            let finished = store
                .stage(id, current)
                .await?
                .is_some_and(|s| s.finished_at.is_some());
            if !finished {
                let stage = current;
                return Err(conflict("stage_running", Refusal::StageRunning { stage }));
            }
            current + 1
        }
    };
    let Some(spec) = stages.get(next as usize) else {
        return Err(conflict("no_next_stage", Refusal::Finished));
    };
    let info =
        games::game(&t.game).ok_or_else(|| StoreError::Corrupt(format!("game {}", t.game)))?;
    let (entrants, opponents) = match next {
        0 => {
            // A bot disqualified since it entered plays no stage.
            let mut entries = Vec::new();
            for (bot_id, _) in store.entries(id).await? {
                let bot = store.bot(&bot_id).await?;
                if bot.is_some_and(|b| b.organiser != Some(OrganiserHold::Disqualified)) {
                    entries.push(bot_id);
                }
            }
            if entries.is_empty() {
                return Err(conflict("no_entries", Refusal::NoEntries));
            }
            (entries, Vec::new())
        }
        _ => {
            let (previous, _) = stage_standings(store, id, next - 1).await?;
            let ranked: Vec<String> = previous
                .into_iter()
                .filter(|s| !s.out())
                .map(|s| s.bot_id)
                .collect();
            let top = spec.top.unwrap_or(ranked.len()).min(ranked.len());
            match spec.kind {
                StageKind::Gauntlet => {
                    let mut best = ranked[..top].to_vec();
                    // One of the best meets the others, not itself: where a table one seat
                    // smaller is not allowed (a game seated in pairs), a reserve fills it.
                    if !info.players.allows(top) {
                        best.push(match ranked.get(top) {
                            Some(next) => next.clone(),
                            None => store.ensure_house_bot(&t.game, info.house_bots[0]).await?,
                        });
                    }
                    (ranked.clone(), best)
                }
                _ => (ranked[..top].to_vec(), Vec::new()),
            }
        }
    };
    let opponents = match spec.kind {
        StageKind::House => {
            let mut ids = Vec::with_capacity(spec.opponents.len());
            for house in &spec.opponents {
                ids.push(store.ensure_house_bot(&t.game, house).await?);
            }
            ids
        }
        _ => opponents,
    };
    if spec.kind == StageKind::Final && entrants.len() < info.players.min {
        let count = entrants.len();
        return Err(conflict(
            "too_few_finalists",
            Refusal::TooFewFinalists { count },
        ));
    }
    let table = spec.table_size(&info, entrants.len());
    let mut matches = plan::stage_matches(id, &t.game, next, spec, &entrants, &opponents, table);
    deals::seal(
        &mut matches,
        crate::secrets::random_u64(),
        deals::relabels(&info, spec),
    );
    sizes::check_stage(store, &info, next, spec, &matches).await?;
    if matches.len() > spec::MAX_STAGE_MATCHES {
        let matches = matches.len();
        return Err(conflict(
            "stage_too_large",
            Refusal::StageTooLarge { matches },
        ));
    }
    if !store.start_stage(id, next, &entrants, &matches).await? {
        let stage = next;
        return Err(conflict("stage_running", Refusal::StageStarted { stage }));
    }
    tracing::info!(
        tournament = id,
        stage = next,
        matches = matches.len(),
        "stage started"
    );
    Ok(next)
}

/// After a tournament match is stored: skips bots that fault in most of their matches, ends the
/// stage when none of its matches is left, and starts the next one when the tournament advances
/// by itself. Returns whether matches were queued.
pub async fn match_done(store: &Store, at: &StageRef) -> Result<bool, TournamentError> {
    let results = store.stage_results(&at.tournament_id, at.stage).await?;
    let mut seen: std::collections::HashMap<&str, (usize, usize)> = Default::default();
    for seat in results.iter().flat_map(|m| &m.seats) {
        let entry = seen.entry(&seat.bot_id).or_default();
        entry.0 += 1;
        entry.1 += usize::from(seat.faulted);
    }
    for (bot, (played, faulted)) in seen {
        if played >= SKIP_AFTER_MATCHES && faulted * 2 > played {
            let reason = format!("faulted in {faulted} of {played} matches");
            if store
                .skip_bot(&at.tournament_id, at.stage, bot, &reason)
                .await?
            {
                tracing::warn!(tournament = %at.tournament_id, stage = at.stage, bot, "skipped: {reason}");
            }
        }
    }
    settle(store, &at.tournament_id).await
}

/// Ends the current stage of a tournament if its matches are all done, finishing the tournament
/// or starting the next stage (when it advances by itself). Returns whether matches were queued.
pub async fn settle(store: &Store, id: &str) -> Result<bool, TournamentError> {
    let t = record(store, id).await?;
    let Some(current) = t.current_stage else {
        return Ok(false);
    };
    if !store.finish_stage(id, current).await? {
        return Ok(false);
    }
    let stages = stages_of(&t)?;
    if current as usize + 1 >= stages.len() {
        store.finish_tournament(id).await?;
        tracing::info!(tournament = id, "tournament finished");
        return Ok(false);
    }
    if t.auto_advance {
        advance(store, id).await?;
        return Ok(true);
    }
    Ok(false)
}

/// Settles every running tournament: for a server that stopped between a stage's last match and
/// the start of the next stage.
pub async fn resume(store: &Store) -> Result<bool, TournamentError> {
    let mut queued = false;
    for id in store.running_tournaments().await? {
        queued |= settle(store, &id).await?;
    }
    Ok(queued)
}

/// The standings and head-to-head table of a started stage.
pub async fn stage_standings(
    store: &Store,
    id: &str,
    stage: u32,
) -> Result<(Vec<Standing>, Vec<HeadToHead>), TournamentError> {
    let Some(started) = store.stage(id, stage).await? else {
        return Ok((Vec::new(), Vec::new()));
    };
    let mut results = store.stage_results(id, stage).await?;
    if results.iter().any(|m| m.entrant.is_none()) {
        let t = record(store, id).await?;
        if let Some(spec) = stages_of(&t)?.get(stage as usize)
            && spec.kind == StageKind::Gauntlet
        {
            let counts = store.stage_counts(id, stage).await?;
            let laid_out =
                counts.queued + counts.running + counts.finished + counts.failed + counts.cancelled;
            standings::name_laid_out_entrants(
                &mut results,
                &started.entrants,
                spec.matches.unwrap_or(1),
                laid_out as usize,
            );
        }
    }
    let mut entrants = Vec::with_capacity(started.entrants.len());
    let mut disqualified = Vec::new();
    for bot_id in started.entrants {
        let bot = store.bot(&bot_id).await?;
        if bot
            .as_ref()
            .is_some_and(|b| b.organiser == Some(OrganiserHold::Disqualified))
        {
            disqualified.push(bot_id.clone());
        }
        let name = bot.map_or_else(|| bot_id.clone(), |b| b.name);
        entrants.push((bot_id, name));
    }
    let skipped = store.skipped(id, stage).await?;
    Ok(standings::standings(
        &entrants,
        &results,
        &skipped,
        &disqualified,
    ))
}

/// The podium of a tournament as a whole: that of the last stage it played, once it is finished
/// (the final's, where it ends with one); empty before.
pub async fn podium_of(
    store: &Store,
    t: &TournamentRecord,
) -> Result<Vec<Placing>, TournamentError> {
    match (t.status.as_str(), t.current_stage) {
        ("finished", Some(last)) => Ok(standings::podium(
            &stage_standings(store, &t.id, last).await?.0,
        )),
        _ => Ok(Vec::new()),
    }
}

/// The tournament as the API shows it: status, entries, its winner and podium once finished, and
/// each stage with its spec, progress, standings, head-to-head table and (once finished) winner
/// and podium.
pub async fn view(store: &Store, id: &str) -> Result<Value, TournamentError> {
    let t = record(store, id).await?;
    let stages = stages_of(&t)?;
    let entries: Vec<Value> = store
        .entries(id)
        .await?
        .into_iter()
        .map(|(bot_id, name)| json!({"bot_id": bot_id, "name": name}))
        .collect();
    let mut out = Vec::with_capacity(stages.len());
    let mut whole = Vec::new();
    for (index, spec) in stages.iter().enumerate() {
        let index = index as u32;
        let started = store.stage(id, index).await?;
        let counts = store.stage_counts(id, index).await?;
        let (rows, h2h) = stage_standings(store, id, index).await?;
        let status = match &started {
            None => "pending",
            Some(s) if s.finished_at.is_some() => "finished",
            Some(_) => "running",
        };
        let podium = match status {
            "finished" => standings::podium(&rows),
            _ => Vec::new(),
        };
        if t.status == "finished" && t.current_stage == Some(index) {
            whole = podium.clone();
        }
        out.push(json!({
            "index": index,
            "kind": spec.kind,
            "spec": spec,
            "status": status,
            "matches": {
                "queued": counts.queued, "running": counts.running, "finished": counts.finished,
                "failed": counts.failed, "cancelled": counts.cancelled,
            },
            "standings": rows,
            "head_to_head": h2h,
            "winner": podium.first(),
            "podium": podium,
        }));
    }
    Ok(json!({
        "id": t.id,
        "name": t.name,
        "game": t.game,
        "status": t.status,
        "current_stage": t.current_stage,
        "auto_advance": t.auto_advance,
        "created_at": t.created_at,
        "entries": entries,
        "winner": whole.first(),
        "podium": whole,
        "stages": out,
    }))
}
