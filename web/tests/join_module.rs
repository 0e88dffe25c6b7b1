//! A module bot from the browser, in headless Chromium against the real server on loopback: a
//! person registers it on `/join` with a `.wasm` file (the sandbox's C test bot built by clang),
//! is told the server runs it, finds it on "My bots" with its module, sees a file that is no
//! module refused in words, and uploads a new module as version 2. Screenshots at 1280 px and at
//! 390 × 844 go to `target/test-artefacts/join-module/`.

use crate::support;

use std::path::{Path, PathBuf};
use std::time::Duration;

use cardarena_testkit::chromium::{Browser, WINDOW, artefacts};
use reqwest::StatusCode;
use serde_json::Value;
use support::{Server, TempDb, config, test_bot_module, until};

/// A phone's viewport.
const PHONE: (u32, u32) = (390, 844);

/// How long the server and the page may take.
const PATIENCE: Duration = Duration::from_secs(60);

/// The sandbox's C test bot built with `defines`, written as a component to `name` in `dir`.
fn module_file(dir: &Path, name: &str, defines: &[&str]) -> PathBuf {
    let out = dir.join(format!("{name}.wasm"));
    std::fs::write(&out, test_bot_module(name, defines)).unwrap();
    out
}

/// Screenshots at 1280 px and on a phone, named `stem`; the phone's page is no wider than it.
async fn screenshots(browser: &Browser, stem: &str) {
    let folder = artefacts("join-module");
    browser.resize((WINDOW.0, 900)).await;
    browser
        .screenshot(&folder.join(format!("{stem}-1280.png")))
        .await;
    browser.resize(PHONE).await;
    browser
        .screenshot(&folder.join(format!("{stem}-390.png")))
        .await;
    let overflow = browser
        .script("return document.documentElement.scrollWidth - window.innerWidth;")
        .await;
    assert!(
        overflow.as_i64().is_some_and(|o| o <= 0),
        "{stem}: wider than the phone by {overflow} px"
    );
    browser.resize((WINDOW.0, 900)).await;
}

#[tokio::test]
async fn a_person_uploads_a_module_bot_from_the_browser() {
    let db = TempDb::new();
    let server = Server::start(config(&db)).await;
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("join-module-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let first = module_file(&dir, "first", &[]);
    let second = module_file(&dir, "second", &["TRAP"]);
    let junk = dir.join("junk.wasm");
    std::fs::write(&junk, b"this is no module").unwrap();
    let browser = Browser::start().await;

    // /join: the module choice asks for a file, and the page says the server runs it.
    browser.open(&server.url("/join")).await;
    browser.send_keys("#name", "wasmy").await;
    browser.select("#game", "prsi").await;
    browser.click("input[name=mode][value=module]").await;
    browser.click("#register").await;
    let asked = until(PATIENCE, "no word about the missing file", async || {
        Some(browser.text("#join-error").await).filter(|t| !t.is_empty())
    })
    .await;
    assert!(asked.contains(".wasm file"), "{asked}");
    browser.send_keys("#module", first.to_str().unwrap()).await;
    screenshots(&browser, "join-form").await;
    browser.click("#register").await;
    let note = until(PATIENCE, "no word about the module", async || {
        Some(browser.text("#run-note").await).filter(|t| !t.is_empty())
    })
    .await;
    assert!(
        note.starts_with("The server runs your module (version 1)"),
        "{note}"
    );
    screenshots(&browser, "join-done").await;
    let (status, bots) = server.get("/api/bots?game=prsi").await;
    assert_eq!(status, StatusCode::OK);
    let bot: Value = (bots["bots"].as_array().unwrap().iter())
        .find(|b| b["name"] == "wasmy")
        .expect("registered")
        .clone();
    assert_eq!(bot["kind"], "module");
    let id = bot["id"].as_str().unwrap().to_string();
    let hash = bot["module"].as_str().expect("its module").to_string();

    // My bots: its module, a refusal in words, then version 2.
    browser.open(&server.url("/me")).await;
    browser.wait_refreshed("#bots").await;
    let card = format!("article[data-bot-id=\"{id}\"]");
    let program = browser.text(&format!("{card} dd.fact-program")).await;
    assert!(program.contains(&hash[..12]), "{program}");
    let url_form = browser
        .script(&format!(
            "return document.querySelector('{card} form.my-url').hidden;"
        ))
        .await;
    assert_eq!(
        url_form,
        Value::Bool(true),
        "a module bot has no URL to change"
    );
    let upload = format!("{card} form.my-module");
    browser
        .send_keys(
            &format!("{upload} input[type=file]"),
            junk.to_str().unwrap(),
        )
        .await;
    browser.click(&format!("{upload} button")).await;
    let refused = until(PATIENCE, "no word on the refused file", async || {
        let text = browser.text(&format!("{card} .message")).await;
        text.starts_with("Module not taken").then_some(text)
    })
    .await;
    assert!(refused.contains("not valid WebAssembly"), "{refused}");
    assert!(!refused.contains("bad_module"), "{refused}");
    screenshots(&browser, "me-refused").await;
    browser
        .send_keys(
            &format!("{upload} input[type=file]"),
            second.to_str().unwrap(),
        )
        .await;
    browser.click(&format!("{upload} button")).await;
    let taken = until(PATIENCE, "the second module was not taken", async || {
        let text = browser.text(&format!("{card} .message")).await;
        text.starts_with("Version 2").then_some(text)
    })
    .await;
    assert!(taken.contains("runs this module"), "{taken}");
    let (_, shown) = server.get(&format!("/api/bots/{id}")).await;
    assert_eq!(shown["version"], 2, "{shown}");
    assert_ne!(shown["module"], hash.as_str());
    screenshots(&browser, "me-version-2").await;
    browser.close().await;
}
