//! A module bot's module: `PUT /api/bots/{id}/module` uploads a WebAssembly component of the bot
//! world (docs/protocol.md, "Bot modules") and makes it the bot's program, a new version.
//!
//! An upload is checked before anything is kept: its size, its content type, and then, in
//! [`ModuleChecks`], compiled (and, unless modules run only in workers, started and sent a
//! `match_end`) on a thread of its own, one check at a time in the process, at most one per
//! network, a few waiting; past that it is answered `503 busy`. Each network uploads so many
//! modules an hour. A module is stored once, by the SHA-256 of its bytes: an upload of bytes
//! already stored is not checked again, and one equal to the bot's current module changes
//! nothing.

use std::collections::HashSet;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, header};
use cardarena_sandbox::{Limits, Sandbox};
use cardarena_store::{BotKind, Network, Networks, ProgramChange};
use serde_json::Value;
use sha2::{Digest, Sha256};
use tokio::sync::Semaphore;

use super::auth::owned_bot;
use super::bots::{allow_version, network_limited, version_json};
use super::extract::Path;
use super::openapi::schemas::{self, ErrorBody};
use super::{ApiError, Detail, Missing};
use crate::app::AppState;
use crate::proxy::ClientAddr;

/// The content type of an upload.
pub const WASM_TYPE: &str = "application/wasm";

/// How many uploads may wait for the check in progress before more are answered `503 busy`.
const MAX_WAITING: usize = 4;

/// The `Retry-After` of a `503 busy` upload, in seconds: a check takes seconds.
const BUSY_RETRY_SECS: u64 = 10;

/// Where a module bot's module is uploaded.
pub fn module_path(id: &str) -> String {
    format!("/api/bots/{id}/module")
}

/// The checks of uploaded modules in this process: one at a time, each on a blocking thread.
pub struct ModuleChecks {
    sandbox: Sandbox,
    runs: bool,
    networks: Networks,
    turn: Semaphore,
    waiting: AtomicUsize,
    checking: Mutex<HashSet<Network>>,
}

impl ModuleChecks {
    /// Checks under `limits`; with `runs` false a module is compiled only, never run (the
    /// process serves the API and runs no contestant's code). One check in progress per network
    /// of `networks`.
    pub fn new(limits: Limits, runs: bool, networks: Networks) -> Result<ModuleChecks, String> {
        Ok(ModuleChecks {
            sandbox: Sandbox::new(limits)?,
            runs,
            networks,
            turn: Semaphore::new(1),
            waiting: AtomicUsize::new(0),
            checking: Mutex::new(HashSet::new()),
        })
    }

    /// Checks `bytes` for `client`: `Ok` if it is a bot module, the `400 bad_module` saying why
    /// not, or `503 busy` when checks are queued already or the client's network has one in
    /// progress.
    async fn check(&self, client: ClientAddr, bytes: Bytes) -> Result<(), ApiError> {
        let network = self.networks.of(client.0);
        let _mine = NetworkTurn::take(&self.checking, network)
            .ok_or_else(|| busy(Detail::new("api-module-network-checking")))?;
        if self.waiting.fetch_add(1, Ordering::SeqCst) >= MAX_WAITING {
            self.waiting.fetch_sub(1, Ordering::SeqCst);
            return Err(busy(Detail::new("api-module-server-checking")));
        }
        let turn = self.turn.acquire().await;
        self.waiting.fetch_sub(1, Ordering::SeqCst);
        let _turn = turn.map_err(|_| busy(Detail::new("api-server-stopping")))?;
        let (sandbox, runs) = (self.sandbox.clone(), self.runs);
        let checked = tokio::task::spawn_blocking(move || match runs {
            true => sandbox.check(&bytes).map(drop),
            false => sandbox.check_compiles(&bytes).map(drop),
        })
        .await
        .map_err(|e| ApiError::internal(format!("a module check stopped: {e}")))?;
        checked.map_err(|refusal| ApiError::invalid("bad_module", super::words::module(refusal)))
    }
}

/// A network's check in progress, given back when dropped.
struct NetworkTurn<'a> {
    checking: &'a Mutex<HashSet<Network>>,
    network: Network,
}

impl<'a> NetworkTurn<'a> {
    fn take(checking: &'a Mutex<HashSet<Network>>, network: Network) -> Option<NetworkTurn<'a>> {
        let mut set = checking.lock().unwrap_or_else(|p| p.into_inner());
        set.insert(network.clone())
            .then_some(NetworkTurn { checking, network })
    }
}

impl Drop for NetworkTurn<'_> {
    fn drop(&mut self) {
        let mut set = self.checking.lock().unwrap_or_else(|p| p.into_inner());
        set.remove(&self.network);
    }
}

