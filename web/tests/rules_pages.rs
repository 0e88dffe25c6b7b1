//! The players' guides (`/rules/{game}`) against the real server in headless Chromium: each
//! game's guide with its sections, its pictures drawn by the card table's renderers (every card
//! the embedded snapshot holds face up is in the DOM, and a back for every face-down pile), the
//! foot link to the specification, a score table's corner saying "Deal" only above deal rows, a
//! readable column at 390 px; every guide in Russian and Czech with the English guide's sections
//! and pictures, fitting a phone and axe-core clean; a 404 page for an unknown game, in the
//! reader's language; the links from `/play` and the match page. Screenshots at 1280 and 390 px
//! wide go to `target/test-artefacts/rules/` (`<game>-ru-390.png`, `<game>-cs-390.png` for the
//! translations).

use crate::support;

use cardarena_testkit::{axe, chromium};

use chromium::Browser;
use reqwest::StatusCode;
use serde_json::Value;
use support::{Server, TempDb, config, test_bots};

/// A phone's viewport, for the width checks.
const PHONE: (u32, u32) = (390, 844);
/// A tall phone window, for a screenshot that shows most of a guide.
const PHONE_TALL: (u32, u32) = (390, 2400);
/// A desktop window.
const DESKTOP: (u32, u32) = (1280, 1600);

/// The sections every guide has, by heading id: the goal, the deal, a turn, the special cards,
/// the end and the score.
const SECTIONS: [&str; 5] = [
    "goal",
    "the-deal",
    "a-turn",
    "special-cards",
    "end-and-scoring",
];

/// The narrowest a paragraph, list item or the guide's column may be at 390 px.
const MIN_TEXT_WIDTH: f64 = 300.0;

/// Whether `text` is a card's text form (`10H`, `AS`, `RJ`), as docs/tables.md defines it.
fn is_card(text: &str) -> bool {
    if text == "RJ" || text == "BJ" {
        return true;
    }
    let Some(suit) = text.chars().last() else {
        return false;
    };
    let rank = &text[..text.len() - suit.len_utf8()];
    "CDHS".contains(suit)
        && [
            "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A",
        ]
        .contains(&rank)
}

/// The face-up cards of a snapshot (every card-form string but a joker's stand-in) and how many
/// piles hold face-down cards.
fn expected(table: &Value) -> (usize, usize) {
    match table {
        Value::String(s) if is_card(s) => (1, 0),
        Value::Array(items) => items.iter().map(expected).fold((0, 0), add),
        Value::Object(fields) => {
            let pile = fields.get("down").and_then(Value::as_u64).unwrap_or(0) > 0;
            let inner = fields
                .iter()
                .filter(|(k, _)| k.as_str() != "stands_for")
                .map(|(_, v)| expected(v))
                .fold((0, 0), add);
            add(inner, (0, usize::from(pile)))
        }
        _ => (0, 0),
    }
}

fn add(a: (usize, usize), b: (usize, usize)) -> (usize, usize) {
    (a.0 + b.0, a.1 + b.1)
}

/// Checks that every picture of the open guide is drawn with the cards its snapshot holds (every
/// face-up card in the DOM, a back for every face-down pile, a hand per seat); the number of
/// pictures, two or three.
async fn pictures_drawn(browser: &Browser, what: &str) -> usize {
    let figures = browser.count("figure.rules-picture").await;
    assert!(
        (2..=3).contains(&figures),
        "{what}: {figures} pictures on {}",
        browser
            .script("return location.href + ' (' + document.title + ')';")
            .await
    );
    for i in 1..=figures {
        let figure = format!("article.guide > figure.rules-picture:nth-of-type({i})");
        browser.wait_attr(&figure, "data-drawn", "true").await;
        let picture: Value =
            serde_json::from_str(&browser.attr(&figure, "data-picture").await.unwrap()).unwrap();
        let (up, down_piles) = expected(&picture["table"]);
        assert!(up > 0, "{what} picture {i}: no face-up card");
        let drawn = browser.count(&format!("{figure} .felt [data-card]")).await;
        assert_eq!(drawn, up, "{what} picture {i}: face-up cards drawn");
        let backs = browser.count(&format!("{figure} .felt .card.back")).await;
        assert_eq!(
            backs, down_piles,
            "{what} picture {i}: face-down piles drawn"
        );
        let hands = picture["table"]["hands"].as_array().unwrap().len();
        let seats = browser.count(&format!("{figure} .hand[data-seat]")).await;
        assert_eq!(seats, hands, "{what} picture {i}: hands");
    }
    figures
}

