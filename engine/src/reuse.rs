//! Lists rebuilt in memory already held: how a view is written over an older one
//! ([`crate::Game::view_into`]) without allocating once its lists have grown.

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
