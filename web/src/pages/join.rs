//! `/join` and `/me`: a contestant registers a bot and manages it from the browser, through the
//! same public API a script uses (docs/api.md, "Bots", "Practice").
//!
//! Both pages are shells that their scripts fill. `/join` (`web/static/join.js`) sends
//! `POST /api/bots`, shows the token and the secret once with the kits' command lines filled in,
//! and keeps the bot's id, name, game and token in the browser's `localStorage` (never the
//! secret, which belongs to the bot). `/me` (`web/static/me.js`) lists the bots kept there from
//! `GET /api/bots/{id}` and acts on them with the owner's token as a bearer token, to this
//! server's API only: practice, pause and resume, a new version, a new URL, delete, and forget
//! (the browser drops the token). See docs/architecture.md, "Pages", on what the browser keeps.

use askama::Template;
use axum::Router;
use axum::response::Response;
use axum::routing::get;

use super::{Frame, PageResult, content_hash, ok, static_file};
use cardarena_store::Store;

/// The registration form's script, served at `/static/join.js`.
const JOIN_JS: &str = include_str!("../../static/join.js");
/// The "My bots" page's script, served at `/static/me.js`.
const ME_JS: &str = include_str!("../../static/me.js");
/// Both pages' own styles, served at `/static/join.css`.
const JOIN_CSS: &str = include_str!("../../static/join.css");

/// The registration form.
#[derive(Template)]
#[template(path = "join.html")]
struct JoinPage {
    /// The site's frame in the reader's language.
    frame: Frame,
    /// The games a bot may be registered for, in the roster's order.
    games: Vec<JoinGame>,
    /// The script's URL with its content's hash.
    script: String,
    /// The styles' URL with their content's hash.
    style: String,
}

/// A game of the registration form: its id and the table sizes it seats.
struct JoinGame {
    /// The game's id.
    id: &'static str,
    /// Every table size it seats, fewest first, space-separated (the sizes' boxes).
    sizes: String,
}

/// The owner's bots, as this browser keeps them.
#[derive(Template)]
#[template(path = "me.html")]
struct MePage {
    /// The site's frame in the reader's language.
    frame: Frame,
    /// The script's URL with its content's hash.
    script: String,
    /// The styles' URL with their content's hash.
    style: String,
}

/// The routes of both pages and their scripts.
pub(super) fn routes() -> Router<Store> {
    Router::new()
        .route("/join", get(join))
        .route("/me", get(me))
        .route("/static/join.js", get(join_js))
        .route("/static/me.js", get(me_js))
        .route("/static/join.css", get(join_css))
}

/// `GET /join`: the registration form.
async fn join(frame: Frame) -> PageResult {
    ok(&JoinPage {
        frame,
        games: cardarena_contest::games::games()
            .into_iter()
            .map(|game| JoinGame {
                id: game.id,
                sizes: game
                    .players
                    .counts()
                    .map(|n| n.to_string())
                    .collect::<Vec<_>>()
                    .join(" "),
            })
            .collect(),
        script: format!("/static/join.js?v={}", content_hash(JOIN_JS)),
        style: style_url(),
    })
}

/// `GET /me`: the bots this browser registered or was given.
async fn me(frame: Frame) -> PageResult {
    ok(&MePage {
        frame,
        script: format!("/static/me.js?v={}", content_hash(ME_JS)),
        style: style_url(),
    })
}

/// The styles' URL with their content's hash.
fn style_url() -> String {
    format!("/static/join.css?v={}", content_hash(JOIN_CSS))
}

async fn join_js() -> Response {
    static_file("text/javascript; charset=utf-8", JOIN_JS)
}

async fn me_js() -> Response {
    static_file("text/javascript; charset=utf-8", ME_JS)
}

async fn join_css() -> Response {
    static_file("text/css; charset=utf-8", JOIN_CSS)
}
