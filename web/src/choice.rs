//! A reader's choice kept as the language is (the language, prší's deck): named by a query
//! parameter when a page's switch was just followed, then kept a year in a cookie of the same
//! name. Everything here reads untrusted input: at most [`MAX_PAIRS`] pairs of the query and of
//! the cookies are read, anything malformed or unknown counts for nothing, and nothing panics.

use axum::http::{HeaderMap, HeaderValue, header};

/// How long a choice's cookie lasts: a year, in seconds.
const COOKIE_MAX_AGE: u32 = 365 * 24 * 60 * 60;

/// How many `name=value` pairs of the cookies, and of the query, are read.
pub const MAX_PAIRS: usize = 64;

/// What the query's parameter `name` says, read by `read` (the first such parameter).
pub fn from_query<T>(query: &str, name: &str, read: impl Fn(&str) -> Option<T>) -> Option<T> {
    url::form_urlencoded::parse(query.as_bytes())
        .take(MAX_PAIRS)
        .find(|(key, _)| key == name)
        .and_then(|(_, value)| read(&value))
}

/// What the cookie `name` says, read by `read` (the first such cookie `read` understands).
pub fn from_cookies<T>(
    headers: &HeaderMap,
    name: &str,
    read: impl Fn(&str) -> Option<T>,
) -> Option<T> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(';').take(MAX_PAIRS))
        .take(MAX_PAIRS)
        .filter_map(|pair| pair.trim().split_once('='))
        .filter(|(key, _)| *key == name)
        .find_map(|(_, value)| read(value.trim_matches('"')))
}

/// The `Set-Cookie` value that keeps the choice `code` (ASCII letters) in the cookie `name` for
/// a year, on every path.
pub fn kept(name: &str, code: &str) -> HeaderValue {
    let value = format!("{name}={code}; Path=/; Max-Age={COOKIE_MAX_AGE}; SameSite=Lax; HttpOnly");
    HeaderValue::try_from(value).expect("a cookie of ASCII letters is a valid header")
}