/// A server with no ladder on a temporary SQLite file.
async fn server(db: &TempDb) -> Server {
    Server::start(config(db)).await
}

/// Every guide: 200 with its sections and foot link; each picture drawn with the cards its
/// snapshot holds; at 390 px its text never narrower than [`MIN_TEXT_WIDTH`] and nothing wider
/// than the screen. Screenshots of each at both widths.
#[tokio::test(flavor = "multi_thread")]
async fn every_guide_has_its_sections_its_pictures_drawn_and_its_specification_linked() {
    let db = TempDb::new();
    let server = server(&db).await;
    let browser = Browser::start().await;
    let folder = chromium::artefacts("rules");
    // Score tables seen without deal rows and with them.
    let mut score_tables = [0; 2];
    for game in cardarena_bots::game_ids() {
        let path = format!("/rules/{game}");
        let response = server.http.get(server.url(&path)).send().await.unwrap();
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        let html = response.text().await.unwrap();
        for id in SECTIONS {
            assert!(
                html.contains(&format!("<h2 id=\"{id}\">")),
                "{game}: no {id}"
            );
        }
        browser.resize(DESKTOP).await;
        browser.open(&server.url(&path)).await;
        pictures_drawn(&browser, game).await;
        // A score table's corner says "Deal" only above deal rows (fifty-six has totals only).
        let tables = browser
            .script(
                "return Array.from(document.querySelectorAll('figure table.scores'), (t) => [\
                   t.querySelector('thead tr').firstElementChild.textContent,\
                   t.querySelectorAll('tbody tr:not(.totals)').length]);",
            )
            .await;
        for table in tables.as_array().unwrap() {
            let (corner, deals) = (table[0].as_str().unwrap(), table[1].as_u64().unwrap());
            assert_eq!(corner == "Deal", deals > 0, "{game}: {table}");
            assert!(corner == "Deal" || corner.is_empty(), "{game}: {table}");
            score_tables[usize::from(deals > 0)] += 1;
        }
        let spec = browser.attr("footer.guide-foot a.spec-link", "href").await;
        let spec = spec.unwrap_or_default();
        assert_eq!(spec, format!("/docs/rules/{game}"), "{game}");
        let (status, _) = server.get(&spec).await;
        assert_eq!(status, StatusCode::OK, "{spec}");
        browser
            .screenshot(&folder.join(format!("{game}-1280.png")))
            .await;

        browser.resize(PHONE).await;
        let widths = browser
            .script(
                "const widths = (css) => Array.from(document.querySelectorAll(css), \
                   (e) => e.getBoundingClientRect().width);
                 return {
                   guide: document.querySelector('article.guide').getBoundingClientRect().width,
                   text: widths('article.guide > p, article.guide > ul > li, article.guide > ol > li'),
                   page: document.documentElement.scrollWidth,
                   screen: window.innerWidth,
                 };",
            )
            .await;
        let guide = widths["guide"].as_f64().unwrap();
        assert!(
            guide >= MIN_TEXT_WIDTH,
            "{game}: the guide is {guide} px wide"
        );
        let text: Vec<f64> = widths["text"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(Value::as_f64)
            .collect();
        assert!(text.len() > 5, "{game}: {text:?}");
        let narrowest = text.iter().copied().fold(f64::INFINITY, f64::min);
        assert!(
            narrowest >= MIN_TEXT_WIDTH - 40.0,
            "{game}: a text block is {narrowest} px wide at 390 px"
        );
        assert!(
            widths["page"].as_f64() <= widths["screen"].as_f64(),
            "{game}: the page overflows the phone: {widths}"
        );
        browser.resize(PHONE_TALL).await;
        browser
            .screenshot(&folder.join(format!("{game}-390.png")))
            .await;
    }
    assert!(
        score_tables[0] > 0 && score_tables[1] > 0,
        "{score_tables:?}"
    );
    browser.close().await;
}

/// The ids of a page's `<h1>`–`<h6>` headings, in order.
fn heading_ids(html: &str) -> Vec<&str> {
    html.match_indices("<h")
        .filter_map(|(at, _)| {
            let rest = &html[at + 2..];
            let digit = rest.chars().next().is_some_and(|c| c.is_ascii_digit());
            let id = rest.get(1..)?.strip_prefix(" id=\"")?;
            digit.then(|| id.split('"').next().unwrap_or_default())
        })
        .collect()
}

/// A page's `<html lang>`.
fn html_lang(html: &str) -> &str {
    let start = html.find("<html lang=\"").expect("an <html lang>") + 12;
    &html[start..start + html[start..].find('"').unwrap()]
}

/// The guide's language, the words of its title and its foot, and English words it must not
/// have.
const TRANSLATIONS: [(&str, &str, &str, &str); 2] = [
    ("ru", "Как играть: ", "(на английском)", "Играть</a>"),
    ("cs", "Jak hrát: ", "(anglicky)", "Hrát</a>"),
];

/// Every guide in Russian and in Czech (`?lang=ru|cs`): `<html lang>` and the page's own words
/// in the language, the English guide's sections (the same heading ids, in order) and as many
/// pictures, each drawn; at 390 px nothing wider than the screen and axe-core clean. Screenshots
/// of each at a phone's width.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_guide_in_russian_and_czech_has_the_english_sections_and_pictures_and_fits_a_phone() {
    let db = TempDb::new();
    let server = server(&db).await;
    let browser = Browser::start().await;
    let source = axe::source();
    let folder = chromium::artefacts("rules");
    let mut wrong = Vec::new();
    for game in cardarena_bots::game_ids() {
        let english = server.page(&format!("/rules/{game}?lang=en")).await;
        assert_eq!(html_lang(&english), "en", "{game}");
        let sections = heading_ids(&english);
        assert!(sections.len() >= 6, "{game}: {sections:?}");
        for id in SECTIONS {
            assert!(sections.contains(&id), "{game}: no {id} in {sections:?}");
        }
        let pictures = english.matches("<figure class=\"rules-picture").count();
        for (code, title, foot, play) in TRANSLATIONS {
            let what = format!("{game} in {code}");
            let path = format!("/rules/{game}?lang={code}");
            let response = server.http.get(server.url(&path)).send().await.unwrap();
            assert_eq!(response.status(), StatusCode::OK, "{path}");
            let html = response.text().await.unwrap();
            assert_eq!(html_lang(&html), code, "{what}");
            assert_eq!(heading_ids(&html), sections, "{what}: the sections");
            let figures = html.matches("<figure class=\"rules-picture").count();
            assert_eq!(figures, pictures, "{what}: the pictures");
            assert!(
                html.contains(&format!("<title>{title}{game} · cardarena</title>")),
                "{what}: the title"
            );
            assert!(
                html.contains(foot) && html.contains(play),
                "{what}: the words"
            );
            for english_words in ["Writing a bot?", "How to play", "The picture needs"] {
                assert!(!html.contains(english_words), "{what}: {english_words:?}");
            }

            browser.resize(PHONE).await;
            browser.open(&server.url(&path)).await;
            assert_eq!(browser.attr("html", "lang").await.as_deref(), Some(code));
            assert_eq!(pictures_drawn(&browser, &what).await, pictures, "{what}");
            let spec = browser.attr("footer.guide-foot a.spec-link", "href").await;
            assert_eq!(spec, Some(format!("/docs/rules/{game}")), "{what}");
            // Nothing sticks out past the screen's right edge: the page, the guide's blocks, the
            // pictures' tables, the foot.
            let outside = browser
                .script(
                    "const edge = window.innerWidth + 0.5;
                     const out = Array.from(document.querySelectorAll(\
                       'article.guide > *, figure .felt, footer.guide-foot, header.site, main'),
                       (e) => [e.tagName + '.' + e.className, e.getBoundingClientRect().right])
                       .filter(([, right]) => right > edge);
                     return {out, page: document.documentElement.scrollWidth,
                             screen: window.innerWidth};",
                )
                .await;
            let page = outside["page"].as_f64().unwrap_or(f64::INFINITY);
            let screen = outside["screen"].as_f64().unwrap_or_default();
            if page > screen || outside["out"].as_array().is_none_or(|o| !o.is_empty()) {
                wrong.push(format!("{what}: wider than the phone: {outside}"));
            }
            for violation in axe::check(&browser, &source).await {
                if violation.grave() {
                    wrong.push(format!("{what}: {}", violation.describe()));
                }
            }
            // The guide's end and its foot, as a phone shows them.
            browser
                .script("document.querySelector('footer.guide-foot').scrollIntoView(false); return null;")
                .await;
            browser
                .screenshot(&folder.join(format!("{game}-{code}-390-foot.png")))
                .await;
            browser.resize(PHONE_TALL).await;
            browser.script("window.scrollTo(0, 0); return null;").await;
            browser
                .screenshot(&folder.join(format!("{game}-{code}-390.png")))
                .await;
        }
    }
    browser.close().await;
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// A game without a guide is the 404 page, not an empty guide.
#[tokio::test]
async fn an_unknown_game_is_a_404_page() {
    let db = TempDb::new();
    let server = server(&db).await;
    for path in ["/rules/poker", "/rules/DURAK", "/rules/durak.md"] {
        let response = server.http.get(server.url(path)).send().await.unwrap();
        assert_eq!(response.status(), StatusCode::NOT_FOUND, "{path}");
        let html = response.text().await.unwrap();
        assert!(html.contains("Not found"), "{path}: {html}");
        assert!(!html.contains("rules-picture"), "{path}");
    }
    for (path, words) in [
        (
            "/rules/poker?lang=ru",
            "Игры «poker» здесь нет; правила есть для игр: durak,",
        ),
        (
            "/rules/poker?lang=cs",
            "Hra „poker“ tu není; pravidla máme pro tyto hry: durak,",
        ),
    ] {
        let response = server.http.get(server.url(path)).send().await.unwrap();
        assert_eq!(response.status(), StatusCode::NOT_FOUND, "{path}");
        let html = response.text().await.unwrap();
        assert!(html.contains(words), "{path}: {html}");
        assert!(!html.contains("There is no game"), "{path}");
    }
}

/// `/play`'s "the rules" link follows the chosen game to its guide, and a match's page links
/// its game's guide.
#[tokio::test(flavor = "multi_thread")]
async fn play_and_the_match_page_link_the_guide() {
    let db = TempDb::new();
    let server = server(&db).await;
    let browser = Browser::start().await;
    browser.open(&server.url("/play?game=durak")).await;
    browser.wait_attr("#new-table", "data-ready", "1").await;
    assert_eq!(
        browser.attr("#rules", "href").await.as_deref(),
        Some("/rules/durak")
    );
    browser.select("#game", "prsi").await;
    assert_eq!(
        browser.attr("#rules", "href").await.as_deref(),
        Some("/rules/prsi")
    );
    browser.click("#rules").await;
    // The link opens a new tab: the guide is in the last window.
    let windows = browser.client().windows().await.unwrap();
    let guide = windows.last().unwrap().clone();
    browser.client().switch_to_window(guide).await.unwrap();
    browser
        .wait_attr("article.guide", "data-game", "prsi")
        .await;
    assert!(browser.text("h1").await.contains("prsi"));
    browser.close().await;

    let bots = test_bots().await;
    let bot = server.register("guide-reader", &bots.url("/good")).await;
    let id = server.practice(&bot, 1, &["reference"]).await.remove(0);
    let page = server.page(&format!("/matches/{id}")).await;
    assert!(
        page.contains("<a class=\"rules-link\" href=\"/rules/durak\">"),
        "{page}"
    );
}
