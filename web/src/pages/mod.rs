//! The pages: server-rendered HTML from the askama templates in `web/templates/`, with the
//! stylesheet and the live pages' scripts from `web/static/` compiled into the binary.
//!
//! - `/`, `/?game=<id>`: the leaderboard of each game (or one), refreshed live by a script that
//!   polls `/api/leaderboard?game=<id>` every 2 s;
//! - `/bots/{id}`: a bot, its rating and a chart of its whole rating history, its versions, its
//!   matches paged (filtered by kind, or by tournament stage; each seat with its version), the
//!   faults among them, its record against each opponent, and the organiser's actions with the
//!   organiser's tools (a script that acts with the admin token, `/static/organiser.js`);
//! - `/matches?game=&kind=&tournament=&stage=`: matches newest first, paged;
//! - `/matches/{id}`: a match, its seats and results, its card table step by step (live while it
//!   runs; the scripts and styles under `/static/` are listed in `replay/assets.rs`), and its
//!   moves one by one;
//! - `/docs`, `/docs/{name}`: the contestants' docs (`docs/*.md`), rendered from the binary;
//! - `/join`: the form that registers a bot (`POST /api/bots`) and shows its token, its secret
//!   and the kits' command lines once (`join.rs`, `/static/join.js`);
//! - `/me` ("My bots"): the bots whose tokens this browser keeps in `localStorage`, with their
//!   status, faults, rating and rank, and buttons that act on them through the API with the
//!   owner's token (`join.rs`, `/static/me.js`);
//! - `/rules/{game}`: each game's player's guide in the reader's language (`docs/rules/<game>.md`,
//!   `docs/rules/ru/`, `docs/rules/cs/`), its pictures drawn by the card table's renderers
//!   (`rules.rs`);
//! - `/play`: the form that opens a table where people play (against bots or each other);
//! - `/play/{token}`: a person's seat at a table, played in the browser (`play.rs`);
//! - `/tournaments`: every tournament, newest first;
//! - `/tournaments/{id}`: a tournament as `GET /api/tournaments/{id}` shows it (status, entries,
//!   each stage's key figures, progress, standings and head-to-head table), refreshed live by a
//!   script that polls that API every 2 s while the tournament runs.
//!
//! Every page is in the reader's language ([`crate::locale`]): its view holds a [`Frame`] (the
//! locale, its words from [`crate::l10n`], the footer's language switch), and the pages' layer
//! (`frame.rs`) chooses the locale, keeps a `?lang=` choice in a cookie and draws the error
//! pages in it; a sentence that holds links or code is one message whose pieces each language
//! places ([`words`]), and the pages' scripts read the same messages (`/static/l10n.js`).
//!
//! Handlers read the [`Store`] and fill plain view structs whose fields are ready to print
//! (numbers formatted in `format.rs`); askama escapes every value, so a bot's name is never
//! markup. Errors are pages too: 404 for an unknown game, bot, match, tournament or doc, 400 for a
//! bad query parameter, 500 (logged, details never shown) when the store fails.

mod bot;
mod browse;
mod chart;
mod docs;
mod format;
mod frame;
mod join;
mod leaderboard;
mod organiser;
mod play;
mod replay;
mod rules;
mod tournaments;
mod words;

use askama::Template;
use axum::Router;
use axum::extract::Path;

use crate::locale::Locale;
use axum::http::{StatusCode, header};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::get;

use cardarena_store::{Store, StoreError};

pub use frame::{Frame, LanguageLink};

/// The stylesheet, served at `/static/style.css`.
const STYLE: &str = include_str!("../../static/style.css");
/// The live leaderboard's script, served at `/static/live.js`.
const LIVE_JS: &str = include_str!("../../static/live.js");
/// The live tournament page's script, served at `/static/tournament.js`.
const TOURNAMENT_JS: &str = include_str!("../../static/tournament.js");
/// The organiser's tools on a bot's page, served at `/static/organiser.js`.
const ORGANISER_JS: &str = include_str!("../../static/organiser.js");
/// The header's menu on a phone, served at `/static/menu.js`.
const MENU_JS: &str = include_str!("../../static/menu.js");
/// The site's icon, served at `/favicon.svg` and `/favicon.ico` (a browser asks for the
/// latter on its own).
const FAVICON: &str = include_str!("../../static/favicon.svg");
/// The pages link each static file with its content's hash in the query (`?v=`), so a browser
/// fetches a changed file at once and may keep an unchanged one for a year.
const STATIC_CACHE: &str = "public, max-age=31536000, immutable";

