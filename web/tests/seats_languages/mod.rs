//! The pages where people play and bring their bots, in Russian and Czech, in headless Chromium
//! at a phone's width against the real server on a temporary SQLite file: `/play`, a person's
//! seat at a durak table against a house bot (the person's turn, then leaving and the result),
//! `/join` (a refusal, then a bot registered) and `/me` (that bot's card). On each: `<html
//! lang>`, words of the language where the page's script and template put them, none of the
//! English they replaced (in the text, hidden parts included, and in the labels and hints),
//! nothing wider than the screen, and no grave axe-core finding. `?lang=` on the first page sets
//! the cookie the pages after it follow. Screenshots go to
//! `target/test-artefacts/seats-languages/`.

use std::path::PathBuf;

use cardarena_testkit::axe;
use cardarena_testkit::chromium::{self, Browser};
use reqwest::StatusCode;
use serde_json::json;

use crate::play::seat::{STATE_TIMEOUT, decision, open_table, server};
use crate::support::{TempDb, until};

mod words;

use words::{CS, JOIN_ENGLISH, ME_ENGLISH, PLAY_ENGLISH, RU, SEAT_ENGLISH};

/// A phone held upright.
const PHONE: (u32, u32) = (390, 844);

/// Draws a hand with `/static/hand.js` in the open page's `main`, on a turn where 7♥ is a move
/// alone and with 7♠ another.
const HAND: &str = r#"return (async () => {
  const { createHand } = await import("/static/hand.js");
  const { pile } = await import("/static/table.js");
  document.querySelector("main").innerHTML =
    '<div id="table"></div><div id="chooser"></div><div id="actions"></div>';
  const parts = { chooser: document.getElementById("chooser"),
                  actions: document.getElementById("actions") };
  const hand = createHand(parts, () => {});
  const node = pile({ cards: ["7H", "7S", "KD"], down: 0 });
  node.classList.add("hand");
  document.getElementById("table").replaceChildren(node);
  hand.show({ type: "turn", turn: 1, choices: [
    { index: 0, words: "plays 7H", cards: ["7H"] },
    { index: 1, words: "plays 7S and 7H", cards: ["7S", "7H"] },
  ] }, node);
  return true;
})();"#;

/// Where the screenshots go.
fn artefacts() -> PathBuf {
    chromium::artefacts("seats-languages")
}

/// The words of `main` a person may meet, as written: its text (hidden parts included) and its
/// labels, hints and placeholders, without the parts matching `others` (words other modules
/// write: the table, the moves).
async fn written(browser: &Browser, others: &str) -> String {
    let script = format!(
        "const main = document.querySelector('main').cloneNode(true); \
         const others = {}; \
         if (others) for (const e of main.querySelectorAll(others)) e.remove(); \
         const said = [main.textContent]; \
         for (const e of main.querySelectorAll('[aria-label], [title], [placeholder], optgroup')) \
           said.push(e.getAttribute('aria-label'), e.getAttribute('title'), \
                     e.getAttribute('placeholder'), e.getAttribute('label')); \
         return said.filter(Boolean).join('\\n');",
        json!(others)
    );
    browser.script(&script).await.as_str().unwrap().to_string()
}

