//! `GET /api/bots/{id}/connect`: a dial-out bot's WebSocket (docs/protocol.md, "Dial-out
//! bots"). The owner's token opens it; the connection is then attached to the switchboard
//! ([`cardarena_bots::dial`]), which sends it the protocol's messages and takes the answers.
//!
//! The upgrade is made here rather than by axum's extractor so that the bytes from the bot pass
//! through [`Unfinished`], which closes a connection holding a frame unfinished past
//! [`FRAME_DEADLINE`](super::unfinished::FRAME_DEADLINE); the buffers are sized to what a
//! connection carries (docs/scaling.md, "Dial-out connections").

use std::time::Duration;

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::header::{
    CONNECTION, SEC_WEBSOCKET_ACCEPT, SEC_WEBSOCKET_KEY, SEC_WEBSOCKET_VERSION, UPGRADE,
};
use axum::http::{HeaderValue, Method, StatusCode};
use axum::response::Response;
use cardarena_bots::dial::{AttachError, Attached, Frame, MAX_CONNECTIONS_PER_BOT};
use cardarena_bots::http::MAX_ANSWER_BYTES;
use futures_util::{SinkExt, StreamExt};
use hyper::upgrade::OnUpgrade;
use hyper_util::rt::TokioIo;
use tokio::time::Instant;
use tokio_tungstenite::WebSocketStream;
use tokio_tungstenite::tungstenite::error::CapacityError;
use tokio_tungstenite::tungstenite::handshake::derive_accept_key;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::protocol::{CloseFrame, Role, WebSocketConfig};
use tokio_tungstenite::tungstenite::{Bytes, Error, Message};

use super::extract::Path;
use super::openapi::schemas::ErrorBody;
use super::unfinished::Unfinished;
use super::{ApiError, Detail, auth};
use crate::app::AppState;
use cardarena_store::BotKind;

/// How often the server pings an idle connection, keeping NATs and proxies from dropping it.
pub const PING_EVERY: Duration = Duration::from_secs(20);

/// How long a connection may send nothing at all (not even a pong) before it is closed.
pub const SILENT_FOR: Duration = Duration::from_secs(60);

/// How long writing one message may take before the connection is given up as stuck.
const WRITE_TIMEOUT: Duration = Duration::from_secs(10);

/// The largest message (and frame) read off a connection: the protocol's answer limit. A
/// larger one is refused as soon as its frame header (or its fragments) pass it, unread: the call
/// faults `too_large` and the connection closes (1009). It bounds what a frame announced but not
/// sent can make the server reserve.
pub const MAX_MESSAGE_BYTES: usize = MAX_ANSWER_BYTES;

/// How much is read off a connection at a time: the read buffer an idle connection holds.
const READ_BUFFER_BYTES: usize = 4 * 1024;

/// The WebSocket settings of a dial-out connection: small buffers, messages written at once.
fn config() -> WebSocketConfig {
    WebSocketConfig::default()
        .read_buffer_size(READ_BUFFER_BYTES)
        .write_buffer_size(0)
        .max_message_size(Some(MAX_MESSAGE_BYTES))
        .max_frame_size(Some(MAX_MESSAGE_BYTES))
}

/// A dial-out connection: the bot's WebSocket, its frames timed.
type Socket = WebSocketStream<Unfinished<TokioIo<hyper::upgrade::Upgraded>>>;

/// GET /api/bots/{id}/connect: opens the dial-out bot's connection. 401/403/404 as the bot's
/// other routes; 409 `not_dial_out` for a bot called at a URL; 429 `too_many_connections` past
/// [`MAX_CONNECTIONS_PER_BOT`]; 503 `server_full` past the server's own cap; 400
/// `not_a_websocket` for a request that is no WebSocket upgrade.
#[utoipa::path(get, path = "/bots/{id}/connect", tag = "bots",
    params(("id" = String, Path, description = "The dial-out bot's id")),
    security(("owner_token" = [])), responses(
    (status = 101, description = "Switching to the WebSocket: the server sends the protocol's messages with a `request_id`, the bot answers them (docs/protocol.md, \"Dial-out bots\")"),
    (status = 400, description = "`not_a_websocket`: a plain GET", body = ErrorBody),
    (status = 401, description = "`unauthorized`: no valid bearer token", body = ErrorBody),
    (status = 403, description = "`forbidden`: another bot's token", body = ErrorBody),
    (status = 409, description = "`not_dial_out`: the bot is called at its URL", body = ErrorBody),
    (status = 429, description = "`too_many_connections`: the bot holds 4 connections", body = ErrorBody),
    (status = 503, description = "`server_full`: the server holds as many connections as it takes", body = ErrorBody),
))]
pub async fn connect(
    State(state): State<AppState>,
    Path(id): Path<String>,
    mut request: Request,
) -> Result<Response, ApiError> {
    let bot = auth::owned_bot(&state.store, request.headers(), &id).await?;
    if !matches!(bot.kind, BotKind::Dial) {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "not_dial_out",
            Detail::new("api-not-dial-out"),
        ));
    }
    let (on_upgrade, accept) = upgrade(&mut request).map_err(|why| {
        ApiError::invalid(
            "not_a_websocket",
            Detail::new("api-not-a-websocket").words("reason", Detail::new(why)),
        )
    })?;
    let attached = state.switchboard.attach(&bot.id).map_err(|e| match e {
        AttachError::TooMany => ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "too_many_connections",
            Detail::new("api-too-many-connections").number("max", MAX_CONNECTIONS_PER_BOT as u64),
        ),
        AttachError::Full(_) => ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "server_full",
            Detail::new("api-connections-full"),
        ),
    })?;
    tracing::info!(bot = %bot.name, "dial-out bot connected");
    // A bot waiting for its first ping gets it now rather than at its next back-off.
    if bot.health.paused.is_some() {
        if let Err(e) = state.store.check_soon(&bot.id).await {
            tracing::warn!(bot = %bot.name, "cannot bring the health check forward: {e}");
        }
        state.health.wake();
    }
    tokio::spawn(async move {
        match on_upgrade.await {
            Ok(upgraded) => {
                let io = Unfinished::new(TokioIo::new(upgraded));
                let socket = WebSocketStream::from_raw_socket(io, Role::Server, Some(config()));
                pump(socket.await, attached).await;
            }
            Err(e) => tracing::debug!(bot = %bot.name, "dial-out upgrade failed: {e}"),
        }
        tracing::info!(bot = %bot.name, "dial-out bot disconnected");
        if state.switchboard.connections(&bot.id) == 0 {
            match state.store.pause_unconnected(&bot.id).await {
                Ok(true) => tracing::info!(bot = %bot.name, "paused: no connection open"),
                Ok(false) => {}
                Err(e) => tracing::warn!(bot = %bot.name, "cannot pause: {e}"),
            }
            state.health.wake();
        }
    });
    let mut response = Response::new(Body::empty());
    *response.status_mut() = StatusCode::SWITCHING_PROTOCOLS;
    let headers = response.headers_mut();
    headers.insert(CONNECTION, HeaderValue::from_static("upgrade"));
    headers.insert(UPGRADE, HeaderValue::from_static("websocket"));
    headers.insert(SEC_WEBSOCKET_ACCEPT, accept);
    Ok(response)
}

