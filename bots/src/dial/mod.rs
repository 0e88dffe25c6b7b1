//! Dial-out bots: a contestant's bot that connects to the server instead of being called
//! (docs/protocol.md, "Dial-out bots").
//!
//! The [`Switchboard`] holds every open connection, by bot. The server's WebSocket route
//! [attaches](Switchboard::attach) each connection it accepts and pumps its frames: what the
//! [`Line`] gives it to send, and every answer the bot sends back ([`Line::deliver`]). A seat
//! reaches its bot through a [`Dialer`], which sends each message of the protocol with a
//! `request_id` on one of the bot's connections (in turn) and waits for the answer naming it. This
//! module knows nothing of WebSockets: it deals in text messages.

mod line;

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use tokio::sync::{Notify, mpsc};
use tokio::time::Instant;

use crate::bot::{BotFault, FaultKind};

use line::{Closed, Waiting};
pub use line::{Frame, Line, Outgoing, request_id};

/// The most connections one bot may hold at once.
pub const MAX_CONNECTIONS_PER_BOT: usize = 4;

/// The most connections the board holds at once, all bots together.
pub const MAX_CONNECTIONS: usize = 10_000;

/// The most messages waiting to be written to one connection.
const OUTGOING_QUEUE: usize = 64;

/// Why a connection was not attached.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum AttachError {
    /// The bot already holds [`MAX_CONNECTIONS_PER_BOT`] connections.
    #[error("the bot already holds {MAX_CONNECTIONS_PER_BOT} connections")]
    TooMany,
    /// The board holds as many connections as it takes ([`Switchboard::with_capacity`]).
    #[error("the server holds {0} dial-out connections, as many as it takes")]
    Full(usize),
}

/// Every dial-out bot's open connections. Cloning is cheap: clones share the board.
#[derive(Clone)]
pub struct Switchboard {
    inner: Arc<Board>,
}

struct Board {
    bots: Mutex<HashMap<String, Lines>>,
    /// The most connections held at once.
    capacity: usize,
    open: AtomicUsize,
    next_request: AtomicU64,
    next_line: AtomicU64,
}

/// One bot's connections, and a signal for calls waiting for a connection to open.
#[derive(Default)]
struct Lines {
    open: Vec<Arc<Line>>,
    turn: usize,
    opened: Arc<Notify>,
}

impl Default for Switchboard {
    fn default() -> Switchboard {
        Switchboard::with_capacity(MAX_CONNECTIONS)
    }
}

impl Switchboard {
    /// An empty board holding at most [`MAX_CONNECTIONS`].
    pub fn new() -> Switchboard {
        Switchboard::default()
    }

    /// An empty board holding at most `capacity` connections (at most [`MAX_CONNECTIONS`]): what
    /// the process's open-files limit leaves for them, so that a connection past it is refused
    /// while the process still has a file descriptor to answer with.
    pub fn with_capacity(capacity: usize) -> Switchboard {
        Switchboard {
            inner: Arc::new(Board {
                bots: Mutex::default(),
                capacity: capacity.min(MAX_CONNECTIONS),
                open: AtomicUsize::new(0),
                next_request: AtomicU64::new(0),
                next_line: AtomicU64::new(0),
            }),
        }
    }

    /// The most connections the board holds at once.
    pub fn capacity(&self) -> usize {
        self.inner.capacity
    }

    /// Attaches a new connection of bot `bot_id`, detached again when the [`Attached`] is
    /// dropped.
    pub fn attach(&self, bot_id: &str) -> Result<Attached, AttachError> {
        let (line, outgoing) = self.attach_line(bot_id)?;
        Ok(Attached {
            board: self.clone(),
            line,
            outgoing,
        })
    }