fn busy(detail: Detail) -> ApiError {
    ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "busy", detail).retry_after(BUSY_RETRY_SECS)
}

/// A refused upload of `bytes` bytes, past `limit` (the body guard answers it: a body past the
/// limit never reaches the handler).
pub fn too_large(bytes: Option<u64>, limit: usize) -> ApiError {
    let size = match bytes {
        Some(bytes) => Detail::new("api-module-size").number("bytes", bytes),
        None => Detail::new("api-module-larger"),
    };
    let detail = Detail::new("api-module-too-large")
        .number("max", limit as u64)
        .number("mib", (limit >> 20) as u64)
        .words("size", size);
    ApiError::invalid("bad_module", detail)
}

/// Uploads the module of the owner's module bot (the bytes of a WebAssembly component of the bot
/// world, `Content-Type: application/wasm`) and makes it the bot's program: a new version,
/// unless it is the module the bot runs already. Nothing is stored unless the module passes its
/// check.
#[utoipa::path(put, path = "/bots/{id}/module", tag = "bots",
    params(("id" = String, Path, description = "The bot's id")),
    request_body(content = Vec<u8>, content_type = "application/wasm",
        description = "The module: a WebAssembly component exporting `handle: func(request: string) -> string`"),
    security(("owner_token" = [])), responses(
    (status = 201, description = "A new version runs the module", body = schemas::BotVersion),
    (status = 200, description = "The bot runs this module already: nothing changed", body = schemas::BotVersion),
    (status = 400, description = "`bad_module`: not a bot module, the detail says why (too large, not a component, what it imports, no `handle`, it does not start); `bad_request`: not `application/wasm`, or a bot that is no module bot", body = ErrorBody),
    (status = 401, description = "`unauthorized`: no valid bearer token", body = ErrorBody),
    (status = 403, description = "`forbidden`: another bot's token", body = ErrorBody),
    (status = 429, description = "`rate_limited`: the network's share of uploads or versions this hour, or the bot's 20 versions an hour", body = ErrorBody,
        headers(("retry-after" = u32, description = "Seconds to wait before trying again"))),
    (status = 503, description = "`busy`: other modules are being checked (or one of your network's)", body = ErrorBody,
        headers(("retry-after" = u32, description = "Seconds to wait before trying again"))),
))]
pub async fn upload(
    State(state): State<AppState>,
    client: ClientAddr,
    headers: HeaderMap,
    Path(id): Path<String>,
    body: Bytes,
) -> Result<(StatusCode, Json<Value>), ApiError> {
    let bot = owned_bot(&state.store, &headers, &id).await?;
    let BotKind::Module { hash: current } = &bot.kind else {
        return Err(ApiError::invalid(
            "bad_request",
            Detail::new("api-not-a-module-bot"),
        ));
    };
    let content_type = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok());
    if content_type.map(|t| t.split(';').next().unwrap_or("").trim()) != Some(WASM_TYPE) {
        return Err(ApiError::invalid(
            "bad_request",
            Detail::new("api-module-content-type").text("type", WASM_TYPE),
        ));
    }
    let hash = hex::encode(Sha256::digest(&body));
    if current.as_deref() == Some(hash.as_str()) {
        return Ok((StatusCode::OK, Json(current_version(&state, &id).await?)));
    }
    let rate = &state.rates.modules;
    rate.allow(client, 1).map_err(|past| {
        network_limited(
            past,
            Detail::new("api-network-modules").number("max", rate.hourly().into()),
        )
    })?;
    allow_version(&state, client)?;
    if !state.store.has_module(&hash).await? {
        state.module_checks.check(client, body.clone()).await?;
        state.store.put_module(&hash, &body).await?;
    }
    let program = BotKind::Module {
        hash: Some(hash.clone()),
    };
    let change = state.store.set_bot_program(&bot.id, &program).await?;
    state.health.wake();
    tracing::info!(bot = %bot.name, module = %hash, bytes = body.len(), %client, "module uploaded");
    let status = match change {
        ProgramChange::NewVersion(_) => StatusCode::CREATED,
        ProgramChange::Same | ProgramChange::NoBot => StatusCode::OK,
    };
    Ok((status, Json(current_version(&state, &id).await?)))
}

/// The JSON of bot `id`'s latest version.
async fn current_version(state: &AppState, id: &str) -> Result<Value, ApiError> {
    let latest = state.store.versions_before(id, None, 1).await?;
    latest
        .first()
        .map(version_json)
        .ok_or_else(|| ApiError::not_found(Missing::Bot, id))
}
