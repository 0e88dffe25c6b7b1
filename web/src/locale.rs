//! The language a person reads the site in, chosen per request: `?lang=` when a page's language
//! switch was just followed, else the `lang` cookie that switch set, else the browser's
//! `Accept-Language` (its quality values honoured, `ru-RU` read as `ru`), else English.
//!
//! Everything here reads untrusted input: each header, cookie and query is read only so far
//! (a bounded number of entries, each parsed in one pass), anything malformed is skipped, and
//! nothing panics. The words themselves are in [`crate::l10n`].

use std::convert::Infallible;

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderValue, header};

use crate::choice;

/// A language the site speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Locale {
    /// English, the fallback.
    En,
    /// Russian.
    Ru,
    /// Czech.
    Cs,
}

/// The cookie that keeps a person's choice of language.
pub const COOKIE: &str = "lang";

/// The query parameter of the language switch's links.
pub const QUERY: &str = "lang";

/// How many entries of an `Accept-Language` header are read; a browser sends a handful.
const MAX_LANGUAGES: usize = 32;

impl Locale {
    /// Every locale, English (the fallback) first.
    pub const ALL: [Locale; 3] = [Locale::En, Locale::Ru, Locale::Cs];

    /// Its language tag, as `<html lang>`, the cookie and `?lang=` carry it.
    pub fn code(self) -> &'static str {
        match self {
            Locale::En => "en",
            Locale::Ru => "ru",
            Locale::Cs => "cs",
        }
    }

    /// The locale whose [`code`](Locale::code) is exactly `code`.
    pub fn from_code(code: &str) -> Option<Locale> {
        Locale::ALL.into_iter().find(|l| l.code() == code)
    }

    /// The locale of a language tag's primary subtag in any case (`ru-RU`, `CS`), if the site
    /// speaks it.
    fn from_tag(tag: &str) -> Option<Locale> {
        let primary = tag.split(['-', '_']).next().unwrap_or("");
        Locale::ALL
            .into_iter()
            .find(|l| l.code().eq_ignore_ascii_case(primary))
    }

    /// The `Set-Cookie` value that keeps this choice for a year, on every path.
    pub fn cookie(self) -> HeaderValue {
        choice::kept(COOKIE, self.code())
    }
}

/// A request's locale and whether its query chose it (the answer then sets the cookie).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Choice {
    /// The locale to answer in.
    pub locale: Locale,
    /// Chosen by `?lang=`: to be kept in the cookie.
    pub by_query: bool,
}

/// The locale of a request with this query string and these headers.
pub fn choose(query: Option<&str>, headers: &HeaderMap) -> Choice {
    if let Some(locale) = query.and_then(from_query) {
        return Choice {
            locale,
            by_query: true,
        };
    }
    let locale = from_cookies(headers)
        .or_else(|| {
            let value = headers.get(header::ACCEPT_LANGUAGE)?.to_str().ok()?;
            from_accept_language(value)
        })
        .unwrap_or(Locale::En);
    Choice {
        locale,
        by_query: false,
    }
}

/// The locale `?lang=` names, if it names one the site speaks.
fn from_query(query: &str) -> Option<Locale> {
    choice::from_query(query, QUERY, Locale::from_code)
}

/// The locale the `lang` cookie names, if it names one the site speaks (the first such
/// cookie).
fn from_cookies(headers: &HeaderMap) -> Option<Locale> {
    choice::from_cookies(headers, COOKIE, Locale::from_code)
}

/// The locale an `Accept-Language` value prefers among those the site speaks: the highest
/// quality wins, the earlier of equals; `q=0` ("not this one"), `*` and malformed entries are
/// skipped. Reads at most [`MAX_LANGUAGES`] entries.
pub fn from_accept_language(value: &str) -> Option<Locale> {
    let mut best: Option<(u16, Locale)> = None;
    for entry in value.split(',').take(MAX_LANGUAGES) {
        let mut parts = entry.split(';');
        let Some(locale) = Locale::from_tag(parts.next().unwrap_or("").trim()) else {
            continue;
        };
        let mut quality = Some(1000);
        for param in parts.take(4) {
            if let Some((name, q)) = param.trim().split_once('=')
                && name.trim().eq_ignore_ascii_case("q")
            {
                quality = thousandths(q.trim());
            }
        }
        match quality {
            Some(q) if q > 0 && best.is_none_or(|(b, _)| q > b) => best = Some((q, locale)),
            _ => {}
        }
    }
    best.map(|(_, locale)| locale)
}

/// A quality value (`0`, `0.5`, `1.000`: at most three decimals, at most 1) in thousandths.
fn thousandths(q: &str) -> Option<u16> {
    let (whole, fraction) = q.split_once('.').unwrap_or((q, ""));
    let whole: u16 = match whole {
        "0" => 0,
        "1" => 1000,
        _ => return None,
    };
    if fraction.len() > 3 || !fraction.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let fraction = (fraction.bytes().zip([100, 10, 1]))
        .map(|(digit, place)| u16::from(digit - b'0') * place)
        .sum::<u16>();
    Some(whole + fraction).filter(|q| *q <= 1000)
}

