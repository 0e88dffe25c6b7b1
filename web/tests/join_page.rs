//! `/join` and `/me` in headless Chromium against the real server on loopback: a person
//! registers a bot through the form, pointing at the Python kit running as a process in HTTP
//! mode, sees the token, the secret, the lines of the kit's settings file and both kits'
//! commands once (no secret or token on a command line: the kit started as the page says reads
//! them from the file), registers a dial-out bot and starts the kit as the page says, finds the
//! bots on "My bots", starts practice there, sees it rated and ranked, pauses and resumes it, and
//! deletes it. And a bot whose ping is refused with 401 has a page that says it is not using the
//! secret registration gave, and where the kits take it. Screenshots at 1280 px and at 390 × 844
//! go to `target/test-artefacts/join/`.

use crate::support;
use cardarena_testkit::kits;

use cardarena_testkit::chromium;

use std::path::Path;
use std::time::Duration;

use chromium::{Browser, WINDOW, artefacts};
use kits::{KitProcess, Script, Secret, TempDir, settings_file};
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

/// The text of the element with id `id` as written, line breaks kept.
async fn raw_text(browser: &Browser, id: &str) -> String {
    let script = format!("return document.getElementById({}).textContent;", json!(id));
    let text = browser.script(&script).await;
    text.as_str().expect("an element's text").to_string()
}

/// Fails if a command the page suggests puts a secret or a token on its command line: each line
/// of every `pre` and `code` but the settings file's lines (`pre.settings`) and the shown
/// values themselves (`dl.secrets`) must hold none of `secrets`, no `CARDARENA_SECRET=` or
/// `CARDARENA_TOKEN=` and no `--token`.
async fn no_secret_on_a_command_line(browser: &Browser, secrets: &[&str]) {
    let texts = browser
        .script(
            "return Array.from(document.querySelectorAll('pre, code'))
               .filter((e) => !e.closest('pre.settings, dl.secrets'))
               .map((e) => e.textContent);",
        )
        .await;
    let lines: Vec<&str> = (texts.as_array().expect("texts").iter())
        .flat_map(|t| t.as_str().unwrap_or_default().lines())
        .collect();
    for line in lines {
        for forbidden in ["CARDARENA_SECRET=", "CARDARENA_TOKEN=", "--token"] {
            assert!(
                !line.contains(forbidden),
                "{forbidden} on a command line: {line}"
            );
        }
        for secret in secrets {
            assert!(!line.contains(secret), "a secret on a command line: {line}");
        }
    }
}