/// Checks the open page: `<html lang>`, none of `english` in its words (but in `others`),
/// nothing wider than the screen, axe-core; then screenshots it a screen at a time from the top
/// (at most three) as `<code>-<name>-<n>.png`.
async fn check_page(
    browser: &Browser,
    axe_source: &str,
    code: &str,
    name: &str,
    english: &[&str],
    others: &str,
    wrong: &mut Vec<String>,
) {
    let what = format!("{name} in {code}");
    let lang = browser.attr("html", "lang").await;
    if lang.as_deref() != Some(code) {
        wrong.push(format!("{what}: <html lang> is {lang:?}"));
    }
    let words = written(browser, others).await;
    for phrase in english {
        if words.contains(phrase) {
            wrong.push(format!("{what}: English left: {phrase:?} in {words:?}"));
        }
    }
    let wider = browser
        .script(
            "const w = innerWidth; const out = [...document.querySelectorAll('main *')] \
             .filter((e) => e.getBoundingClientRect().right > w + 0.5 && e.getClientRects().length) \
             .map((e) => e.tagName + (e.id ? '#' + e.id : '') + '.' + e.className); \
             return [document.documentElement.scrollWidth > w, out.slice(0, 5)];",
        )
        .await;
    if wider[0].as_bool() != Some(false) {
        wrong.push(format!("{what}: wider than the screen: {}", wider[1]));
    }
    for violation in axe::check(browser, axe_source).await {
        if violation.grave() {
            wrong.push(format!("{what}: {}", violation.describe()));
        }
    }
    let screens = browser
        .script("return Math.ceil(document.documentElement.scrollHeight / innerHeight);")
        .await
        .as_u64()
        .unwrap_or(1)
        .clamp(1, 3);
    for n in 0..screens {
        browser
            .script(&format!(
                "window.scrollTo(0, {n} * innerHeight); return null;"
            ))
            .await;
        let file = artefacts().join(format!("{code}-{name}-{n}.png"));
        browser.screenshot(&file).await;
    }
    browser.script("window.scrollTo(0, 0); return null;").await;
}

/// Waits until the element of id `id` is no longer hidden.
async fn drawn(browser: &Browser, id: &str) {
    let script = format!("return !document.getElementById({}).hidden;", json!(id));
    until(STATE_TIMEOUT, &format!("#{id} stays hidden"), async || {
        browser
            .script(&script)
            .await
            .as_bool()
            .unwrap_or(false)
            .then_some(())
    })
    .await;
}

