//! The match page's analysis in a real browser against the real server on loopback (a temporary
//! SQLite file): a durak bot that throws away a won position at one known step (thrower.rs, a
//! real HTTP bot seeing only its view) plays a house bot; the match page, opened in headless
//! Chromium while the match is played, offers the analysis once it has ended; asked, it shows
//! the progress and then the value strip with a blunder marked at that step, the expert's move
//! beside the move taken there, and the accuracy of each seat as
//! `GET /api/matches/{id}/analysis` gives them; opened again it shows the analysis at once. axe
//! finds no serious or critical violation on it at a phone's width or a laptop's. Screenshots go
//! to `target/test-artefacts/analysis/`.

use crate::support;

use cardarena_testkit::chromium;

use cardarena_testkit::axe;

mod thrower;

use std::time::Duration;

use cardarena_engine::Phrase;
use cardarena_engine::phrase::english::{self, Names};
use chromium::Browser;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use support::{Server, TempDb, config, until};

/// A phone held upright.
const PHONE: (u32, u32) = (390, 844);

/// A laptop.
const LAPTOP: (u32, u32) = (1280, 900);

/// How long the match (the bot searches every decision in a debug build) and the analysis may
/// take.
const PATIENCE: Duration = Duration::from_secs(300);

/// A blunder's least loss, as the API and the page count it.
const BLUNDER: f64 = 0.15;

/// A server whose bots have time to search each decision in a debug build, analysing with a
/// small budget.
async fn server(db: &TempDb) -> Server {
    let mut config = config(db);
    config.deadline_ms = 20_000;
    config.analysis.budget_ms = 5;
    Server::start(config).await
}

/// How many matches the bot may play before it stands to win one and throws it away.
const MATCHES: usize = 8;

/// Plays practice matches of the thrower against greedy until one has its blunder: that match's
/// id, its `GET /api/matches/{id}` and the blunder. Each match's page is opened as soon as it is
/// queued (the bot searching every decision, it is followed live) and must offer the analysis
/// once the match has ended.
async fn match_with_a_blunder(
    server: &Server,
    browser: &Browser,
    bot: &thrower::Thrower,
    registered: &Value,
) -> (String, Value, thrower::Blunder) {
    for _ in 0..MATCHES {
        let id = server
            .practice_with(registered, &json!(["greedy"]), &json!({}))
            .await;
        open(browser, server, &format!("/matches/{id}"), LAPTOP).await;
        let m = until(PATIENCE, "the match never finished", async || {
            let (status, m) = server.get(&format!("/api/matches/{id}")).await;
            assert_eq!(status, StatusCode::OK, "{m}");
            (m["status"] != "queued" && m["status"] != "running").then_some(m)
        })
        .await;
        assert_eq!(m["status"], "finished", "{m}");
        wait_state(browser, "none").await;
        let shown = browser
            .script("return !document.getElementById('analysis').hidden;")
            .await;
        assert_eq!(shown, true, "the ended match's page offers no analysis");
        if let Some(blunder) = bot.blunder(&id) {
            return (id, m, blunder);
        }
    }
    panic!("in {MATCHES} matches the bot never stood to win and threw it away");
}

/// A move's phrases (JSON) as the pages write them after other words: the seats by name, no
/// capital.
fn with_names(phrases: &Value, names: &[String]) -> String {
    let phrases: Vec<Phrase> = serde_json::from_value(phrases.clone()).unwrap();
    english::inline(&phrases, &Names::new(names, None))
}

/// Opens `path` afresh in a window of `window` px.
async fn open(browser: &Browser, server: &Server, path: &str, window: (u32, u32)) {
    browser.resize(window).await;
    browser.open("about:blank").await;
    browser.open(&server.url(path)).await;
}

/// Waits until the analysis section's state is `state`; panics with what it shows after
/// [`PATIENCE`].
async fn wait_state(browser: &Browser, state: &str) {
    let what = format!("the page's analysis never reached {state:?}");
    until(PATIENCE, &what, async || {
        let now = browser
            .script(
                "const s = document.getElementById('analysis');
                 return s && [s.dataset.state || '', document.getElementById('analysis-status').textContent];",
            )
            .await;
        assert_ne!(now[0], "error", "the page shows an error: {now}");
        (now[0] == state).then_some(())
    })
    .await
}

/// Scrolls the element matching `css` to the window's top.
async fn scroll_to(browser: &Browser, css: &str) {
    browser
        .script(&format!(
            "document.querySelector({}).scrollIntoView({{block: 'start'}}); return null;",
            json!(css)
        ))
        .await;
}