pub(in crate::pages) use replay::IMPORT_MAP;

/// The stylesheet's version, for its URL.
pub(crate) const STYLE_VERSION: u64 = content_hash(STYLE);
/// The live leaderboard script's version, for its URL.
pub(crate) const LIVE_JS_VERSION: u64 = content_hash(LIVE_JS);
/// The tournament script's version, for its URL.
pub(crate) const TOURNAMENT_JS_VERSION: u64 = content_hash(TOURNAMENT_JS);
/// The organiser's script's version, for its URL.
pub(crate) const ORGANISER_JS_VERSION: u64 = content_hash(ORGANISER_JS);
/// The menu script's version, for its URL.
pub(crate) const MENU_JS_VERSION: u64 = content_hash(MENU_JS);

/// A version that changes whenever the file does: FNV-1a of its text, at compile time.
const fn content_hash(text: &str) -> u64 {
    cardarena_contest::hash::fnv1a(text.as_bytes())
}

/// The pages' routes over `store`: `/`, `/bots/{id}`, `/matches`, `/matches/{id}`,
/// `/tournaments`, `/tournaments/{id}`, `/docs/…`, `/rules/{game}`, `/play`, `/play/{token}`,
/// `/join`, `/me` and `/static/…`.
/// Sets no fallback, so it merges into an app that has its own.
pub fn router(store: Store) -> Router {
    Router::new()
        .route("/", get(leaderboard::page))
        .route("/bots/{id}", get(bot::page))
        .route("/matches", get(browse::list))
        .route("/matches/{id}", get(replay::page))
        .route("/docs", get(docs::index))
        .route("/docs/{name}", get(docs::page))
        .route("/docs/{folder}/{name}", get(docs::nested_page))
        .route("/rules/{game}", get(rules::page))
        .route("/tournaments", get(tournaments::list))
        .route("/tournaments/{id}", get(tournaments::page))
        .route("/play", get(play::form))
        .route("/play/{token}", get(play::seat))
        .route("/static/style.css", get(style))
        .route("/static/live.js", get(live_js))
        .route("/static/tournament.js", get(tournament_js))
        .route("/static/organiser.js", get(organiser_js))
        .route("/static/menu.js", get(menu_js))
        .route("/static/messages/{file}", get(messages))
        .route("/favicon.svg", get(favicon))
        .route("/favicon.ico", get(favicon))
        .merge(replay::static_routes())
        .merge(join::routes())
        .layer(axum::middleware::from_fn(frame::localise))
        .with_state(store)
}

/// `GET /static/messages/<code>.json`: the words of a language for the pages' scripts.
/// Gzipped to a client that accepts gzip (`Accept-Encoding`, read as the API's large answers
/// read it).
async fn messages(Path(file): Path<String>, headers: header::HeaderMap) -> Response {
    let locale = file
        .strip_suffix(".json")
        .and_then(|code| Locale::ALL.into_iter().find(|l| l.code() == code));
    let Some(locale) = locale else {
        return StatusCode::NOT_FOUND.into_response();
    };
    let catalog = locale.script_catalog();
    let json = "application/json; charset=utf-8";
    if !crate::api::compressed::accepts_gzip(&headers) {
        let mut response = static_file(json, &catalog.json);
        response.headers_mut().insert(
            header::VARY,
            header::HeaderValue::from_static("Accept-Encoding"),
        );
        return response;
    }
    (
        [
            (header::CONTENT_TYPE, json),
            (header::CACHE_CONTROL, STATIC_CACHE),
            (header::CONTENT_ENCODING, "gzip"),
            (header::VARY, "Accept-Encoding"),
        ],
        catalog.gzip.as_slice(),
    )
        .into_response()
}

