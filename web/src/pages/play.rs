//! `/play` and `/play/{token}`: a person's seat at a table (docs/api.md, "Tables").
//!
//! Both pages are shells that their scripts fill from the API. `/play` is the form that opens a
//! table (`web/static/play.js`: games, table sizes and bots from `GET /api/games` and
//! `GET /api/bots`, then `POST /api/tables`). `/play/{token}` is one seat
//! (`web/static/seat.js`): it long-polls the seat's state, draws the table with the match
//! viewer's modules and sends the person's moves. The token is the seat's secret, so the seat
//! page is never cached and sends no referrer. A link that is no seat's is the 404 page with
//! only that explanation (no empty table, controls or hints).

use askama::Template;
use axum::extract::{Path, State};
use axum::http::{HeaderValue, header};

use super::replay::{Links, PlayLinks, links, play_links};
use super::{Frame, PageError, PageResult, ok};
use cardarena_contest::secrets;
use cardarena_store::Store;

/// The longest token the seat page accepts (the API's are far shorter).
const MAX_TOKEN: usize = 128;

/// The play form.
#[derive(Template)]
#[template(path = "play.html")]
struct PlayPage {
    /// The site's frame in the reader's language.
    frame: Frame,
    play: PlayLinks,
}

/// One seat's page.
#[derive(Template)]
#[template(path = "seat.html")]
struct SeatPage {
    /// The site's frame in the reader's language.
    frame: Frame,
    /// The seat's token, which the script sends back to the API.
    token: String,
    /// The card table's modules, as the match page loads them.
    links: Links,
    play: PlayLinks,
}

/// `GET /play`: the form that opens a table.
pub(super) async fn form(frame: Frame) -> PageResult {
    ok(&PlayPage {
        frame,
        play: play_links(),
    })
}

/// `GET /play/{token}`: the seat's page; 404 for a token that is no seat's.
pub(super) async fn seat(
    State(store): State<Store>,
    Path(token): Path<String>,
    frame: Frame,
) -> PageResult {
    if !token_shape(&token) || store.person_seat(&secrets::hash(&token)).await?.is_none() {
        return Err(PageError::NotFound(frame.t("play-no-seat")));
    }
    let mut response = ok(&SeatPage {
        frame,
        token,
        links: links(),
        play: play_links(),
    })?;
    // The URL is the seat's secret: keep it out of caches and of other sites' logs.
    let headers = response.headers_mut();
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    Ok(response)
}

/// Whether `token` may be a seat's: 1 to [`MAX_TOKEN`] letters, digits, `-` or `_`.
fn token_shape(token: &str) -> bool {
    (1..=MAX_TOKEN).contains(&token.len())
        && token
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

#[cfg(test)]
mod tests {
    use super::token_shape;

    #[test]
    fn tokens_are_url_safe_and_bounded() {
        assert!(token_shape("Ab3_-x"));
        assert!(token_shape(&"a".repeat(128)));
        assert!(!token_shape(""));
        assert!(!token_shape(&"a".repeat(129)));
        assert!(!token_shape("a/b"));
        assert!(!token_shape("a b"));
        assert!(!token_shape("é"));
    }
}
