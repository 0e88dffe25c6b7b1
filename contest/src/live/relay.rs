//! A running match told to other processes. A worker keeps a [`Record`] of every step of each
//! match it plays and, while a server process watches the match (one of its viewers follows the
//! live feed), publishes them: the records so far at once, then each as it happens. The server
//! rebuilds the public frames from them ([`super::Mirrors`]), so the records carry the actions
//! themselves, not frames: a record is a few hundred bytes, within a PostgreSQL notification's
//! 8,000, where a frame (a whole table) need not be.
//!
//! Records are published only while watched, so a contest nobody watches costs nothing here but
//! the records kept in memory until each match ends.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use cardarena_bots::{BotFault, By, Observer, Step};
use cardarena_engine::{Game, Seat};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use tokio::sync::mpsc;

/// How long one watch request keeps a match's records flowing; a watching server repeats its
/// request more often than this while it has viewers.
pub const WATCH_FOR: Duration = Duration::from_secs(30);

/// The largest record published: PostgreSQL's notification payloads stop at 8,000 bytes. A
/// record over it loses its say line (the only part of unbounded width in bytes after escaping).
pub const MAX_RECORD_BYTES: usize = 7_900;

/// One step of a running match as one process tells another.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Record {
    /// The match.
    pub m: String,
    /// The attempt at playing it (a match whose worker died is played again from its start).
    pub a: u32,
    /// The record's number in the match, from 0: actions and faults in the order they happened.
    pub k: u32,
    /// What happened.
    #[serde(flatten)]
    pub event: RecordEvent,
}

/// What a [`Record`] says happened.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum RecordEvent {
    /// `seat` played `action`.
    Action {
        /// The seat.
        seat: Seat,
        /// The action, as the game serializes it (hidden cards too: only servers read records).
        action: Value,
        /// Who chose it.
        by: By,
        /// The answer time in ms.
        ms: u32,
        /// The say line.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        say: Option<String>,
    },
    /// `seat`'s bot faulted at decision `step`; only what the public may see of it.
    Fault {
        /// The seat.
        seat: Seat,
        /// The decision, from 1.
        step: u32,
        /// The fault's kind (`timeout`, …).
        kind: String,
        /// The answer's HTTP status.
        status: Option<u16>,
        /// The answer's time in ms.
        ms: Option<u32>,
    },
    /// The match is over and its result stored.
    End,
}

/// The matches this process plays, with their records; publishes a match's records while it
/// is watched.
#[derive(Clone, Debug)]
pub struct Relays {
    matches: Arc<Mutex<HashMap<String, Arc<Mutex<Relayed>>>>>,
    out: mpsc::Sender<String>,
}

#[derive(Debug)]
struct Relayed {
    id: String,
    attempt: u32,
    records: Vec<String>,
    watched_until: Option<Instant>,
    out: mpsc::Sender<String>,
}

impl Relayed {
    fn watched(&self) -> bool {
        self.watched_until
            .is_some_and(|until| Instant::now() < until)
    }

    fn send(&self, record: &str) {
        // Bounded: a publisher that falls behind loses records, which the watching server asks
        // for again with its next watch request.
        if self.out.try_send(record.to_string()).is_err() {
            tracing::debug!(match_id = %self.id, "live record dropped: the publisher is behind");
        }
    }

    fn push(&mut self, event: RecordEvent) {
        let mut record = Record {
            m: self.id.clone(),
            a: self.attempt,
            k: self.records.len() as u32,
            event,
        };
        let mut text = serde_json::to_string(&record).unwrap_or_default();
        if text.len() > MAX_RECORD_BYTES {
            if let RecordEvent::Action { say, .. } = &mut record.event {
                *say = None;
            }
            text = serde_json::to_string(&record).unwrap_or_default();
        }
        if self.watched() {
            self.send(&text);
        }
        self.records.push(text);
    }
}

impl Relays {
    /// Relays whose published records go to `out` (the process's publisher).
    pub fn new(out: mpsc::Sender<String>) -> Relays {
        Relays {
            matches: Arc::default(),
            out,
        }
    }

    fn map(&self) -> std::sync::MutexGuard<'_, HashMap<String, Arc<Mutex<Relayed>>>> {
        self.matches.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Starts keeping the records of attempt `attempt` at match `id`; the runner tells the
    /// returned observer each step.
    pub fn begin(&self, id: &str, attempt: u32) -> Relay {
        let relayed = Arc::new(Mutex::new(Relayed {
            id: id.to_string(),
            attempt,
            records: Vec::new(),
            watched_until: None,
            out: self.out.clone(),
        }));
        self.map().insert(id.to_string(), relayed.clone());
        Relay { relayed }
    }

    /// A server watches match `id`: if it is played here, its records so far are published now
    /// and each new one for [`WATCH_FOR`]. Returns whether the match is played here.
    pub fn watch(&self, id: &str) -> bool {
        let Some(relayed) = self.map().get(id).cloned() else {
            return false;
        };
        let mut relayed = relayed.lock().unwrap_or_else(PoisonError::into_inner);
        relayed.watched_until = Some(Instant::now() + WATCH_FOR);
        for record in &relayed.records {
            relayed.send(record);
        }
        true
    }

    /// Match `id` is over and stored: a watcher is told, and its records are dropped.
    pub fn end(&self, id: &str) {
        if let Some(relayed) = self.map().remove(id) {
            let mut relayed = relayed.lock().unwrap_or_else(PoisonError::into_inner);
            relayed.push(RecordEvent::End);
        }
    }
}

/// The runner's end of one match's records: an [`Observer`].
#[derive(Debug, Clone)]
pub struct Relay {
    relayed: Arc<Mutex<Relayed>>,
}

impl Relay {
    fn push(&self, event: RecordEvent) {
        (self.relayed.lock().unwrap_or_else(PoisonError::into_inner)).push(event);
    }
}

impl<G: Game> Observer<G> for Relay {
    fn action(
        &mut self,
        _: &G,
        _: u32,
        seat: Seat,
        action: &G::Action,
        step: Step,
        say: Option<&str>,
    ) {
        self.push(RecordEvent::Action {
            seat,
            action: serde_json::to_value(action).unwrap_or(Value::Null),
            by: step.by,
            ms: step.ms,
            say: say.map(str::to_string),
        });
    }

    fn fault(&mut self, decision: u32, seat: Seat, fault: &BotFault) {
        let answer = fault.answer.clone().unwrap_or_default();
        self.push(RecordEvent::Fault {
            seat,
            step: decision,
            kind: fault.kind.as_str().to_string(),
            status: answer.status,
            ms: answer.ms,
        });
    }
}
