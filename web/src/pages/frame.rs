//! What every page shows around its content, in the reader's language: the [`Frame`] each page
//! hands its template (the locale, its words, the language switch's links, the deck prší is
//! drawn with and that switch's links), and the pages' layer, [`localise`], that chooses the
//! locale and the deck, keeps a choice made with `?lang=` in the `lang` cookie and one made with
//! `?deck-prsi=` in the `deck-prsi` cookie, and draws the error pages in that language.

use std::convert::Infallible;
use std::fmt::Display;

use axum::extract::{FromRequestParts, Request};
use axum::http::request::Parts;
use axum::http::{HeaderValue, Uri, header};
use axum::middleware::Next;
use axum::response::Response;
use fluent_bundle::{FluentArgs, FluentValue};

use super::PageError;
use crate::decks::{self, DeckStyle};
use crate::locale::{self, Locale};

/// How long a query the language switch's links keep (longer ones are left off the links).
const MAX_KEPT_QUERY: usize = 1000;

/// A page's frame: the reader's locale, the deck prší is drawn with, and the request's query
/// (without `lang` and `deck-prsi`), from which the footer's switches link this same page in
/// each language and with each deck.
#[derive(Debug, Clone)]
pub struct Frame {
    locale: Locale,
    /// The deck prší's cards are drawn with on this page.
    prsi_deck: DeckStyle,
    /// The query's other parameters, raw, as the switches' links repeat them.
    kept_query: String,
}

/// One link of the language switch.
pub struct LanguageLink {
    /// The language's tag, for the link's `lang` and `hreflang`.
    pub code: &'static str,
    /// The language's name in itself ("Čeština").
    pub name: String,
    /// This page in that language: `?lang=<code>` and the page's other parameters.
    pub href: String,
    /// The language the page is in.
    pub current: bool,
}

impl Frame {
    /// The frame of a request for a page in `locale` with this query string (prší drawn with
    /// its own German-suited deck).
    pub fn new(locale: Locale, query: Option<&str>) -> Frame {
        let query = query.unwrap_or("");
        let kept_query = if query.len() > MAX_KEPT_QUERY {
            String::new()
        } else {
            (query.split('&'))
                .filter(|pair| {
                    !pair.is_empty()
                        && pair.split('=').next() != Some(locale::QUERY)
                        && !decks::is_choice(pair)
                })
                .collect::<Vec<_>>()
                .join("&")
        };
        Frame {
            locale,
            prsi_deck: DeckStyle::default(),
            kept_query,
        }
    }

    /// This frame with prší's cards drawn with `deck`.
    pub fn with_prsi_deck(self, deck: DeckStyle) -> Frame {
        Frame {
            prsi_deck: deck,
            ..self
        }
    }

    /// The deck prší is drawn with ("german" or "french"), for `<html data-deck-prsi>`.
    pub fn prsi_deck(&self) -> &'static str {
        self.prsi_deck.code()
    }

    /// The deck switch's link to this page with prší drawn with the deck `code` names
    /// ("german" or "french"); `None` for a name that is no deck.
    pub fn prsi_deck_href(&self, code: &str) -> Option<String> {
        let deck = DeckStyle::from_code(code)?;
        Some(match self.kept_query.as_str() {
            "" => format!("?{}={}", decks::PRSI, deck.code()),
            kept => format!("?{}={}&{kept}", decks::PRSI, deck.code()),
        })
    }

    /// Whether prší is drawn with the deck `code` names on this page.
    pub fn is_prsi_deck(&self, code: &str) -> bool {
        self.prsi_deck.code() == code
    }

    /// The page's language tag, for `<html lang>`.
    pub fn lang(&self) -> &'static str {
        self.locale.code()
    }

    /// The message `id`.
    pub fn t(&self, id: &str) -> String {
        self.locale.message(id)
    }

    /// The message `id` with its one text variable `name` set to `value` (a name, an id: text
    /// even when it looks like a number).
    pub fn t1(&self, id: &str, name: &str, value: impl Display) -> String {
        let mut args = FluentArgs::new();
        args.set(name, FluentValue::from(value.to_string()));
        self.locale.message_with(id, Some(&args))
    }

    /// The message `id` with its `$count` set to `count`, in the plural form the language
    /// chooses for it (a reference, as askama lends a view's fields).
    pub fn count(&self, id: &str, count: &usize) -> String {
        self.locale.message_count(id, *count as u64)
    }

    /// Where the page's scripts fetch the words of its language.
    pub fn messages_url(&self) -> String {
        self.locale.script_catalog_url()
    }

    /// The language switch: this page in each language, each named in itself.
    pub fn languages(&self) -> Vec<LanguageLink> {
        Locale::ALL
            .into_iter()
            .map(|other| {
                let code = other.code();
                let href = match self.kept_query.as_str() {
                    "" => format!("?{}={code}", locale::QUERY),
                    kept => format!("?{}={code}&{kept}", locale::QUERY),
                };
                LanguageLink {
                    code,
                    name: other.message("language-name"),
                    href,
                    current: other == self.locale,
                }
            })
            .collect()
    }
}

/// A page's frame, from the locale the pages' layer chose (or, outside it, from the request).
impl<S: Send + Sync> FromRequestParts<S> for Frame {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Frame, Infallible> {
        let locale = Locale::from_request_parts(parts, state).await?;
        let deck = match parts.extensions.get::<DeckStyle>() {
            Some(deck) => *deck,
            None => decks::choose(parts.uri.query(), &parts.headers).prsi,
        };
        Ok(Frame::new(locale, parts.uri.query()).with_prsi_deck(deck))
    }
}

