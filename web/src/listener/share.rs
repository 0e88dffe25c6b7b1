//! One client's share of the server: the answers refusing a client past it, and the count of
//! requests in progress per client that come through trusted proxies (whose connections carry
//! many clients, so are not counted per address).

use std::collections::HashMap;
use std::io::Write;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};

use axum::http::StatusCode;
use tokio::net::TcpStream;

use crate::api::ApiError;
use crate::proxy::ClientAddr;

/// The answer to a request past its client's share.
fn past_share(detail: String) -> ApiError {
    ApiError::new(StatusCode::TOO_MANY_REQUESTS, "rate_limited", detail)
}

/// The whole HTTP answer written to a connection refused at accept: a 429 in the API's JSON
/// error shape, closing the connection.
pub(super) fn refusal(max: usize) -> Vec<u8> {
    let error = past_share(format!(
        "Your address has {max} connections open, all busy, as many as one address may \
         have. Try again when one of them ends."
    ));
    let body = error.body().to_string();
    let head = format!(
        "HTTP/1.1 429 Too Many Requests\r\ncontent-type: application/json\r\n\
         retry-after: 1\r\ncontent-length: {}\r\nconnection: close\r\n\r\n",
        body.len()
    );
    [head.into_bytes(), body.into_bytes()].concat()
}

/// Writes `refusal` to a connection that is not served, without waiting (it fits a fresh
/// socket's send buffer; a client that cannot take it loses nothing it was owed), and closes it.
pub(super) fn refuse(stream: TcpStream, refusal: &[u8]) {
    if let Ok(stream) = stream.into_std() {
        let _ = (&stream).write(refusal);
    }
}

/// Requests in progress per client, for the clients of trusted proxies.
#[derive(Debug)]
pub(super) struct Shares {
    max: usize,
    in_progress: Mutex<HashMap<IpAddr, usize>>,
}

impl Shares {
    /// At most `max` requests in progress per client.
    pub(super) fn new(max: usize) -> Arc<Shares> {
        Arc::new(Shares {
            max: max.max(1),
            in_progress: Mutex::default(),
        })
    }

    /// Counts a request of `client` in progress while the share lives, or refuses it (429) if
    /// the client has its `max` in progress already.
    pub(super) fn take(self: &Arc<Shares>, client: ClientAddr) -> Result<Share, ApiError> {
        let mut counts = self.in_progress.lock().unwrap_or_else(|e| e.into_inner());
        let count = counts.entry(client.0).or_default();
        if *count >= self.max {
            tracing::debug!(%client, "request refused: its share of requests in progress");
            metrics::counter!("cardarena_refused_total", "share" => "requests").increment(1);
            return Err(past_share(format!(
                "Your address has {} requests in progress, as many as one address may have. \
                 Try again when one of them ends.",
                self.max
            ))
            .retry_after(1));
        }
        *count += 1;
        Ok(Share {
            shares: self.clone(),
            client: client.0,
        })
    }
}

/// A request of a trusted proxy's client in progress, counted while it lives.
pub(super) struct Share {
    shares: Arc<Shares>,
    client: IpAddr,
}

impl Drop for Share {
    fn drop(&mut self) {
        let mut counts = self
            .shares
            .in_progress
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        if let Some(count) = counts.get_mut(&self.client) {
            *count -= 1;
            if *count == 0 {
                counts.remove(&self.client);
            }
        }
    }
}
