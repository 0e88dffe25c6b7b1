//! Keyset paging, as the API's lists do it: a `?limit=` within bounds, and one row more than asked
//! fetched to tell whether a next page exists, whose cursor is the last row shown.

use super::Detail;
use super::error::ApiError;

/// The page size a request asks for: `limit`, or `default`; `400 bad_query` outside 1 to `max`.
pub fn page_limit(limit: Option<u32>, default: u32, max: u32) -> Result<u32, ApiError> {
    let limit = limit.unwrap_or(default);
    match (1..=max).contains(&limit) {
        true => Ok(limit),
        false => Err(ApiError::invalid(
            "bad_query",
            Detail::new("api-limit-range").number("max", max.into()),
        )),
    }
}

/// Cuts `rows`, fetched as `limit + 1`, to `limit`, and returns the next page's cursor (the
/// `cursor` of the last row kept) when there was one row more.
pub fn cut_page<T, C>(rows: &mut Vec<T>, limit: u32, cursor: impl Fn(&T) -> C) -> Option<C> {
    if rows.len() <= limit as usize {
        return None;
    }
    rows.truncate(limit as usize);
    rows.last().map(cursor)
}
