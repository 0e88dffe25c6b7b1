//! Running matches as they are played: an in-memory registry of each running match's public
//! frames so far, fed by the runner as each action is applied, and the live feed's subscribers.
//!
//! The runner opens a [`Feed`] when a match starts and gives it to the match runner as its
//! [`Observer`]; the scheduler calls [`Live::end`] once the result is stored (so a viewer told
//! `end` finds the finished match in the store). Only public tables ([`Eye::Public`]) and no
//! `sent` ever leave the registry: a contestant watching cannot read an opponent's cards.
//!
//! The registry keeps each match's deal and actions, not its frames ([`steps`]): a frame is made
//! as an action is played only while someone follows the match, and the frames so far are
//! rebuilt from the deal when a viewer asks for them. A match nobody watches costs a few bytes a
//! step and no serializing.
//!
//! Bounded: at most `per_match` subscribers of one match and `overall` in all (past either a
//! subscription is refused), and each subscriber's queue holds [`QUEUE_EVENTS`] events; one that
//! falls further behind is dropped (its stream ends; a browser's `EventSource` reconnects and
//! starts afresh from an `initial` event) rather than buffered without bound.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

use cardarena_bots::{BotFault, Observer, Step};
use cardarena_engine::{Eye, Game, Phrase, Seat};
use tokio::sync::{OwnedSemaphorePermit, Semaphore, broadcast};

use crate::frames::{FaultFrame, Frame, Frames, Played};
use steps::{Recorded, Steps};

pub mod link;
mod mirror;
#[cfg(test)]
mod mirror_tests;
mod relay;
mod steps;

pub use mirror::{MirrorOf, Mirrors};
pub use relay::{Record, RecordEvent, Relays};

/// How many events a subscriber may fall behind before it is dropped.
pub const QUEUE_EVENTS: usize = 1024;
/// The default cap on one match's live subscribers.
pub const PER_MATCH: usize = 32;
/// The default cap on live subscribers in all: below the listener's connection cap, so watchers
/// never hold every connection.
pub const OVERALL: usize = 128;

/// One event of the live feed: its SSE name and its JSON data, serialized once for every
/// subscriber.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LiveEvent {
    /// `frame`, `fault` or `end`.
    pub name: &'static str,
    /// The event's JSON.
    pub data: Arc<str>,
}

/// The registry of running matches.
#[derive(Clone, Debug)]
pub struct Live {
    matches: Arc<Mutex<HashMap<String, Arc<Watched>>>>,
    overall: Arc<Semaphore>,
    overall_cap: usize,
    per_match: usize,
}

#[derive(Debug)]
struct Watched {
    record: Mutex<Box<dyn Recorded>>,
    /// The subscribers' channel, made for the first of them: its queue of [`QUEUE_EVENTS`] is
    /// allocated whole (about 64 KB), which 10,000 matches nobody watches need not hold.
    events: OnceLock<broadcast::Sender<LiveEvent>>,
    subscribers: Arc<Semaphore>,
}

impl Watched {
    fn record(&self) -> std::sync::MutexGuard<'_, Box<dyn Recorded>> {
        self.record.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Whether anyone follows the feed (asked under the record's lock, a subscription's snapshot
    /// and its receiver are taken together).
    fn followed(&self) -> bool {
        self.events
            .get()
            .is_some_and(|events| events.receiver_count() > 0)
    }

    /// Sends `event` as JSON to the subscribers.
    fn send(&self, name: &'static str, event: &impl serde::Serialize) {
        let Some(events) = self.events.get() else {
            return;
        };
        let data = crate::frames::raw(event);
        let _ = events.send(LiveEvent {
            name,
            data: Arc::from(data.get()),
        });
    }
}

/// Why a subscription was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum Full {
    /// The match has as many live subscribers as it may.
    #[error("this match has {0} live viewers, the most allowed; try again later")]
    Match(usize),
    /// The server has as many live subscribers as it may.
    #[error("the server has {0} live viewers, the most allowed; try again later")]
    Server(usize),
}

/// A live subscription: the public frames so far and every event after them.
#[derive(Debug)]
pub struct Subscription {
    /// The frames up to the subscription.
    pub initial: Frames,
    /// The events after them.
    pub events: broadcast::Receiver<LiveEvent>,
    _permits: (OwnedSemaphorePermit, OwnedSemaphorePermit),
}

