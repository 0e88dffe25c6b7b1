//! The listener: accepts TCP connections and serves each with hyper's HTTP/1 server, bounded so
//! that slow and idle clients cannot hold the server.
//!
//! - **Head timeout.** A connection must deliver a complete request head within
//!   [`ConnectionLimits::head_timeout`] of opening, and again of each answer. The one timer
//!   (hyper's header read timeout, which starts whenever the connection waits for a head) closes
//!   both half-sent heads and idle kept-alive connections.
//! - **A cap on open connections.** At most [`ConnectionLimits::max_connections`] are served at
//!   once. A connection arriving at the cap takes the place of the oldest connection that has no
//!   request in progress (it is idle or still sending its head: closing it loses nothing that
//!   was asked); when every connection is busy with a request, the newcomer waits for one to end
//!   and later ones wait in the kernel's backlog. So hundreds of half-open connections neither
//!   exhaust file descriptors nor keep a well-behaved client waiting.
//!
//! The request body's deadline is the API's (it reads bodies), not the listener's. A connection
//! upgraded to a WebSocket (a dial-out bot's, `api/connect.rs`) leaves the listener once the
//! upgrade is answered: the switchboard bounds those ([`cardarena_bots::dial`]).

use std::collections::BTreeMap;
use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::Request;
use axum::response::Response;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tokio::task::AbortHandle;
use tower::ServiceExt;

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
    /// How long a connection may take to send a complete request head, from its opening or from
    /// its previous answer; an idle kept-alive connection is closed after it too.
    pub head_timeout: Duration,
}

impl Default for ConnectionLimits {
    fn default() -> ConnectionLimits {
        ConnectionLimits {
            max_connections: 256,
            head_timeout: Duration::from_secs(10),
        }
    }
}

/// Serves `app` (the router with its outermost layers) on `listener` within `limits`, with each
/// request's client address available as `ConnectInfo<SocketAddr>`. Runs until the task is
/// dropped.
pub async fn serve<S>(
    listener: TcpListener,
    app: S,
    limits: ConnectionLimits,
) -> std::io::Result<()>
where
    S: App,
{
    let permits = Arc::new(Semaphore::new(limits.max_connections.max(1)));
    let open = Arc::new(OpenConnections::default());
    let mut builder = http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(limits.head_timeout)
        .max_buf_size(MAX_HEAD_BYTES)
        .keep_alive(true);
    let mut next_id = 0u64;
    loop {
        let (stream, client) = match listener.accept().await {
            Ok(accepted) => accepted,
            Err(error) if is_client_error(&error) => continue,
            Err(error) => {
                tracing::warn!("accepting a connection: {error}");
                tokio::time::sleep(ACCEPT_BACKOFF).await;
                continue;
            }
        };
        let permit = match permits.clone().try_acquire_owned() {
            Ok(permit) => permit,
            Err(_) => {
                open.close_oldest_idle();
                let Ok(permit) = permits.clone().acquire_owned().await else {
                    unreachable!("the semaphore is never closed");
                };
                permit
            }
        };
        let _ = stream.set_nodelay(true);
        next_id += 1;
        metrics::gauge!("cardarena_connections_open").increment(1.0);
        let connection = Connection {
            id: next_id,
            busy: Arc::new(AtomicUsize::new(0)),
            open: open.clone(),
            _permit: permit,
        };
        let busy = connection.busy.clone();
        let mut table = open.lock();
        let task = tokio::spawn(connection.serve(stream, client, app.clone(), builder.clone()));
        table.insert(
            next_id,
            Tracked {
                busy,
                abort: task.abort_handle(),
            },
        );
        drop(table);
    }
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

/// The connections being served, oldest first.
#[derive(Default)]
struct OpenConnections {
    table: Mutex<BTreeMap<u64, Tracked>>,
}

/// What the listener keeps of a connection: whether it has requests in progress, and how to
/// close it.
struct Tracked {
    busy: Arc<AtomicUsize>,
    abort: AbortHandle,
}

impl OpenConnections {
    fn lock(&self) -> MutexGuard<'_, BTreeMap<u64, Tracked>> {
        self.table.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Closes the oldest connection with no request in progress, if there is one.
    fn close_oldest_idle(&self) {
        let mut table = self.lock();
        let idle = table
            .iter()
            .find(|(_, c)| c.busy.load(Ordering::Acquire) == 0)
            .map(|(&id, _)| id);
        if let Some(tracked) = idle.and_then(|id| table.remove(&id)) {
            tracked.abort.abort();
        }
    }
}

/// One served connection; dropping it (when served or closed) frees its place.
struct Connection {
    id: u64,
    busy: Arc<AtomicUsize>,
    open: Arc<OpenConnections>,
    _permit: OwnedSemaphorePermit,
}

impl Drop for Connection {
    fn drop(&mut self) {
        metrics::gauge!("cardarena_connections_open").decrement(1.0);
        self.open.lock().remove(&self.id);
    }
}

impl Connection {
    async fn serve(
        self,
        stream: TcpStream,
        client: SocketAddr,
        app: impl App,
        builder: http1::Builder,
    ) {
        let busy = self.busy.clone();
        let service = hyper::service::service_fn(move |mut request: Request<Incoming>| {
            request.extensions_mut().insert(ConnectInfo(client));
            let in_progress = InProgress::start(&busy);
            let app = app.clone();
            async move {
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
            tracing::debug!(%client, "connection closed: {error}");
        }
    }
}

/// A request in progress on a connection, counted while it lives.
struct InProgress(Arc<AtomicUsize>);

impl InProgress {
    fn start(busy: &Arc<AtomicUsize>) -> InProgress {
        busy.fetch_add(1, Ordering::AcqRel);
        InProgress(busy.clone())
    }
}

impl Drop for InProgress {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
    }
}
