//! The site's frame in English, Russian and Czech against the real server on loopback with a
//! temporary SQLite file: the language comes from `?lang=` (which sets the `lang` cookie), then
//! the cookie, then `Accept-Language`, then English, and `<html lang>`, the header's menus, the
//! footer's language switch and the error pages follow it; in headless Chromium, at a phone's
//! width, the frame in Russian and in Czech fits the screen and axe-core finds nothing grave,
//! and the live leaderboard's script redraws its table in the page's language.
//! Screenshots go to `target/test-artefacts/languages/`.

use crate::support;

use cardarena_testkit::axe;
use cardarena_testkit::chromium::{self, Browser};
use reqwest::{StatusCode, header};
use support::{Server, TempDb};

/// A phone held upright.
const PHONE: (u32, u32) = (390, 844);

/// A page's status, its headers and its HTML, asked for with these request headers.
async fn fetch(
    server: &Server,
    path: &str,
    headers: &[(&str, &str)],
) -> (StatusCode, header::HeaderMap, String) {
    let mut request = server.http.get(server.url(path));
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let response = request.send().await.unwrap();
    let status = response.status();
    let headers = response.headers().clone();
    (status, headers, response.text().await.unwrap())
}

fn html_lang(html: &str) -> &str {
    let start = html.find("<html lang=\"").expect("an <html lang>") + 12;
    &html[start..start + html[start..].find('"').unwrap()]
}

fn header_of(headers: &header::HeaderMap, name: header::HeaderName) -> Option<&str> {
    headers.get(name).map(|v| v.to_str().unwrap())
}

#[tokio::test]
async fn the_language_comes_from_the_query_then_the_cookie_then_the_browser() {
    let db = TempDb::new();
    let server = Server::start(support::config(&db)).await;

    let (status, headers, html) =
        fetch(&server, "/", &[("accept-language", "ru-RU,en;q=0.5")]).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(html_lang(&html), "ru");
    assert_eq!(header_of(&headers, header::CONTENT_LANGUAGE), Some("ru"));
    assert_eq!(header_of(&headers, header::SET_COOKIE), None);
    for words in [
        ">Рейтинг</a>",
        ">Турниры</a>",
        ">Мои боты</a>",
        ">Как участвовать</a>",
        "Правила:",
        "aria-label=\"Сайт\"",
        ">Меню</button>",
        ">Язык</span>",
        // The leaderboard's own words, a count in its plural form.
        "<h1>Рейтинг</h1>",
        ">Последние матчи: durak</a>",
        "title=\"матчи с нарушениями среди последних 50 матчей бота в рейтинге и турнирах\"",
        "data-empty=\"Пока нет ботов с рейтингом.\"",
    ] {
        assert!(html.contains(words), "no {words:?} in Russian");
    }
    assert!(!html.contains(">My bots</a>"));
    // The switch names each language in itself, the current one marked.
    for link in [
        "<a href=\"?lang=en\" lang=\"en\" hreflang=\"en\">English</a>",
        "<a href=\"?lang=ru\" lang=\"ru\" hreflang=\"ru\" aria-current=\"page\">Русский</a>",
        "<a href=\"?lang=cs\" lang=\"cs\" hreflang=\"cs\">Čeština</a>",
    ] {
        assert!(html.contains(link), "no {link}");
    }

    // The cookie beats the header; the query beats both, and is kept in the cookie.
    let cs_cookie = [("accept-language", "ru"), ("cookie", "lang=cs")];
    let (_, headers, html) = fetch(&server, "/", &cs_cookie).await;
    assert_eq!(html_lang(&html), "cs");
    assert!(html.contains(">Žebříček</a>") && html.contains(">Moji boti</a>"));
    assert!(html.contains("<h1>Žebříček</h1>") && html.contains(">Zatím žádné turnaje.<"));
    assert_eq!(header_of(&headers, header::SET_COOKIE), None);
    let (status, headers, html) = fetch(&server, "/?lang=en", &cs_cookie).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(html_lang(&html), "en");
    assert!(html.contains(">Leaderboard</a>") && html.contains(">My bots</a>"));
    let cookie = header_of(&headers, header::SET_COOKIE).unwrap();
    assert!(cookie.starts_with("lang=en; Path=/; Max-Age="), "{cookie}");

    // No preference, or none the site speaks: English, and no cookie.
    for asked in [None, Some("de-DE, fr;q=0.9"), Some("ru;q=0, cs;q=0")] {
        let headers: Vec<(&str, &str)> =
            asked.map(|a| ("accept-language", a)).into_iter().collect();
        let (status, answer, html) = fetch(&server, "/?lang=xx", &headers).await;
        assert_eq!(
            (status, html_lang(&html)),
            (StatusCode::OK, "en"),
            "{asked:?}"
        );
        assert_eq!(header_of(&answer, header::SET_COOKIE), None);
    }
    // A huge or malformed header is read only so far, and answered.
    let huge = format!("{}cs", "xx-YY;q=0.5,".repeat(1000));
    let (status, _, html) = fetch(&server, "/", &[("accept-language", &huge)]).await;
    assert_eq!((status, html_lang(&html)), (StatusCode::OK, "en"));
    let odd = [
        ("accept-language", ";;q=,=;cs;q=2,ru;q=0.5"),
        ("cookie", "lang=;;="),
    ];
    let (status, _, html) = fetch(&server, "/", &odd).await;
    assert_eq!((status, html_lang(&html)), (StatusCode::OK, "ru"));
}

