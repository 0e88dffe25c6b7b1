//! The demo `serve --demo` runs, so that a newcomer sees every page filled and a cup worth
//! watching: three bots playing bridge through the protocol, each answer after a short think (see
//! [`thinkers`]), in the contest's three stages, advancing by themselves. Its first stage deals
//! each match on its own, so it can be watched live; its house-bot ladders slow down when
//! nobody looks ([`audience`]). The house stage measures
//! them against the in-process house bots `demo@bridge` and `greedy@bridge`, which are not entered,
//! so no entrant meets itself and every entrant is credited with its own matches only.

pub mod audience;
pub mod thinkers;

use std::net::SocketAddr;
use std::time::Duration;

use serde_json::json;

use crate::tournament::{self, TournamentError};
use cardarena_store::{BotKind, NewBot, Store};

/// The demo tournament's name; one is made only when no tournament of that name exists.
pub const DEMO_NAME: &str = "Demo cup (house bots)";

/// How long the demo cup's bots think before each answer by default: a three-player single-deal
/// bridge match then takes tens of seconds, and the cup a few minutes.
pub const DEMO_THINK: Duration = Duration::from_millis(800);

/// The demo stages' per-decision deadline: well above the think time, so the match clock
/// (decisions at half the deadline) never runs out however long a deal lasts.
const DEMO_DEADLINE_MS: u32 = 3000;

/// The demo stages' wall-clock cap of a match: a long deal of the final took 93 s in a debug
/// build, so well above that.
const DEMO_MATCH_CAP_MS: u32 = 600_000;

/// Matches each entrant plays in the demo's first stage.
pub const DEMO_HOUSE_MATCHES: usize = 2;

/// The demo's game.
pub const DEMO_GAME: &str = "bridge";

/// The demo cup's entrants: each bot's name and the house strategy it plays.
pub const DEMO_ENTRANTS: [(&str, &str); 3] = [
    ("demo-sample", "demo"),
    ("demo-greedy", "greedy"),
    ("demo-random", "random"),
];

/// The house bots every entrant meets in the house stage (in process, instant, not entered).
pub const DEMO_YARDSTICKS: [&str; 2] = ["demo", "greedy"];

/// Starts the demo's bots on loopback (answering after `think`), points the entrants' rows at
/// them, and creates and starts the demo cup unless it exists; returns the cup's id.
pub async fn start(store: &Store, think: Duration) -> Result<String, TournamentError> {
    let addr = thinkers::start(think)
        .await
        .map_err(|e| TournamentError::Conflict {
            kind: "demo_bots",
            detail: format!("the demo's bots could not listen: {e}").into(),
        })?;
    let entrants = ensure_entrants(store, addr).await?;
    ensure_demo_tournament(store, &entrants).await
}

/// The demo entrants' ids, each created if need be and pointed at `addr`. Each is paused by its
/// "owner", so it plays the cup (tournaments seat the bots they were given) and not the ladder,
/// where its think time would hold up the house bots' games.
async fn ensure_entrants(store: &Store, addr: SocketAddr) -> Result<Vec<String>, TournamentError> {
    let existing = store.bots(Some(DEMO_GAME)).await?;
    let mut ids = Vec::with_capacity(DEMO_ENTRANTS.len());
    for (name, house) in DEMO_ENTRANTS {
        let url = format!("http://{addr}/{house}");
        let id = match existing.iter().find(|b| b.name == name) {
            Some(bot) => {
                store.pause_by_owner(&bot.id).await?;
                store.relocate_bot(&bot.id, &url).await?;
                bot.id.clone()
            }
            None => {
                let bot = NewBot {
                    id: uuid::Uuid::new_v4().to_string(),
                    name: name.to_string(),
                    game: DEMO_GAME.to_string(),
                    kind: BotKind::Http { url },
                    token_hash: None,
                    secret_hash: None,
                    ladder_players: None,
                };
                store.insert_bot(&bot).await?;
                store.pause_by_owner(&bot.id).await?;
                bot.id
            }
        };
        ids.push(id);
    }
    Ok(ids)
}

/// Creates and starts the demo tournament with `entrants` unless it exists; returns its id.
async fn ensure_demo_tournament(
    store: &Store,
    entrants: &[String],
) -> Result<String, TournamentError> {
    if let Some(t) = store
        .tournaments()
        .await?
        .into_iter()
        .find(|t| t.name == DEMO_NAME)
    {
        return Ok(t.id);
    }
    let (one_deal, deadline, cap) = (
        json!({"single_deal": true}),
        DEMO_DEADLINE_MS,
        DEMO_MATCH_CAP_MS,
    );
    let spec = serde_json::from_value(json!({
        "name": DEMO_NAME,
        "game": DEMO_GAME,
        "auto_advance": true,
        "stages": [
            // Each match its own deal, a whole match to 125 points (about two minutes at the
            // demo's think time): no other table shares its cards, so the cup's first minutes
            // can be watched live, card by card. The later stages share their deals, so their
            // tables open as each deal's last table ends.
            {"kind": "house", "opponents": DEMO_YARDSTICKS, "matches": DEMO_HOUSE_MATCHES,
             "same_deals": false,
             "deadline_ms": deadline, "match_time_limit_ms": cap},
            {"kind": "gauntlet", "top": 2, "matches": 3, "options": one_deal,
             "deadline_ms": deadline, "match_time_limit_ms": cap},
            {"kind": "final", "top": 3, "deals": 2, "table": 3, "options": one_deal,
             "deadline_ms": deadline, "match_time_limit_ms": cap},
        ],
    }))
    .map_err(|e| TournamentError::Invalid {
        kind: "bad_tournament",
        detail: e.to_string().into(),
    })?;
    let id = tournament::create(store, spec).await?;
    for bot_id in entrants {
        tournament::enter(store, &id, bot_id).await?;
    }
    tournament::advance(store, &id).await?;
    Ok(id)
}
