//! Bot health: the ladder seats only bots that answer and play. A contestant's bot is paused
//! until it answers a signed `ping` (docs/protocol.md); a bot that faults repeatedly in ladder or
//! tournament matches is paused for faults and put on probation: with exponential back-off, it is
//! pinged and, once a ping passes, plays an unrated practice match against a house bot, and it
//! comes back on the ladder only when such a match ends with no fault of its own (a ping shows
//! that a bot answers, not that it plays). Its owner can pause and resume it (which ends a
//! probation). [`Health::run`] sends the pings, queues the probation matches and judges them in
//! the background, a bounded number of pings at once; [`match_done`] applies the pause rule when
//! a match finishes.

use std::sync::Arc;
use std::time::Duration;

use cardarena_bots::dial::Switchboard;
use cardarena_bots::http::protocol::{Ping, parse_pong};
use cardarena_bots::http::{HttpClient, Signer};
use tokio::sync::{Notify, Semaphore};

use crate::games;
use crate::secrets::ServerKey;
use cardarena_store::{
    BotHealth, BotKind, BotRecord, MatchKind, MatchStatus, NewMatch, PauseReason, ProbationMatch,
    RECENT_MATCHES, Store, StoreError, now_ms,
};

/// The first back-off delay after a failed ping or a pause for faults.
pub const FIRST_BACKOFF: Duration = Duration::from_secs(1);
/// The longest back-off delay: a bot that never answers is pinged once an hour.
pub const MAX_BACKOFF: Duration = Duration::from_secs(3600);
/// How long a bot has to answer a ping.
pub const PING_DEADLINE: Duration = Duration::from_secs(3);
/// The most pings out at once.
pub const MAX_PINGS_AT_ONCE: usize = 16;
/// Faulted matches in a row that pause a bot.
pub const FAULT_STREAK: u32 = 5;
/// A bot is paused when more than this many of its last [`RECENT_MATCHES`] matches faulted
/// (over 20% of 50).
pub const MAX_RECENT_FAULTS: u32 = RECENT_MATCHES / 5;

/// The per-decision deadline of a probation match unless [`Health::with_deadline`] says otherwise.
pub const DEFAULT_PROBATION_DEADLINE_MS: u32 = 1000;

/// How long the loop sleeps at most when nobody wakes it.
const IDLE_POLL: Duration = Duration::from_secs(1);

fn ms(duration: Duration) -> i64 {
    i64::try_from(duration.as_millis()).unwrap_or(i64::MAX)
}

/// The back-off after `previous_ms` (0: none yet): the first delay, then double the last, capped
/// at [`MAX_BACKOFF`].
pub fn next_backoff(previous_ms: i64) -> i64 {
    if previous_ms <= 0 {
        ms(FIRST_BACKOFF)
    } else {
        previous_ms.saturating_mul(2).min(ms(MAX_BACKOFF))
    }
}

/// The back-off of a pause for faults at `now`: it doubles the last one, unless the bot stayed
/// active longer than [`MAX_BACKOFF`] since, in which case it starts again from the first.
pub fn pause_backoff(health: &BotHealth, now: i64) -> i64 {
    let long_healthy = health
        .active_since
        .is_some_and(|since| now - since > ms(MAX_BACKOFF));
    next_backoff(if long_healthy { 0 } else { health.backoff_ms })
}

/// Why the pause rule pauses a bot with this record, if it does: [`FAULT_STREAK`] faulted
/// matches in a row, or more than [`MAX_RECENT_FAULTS`] among the last [`RECENT_MATCHES`]. Only
/// matches since the bot last became active count, so a bot that comes back starts afresh.
pub fn fault_pause(health: &BotHealth) -> Option<String> {
    let window = health.matches_since_active.min(health.recent_matches);
    let mask = match window {
        0 => return None,
        64.. => u64::MAX,
        n => (1u64 << n) - 1,
    };
    let record = health.recent_faults & mask;
    let streak = record.trailing_ones();
    if streak >= FAULT_STREAK {
        return Some(format!("{streak} faulted matches in a row"));
    }
    let faults = record.count_ones();
    (faults > MAX_RECENT_FAULTS)
        .then(|| format!("{faults} of its last {window} matches faulted (more than 20%)"))
}

/// How a probation match ended, for the bot on probation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// It finished with no fault of the bot's: the bot is back on the ladder.
    Passed,
    /// The bot faulted (kind, detail): it stays paused, its back-off doubled, as a pause for
    /// faults does.
    Faulted(String, String),
    /// It failed or was cancelled with no fault of the bot's (a server error, say): it is tried
    /// again after the same back-off, not a doubled one.
    NotPlayed,
}

