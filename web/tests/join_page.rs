//! `/join` and `/me` in headless Chromium against the real server on loopback: a person
//! registers a bot through the form, pointing at the Python kit running as a process in HTTP
//! mode, sees the token, the secret and both kits' command lines once, finds the bot on "My
//! bots", starts practice there, sees it rated and ranked, pauses and resumes it, and deletes
//! it. And a bot whose ping is refused with 401 has a page that says it is not using the secret
//! registration gave, and how to pass it to each kit. Screenshots at 1280 px and at 390 × 844
//! go to `target/test-artefacts/join/`.

use cardarena_testkit::kits;
mod support;

use cardarena_testkit::chromium;

use std::time::Duration;

use chromium::{Browser, WINDOW, artefacts};
use kits::{KitProcess, Script, TempDir};
use reqwest::StatusCode;
use serde_json::{Value, json};
use support::{Server, TempDb, config, until};

/// A phone's viewport.
const PHONE: (u32, u32) = (390, 844);

/// How long the server may take to find the bot active, play its matches and rate it.
const PATIENCE: Duration = Duration::from_secs(90);

/// The card of bot `id` on /me, its attribute `name`.
async fn card_attr(browser: &Browser, id: &str, name: &str) -> Option<String> {
    browser
        .attr(&format!("article[data-bot-id=\"{id}\"]"), name)
        .await
}

/// Whether the first element matching `css` is drawn (its computed `display` is not `none`).
async fn displayed(browser: &Browser, css: &str) -> bool {
    let script = format!(
        "return getComputedStyle(document.querySelector({})).display !== 'none';",
        json!(css)
    );
    browser.script(&script).await.as_bool().expect("a boolean")
}

/// Screenshots of the page as it is, at 1280 px and on a phone, named `stem`.
async fn screenshots(browser: &Browser, stem: &str) {
    let folder = artefacts("join");
    browser.resize((WINDOW.0, 900)).await;
    browser
        .screenshot(&folder.join(format!("{stem}-1280.png")))
        .await;
    browser.resize(PHONE).await;
    let (width, _) = browser
        .screenshot(&folder.join(format!("{stem}-390.png")))
        .await;
    assert!(width >= PHONE.0, "the phone screenshot is {width} px wide");
    let overflow = browser
        .script("return document.documentElement.scrollWidth - window.innerWidth;")
        .await;
    assert!(
        overflow.as_i64().is_some_and(|o| o <= 0),
        "{stem}: the page is wider than the phone by {overflow} px"
    );
    browser.resize((WINDOW.0, 900)).await;
}

