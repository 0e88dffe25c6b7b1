//! The API's errors in the language of the request: its `lang` cookie (the pages' language
//! switch sets it), then its `Accept-Language`, then English, chosen as the pages choose
//! ([`locale::choose`], without the pages' `?lang=`, which an API route may not take). Only the
//! `detail` changes; the `error` code is the same English word in every language.

use axum::Json;
use axum::http::response::Parts;
use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::{IntoResponse, Response};

use super::ApiError;
use crate::locale::{self, Locale};

/// The language a request's error is answered in.
pub(super) fn of(headers: &HeaderMap) -> Locale {
    locale::choose(None, headers).locale
}

/// The answer to `error` in `locale`, with the status and headers of `parts` (a `Retry-After`,
/// an `Allow`): the body in that language, `Content-Language` naming the language the detail is
/// in, and `Vary` on what chose it.
pub(super) fn answer(mut parts: Parts, error: &ApiError, locale: Locale) -> Response {
    let language = error.detail.language(locale);
    let headers = &mut parts.headers;
    // The body is new: neither the old one's length nor its compression holds.
    headers.remove(header::CONTENT_LENGTH);
    headers.remove(header::CONTENT_ENCODING);
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    headers.insert(
        header::CONTENT_LANGUAGE,
        HeaderValue::from_static(language.code()),
    );
    headers.append(
        header::VARY,
        HeaderValue::from_static("Accept-Language, Cookie"),
    );
    let body = Json(error.body_in(locale)).into_response().into_body();
    Response::from_parts(parts, body)
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::StatusCode;

    use crate::api::detail::Detail;

    fn header(name: header::HeaderName, value: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert(name, HeaderValue::from_str(value).unwrap());
        headers
    }

    #[test]
    fn the_cookie_beats_the_header_and_english_is_the_fallback() {
        assert_eq!(
            of(&header(header::ACCEPT_LANGUAGE, "cs-CZ, en;q=0.5")),
            Locale::Cs
        );
        let mut both = header(header::ACCEPT_LANGUAGE, "cs");
        both.insert(header::COOKIE, HeaderValue::from_static("lang=ru"));
        assert_eq!(of(&both), Locale::Ru);
        assert_eq!(of(&header(header::ACCEPT_LANGUAGE, "de")), Locale::En);
        assert_eq!(of(&HeaderMap::new()), Locale::En);
    }

    #[test]
    fn english_text_from_elsewhere_says_it_is_english() {
        let (parts, _) = Response::new(()).into_parts();
        let error = ApiError::invalid("bad_options", Detail::english("no such option"));
        let english = answer(parts, &error, Locale::Ru);
        assert_eq!(english.headers()[header::CONTENT_LANGUAGE], "en");
        let (parts, _) = Response::new(()).into_parts();
        let error = ApiError::new(
            StatusCode::NOT_FOUND,
            "not_found",
            Detail::new("api-no-route"),
        );
        let russian = answer(parts, &error, Locale::Ru);
        assert_eq!(russian.headers()[header::CONTENT_LANGUAGE], "ru");
        assert_eq!(russian.headers()[header::VARY], "Accept-Language, Cookie");
    }
}