    /// Attaches a new connection of bot `bot_id`: the connection's [`Line`], and the receiver of
    /// the messages to write to it. Detach it with [`Switchboard::detach`] when it closes.
    fn attach_line(&self, bot_id: &str) -> Result<(Arc<Line>, Outgoing), AttachError> {
        let (sender, receiver) = mpsc::channel(OUTGOING_QUEUE);
        let id = self.inner.next_line.fetch_add(1, Ordering::Relaxed);
        let mut bots = self.lock();
        let lines = bots.entry(bot_id.to_string()).or_default();
        if lines.open.len() >= MAX_CONNECTIONS_PER_BOT {
            return Err(AttachError::TooMany);
        }
        if self.inner.open.load(Ordering::Relaxed) >= self.inner.capacity {
            return Err(AttachError::Full(self.inner.capacity));
        }
        self.inner.open.fetch_add(1, Ordering::Relaxed);
        let line = Arc::new(Line::new(id, bot_id, sender));
        lines.open.push(line.clone());
        lines.opened.notify_waiters();
        Ok((line, Outgoing::new(receiver)))
    }

    /// Detaches `line`: its waiting calls are told it closed, and are sent again on another
    /// connection of the bot if one opens before their deadline.
    fn detach(&self, line: &Line) {
        {
            let mut bots = self.lock();
            if let Some(lines) = bots.get_mut(line.bot_id()) {
                let before = lines.open.len();
                lines.open.retain(|open| open.id() != line.id());
                let gone = before - lines.open.len();
                self.inner.open.fetch_sub(gone, Ordering::Relaxed);
                if lines.open.is_empty() && Arc::strong_count(&lines.opened) == 1 {
                    bots.remove(line.bot_id());
                }
            }
        }
        line.close(Closed::Gone);
    }

    /// How many connections every bot holds, together.
    pub fn open(&self) -> usize {
        self.inner.open.load(Ordering::Relaxed)
    }

    /// How many connections bot `bot_id` holds.
    pub fn connections(&self, bot_id: &str) -> usize {
        self.lock().get(bot_id).map_or(0, |lines| lines.open.len())
    }

    /// The ids of the bots holding at least one connection.
    pub fn connected(&self) -> Vec<String> {
        let bots = self.lock();
        let mut ids: Vec<String> = bots
            .iter()
            .filter(|(_, lines)| !lines.open.is_empty())
            .map(|(id, _)| id.clone())
            .collect();
        ids.sort();
        ids
    }

    /// Closes every connection of bot `bot_id` (it was deleted, or switched to a URL).
    pub fn hang_up(&self, bot_id: &str) {
        let lines = self
            .lock()
            .get(bot_id)
            .map(|lines| lines.open.clone())
            .unwrap_or_default();
        for line in lines {
            line.hang_up();
        }
    }

