//! One open table's shared state: what the match runner's side (the person seats and the feed)
//! writes and what the API reads, with a version that grows at every change so that a seat's
//! page can wait for the next one.

use std::collections::VecDeque;
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::Instant;

use cardarena_bots::By;
use cardarena_bots::thinking::Tenant;
use cardarena_engine::Phrase;
use cardarena_engine::phrase::english::{self, Names};
use serde_json::{Map, Value, json};
use tokio::sync::{oneshot, watch};

/// How many of the last moves a seat's state lists.
pub const RECENT_MOVES: usize = 40;

/// A table being played, shared by its person seats, its feed and the API.
#[derive(Debug)]
pub struct TableState {
    inner: Mutex<Inner>,
    version: watch::Sender<u64>,
}

/// The facts a table starts with.
#[derive(Debug, Clone)]
pub struct TableFacts {
    /// The match.
    pub match_id: String,
    /// The game's id.
    pub game: String,
    /// Each seat's name as shown (`"person"` for a person seat), distinct at the table
    /// ([`super::distinct_names`]).
    pub names: Vec<String>,
    /// Which seats are people's.
    pub persons: Vec<bool>,
    /// Whom its house bots' searches are charged to: the bot's owner whose token opened it, or
    /// the opener's network.
    pub payer: Tenant,
}

/// A decision a person seat is asked for and not yet answered.
#[derive(Debug)]
struct PendingTurn {
    seat: usize,
    decision: u32,
    message: Value,
    legal: Vec<Value>,
    due: Instant,
    answer: oneshot::Sender<usize>,
}

/// One move, as the seats' states list it.
#[derive(Debug, Clone)]
pub struct Move {
    /// Its decision number, from 1.
    pub step: u32,
    /// The seat that took it.
    pub seat: usize,
    /// The move in words.
    pub phrases: Vec<Phrase>,
    /// What the other seats are told instead, for a move they may not see.
    pub hidden: Option<Vec<Phrase>>,
    /// Who chose it.
    pub by: By,
}

#[derive(Debug)]
struct Inner {
    facts: TableFacts,
    status: &'static str,
    to_act: Option<usize>,
    /// Each person seat's table as it sees it.
    tables: Vec<Value>,
    /// The choices of the next decision, if a person seat takes it: (decision, choices).
    choices: Option<(u32, Vec<Value>)>,
    recent: VecDeque<Move>,
    pending: Option<PendingTurn>,
    replaced: Vec<Option<Value>>,
    left: Vec<bool>,
    outcome: Option<Value>,
}

/// Why a move was not taken.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MoveRefused {
    /// The seat is not asked for a move now (or not for that turn).
    NotYourTurn,
    /// A house bot plays the seat now.
    Replaced,
    /// The match is over.
    Over,
    /// The answer does not read or is not a legal action: (kind, detail).
    Bad(&'static str, String),
}

impl TableState {
    /// A table dealt as `facts` says, showing each person seat `tables[seat]`.
    pub fn new(facts: TableFacts, tables: Vec<Value>, to_act: Option<usize>) -> TableState {
        let players = facts.names.len();
        TableState {
            inner: Mutex::new(Inner {
                facts,
                status: "running",
                to_act,
                tables,
                choices: None,
                recent: VecDeque::new(),
                pending: None,
                replaced: vec![None; players],
                left: vec![false; players],
                outcome: None,
            }),
            version: watch::channel(1).0,
        }
    }

    fn lock(&self) -> MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Marks a change: waiters of [`TableState::changed_after`] wake.
    fn bump(&self) {
        self.version.send_modify(|v| *v += 1);
    }

    /// The current version.
    pub fn version(&self) -> u64 {
        *self.version.borrow()
    }

    /// Waits until the version passes `after` or `wait` has passed.
    pub async fn changed_after(&self, after: u64, wait: std::time::Duration) {
        let mut versions = self.version.subscribe();
        let _ = tokio::time::timeout(wait, versions.wait_for(|v| *v > after)).await;
    }

    /// After a move: the seat to act, each person seat's table, the next choices, and the move.
    pub fn moved(
        &self,
        to_act: Option<usize>,
        tables: Vec<Value>,
        choices: Option<(u32, Vec<Value>)>,
        played: Option<Move>,
    ) {
        {
            let mut inner = self.lock();
            inner.to_act = to_act;
            inner.tables = tables;
            inner.choices = choices;
            if let Some(played) = played {
                if inner.recent.len() == RECENT_MOVES {
                    inner.recent.pop_front();
                }
                inner.recent.push_back(played);
            }
        }
        self.bump();
    }

    /// Asks `seat` for decision `decision` (the bot turn `message`, `legal` its actions as JSON),
    /// due at `due`; the answer (an index into `legal`) comes through the returned receiver, which
    /// closes at once if the person has left.
    pub fn ask(
        &self,
        seat: usize,
        decision: u32,
        message: Value,
        legal: Vec<Value>,
        due: Instant,
    ) -> oneshot::Receiver<usize> {
        let (answer, receiver) = oneshot::channel();
        {
            let mut inner = self.lock();
            if inner.left[seat] {
                return receiver;
            }
            inner.pending = Some(PendingTurn {
                seat,
                decision,
                message,
                legal,
                due,
                answer,
            });
        }
        self.bump();
        receiver
    }

    /// The person at `seat` gave up their turn (the deadline passed): it is no longer asked.
    pub fn withdraw(&self, seat: usize) {
        let mut inner = self.lock();
        if inner.pending.as_ref().is_some_and(|p| p.seat == seat) {
            inner.pending = None;
        }
    }