/// The pages' layer: chooses the request's locale and prší's deck for the handlers (which read
/// the query without `deck-prsi`), draws a [`PageError`]'s page in them, and marks each page with
/// its language (`Content-Language`, and `Vary` on what chose it); a choice made with `?lang=`
/// or `?deck-prsi=` is kept in its cookie.
pub(super) async fn localise(mut request: Request, next: Next) -> Response {
    let choice = locale::choose(request.uri().query(), request.headers());
    let deck = decks::choose(request.uri().query(), request.headers());
    let frame = Frame::new(choice.locale, request.uri().query()).with_prsi_deck(deck.prsi);
    request.extensions_mut().insert(choice.locale);
    request.extensions_mut().insert(deck.prsi);
    if let Some(uri) = without_deck_choice(request.uri()) {
        *request.uri_mut() = uri;
    }
    let mut response = next.run(request).await;
    if let Some(error) = response.extensions_mut().remove::<PageError>() {
        response = error.page(&frame);
    }
    let html = (response.headers().get(header::CONTENT_TYPE))
        .is_some_and(|t| t.as_bytes().starts_with(b"text/html"));
    if html {
        let headers = response.headers_mut();
        headers.insert(
            header::CONTENT_LANGUAGE,
            HeaderValue::from_static(choice.locale.code()),
        );
        headers.append(
            header::VARY,
            HeaderValue::from_static("Accept-Language, Cookie"),
        );
        if choice.by_query {
            headers.append(header::SET_COOKIE, choice.locale.cookie());
        }
        if deck.by_query {
            headers.append(header::SET_COOKIE, deck.prsi.cookie());
        }
    }
    response
}

/// `uri` without its `deck-prsi` parameters, if it has any: the pages' own queries (some strict
/// about the parameters they take) never see the deck switch's.
fn without_deck_choice(uri: &Uri) -> Option<Uri> {
    let query = uri.query()?;
    if !query.split('&').any(decks::is_choice) {
        return None;
    }
    let rest = decks::without_choice(query);
    let path_and_query = match rest.as_str() {
        "" => uri.path().to_string(),
        rest => format!("{}?{rest}", uri.path()),
    };
    let mut parts = uri.clone().into_parts();
    parts.path_and_query = Some(path_and_query.parse().ok()?);
    Uri::from_parts(parts).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hrefs(frame: &Frame) -> Vec<String> {
        frame.languages().into_iter().map(|l| l.href).collect()
    }

    #[test]
    fn the_switch_keeps_the_pages_other_parameters_and_drops_its_lang() {
        let frame = Frame::new(Locale::Ru, Some("game=durak&lang=ru&&per_page=5"));
        assert_eq!(
            hrefs(&frame),
            [
                "?lang=en&game=durak&per_page=5",
                "?lang=ru&game=durak&per_page=5",
                "?lang=cs&game=durak&per_page=5"
            ]
        );
        let names: Vec<String> = frame.languages().into_iter().map(|l| l.name).collect();
        assert_eq!(names, ["English", "Русский", "Čeština"]);
        let current: Vec<bool> = frame.languages().into_iter().map(|l| l.current).collect();
        assert_eq!(current, [false, true, false]);
    }

    #[test]
    fn a_long_query_is_left_off_the_switch() {
        let long = format!("game={}", "x".repeat(2000));
        assert_eq!(hrefs(&Frame::new(Locale::En, Some(&long)))[2], "?lang=cs");
        assert_eq!(hrefs(&Frame::new(Locale::En, None))[1], "?lang=ru");
    }

    #[test]
    fn the_deck_switch_keeps_the_pages_other_parameters() {
        let frame = Frame::new(Locale::Cs, Some("lang=cs&deck-prsi=french&game=prsi"))
            .with_prsi_deck(DeckStyle::French);
        assert_eq!(frame.prsi_deck(), "french");
        assert!(frame.is_prsi_deck("french") && !frame.is_prsi_deck("german"));
        let german = frame.prsi_deck_href("german");
        assert_eq!(german.as_deref(), Some("?deck-prsi=german&game=prsi"));
        assert_eq!(frame.prsi_deck_href("tarot"), None);
        assert_eq!(hrefs(&frame)[0], "?lang=en&game=prsi");
        let plain = Frame::new(Locale::En, None);
        assert_eq!(plain.prsi_deck(), "german");
        assert_eq!(
            plain.prsi_deck_href("french").as_deref(),
            Some("?deck-prsi=french")
        );
    }

    #[test]
    fn the_handlers_query_loses_only_the_deck_choice() {
        let uri = |s: &str| s.parse::<Uri>().unwrap();
        let stripped = without_deck_choice(&uri("/matches?game=prsi&deck-prsi=french"));
        assert_eq!(stripped, Some(uri("/matches?game=prsi")));
        let alone = without_deck_choice(&uri("/rules/prsi?deck-prsi=german"));
        assert_eq!(alone, Some(uri("/rules/prsi")));
        assert_eq!(without_deck_choice(&uri("/matches?game=prsi")), None);
        assert_eq!(without_deck_choice(&uri("/")), None);
    }

    #[test]
    fn the_frame_speaks_its_locale() {
        let frame = Frame::new(Locale::Cs, None);
        assert_eq!(frame.lang(), "cs");
        assert_eq!(frame.t("nav-rules-of"), "Pravidla:");
        let game = frame.t1("leaderboard-recent-matches", "game", "007");
        assert_eq!(game, "Poslední zápasy: 007");
        assert_eq!(frame.count("cards-count", &4), "4 karty");
    }
}