#[tokio::test]
async fn the_switch_keeps_the_page_and_the_error_pages_speak_the_language() {
    let db = TempDb::new();
    let server = Server::start(support::config(&db)).await;

    // A page with a strict query takes `lang` besides; the switch keeps its parameters.
    let (status, _, html) = fetch(&server, "/matches?game=durak&lang=cs", &[]).await;
    assert_eq!(status, StatusCode::OK, "{html}");
    assert_eq!(html_lang(&html), "cs");
    assert!(html.contains("href=\"?lang=ru&#38;game=durak\""), "{html}");

    // The app's 404, a handler's 404 and a 400, each in the reader's language.
    let (status, _, html) = fetch(&server, "/nowhere", &[("accept-language", "cs")]).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(html_lang(&html), "cs");
    assert!(html.contains("<h1>Nenalezeno</h1>"), "{html}");
    assert!(html.contains("Na této adrese žádná stránka není"), "{html}");
    assert!(html.contains(">Zahrajte si partii sami</a>"), "{html}");
    let (status, _, html) = fetch(&server, "/bots/nobody", &[("cookie", "lang=ru")]).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(html_lang(&html), "ru");
    assert!(html.contains("<h1>Не найдено</h1>"), "{html}");
    assert!(html.contains(">Куда перейти дальше:</p>"), "{html}");
    let (status, _, html) = fetch(&server, "/matches?kind=nonsense&lang=ru", &[]).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(html.contains("<h1>Неверный запрос</h1>"), "{html}");

    // A static file is the same in every language: no cookie, no Vary on it.
    let (status, headers, _) = fetch(&server, "/static/style.css?lang=ru", &[]).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(header_of(&headers, header::SET_COOKIE), None);
    assert_eq!(header_of(&headers, header::VARY), None);
    let (_, headers, _) = fetch(&server, "/tournaments", &[]).await;
    let vary: Vec<&str> = headers
        .get_all(header::VARY)
        .iter()
        .map(|v| v.to_str().unwrap())
        .collect();
    assert!(
        vary.iter().any(|v| v.contains("Accept-Language")),
        "{vary:?}"
    );
}

