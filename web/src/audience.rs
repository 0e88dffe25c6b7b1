//! Marks each look at the site for the demo's pace ([`cardarena_contest::demo::audience`]): a
//! page asked for (any GET outside `/api/` and `/static/`, from a browser or `curl`), or
//! anything a browser's page fetches (it sends `Sec-Fetch-Site`; bots do not), such as the live
//! leaderboard's polls.

use axum::extract::{Request, State};
use axum::http::Method;
use axum::middleware::Next;
use axum::response::Response;

use cardarena_contest::demo::audience::Audience;

/// The middleware: marks `audience` seen when `request` is a look, then serves it.
pub async fn mark(State(audience): State<Audience>, request: Request, next: Next) -> Response {
    if is_look(&request) {
        audience.seen();
    }
    next.run(request).await
}

/// Whether a person (through a browser or by hand) is looking.
fn is_look(request: &Request) -> bool {
    let path = request.uri().path();
    let page = request.method() == Method::GET
        && !path.starts_with("/api/")
        && !path.starts_with("/static/")
        && path != "/favicon.ico";
    page || request.headers().contains_key("sec-fetch-site")
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::body::Body;

    fn request(method: &str, path: &str, browser: bool) -> Request {
        let mut builder = Request::builder().method(method).uri(path);
        if browser {
            builder = builder.header("sec-fetch-site", "same-origin");
        }
        builder.body(Body::empty()).unwrap()
    }

    #[test]
    fn pages_and_a_browsers_fetches_are_looks_and_a_bots_calls_are_not() {
        assert!(is_look(&request("GET", "/", false)));
        assert!(is_look(&request("GET", "/tournaments", false)));
        assert!(is_look(&request(
            "GET",
            "/api/leaderboard?game=durak",
            true
        )));
        assert!(!is_look(&request(
            "GET",
            "/api/leaderboard?game=durak",
            false
        )));
        assert!(!is_look(&request("POST", "/api/bots", false)));
        assert!(!is_look(&request("GET", "/static/style.css", false)));
    }
}
