//! Moves in words in the reader's language, in headless Chromium against the real server (a
//! temporary SQLite file, a loopback bot): a finished match of durak and of prší, each in
//! Russian and in Czech, shows its move log, its result and the player's words in that language
//! (durak's «ходит» and "útočí", prší's cards named in the German-suited deck), its analysis
//! section and facts too, fits a phone's width and passes axe-core. Screenshots go to `target/test-artefacts/moves/`.

use crate::support;

use std::time::{Duration, Instant};

use cardarena_testkit::axe;
use cardarena_testkit::chromium::{self, Browser};
use reqwest::StatusCode;
use support::{Server, TempDb, config, short_match, test_bots};

/// A phone held upright.
const PHONE: (u32, u32) = (390, 844);

/// How long a match may take to finish.
const FINISH_TIMEOUT: Duration = Duration::from_secs(120);

/// Queues a short practice match of `game` for a bot at `url`; returns its id once finished.
async fn finished_match(server: &Server, game: &str, url: &str) -> String {
    let games = server.games().await;
    let described = games.iter().find(|g| g["id"] == game).unwrap();
    let bot = server
        .register_for(game, &format!("words-{game}"), url)
        .await;
    let id = server
        .practice_at_house_table(&bot, described, short_match(described))
        .await;
    let start = Instant::now();
    loop {
        let (status, m) = server.get(&format!("/api/matches/{id}")).await;
        assert_eq!(status, StatusCode::OK, "{m}");
        if m["status"] != "queued" && m["status"] != "running" {
            assert_eq!(m["status"], "finished", "{m}");
            return id;
        }
        assert!(start.elapsed() < FINISH_TIMEOUT, "match {id} never ended");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// What a page in one language must say.
struct Expected {
    /// Words one of the moves says, at least one of them.
    verbs: &'static [&'static str],
    /// The result line's label.
    result: &'static str,
    /// The player's step label begins so.
    step: &'static str,
}

fn expected(game: &str, code: &str) -> Expected {
    let (result, step) = match code {
        "ru" => ("Итог:", "шаг "),
        _ => ("Výsledek:", "krok "),
    };
    let verbs: &'static [&'static str] = match (game, code) {
        ("durak", "ru") => &["ходит", "берёт", "бьёт", "бито"],
        ("durak", _) => &["útočí", "bere", "přebíjí", "odhozeno"],
        ("prsi", "ru") => &["кладёт", "берёт"],
        _ => &["vynáší", "bere", "stojí"],
    };
    Expected {
        verbs,
        result,
        step,
    }
}

/// The German-suited deck's suits as a card's name says them, in Russian and in Czech.
fn german_suits(code: &str) -> [&'static str; 4] {
    match code {
        "ru" => ["червонн", "зелён", "желудёв", "бубенцов"],
        _ => ["červen", "zelen", "žaludsk", "kulov"],
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_finished_match_reads_in_russian_and_czech_and_fits_a_phone() {
    let db = TempDb::new();
    let mut config = config(&db);
    config.deadline_ms = 1000;
    let server = Server::start(config).await;
    let bots = test_bots().await;
    let durak = finished_match(&server, "durak", &bots.url("/good")).await;
    let prsi = finished_match(&server, "prsi", &bots.url("/good")).await;
    let source = axe::source();
    let artefacts = chromium::artefacts("moves");
    let browser = Browser::start().await;
    let mut wrong = Vec::new();
    for (game, id) in [("durak", &durak), ("prsi", &prsi)] {
        for code in ["ru", "cs"] {
            let what = format!("{game} in {code}");
            let want = expected(game, code);
            browser.resize(PHONE).await;
            browser.open("about:blank").await;
            browser
                .open(&server.url(&format!("/matches/{id}?lang={code}#step=3")))
                .await;
            browser.wait_attr("#table", "data-step", "3").await;
            let moves = browser.text("ol.moves").await;
            if !want.verbs.iter().any(|v| moves.contains(v)) {
                wrong.push(format!("{what}: the moves say none of {:?}", want.verbs));
            }
            for english in [" takes ", " attacks ", " plays ", " draws "] {
                if moves.contains(english) {
                    wrong.push(format!("{what}: the moves say {english:?}"));
                }
            }
            let labels = browser.attrs("ol.moves .suit-text", "aria-label").await;
            if labels.is_empty() {
                wrong.push(format!("{what}: no card in the moves"));
            }
            if game == "prsi" {
                // prší is drawn and named in the German-suited deck: no French symbol in its
                // moves, every card named by a German suit.
                if moves.contains(['♠', '♣', '♦', '♥']) {
                    wrong.push(format!("{what}: French suits in {moves:?}"));
                }
                let suits = german_suits(code);
                for label in &labels {
                    if !suits.iter().any(|s| label.contains(s)) {
                        wrong.push(format!("{what}: a card named {label:?}"));
                    }
                }
            } else if code == "ru" && !moves.contains(['В', 'Д', 'К', 'Т']) && labels.len() > 8
            {
                wrong.push(format!("{what}: no Russian court card letter in {moves:?}"));
            }
            let result = browser.text("#match-result").await;
            if !result.starts_with(want.result) {
                wrong.push(format!("{what}: the result line says {result:?}"));
            }
            let step = browser.text("#step-label").await;
            if !step.starts_with(want.step) {
                wrong.push(format!("{what}: the step label says {step:?}"));
            }
            // The move the player shows is said by the page's script in the language too.
            let info = browser.text("#step-info").await;
            let head = if code == "ru" { "Шаг 3:" } else { "Krok 3:" };
            if !info.starts_with(head) {
                wrong.push(format!("{what}: the player says {info:?}"));
            }
            // The analysis offers itself, and the facts name the match's kind, in the language.
            browser.wait_attr("#analysis", "data-state", "none").await;
            let (status, ask, kind) = match code {
                "ru" => ("Анализа пока нет.", "Проанализировать матч", "тренировка"),
                _ => ("Zatím bez analýzy.", "Analyzovat zápas", "trénink"),
            };
            let said = (
                browser.text("#analysis-status").await,
                browser.text("#analyse").await,
            );
            if said != (status.to_string(), ask.to_string()) {
                wrong.push(format!("{what}: the analysis says {said:?}"));
            }
            if !browser.text("dl.facts").await.contains(kind) {
                wrong.push(format!("{what}: the facts do not say {kind:?}"));
            }
            let wider = browser
                .script("return document.documentElement.scrollWidth > window.innerWidth;")
                .await;
            if wider.as_bool() != Some(false) {
                wrong.push(format!("{what}: the page scrolls sideways"));
            }
            for violation in axe::check(&browser, &source).await {
                if violation.grave() {
                    wrong.push(format!("{what}: {}", violation.describe()));
                }
            }
            browser
                .screenshot(&artefacts.join(format!("{game}-{code}-top.png")))
                .await;
            browser
                .script("document.querySelector('ol.moves').scrollIntoView(); return null;")
                .await;
            browser
                .screenshot(&artefacts.join(format!("{game}-{code}-moves.png")))
                .await;
        }
    }
    browser.close().await;
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
