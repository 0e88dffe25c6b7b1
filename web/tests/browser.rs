//! The pages in a real browser against the real server: the app started in process as
//! `serve --demo` starts it (its demo cup and the house bots' ladder) on a temporary SQLite file,
//! the cup played to the end, then `/`, the cup's page, the final's winner and one of the final's
//! matches loaded in headless Chromium driven through WebDriver (chromedriver), their live DOM
//! (after the scripts' redraw) checked against the API and the store, and photographed into
//! `target/test-artefacts/browser/`.

use crate::support;

use cardarena_testkit::chromium;

use std::path::PathBuf;
use std::time::{Duration, Instant};

use cardarena_contest::demo::DEMO_NAME;
use cardarena_contest::tournament;
use cardarena_store::{BotKind, NewBot};
use cardarena_web::app::ServeConfig;
use chromium::{Browser, WINDOW};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use support::{Server, TempDb};

/// How long the demo cup (or a test's tournament) may take to finish.
const FINISH_TIMEOUT: Duration = Duration::from_secs(180);

/// A bot name that is markup, to check the live script never parses it.
const SNEAKY: &str = "<img src=x onerror=alert(1)> Mallory";
/// The same name as the DOM serialises it as text.
const SNEAKY_ESCAPED: &str = "&lt;img src=x onerror=alert(1)&gt; Mallory";

/// The organiser's token of the tests' servers.
const ADMIN: &str = "browser-test-organiser";

/// Saves a 1280 × 1600 screenshot of the browser's page as `name` in the artefact folder and
/// checks it is one.
async fn photograph(browser: &Browser, name: &str) -> PathBuf {
    let file = chromium::artefacts("browser").join(name);
    let got = browser.screenshot(&file).await;
    assert_eq!(got, WINDOW, "{}", file.display());
    file
}

/// Like [`photograph`] with the window resized to `size` for the picture, then back.
async fn photograph_sized(browser: &Browser, name: &str, size: (u32, u32)) -> PathBuf {
    browser.resize(size).await;
    let file = chromium::artefacts("browser").join(name);
    let got = browser.screenshot(&file).await;
    browser.resize(WINDOW).await;
    assert_eq!(got, size, "{}", file.display());
    file
}

/// A server as `serve --demo` runs it (the default ladder interval), on `db`, with a known
/// organiser token.
async fn demo_server(db: &TempDb) -> Server {
    let mut config = ServeConfig::new("127.0.0.1:0".parse().unwrap(), db.url());
    config.demo = true;
    // The demo cup's bots answer at once here: its pace is tests/findable.rs's business.
    config.demo_think = Duration::ZERO;
    config.admin_token = Some(ADMIN.to_string());
    Server::start(config).await
}