impl Verdict {
    /// The verdict's name in the API: `passed`, `faulted` or `not_played`.
    pub fn as_str(&self) -> &'static str {
        match self {
            Verdict::Passed => "passed",
            Verdict::Faulted(..) => "faulted",
            Verdict::NotPlayed => "not_played",
        }
    }
}

/// The verdict on a probation match once it has ended; `None` while it is queued or running. A
/// fault of the bot's fails it however the match ended.
pub fn probation_verdict(probation: &ProbationMatch) -> Option<Verdict> {
    match (probation.status, &probation.fault) {
        (MatchStatus::Queued | MatchStatus::Running, _) => None,
        (_, Some((kind, detail))) => Some(Verdict::Faulted(kind.clone(), detail.clone())),
        (MatchStatus::Finished, None) => Some(Verdict::Passed),
        (MatchStatus::Failed | MatchStatus::Cancelled, None) => Some(Verdict::NotPlayed),
    }
}

/// The probation match of a contestant's `bot` of `game` (its default options): unrated
/// practice at the smallest table it plays ([`crate::table_sizes`]; the game's smallest unless it
/// chose otherwise), every other seat held by `house` (the id of the game's first house bot), the
/// bot's seat drawn from `seed`.
pub fn probation_match(
    bot: &BotRecord,
    game: &games::GameInfo,
    house: &str,
    seed: u64,
    deadline_ms: u32,
) -> NewMatch {
    let seats = crate::table_sizes::of(bot, game.players)
        .first()
        .copied()
        .unwrap_or(game.players.min)
        .max(1);
    let bot_id = bot.id.as_str();
    let mut bot_ids = vec![house.to_string(); seats];
    bot_ids[(seed % seats as u64) as usize] = bot_id.to_string();
    NewMatch {
        game: game.id.to_string(),
        options: game.options.clone(),
        seed,
        kind: MatchKind::Practice,
        rated: false,
        deadline_ms,
        time_bank_ms: 0,
        wall_clock_ms: None,
        stage: None,
        bot_ids,
    }
}

/// Pauses the bots of a finished match that the pause rule says to, by their records (which
/// count the match from the moment its result is stored). Called once a match's result is
/// stored; practice matches count for nothing.
pub async fn match_done(store: &Store, match_id: &str) -> Result<(), StoreError> {
    let now = now_ms();
    for bot in store.recorded_match_bots(match_id).await? {
        if !bot.kind.is_contestant() || bot.health.paused.is_some() {
            continue;
        }
        let Some(why) = fault_pause(&bot.health) else {
            continue;
        };
        let backoff = pause_backoff(&bot.health, now);
        if store
            .pause_for_faults(&bot.id, &why, backoff, now + backoff)
            .await?
        {
            tracing::info!(bot = %bot.name, "paused: {why}");
        }
    }
    Ok(())
}

/// The background checker: pings paused bots when their check is due.
#[derive(Clone)]
pub struct Health {
    store: Store,
    client: HttpClient,
    key: ServerKey,
    wake: Arc<Notify>,
    slots: Arc<Semaphore>,
    switchboard: Option<Switchboard>,
    deadline_ms: u32,
}

impl Health {
    /// A checker pinging through `client`, signing with secrets derived from `key`.
    pub fn new(store: Store, client: HttpClient, key: ServerKey) -> Health {
        Health {
            store,
            client,
            key,
            wake: Arc::new(Notify::new()),
            slots: Arc::new(Semaphore::new(MAX_PINGS_AT_ONCE)),
            switchboard: None,
            deadline_ms: DEFAULT_PROBATION_DEADLINE_MS,
        }
    }

    /// The same checker giving probation matches this per-decision deadline (the ladder's).
    pub fn with_deadline(self, deadline_ms: u32) -> Health {
        Health {
            deadline_ms,
            ..self
        }
    }

    /// The same checker pinging dial-out bots over their connections on `switchboard`.
    pub fn with_switchboard(self, switchboard: Switchboard) -> Health {
        Health {
            switchboard: Some(switchboard),
            ..self
        }
    }

    /// Tells the checker a ping is due now (a bot was registered, moved or resumed).
    pub fn wake(&self) {
        self.wake.notify_one();
    }