/// Records a difference between what `what` shows and what it should.
fn expect(wrong: &mut Vec<String>, what: &str, shown: &str, ok: bool) {
    if !ok {
        wrong.push(format!("{what}: {shown:?}"));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn play_and_a_seat_speak_russian_and_czech_on_a_phone() {
    let db = TempDb::new();
    let server = server(&db).await;
    let source = axe::source();
    let browser = Browser::start().await;
    browser.resize(PHONE).await;
    let mut wrong = Vec::new();
    for words in [RU, CS] {
        let code = words.code;
        // The form, its seats laid out for durak: the first page sets the cookie.
        browser.open("about:blank").await;
        browser
            .open(&server.url(&format!("/play?game=durak&lang={code}")))
            .await;
        browser.wait_attr("#new-table", "data-ready", "1").await;
        let [heading, mine, size, legend, rules, start] = words.play;
        let shown = browser.text("main h1").await;
        expect(&mut wrong, "/play's heading", &shown, shown == heading);
        let shown = browser.text("#seat-list li.mine").await;
        expect(&mut wrong, "/play's own seat", &shown, shown == mine);
        let sizes = browser.texts("#players option").await;
        expect(
            &mut wrong,
            "/play's sizes",
            &sizes.join("|"),
            sizes.iter().any(|s| s == size),
        );
        let shown = browser.text("#seats legend").await;
        expect(&mut wrong, "/play's legend", &shown, shown == legend);
        let shown = browser.text("#rules").await;
        expect(&mut wrong, "/play's rules", &shown, shown == rules);
        let shown = browser.text("#start").await;
        expect(&mut wrong, "/play's button", &shown, shown == start);
        check_page(
            &browser,
            &source,
            code,
            "play",
            PLAY_ENGLISH,
            "",
            &mut wrong,
        )
        .await;

        // The hand's controls alone on a made-up turn: a card that is a move alone and, with
        // another, a second one; picked, it opens the chooser.
        let [selected, more, clear] = words.hand;
        browser.script(HAND).await;
        browser.click("#table [data-card=\"7H\"]").await;
        let shown = browser.text("#chooser .chooser-head").await;
        expect(&mut wrong, "the chooser's head", &shown, shown == selected);
        let shown = browser.text("#chooser p.note").await;
        expect(&mut wrong, "the chooser's note", &shown, shown == more);
        let shown = browser.text("#chooser button.clear").await;
        expect(&mut wrong, "the chooser's clear", &shown, shown == clear);
        let words_now = written(&browser, "#table").await;
        for phrase in SEAT_ENGLISH {
            if words_now.contains(phrase) {
                wrong.push(format!("the hand in {code}: English left: {phrase:?}"));
            }
        }

        // A durak table against a house bot, the person at seat 0: their turn.
        let opened = open_table(
            &server,
            json!({"game": "durak", "seats": ["person", "greedy"]}),
        )
        .await;
        let url = opened["seats"][0]["url"].as_str().unwrap();
        let token = opened["seats"][0]["token"].as_str().unwrap();
        // As if this tab had opened the table with a seat for another person: its link shows.
        let others = json!([{"seat": 1, "url": "/play/another-seat"}]).to_string();
        let keep = format!(
            "sessionStorage.setItem({}, {}); return null;",
            json!(format!("cardarena.seats.{token}")),
            json!(others)
        );
        browser.script(&keep).await;
        browser.open(&server.url(url)).await;
        let first = decision(&browser).await;
        assert_eq!(first.state, "turn", "{code}: the person does not start");
        let [line, title, tab, rules, leave, recent] = words.turn;
        let shown = browser.text("#turn-line").await;
        expect(
            &mut wrong,
            "the turn's line",
            &shown,
            shown.starts_with(line),
        );
        let shown = browser.text("#seat-title").await;
        expect(&mut wrong, "the seat's heading", &shown, shown == title);
        let shown = browser.script("return document.title;").await;
        let shown = shown.as_str().unwrap_or_default();
        expect(&mut wrong, "the tab's title", shown, shown.starts_with(tab));
        let shown = browser.text("#rules").await;
        expect(&mut wrong, "the seat's rules", &shown, shown == rules);
        let shown = browser.text("#leave").await;
        expect(&mut wrong, "the leave button", &shown, shown == leave);
        let shown = browser.text(".recent h2").await;
        expect(&mut wrong, "the last moves", &shown, shown == recent);
        let [seat_link, copy] = words.links;
        let shown = browser.text("#link-list li").await;
        let ok = shown.starts_with(seat_link) && shown.contains(copy);
        expect(&mut wrong, "the other seat's link", &shown, ok);
        let others = "#table, #recent, #actions";
        check_page(
            &browser,
            &source,
            code,
            "turn",
            SEAT_ENGLISH,
            others,
            &mut wrong,
        )
        .await;

        // The table is listed on /play, with the way back to it.
        browser.open(&server.url("/play")).await;
        drawn(&browser, "my-tables").await;
        let [standing, back] = words.tables;
        let shown = browser.text("#my-table-list li").await;
        let ok = shown.starts_with(standing) && shown.contains(back);
        expect(&mut wrong, "/play's open table", &shown, ok);
        browser.wait_attr("#new-table", "data-ready", "1").await;
        check_page(
            &browser,
            &source,
            code,
            "tables",
            PLAY_ENGLISH,
            "",
            &mut wrong,
        )
        .await;
        browser.open(&server.url(url)).await;
        decision(&browser).await;

        // Leaving: a house bot plays the seat to the end, and the result says so.
        let [confirm, replaced, result, summary_start, summary_end] = words.end;
        browser.click("#leave").await;
        let shown = browser.text("#leave-confirm").await;
        expect(
            &mut wrong,
            "the leave's confirmation",
            &shown,
            shown == confirm,
        );
        browser.click("#leave-yes").await;
        let end = until(STATE_TIMEOUT, "the match never ended", async || {
            let state = browser.attr("#seat", "data-state").await;
            (state.as_deref() == Some("match_end")).then_some(())
        });
        end.await;
        drawn(&browser, "result").await;
        let shown = browser.text("#replaced").await;
        expect(
            &mut wrong,
            "the house bot's line",
            &shown,
            shown == replaced,
        );
        let shown = browser.text("#result h2").await;
        expect(&mut wrong, "the result's heading", &shown, shown == result);
        let shown = browser.text("#result .summary").await;
        let ok = shown.starts_with(summary_start) && shown.ends_with(summary_end);
        expect(&mut wrong, "the result's summary", &shown, ok);
        let others = "#table, #recent, #actions, .result-text, .summary";
        check_page(
            &browser,
            &source,
            code,
            "end",
            SEAT_ENGLISH,
            others,
            &mut wrong,
        )
        .await;

        // A wrong seat link: the 404 page in the language of the cookie.
        let response = (server.http.get(server.url("/play/no-such-seat")))
            .header("cookie", format!("lang={code}"))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::NOT_FOUND);
        let html = response.text().await.unwrap();
        expect(&mut wrong, "the 404", &html, html.contains(words.no_seat));
    }
    browser.close().await;
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn join_and_my_bots_speak_russian_and_czech_on_a_phone() {
    let db = TempDb::new();
    let server = server(&db).await;
    let source = axe::source();
    let browser = Browser::start().await;
    browser.resize(PHONE).await;
    let mut wrong = Vec::new();
    for words in [RU, CS] {
        let code = words.code;
        let [heading, size, no_url, once, note] = words.join;
        browser.open("about:blank").await;
        browser
            .open(&server.url(&format!("/join?lang={code}")))
            .await;
        let shown = browser.text("main h1").await;
        expect(&mut wrong, "/join's heading", &shown, shown == heading);
        let sizes = browser.texts("#sizes label").await;
        expect(
            &mut wrong,
            "/join's sizes",
            &sizes.join("|"),
            sizes.iter().any(|s| s == size),
        );
        // No URL given: the page says so before asking the server.
        browser.click("#register").await;
        let shown = browser.text("#join-error").await;
        expect(
            &mut wrong,
            "/join's refusal",
            &shown,
            shown.starts_with(no_url),
        );
        check_page(
            &browser,
            &source,
            code,
            "join",
            JOIN_ENGLISH,
            "",
            &mut wrong,
        )
        .await;

        // A bot that dials out, registered: its token and how to start it.
        browser.send_keys("#name", &format!("{code}-dialler")).await;
        browser.click("input[name=mode][value=connect]").await;
        browser.click("#register").await;
        drawn(&browser, "joined").await;
        let shown = browser.text("#once").await;
        expect(&mut wrong, "/join's warning", &shown, shown == once);
        let shown = browser.text("#run-note").await;
        expect(
            &mut wrong,
            "/join's run note",
            &shown,
            shown.starts_with(note),
        );
        check_page(
            &browser,
            &source,
            code,
            "joined",
            JOIN_ENGLISH,
            "",
            &mut wrong,
        )
        .await;

        // My bots: the bot's card, in the language the cookie keeps.
        let [title, fact, program, practice, pause] = words.me;
        browser.open(&server.url("/me")).await;
        browser.wait_refreshed("#bots").await;
        let names = browser.texts("article.my-bot h2 a").await;
        assert!(names.contains(&format!("{code}-dialler")), "{names:?}");
        let shown = browser.text("main h1").await;
        expect(&mut wrong, "/me's heading", &shown, shown == title);
        let labels = browser.texts("article.my-bot dt").await;
        expect(
            &mut wrong,
            "/me's facts",
            &labels.join("|"),
            labels.iter().any(|l| l == fact),
        );
        let programs = browser.texts("article.my-bot dd.fact-program").await;
        let ok = programs.iter().all(|p| p == program);
        expect(&mut wrong, "/me's program", &programs.join("|"), ok);
        let headings = browser.texts("article.my-bot h3").await;
        let ok = headings.iter().any(|h| h == practice);
        expect(&mut wrong, "/me's practice", &headings.join("|"), ok);
        let buttons = browser.texts("article.my-bot button.my-pause").await;
        expect(
            &mut wrong,
            "/me's pause",
            &buttons.join("|"),
            buttons.iter().all(|b| b == pause),
        );
        // Why a bot is paused is the API's detail, in the API's words.
        let others = "dd.fact-why";
        check_page(
            &browser, &source, code, "me", ME_ENGLISH, others, &mut wrong,
        )
        .await;
    }
    browser.close().await;
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
