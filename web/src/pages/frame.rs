//! What every page shows around its content, in the reader's language: the [`Frame`] each page
//! hands its template (the locale, its words, the language switch's links), and the pages'
//! layer, [`localise`], that chooses the locale, keeps a choice made with `?lang=` in the
//! `lang` cookie, and draws the error pages in that language.

use std::convert::Infallible;
use std::fmt::Display;

use axum::extract::{FromRequestParts, Request};
use axum::http::request::Parts;
use axum::http::{HeaderValue, header};
use axum::middleware::Next;
use axum::response::Response;
use fluent_bundle::{FluentArgs, FluentValue};

use super::PageError;
use crate::locale::{self, Locale};

/// How long a query the language switch's links keep (longer ones are left off the links).
const MAX_KEPT_QUERY: usize = 1000;

/// A page's frame: the reader's locale and the request's query (without `lang`), from which the
/// language switch links this same page in each language.
#[derive(Debug, Clone)]
pub struct Frame {
    locale: Locale,
    /// The query's other parameters, raw, as the switch's links repeat them.
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
    /// The frame of a request for a page in `locale` with this query string.
    pub fn new(locale: Locale, query: Option<&str>) -> Frame {
        let query = query.unwrap_or("");
        let kept_query = if query.len() > MAX_KEPT_QUERY {
            String::new()
        } else {
            (query.split('&'))
                .filter(|pair| !pair.is_empty() && pair.split('=').next() != Some(locale::QUERY))
                .collect::<Vec<_>>()
                .join("&")
        };
        Frame { locale, kept_query }
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
        Ok(Frame::new(locale, parts.uri.query()))
    }
}

/// The pages' layer: chooses the request's locale for the handlers, draws a [`PageError`]'s
/// page in it, and marks each page with its language (`Content-Language`, and `Vary` on what
/// chose it); a choice made with `?lang=` is kept in the cookie.
pub(super) async fn localise(mut request: Request, next: Next) -> Response {
    let choice = locale::choose(request.uri().query(), request.headers());
    let frame = Frame::new(choice.locale, request.uri().query());
    request.extensions_mut().insert(choice.locale);
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
    }
    response
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
    fn the_frame_speaks_its_locale() {
        let frame = Frame::new(Locale::Cs, None);
        assert_eq!(frame.lang(), "cs");
        assert_eq!(frame.t("nav-rules-of"), "Pravidla:");
        let game = frame.t1("leaderboard-recent-matches", "game", "007");
        assert_eq!(game, "Poslední zápasy: 007");
        assert_eq!(frame.count("cards-count", &4), "4 karty");
    }
}
