//! Signals between the processes that share the database: PostgreSQL's LISTEN/NOTIFY, so that a
//! worker wakes when a match is queued anywhere and a server can follow a match a worker plays.
//! On SQLite, whose database one process plays from, a signal goes round within the process.
//!
//! Signals are hints, never the record: whatever a signal says is in the database too, or can be
//! asked for again. A notification lost while a listener reconnects costs a poll's delay (the
//! scheduler looks at the queue every second anyway) or a watch request's repetition.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use sqlx::postgres::PgListener;
use tokio::sync::broadcast;

use super::{Store, StoreError};

/// How many signals a subscriber may fall behind before it loses the oldest.
const QUEUE_SIGNALS: usize = 4096;

/// How long a listener waits before it connects again after losing its connection.
const RECONNECT: Duration = Duration::from_secs(1);

/// One signal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Signal {
    /// Matches were queued, or a match ended (which may free a bot that queued matches wait
    /// for): a process with free slots should look at the queue.
    Queue,
    /// A server wants the records of a running match (its id): see the contest's `live::Relays`.
    Watch(String),
    /// A running match's record, as JSON: see the contest's `live::Record`.
    Live(String),
}

impl Signal {
    const QUEUE: &'static str = "cardarena_queue";
    const WATCH: &'static str = "cardarena_watch";
    const LIVE: &'static str = "cardarena_live";

    fn channel(&self) -> &'static str {
        match self {
            Signal::Queue => Signal::QUEUE,
            Signal::Watch(_) => Signal::WATCH,
            Signal::Live(_) => Signal::LIVE,
        }
    }

    fn payload(&self) -> &str {
        match self {
            Signal::Queue => "",
            Signal::Watch(text) | Signal::Live(text) => text,
        }
    }

    fn from_notification(channel: &str, payload: &str) -> Option<Signal> {
        match channel {
            Signal::QUEUE => Some(Signal::Queue),
            Signal::WATCH => Some(Signal::Watch(payload.to_string())),
            Signal::LIVE => Some(Signal::Live(payload.to_string())),
            _ => None,
        }
    }
}

/// The store's end of the signals: the subscribers' channel, and on PostgreSQL whether the
/// listener feeding it runs (the first subscriber starts it; it stops when the last one goes).
#[derive(Debug)]
pub(super) struct Signals {
    sender: broadcast::Sender<Signal>,
    pub(super) listening: AtomicBool,
    /// Whether the listener holds a connection that listens on every channel.
    pub(super) connected: AtomicBool,
}

impl Default for Signals {
    fn default() -> Signals {
        Signals {
            sender: broadcast::channel(QUEUE_SIGNALS).0,
            listening: AtomicBool::new(false),
            connected: AtomicBool::new(false),
        }
    }
}

impl Store {
    /// Sends `signal` to every process sharing the database (this one included). On PostgreSQL it
    /// is a `NOTIFY`, delivered once it commits (at once here, outside a transaction).
    pub async fn signal(&self, signal: Signal) -> Result<(), StoreError> {
        if self.backend.shared() {
            sqlx::query("SELECT pg_notify($1, $2)")
                .bind(signal.channel())
                .bind(signal.payload())
                .execute(&self.pool)
                .await?;
        } else {
            let _ = self.signals.sender.send(signal);
        }
        Ok(())
    }

    /// The signals from now on. The first subscriber on PostgreSQL starts the process's listener,
    /// which runs as long as the store has subscribers.
    pub fn subscribe_signals(&self) -> broadcast::Receiver<Signal> {
        let receiver = self.signals.sender.subscribe();
        if self.backend.shared() && !self.signals.listening.swap(true, Ordering::SeqCst) {
            tokio::spawn(listen(self.url.clone(), Arc::clone(&self.signals)));
        }
        receiver
    }
}

/// Listens on every signal channel and hands each notification to the subscribers, connecting
/// again whenever the connection is lost, until nobody subscribes any more.
async fn listen(url: Arc<str>, signals: Arc<Signals>) {
    loop {
        listen_while_subscribed(&url, &signals.sender, &signals.connected).await;
        signals.listening.store(false, Ordering::SeqCst);
        // A subscriber that came as this listener stopped found it running: start again for it.
        if signals.sender.receiver_count() == 0 || signals.listening.swap(true, Ordering::SeqCst) {
            return;
        }
    }
}

async fn listen_while_subscribed(
    url: &str,
    sender: &broadcast::Sender<Signal>,
    connected: &AtomicBool,
) {
    while sender.receiver_count() > 0 {
        let mut listener = match PgListener::connect(url).await {
            Ok(listener) => listener,
            Err(e) => {
                tracing::warn!("cannot listen for signals: {e}");
                tokio::time::sleep(RECONNECT).await;
                continue;
            }
        };
        if let Err(e) = listener
            .listen_all([Signal::QUEUE, Signal::WATCH, Signal::LIVE])
            .await
        {
            tracing::warn!("cannot listen for signals: {e}");
            tokio::time::sleep(RECONNECT).await;
            continue;
        }
        connected.store(true, Ordering::SeqCst);
        // What was missed while not listening may have been a queued match.
        let _ = sender.send(Signal::Queue);
        loop {
            let received = tokio::time::timeout(RECONNECT * 5, listener.try_recv()).await;
            if sender.receiver_count() == 0 {
                return;
            }
            match received {
                Err(_) => continue,
                Ok(Ok(Some(notification))) => {
                    let signal =
                        Signal::from_notification(notification.channel(), notification.payload());
                    if let Some(signal) = signal {
                        let _ = sender.send(signal);
                    }
                }
                // The connection was lost and is made again by the next `try_recv`.
                Ok(Ok(None)) => {
                    let _ = sender.send(Signal::Queue);
                }
                Ok(Err(e)) => {
                    tracing::warn!("listening for signals: {e}");
                    break;
                }
            }
        }
        connected.store(false, Ordering::SeqCst);
    }
}