    /// Plays `seat`'s move from the body a person sent (`{"action_index"}` or `{"action"}`, and
    /// `"turn"` optionally), if the seat is asked for one. Returns the version before the move.
    pub fn answer(&self, seat: usize, body: &[u8]) -> Result<u64, MoveRefused> {
        let mut inner = self.lock();
        if inner.status != "running" {
            return Err(MoveRefused::Over);
        }
        if inner.replaced[seat].is_some() {
            return Err(MoveRefused::Replaced);
        }
        let Some(pending) = inner.pending.as_ref().filter(|p| p.seat == seat) else {
            return Err(MoveRefused::NotYourTurn);
        };
        let turn = serde_json::from_slice::<Value>(body)
            .ok()
            .and_then(|v| v.get("turn").cloned());
        match turn {
            None | Some(Value::Null) => {}
            Some(Value::Number(n)) if n.as_u64() == Some(u64::from(pending.decision)) => {}
            Some(Value::Number(_)) => return Err(MoveRefused::NotYourTurn),
            Some(_) => {
                return Err(MoveRefused::Bad(
                    "bad_action",
                    "turn is the turn's number".into(),
                ));
            }
        }
        let reply = cardarena_bots::http::protocol::parse_answer::<Value>(body, &pending.legal)
            .map_err(|fault| {
                let kind = match fault.kind {
                    cardarena_bots::FaultKind::IllegalAction => "illegal_action",
                    _ => "bad_action",
                };
                MoveRefused::Bad(kind, fault.detail)
            })?;
        let index = pending
            .legal
            .iter()
            .position(|a| *a == reply.action)
            .ok_or_else(|| MoveRefused::Bad("illegal_action", "not a legal action".into()))?;
        let pending = inner.pending.take().unwrap_or_else(|| unreachable!());
        let before = self.version();
        // A closed receiver means the seat's deadline passed as the move came: it is lost.
        let _ = pending.answer.send(index);
        Ok(before)
    }

    /// The person at `seat` leaves: a house bot takes the seat from its next decision on.
    pub fn leave(&self, seat: usize) {
        {
            let mut inner = self.lock();
            inner.left[seat] = true;
            if inner.pending.as_ref().is_some_and(|p| p.seat == seat) {
                // Dropping the sender tells the waiting seat that its person left.
                inner.pending = None;
            }
        }
        self.bump();
    }

    /// Whether the person at `seat` left.
    pub fn has_left(&self, seat: usize) -> bool {
        self.lock().left[seat]
    }

    /// `seat` was replaced by a house bot after the fault `kind`, `detail`.
    pub fn replaced(&self, seat: usize, kind: &str, detail: &str) {
        self.lock().replaced[seat] = Some(json!({"kind": kind, "detail": detail}));
        self.bump();
    }

    /// The match ended with `outcome` (as JSON).
    pub fn ended(&self, outcome: Value) {
        {
            let mut inner = self.lock();
            inner.status = "finished";
            inner.outcome = Some(outcome);
            inner.pending = None;
        }
        self.bump();
    }

    /// The match stopped without a result (`failed`), unless it ended already.
    pub fn closed(&self) {
        {
            let mut inner = self.lock();
            if inner.status == "running" {
                inner.status = "failed";
            }
            inner.pending = None;
        }
        self.bump();
    }

    /// Whether the match is over.
    pub fn is_over(&self) -> bool {
        self.lock().status != "running"
    }

    /// `seat`'s state as the API answers it (docs/api.md, "Tables").
    pub fn seat_state(&self, seat: usize) -> Value {
        let version = self.version();
        let inner = self.lock();
        let facts = &inner.facts;
        let mut out = Map::new();
        let asked = inner
            .pending
            .as_ref()
            .filter(|p| p.seat == seat && inner.status == "running");
        if inner.status != "running" {
            out.insert("type".into(), "match_end".into());
            out.insert(
                "outcome".into(),
                inner.outcome.clone().unwrap_or(Value::Null),
            );
        } else if let Some(pending) = asked {
            if let Value::Object(message) = &pending.message {
                out.extend(message.clone());
            }
            let choices = match &inner.choices {
                Some((decision, choices)) if *decision == pending.decision => choices.clone(),
                _ => Vec::new(),
            };
            out.insert("choices".into(), choices.into());
            let left = pending.due.saturating_duration_since(Instant::now());
            out.insert("remaining_ms".into(), (left.as_millis() as u64).into());
        } else {
            out.insert("type".into(), "waiting".into());
            out.insert("to_act".into(), json!(inner.to_act));
        }
        out.insert("match_id".into(), facts.match_id.clone().into());
        out.insert("game".into(), facts.game.clone().into());
        out.insert("seat".into(), seat.into());
        out.insert("version".into(), version.into());
        out.insert("status".into(), inner.status.into());
        out.insert("players".into(), facts.names.len().into());
        out.insert("names".into(), json!(facts.names));
        out.insert(
            "table".into(),
            inner.tables.get(seat).cloned().unwrap_or(Value::Null),
        );
        let recent: Vec<Value> = inner
            .recent
            .iter()
            .map(|m| {
                let phrases = match (&m.hidden, m.seat == seat) {
                    (Some(hidden), false) => hidden,
                    _ => &m.phrases,
                };
                // In English for programs, the seat reading it as "you"; the page renders the
                // phrases itself.
                let words = english::words(phrases, &Names::new(&facts.names, Some(seat)));
                json!({"step": m.step, "seat": m.seat, "words": words, "phrases": phrases, "by": m.by})
            })
            .collect();
        out.insert("recent".into(), recent.into());
        out.insert(
            "replaced".into(),
            inner
                .replaced
                .get(seat)
                .cloned()
                .flatten()
                .unwrap_or(Value::Null),
        );
        Value::Object(out)
    }

    /// The table's facts.
    pub fn facts(&self) -> TableFacts {
        self.lock().facts.clone()
    }
}