#[tokio::test]
async fn a_person_joins_manages_and_practises_from_the_browser() {
    let db = TempDb::new();
    let logs = TempDir::new();
    let mut config = config(&db);
    config.deadline_ms = 2000;
    config.ladder_interval = Some(Duration::from_millis(250));
    let server = Server::start(config).await;
    // The kit runs without a secret (it cannot know one before registration) and answers all.
    let (kit, addr) = KitProcess::serve(Script::Python, None, &logs.0).await;
    let bot_url = format!("http://{addr}/");
    let browser = Browser::start().await;

    // The nav links both pages.
    browser.open(&server.url("/")).await;
    let nav: Vec<String> = (browser.links("header.site nav.site-nav a").await)
        .into_iter()
        .map(|l| format!("{} {}", l.text, l.href))
        .collect();
    assert!(nav.contains(&"Join /join".to_string()), "{nav:?}");
    assert!(nav.contains(&"My bots /me".to_string()), "{nav:?}");

    // A refused registration is shown in words, and nothing is kept.
    browser.open(&server.url("/join")).await;
    browser.send_keys("#name", "not a name!").await;
    browser.send_keys("#url", &bot_url).await;
    browser.click("#register").await;
    let error = until(PATIENCE, "no error shown", async || {
        Some(browser.text("#join-error").await).filter(|t| !t.is_empty())
    })
    .await;
    assert!(error.starts_with("Not registered: "), "{error}");
    assert!(
        !error.contains('{') && !error.contains("bad_name"),
        "{error}"
    );
    assert!(error.contains("letters, digits"), "{error}");
    screenshots(&browser, "join-error").await;

    // Registration through the form.
    browser
        .script("document.getElementById('name').value = '';")
        .await;
    browser.send_keys("#name", "webby").await;
    browser.click("#register").await;
    let token = until(PATIENCE, "no token shown", async || {
        Some(browser.text("#token").await).filter(|t| !t.is_empty())
    })
    .await;
    let secret = browser.text("#secret").await;
    assert!(secret.len() >= 16 && secret != token, "{secret}");
    let (status, bots) = server.get("/api/bots?game=durak").await;
    assert_eq!(status, StatusCode::OK);
    let bot = bots["bots"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["name"] == "webby")
        .expect("the bot is registered")
        .clone();
    let id = bot["id"].as_str().unwrap().to_string();
    assert_eq!(bot["url"], json!(bot_url));
    let python = browser.text("#run-python").await;
    let js = browser.text("#run-js").await;
    let port = format!("PORT={}", addr.port());
    for (run, program) in [(&python, "python3 bot.py"), (&js, "node bot.js")] {
        assert!(run.contains(&format!("CARDARENA_SECRET={secret}")), "{run}");
        assert!(run.contains(&port) && run.ends_with(program), "{run}");
        assert!(
            !run.contains("HOST="),
            "a loopback URL needs no HOST: {run}"
        );
    }
    assert!(python.starts_with("cd bots/kits/python"), "{python}");
    assert!(js.starts_with("cd bots/kits/js"), "{js}");
    // The token (never the secret) is kept for /me.
    let kept = browser
        .script("return localStorage.getItem('cardarena.my-bots');")
        .await;
    let kept: Value = serde_json::from_str(kept.as_str().expect("kept")).unwrap();
    assert_eq!(
        kept,
        json!([{"id": id, "name": "webby", "game": "durak", "token": token}])
    );
    assert_eq!(
        browser.attr("#bot-page", "href").await.as_deref(),
        Some(format!("/bots/{id}").as_str())
    );
    // Copy puts the token on the clipboard, or (no clipboard for this origin) selects it.
    browser.click("button[data-copy=token]").await;
    let copied = until(PATIENCE, "the copy said nothing", async || {
        let status = browser.text("#copy-status").await;
        (!status.is_empty()).then_some(status)
    })
    .await;
    let selected = browser
        .script("return window.getSelection().toString();")
        .await;
    assert!(
        copied == "Copied." || selected.as_str() == Some(token.as_str()),
        "{copied} / {selected}"
    );
    assert!(!displayed(&browser, "#join").await, "the form is gone");
    assert!(displayed(&browser, "#joined").await);
    screenshots(&browser, "join-done").await;

    // The dial-out choice fills in the kits' --connect lines.
    browser.open(&server.url("/join")).await;
    browser.send_keys("#name", "dialler").await;
    browser.click("input[name=mode][value=connect]").await;
    assert!(!displayed(&browser, "#url-label").await);
    browser.click("#register").await;
    let dial_token = until(PATIENCE, "no token for the dial-out bot", async || {
        Some(browser.text("#token").await).filter(|t| !t.is_empty())
    })
    .await;
    let python = browser.text("#run-python").await;
    let js = browser.text("#run-js").await;
    let origin = server.url("");
    for (run, program) in [(&python, "python3 bot.py"), (&js, "node bot.js")] {
        assert!(
            run.contains(&format!("{program} --connect {origin} --bot-id ")),
            "{run}"
        );
        assert!(run.ends_with(&format!("--token {dial_token}")), "{run}");
        assert!(!run.contains("CARDARENA_SECRET"), "{run}");
    }
    screenshots(&browser, "join-dial").await;

    // My bots: both, with their status; the kit's bot becomes active when its ping passes.
    browser.open(&server.url("/me")).await;
    browser.wait_refreshed("#bots").await;
    assert_eq!(browser.count("article.my-bot").await, 2);
    until(PATIENCE, "the bot is not active on /me", async || {
        (card_attr(&browser, &id, "data-status").await.as_deref() == Some("active")).then_some(())
    })
    .await;
    let card = format!("article[data-bot-id=\"{id}\"]");
    assert!(
        browser
            .text(&format!("{card} dd.fact-status"))
            .await
            .starts_with("active"),
        "status in words"
    );

    // Practice from /me: two matches against the first house bot, then rated by the ladder.
    browser
        .script(&format!(
            "document.querySelector('{card} input[name=matches]').value = '2';"
        ))
        .await;
    browser
        .click(&format!("{card} form.my-practice button"))
        .await;
    let queued = until(PATIENCE, "practice was not queued", async || {
        let text = browser.text(&format!("{card} .message")).await;
        text.contains("practice matches queued").then_some(text)
    })
    .await;
    assert!(queued.starts_with("2 practice matches queued"), "{queued}");
    let match_ids: Vec<String> = browser
        .attrs(&format!("{card} .message a"), "href")
        .await
        .into_iter()
        .map(|href| href.trim_start_matches("/matches/").to_string())
        .collect();
    assert_eq!(match_ids.len(), 2);
    for match_id in &match_ids {
        let played = server.finished_match(match_id).await;
        assert_eq!(played["kind"], "practice");
        assert!(
            played["seats"]
                .as_array()
                .unwrap()
                .iter()
                .any(|s| s["bot_id"] == json!(id))
        );
        assert!(
            played["seats"]
                .as_array()
                .unwrap()
                .iter()
                .all(|s| s["fault"].is_null()),
            "{played}"
        );
    }
    until(PATIENCE, "no rating on /me", async || {
        (card_attr(&browser, &id, "data-rated").await.as_deref() == Some("1")).then_some(())
    })
    .await;
    let rating = browser.text(&format!("{card} dd.fact-rating")).await;
    assert!(
        rating
            .split_whitespace()
            .next()
            .is_some_and(|r| r.parse::<f64>().is_ok()),
        "{rating}"
    );
    let rank = until(PATIENCE, "no rank on /me", async || {
        let text = browser.text(&format!("{card} dd.fact-rank")).await;
        text.contains("on the durak leaderboard").then_some(text)
    })
    .await;
    assert!(rank.contains(" of "), "{rank}");
    screenshots(&browser, "me-rated").await;

    // Pause and resume.
    browser.click(&format!("{card} button.my-pause")).await;
    until(PATIENCE, "not paused by its owner", async || {
        (card_attr(&browser, &id, "data-reason").await.as_deref() == Some("owner")).then_some(())
    })
    .await;
    let (_, shown) = server.get(&format!("/api/bots/{id}")).await;
    assert_eq!(
        (shown["status"].as_str(), shown["status_reason"].as_str()),
        (Some("paused"), Some("owner"))
    );
    assert_eq!(
        browser.text(&format!("{card} button.my-pause")).await,
        "Resume"
    );
    screenshots(&browser, "me-paused").await;
    browser.click(&format!("{card} button.my-pause")).await;
    until(PATIENCE, "not active again after resume", async || {
        (card_attr(&browser, &id, "data-status").await.as_deref() == Some("active")).then_some(())
    })
    .await;
    assert_eq!(
        browser.text(&format!("{card} button.my-pause")).await,
        "Pause"
    );

    // A refused action is shown in words: a URL that is not one.
    browser
        .send_keys(&format!("{card} form.my-url input"), "ftp://nowhere")
        .await;
    browser.click(&format!("{card} form.my-url button")).await;
    let refused = until(PATIENCE, "no refusal shown", async || {
        let text = browser.text(&format!("{card} .message")).await;
        text.starts_with("URL not changed: ").then_some(text)
    })
    .await;
    assert!(!refused.contains('{'), "{refused}");
    assert!(
        browser
            .attr(&format!("{card} .message"), "class")
            .await
            .unwrap()
            .contains("error")
    );

    // A new version with a note.
    browser
        .send_keys(&format!("{card} form.my-version input"), "deeper search")
        .await;
    browser
        .click(&format!("{card} form.my-version button"))
        .await;
    until(PATIENCE, "no new version", async || {
        let text = browser.text(&format!("{card} .message")).await;
        text.starts_with("Version 2 started").then_some(())
    })
    .await;
    let (_, shown) = server.get(&format!("/api/bots/{id}")).await;
    assert_eq!(shown["version"], 2);
    assert_eq!(shown["versions"][1]["note"], "deeper search");

    // Delete, confirmed: gone from the API and from the page and the browser's keeping.
    browser.click(&format!("{card} button.my-delete")).await;
    browser
        .client()
        .accept_alert()
        .await
        .expect("the confirmation");
    until(PATIENCE, "the card stays after delete", async || {
        (browser.count(&card).await == 0).then_some(())
    })
    .await;
    let (status, _) = server.get(&format!("/api/bots/{id}")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let kept = browser
        .script("return localStorage.getItem('cardarena.my-bots');")
        .await;
    assert!(!kept.as_str().unwrap().contains(&id), "{kept}");
    screenshots(&browser, "me-after-delete").await;

    browser.close().await;
    drop(kit);
}

#[tokio::test]
async fn a_ping_refused_with_401_says_on_the_bot_page_to_pass_the_secret() {
    let db = TempDb::new();
    let logs = TempDir::new();
    let server = Server::start(config(&db)).await;
    let (_wrong, wrong_addr) =
        KitProcess::serve(Script::Python, Some("not-the-secret"), &logs.0).await;
    let (_open, open_addr) = KitProcess::serve(Script::Python, None, &logs.0).await;
    let wrong = server
        .register("wrong-secret", &format!("http://{wrong_addr}/"))
        .await;
    let open = server
        .register("no-secret", &format!("http://{open_addr}/"))
        .await;
    let wrong_id = wrong["id"].as_str().unwrap();
    let open_id = open["id"].as_str().unwrap();
    until(PATIENCE, "the ping was not refused", async || {
        let (_, bot) = server.get(&format!("/api/bots/{wrong_id}")).await;
        bot["status_detail"]
            .as_str()
            .filter(|d| d.contains("401"))
            .map(str::to_string)
    })
    .await;
    until(PATIENCE, "the open bot is not active", async || {
        let (_, bot) = server.get(&format!("/api/bots/{open_id}")).await;
        (bot["status"] == "active").then_some(())
    })
    .await;
    let page = server.page(&format!("/bots/{wrong_id}")).await;
    assert!(page.contains("class=\"wrong-secret\""), "{page}");
    assert!(
        page.contains("refused the server's ping with 401"),
        "{page}"
    );
    assert!(page.contains("CARDARENA_SECRET=&lt;the secret&gt; python3 bot.py"));
    assert!(page.contains("CARDARENA_SECRET=&lt;the secret&gt; node bot.js"));
    let page = server.page(&format!("/bots/{open_id}")).await;
    assert!(
        !page.contains("wrong-secret"),
        "an answering bot is told nothing"
    );
}