/// Whether the open page is wider than the window.
async fn scrolls_sideways(browser: &Browser) -> bool {
    let wider = browser
        .script("return document.documentElement.scrollWidth > window.innerWidth;")
        .await;
    wider.as_bool().unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_frame_in_russian_and_czech_fits_a_phone_and_passes_axe() {
    let db = TempDb::new();
    let server = Server::start(support::config(&db)).await;
    let source = axe::source();
    let artefacts = chromium::artefacts("languages");
    let browser = Browser::start().await;
    let mut wrong = Vec::new();
    for (code, menu) in [("ru", "Меню"), ("cs", "Nabídka")] {
        // The switch's link sets the cookie; the pages after it keep the language.
        for (n, path) in [
            format!("/?lang={code}"),
            "/tournaments".into(),
            "/nowhere".into(),
        ]
        .iter()
        .enumerate()
        {
            browser.resize(PHONE).await;
            browser.open("about:blank").await;
            browser.open(&server.url(path)).await;
            assert_eq!(browser.viewport().await, PHONE);
            let what = format!("{path} in {code}");
            if n == 0 {
                browser.wait_refreshed("table.leaderboard").await;
                let empty = browser.text("table.leaderboard tr.empty").await;
                let expected = if code == "ru" {
                    "Пока нет ботов с рейтингом."
                } else {
                    "Zatím žádní boti s hodnocením."
                };
                if empty != expected {
                    wrong.push(format!("{what}: the redrawn table says {empty:?}"));
                }
            }
            let lang = browser.attr("html", "lang").await;
            if lang.as_deref() != Some(code) {
                wrong.push(format!("{what}: <html lang> is {lang:?}"));
            }
            if scrolls_sideways(&browser).await {
                wrong.push(format!("{what}: the page scrolls sideways"));
            }
            for violation in axe::check(&browser, &source).await {
                if violation.grave() {
                    wrong.push(format!("{what}: {}", violation.describe()));
                }
            }
            let file = artefacts.join(format!("{code}-{n}.png"));
            browser.screenshot(&file).await;
            // The footer's switch, scrolled to.
            browser
                .script("document.querySelector('footer.site').scrollIntoView(); return null;")
                .await;
            let switch = browser.rects("footer.site nav.languages a").await;
            if switch.len() != 3 || !switch.iter().all(|r| r.inside(PHONE)) {
                wrong.push(format!("{what}: the language links are at {switch:?}"));
            }
            browser
                .screenshot(&artefacts.join(format!("{code}-{n}-footer.png")))
                .await;
        }
        // The menu opens in the language too.
        browser.open(&server.url("/")).await;
        browser.script("window.scrollTo(0, 0); return null;").await;
        let button = browser.text("header.site .menu-button").await;
        if !button.contains(menu) {
            wrong.push(format!("{code}: the menu button says {button:?}"));
        }
        browser.click("header.site .menu-button").await;
        if scrolls_sideways(&browser).await {
            wrong.push(format!("{code}: the open menu scrolls sideways"));
        }
        browser
            .screenshot(&artefacts.join(format!("{code}-menu.png")))
            .await;
    }
    browser.close().await;
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Each language's words for the scripts: linked from `<html data-messages>` with their hash,
/// gzipped to a client that accepts gzip and plain to one that does not, the same JSON either
/// way, cached for a year; an unknown language is a 404.
#[tokio::test]
async fn the_scripts_words_are_served_gzipped_to_who_accepts_it() {
    use std::io::Read;

    let db = TempDb::new();
    let server = Server::start(support::config(&db)).await;
    for code in ["en", "ru", "cs"] {
        let (_, _, html) = fetch(&server, &format!("/?lang={code}"), &[]).await;
        let at = html.find("data-messages=\"").unwrap() + 15;
        let url = &html[at..at + html[at..].find('"').unwrap()];
        assert!(
            url.starts_with(&format!("/static/messages/{code}.json?v=")),
            "{url}"
        );
        let plain = server.http.get(server.url(url)).send().await.unwrap();
        assert_eq!(plain.status(), StatusCode::OK);
        assert_eq!(header_of(plain.headers(), header::CONTENT_ENCODING), None);
        assert_eq!(
            header_of(plain.headers(), header::VARY),
            Some("Accept-Encoding")
        );
        assert!(
            header_of(plain.headers(), header::CACHE_CONTROL)
                .unwrap()
                .contains("immutable")
        );
        let plain = plain.bytes().await.unwrap();
        let zipped = (server.http.get(server.url(url)))
            .header(header::ACCEPT_ENCODING, "br, gzip;q=0.8")
            .send()
            .await
            .unwrap();
        assert_eq!(
            header_of(zipped.headers(), header::CONTENT_ENCODING),
            Some("gzip")
        );
        let zipped = zipped.bytes().await.unwrap();
        let mut inflated = Vec::new();
        flate2::read::GzDecoder::new(&zipped[..])
            .read_to_end(&mut inflated)
            .unwrap();
        assert_eq!(inflated, plain);
        assert!(
            zipped.len() * 4 < plain.len(),
            "{} of {}",
            zipped.len(),
            plain.len()
        );
        let json: serde_json::Value = serde_json::from_slice(&plain).unwrap();
        assert_eq!(json["locale"], code);
        let refused = (server.http.get(server.url(url)))
            .header(header::ACCEPT_ENCODING, "gzip;q=0, identity")
            .send()
            .await
            .unwrap();
        assert_eq!(header_of(refused.headers(), header::CONTENT_ENCODING), None);
    }
    let (status, _, _) = fetch(&server, "/static/messages/de.json", &[]).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}