/// The locale of a request: the one the pages' layer chose (see `pages::localise`), or,
/// outside that layer, chosen from the request's query and headers.
impl<S: Send + Sync> FromRequestParts<S> for Locale {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Locale, Infallible> {
        Ok(match parts.extensions.get::<Locale>() {
            Some(locale) => *locale,
            None => choose(parts.uri.query(), &parts.headers).locale,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, Instant};

    fn headers(pairs: &[(header::HeaderName, &str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.append(name, HeaderValue::from_str(value).unwrap());
        }
        map
    }

    fn accept(value: &str) -> Option<&'static str> {
        from_accept_language(value).map(Locale::code)
    }

    #[test]
    fn regional_tags_and_case_fold_to_the_language() {
        assert_eq!(accept("ru-RU"), Some("ru"));
        assert_eq!(accept("cs"), Some("cs"));
        assert_eq!(accept("CS-cz"), Some("cs"));
        assert_eq!(accept("en_GB"), Some("en"));
        assert_eq!(accept("ru-Cyrl-RU;q=0.7"), Some("ru"));
    }

    #[test]
    fn the_highest_quality_wins_and_the_earlier_of_equals() {
        assert_eq!(accept("de-DE, ru;q=0.5, cs;q=0.9"), Some("cs"));
        assert_eq!(accept("ru;q=0.5,cs;q=0.5"), Some("ru"));
        assert_eq!(accept("cs;q=0.8, en"), Some("en"));
        assert_eq!(accept("en;q=0.001, ru;q=0.002"), Some("ru"));
        assert_eq!(accept("ru;Q=1.000, cs"), Some("ru"));
    }

    #[test]
    fn refused_unknown_and_malformed_entries_are_skipped() {
        assert_eq!(accept("ru;q=0, cs;q=0.1"), Some("cs"));
        assert_eq!(accept("ru;q=0.000"), None);
        assert_eq!(accept("de, fr-FR;q=0.9, *;q=0.5"), None);
        assert_eq!(accept(""), None);
        assert_eq!(accept(",,;;=,q=1"), None);
        for bad in ["2", "1.5", "0.1234", "-1", "0.x", "", ".", "1.001", "0.5.5"] {
            assert_eq!(
                accept(&format!("ru;q={bad}, cs;q=0.1")),
                Some("cs"),
                "q={bad}"
            );
        }
        assert_eq!(thousandths("1."), Some(1000));
        assert_eq!(thousandths("0.25"), Some(250));
    }

    #[test]
    fn huge_headers_are_cheap_and_read_only_so_far() {
        let many = format!("{}ru", "xx;q=0.1,".repeat(1000));
        let long = format!("ru-{};q=0.9, cs", "a".repeat(10_000));
        let start = Instant::now();
        // The 1001st entry is past what is read.
        assert_eq!(accept(&many), None);
        assert_eq!(accept(&long), Some("cs"));
        assert_eq!(accept(&";".repeat(10_000)), None);
        assert_eq!(accept(&"=".repeat(10_000)), None);
        assert!(start.elapsed() < Duration::from_millis(50));
    }

    #[test]
    fn the_query_beats_the_cookie_which_beats_the_header() {
        let both = headers(&[
            (header::COOKIE, "theme=dark; lang=cs"),
            (header::ACCEPT_LANGUAGE, "ru"),
        ]);
        let choice = |query| choose(query, &both);
        assert_eq!(
            choice(Some("game=durak&lang=ru")),
            Choice {
                locale: Locale::Ru,
                by_query: true
            }
        );
        assert_eq!(
            choice(None),
            Choice {
                locale: Locale::Cs,
                by_query: false
            }
        );
        // A query or cookie naming no language the site speaks counts for nothing.
        assert_eq!(choice(Some("lang=de")).locale, Locale::Cs);
        let header_only = headers(&[(header::COOKIE, "lang=xx"), (header::ACCEPT_LANGUAGE, "ru")]);
        assert_eq!(choose(Some("lang="), &header_only).locale, Locale::Ru);
        assert_eq!(choose(None, &HeaderMap::new()).locale, Locale::En);
    }

    #[test]
    fn cookies_are_read_from_every_cookie_header_and_bounded() {
        let two = headers(&[(header::COOKIE, "a=1"), (header::COOKIE, "lang=\"ru\"")]);
        assert_eq!(from_cookies(&two), Some(Locale::Ru));
        let buried = format!("{}lang=cs", "x=1; ".repeat(1000));
        assert_eq!(from_cookies(&headers(&[(header::COOKIE, &buried)])), None);
        let odd = headers(&[(header::COOKIE, "lang; =; lang=RU; lang=cs")]);
        assert_eq!(from_cookies(&odd), Some(Locale::Cs));
    }

    #[test]
    fn the_cookie_names_the_code_and_lasts_a_year() {
        let cookie = Locale::Cs.cookie();
        assert_eq!(
            cookie.to_str().unwrap(),
            "lang=cs; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly"
        );
    }
}
