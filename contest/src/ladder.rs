//! The ladder: rated matches between the active bots of each game, queued at a steady pace so
//! that the leaderboard keeps moving. A game's ladder runs when it has an active contestant's bot
//! (the house bots join it as yardsticks, the expert one match at a time), or always in demo mode. A paused bot (see
//! [`crate::health`]) is never seated, and a bot is seated only at the table sizes it plays
//! ([`crate::table_sizes`]).

use std::time::{Duration, Instant};

use cardarena_bots::{expert, game_ids};
use cardarena_engine::shuffle::{below, rng};
use rand_chacha::ChaCha8Rng;
use rand_core::Rng;

use crate::demo::audience::{Audience, DemoPace};
use crate::games;
use crate::health::fault_pause;
use crate::scheduler::Scheduler;
use cardarena_store::{BotKind, BotRecord, MatchKind, NewMatch, Store, StoreError};

/// How the ladder runs.
#[derive(Debug, Clone)]
pub struct LadderConfig {
    /// Time between two rounds of queueing.
    pub interval: Duration,
    /// At most this many ladder matches of a game queued or running at once.
    pub max_pending: u64,
    /// Whether games with house bots only have a ladder too.
    pub demo: bool,
    /// The per-decision deadline of HTTP bots in ladder matches.
    pub deadline_ms: u32,
    /// The most matches a contestant's bot plays at once: one at it is not seated.
    pub bot_concurrency: u32,
    /// Whether the expert at its default budget is seated (`serve --no-ladder-expert` leaves it
    /// out).
    pub expert: bool,
    /// With `demo`: who is watching; the ladders of house bots alone slow down when nobody is
    /// ([`DemoPace`]). A game with a contestant's bot keeps its pace.
    pub audience: Option<Audience>,
}

/// A seed for a new match: below 2^53, so that JSON readers keep it exact.
pub fn new_seed(rng: &mut ChaCha8Rng) -> u64 {
    rng.next_u64() >> 11
}

/// Runs the ladder forever.
pub async fn run(store: Store, scheduler: Scheduler, config: LadderConfig, seed: u64) {
    let mut rng = rng(seed);
    let mut ticker = tokio::time::interval(config.interval);
    let mut pace = config.audience.clone().map(DemoPace::new);
    loop {
        ticker.tick().await;
        let houses_only = config.demo && pace.as_mut().is_none_or(|p| p.allows(Instant::now()));
        for game in game_ids() {
            match queue(&store, &config, houses_only, game, &mut rng).await {
                Ok(true) => scheduler.wake(),
                Ok(false) => {}
                Err(e) => tracing::error!(game, "ladder: {e}"),
            }
        }
    }
}

/// Queues one ladder match of `game` if it has a ladder and room; returns whether it did. With
/// `houses_only`, a game with no contestant's bot has a ladder of its house bots.
async fn queue(
    store: &Store,
    config: &LadderConfig,
    houses_only: bool,
    game: &str,
    rng: &mut ChaCha8Rng,
) -> Result<bool, StoreError> {
    let Some(info) = games::game(game) else {
        return Ok(false);
    };
    let players = info.players;
    // A ladder match queued before a bot's backlog built up would wait behind it: it goes.
    store
        .cancel_ladder_behind_backlogs(game, config.bot_concurrency)
        .await?;
    if store.pending_matches(MatchKind::Ladder, game).await? >= config.max_pending {
        return Ok(false);
    }
    // A contestant's bot plays one ladder match of a game at a time, so a slow bot holds at most
    // one of the game's pending slots and the others keep the pace; a bot with a backlog of
    // `bot_concurrency` matches (a hog's practice) sits these rounds out rather than hold one up.
    // The expert plays too, at its default budget and in one ladder match at a time on the
    // whole server: its search costs a core 50 ms a decision, so it is a yardstick that costs
    // the server one core at most (see docs/architecture.md, "The expert").
    let busy = store
        .busy_on_ladder(game, config.bot_concurrency, expert::ID)
        .await?;
    let mut pool: Vec<BotRecord> = store.active_bots(game).await?;
    // Nor is a bot the pause rule is about to pause: its record counts a match as soon as the
    // result is stored, a moment before the pause, and a match seated in that moment would be one
    // more than the rule allows.
    let about_to_pause = |b: &BotRecord| b.kind.is_contestant() && fault_pause(&b.health).is_some();
    // Nor an expert with a budget of its own (`expert:200`): those play where they are named;
    // nor the expert at all when the organiser left it out.
    let left_out = |b: &BotRecord| match &b.kind {
        BotKind::House { house_id } if house_id == expert::ID => !config.expert,
        BotKind::House { house_id } => expert::budget_ms(house_id).is_some(),
        _ => false,
    };
    pool.retain(|b| !busy.contains(&b.id) && !about_to_pause(b) && !left_out(b));
    let contestants = pool.iter().filter(|b| b.kind.is_contestant()).count();
    if (contestants == 0 && !houses_only) || pool.len() < players.min {
        return Ok(false);
    }
    // A bot plays only at the table sizes it chose (`table_sizes`): the size is drawn among those
    // that enough of the pool plays at (with a contestant's bot among them, unless the house bots
    // have a ladder of their own), then the table is drawn from the bots that play at it. So a
    // round never waits for a bot, and a bot that plays at one size only is drawn whenever that
    // size is.
    let sizes: Vec<usize> = players
        .counts()
        .filter(|&n| {
            let at = pool.iter().filter(|b| b.plays_at(n));
            let contestant = houses_only || at.clone().any(|b| b.kind.is_contestant());
            contestant && at.count() >= n
        })
        .collect();
    if sizes.is_empty() {
        return Ok(false);
    }
    let size = sizes[below(rng, sizes.len())];
    pool.retain(|b| b.plays_at(size));
    let mut bot_ids = Vec::with_capacity(size);
    for _ in 0..size {
        let pick = below(rng, pool.len());
        bot_ids.push(pool.swap_remove(pick).id);
    }
    let new = NewMatch::ladder(
        game,
        info.options,
        new_seed(rng),
        config.deadline_ms,
        bot_ids,
    );
    store.create_matches(&[new]).await?;
    Ok(true)
}
