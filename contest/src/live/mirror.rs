//! Running matches another process plays (a worker), mirrored into this process's live registry
//! so that its viewers follow them as if they were played here. A mirror deals the match from its
//! stored game, options and seed, asks the worker for its [`Record`]s (a watch request, repeated
//! while the mirror has viewers), and applies them in order through the same [`super::Feed`] a
//! locally played match has: the frames a viewer gets are the ones a local match would give.

use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex, PoisonError};

use cardarena_bots::{GameVisitor, HouseGame, Observer, Step, with_game};
use cardarena_engine::Game;
use serde_json::Value;
use tokio::sync::mpsc;

use super::relay::{Record, RecordEvent, WATCH_FOR};
use super::{Feed, Live};
use crate::frames::FaultFrame;
use crate::replay::deal;
use cardarena_store::{MatchStatus, MatchSummary, Store};

/// How many records a mirror may have waiting to be applied.
const QUEUE_RECORDS: usize = 4096;

/// The matches this process mirrors.
#[derive(Clone, Debug)]
pub struct Mirrors {
    live: Live,
    /// Whether matches are mirrored at all: only where other processes play them.
    active: bool,
    store: Option<Store>,
    mirrors: Arc<Mutex<HashMap<String, Mirrored>>>,
    watch: mpsc::Sender<String>,
}

#[derive(Debug)]
struct Mirrored {
    attempt: u32,
    records: mpsc::Sender<Record>,
}

/// The match a mirror deals: what its stored row says.
#[derive(Debug, Clone)]
pub struct MirrorOf {
    /// The match.
    pub id: String,
    /// Its game's id.
    pub game: String,
    /// Its options as stored.
    pub options: Value,
    /// Its seed.
    pub seed: u64,
    /// How many seats it has.
    pub players: usize,
    /// The attempt being played now.
    pub attempt: u32,
}

impl MirrorOf {
    /// The mirror of the stored match `summary`.
    pub fn of(summary: &MatchSummary) -> MirrorOf {
        MirrorOf {
            id: summary.id.clone(),
            game: summary.game.clone(),
            options: summary.options.clone(),
            seed: summary.seed,
            players: summary.seats.len(),
            attempt: summary.attempt,
        }
    }
}

impl Mirrors {
    /// Mirrors feeding `live`, sending their watch requests (match ids) to `watch`.
    pub fn new(live: Live, watch: mpsc::Sender<String>) -> Mirrors {
        Mirrors {
            live,
            active: true,
            store: None,
            mirrors: Arc::default(),
            watch,
        }
    }

    /// The same mirrors, each looking in `store` at every tick whether its match still runs (the
    /// attempt it mirrors): one that ended before its worker heard the watch request, or was
    /// taken back from a dead worker, sends no more records, and its viewers must not wait.
    pub fn with_store(self, store: Store) -> Mirrors {
        Mirrors {
            active: store.shared(),
            store: Some(store),
            ..self
        }
    }

    /// Mirrors the stored match `summary` if it is running and its feed is not here (another
    /// process plays it); does nothing where no other process plays (a database not shared).
    pub fn follow(&self, summary: &MatchSummary) {
        if self.active && summary.status == MatchStatus::Running {
            self.attach(MirrorOf::of(summary));
        }
    }

    fn map(&self) -> std::sync::MutexGuard<'_, HashMap<String, Mirrored>> {
        self.mirrors.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Starts mirroring `of` unless its live feed is here already (played or mirrored here).
    /// Returns whether the feed is here now; `false` when the stored match cannot be dealt.
    pub fn attach(&self, of: MirrorOf) -> bool {
        if self.live.has(&of.id) {
            return true;
        }
        let game = of.game.clone();
        with_game(&game, Start { mirrors: self, of }).unwrap_or(false)
    }

    /// Hands `record` to its match's mirror; a record of another attempt than the mirrored one
    /// ends the mirror (its viewers reconnect and get a mirror of the attempt being played).
    pub fn record(&self, record: Record) {
        let mut map = self.map();
        let Some(mirrored) = map.get(&record.m) else {
            return;
        };
        if record.a != mirrored.attempt {
            map.remove(&record.m);
            return;
        }
        if mirrored.records.try_send(record).is_err() {
            tracing::debug!("a mirror is behind; the records it missed come with its next watch");
        }
    }

    /// How many matches are mirrored.
    pub fn len(&self) -> usize {
        self.map().len()
    }

    /// Whether no match is mirrored.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

struct Start<'a> {
    mirrors: &'a Mirrors,
    of: MirrorOf,
}