    /// Runs forever: judges the probation matches that ended (played by any process: their
    /// results are read from the store), then takes the bots whose ping is due, while pings may
    /// go out, and pings each in a task of its own, so that a dead bot holds up nothing but its
    /// own slot, for at most [`PING_DEADLINE`].
    pub async fn run(self) {
        loop {
            self.judge_probations().await;
            let now = now_ms();
            let free = self.slots.available_permits();
            if free > 0 {
                let until = now + ms(PING_DEADLINE) + ms(IDLE_POLL);
                match self.store.take_due_checks(now, until, free as u32).await {
                    Ok(due) => {
                        for bot in due {
                            let Ok(permit) = self.slots.clone().acquire_owned().await else {
                                return;
                            };
                            let this = self.clone();
                            tokio::spawn(async move {
                                this.check(bot).await;
                                drop(permit);
                                this.wake();
                            });
                        }
                    }
                    Err(e) => tracing::error!("health: cannot take due checks: {e}"),
                }
            }
            let next = self.store.next_check_due().await.ok().flatten();
            let wait = next.map_or(IDLE_POLL, |at| {
                Duration::from_millis((at - now_ms()).clamp(10, ms(IDLE_POLL)) as u64)
            });
            let _ = tokio::time::timeout(wait, self.wake.notified()).await;
        }
    }

    /// Pings `bot` and stores what came of it.
    async fn check(&self, bot: BotRecord) {
        let nonce = format!("{:016x}", crate::secrets::random_u64());
        let (url, answer) = match &bot.kind {
            BotKind::Http { url } => (
                Some(url.as_str()),
                self.ping_url(&bot.id, url, &nonce).await,
            ),
            BotKind::Dial => (None, self.ping_dialled(&bot.id, &nonce).await),
            // Its module was checked when it was uploaded: it is there, or it is not yet.
            BotKind::Module { hash } => (
                hash.as_deref(),
                match hash {
                    Some(_) => Ok(()),
                    None => Err("no module has been uploaded yet".to_string()),
                },
            ),
            BotKind::House { .. } | BotKind::Person => return,
        };
        let stored = match answer {
            Ok(()) if bot.health.paused == Some(PauseReason::Faults) => {
                self.start_probation(&bot, url).await
            }
            Ok(()) => match self.store.check_passed(&bot.id, url).await {
                Ok(true) => {
                    tracing::info!(bot = %bot.name, "ping answered: active");
                    Ok(())
                }
                other => other.map(drop),
            },
            Err(detail) => {
                let backoff = next_backoff(bot.health.backoff_ms);
                let detail = format!("the last ping failed ({detail})");
                self.store
                    .check_failed(&bot.id, url, &detail, backoff, now_ms() + backoff)
                    .await
            }
        };
        if let Err(e) = stored {
            tracing::error!(bot = %bot.name, "health: cannot store a check: {e}");
        }
    }
}

impl Health {
    /// Queues the probation match of `bot` (paused for faults, still at `url`), whose ping just
    /// passed.
    async fn start_probation(&self, bot: &BotRecord, url: Option<&str>) -> Result<(), StoreError> {
        let Some(game) = games::game(&bot.game) else {
            return Err(StoreError::Corrupt(format!(
                "a bot of no game {:?}",
                bot.game
            )));
        };
        let Some(house) = game.house_bots.first() else {
            return Err(StoreError::Corrupt(format!("{} has no house bot", game.id)));
        };
        let house_id = self.store.ensure_house_bot(game.id, house).await?;
        // Below 2^53, as every seed, and from the server's secret randomness.
        let seed = crate::secrets::random_u64() >> 11;
        let new = probation_match(bot, &game, &house_id, seed, self.deadline_ms);
        let detail = format!(
            "on probation: a ping passed; a practice match against {house} is to show that it \
             plays without a fault"
        );
        if let Some(id) = self
            .store
            .start_probation(&bot.id, url, &new, &detail)
            .await?
        {
            tracing::info!(bot = %bot.name, probation = %id, "ping answered: on probation");
        }
        Ok(())
    }

