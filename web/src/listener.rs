//! The listener: accepts TCP connections and serves each with hyper's HTTP/1 server, bounded so
//! that slow and idle clients cannot hold the server.
//!
//! - **Head timeout.** A connection must deliver a complete request head within
//!   [`ConnectionLimits::head_timeout`] of opening, and again of each answer. The one timer
//!   (hyper's header read timeout, which starts whenever the connection waits for a head) closes
//!   both half-sent heads and idle kept-alive connections.
//! - **A cap on open connections.** At most [`ConnectionLimits::max_connections`] are served at
//!   once. A connection arriving at the cap takes the place of the oldest connection, of the
//!   address holding the most, that has no request in progress (it is idle, streams an answer already made, or is still sending its
//!   head: closing it loses nothing that was asked); failing that, of the oldest whose request is
//!   only waiting (a long poll, or a body that has stalled past [`WaitMark`]'s grace: the client
//!   asks again); when every connection is busy working on a request, the newcomer waits for one
//!   to end and later ones wait in the kernel's backlog. So hundreds of half-open connections or
//!   long polls neither exhaust file descriptors nor keep a well-behaved client waiting.
//! - **A share per client address.** One address holds at most
//!   [`ConnectionLimits::max_per_address`] connections. A connection arriving past it takes the
//!   place of that address's own oldest connection with no request in progress, never another
//!   address's (an idle one, else a waiting one); when all of them are working it is answered
//!   `429 rate_limited` (with `Retry-After`) and closed at once.
//!   A trusted proxy's connections ([`TrustedProxies`]) carry many clients, so they are not
//!   counted: each of its clients (from `X-Forwarded-For`) may instead have at most that many
//!   requests in progress, and a request past it is answered `429 rate_limited`.
//!
//! Every request carries its client's address as a [`ClientAddr`](crate::proxy::ClientAddr)
//! extension, read from the TCP peer or, behind a trusted proxy, from `X-Forwarded-For`
//! ([`crate::proxy`]).
//!
//! The request body's deadline is the API's (it reads bodies), not the listener's. A connection
//! upgraded to a WebSocket (a dial-out bot's, `api/connect.rs`) leaves the listener once the
//! upgrade is answered: the switchboard bounds those ([`cardarena_bots::dial`]).

mod activity;
mod share;

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::convert::Infallible;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use axum::body::Body;
use axum::http::Request;
use axum::response::{IntoResponse, Response};
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tokio::task::AbortHandle;
use tower::ServiceExt;

use crate::proxy::TrustedProxies;
use activity::{Activity, Closable, InProgress};
pub use activity::{WaitMark, Waiting, mark_waiting};
use share::Shares;

/// The largest request head read, in bytes: a slow client holds at most this much memory.
const MAX_HEAD_BYTES: usize = 64 * 1024;

/// How long the listener rests after an error accepting a connection other than the client's
/// own (out of file descriptors, say) before trying again.
const ACCEPT_BACKOFF: Duration = Duration::from_millis(100);

/// The bounds on client connections.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ConnectionLimits {
    /// The most connections served at once.
    pub max_connections: usize,
    /// The most connections one client address holds; behind a trusted proxy, the most requests
    /// one client has in progress.
    pub max_per_address: usize,
    /// How long a connection may take to send a complete request head, from its opening or from
    /// its previous answer; an idle kept-alive connection is closed after it too.
    pub head_timeout: Duration,
}

impl Default for ConnectionLimits {
    fn default() -> ConnectionLimits {
        ConnectionLimits {
            max_connections: 256,
            max_per_address: 64,
            head_timeout: Duration::from_secs(10),
        }
    }
}

