//! Which deck a viewer sees prší's cards drawn with: the German-suited (Czech, "mariášové") deck
//! it is played with at home, or the French one the other games use. Chosen per request like the
//! language ([`crate::locale`]): `?deck-prsi=` when the footer's switch was just followed, else
//! the `deck-prsi` cookie that switch set, else the German deck. The page says the choice on
//! `<html data-deck-prsi>`, where `/static/decks.js` reads it; the JSON a bot receives never
//! changes.
//!
//! The query and the cookies are read as [`crate::choice`] reads them: bounded, and anything
//! malformed or unknown counts for nothing.

use axum::http::{HeaderMap, HeaderValue};

use crate::choice;

/// The query parameter of the footer's deck switch, and the cookie that keeps its choice.
pub const PRSI: &str = "deck-prsi";

/// A style of deck a game with two can be drawn with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum DeckStyle {
    /// Hearts, leaves, acorns and bells; 7–10, under, over, king, ace: prší's own deck.
    #[default]
    German,
    /// Hearts, spades, diamonds and clubs; jack, queen, king, ace.
    French,
}

impl DeckStyle {
    /// Both styles, prší's usual one first.
    pub const ALL: [DeckStyle; 2] = [DeckStyle::German, DeckStyle::French];

    /// Its name as the query, the cookie and `<html data-deck-prsi>` carry it.
    pub fn code(self) -> &'static str {
        match self {
            DeckStyle::German => "german",
            DeckStyle::French => "french",
        }
    }

    /// The style whose [`code`](DeckStyle::code) is exactly `code`.
    pub fn from_code(code: &str) -> Option<DeckStyle> {
        DeckStyle::ALL.into_iter().find(|d| d.code() == code)
    }

    /// The `Set-Cookie` value that keeps this choice for prší for a year, on every path.
    pub fn cookie(self) -> HeaderValue {
        choice::kept(PRSI, self.code())
    }
}

/// A request's deck for prší and whether its query chose it (the answer then sets the cookie).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Choice {
    /// The style to draw prší's cards with.
    pub prsi: DeckStyle,
    /// Chosen by `?deck-prsi=`: to be kept in the cookie.
    pub by_query: bool,
}

/// The deck for prší of a request with this query string and these headers.
pub fn choose(query: Option<&str>, headers: &HeaderMap) -> Choice {
    if let Some(prsi) = query.and_then(from_query) {
        return Choice {
            prsi,
            by_query: true,
        };
    }
    Choice {
        prsi: from_cookies(headers).unwrap_or_default(),
        by_query: false,
    }
}

/// The style `?deck-prsi=` names, if it names one.
fn from_query(query: &str) -> Option<DeckStyle> {
    choice::from_query(query, PRSI, DeckStyle::from_code)
}

/// The style the `deck-prsi` cookie names, if it names one (the first such cookie).
fn from_cookies(headers: &HeaderMap) -> Option<DeckStyle> {
    choice::from_cookies(headers, PRSI, DeckStyle::from_code)
}

/// A query string without its `deck-prsi` parameters (which the pages' layer has read), the
/// other pairs as they were, raw: what the page's handler reads.
pub fn without_choice(query: &str) -> String {
    query
        .split('&')
        .filter(|pair| !pair.is_empty() && !is_choice(pair))
        .collect::<Vec<_>>()
        .join("&")
}

/// Whether a raw `name=value` pair is the deck switch's.
pub fn is_choice(pair: &str) -> bool {
    pair.split('=').next() == Some(PRSI)
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::header;

    fn headers(cookies: &[&str]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for value in cookies {
            map.append(header::COOKIE, HeaderValue::from_str(value).unwrap());
        }
        map
    }

    #[test]
    fn prsi_is_german_unless_the_query_or_the_cookie_says_french() {
        let none = HeaderMap::new();
        assert_eq!(choose(None, &none).prsi, DeckStyle::German);
        assert_eq!(choose(Some("game=prsi"), &none).prsi, DeckStyle::German);
        let french = headers(&["lang=cs; deck-prsi=french"]);
        assert_eq!(
            choose(None, &french),
            Choice {
                prsi: DeckStyle::French,
                by_query: false
            }
        );
        assert_eq!(
            choose(Some("deck-prsi=german"), &french),
            Choice {
                prsi: DeckStyle::German,
                by_query: true
            }
        );
        // An unknown style counts for nothing, in the query and in the cookie.
        assert_eq!(
            choose(Some("deck-prsi=tarot"), &french).prsi,
            DeckStyle::French
        );
        let odd = headers(&["deck-prsi=; deck-prsi=FRENCH", "deck-prsi=\"french\""]);
        assert_eq!(choose(Some("deck-prsi"), &odd).prsi, DeckStyle::French);
        assert!(!choose(Some("deck-prsi"), &odd).by_query);
    }

    #[test]
    fn reading_is_bounded() {
        let buried = format!("{}deck-prsi=french", "x=1&".repeat(1000));
        assert_eq!(
            choose(Some(&buried), &HeaderMap::new()).prsi,
            DeckStyle::German
        );
        let cookie = format!("{}deck-prsi=french", "x=1; ".repeat(1000));
        assert_eq!(choose(None, &headers(&[&cookie])).prsi, DeckStyle::German);
    }

    #[test]
    fn the_handler_reads_the_query_without_the_choice() {
        assert_eq!(
            without_choice("game=prsi&deck-prsi=french&&per_page=5&deck-prsi"),
            "game=prsi&per_page=5"
        );
        assert_eq!(without_choice("deck-prsi=german"), "");
        assert_eq!(without_choice("deck-prsix=1"), "deck-prsix=1");
    }

    #[test]
    fn the_cookie_names_the_style_and_lasts_a_year() {
        assert_eq!(
            DeckStyle::French.cookie().to_str().unwrap(),
            "deck-prsi=french; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly"
        );
    }
}
