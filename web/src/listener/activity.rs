//! What a served connection is doing, as the listener sees it when it needs room: idle (no
//! request in progress), busy with a request, or busy with a request that is only waiting (a long
//! poll, a body that stalls). Idle connections are closed first, then waiting ones; a connection
//! busy working is never closed to make room.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

/// A connection's requests in progress, and how many of them are only waiting.
#[derive(Debug, Default)]
pub(super) struct Activity {
    busy: AtomicUsize,
    waiting: AtomicUsize,
}

/// How closable a connection is: the listener closes idle ones first, then waiting ones.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Closable {
    /// No request in progress: closing it loses nothing.
    Idle,
    /// Its requests in progress are all only waiting: closing one loses a wait, which the client
    /// asks again.
    Waiting,
    /// A request in progress is working: never closed to make room.
    Working,
}

impl Activity {
    /// How closable the connection is now.
    pub(super) fn closable(&self) -> Closable {
        let busy = self.busy.load(Ordering::Acquire);
        if busy == 0 {
            Closable::Idle
        } else if self.waiting.load(Ordering::Acquire) >= busy {
            Closable::Waiting
        } else {
            Closable::Working
        }
    }
}

/// A request in progress on a connection, counted while it lives.
pub(super) struct InProgress(Arc<Activity>);

impl InProgress {
    /// Counts a request in progress on the connection of `activity`.
    pub(super) fn start(activity: &Arc<Activity>) -> InProgress {
        activity.busy.fetch_add(1, Ordering::AcqRel);
        InProgress(activity.clone())
    }
}

impl Drop for InProgress {
    fn drop(&mut self) {
        self.0.busy.fetch_sub(1, Ordering::AcqRel);
    }
}

/// A request's handle on its connection's activity (a request extension the listener adds):
/// a handler that only waits for something (a long poll) says so with [`WaitMark::waiting`], and
/// while it does, the listener may close the connection to make room for another client.
#[derive(Debug, Clone)]
pub struct WaitMark(Arc<Activity>);

impl WaitMark {
    /// The mark of requests on the connection of `activity`.
    pub(super) fn new(activity: Arc<Activity>) -> WaitMark {
        WaitMark(activity)
    }

    /// Marks the request as only waiting until the returned guard is dropped.
    pub fn waiting(&self) -> Waiting {
        self.0.waiting.fetch_add(1, Ordering::AcqRel);
        Waiting(self.0.clone())
    }
}

/// A request marked as only waiting ([`WaitMark::waiting`]); the mark ends when it is dropped.
#[derive(Debug)]
pub struct Waiting(Arc<Activity>);

impl Drop for Waiting {
    fn drop(&mut self) {
        self.0.waiting.fetch_sub(1, Ordering::AcqRel);
    }
}

/// Marks `request`'s wait, if it came through the listener (a request served some other way, as
/// in a test calling the router itself, has no mark and is never closed).
pub fn mark_waiting(extensions: &axum::http::Extensions) -> Option<Waiting> {
    extensions.get::<WaitMark>().map(WaitMark::waiting)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_connection_is_as_closable_as_its_requests_let_it_be() {
        let activity = Arc::new(Activity::default());
        assert_eq!(activity.closable(), Closable::Idle);
        let request = InProgress::start(&activity);
        assert_eq!(activity.closable(), Closable::Working);
        let waiting = WaitMark::new(activity.clone()).waiting();
        assert_eq!(activity.closable(), Closable::Waiting);
        drop(waiting);
        assert_eq!(activity.closable(), Closable::Working);
        drop(request);
        assert_eq!(activity.closable(), Closable::Idle);
    }
}
