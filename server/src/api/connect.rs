//! `GET /api/bots/{id}/connect`: a dial-out bot's WebSocket (docs/protocol.md, "Dial-out
//! bots"). The owner's token opens it; the connection is then attached to the switchboard
//! ([`cardarena_bots::dial`]), which sends it the protocol's messages and takes the answers.

use std::time::Duration;

use axum::extract::State;
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use cardarena_bots::dial::{AttachError, Attached, Frame, MAX_CONNECTIONS_PER_BOT};
use tokio::time::Instant;

use super::extract::Path;
use super::openapi::schemas::ErrorBody;
use super::{ApiError, auth};
use crate::app::AppState;
use crate::store::BotKind;

/// How often the server pings an idle connection, keeping NATs and proxies from dropping it.
pub const PING_EVERY: Duration = Duration::from_secs(20);

/// How long a connection may send nothing at all (not even a pong) before it is closed.
pub const SILENT_FOR: Duration = Duration::from_secs(60);

/// How long writing one message may take before the connection is given up as stuck.
const WRITE_TIMEOUT: Duration = Duration::from_secs(10);

/// The largest message read off a connection: past the protocol's answer limit, so that an
/// answer just over it faults `too_large`; past this the connection just closes.
const MAX_MESSAGE_BYTES: usize = 1024 * 1024;

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
    headers: HeaderMap,
    upgrade: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Result<Response, ApiError> {
    let bot = auth::owned_bot(&state.store, &headers, &id).await?;
    if !matches!(bot.kind, BotKind::Dial) {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "not_dial_out",
            "this bot is called at its URL; make it a dial-out bot first with \
             PATCH /api/bots/{id} {\"connect\": true}",
        ));
    }
    let upgrade = upgrade.map_err(|rejection| {
        ApiError::invalid(
            "not_a_websocket",
            format!("open this route as a WebSocket: {}", rejection.body_text()),
        )
    })?;
    let attached = state.switchboard.attach(&bot.id).map_err(|e| match e {
        AttachError::TooMany => ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "too_many_connections",
            format!("a bot may hold at most {MAX_CONNECTIONS_PER_BOT} connections at once"),
        ),
        AttachError::Full(_) => ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "server_full",
            "the server holds as many dial-out connections as it takes; try again later",
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
    Ok(upgrade
        .max_message_size(MAX_MESSAGE_BYTES)
        .max_frame_size(MAX_MESSAGE_BYTES)
        .on_upgrade(move |socket| async move {
            pump(socket, attached).await;
            tracing::info!(bot = %bot.name, "dial-out bot disconnected");
            if state.switchboard.connections(&bot.id) == 0 {
                match state.store.pause_unconnected(&bot.id).await {
                    Ok(true) => tracing::info!(bot = %bot.name, "paused: no connection open"),
                    Ok(false) => {}
                    Err(e) => tracing::warn!(bot = %bot.name, "cannot pause: {e}"),
                }
                state.health.wake();
            }
        }))
}

/// Writes what the switchboard gives the connection and delivers what the bot sends, until
/// either side closes, the bot is silent for [`SILENT_FOR`], or a write is stuck.
async fn pump(mut socket: WebSocket, mut attached: Attached) {
    let mut heard = Instant::now();
    let mut pings = tokio::time::interval_at(Instant::now() + PING_EVERY, PING_EVERY);
    loop {
        let out = tokio::select! {
            received = socket.recv() => {
                heard = Instant::now();
                match received {
                    Some(Ok(Message::Text(text))) => attached.deliver(text.as_str()),
                    Some(Ok(Message::Binary(bytes))) => match std::str::from_utf8(&bytes) {
                        Ok(text) => attached.deliver(text),
                        Err(_) => attached.deliver("(a binary message that is not UTF-8)"),
                    },
                    Some(Ok(Message::Ping(_) | Message::Pong(_))) => {}
                    Some(Ok(Message::Close(_)) | Err(_)) | None => return,
                }
                continue;
            }
            frame = attached.next() => match frame {
                Some(Frame::Text(text)) => Message::Text(text.into()),
                Some(Frame::Close(code, reason)) => Message::Close(Some(CloseFrame {
                    code,
                    reason: reason.into(),
                })),
                None => return,
            },
            _ = pings.tick() => {
                if heard.elapsed() > SILENT_FOR {
                    let _ = write(&mut socket, Message::Close(Some(CloseFrame {
                        code: 1001,
                        reason: "silent for 60 s".into(),
                    }))).await;
                    return;
                }
                Message::Ping(Default::default())
            }
        };
        let closing = matches!(out, Message::Close(_));
        if !write(&mut socket, out).await || closing {
            return;
        }
    }
}

/// Writes `message`; false if the connection failed or the write took over [`WRITE_TIMEOUT`].
async fn write(socket: &mut WebSocket, message: Message) -> bool {
    matches!(
        tokio::time::timeout(WRITE_TIMEOUT, socket.send(message)).await,
        Ok(Ok(()))
    )
}