async fn style() -> Response {
    static_file("text/css; charset=utf-8", STYLE)
}

async fn live_js() -> Response {
    static_file("text/javascript; charset=utf-8", LIVE_JS)
}

async fn tournament_js() -> Response {
    static_file("text/javascript; charset=utf-8", TOURNAMENT_JS)
}

async fn organiser_js() -> Response {
    static_file("text/javascript; charset=utf-8", ORGANISER_JS)
}

async fn menu_js() -> Response {
    static_file("text/javascript; charset=utf-8", MENU_JS)
}

/// The icon, kept a day (its URL carries no version).
async fn favicon() -> Response {
    (
        [
            (header::CONTENT_TYPE, "image/svg+xml"),
            (header::CACHE_CONTROL, "public, max-age=86400"),
        ],
        FAVICON,
    )
        .into_response()
}

/// The page of an address that names nothing: a 404 with the way home (the app's fallback).
pub async fn not_found(frame: Frame) -> Response {
    let message = frame.t("error-no-page");
    PageError::NotFound(message).page(&frame)
}

fn static_file(content_type: &'static str, body: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, content_type),
            (header::CACHE_CONTROL, STATIC_CACHE),
        ],
        body,
    )
        .into_response()
}

/// Why a page could not be shown. As a response it is its status alone, carrying the error:
/// the pages' layer ([`frame::localise`]) draws its page in the reader's language.
#[derive(Debug, Clone)]
enum PageError {
    /// No such game, bot, match or tournament; the message says which.
    NotFound(String),
    /// A query parameter is wrong; the message says which and what would be right.
    BadRequest(String),
    /// The store failed; logged, and the visitor sees a short apology.
    Internal(String),
}

impl From<StoreError> for PageError {
    fn from(e: StoreError) -> PageError {
        PageError::Internal(e.to_string())
    }
}

/// The error page.
#[derive(Template)]
#[template(path = "error.html")]
struct ErrorPage<'a> {
    frame: &'a Frame,
    title: String,
    message: String,
}

impl PageError {
    /// Its page, in the frame's language.
    fn page(self, frame: &Frame) -> Response {
        let (status, title, message) = match self {
            PageError::NotFound(message) => (StatusCode::NOT_FOUND, "error-not-found", message),
            PageError::BadRequest(message) => {
                (StatusCode::BAD_REQUEST, "error-bad-request", message)
            }
            PageError::Internal(_) => (
                StatusCode::INTERNAL_SERVER_ERROR,
                "error-server",
                frame.t("error-server-detail"),
            ),
        };
        let page = ErrorPage {
            frame,
            title: frame.t(title),
            message,
        };
        render(status, &page)
    }
}

impl IntoResponse for PageError {
    fn into_response(self) -> Response {
        let status = match &self {
            PageError::NotFound(_) => StatusCode::NOT_FOUND,
            PageError::BadRequest(_) => StatusCode::BAD_REQUEST,
            PageError::Internal(error) => {
                tracing::error!(%error, "a page failed");
                StatusCode::INTERNAL_SERVER_ERROR
            }
        };
        let mut response = status.into_response();
        response.extensions_mut().insert(self);
        response
    }
}

/// The HTML of `page` with `status`; a template that fails to render (it should not: the
/// views hold plain values) is a logged 500 in plain text.
fn render(status: StatusCode, page: &impl Template) -> Response {
    match page.render() {
        Ok(html) => (status, Html(html)).into_response(),
        Err(error) => {
            tracing::error!(%error, "a page template failed to render");
            (StatusCode::INTERNAL_SERVER_ERROR, "server error").into_response()
        }
    }
}

/// A page's response: its HTML with 200, or the error page.
type PageResult = Result<Response, PageError>;

/// The 200 response of a page.
fn ok(page: &impl Template) -> PageResult {
    Ok(render(StatusCode::OK, page))
}
