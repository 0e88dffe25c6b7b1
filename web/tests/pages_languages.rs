//! The bot page, the matches list, the tournaments and the docs' frame in Russian and Czech,
//! against the real server on loopback: over HTTP each page speaks the language asked for with
//! `?lang=` (its statuses, kinds and faults too, a count in its plural form), and in headless
//! Chromium at a phone's width each has `<html lang>` of its language, words of that language,
//! none of the English it used to show in its main content, nothing wider than the screen and
//! nothing axe-core finds grave; the live tournament page's script and the organiser's tools
//! speak the page's language too. Screenshots go to `target/test-artefacts/pages-languages/`.
//! (Their numbers are checked in `decimals_languages.rs`.)

use crate::pages::{Arena, arena};
use crate::support;

use cardarena_testkit::axe;
use cardarena_testkit::chromium::{self, Browser};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use support::{Server, TempDb, test_bots};

/// A phone held upright.
pub(crate) const PHONE: (u32, u32) = (390, 844);

const ADMIN: &str = "organiser-secret-token";

/// English the pages used to show, whole words or phrases, none of which may be left in the
/// main content of a page in Russian or Czech (the docs themselves, in English, are left out).
const ENGLISH: &[&str] = &[
    "Game",
    "Kind",
    "Registered",
    "Status",
    "Recent faults",
    "faulted of its last",
    "Rating",
    "Versions",
    "Started",
    "Matches",
    "Show",
    "every kind",
    "Head to head",
    "Against",
    "Why",
    "Next check",
    "Seat",
    "Score",
    "Draws",
    "Losses",
    "Runs",
    "newcomer",
    "Faults on this page",
    "Organiser",
    "timeout",
    "ladder",
    "rated",
    "finished",
    "running",
    "queued",
    "Back to",
    "Newest",
    "Older",
    "Newer",
    "Places",
    "When",
    "Tournaments",
    "Podium",
    "Winner",
    "second",
    "Current stage",
    "Entries",
    "Standings",
    "Mean score",
    "per entrant",
    "Deadline",
    "Time bank",
    "page load",
    "Stage",
    "house",
    "final",
    "Docs",
    "For contestants",
    "The bot protocol",
    "active",
    "plays on the ladder",
    "Plays the ladder",
];

/// The page's text `text` without the words each of `allowed` (names, ids) brings.
fn english_in(text: &str, allowed: &[&str]) -> Vec<&'static str> {
    let mut text = text.to_string();
    for name in allowed {
        text = text.replace(name, " ");
    }
    let words: Vec<&str> = text
        .split(|c: char| !c.is_alphanumeric() && c != '-')
        .collect();
    ENGLISH
        .iter()
        .copied()
        .filter(|english| match english.contains(' ') {
            true => text.contains(english),
            false => words.contains(english),
        })
        .collect()
}

