//! Heavy reads (a match's frames, downloads and analysis): at most
//! [`MAX_HEAVY_READS_PER_ADDRESS`] at once per client address, counted from the request until its
//! body is sent or dropped, so a few addresses cannot hold every build and every send
//! (docs/api.md, "Heavy reads"). Their CPU has a share too: the answers decompressed for clients
//! that do not take gzip take turns at a few permits (half the cores), so readers looping on them
//! leave the other requests a core.

use std::collections::HashMap;
use std::net::IpAddr;
use std::pin::Pin;
use std::sync::{Arc, Mutex};

use std::task::{Context, Poll};
use tokio::sync::Semaphore;

use axum::body::{Body, Bytes};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use hyper::body::{Frame, SizeHint};

use super::{ApiError, Detail};
use crate::proxy::ClientAddr;
use cardarena_contest::frames::cache::FramesCache;

/// The heavy reads one client address may have in progress at once.
pub const MAX_HEAVY_READS_PER_ADDRESS: usize = 4;

/// The `Retry-After` of a heavy read refused, in seconds.
pub const RETRY_AFTER_SECS: u64 = 2;

/// The heavy reads in progress, per client address, and their share of the CPU.
#[derive(Debug, Clone)]
pub struct HeavyReads {
    in_progress: Arc<Mutex<HashMap<IpAddr, usize>>>,
    inflating: Arc<Semaphore>,
}

impl Default for HeavyReads {
    fn default() -> HeavyReads {
        HeavyReads {
            in_progress: Arc::default(),
            inflating: Arc::new(Semaphore::new(FramesCache::default_builds())),
        }
    }
}

/// One heavy read in progress, counted until dropped.
#[derive(Debug)]
pub struct HeavyRead {
    reads: HeavyReads,
    addr: IpAddr,
}

impl HeavyReads {
    /// The permits that decompressing answers take turns at, a piece at a time.
    pub fn inflating(&self) -> Arc<Semaphore> {
        self.inflating.clone()
    }

    /// Counts a heavy read of `client`; past its share, [`PastShare`].
    pub fn take(&self, client: ClientAddr) -> Result<HeavyRead, PastShare> {
        let mut in_progress = self.in_progress.lock().unwrap_or_else(|e| e.into_inner());
        let count = in_progress.entry(client.0).or_default();
        if *count >= MAX_HEAVY_READS_PER_ADDRESS {
            metrics::counter!("cardarena_refused_total", "share" => "heavy_reads").increment(1);
            return Err(PastShare);
        }
        *count += 1;
        Ok(HeavyRead {
            reads: self.clone(),
            addr: client.0,
        })
    }
}

impl Drop for HeavyRead {
    fn drop(&mut self) {
        let mut in_progress = self
            .reads
            .in_progress
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        if let Some(count) = in_progress.get_mut(&self.addr) {
            *count -= 1;
            if *count == 0 {
                in_progress.remove(&self.addr);
            }
        }
    }
}

/// A heavy read refused: its address has its share in progress. Answered 429 `rate_limited`
/// with `Retry-After`, in the API's error shape.
#[derive(Debug)]
pub struct PastShare;

impl IntoResponse for PastShare {
    fn into_response(self) -> Response {
        ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "rate_limited",
            Detail::new("api-heavy-reads").number("count", MAX_HEAVY_READS_PER_ADDRESS as u64),
        )
        .retry_after(RETRY_AFTER_SECS)
        .into_response()
    }
}

/// `response` with `read` counted until its body is sent or dropped.
pub fn holding(response: Response, read: HeavyRead) -> Response {
    response.map(|body| Body::new(Held { body, _read: read }))
}

/// A body holding its heavy read.
struct Held {
    body: Body,
    _read: HeavyRead,
}

impl hyper::body::Body for Held {
    type Data = Bytes;
    type Error = axum::Error;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, axum::Error>>> {
        Pin::new(&mut self.body).poll_frame(cx)
    }

    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.body.size_hint()
    }
}