impl GameVisitor for Start<'_> {
    type Output = bool;

    fn visit<G: HouseGame>(self) -> bool {
        let Start { mirrors, of } = self;
        let Ok(dealt) = deal::<G>(&of.options, of.players, of.seed) else {
            return false;
        };
        let (records, inbox) = mpsc::channel(QUEUE_RECORDS);
        let mut map = mirrors.map();
        if map.contains_key(&of.id) {
            return true;
        }
        map.insert(
            of.id.clone(),
            Mirrored {
                attempt: of.attempt,
                records,
            },
        );
        drop(map);
        // Registered before `attach` returns, so that a viewer can subscribe at once.
        let feed = mirrors.live.begin(&of.id, &dealt);
        tokio::spawn(mirror(
            mirrors.clone(),
            of.id,
            of.attempt,
            dealt,
            feed,
            inbox,
        ));
        true
    }
}

/// Plays the records of match `id` into a live feed until the match ends, its viewers leave, or
/// the mirror is dropped from the map.
async fn mirror<G: Game>(
    mirrors: Mirrors,
    id: String,
    attempt: u32,
    dealt: G,
    mut feed: Feed,
    mut inbox: mpsc::Receiver<Record>,
) {
    let mut applied = Applied {
        game: dealt,
        next: 0,
        decision: 0,
        pending: BTreeMap::new(),
    };
    let mut tick = tokio::time::interval(WATCH_FOR / 3);
    let mut unwatched_ticks = 0;
    loop {
        tokio::select! {
            record = inbox.recv() => {
                let Some(record) = record else { break };
                match applied.take(record, &mut feed) {
                    Ok(true) => continue,
                    Ok(false) => break,
                    Err(e) => {
                        tracing::warn!(match_id = %id, "a mirrored record does not apply: {e}");
                        break;
                    }
                }
            }
            _ = tick.tick() => {
                if !mirrors.still_running(&id, attempt).await {
                    break;
                }
                // Viewers keep the mirror (and the worker's records) going; two quiet ticks in
                // a row end it.
                if mirrors.live.watchers(&id).unwrap_or(0) == 0 {
                    unwatched_ticks += 1;
                    if unwatched_ticks >= 2 {
                        break;
                    }
                } else {
                    unwatched_ticks = 0;
                }
                if mirrors.watch.try_send(id.clone()).is_err() {
                    tracing::debug!(match_id = %id, "a watch request dropped: the publisher is behind");
                }
            }
        }
    }
    mirrors.map().remove(&id);
    mirrors.live.end_feed(&id, &feed);
}

impl Mirrors {
    /// Whether the store says match `id` runs its attempt `attempt` (true without a store, or
    /// when the store cannot say).
    async fn still_running(&self, id: &str, attempt: u32) -> bool {
        let Some(store) = &self.store else {
            return true;
        };
        match store.match_summary(id).await {
            Ok(Some(m)) => m.status == MatchStatus::Running && m.attempt == attempt,
            Ok(None) => false,
            Err(_) => true,
        }
    }
}

/// A mirror's game and the records it has not applied yet.
struct Applied<G: Game> {
    game: G,
    /// The next record to apply.
    next: u32,
    /// The actions applied so far.
    decision: u32,
    /// Records that came before those ahead of them.
    pending: BTreeMap<u32, RecordEvent>,
}

impl<G: Game> Applied<G> {
    /// Takes one record and applies every record now in order: `Ok(false)` at the match's end.
    fn take(&mut self, record: Record, feed: &mut Feed) -> Result<bool, String> {
        if record.k >= self.next && self.pending.len() < QUEUE_RECORDS {
            self.pending.insert(record.k, record.event);
        }
        while let Some(event) = self.pending.remove(&self.next) {
            self.next += 1;
            match event {
                RecordEvent::Action {
                    seat,
                    action,
                    by,
                    ms,
                    say,
                } => {
                    if self.game.to_act() != Some(seat) {
                        return Err(format!("seat {seat} is not to act"));
                    }
                    let action: G::Action =
                        serde_json::from_value(action).map_err(|e| e.to_string())?;
                    feed.before(&self.game, &action);
                    self.game.apply(&action).map_err(|e| e.to_string())?;
                    self.decision += 1;
                    let step = Step { by, ms };
                    feed.action(
                        &self.game,
                        self.decision,
                        seat,
                        &action,
                        step,
                        say.as_deref(),
                    );
                }
                RecordEvent::Fault {
                    seat,
                    step,
                    kind,
                    status,
                    ms,
                } => feed.public_fault(FaultFrame::public_parts(seat, step, &kind, status, ms)),
                RecordEvent::End => return Ok(false),
            }
        }
        Ok(true)
    }
}