/// Starts the kit as the page's Python command says: the page's settings file, readable by its
/// owner alone, in a folder of its own (the command's `cd`), and the command's environment and
/// arguments, but `PORT` 0 so that it never takes a port in use.
fn follow_the_page(command: &str, file: &str, logs: &Path) -> KitProcess {
    let mut lines = command.lines();
    assert_eq!(lines.next(), Some("cd ~/my-bot"), "{command}");
    let words: Vec<&str> = lines.next().expect("a command").split(' ').collect();
    assert_eq!(lines.next(), None, "{command}");
    let at = (words.iter().position(|w| *w == "python3"))
        .unwrap_or_else(|| panic!("no python3 in {command}"));
    assert_eq!(words.get(at + 1), Some(&"bot.py"), "{command}");
    let env: Vec<(&str, &str)> = (words[..at].iter())
        .map(|w| w.split_once('=').expect("NAME=value"))
        .map(|(name, value)| (name, if name == "PORT" { "0" } else { value }))
        .collect();
    let dir = logs.join(format!("my-bot-{}", uuid::Uuid::new_v4()));
    std::fs::create_dir_all(&dir).unwrap();
    let settings: Vec<(&str, &str)> = (file.lines())
        .map(|l| l.split_once('=').expect("NAME=value"))
        .collect();
    settings_file(&dir, &settings, 0o600);
    KitProcess::start_in(Script::Python, &words[at + 2..], &env, Some(&dir), logs)
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
    let (kit, addr) = KitProcess::serve(Script::Python, Secret::Unset, &logs.0).await;
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
    // The secret goes to the kit's settings file, never on a command line.
    assert_eq!(
        raw_text(&browser, "run-file").await,
        format!("CARDARENA_SECRET={secret}")
    );
    let python = raw_text(&browser, "run-python").await;
    let js = raw_text(&browser, "run-js").await;
    let port = format!("PORT={}", addr.port());
    for (run, program) in [(&python, "python3 bot.py"), (&js, "node bot.js")] {
        assert_eq!(
            run,
            &format!("cd ~/my-bot\n{port} {program}"),
            "a loopback URL needs no HOST"
        );
    }
    no_secret_on_a_command_line(&browser, &[&secret, &token]).await;
    // The kit started as the page says checks the signatures with that secret.
    let mut followed = follow_the_page(&python, &raw_text(&browser, "run-file").await, &logs.0);
    let listening = followed
        .line(PATIENCE, |line| line.starts_with("listening on http://"))
        .await;
    let followed_url = listening.trim_start_matches("listening on ");
    let ping = br#"{"protocol": 1, "type": "ping", "bot_id": "b", "nonce": "00ff"}"#;
    for (key, status) in [(secret.as_str(), 200), ("not-the-secret", 401)] {
        let answer = reqwest::Client::new()
            .post(followed_url)
            .header("content-type", "application/json")
            .header(
                "x-cardarena-signature",
                cardarena_bots::http::sign(key.as_bytes(), ping),
            )
            .body(&ping[..])
            .send()
            .await
            .unwrap();
        assert_eq!(answer.status().as_u16(), status, "{}", followed.output());
    }
    drop(followed);
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

    // The dial-out choice: the token alone up front (the secret folded away, for a URL later),
    // the server, the id and the token in the settings file, and the kits' `--connect`.
    browser.open(&server.url("/join")).await;
    browser.send_keys("#name", "dialler").await;
    browser.click("input[name=mode][value=connect]").await;
    assert!(!displayed(&browser, "#url-label").await);
    browser.click("#register").await;
    let dial_token = until(PATIENCE, "no token for the dial-out bot", async || {
        Some(browser.text("#token").await).filter(|t| !t.is_empty())
    })
    .await;
    let dial_secret = raw_text(&browser, "secret").await;
    assert_eq!(
        browser.text("#once").await,
        "Copy the token now: it is shown this once."
    );
    assert!(displayed(&browser, "#secret-later").await);
    assert_eq!(
        browser
            .script("return document.getElementById('secret-later').open;")
            .await,
        json!(false),
        "the secret is folded away"
    );
    let note = browser.text("#run-note").await;
    assert!(note.starts_with("Your bot dials out"), "{note}");
    assert!(!note.contains("secret"), "{note}");
    let (_, dial_bots) = server.get("/api/bots?game=durak").await;
    let dial_id = (dial_bots["bots"].as_array().unwrap().iter())
        .find(|b| b["name"] == "dialler")
        .expect("the dial-out bot is registered")["id"]
        .as_str()
        .unwrap()
        .to_string();
    let file = raw_text(&browser, "run-file").await;
    assert_eq!(
        file,
        format!(
            "CARDARENA_SERVER={}\nCARDARENA_BOT_ID={dial_id}\nCARDARENA_TOKEN={dial_token}",
            server.url("")
        )
    );
    let python = raw_text(&browser, "run-python").await;
    assert_eq!(python, "cd ~/my-bot\npython3 bot.py --connect");
    assert_eq!(
        raw_text(&browser, "run-js").await,
        "cd ~/my-bot\nnode bot.js --connect"
    );
    no_secret_on_a_command_line(&browser, &[&dial_token, &dial_secret]).await;
    screenshots(&browser, "join-dial").await;
    // Started as the page says, the kit connects and the server finds the bot active.
    let dialler = follow_the_page(&python, &file, &logs.0);
    until(PATIENCE, "the dial-out bot is not active", async || {
        let (_, bot) = server.get(&format!("/api/bots/{dial_id}")).await;
        (bot["status"] == "active").then_some(())
    })
    .await;

    // My bots: both, with their status; the kit's bot becomes active when its ping passes.
    browser.open(&server.url("/me")).await;
    browser.wait_refreshed("#bots").await;
    assert_eq!(browser.count("article.my-bot").await, 2);
    no_secret_on_a_command_line(&browser, &[&token, &dial_token]).await;
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
    drop((kit, dialler));
}

#[tokio::test]
async fn a_ping_refused_with_401_says_on_the_bot_page_to_pass_the_secret() {
    let db = TempDb::new();
    let logs = TempDir::new();
    let server = Server::start(config(&db)).await;
    let (_wrong, wrong_addr) =
        KitProcess::serve(Script::Python, Secret::File("not-the-secret"), &logs.0).await;
    let (_open, open_addr) = KitProcess::serve(Script::Python, Secret::Unset, &logs.0).await;
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
    // The sentence is a message with its code spans placed in it, escaped as askama escapes
    // (&#39;, &#60;): read back to the usual entities.
    let page = server
        .page(&format!("/bots/{wrong_id}"))
        .await
        .replace("&#39;", "'")
        .replace("&#60;", "&lt;")
        .replace("&#62;", "&gt;");
    assert!(page.contains("class=\"wrong-secret\""), "{page}");
    assert!(
        page.contains("refused the server's ping with 401"),
        "{page}"
    );
    assert!(page.contains("<code>.cardarena</code>"), "{page}");
    assert!(
        page.contains("<code>CARDARENA_SECRET=&lt;the secret&gt;</code>"),
        "{page}"
    );
    assert!(
        !page.contains("python3 bot.py"),
        "no secret before a command: {page}"
    );
    let page = server.page(&format!("/bots/{open_id}")).await;
    assert!(
        !page.contains("wrong-secret"),
        "an answering bot is told nothing"
    );
}