/// Serves `app` (the router with its outermost layers) on `listener` within `limits`, believing
/// the `X-Forwarded-For` of the `trusted` proxies, with each request's client address available
/// as [`ClientAddr`](crate::proxy::ClientAddr). Runs until the task is dropped.
pub async fn serve<S>(
    listener: TcpListener,
    app: S,
    limits: ConnectionLimits,
    trusted: TrustedProxies,
) -> std::io::Result<()>
where
    S: App,
{
    let permits = Arc::new(Semaphore::new(limits.max_connections.max(1)));
    let open = Arc::new(OpenConnections::default());
    let max_per_address = limits.max_per_address.max(1);
    let shares = Shares::new(max_per_address);
    let refusal = share::refusal(max_per_address);
    let trusted = Arc::new(trusted);
    let mut builder = http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(limits.head_timeout)
        .max_buf_size(MAX_HEAD_BYTES)
        .keep_alive(true);
    let mut next_id = 0u64;
    loop {
        let (stream, peer) = match listener.accept().await {
            Ok(accepted) => accepted,
            Err(error) if is_client_error(&error) => continue,
            Err(error) => {
                tracing::warn!("accepting a connection: {error}");
                tokio::time::sleep(ACCEPT_BACKOFF).await;
                continue;
            }
        };
        let address = peer.ip().to_canonical();
        let proxy = trusted.contains(address);
        // Past its share, an address makes room among its own connections only.
        let past_share = !proxy && open.count(address) >= max_per_address;
        if past_share && !open.make_room(Some(address)) {
            tracing::debug!(%peer, "connection refused: its address's connections are all busy");
            metrics::counter!("cardarena_refused_total", "share" => "connections").increment(1);
            share::refuse(stream, &refusal);
            continue;
        }
        let permit = match permits.clone().try_acquire_owned() {
            Ok(permit) => permit,
            // The connection closed to make room frees a place soon; otherwise close one.
            Err(_) if past_share => acquire(&permits).await,
            Err(_) => loop {
                if open.make_room(None) {
                    break acquire(&permits).await;
                }
                // Every connection is working: wait for a place, or for one of them to finish
                // its request or start waiting, which makes it closable.
                if let Ok(Ok(permit)) =
                    tokio::time::timeout(ROOM_RETRY, permits.clone().acquire_owned()).await
                {
                    break permit;
                }
            },
        };
        let _ = stream.set_nodelay(true);
        next_id += 1;
        metrics::gauge!("cardarena_connections_open").increment(1.0);
        let connection = Connection {
            id: next_id,
            activity: Arc::default(),
            open: open.clone(),
            _permit: permit,
        };
        let activity = connection.activity.clone();
        let mut table = open.lock();
        let context = Context {
            app: app.clone(),
            trusted: trusted.clone(),
            shares: proxy.then(|| shares.clone()),
        };
        let task = tokio::spawn(connection.serve(stream, peer, context, builder.clone()));
        table.insert(
            next_id,
            Tracked {
                address,
                activity,
                abort: task.abort_handle(),
            },
        );
        drop(table);
    }
}

/// How often the listener, full of working connections, looks again for one it may close.
const ROOM_RETRY: Duration = Duration::from_millis(10);

/// A place, once one is free.
async fn acquire(permits: &Arc<Semaphore>) -> OwnedSemaphorePermit {
    let Ok(permit) = permits.clone().acquire_owned().await else {
        unreachable!("the semaphore is never closed");
    };
    permit
}

/// What the listener serves: a cloneable service answering every request, like axum's `Router`.
pub trait App:
    tower::Service<Request<Body>, Response = Response, Error = Infallible, Future: Send + 'static>
    + Clone
    + Send
    + 'static
{
}

impl<S> App for S where
    S: tower::Service<
            Request<Body>,
            Response = Response,
            Error = Infallible,
            Future: Send + 'static,
        > + Clone
        + Send
        + 'static
{
}

/// Whether an accept error is the client's doing (it gave up during the handshake), not ours.
fn is_client_error(error: &std::io::Error) -> bool {
    use std::io::ErrorKind::{ConnectionAborted, ConnectionRefused, ConnectionReset};
    matches!(
        error.kind(),
        ConnectionAborted | ConnectionRefused | ConnectionReset
    )
}

/// The connections being served, oldest first, and by address.
#[derive(Default)]
struct OpenConnections {
    table: Mutex<Table>,
}

/// The open connections by id (their order of arrival), and their ids by client address.
#[derive(Default)]
struct Table {
    by_id: BTreeMap<u64, Tracked>,
    by_address: HashMap<IpAddr, BTreeSet<u64>>,
}

/// What the listener keeps of a connection: its peer's address, what its requests are doing,
/// and how to close it.
struct Tracked {
    address: IpAddr,
    activity: Arc<Activity>,
    abort: AbortHandle,
}

