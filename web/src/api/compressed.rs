//! A compressed answer ([`Compressed`]) served as HTTP asks: `304` to an `If-None-Match` that
//! names it, its gzip bytes as they are to a client that accepts gzip (shared, not copied), and
//! otherwise decompressed on the way out, a few KB at a time: no reader ever costs a full copy
//! of the JSON. Decompressing takes turns at a shared set of permits, one piece per turn, so
//! that however many such readers there are, they use at most that many cores.

use std::future::Future;
use std::io::{Cursor, Read};
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};

use axum::body::{Body, Bytes};
use axum::http::header::{
    ACCEPT_ENCODING, CACHE_CONTROL, CONTENT_ENCODING, CONTENT_TYPE, ETAG, IF_NONE_MATCH, VARY,
};
use axum::http::{HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use flate2::bufread::GzDecoder;
use hyper::body::{Frame, SizeHint};
use tokio::sync::{AcquireError, OwnedSemaphorePermit, Semaphore};

use cardarena_contest::frames::cache::Compressed;

/// The size of each decompressed piece sent to a client that does not accept gzip.
const CHUNK_BYTES: usize = 8 * 1024;

/// Pieces decompressed in a row before the connection's task lets others run.
const CHUNKS_PER_TURN: u8 = 8;

/// The answer to a request with `headers` for `answer`; decompressing, if the client needs it,
/// takes turns at `inflating`'s permits.
pub fn respond(answer: Compressed, headers: &HeaderMap, inflating: Arc<Semaphore>) -> Response {
    let gzip = accepts_gzip(headers);
    // Each encoding is its own representation, so its own strong tag.
    let tag = match gzip {
        true => format!("\"{}-gz\"", answer.tag),
        false => format!("\"{}\"", answer.tag),
    };
    let common = [
        (
            ETAG,
            HeaderValue::from_str(&tag).unwrap_or(HeaderValue::from_static("\"\"")),
        ),
        (VARY, HeaderValue::from_static("accept-encoding")),
        (CACHE_CONTROL, HeaderValue::from_static("no-cache")),
    ];
    if none_match(headers, &answer.tag) {
        return (StatusCode::NOT_MODIFIED, common).into_response();
    }
    let json = (CONTENT_TYPE, HeaderValue::from_static("application/json"));
    if gzip {
        let encoding = (CONTENT_ENCODING, HeaderValue::from_static("gzip"));
        return (common, [json, encoding], Body::from(answer.gzip)).into_response();
    }
    let body = Gunzip {
        decoder: Some(Box::new(GzDecoder::new(Cursor::new(answer.gzip)))),
        left: answer.plain_len,
        streak: 0,
        inflating,
        turn: None,
    };
    (common, [json], Body::new(body)).into_response()
}

/// How many codings of `Accept-Encoding` are read; a browser sends a handful.
const MAX_CODINGS: usize = 32;

/// Whether `Accept-Encoding` takes gzip (or anything, `*`) with a weight above 0, among its
/// first [`MAX_CODINGS`] codings.
pub(crate) fn accepts_gzip(headers: &HeaderMap) -> bool {
    headers
        .get_all(ACCEPT_ENCODING)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .take(MAX_CODINGS)
        .any(|coding| {
            let mut parts = coding.split(';').map(str::trim);
            let name = parts.next().unwrap_or("");
            let refused = parts.any(|p| {
                p.strip_prefix("q=")
                    .and_then(|q| q.parse::<f32>().ok())
                    .is_some_and(|q| q <= 0.0)
            });
            (name.eq_ignore_ascii_case("gzip") || name == "*") && !refused
        })
}

/// Whether `If-None-Match` names the answer tagged `tag` (in either encoding), or is `*`.
fn none_match(headers: &HeaderMap, tag: &str) -> bool {
    headers
        .get_all(IF_NONE_MATCH)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(|t| t.trim())
        .any(|t| {
            let opaque = t.strip_prefix("W/").unwrap_or(t);
            let inner = opaque.trim_matches('"');
            t == "*" || inner == tag || inner.strip_suffix("-gz") == Some(tag)
        })
}

/// The JSON of a gzip answer, decompressed a piece at a time as the connection takes it.
struct Gunzip {
    /// `None` once all is sent.
    decoder: Option<Box<GzDecoder<Cursor<Bytes>>>>,
    left: u64,
    streak: u8,
    /// The permits decompressing takes turns at.
    inflating: Arc<Semaphore>,
    /// The wait for a permit, while one is awaited.
    turn: Option<Turn>,
}

/// A wait for a permit to decompress one piece.
type Turn = Pin<Box<dyn Future<Output = Result<OwnedSemaphorePermit, AcquireError>> + Send>>;

impl Gunzip {
    /// A permit to decompress one piece, or `Pending` until one is free. Waits are served in
    /// turn, and a closed set of permits (never closed) lets the piece through.
    fn permit(&mut self, cx: &mut Context<'_>) -> Poll<Option<OwnedSemaphorePermit>> {
        if self.turn.is_none() {
            if let Ok(permit) = self.inflating.clone().try_acquire_owned() {
                return Poll::Ready(Some(permit));
            }
            self.turn = Some(Box::pin(self.inflating.clone().acquire_owned()));
        }
        let Some(turn) = &mut self.turn else {
            return Poll::Ready(None);
        };
        let permit = std::task::ready!(turn.as_mut().poll(cx));
        self.turn = None;
        Poll::Ready(permit.ok())
    }
}

impl hyper::body::Body for Gunzip {
    type Data = Bytes;
    type Error = std::io::Error;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, std::io::Error>>> {
        let this = self.get_mut();
        if this.decoder.is_none() {
            return Poll::Ready(None);
        }
        if this.streak >= CHUNKS_PER_TURN {
            // A long answer to a fast reader is not decompressed in one go while other
            // connections wait for the worker thread.
            this.streak = 0;
            cx.waker().wake_by_ref();
            return Poll::Pending;
        }
        // Held while this one piece is decompressed, not while the client takes it.
        let _permit = std::task::ready!(this.permit(cx));
        let Some(decoder) = &mut this.decoder else {
            return Poll::Ready(None);
        };
        this.streak += 1;
        let want = (CHUNK_BYTES as u64).min(this.left) as usize;
        let mut piece = vec![0; want];
        let mut filled = 0;
        while filled < want {
            match decoder.read(&mut piece[filled..]) {
                Ok(0) => break,
                Ok(n) => filled += n,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => return Poll::Ready(Some(Err(e))),
            }
        }
        if filled < want {
            this.decoder = None;
            let short = std::io::Error::other("a compressed answer ended early");
            return Poll::Ready(Some(Err(short)));
        }
        piece.truncate(filled);
        this.left -= filled as u64;
        if this.left == 0 {
            this.decoder = None;
        }
        Poll::Ready(Some(Ok(Frame::data(Bytes::from(piece)))))
    }

    fn is_end_stream(&self) -> bool {
        self.decoder.is_none()
    }

    fn size_hint(&self) -> SizeHint {
        SizeHint::with_exact(self.left)
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.append(*name, HeaderValue::from_str(value).unwrap());
        }
        map
    }

    #[test]
    fn gzip_is_taken_when_accepted_with_a_weight() {
        assert!(accepts_gzip(&headers(&[(
            "accept-encoding",
            "gzip, deflate, br"
        )])));
        assert!(accepts_gzip(&headers(&[(
            "accept-encoding",
            "br;q=1.0, GZIP;q=0.5"
        )])));
        assert!(accepts_gzip(&headers(&[("accept-encoding", "*")])));
        assert!(!accepts_gzip(&headers(&[("accept-encoding", "gzip;q=0")])));
        assert!(!accepts_gzip(&headers(&[("accept-encoding", "identity")])));
        assert!(!accepts_gzip(&headers(&[])));
        // Only the first MAX_CODINGS codings are read.
        let long = format!("{}gzip", "x, ".repeat(MAX_CODINGS));
        assert!(!accepts_gzip(&headers(&[(
            "accept-encoding",
            long.as_str()
        )])));
    }

    #[tokio::test]
    async fn decompressing_waits_for_its_turn_at_the_permits() {
        use futures_util::StreamExt;
        let text = "[".to_string() + &"12345,".repeat(10_000) + "0]";
        let answer = Compressed::encode(|w| w.write_all(text.as_bytes())).unwrap();
        let inflating = Arc::new(Semaphore::new(1));
        let held = inflating.clone().try_acquire_owned().unwrap();
        let response = respond(answer, &headers(&[]), inflating.clone());
        let mut pieces = response.into_body().into_data_stream();
        let waited = tokio::time::timeout(Duration::from_millis(50), pieces.next()).await;
        assert!(
            waited.is_err(),
            "no piece while another holds the only permit"
        );
        drop(held);
        let mut plain = Vec::new();
        while let Some(piece) = pieces.next().await {
            let piece = piece.unwrap();
            assert!(piece.len() <= CHUNK_BYTES);
            plain.extend_from_slice(&piece);
        }
        assert_eq!(plain, text.as_bytes());
        assert_eq!(
            inflating.available_permits(),
            1,
            "no permit is kept between pieces"
        );
    }

    #[test]
    fn a_tag_in_either_encoding_matches() {
        let tag = "abc";
        assert!(none_match(&headers(&[("if-none-match", "\"abc\"")]), tag));
        assert!(none_match(
            &headers(&[("if-none-match", "\"x\", W/\"abc-gz\"")]),
            tag
        ));
        assert!(none_match(&headers(&[("if-none-match", "*")]), tag));
        assert!(!none_match(&headers(&[("if-none-match", "\"abcd\"")]), tag));
        assert!(!none_match(&headers(&[]), tag));
    }
}
