//! The demo cup's entrants: the house bots' strategies served over HTTP on loopback, each answer
//! held back by a think time, so that the cup's matches go at a pace a person can follow and
//! its entrants play through the same protocol, match clock and pages as contestants' bots.
//!
//! `POST /{house_id}` answers a `turn` with `{"action_index": i}`, the choice of a fresh house
//! bot `house_id` of the request's game (seeded from the match and the turn); every other
//! message with `{"pong": true}`. A request it cannot read is a 400: only our server calls it.

use std::net::SocketAddr;
use std::time::Duration;

use axum::Router;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use cardarena_bots::{BotFuture, GameVisitor, HouseGame, Turn, with_game};
use cardarena_engine::shuffle::derive_seed;
use serde_json::{Value, json};

/// Serves the thinkers on a free loopback port until the process ends; returns its address.
pub async fn start(think: Duration) -> std::io::Result<SocketAddr> {
    let listener = tokio::net::TcpListener::bind(("127.0.0.1", 0)).await?;
    let addr = listener.local_addr()?;
    let app = Router::new()
        .route("/{house}", post(answer))
        .with_state(think);
    tokio::spawn(async move {
        if let Err(error) = axum::serve(listener, app).await {
            tracing::error!(%error, "the demo's bots stopped");
        }
    });
    Ok(addr)
}

async fn answer(State(think): State<Duration>, Path(house): Path<String>, body: Bytes) -> Response {
    let Ok(request) = serde_json::from_slice::<Value>(&body) else {
        return (StatusCode::BAD_REQUEST, "not JSON").into_response();
    };
    if request["type"] != "turn" {
        return axum::Json(json!({"pong": true})).into_response();
    }
    let game = request["game"].as_str().unwrap_or_default().to_string();
    let choice = with_game(&game, Choose { house, request });
    let index = match choice {
        Some(future) => future.await,
        None => Err(format!("no game {game:?}")),
    };
    match index {
        Ok(index) => {
            tokio::time::sleep(think).await;
            axum::Json(json!({"action_index": index})).into_response()
        }
        Err(detail) => (StatusCode::BAD_REQUEST, detail).into_response(),
    }
}

/// A house bot's choice for one turn request: the index of its action among the legal ones.
struct Choose {
    house: String,
    request: Value,
}

impl GameVisitor for Choose {
    type Output = BotFuture<'static, Result<usize, String>>;

    fn visit<G: HouseGame>(self) -> Self::Output {
        Box::pin(async move {
            let r = &self.request;
            let view: G::View =
                serde_json::from_value(r["view"].clone()).map_err(|e| format!("the view: {e}"))?;
            let legal: Vec<G::Action> = serde_json::from_value(r["legal_actions"].clone())
                .map_err(|e| format!("the legal actions: {e}"))?;
            let seat = r["seat"].as_u64().unwrap_or(0) as usize;
            let turn = r["turn"].as_u64().unwrap_or(1);
            let match_seed = crate::hash::fnv1a(r["match_id"].as_str().unwrap_or("").as_bytes());
            let seed = derive_seed(match_seed, (seat as u64) << 32 | turn);
            let mut bot = G::house_bot(&self.house, seed)
                .ok_or_else(|| format!("{} has no house bot {:?}", G::ID, self.house))?;
            let reply = bot
                .act(Turn {
                    seat,
                    decision: turn as u32,
                    view: &view,
                    legal_actions: &legal,
                })
                .await
                .map_err(|fault| format!("the house bot faulted: {fault:?}"))?;
            legal
                .iter()
                .position(|a| *a == reply.action)
                .ok_or_else(|| "the house bot chose an illegal action".to_string())
        })
    }
}
