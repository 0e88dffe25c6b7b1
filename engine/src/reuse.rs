//! Cloning without allocating: what a search's rollouts need, cloning one position into the same
//! game value rollout after rollout.
//!
//! Every game whose state holds lists implements `Clone` by hand (in its `clone.rs`): `clone`
//! gives each list the room the original has (so the copy plays on without growing a list), and
//! `clone_from` copies into the target's lists (`Vec::clone_from` keeps a list's buffer), so once
//! the target has played out one rollout, cloning into it and playing out again allocates nothing.
//! [`Buffers`] keeps the emptied lists of finished things (fifty-six's tricks, most's melds) for
//! the next ones. A view is written over an older one the same way ([`crate::Game::view_into`]):
//! [`refill`] and [`cloned`] rebuild its lists in their memory.

/// `list`'s items in a new list with the same room.
pub(crate) fn with_room<T: Clone>(list: &Vec<T>) -> Vec<T> {
    let mut copy = Vec::with_capacity(list.capacity());
    copy.extend_from_slice(list);
    copy
}

/// Emptied lists kept for reuse, each with room for `room` items: scratch space, not state, so
/// any two compare equal.
#[derive(Debug)]
pub(crate) struct Buffers<T> {
    lists: Vec<Vec<T>>,
    room: usize,
}

impl<T> Buffers<T> {
    /// `count` empty lists with room for `room` items each.
    pub(crate) fn with(count: usize, room: usize) -> Buffers<T> {
        let lists = (0..count).map(|_| Vec::with_capacity(room)).collect();
        Buffers { lists, room }
    }

    /// An empty list with room for `room` items: a kept one if there is one.
    pub(crate) fn take(&mut self) -> Vec<T> {
        self.lists
            .pop()
            .unwrap_or_else(|| Vec::with_capacity(self.room))
    }

    /// Keeps `list`'s buffer, emptied, for a later [`Buffers::take`] (one with less room is
    /// dropped).
    pub(crate) fn keep(&mut self, mut list: Vec<T>) {
        if list.capacity() >= self.room.max(1) {
            list.clear();
            self.lists.push(list);
        }
    }
}

impl<T> Clone for Buffers<T> {
    /// As many empty lists, with the same room.
    fn clone(&self) -> Buffers<T> {
        Buffers::with(self.lists.len(), self.room)
    }

    /// Keeps the target's own lists.
    fn clone_from(&mut self, _: &Buffers<T>) {}
}

impl<T> PartialEq for Buffers<T> {
    fn eq(&self, _: &Buffers<T>) -> bool {
        true
    }
}

impl<T> Eq for Buffers<T> {}

/// `items` collected into `buffer`'s memory (emptied first), or into a new list without one.
pub(crate) fn refill<T>(buffer: Option<&mut Vec<T>>, items: impl IntoIterator<Item = T>) -> Vec<T> {
    let mut list = buffer.map(std::mem::take).unwrap_or_default();
    list.clear();
    list.extend(items);
    list
}

/// A copy of `source` in `buffer`'s memory (each kept item's too, where its `clone_from` reuses
/// it), or a new copy without one.
pub(crate) fn cloned<T: Clone>(buffer: Option<&mut Vec<T>>, source: &[T]) -> Vec<T> {
    let mut list = buffer.map(std::mem::take).unwrap_or_default();
    list.truncate(source.len());
    let kept = list.len();
    list.clone_from_slice(&source[..kept]);
    list.extend_from_slice(&source[kept..]);
    list
}
