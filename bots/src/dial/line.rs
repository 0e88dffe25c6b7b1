//! [`Line`]: one open connection of a dial-out bot, with the calls waiting on it for an answer.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use serde::Deserialize;
use tokio::sync::{mpsc, oneshot};
use tokio::time::Instant;

use crate::bot::{BotFault, FaultKind};
use crate::http::MAX_ANSWER_BYTES;

/// What the connection's writer is given to send.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Frame {
    /// A protocol message, as a text frame.
    Text(String),
    /// Close the connection with this code and reason.
    Close(u16, &'static str),
}

/// The messages to write to one connection, in order; ends when the line is closed.
pub struct Outgoing(mpsc::Receiver<Frame>);

impl Outgoing {
    pub(super) fn new(receiver: mpsc::Receiver<Frame>) -> Outgoing {
        Outgoing(receiver)
    }

    /// The next frame to write; `None` once the line is gone.
    pub async fn next(&mut self) -> Option<Frame> {
        self.0.recv().await
    }
}

/// Why a waiting call got no answer from its connection.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Closed {
    /// The connection closed: the call may go again on another.
    Gone,
    /// The bot sent a message over the limit, which closed the connection.
    TooLarge(String),
}

type Answer = Result<Vec<u8>, Closed>;

/// One open connection of a dial-out bot.
pub struct Line {
    id: u64,
    bot_id: String,
    sender: mpsc::Sender<Frame>,
    state: Mutex<State>,
}

#[derive(Default)]
struct State {
    waiting: HashMap<String, oneshot::Sender<Answer>>,
    closed: Option<Closed>,
    /// The start of the last message that named no waiting call, for the fault of the call that
    /// then times out.
    stray: Option<String>,
}

/// How much of a stray message is kept.
const STRAY_CHARS: usize = 200;

/// The part of an answer that says which call it answers.
#[derive(Deserialize)]
struct Tag {
    #[serde(default)]
    request_id: Option<serde_json::Value>,
}

/// The call a message from a dial-out bot answers: its `request_id`, a string as it is and any
/// other JSON value as its JSON text; `None` for a message that is not a JSON object or names
/// none. The one reading of a bot's messages [`Line::deliver`] does (fuzzed by fuzz/).
pub fn request_id(text: &str) -> Option<String> {
    // serde reads a struct from a JSON array too (positionally): only an object names a request.
    if text.trim_start().as_bytes().first() != Some(&b'{') {
        return None;
    }
    serde_json::from_str::<Tag>(text)
        .ok()
        .and_then(|tag| tag.request_id)
        .map(|id| match id {
            serde_json::Value::String(text) => text,
            other => other.to_string(),
        })
}

impl Line {
    pub(super) fn new(id: u64, bot_id: &str, sender: mpsc::Sender<Frame>) -> Line {
        Line {
            id,
            bot_id: bot_id.to_string(),
            sender,
            state: Mutex::default(),
        }
    }

    /// The connection's number on the board.
    pub fn id(&self) -> u64 {
        self.id
    }

    /// The bot whose connection this is.
    pub fn bot_id(&self) -> &str {
        &self.bot_id
    }

    /// How many calls wait for an answer on this connection.
    pub fn waiting(&self) -> usize {
        self.lock().waiting.len()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Takes a message the bot sent: the answer of the call its `request_id` names. A message over
    /// [`MAX_ANSWER_BYTES`] faults every call waiting here `too_large` and closes the connection
    /// (code 1009); one that names no waiting call (late, or without a readable `request_id`) is
    /// dropped, and quoted in the fault of the next call here that times out.
    pub fn deliver(&self, text: &str) {
        if text.len() > MAX_ANSWER_BYTES {
            self.too_large(text.len());
            return;
        }
        let id = request_id(text);
        let mut state = self.lock();
        match id.and_then(|id| state.waiting.remove(&id)) {
            Some(call) => {
                let _ = call.send(Ok(text.as_bytes().to_vec()));
            }
            None => state.stray = Some(text.chars().take(STRAY_CHARS).collect()),
        }
    }

    /// Refuses a message of `size` bytes, over [`MAX_ANSWER_BYTES`] (one the connection's
    /// reader stopped reading once its frame header said so): faults every call waiting here
    /// `too_large` and closes the connection (code 1009).
    pub fn too_large(&self, size: usize) {
        let detail = format!(
            "the bot sent a message of {size} bytes on its connection; at most \
             {MAX_ANSWER_BYTES} bytes are allowed, and the connection was closed"
        );
        self.close(Closed::TooLarge(detail));
        let _ = self
            .sender
            .try_send(Frame::Close(1009, "message over 65536 bytes"));
    }

    /// Asks the connection's writer to close it (the bot was deleted or moved to a URL).
    pub fn hang_up(&self) {
        let _ = self
            .sender
            .try_send(Frame::Close(1000, "the bot no longer dials out"));
    }

    /// Ends every call waiting here with `why`; later calls end at once.
    pub(super) fn close(&self, why: Closed) {
        let mut state = self.lock();
        for (_, call) in state.waiting.drain() {
            let _ = call.send(Err(why.clone()));
        }
        state.closed.get_or_insert(why);
    }

    /// Sends `message` as request `request_id`, giving up at `until` if the writer is that far
    /// behind, and returns the wait for its answer.
    pub(super) async fn send(
        self: &Arc<Self>,
        request_id: String,
        message: String,
        until: Instant,
    ) -> Waiting {
        let (tell, answer) = oneshot::channel();
        {
            let mut state = self.lock();
            match &state.closed {
                Some(why) => {
                    let _ = tell.send(Err(why.clone()));
                }
                None => {
                    state.waiting.insert(request_id.clone(), tell);
                }
            }
        }
        let waiting = Waiting {
            line: self.clone(),
            request_id,
            answer,
        };
        let sent = tokio::time::timeout_at(until, self.sender.send(Frame::Text(message))).await;
        if let Ok(Err(_)) = sent {
            self.close(Closed::Gone);
        }
        waiting
    }
}

/// A call sent on a [`Line`], waiting for its answer.
pub(super) struct Waiting {
    line: Arc<Line>,
    request_id: String,
    answer: oneshot::Receiver<Answer>,
}

impl Waiting {
    /// The bot's answer, or why the connection gave none.
    pub(super) async fn answer(&mut self) -> Answer {
        (&mut self.answer).await.unwrap_or(Err(Closed::Gone))
    }

    /// The `timeout` fault of this call, which stops waiting.
    pub(super) fn timed_out(&self, deadline: Duration) -> BotFault {
        let mut state = self.line.lock();
        state.waiting.remove(&self.request_id);
        let mut detail = format!("no answer within {} ms", deadline.as_millis());
        if let Some(stray) = state.stray.take() {
            detail.push_str(&format!(
                "; the connection sent a message naming no waiting request_id: {stray}"
            ));
        }
        BotFault::new(FaultKind::Timeout, detail)
    }
}