/// The connection's upgrade and the `Sec-WebSocket-Accept` to answer, if `request` is a
/// WebSocket opening (RFC 6455, section 4.2.1); otherwise the message saying what is missing.
fn upgrade(request: &mut Request) -> Result<(OnUpgrade, HeaderValue), &'static str> {
    let headers = request.headers();
    let has = |name, token: &str| {
        headers.get_all(name).iter().any(|v: &HeaderValue| {
            v.to_str()
                .is_ok_and(|v| v.split(',').any(|t| t.trim().eq_ignore_ascii_case(token)))
        })
    };
    if request.method() != Method::GET {
        return Err("api-ws-method");
    }
    if !has(CONNECTION, "upgrade") || !has(UPGRADE, "websocket") {
        return Err("api-ws-upgrade");
    }
    if !has(SEC_WEBSOCKET_VERSION, "13") {
        return Err("api-ws-version");
    }
    let key = headers.get(SEC_WEBSOCKET_KEY).ok_or("api-ws-key")?;
    let accept = HeaderValue::from_str(&derive_accept_key(key.as_bytes()))
        .map_err(|_| "api-ws-key-unusable")?;
    let on_upgrade = request
        .extensions_mut()
        .remove::<OnUpgrade>()
        .ok_or("api-ws-no-upgrade")?;
    Ok((on_upgrade, accept))
}

/// Writes what the switchboard gives the connection and delivers what the bot sends, until
/// either side closes, the bot is silent for [`SILENT_FOR`], or a write is stuck.
async fn pump(mut socket: Socket, mut attached: Attached) {
    let mut heard = Instant::now();
    let mut pings = tokio::time::interval_at(Instant::now() + PING_EVERY, PING_EVERY);
    loop {
        let out = tokio::select! {
            received = socket.next() => {
                heard = Instant::now();
                match received {
                    Some(Ok(Message::Text(text))) => attached.deliver(text.as_str()),
                    Some(Ok(Message::Binary(bytes))) => match std::str::from_utf8(&bytes) {
                        Ok(text) => attached.deliver(text),
                        Err(_) => attached.deliver("(a binary message that is not UTF-8)"),
                    },
                    Some(Ok(Message::Ping(_) | Message::Pong(_) | Message::Frame(_))) => {}
                    Some(Err(Error::Capacity(CapacityError::MessageTooLong { size, .. }))) => {
                        // Refused unread (nothing more is read): its calls fault `too_large`.
                        attached.too_large(size);
                        let _ = write(&mut socket, Message::Close(Some(CloseFrame {
                            code: CloseCode::Size,
                            reason: "message over 65536 bytes".into(),
                        }))).await;
                        return;
                    }
                    Some(Ok(Message::Close(_)) | Err(_)) | None => return,
                }
                continue;
            }
            frame = attached.next() => match frame {
                Some(Frame::Text(text)) => Message::Text(text.into()),
                Some(Frame::Close(code, reason)) => Message::Close(Some(CloseFrame {
                    code: CloseCode::from(code),
                    reason: reason.into(),
                })),
                None => return,
            },
            _ = pings.tick() => {
                if heard.elapsed() > SILENT_FOR {
                    let _ = write(&mut socket, Message::Close(Some(CloseFrame {
                        code: CloseCode::Away,
                        reason: "silent for 60 s".into(),
                    }))).await;
                    return;
                }
                Message::Ping(Bytes::new())
            }
        };
        let closing = matches!(out, Message::Close(_));
        if !write(&mut socket, out).await || closing {
            return;
        }
    }
}

/// Writes `message`; false if the connection failed or the write took over [`WRITE_TIMEOUT`].
async fn write(socket: &mut Socket, message: Message) -> bool {
    matches!(
        tokio::time::timeout(WRITE_TIMEOUT, socket.send(message)).await,
        Ok(Ok(()))
    )
}