/// A server with the organiser's token and a finished tournament of two stages among two bots;
/// returns the server, the tournament's id and its bots' names.
pub(crate) async fn tournament_server(db: &TempDb) -> (Server, String) {
    let mut config = support::config(db);
    config.admin_token = Some(ADMIN.to_string());
    let server = Server::start(config).await;
    let bots = test_bots().await;
    let stages = json!([
        {"kind": "house", "opponents": ["random"], "matches": 2},
        {"kind": "final", "top": 2, "deals": 1, "table": 2}
    ]);
    let spec = json!({"name": "Cup", "game": "durak", "stages": stages, "auto_advance": true});
    let entrants = [
        server.register("anna", &bots.url("/good")).await,
        server.register("boris", &bots.url("/good")).await,
    ];
    let id = server.start_tournament(ADMIN, spec, &entrants).await;
    let mut status = Value::Null;
    for _ in 0..1200 {
        let (code, t) = server.get(&format!("/api/tournaments/{id}")).await;
        assert_eq!(code, StatusCode::OK, "{t}");
        status = t["status"].clone();
        if status == "finished" {
            return (server, id);
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("the tournament {id} did not finish: {status}");
}

/// A page's HTML over HTTP, which must be there.
async fn page(url: &str) -> String {
    let response = reqwest::get(url).await.unwrap();
    assert_eq!(response.status(), StatusCode::OK, "{url}");
    response.text().await.unwrap()
}

#[tokio::test]
async fn each_page_speaks_russian_and_czech_over_http() {
    let arena = arena().await;
    let bot = |lang: &str| format!("{}/bots/{}?lang={lang}", arena.base, arena.mallory);
    let ru = page(&bot("ru")).await;
    for words in [
        "<html lang=\"ru\"",
        "<dt>Зарегистрирован</dt>",
        "<dt>Недавние нарушения</dt>",
        ">рейтинг</text>",
        ">рейтинговые матчи</text>",
        "Рейтинговых матчей: 2;",
        "<span class=\"fault\">не успел</span>",
        ">рейтинговый</td>",
        "<option value=\"\" selected>все виды</option>",
        "<option value=\"human\">с людьми</option>",
        "<h2 id=\"head-to-head\">Личные встречи</h2>",
        "Счёт против каждого встреченного бота по всем 2 завершённым матчам:",
        "ни одного в последних 2 завершённых матчах",
    ] {
        assert!(ru.contains(words), "no {words:?} in\n{ru}");
    }
    let cs = page(&bot("cs")).await;
    for words in [
        "<html lang=\"cs\"",
        "<dt>Registrován</dt>",
        "<span class=\"fault\">nestihl</span>",
        "žebříčkový, hodnocený",
        "za všechny jeho 2 dohrané zápasy:",
        "Hodnocených zápasů: 2;",
        "<summary>Pořadatel</summary>",
    ] {
        assert!(cs.contains(words), "no {words:?} in\n{cs}");
    }
    // A house bot's kind with its id as code, in a whole sentence.
    let greedy = page(&format!("{}/bots/{}?lang=ru", arena.base, arena.greedy)).await;
    assert!(
        greedy.contains("встроенный (встроенный бот <code>greedy</code>)"),
        "{greedy}"
    );

    // The list of matches: its title, statuses, kinds and pager.
    let list = page(&format!(
        "{}/matches?game=durak&per_page=1&lang=cs",
        arena.base
    ))
    .await;
    for words in [
        "<h1>Zápasy: durak</h1>",
        "Zpět: <a href=\"/?game=durak\">žebříček durak</a>.",
        ">dohrán</td>",
        ">žebříčkový</td>",
        "aria-label=\"Stránky\"",
        ">Starší ›</a>",
    ] {
        assert!(list.contains(words), "no {words:?} in\n{list}");
    }
    let ladder = page(&format!("{}/matches?kind=ladder&lang=ru", arena.base)).await;
    assert!(ladder.contains("<h1>Матчи (рейтинговый)</h1>"), "{ladder}");

    // A bad parameter and an unknown bot, said in the language.
    let response = reqwest::get(format!("{}/matches?per_page=0&lang=ru", arena.base))
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    let body = response.text().await.unwrap();
    assert!(body.contains("per_page — от 1 до 100."), "{body}");
    let response = reqwest::get(format!("{}/bots/nobody?lang=cs", arena.base))
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
    let body = response.text().await.unwrap();
    assert!(body.contains("Bot „nobody“ neexistuje."), "{body}");

    // The docs: the index's words, each doc's title, and the note that the docs are English.
    let docs = page(&format!("{}/docs?lang=ru", arena.base)).await;
    for words in [
        "<h1>Документация</h1>",
        ">Протокол ботов</a>",
        "Документация написана на английском языке.",
    ] {
        assert!(docs.contains(words), "no {words:?} in\n{docs}");
    }
    let doc = page(&format!("{}/docs/protocol?lang=cs", arena.base)).await;
    assert!(
        doc.contains("<title>Protokol botů · cardarena</title>"),
        "{doc}"
    );
    assert!(doc.contains("Dokumentace je v angličtině."), "{doc}");
    assert!(doc.contains("<article class=\"doc\" lang=\"en\">"), "{doc}");
    let english = page(&format!("{}/docs/protocol?lang=en", arena.base)).await;
    assert!(!english.contains("in English"), "{english}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_tournaments_speak_russian_and_czech_over_http() {
    let db = TempDb::new();
    let (server, id) = tournament_server(&db).await;
    let list = server.page("/tournaments?lang=ru").await;
    for words in [
        "<h1>Турниры</h1>",
        ">завершён</span>",
        "Победитель: <a href=\"/bots/",
        " (в среднем ",
        "; второе место: <a href=\"/bots/",
        ">2 из 2: финал</td>",
    ] {
        assert!(list.contains(words), "no {words:?} in\n{list}");
    }
    let home = server.page("/?lang=cs").await;
    assert!(
        home.contains("Cup</a> <span class=\"note\">durak, skončil</span>"),
        "{home}"
    );
    let page = server.page(&format!("/tournaments/{id}?lang=cs")).await;
    for words in [
        "<dt>Nynější fáze</dt><dd id=\"current-stage\">2. fáze z 2: finále</dd>",
        "<h2 id=\"stage-1\">1. fáze: proti vestavěným botům <span",
        ">skončil</span></h2>",
        "<dt>Účastníci</dt><dd>všichni přihlášení boti</dd>",
        "<dd>2 na účastníka</dd>",
        "<dt>Finalisté</dt><dd>2 nejlepší z 1. fáze</dd>",
        "<dd>2 hráči</dd>",
        ">dohráno 4 z 4</span>",
        "naposledy: <span id=\"updated\">při načtení stránky</span>.",
        "data-label=\"proti anna\"",
        "<dt>Časová rezerva</dt>",
    ] {
        assert!(page.contains(words), "no {words:?} in\n{page}");
    }
    let (status, _) = server.get("/api/tournaments/none").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let missing = server
        .http
        .get(server.url("/tournaments/none?lang=ru"))
        .send()
        .await
        .unwrap();
    assert_eq!(missing.status(), StatusCode::NOT_FOUND);
    assert!(
        missing
            .text()
            .await
            .unwrap()
            .contains("Турнира «none» нет.")
    );
    let (status, _) = server
        .send(Method::GET, "/api/tournaments", None, None)
        .await;
    assert_eq!(status, StatusCode::OK);
}

/// Whether the open page is wider than the window.
async fn scrolls_sideways(browser: &Browser) -> bool {
    let wider = browser
        .script("return document.documentElement.scrollWidth > window.innerWidth;")
        .await;
    wider.as_bool().unwrap()
}

/// What is wrong with the open page in `code`: its `<html lang>`, `known` words missing from its
/// main content, English left in it, a sideways scroll, what axe-core finds grave.
async fn faults_of(
    browser: &Browser,
    source: &str,
    what: &str,
    code: &str,
    known: &[&str],
    allowed: &[&str],
) -> Vec<String> {
    let mut wrong = Vec::new();
    let lang = browser.attr("html", "lang").await;
    if lang.as_deref() != Some(code) {
        wrong.push(format!("{what}: <html lang> is {lang:?}"));
    }
    // The main content without what is marked as English: the docs, the server's own details.
    let text = browser
        .script(
            "const main = document.querySelector('main').cloneNode(true); \
             main.querySelectorAll('[lang=en]').forEach((a) => a.remove()); \
             main.querySelectorAll('details').forEach((d) => d.open = true); \
             return main.innerText;",
        )
        .await;
    let text = text.as_str().unwrap_or_default();
    for words in known {
        if !text.contains(words) {
            wrong.push(format!("{what}: no {words:?} in {text:?}"));
        }
    }
    let left = english_in(text, allowed);
    if !left.is_empty() {
        wrong.push(format!("{what}: English left: {left:?} in {text:?}"));
    }
    if scrolls_sideways(browser).await {
        wrong.push(format!("{what}: the page scrolls sideways"));
    }
    for violation in axe::check(browser, source).await {
        if violation.grave() {
            wrong.push(format!("{what}: {}", violation.describe()));
        }
    }
    wrong
}

/// The pages of `arena` and of the tournament `id` on `server` to look at, with the words each
/// shows in Russian and in Czech.
fn pages(
    arena: &Arena,
    server: &Server,
    id: &str,
) -> Vec<(&'static str, String, [Vec<&'static str>; 2])> {
    vec![
        (
            "bot",
            format!("{}/bots/{}", arena.base, arena.mallory),
            [
                vec![
                    "Зарегистрирован",
                    "Недавние нарушения",
                    "Личные встречи",
                    "не успел",
                ],
                vec!["Registrován", "Nedávné chyby", "Vzájemné zápasy", "nestihl"],
            ],
        ),
        (
            "house-bot",
            format!("{}/bots/{}", arena.base, arena.greedy),
            [vec!["встроенный бот"], vec!["vestavěný bot"]],
        ),
        (
            "matches",
            format!("{}/matches?game=durak&per_page=1", arena.base),
            [
                vec!["Матчи: durak", "завершён", "Старше ›"],
                vec!["Zápasy: durak", "dohrán", "Starší ›"],
            ],
        ),
        (
            "tournaments",
            server.url("/tournaments"),
            [
                vec!["Турниры", "Победитель", "завершён"],
                vec!["Turnaje", "Vítěz", "skončil"],
            ],
        ),
        (
            "tournament",
            server.url(&format!("/tournaments/{id}")),
            [
                vec!["Текущий этап", "Таблица", "на участника", "Личные встречи"],
                vec!["Nynější fáze", "Tabulka", "na účastníka", "Vzájemné zápasy"],
            ],
        ),
        (
            "docs",
            format!("{}/docs", arena.base),
            [
                vec!["Документация", "Протокол ботов"],
                vec!["Dokumentace", "Protokol botů"],
            ],
        ),
        (
            "doc",
            format!("{}/docs/protocol", arena.base),
            [
                vec!["Документация написана на английском языке."],
                vec!["Dokumentace je v angličtině."],
            ],
        ),
    ]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_pages_in_russian_and_czech_fit_a_phone_and_pass_axe() {
    let arena = arena().await;
    let db = TempDb::new();
    let (server, id) = tournament_server(&db).await;
    let source = axe::source();
    let artefacts = chromium::artefacts("pages-languages");
    let browser = Browser::start().await;
    // Names and ids the pages show as they are.
    let allowed = [
        "<script>alert(1)</script> Mallory",
        "greedy@durak",
        "random@durak",
        "Idle Ivan",
        "anna",
        "boris",
        "Cup",
    ];
    let mut wrong = Vec::new();
    for (n, code) in ["ru", "cs"].into_iter().enumerate() {
        for (name, url, known) in pages(&arena, &server, &id) {
            browser.resize(PHONE).await;
            browser.open("about:blank").await;
            let separator = if url.contains('?') { '&' } else { '?' };
            browser.open(&format!("{url}{separator}lang={code}")).await;
            let what = format!("{name} in {code}");
            if name == "tournament" {
                // The live script redraws it once (the tournament is over) in the page's words.
                browser.wait_refreshed("article.tournament").await;
            }
            let found = faults_of(&browser, &source, &what, code, &known[n], &allowed).await;
            wrong.extend(found);
            browser
                .screenshot(&artefacts.join(format!("{code}-{name}.png")))
                .await;
            // The parts further down, each scrolled to.
            let parts: &[&str] = match name {
                "bot" => &[
                    "figure.rating-chart",
                    "#versions",
                    "#matches",
                    "#head-to-head",
                ],
                "tournament" => &["#stage-1", "section.stage[data-index='1'] h3"],
                _ => &[],
            };
            for (k, css) in parts.iter().enumerate() {
                let scroll =
                    format!("document.querySelector(\"{css}\").scrollIntoView(); return null;");
                browser.script(&scroll).await;
                browser
                    .screenshot(&artefacts.join(format!("{code}-{name}-{k}.png")))
                    .await;
            }
        }
        // The organiser's tools answer a wrong token in the page's language.
        browser
            .open(&format!(
                "{}/bots/{}?lang={code}",
                arena.base, arena.mallory
            ))
            .await;
        browser.click("#organiser-tools summary").await;
        browser
            .send_keys("form.organiser-token input[name=token]", "not-the-token")
            .await;
        browser.click("form.organiser-token button").await;
        let refused = if code == "ru" {
            "Это не токен организатора"
        } else {
            "To není token pořadatele"
        };
        let mut said = String::new();
        for _ in 0..100 {
            said = browser.text(".organiser-message").await;
            if said.contains(refused) {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        if !said.contains(refused) {
            wrong.push(format!("the organiser's tools in {code} say {said:?}"));
        }
        browser
            .screenshot(&artefacts.join(format!("{code}-organiser.png")))
            .await;
    }
    browser.close().await;
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