    /// Judges every probation match that ended: a bot whose match passed is active again; one
    /// that faulted has its back-off doubled (as a pause for faults does) and its next ping due
    /// after it; one whose match was not played is tried again after the same back-off.
    async fn judge_probations(&self) {
        let ended = match self.store.ended_probations().await {
            Ok(ended) => ended,
            Err(e) => {
                tracing::error!("health: cannot read ended probations: {e}");
                return;
            }
        };
        for ended in ended {
            let Some(verdict) = probation_verdict(&ended.probation) else {
                continue;
            };
            let (bot, at) = (&ended.bot_id, &ended.probation.match_id);
            let stored = match &verdict {
                Verdict::Passed => self.store.probation_passed(bot, at).await,
                Verdict::Faulted(kind, detail) => {
                    let backoff = next_backoff(ended.backoff_ms);
                    let why = format!("its probation match faulted ({kind}: {detail})");
                    self.store
                        .probation_failed(bot, at, &why, backoff, now_ms() + backoff)
                        .await
                }
                Verdict::NotPlayed => {
                    let backoff = ended.backoff_ms.max(ms(FIRST_BACKOFF));
                    let why = "its probation match could not be played; it is tried again";
                    self.store
                        .probation_failed(bot, at, why, backoff, now_ms() + backoff)
                        .await
                }
            };
            match stored {
                Ok(true) => tracing::info!(bot = %ended.name, probation = %at,
                    "probation {}", verdict.as_str()),
                Ok(false) => {}
                Err(e) => {
                    tracing::error!(bot = %ended.name, "health: cannot judge a probation: {e}")
                }
            }
        }
    }

    /// A signed ping to the bot's URL.
    async fn ping_url(&self, id: &str, url: &str, nonce: &str) -> Result<(), String> {
        let parsed = url::Url::parse(url).map_err(|e| format!("bad URL: {e}"))?;
        let signer = Signer::new(self.key.bot_secret(id).as_bytes());
        self.client
            .ping(&parsed, &signer, id, nonce, PING_DEADLINE)
            .await
            .map_err(|fault| format!("{}: {}", fault.kind.as_str(), fault.detail))
    }