/// Checks the page with axe at the window it has; panics on a serious or critical violation.
async fn accessible(browser: &Browser, source: &str, at: &str) {
    let grave: Vec<String> = axe::check(browser, source)
        .await
        .into_iter()
        .filter(|v| v.grave())
        .map(|v| v.describe())
        .collect();
    assert!(grave.is_empty(), "{at}:\n{}", grave.join("\n"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn the_match_page_marks_the_step_where_a_bot_threw_away_a_won_position() {
    let db = TempDb::new();
    let server = server(&db).await;
    let bot = thrower::start().await;
    let registered = server.register_for("durak", "thrower", &bot.url).await;
    server.wait_active(registered["id"].as_str().unwrap()).await;
    let browser = Browser::start().await;
    let (id, m, blunder) = match_with_a_blunder(&server, &browser, &bot, &registered).await;

    // The known step: the frame the bot said it on.
    let (status, frames) = server.get(&format!("/api/matches/{id}/frames")).await;
    assert_eq!(status, StatusCode::OK, "{frames}");
    let frame = frames["frames"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["say"] == thrower::THROW_SAY)
        .unwrap_or_else(|| panic!("no frame says {:?}", thrower::THROW_SAY));
    let step = frame["step"].as_u64().unwrap();
    let seat = blunder.seat as u64;
    assert_eq!(step, u64::from(blunder.turn), "{frame}");
    assert_eq!(frame["seat"], seat, "{frame}");
    let names: Vec<String> = m["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap().to_string())
        .collect();

    let source = axe::source();
    let page = format!("/matches/{id}");
    open(&browser, &server, &page, LAPTOP).await;
    wait_state(&browser, "none").await;
    accessible(&browser, &source, "before the analysis at 1280 px").await;
    let folder = chromium::artefacts("analysis");
    scroll_to(&browser, "#analysis").await;
    browser.screenshot(&folder.join("offer-1280.png")).await;
    browser.click("#analyse").await;
    // While it runs (in a debug build it takes seconds), the page counts the decisions done.
    let progress = until(PATIENCE, "the page never left its offer", async || {
        let now = browser
            .script(
                "const s = document.getElementById('analysis');
                 const p = document.getElementById('analysis-progress');
                 return [s.dataset.state || '', p.hidden, p.max, p.value,
                         document.getElementById('analysis-status').textContent];",
            )
            .await;
        (now[0] != "none").then_some(now)
    })
    .await;
    if progress[0] != "done" {
        assert_eq!(progress[1], false, "no progress bar: {progress}");
        let status = progress[4].as_str().unwrap();
        let counted = format!("Analysing: {} of {} decisions.", progress[3], progress[2]);
        // Alone in the queue, the request is next.
        let want = if progress[0] == "queued" {
            "Queued: yours is next; it starts as soon as the expert is free."
        } else {
            counted.as_str()
        };
        assert_eq!(status, want, "{progress}");
        browser.screenshot(&folder.join("progress-1280.png")).await;
    }
    wait_state(&browser, "done").await;

    // The page draws what the API answers.
    let (status, analysis) = server.get(&format!("/api/matches/{id}/analysis")).await;
    assert_eq!(status, StatusCode::OK, "{analysis}");
    assert_eq!(analysis["status"], "done", "{analysis}");
    let decisions = analysis["decisions"].as_array().unwrap();
    let thrown = decisions
        .iter()
        .find(|d| d["step"] == step)
        .unwrap_or_else(|| panic!("no decision at step {step}"));
    assert_eq!(thrown["seat"], seat, "{thrown}");
    assert_eq!(thrown["taken"], blunder.worst, "{thrown}");
    assert!(
        thrown["loss"].as_f64().unwrap() >= BLUNDER,
        "the analysis does not see the bot's blunder at step {step} ({blunder:?}): {thrown}"
    );
    let steps_with = |least: f64, below: f64| -> Vec<String> {
        decisions
            .iter()
            .filter(|d| (least..below).contains(&d["loss"].as_f64().unwrap()))
            .map(|d| d["step"].to_string())
            .collect()
    };
    assert_eq!(
        browser.count("#value-strip rect.bar").await,
        decisions.len(),
        "one bar per decision"
    );
    assert_eq!(
        browser
            .attrs("#value-strip .mark.blunder", "data-step")
            .await,
        steps_with(BLUNDER, f64::INFINITY)
    );
    assert_eq!(
        browser
            .attrs("#value-strip .mark.mistake", "data-step")
            .await,
        steps_with(0.05, BLUNDER)
    );
    assert_eq!(
        browser
            .count(&format!("#value-strip .mark.blunder[data-step=\"{step}\"]"))
            .await,
        1,
        "no blunder marked at step {step}"
    );

    // Each seat's accuracy, the thrower's counting its blunder.
    let row = |s: &Value| {
        let seat = s["seat"].as_u64().unwrap() as usize;
        vec![
            format!("{} (seat {seat})", names[seat]),
            s["decisions"].to_string(),
            format!("{:.3}", s["mean_loss"].as_f64().unwrap()),
            s["mistakes"].to_string(),
            s["blunders"].to_string(),
        ]
    };
    let seats = analysis["seats"].as_array().unwrap();
    let mut want = vec![vec![
        "Seat".to_string(),
        "Decisions".into(),
        "Mean loss".into(),
        "Mistakes".into(),
        "Blunders".into(),
    ]];
    want.extend(seats.iter().map(row));
    assert_eq!(browser.table("#accuracy").await, want);
    let own = seats.iter().find(|s| s["seat"] == seat).unwrap();
    let counted = decisions
        .iter()
        .filter(|d| d["seat"] == seat && d["loss"].as_f64().unwrap() >= BLUNDER)
        .count();
    assert!(own["blunders"].as_u64().unwrap() >= 1, "{own}");
    assert_eq!(own["blunders"], counted, "{own}");
    assert_eq!(
        browser
            .text(&format!("#accuracy tr[data-seat=\"{seat}\"] .blunders"))
            .await,
        own["blunders"].to_string()
    );

    // A click on the mark goes to the step: marked beside the step controls, the expert's move
    // beside the move taken, and in the list of moves.
    browser
        .click(&format!("#value-strip .mark.blunder[data-step=\"{step}\"]"))
        .await;
    browser
        .wait_attr("#table", "data-step", &step.to_string())
        .await;
    assert!(
        browser.text("#step-mark").await.starts_with("blunder"),
        "{}",
        browser.text("#step-mark").await
    );
    let best = thrown["best"].as_u64().unwrap() as usize;
    let best_text = with_names(&thrown["phrases"][best], &names);
    assert_eq!(browser.text("#step-info .expert-move").await, best_text);
    assert!(
        browser
            .text("#step-info .expert-says")
            .await
            .contains("the expert's choice: "),
    );
    assert_eq!(
        browser
            .attr(&format!("ol.moves > li:nth-child({step})"), "class")
            .await
            .unwrap_or_default()
            .split(' ')
            .filter(|c| *c == "blunder")
            .count(),
        1,
        "the list of moves does not mark step {step}"
    );
    assert!(
        browser
            .attrs("#errors li.blunder", "data-step")
            .await
            .contains(&step.to_string()),
        "the list of blunders does not name step {step}"
    );

    scroll_to(&browser, "#watch").await;
    browser.screenshot(&folder.join("step-1280.png")).await;
    scroll_to(&browser, "#analysis").await;
    browser.screenshot(&folder.join("analysis-1280.png")).await;
    accessible(&browser, &source, "the analysis at 1280 px").await;

    // Opened again (on a phone), the analysis shows at once, with no click.
    open(&browser, &server, &format!("{page}#step={step}"), PHONE).await;
    wait_state(&browser, "done").await;
    let hidden = browser
        .script("return document.getElementById('analyse').hidden;")
        .await;
    assert_eq!(hidden, true, "the page offers to analyse an analysed match");
    assert!(browser.text("#step-mark").await.starts_with("blunder"));
    let strip = browser.rects("#value-strip svg").await;
    assert!(
        strip.len() == 1 && strip[0].right <= f64::from(PHONE.0),
        "the strip overflows the phone's width: {strip:?}"
    );
    scroll_to(&browser, "#watch").await;
    browser.screenshot(&folder.join("controls-390.png")).await;
    scroll_to(&browser, "#step-info").await;
    browser.screenshot(&folder.join("step-390.png")).await;
    scroll_to(&browser, "#analysis").await;
    browser.screenshot(&folder.join("analysis-390.png")).await;
    accessible(&browser, &source, "the analysis at 390 px").await;
    browser.close().await;

    // The second request costs nothing: the result is stored.
    let (status, again) = server
        .send(
            Method::POST,
            &format!("/api/matches/{id}/analysis"),
            None,
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{again}");
    assert_eq!(again, analysis);
}