impl Default for Live {
    fn default() -> Live {
        Live::new(PER_MATCH, OVERALL)
    }
}

impl Live {
    /// A registry allowing `per_match` subscribers of a match and `overall` in all.
    pub fn new(per_match: usize, overall: usize) -> Live {
        Live {
            matches: Arc::default(),
            overall: Arc::new(Semaphore::new(overall)),
            overall_cap: overall,
            per_match,
        }
    }

    fn map(&self) -> std::sync::MutexGuard<'_, HashMap<String, Arc<Watched>>> {
        self.matches.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Registers match `id` as started, dealt as `initial`, and returns the feed the runner
    /// tells each step to.
    pub fn begin<G: Game>(&self, id: &str, initial: &G) -> Feed {
        let watched = Arc::new(Watched {
            record: Mutex::new(Box::new(Steps::new(initial))),
            events: OnceLock::new(),
            subscribers: Arc::new(Semaphore::new(self.per_match)),
        });
        self.map().insert(id.to_string(), watched.clone());
        Feed {
            watched,
            text: None,
        }
    }

    /// Ends match `id`'s feed: subscribers get `end`, and the match leaves the registry.
    pub fn end(&self, id: &str) {
        let removed = self.map().remove(id);
        if let Some(watched) = removed {
            Live::ended(&watched);
        }
    }

    /// Ends `feed`, the feed of match `id`, if it is still the match's feed here (a mirror's end
    /// must not end a feed the match was given since, by being played here).
    pub fn end_feed(&self, id: &str, feed: &Feed) {
        let mut map = self.map();
        if map.get(id).is_some_and(|w| Arc::ptr_eq(w, &feed.watched)) {
            let watched = map.remove(id);
            drop(map);
            watched.iter().for_each(|w| Live::ended(w));
        }
    }

    /// Tells `watched`'s subscribers that its match ended.
    fn ended(watched: &Watched) {
        let steps = watched.record().steps();
        let Some(events) = watched.events.get() else {
            return;
        };
        let _ = events.send(LiveEvent {
            name: "end",
            data: Arc::from(format!("{{\"steps\":{steps}}}")),
        });
    }

    /// The public frames of match `id` so far, if it is being played.
    pub fn frames(&self, id: &str) -> Option<Frames> {
        let watched = self.map().get(id).cloned()?;
        let frames = watched.record().frames();
        Some(frames)
    }

    /// Whether match `id` is here (played or mirrored), without building its frames.
    pub fn has(&self, id: &str) -> bool {
        self.map().contains_key(id)
    }

    /// How many viewers follow any match's feed here.
    pub fn viewers(&self) -> usize {
        self.overall_cap - self.overall.available_permits()
    }

    /// How many viewers follow match `id`'s feed, if it is here.
    pub fn watchers(&self, id: &str) -> Option<usize> {
        let watched = self.map().get(id).cloned()?;
        Some(self.per_match - watched.subscribers.available_permits())
    }

    /// Subscribes to match `id`'s feed: `Ok(None)` when it is not being played.
    pub fn subscribe(&self, id: &str) -> Result<Option<Subscription>, Full> {
        let Some(watched) = self.map().get(id).cloned() else {
            return Ok(None);
        };
        let overall = self
            .overall
            .clone()
            .try_acquire_owned()
            .map_err(|_| Full::Server(self.overall_cap))?;
        let one = watched
            .subscribers
            .clone()
            .try_acquire_owned()
            .map_err(|_| Full::Match(self.per_match))?;
        // Under the record's lock, so no event falls between the snapshot and the receiver.
        let record = watched.record();
        Ok(Some(Subscription {
            initial: record.frames(),
            events: (watched.events)
                .get_or_init(|| broadcast::channel(QUEUE_EVENTS).0)
                .subscribe(),
            _permits: (overall, one),
        }))
    }
}

/// The runner's end of one match's live feed: an [`Observer`] that records each step and, while
/// anyone follows the match, sends its public frame to the subscribers.
#[derive(Debug, Clone)]
pub struct Feed {
    watched: Arc<Watched>,
    /// The coming action in public words, read against the game before it, and whether the
    /// action itself may be shown (see [`crate::frames::words_for`]): read only while the match
    /// is followed.
    text: Option<(Vec<Phrase>, bool)>,
}

