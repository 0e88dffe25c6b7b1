//! Numbers as Russian and Czech write them, against the real server on loopback in headless
//! Chromium at a phone's width: the leaderboard's ratings (as the server wrote them and after the
//! live script redraws them), a bot page's rating and its chart's ticks, and a tournament's
//! standings and podium have a decimal comma and no decimal point; English keeps its point.
//! Screenshots go to `target/test-artefacts/pages-languages/`.

use crate::pages::arena;
use crate::pages_languages::{PHONE, tournament_server};
use crate::support::TempDb;

use cardarena_testkit::chromium::{self, Browser};

/// A number as Russian and Czech write it: a decimal comma, thousands grouped by a no-break
/// space (as the browser's `Intl.NumberFormat` writes them too).
fn with_comma(text: &str, places: usize) -> bool {
    let (whole, fraction) = match text.trim_start_matches('-').split_once(',') {
        Some(parts) => parts,
        None => return false,
    };
    let groups: Vec<&str> = whole.split('\u{a0}').collect();
    let first = groups[0].len();
    fraction.len() == places
        && fraction.bytes().all(|b| b.is_ascii_digit())
        && groups.iter().all(|g| g.bytes().all(|b| b.is_ascii_digit()))
        && (1..=3).contains(&first)
        && groups[1..].iter().all(|g| g.len() == 3)
}

/// The text content (no-break spaces kept) of each cell of the rows of the tables matching
/// `css`, cells `from` to `to` (from 0, `to` excluded).
async fn cells(browser: &Browser, css: &str, from: usize, to: usize) -> Vec<Vec<String>> {
    let script = format!(
        "return [...document.querySelectorAll({css:?})].map((tr) => \
         [...tr.cells].slice({from}, {to}).map((td) => td.textContent));"
    );
    serde_json::from_value(browser.script(&script).await).unwrap()
}

/// The decimals with a point ("25.17") in the main content's text without code, what is marked
/// as English and what matches `except`: a page in Russian or Czech has none.
async fn decimal_points(browser: &Browser, except: &[&str]) -> Vec<String> {
    let left_out = ["[lang=en]", "code"].iter().chain(except).copied();
    let left_out = left_out.collect::<Vec<_>>().join(", ");
    let script = format!(
        "const main = document.querySelector('main').cloneNode(true); \
         main.querySelectorAll({left_out:?}).forEach((a) => a.remove()); \
         return main.textContent.match(/\\d\\.\\d+/g) || [];"
    );
    serde_json::from_value(browser.script(&script).await).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn russian_and_czech_pages_write_decimals_with_a_comma() {
    let arena = arena().await;
    let db = TempDb::new();
    let (server, id) = tournament_server(&db).await;
    let artefacts = chromium::artefacts("pages-languages");
    let browser = Browser::start().await;
    browser.resize(PHONE).await;
    let mut wrong = Vec::new();
    for code in ["ru", "cs"] {
        // The leaderboard: rating, μ and σ with two decimals, the same after the live redraw.
        browser.open("about:blank").await;
        browser
            .open(&format!("{}/?game=durak&lang={code}", arena.base))
            .await;
        let rows = "table.leaderboard tbody tr:not(.empty)";
        let refreshed = "return document.querySelector('table.leaderboard').dataset.refreshed;";
        let mut served = Vec::new();
        for _ in 0..40 {
            served = cells(&browser, rows, 2, 5).await;
            if !served.is_empty() {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        if browser.script(refreshed).await != "0" {
            wrong.push(format!(
                "the leaderboard in {code} was redrawn before it was read"
            ));
        }
        browser.wait_refreshed("table.leaderboard").await;
        let redrawn = cells(&browser, rows, 2, 5).await;
        if served.is_empty() || served.iter().flatten().any(|c| !with_comma(c, 2)) {
            wrong.push(format!("the leaderboard in {code}: {served:?}"));
        }
        if redrawn != served {
            wrong.push(format!(
                "the live leaderboard in {code}: {redrawn:?} ≠ {served:?}"
            ));
        }
        let points = decimal_points(&browser, &[]).await;
        if !points.is_empty() {
            wrong.push(format!("the leaderboard in {code}: {points:?}"));
        }
        browser
            .screenshot(&artefacts.join(format!("{code}-leaderboard.png")))
            .await;

        // The bot page: its rating, and the chart's tick labels (their data-value plain).
        browser
            .open(&format!(
                "{}/bots/{}?lang={code}",
                arena.base, arena.mallory
            ))
            .await;
        let rating = cells(&browser, "table.rating tbody tr", 0, 3).await;
        if rating.len() != 1 || rating[0].iter().any(|c| !with_comma(c, 2)) {
            wrong.push(format!("the bot's rating in {code}: {rating:?}"));
        }
        let labels = browser.texts(".rating-chart .axis .tick text").await;
        let values = browser
            .attrs(".rating-chart .axis .tick", "data-value")
            .await;
        let as_written: Vec<String> = values.iter().map(|v| v.replace('.', ",")).collect();
        if labels.is_empty() || labels != as_written {
            wrong.push(format!(
                "the chart's ticks in {code}: {labels:?} for {values:?}"
            ));
        }
        let points = decimal_points(&browser, &[]).await;
        if !points.is_empty() {
            wrong.push(format!("the bot page in {code}: {points:?}"));
        }

        // A tournament: the standings' means (and their intervals) with three decimals, the same
        // after the live redraw, and the podium's.
        browser
            .open(&server.url(&format!("/tournaments/{id}?lang={code}")))
            .await;
        let means = "section.stage table.standings tbody td.mean";
        let script = format!(
            "return [...document.querySelectorAll({means:?})].map((td) => td.textContent);"
        );
        let served: Vec<String> = serde_json::from_value(browser.script(&script).await).unwrap();
        browser.wait_refreshed("article.tournament").await;
        let redrawn: Vec<String> = serde_json::from_value(browser.script(&script).await).unwrap();
        let mean_ok = |text: &String| text.split(" ± ").all(|n| with_comma(n, 3));
        if served.is_empty() || !served.iter().all(mean_ok) {
            wrong.push(format!("the standings in {code}: {served:?}"));
        }
        if redrawn != served {
            wrong.push(format!(
                "the live standings in {code}: {redrawn:?} ≠ {served:?}"
            ));
        }
        let podium = browser.text("#podium").await;
        if !podium.split(['(', ')']).any(|part| {
            part.rsplit(' ')
                .next()
                .is_some_and(|number| with_comma(number, 3))
        }) {
            wrong.push(format!("the podium in {code}: {podium:?}"));
        }
        // The notes, the paragraph on how results are scored among them (its 0,75 is written
        // in the catalog's sentence, web/locales/{ru,cs}/tournaments.ftl).
        let points = decimal_points(&browser, &["article > p.note"]).await;
        if !points.is_empty() {
            wrong.push(format!("the tournament in {code}: {points:?}"));
        }
        browser
            .script("document.querySelector('#stage-1').scrollIntoView(); return null;")
            .await;
        browser
            .screenshot(&artefacts.join(format!("{code}-tournament-decimals.png")))
            .await;
    }
    // English keeps its point.
    browser
        .open(&format!("{}/?game=durak&lang=en", arena.base))
        .await;
    let english = cells(&browser, "table.leaderboard tbody tr:not(.empty)", 2, 5).await;
    if english
        .iter()
        .flatten()
        .any(|c| c.contains(',') || !c.contains('.'))
    {
        wrong.push(format!("the leaderboard in English: {english:?}"));
    }
    browser.close().await;
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