    /// A ping over one of the dial-out bot's connections.
    async fn ping_dialled(&self, id: &str, nonce: &str) -> Result<(), String> {
        let Some(switchboard) = &self.switchboard else {
            return Err("connect: this process holds no dial-out connections".into());
        };
        let body = serde_json::to_vec(&Ping::new(id, nonce))
            .unwrap_or_else(|_| unreachable!("a ping is plain strings and numbers"));
        let answer = switchboard.dialer(id).call(&body, PING_DEADLINE).await;
        answer
            .and_then(|answer| parse_pong(&answer))
            .map_err(|fault| format!("{}: {}", fault.kind.as_str(), fault.detail))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(faults: &[bool], since_active: u32) -> BotHealth {
        // `faults` oldest first, as matches finish.
        let mut mask = 0u64;
        for &f in faults {
            mask = (mask << 1) | u64::from(f);
        }
        BotHealth {
            paused: None,
            detail: None,
            next_check_at: None,
            backoff_ms: 0,
            active_since: Some(0),
            recent_faults: mask & ((1 << RECENT_MATCHES) - 1),
            recent_matches: (faults.len() as u32).min(RECENT_MATCHES),
            matches_since_active: since_active.min(RECENT_MATCHES),
            probation_match: None,
            last_probation: None,
        }
    }

    #[test]
    fn back_off_doubles_from_one_second_to_an_hour() {
        let mut delays = vec![next_backoff(0)];
        while *delays.last().unwrap() < ms(MAX_BACKOFF) {
            delays.push(next_backoff(*delays.last().unwrap()));
        }
        assert_eq!(&delays[..4], &[1000, 2000, 4000, 8000]);
        assert_eq!(delays.len(), 13, "{delays:?}");
        assert_eq!(next_backoff(ms(MAX_BACKOFF)), ms(MAX_BACKOFF));
        assert_eq!(next_backoff(i64::MAX), ms(MAX_BACKOFF));
    }

    #[test]
    fn a_pause_doubles_the_last_back_off_unless_the_bot_stayed_healthy_an_hour() {
        let mut health = record(&[], 0);
        health.backoff_ms = 8000;
        health.active_since = Some(1_000_000);
        assert_eq!(pause_backoff(&health, 1_000_000 + 60_000), 16_000);
        assert_eq!(
            pause_backoff(&health, 1_000_000 + ms(MAX_BACKOFF) + 1),
            1000
        );
    }

    #[test]
    fn five_faults_in_a_row_pause_four_do_not() {
        let four = [vec![false; 10], vec![true; 4]].concat();
        assert_eq!(fault_pause(&record(&four, 14)), None);
        let five = [vec![false; 10], vec![true; 5]].concat();
        let why = fault_pause(&record(&five, 15)).unwrap();
        assert!(why.contains("5 faulted matches in a row"), "{why}");
        // A streak broken by a clean match no longer counts as one.
        let broken = [vec![true; 4], vec![false], vec![true; 4]].concat();
        assert_eq!(fault_pause(&record(&broken, 9)), None);
    }

    #[test]
    fn more_than_ten_of_the_last_fifty_pause_ten_do_not() {
        let spread = |faults: usize| {
            (0..50)
                .map(|i| i % 4 == 0 && i / 4 < faults)
                .collect::<Vec<_>>()
        };
        assert_eq!(fault_pause(&record(&spread(10), 50)), None);
        let why = fault_pause(&record(&spread(11), 50)).unwrap();
        assert!(why.contains("11 of its last 50"), "{why}");
        // Faults older than the last 50 matches are forgotten.
        let old = [vec![true], spread(10)].concat();
        let long = [vec![true; 20], spread(10)].concat();
        assert_eq!(fault_pause(&record(&old, 50)), None);
        assert_eq!(fault_pause(&record(&long, 50)), None);
    }

    #[test]
    fn only_matches_since_the_bot_came_back_count() {
        let faulty = vec![true; 20];
        assert!(fault_pause(&record(&faulty, 20)).is_some());
        assert_eq!(fault_pause(&record(&faulty, 0)), None);
        assert_eq!(fault_pause(&record(&faulty, 4)), None);
        assert!(fault_pause(&record(&faulty, 5)).is_some());
    }

    fn ended(status: MatchStatus, fault: Option<&str>) -> ProbationMatch {
        ProbationMatch {
            match_id: "m".into(),
            status,
            fault: fault.map(|k| (k.to_string(), "why".to_string())),
            ended_at: None,
        }
    }

    #[test]
    fn a_probation_passes_only_when_it_finished_with_no_fault_of_the_bot() {
        use MatchStatus::*;
        assert_eq!(probation_verdict(&ended(Queued, None)), None);
        assert_eq!(probation_verdict(&ended(Running, None)), None);
        assert_eq!(
            probation_verdict(&ended(Finished, None)),
            Some(Verdict::Passed)
        );
        let faulted = Some(Verdict::Faulted("timeout".into(), "why".into()));
        assert_eq!(
            probation_verdict(&ended(Finished, Some("timeout"))),
            faulted
        );
        assert_eq!(probation_verdict(&ended(Failed, Some("timeout"))), faulted);
        assert_eq!(
            probation_verdict(&ended(Failed, None)),
            Some(Verdict::NotPlayed)
        );
        assert_eq!(
            probation_verdict(&ended(Cancelled, None)),
            Some(Verdict::NotPlayed)
        );
    }

    /// A contestant's bot "me" that plays the ladder at `sizes`.
    fn me(sizes: Option<Vec<usize>>) -> BotRecord {
        BotRecord {
            id: "me".into(),
            name: "me".into(),
            game: "durak".into(),
            kind: BotKind::Dial,
            secret_hash: None,
            created_at: 0,
            deleted: false,
            health: record(&[], 0),
            organiser: None,
            ladder_players: sizes,
        }
    }

    #[test]
    fn a_probation_match_is_at_the_smallest_table_the_bot_plays() {
        let durak = games::game("durak").unwrap();
        let m = probation_match(&me(Some(vec![3, 4])), &durak, "house", 5, 700);
        assert_eq!(m.bot_ids.len(), 3);
        assert_eq!(m.bot_ids.iter().filter(|b| *b == "me").count(), 1);
        let m = probation_match(&me(None), &durak, "house", 5, 700);
        assert_eq!(m.bot_ids.len(), 2);
    }

    #[test]
    fn a_probation_match_is_unrated_practice_at_the_smallest_table_against_the_first_house_bot() {
        for game in games::games() {
            let mut seats_of_the_bot = std::collections::BTreeSet::new();
            for seed in 0..16 {
                let m = probation_match(&me(None), &game, "house", seed, 700);
                assert_eq!(m.kind, MatchKind::Practice);
                assert!(!m.rated && m.stage.is_none());
                assert_eq!(m.deadline_ms, 700);
                assert_eq!(m.bot_ids.len(), game.players.min, "{}", game.id);
                assert_eq!(m.bot_ids.iter().filter(|b| *b == "me").count(), 1);
                assert!(m.bot_ids.iter().all(|b| b == "me" || b == "house"));
                seats_of_the_bot.insert(m.bot_ids.iter().position(|b| b == "me"));
            }
            assert_eq!(seats_of_the_bot.len(), game.players.min, "{}", game.id);
        }
    }
}
