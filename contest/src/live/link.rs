//! The live feeds' link between processes, over the store's signals: a process that plays
//! matches publishes its [`Relays`]' records and answers watch requests; a server publishes its
//! [`Mirrors`]' watch requests and hands them the records that come.

use tokio::sync::broadcast::error::RecvError;
use tokio::sync::mpsc;

use super::{Live, Mirrors, Record, Relays};
use cardarena_store::{Signal, Store};

/// How many signals may wait for the publisher.
const QUEUE_SIGNALS: usize = 8192;

/// Relays for the matches this process plays, published through `store`.
pub fn relays(store: &Store) -> Relays {
    Relays::new(publisher(store, Signal::Live))
}

/// Mirrors feeding `live`, their watch requests published through `store`.
pub fn mirrors(store: &Store, live: &Live) -> Mirrors {
    Mirrors::new(live.clone(), publisher(store, Signal::Watch)).with_store(store.clone())
}

/// Follows the signals of every process: a watch request goes to `relays` (which publish the
/// match's records if it is played here), a record to `mirrors`.
pub fn follow(store: &Store, relays: Option<Relays>, mirrors: Option<Mirrors>) {
    let mut signals = store.subscribe_signals();
    tokio::spawn(async move {
        loop {
            match signals.recv().await {
                Ok(Signal::Watch(id)) => {
                    if let Some(relays) = &relays {
                        relays.watch(&id);
                    }
                }
                Ok(Signal::Live(text)) => {
                    let Some(mirrors) = &mirrors else { continue };
                    match serde_json::from_str::<Record>(&text) {
                        Ok(record) => mirrors.record(record),
                        Err(e) => tracing::warn!("a live record that does not read: {e}"),
                    }
                }
                Ok(Signal::Queue) | Err(RecvError::Lagged(_)) => {}
                Err(RecvError::Closed) => return,
            }
        }
    });
}

/// A channel whose texts are sent, in order, as `signal(text)` through `store`.
fn publisher(store: &Store, signal: fn(String) -> Signal) -> mpsc::Sender<String> {
    let (sender, mut texts) = mpsc::channel::<String>(QUEUE_SIGNALS);
    let store = store.clone();
    tokio::spawn(async move {
        while let Some(text) = texts.recv().await {
            if let Err(e) = store.signal(signal(text)).await {
                tracing::warn!("cannot publish a live signal: {e}");
            }
        }
    });
    sender
}