impl Table {
    fn insert(&mut self, id: u64, tracked: Tracked) {
        self.by_address
            .entry(tracked.address)
            .or_default()
            .insert(id);
        self.by_id.insert(id, tracked);
    }

    fn remove(&mut self, id: u64) -> Option<Tracked> {
        let tracked = self.by_id.remove(&id)?;
        if let Some(ids) = self.by_address.get_mut(&tracked.address) {
            ids.remove(&id);
            if ids.is_empty() {
                self.by_address.remove(&tracked.address);
            }
        }
        Some(tracked)
    }

    /// The oldest connection of `ids` (oldest first) that is `closable`.
    fn oldest(&self, ids: &BTreeSet<u64>, closable: Closable) -> Option<u64> {
        ids.iter().copied().find(|id| {
            self.by_id
                .get(id)
                .is_some_and(|tracked| tracked.activity.closable() == closable)
        })
    }

    /// The connection to close to make room, of `address` if given, else of the address holding
    /// the most connections that has one to close: its oldest idle one, else its oldest only
    /// waiting. So a flood from a few addresses closes its own connections, never a lone
    /// client's request that has only just arrived (idle until its head is read).
    fn to_close(&self, address: Option<IpAddr>) -> Option<u64> {
        let mut addresses: Vec<&BTreeSet<u64>> = match address {
            Some(address) => self.by_address.get(&address).into_iter().collect(),
            None => self.by_address.values().collect(),
        };
        addresses.sort_by_key(|ids| std::cmp::Reverse(ids.len()));
        addresses.into_iter().find_map(|ids| {
            self.oldest(ids, Closable::Idle)
                .or_else(|| self.oldest(ids, Closable::Waiting))
        })
    }
}

impl OpenConnections {
    fn lock(&self) -> MutexGuard<'_, Table> {
        self.table.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The connections open from `address`.
    fn count(&self, address: IpAddr) -> usize {
        self.lock()
            .by_address
            .get(&address)
            .map_or(0, BTreeSet::len)
    }

    /// Closes a connection to make room ([`Table::to_close`]), of `address` if given, and says
    /// whether there was one.
    fn make_room(&self, address: Option<IpAddr>) -> bool {
        let mut table = self.lock();
        let closable = table.to_close(address);
        match closable.and_then(|id| table.remove(id)) {
            Some(tracked) => {
                tracked.abort.abort();
                true
            }
            None => false,
        }
    }
}

/// What a connection's requests are served with.
struct Context<S> {
    app: S,
    trusted: Arc<TrustedProxies>,
    /// The shares of a trusted proxy's clients; `None` on a connection from anyone else.
    shares: Option<Arc<Shares>>,
}

/// One served connection; dropping it (when served or closed) frees its place.
struct Connection {
    id: u64,
    activity: Arc<Activity>,
    open: Arc<OpenConnections>,
    _permit: OwnedSemaphorePermit,
}

impl Drop for Connection {
    fn drop(&mut self) {
        metrics::gauge!("cardarena_connections_open").decrement(1.0);
        self.open.lock().remove(self.id);
    }
}

impl Connection {
    async fn serve(
        self,
        stream: TcpStream,
        peer: SocketAddr,
        context: Context<impl App>,
        builder: http1::Builder,
    ) {
        let activity = self.activity.clone();
        let service = hyper::service::service_fn(move |mut request: Request<Incoming>| {
            let client = context.trusted.client(peer.ip(), request.headers());
            request.extensions_mut().insert(client);
            request
                .extensions_mut()
                .insert(WaitMark::new(activity.clone()));
            let share = context.shares.as_ref().map(|shares| shares.take(client));
            let in_progress = InProgress::start(&activity);
            let app = context.app.clone();
            async move {
                let _share = match share.transpose() {
                    Ok(share) => share,
                    Err(refused) => return Ok(refused.into_response()),
                };
                let response = app.oneshot(request.map(Body::new)).await;
                drop(in_progress);
                Ok::<_, Infallible>(response.unwrap_or_else(|never| match never {}))
            }
        });
        if let Err(error) = builder
            .serve_connection(TokioIo::new(stream), service)
            .with_upgrades()
            .await
        {
            tracing::debug!(%peer, "connection closed: {error}");
        }
    }
}