impl Feed {
    /// Records a fault as the public sees it and sends it to the subscribers.
    pub fn public_fault(&self, fault: FaultFrame) {
        let mut record = self.watched.record();
        if self.watched.followed() {
            self.watched.send("fault", &fault);
        }
        record.faults_mut().push(fault);
    }
}

impl<G: Game> Observer<G> for Feed {
    fn before(&mut self, game: &G, action: &G::Action) {
        self.text =
            (self.watched.followed()).then(|| crate::frames::words_for(game, action, Eye::Public));
    }

    fn action(
        &mut self,
        game: &G,
        decision: u32,
        seat: Seat,
        action: &G::Action,
        step: Step,
        say: Option<&str>,
    ) {
        let played = Played {
            step: decision,
            seat,
            by: step.by,
            ms: Some(step.ms),
            say: say.map(str::to_string),
        };
        let text = self.text.take();
        let mut record = self.watched.record();
        let Some(steps) = record.as_any_mut().downcast_mut::<Steps<G>>() else {
            tracing::error!("a {} action told to another game's live feed", G::ID);
            return;
        };
        if !self.watched.followed() {
            steps.push(action, played);
            return;
        }
        steps.push(action, played.clone());
        let frame = match text {
            Some((text, shown)) => {
                let shown = shown.then_some(action);
                Some(Frame::new(game, Eye::Public, shown, text, played, None))
            }
            // A viewer came between the action's words and the action: made from the deal.
            None => record.last_frame(),
        };
        if let Some(frame) = frame {
            self.watched.send("frame", &frame);
        }
    }

    fn fault(&mut self, decision: u32, seat: Seat, fault: &BotFault) {
        self.public_fault(FaultFrame::public(seat, decision, fault));
    }
}

#[cfg(test)]
mod tests {
    use cardarena_bots::{BotFault, FaultKind};
    use cardarena_engine::games::durak::Durak;
    use tokio::sync::broadcast::error::TryRecvError;

    use super::*;

    fn dealt() -> Durak {
        Durak::new(&Default::default(), 2, 7).unwrap()
    }

    #[test]
    fn subscribers_are_capped_per_match_and_overall() {
        let live = Live::new(2, 3);
        let _a = live.begin("a", &dealt());
        let _b = live.begin("b", &dealt());
        let first = live.subscribe("a").unwrap().unwrap();
        let _second = live.subscribe("a").unwrap().unwrap();
        assert_eq!(live.subscribe("a").unwrap_err(), Full::Match(2));
        let _third = live.subscribe("b").unwrap().unwrap();
        assert_eq!(live.subscribe("b").unwrap_err(), Full::Server(3));
        drop(first);
        assert!(live.subscribe("b").unwrap().is_some());
        assert!(live.subscribe("nobody").unwrap().is_none());
    }

    #[test]
    fn a_subscriber_gets_what_follows_its_snapshot_and_the_end() {
        let live = Live::default();
        let mut feed = live.begin("m", &dealt());
        let fault = BotFault::new(FaultKind::BadJson, "it sent 7H, which it holds");
        Observer::<Durak>::fault(&mut feed, 1, 0, &fault);
        let mut subscription = live.subscribe("m").unwrap().unwrap();
        assert_eq!(subscription.initial.faults.len(), 1);
        let shown = crate::frames::raw(&subscription.initial.faults[0])
            .get()
            .to_string();
        assert!(
            !shown.contains("7H"),
            "a running match's fault quotes nothing: {shown}"
        );
        Observer::<Durak>::fault(&mut feed, 2, 1, &fault);
        assert_eq!(subscription.events.try_recv().unwrap().name, "fault");
        live.end("m");
        assert_eq!(subscription.events.try_recv().unwrap().name, "end");
        assert!(
            live.frames("m").is_none(),
            "an ended match leaves the registry"
        );
    }

    #[test]
    fn a_lagging_subscriber_is_dropped_not_buffered() {
        let live = Live::default();
        let mut feed = live.begin("m", &dealt());
        let mut subscription = live.subscribe("m").unwrap().unwrap();
        let fault = BotFault::new(FaultKind::Timeout, "late");
        for step in 0..=QUEUE_EVENTS as u32 {
            Observer::<Durak>::fault(&mut feed, step, 0, &fault);
        }
        assert!(matches!(
            subscription.events.try_recv(),
            Err(TryRecvError::Lagged(_))
        ));
    }
}