    /// The way to call bot `bot_id`.
    pub fn dialer(&self, bot_id: &str) -> Dialer {
        Dialer {
            board: self.clone(),
            bot_id: bot_id.to_string(),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, Lines>> {
        self.inner
            .bots
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    /// The bot's next connection in turn, or, with none open, the signal of one opening (kept
    /// for the bot only when `wait`ing; to be awaited only after it is registered, so that no
    /// opening is missed).
    fn pick(&self, bot_id: &str, wait: bool) -> Result<Arc<Line>, Arc<Notify>> {
        let mut bots = self.lock();
        let lines = match (bots.get_mut(bot_id), wait) {
            (Some(lines), _) => lines,
            (None, true) => bots.entry(bot_id.to_string()).or_default(),
            (None, false) => return Err(Arc::default()),
        };
        if lines.open.is_empty() {
            return Err(lines.opened.clone());
        }
        lines.turn = lines.turn.wrapping_add(1);
        Ok(lines.open[lines.turn % lines.open.len()].clone())
    }

    fn request_id(&self) -> String {
        let n = self.inner.next_request.fetch_add(1, Ordering::Relaxed);
        format!("r{n}")
    }
}

/// One attached connection: what to write to it ([`Attached::next`]) and where the bot's
/// messages go ([`Attached::deliver`]). Dropping it detaches the connection.
pub struct Attached {
    board: Switchboard,
    line: Arc<Line>,
    outgoing: Outgoing,
}

impl Attached {
    /// The next frame to write to the connection; `None` once it is to close.
    pub async fn next(&mut self) -> Option<Frame> {
        self.outgoing.next().await
    }

    /// Takes a message the bot sent ([`Line::deliver`]).
    pub fn deliver(&self, text: &str) {
        self.line.deliver(text);
    }

    /// Refuses a message of `size` bytes, too large to read ([`Line::too_large`]).
    pub fn too_large(&self, size: usize) {
        self.line.too_large(size);
    }

    /// The connection's line.
    pub fn line(&self) -> &Arc<Line> {
        &self.line
    }
}

impl Drop for Attached {
    fn drop(&mut self) {
        self.board.detach(&self.line);
    }
}

/// Calls one dial-out bot over whichever of its connections is open. Cheap to clone.
#[derive(Clone)]
pub struct Dialer {
    board: Switchboard,
    bot_id: String,
}

impl std::fmt::Debug for Dialer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Dialer")
            .field("bot_id", &self.bot_id)
            .finish()
    }
}

impl Dialer {
    /// Sends `body` (a protocol message: a JSON object) with a fresh `request_id` and returns the
    /// bot's answer (the whole JSON text it sent), within `deadline`. Faults: `connect` when the bot
    /// holds no connection at the start, or when the connection closes and no other opens before
    /// the deadline; `timeout` past the deadline; `too_large` for an answer over the protocol's
    /// limit (which closes the connection).
    pub async fn call(&self, body: &[u8], deadline: Duration) -> Result<Vec<u8>, BotFault> {
        let until = Instant::now() + deadline;
        let mut line = match self.board.pick(&self.bot_id, false) {
            Ok(line) => line,
            Err(_) => {
                return Err(BotFault::new(
                    FaultKind::Connect,
                    "the dial-out bot holds no connection to the server",
                ));
            }
        };
        loop {
            let request_id = self.board.request_id();
            let message = with_request_id(body, &request_id);
            let mut waiting: Waiting = line.send(request_id, message, until).await;
            let outcome = tokio::time::timeout_at(until, waiting.answer()).await;
            match outcome {
                Err(_) => return Err(waiting.timed_out(deadline)),
                Ok(Ok(answer)) => return Ok(answer),
                Ok(Err(Closed::TooLarge(detail))) => {
                    return Err(BotFault::new(FaultKind::TooLarge, detail));
                }
                Ok(Err(Closed::Gone)) => {}
            }
            line = self.reconnected(until, deadline).await?;
        }
    }

    /// The bot's next connection, waiting until `until` for one to open.
    async fn reconnected(&self, until: Instant, deadline: Duration) -> Result<Arc<Line>, BotFault> {
        loop {
            let opened = match self.board.pick(&self.bot_id, true) {
                Ok(line) => return Ok(line),
                Err(opened) => opened,
            };
            let signal = opened.notified();
            tokio::pin!(signal);
            signal.as_mut().enable();
            if let Ok(line) = self.board.pick(&self.bot_id, true) {
                return Ok(line);
            }
            if tokio::time::timeout_at(until, signal).await.is_err() {
                return Err(BotFault::new(
                    FaultKind::Connect,
                    format!(
                        "the bot's connection closed during the call and none opened again \
                         within {} ms",
                        deadline.as_millis()
                    ),
                ));
            }
        }
    }
}

/// `body` (a JSON object) with `"request_id"` as its first field.
fn with_request_id(body: &[u8], request_id: &str) -> String {
    let rest = String::from_utf8_lossy(body);
    let rest = rest.trim_start().strip_prefix('{').unwrap_or("}");
    let sep = if rest.trim_start().starts_with('}') {
        ""
    } else {
        ","
    };
    format!("{{\"request_id\":\"{request_id}\"{sep}{rest}")
}

#[cfg(test)]
mod tests;