/// Polls `GET /api/tournaments/{id}` until the tournament is finished; returns it.
async fn finished_tournament(server: &Server, id: &str) -> Value {
    let start = Instant::now();
    loop {
        let (status, t) = server.get(&format!("/api/tournaments/{id}")).await;
        assert_eq!(status, StatusCode::OK, "{t}");
        if t["status"] == "finished" {
            return t;
        }
        assert!(
            start.elapsed() < FINISH_TIMEOUT,
            "tournament {id} not finished after {FINISH_TIMEOUT:?}: {t}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The id of the demo cup, from `GET /api/tournaments`.
async fn demo_cup(server: &Server) -> String {
    let (status, list) = server.get("/api/tournaments").await;
    assert_eq!(status, StatusCode::OK, "{list}");
    let cup = list
        .as_array()
        .expect("a list")
        .iter()
        .find(|t| t["name"] == DEMO_NAME)
        .unwrap_or_else(|| panic!("no demo cup in {list}"));
    cup["id"].as_str().unwrap().to_string()
}

/// The HTML from the start of the first `start` to the end of the first `end` after it.
fn between<'a>(html: &'a str, start: &str, end: &str) -> &'a str {
    let from = html
        .find(start)
        .unwrap_or_else(|| panic!("no {start:?} in:\n{html}"));
    let len = html[from..]
        .find(end)
        .unwrap_or_else(|| panic!("no {end:?} after {start:?} in:\n{html}"));
    &html[from..from + len + end.len()]
}

/// The text of an HTML fragment (as the server sends it): tags read as spaces, the entities a serialiser writes
/// decoded, white space collapsed.
fn text(html: &str) -> String {
    let mut out = String::new();
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => {
                in_tag = false;
                out.push(' ');
            }
            c if !in_tag => out.push(c),
            _ => {}
        }
    }
    let out = out
        .replace("&nbsp;", " ")
        .replace("&lt;", "<")
        .replace("&#60;", "<")
        .replace("&gt;", ">")
        .replace("&#62;", ">")
        .replace("&quot;", "\"")
        .replace("&#34;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
        .replace("&#38;", "&");
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The rows of the first `<table class="{class}">` in `html`, header first, each as the text
/// of its cells.
fn table_rows(html: &str, class: &str) -> Vec<Vec<String>> {
    let table = between(html, &format!("<table class=\"{class}\">"), "</table>");
    table
        .split("<tr")
        .skip(1)
        .map(|row| {
            let row = &row[..row.find("</tr>").unwrap_or(row.len())];
            row.split("<t")
                .skip(1)
                .filter(|cell| cell.starts_with('d') || cell.starts_with('h'))
                .map(|cell| {
                    let body = &cell[cell.find('>').unwrap() + 1..];
                    let body = &body[..body.find("</t").unwrap_or(body.len())];
                    text(body)
                })
                .collect()
        })
        .collect()
}

/// Three decimals, halves away from zero (the pages' rounding).
fn three(x: f64) -> String {
    let rounded = (x * 1000.0).round() / 1000.0;
    let s = format!("{rounded:.3}");
    if s == "-0.000" {
        "0.000".to_string()
    } else {
        s
    }
}

/// [`three`] without trailing zeros.
fn short(x: f64) -> String {
    three(x)
        .trim_end_matches('0')
        .trim_end_matches('.')
        .to_string()
}

/// The podium line a page shows for the API's `podium`: "Winner: A (mean 0.833); second: B
/// (0.700); third: C (0.400)".
fn podium_line(podium: &Value) -> String {
    podium
        .as_array()
        .unwrap()
        .iter()
        .zip(["Winner", "second", "third"])
        .enumerate()
        .map(|(k, (p, label))| {
            let mean = three(p["mean"].as_f64().unwrap());
            let mean = if k == 0 { format!("mean {mean}") } else { mean };
            format!("{label}: {} ({mean})", p["name"].as_str().unwrap())
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// The standings table a stage of the API's view must show, header first.
fn expected_standings(stage: &Value) -> Vec<Vec<String>> {
    let mut rows = vec![
        [
            "#",
            "Bot",
            "Matches",
            "Mean ± 95% CI",
            "Total",
            "Mean score",
            "Faults",
        ]
        .map(String::from)
        .to_vec(),
    ];
    for s in stage["standings"].as_array().unwrap() {
        let mean = three(s["mean"].as_f64().unwrap());
        let mean = match s["ci95"].as_f64() {
            Some(ci) => format!("{mean} ± {}", three(ci)),
            None => mean,
        };
        let mut name = s["name"].as_str().unwrap().to_string();
        if s["skipped"] == true {
            name.push_str(" skipped");
        }
        rows.push(vec![
            s["rank"].to_string(),
            name,
            s["matches"].to_string(),
            mean,
            short(s["total"].as_f64().unwrap()),
            short(s["mean_score"].as_f64().unwrap()),
            s["faults"].to_string(),
        ]);
    }
    rows
}

/// The head-to-head table a stage of the API's view must show: rows and columns in the
/// standings' order, cells "W–L–D", "—" on the diagonal, "·" for bots that never met.
fn expected_head_to_head(stage: &Value) -> Vec<Vec<String>> {
    let standings = stage["standings"].as_array().unwrap();
    let names: Vec<String> = standings
        .iter()
        .map(|s| s["name"].as_str().unwrap().to_string())
        .collect();
    let mut rows = vec![std::iter::once("Bot".to_string()).chain(names).collect()];
    for row in standings {
        let meetings = stage["head_to_head"]
            .as_array()
            .unwrap()
            .iter()
            .find(|h| h["bot_id"] == row["bot_id"])
            .map(|h| h["against"].as_array().unwrap().clone())
            .unwrap_or_default();
        let mut cells = vec![row["name"].as_str().unwrap().to_string()];
        for col in standings {
            cells.push(if col["bot_id"] == row["bot_id"] {
                "—".to_string()
            } else {
                match meetings.iter().find(|m| m["bot_id"] == col["bot_id"]) {
                    Some(m) => format!("{}–{}–{}", m["wins"], m["losses"], m["draws"]),
                    None => "·".to_string(),
                }
            });
        }
        rows.push(cells);
    }
    rows
}

/// The CSS selector of stage `index`'s section in a tournament page.
fn stage_css(index: usize) -> String {
    format!("section.stage[data-index=\"{index}\"]")
}

/// The `<section>` of stage `index` in a tournament page's HTML.
fn stage_section(html: &str, index: usize) -> &str {
    between(
        html,
        &format!("<section class=\"stage\" data-index=\"{index}\">"),
        "</section>",
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn the_demo_cup_in_a_browser_from_the_leaderboard_to_a_final_match() {
    let db = TempDb::new();
    let server = demo_server(&db).await;
    let store = server.running.store.clone();
    let id = demo_cup(&server).await;
    let cup = finished_tournament(&server, &id).await;
    let final_stage = &cup["stages"][2];
    assert_eq!(final_stage["kind"], "final", "{cup}");
    let standings = final_stage["standings"].as_array().unwrap();
    assert_eq!(standings.len(), 3, "{final_stage}");
    let winner = standings[0]["bot_id"].as_str().unwrap().to_string();
    let winner_name = standings[0]["name"].as_str().unwrap().to_string();
    let browser = Browser::start().await;

    // The tournament page, once its script has redrawn it from the API.
    browser
        .open(&server.url(&format!("/tournaments/{id}")))
        .await;
    let refreshed = browser.wait_refreshed("article.tournament").await;
    assert!(refreshed >= 1, "the page never refreshed itself");
    assert_eq!(
        browser
            .attr("article.tournament", "data-status")
            .await
            .as_deref(),
        Some("finished")
    );
    let updated = browser.text("#updated").await;
    assert!(
        updated != "page load" && updated.contains(':'),
        "#updated is {updated:?}"
    );
    assert_eq!(
        browser.count(".stale").await,
        0,
        "the API could not be reached"
    );
    let dom = browser.source().await;
    assert!(
        !dom.contains("stale"),
        "the API could not be reached:\n{dom}"
    );
    assert_eq!(browser.text("h1").await, DEMO_NAME);
    assert_eq!(browser.text("#status").await, "finished");
    assert_eq!(browser.text("#current-stage").await, "stage 3 of 3: final");
    // The winner and podium of the whole (the final's) and of each finished stage.
    let whole = podium_line(&cup["podium"]);
    assert!(whole.starts_with("Winner: "), "{cup}");
    assert_eq!(browser.text("#podium").await, whole);
    assert_eq!(cup["podium"], final_stage["podium"]);
    for (index, stage) in cup["stages"].as_array().unwrap().iter().enumerate() {
        assert_eq!(
            browser
                .text(&format!("{} p.podium", stage_css(index)))
                .await,
            podium_line(&stage["podium"]),
            "stage {index}"
        );
    }
    let entries = browser.text("#entries").await;
    for entry in cup["entries"].as_array().unwrap() {
        assert!(
            entries.contains(entry["name"].as_str().unwrap()),
            "{entries}"
        );
    }
    let fin = stage_css(2);
    let fin_text = browser.text(&fin).await;
    assert!(
        fin_text.starts_with("Stage 3: final finished"),
        "{fin_text}"
    );
    let counts = &final_stage["matches"];
    let total: u64 = ["queued", "running", "finished", "failed", "cancelled"]
        .iter()
        .map(|k| counts[k].as_u64().unwrap())
        .sum();
    assert!(total > 0, "{counts}");
    let progress = format!("{}/{total} finished", counts["finished"]);
    assert_eq!(
        browser.text(&format!("{fin} .progress-text")).await,
        progress
    );
    // (The colon after each label is the stylesheet's.)
    for figure in [
        "Finalists the top 3 of stage 2",
        "Deals 2, each played in every seating",
    ] {
        assert!(fin_text.contains(figure), "no {figure:?} in {fin_text}");
    }
    // The final's standings in the API's order, every figure as the API has it, each bot linked.
    assert_eq!(
        browser.table(&format!("{fin} table.standings")).await,
        expected_standings(final_stage)
    );
    let linked: Vec<String> = browser
        .links(&format!("{fin} table.standings td:nth-child(2) a"))
        .await
        .into_iter()
        .map(|link| link.href)
        .collect();
    let wanted: Vec<String> = standings
        .iter()
        .map(|s| format!("/bots/{}", s["bot_id"].as_str().unwrap()))
        .collect();
    assert_eq!(linked, wanted, "the standings' links out of order");
    // Each bot's count of matches links to its matches in the stage, as the script redrew it.
    let counts = browser
        .links(&format!("{fin} table.standings a.bot-stage-matches"))
        .await;
    let wanted: Vec<(String, String)> = standings
        .iter()
        .map(|s| {
            (
                format!(
                    "/bots/{}?tournament={id}&stage=2#matches",
                    s["bot_id"].as_str().unwrap()
                ),
                s["matches"].to_string(),
            )
        })
        .collect();
    let got: Vec<(String, String)> = counts.into_iter().map(|a| (a.href, a.text)).collect();
    assert_eq!(got, wanted, "the standings' match links");
    // The head-to-head table: rows and columns in the standings' order.
    let h2h = browser.table(&format!("{fin} table.h2h")).await;
    assert_eq!(h2h, expected_head_to_head(final_stage));
    assert!(
        h2h[1..].iter().flatten().any(|c| c.contains('–')),
        "no meeting in {h2h:?}"
    );
    // Every stage as the server renders it is what the script redrew.
    let (status, served) = {
        let response = reqwest::get(server.url(&format!("/tournaments/{id}")))
            .await
            .unwrap();
        (response.status(), response.text().await.unwrap())
    };
    assert_eq!(status, StatusCode::OK);
    for (index, stage) in cup["stages"].as_array().unwrap().iter().enumerate() {
        let (live, first) = (stage_css(index), stage_section(&served, index));
        assert_eq!(
            browser.table(&format!("{live} table.standings")).await,
            expected_standings(stage)
        );
        assert_eq!(
            table_rows(first, "standings stack"),
            expected_standings(stage)
        );
        assert_eq!(
            browser.table(&format!("{live} table.h2h")).await,
            expected_head_to_head(stage)
        );
        assert_eq!(table_rows(first, "h2h stack"), expected_head_to_head(stage));
        assert_eq!(browser.text(&live).await, text(first), "stage {index}");
    }
    photograph(&browser, "tournament.png").await;
    // The whole page, down to the final.
    photograph_sized(&browser, "tournament-full.png", (1280, 2400)).await;

    // The leaderboard: every game's table, live, and the cup linked (as the nav links the list).
    let ladder_start = Instant::now();
    while store.leaderboard("bridge").await.unwrap().is_empty() {
        assert!(
            ladder_start.elapsed() < FINISH_TIMEOUT,
            "no rated bridge bot"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    // Bots rated now are rated still when the page is drawn.
    let mut rated = Vec::new();
    for game in ["durak", "bridge"] {
        rated.push((game, store.leaderboard(game).await.unwrap()));
    }
    browser.open(&server.url("/")).await;
    browser.wait_refreshed("table.leaderboard").await;
    assert_eq!(browser.text("h1").await, "Leaderboard");
    for (game, rows) in &rated {
        let board = browser
            .links(&format!("table.leaderboard[data-game=\"{game}\"] a"))
            .await;
        for row in rows {
            assert!(
                board
                    .iter()
                    .any(|a| a.href == format!("/bots/{}", row.bot_id) && a.text == row.name),
                "{} missing from {game}'s board: {board:?}",
                row.name
            );
        }
    }
    assert_eq!(browser.count(".stale").await, 0);
    let dom = browser.source().await;
    assert!(!dom.contains("stale"), "{dom}");
    assert!(
        browser
            .links("a[href=\"/tournaments\"]")
            .await
            .iter()
            .any(|a| a.text == "Tournaments"),
        "no link to the tournaments"
    );
    let listed = browser
        .links(&format!("ul.tournaments a[href=\"/tournaments/{id}\"]"))
        .await;
    assert!(
        listed.iter().any(|a| a.text == DEMO_NAME),
        "the cup is not listed: {listed:?}"
    );
    let listed = browser.text("ul.tournaments").await;
    assert!(listed.contains("bridge, finished"), "{listed}");
    photograph(&browser, "leaderboard.png").await;
    // At a phone's width the header's two navs wrap (looked at in the picture).
    photograph_sized(&browser, "leaderboard-420.png", (420, 900)).await;

    // The winner's page.
    browser.open(&server.url(&format!("/bots/{winner}"))).await;
    assert_eq!(browser.text("h1").await, winner_name);
    // The demo's entrants play over HTTP from loopback, each with a house bot's strategy.
    let (_, strategy) = cardarena_contest::demo::DEMO_ENTRANTS
        .iter()
        .find(|(name, _)| *name == winner_name)
        .expect("the winner is a demo entrant");
    let facts = browser.texts("dl.facts dd").await;
    assert!(facts.iter().any(|dd| dd == "http"), "{facts:?}");
    let codes = browser.texts("dl.facts dd code").await;
    assert!(
        codes
            .iter()
            .any(|c| c.starts_with("http://127.0.0.1:") && c.ends_with(&format!("/{strategy}"))),
        "{codes:?}"
    );
    assert!(
        browser.count("a[href^=\"/matches/\"]").await > 0,
        "no match listed"
    );
    photograph(&browser, "bot.png").await;
    photograph_sized(&browser, "bot-420.png", (420, 1600)).await;
    // A doc, as the header links it.
    browser.open(&server.url("/docs/protocol")).await;
    assert_eq!(browser.text("h1").await, "The bot protocol, version 1");
    photograph_sized(&browser, "doc-420.png", (420, 900)).await;

    // One of the final's matches, its moves as stored.
    let played = store.matches_of_bot(&winner, 100_000).await.unwrap();
    let in_final = played
        .iter()
        .find(|m| {
            m.stage
                .as_ref()
                .is_some_and(|s| s.tournament_id == id && s.stage == 2)
        })
        .expect("the winner played in the final");
    let detail = store.match_detail(&in_final.id).await.unwrap().unwrap();
    assert!(!detail.actions.is_empty(), "a final match with no moves");
    browser
        .open(&server.url(&format!("/matches/{}", in_final.id)))
        .await;
    assert_eq!(browser.text("h1").await, format!("Match {}", in_final.id));
    assert_eq!(browser.text("h1 code").await, in_final.id);
    let facts = browser.texts("dl.facts dd").await;
    assert!(
        facts
            .iter()
            .any(|dd| dd == "tournament, not rated" || dd == "tournament, rated"),
        "{facts:?}"
    );
    let seats = browser.table("table.seats").await;
    for seat in &detail.summary.seats {
        assert!(
            seats.iter().any(|row| row.get(1) == Some(&seat.name)),
            "{} not seated in {seats:?}",
            seat.name
        );
    }
    let items = browser.texts("ol.moves > li").await;
    let actions = browser.texts("ol.moves > li > code.action").await;
    assert_eq!(items.len(), detail.actions.len(), "{items:?}");
    assert_eq!(actions.len(), detail.actions.len(), "{actions:?}");
    // Each move in the game's words, as the frames API gives them (Game::describe), the seats
    // named by their bots.
    let names: Vec<String> = detail
        .summary
        .seats
        .iter()
        .map(|s| s.name.clone())
        .collect();
    let (status, frames) = server
        .get(&format!("/api/matches/{}/frames", in_final.id))
        .await;
    assert_eq!(status, StatusCode::OK, "{frames}");
    let texts = frames["frames"].as_array().unwrap();
    for (((item, shown), action), frame) in
        items.iter().zip(&actions).zip(&detail.actions).zip(texts)
    {
        assert_eq!(frame["action"], action.action);
        let words = support::english(&frame["phrases"], &names, None);
        assert_eq!(shown, &words, "in {item}");
        let seat = &detail.summary.seats[action.seat];
        assert!(item.contains(&seat.name), "{} not in {item}", seat.name);
    }
    photograph(&browser, "match.png").await;
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_live_tournament_page_keeps_names_as_text_and_unknown_ones_are_404() {
    let db = TempDb::new();
    let server = demo_server(&db).await;
    let store = server.running.store.clone();
    // The API refuses such a name; the store takes it, as an older server might have.
    let bots = support::test_bots().await;
    let mallory = NewBot {
        id: uuid::Uuid::new_v4().to_string(),
        name: SNEAKY.to_string(),
        game: "bridge".to_string(),
        kind: BotKind::Http {
            url: bots.url("/good"),
        },
        token_hash: None,
        secret_hash: None,
        ladder_players: None,
    };
    store.insert_bot(&mallory).await.expect("Mallory is stored");
    let body = json!({
        "name": format!("{SNEAKY} cup"),
        "game": "bridge",
        "stages": [{"kind": "house", "opponents": ["random"], "matches": 3,
                    "options": {"single_deal": true}}],
    });
    let (status, created) = server
        .send(Method::POST, "/api/tournaments", Some(ADMIN), Some(body))
        .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let id = created["id"].as_str().unwrap().to_string();

    // Open: no standings yet, and listed with the demo cup.
    let (status, page) = {
        let response = reqwest::get(server.url(&format!("/tournaments/{id}")))
            .await
            .unwrap();
        (response.status(), response.text().await.unwrap())
    };
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("No standings yet"), "{page}");
    assert!(page.contains("none yet: entries are open"), "{page}");
    assert!(!page.contains("<img"), "{page}");
    let browser = Browser::start().await;
    browser.open(&server.url("/tournaments")).await;
    let names = browser.table("table.tournaments").await;
    assert_eq!(names[0][..4], ["Name", "Game", "Status", "Stage"]);
    assert!(
        names.iter().any(|r| r[0] == DEMO_NAME),
        "no demo cup in {names:?}"
    );
    assert!(
        names
            .iter()
            .any(|r| r[0] == format!("{SNEAKY} cup") && r[2] == "open"),
        "{names:?}"
    );
    assert!(
        browser
            .count(&format!("a[href=\"/tournaments/{id}\"]"))
            .await
            > 0,
        "no link to /tournaments/{id}"
    );
    assert_eq!(browser.count("img").await, 0, "a name became markup");
    let list = browser.source().await;
    assert!(!list.contains("<img"), "{list}");
    photograph(&browser, "tournaments.png").await;

    // Entered and played: the script's redraw keeps the names as text.
    tournament::enter(&store, &id, &mallory.id)
        .await
        .expect("Mallory enters");
    let (status, answer) = server
        .send(
            Method::POST,
            &format!("/api/tournaments/{id}/start"),
            Some(ADMIN),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let t = finished_tournament(&server, &id).await;
    browser
        .open(&server.url(&format!("/tournaments/{id}")))
        .await;
    let refreshed = browser.wait_refreshed("article.tournament").await;
    assert!(refreshed >= 1);
    let stage = stage_css(0);
    assert_eq!(
        browser.table(&format!("{stage} table.standings")).await,
        expected_standings(&t["stages"][0])
    );
    assert_eq!(
        browser.table(&format!("{stage} table.h2h")).await,
        expected_head_to_head(&t["stages"][0])
    );
    let links = browser.links(&format!("{stage} a")).await;
    assert!(
        links
            .iter()
            .any(|a| a.html == SNEAKY_ESCAPED && a.text == SNEAKY),
        "the name is not text in: {links:?}"
    );
    assert_eq!(browser.count("img").await, 0, "a name became markup");
    let dom = browser.source().await;
    assert!(!dom.contains("<img"), "a name became markup:\n{dom}");
    browser.close().await;

    // Unknown tournaments are 404 pages.
    let response = reqwest::get(server.url("/tournaments/no-such-cup"))
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
    let content_type = response.headers()["content-type"]
        .to_str()
        .unwrap()
        .to_string();
    assert!(content_type.starts_with("text/html"), "{content_type}");
    let body = response.text().await.unwrap();
    assert!(
        body.contains("Not found") && body.contains("no-such-cup"),
        "{body}"
    );
}
