//! Headless Chromium for the pages' browser tests, driven through WebDriver: chromedriver started
//! on a free loopback port, one Chromium session in a fresh profile, and the live DOM read
//! element by element (CSS selectors, texts, attributes) with the `fantoccini` client. A machine
//! without Chromium or chromedriver fails the tests with the command that installs them: browser
//! tests never skip silently.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use fantoccini::error::CmdError;
use fantoccini::{Client, ClientBuilder, Locator};
use hyper_util::client::legacy::connect::HttpConnector;
use serde_json::{Value, json};

mod driver;
mod programs;

use driver::Driver;
use programs::INSTALL;
pub use programs::{binary, chromedriver};

/// Where a test file's screenshots go: `target/test-artefacts/<folder>/`, created if need be.
/// The target folder is read off the running test binary's path (`<target>/debug/deps/<test>`),
/// so every crate's tests write under the same one.
pub fn artefacts(folder: &str) -> PathBuf {
    let binary = std::env::current_exe().expect("the test binary's path");
    let target = binary
        .ancestors()
        .nth(3)
        .expect("the target directory")
        .to_path_buf();
    let dir = target.join("test-artefacts").join(folder);
    std::fs::create_dir_all(&dir).expect("the artefact folder");
    dir
}

/// The browser's viewport, in px (the screenshots' size unless a test resizes it).
pub const WINDOW: (u32, u32) = (1280, 1600);

/// How long chromedriver may take to listen, and Chromium to start a session.
const START_TIMEOUT: Duration = Duration::from_secs(60);

/// How many times a browser is started before a failure to reach chromedriver stands.
const START_ATTEMPTS: u32 = 3;

/// How long a page may take to load (WebDriver's page load timeout).
const PAGE_LOAD_TIMEOUT: Duration = Duration::from_secs(30);

/// How long a page's script may take to redraw it from the API (its timers fire every 2 s).
const REFRESH_TIMEOUT: Duration = Duration::from_secs(30);

/// How often a condition on the page is polled.
const POLL: Duration = Duration::from_millis(100);

/// How many times a read is retried when a live redraw replaced the elements under it.
const STALE_RETRIES: usize = 50;

/// A headless Chromium session through chromedriver, its viewport [`WINDOW`] px.
pub struct Browser {
    client: Client,
    driver: Driver,
}

impl Browser {
    /// Starts chromedriver and a headless Chromium session in a fresh profile, its viewport
    /// [`WINDOW`] px.
    pub async fn start() -> Browser {
        // The driver's port is picked free and then handed to it, so another process may take
        // it in between (seen once under load: the session request found nobody listening).
        // Such a start is made again on a new port; any other failure stands.
        let mut attempt = 1;
        loop {
            match Browser::start_once().await {
                Ok(browser) => return browser,
                Err(why) if attempt < START_ATTEMPTS => {
                    eprintln!("chromedriver start {attempt} failed, trying again: {why}");
                    attempt += 1;
                }
                Err(why) => panic!("{why}"),
            }
        }
    }

    async fn start_once() -> Result<Browser, String> {
        let chromium = binary();
        let mut driver = Driver::start();
        let profile = driver.dir.join("profile");
        let capabilities = json!({
            "browserName": "chrome",
            "timeouts": {
                "pageLoad": PAGE_LOAD_TIMEOUT.as_millis() as u64,
                "script": PAGE_LOAD_TIMEOUT.as_millis() as u64,
                "implicit": 0,
            },
            // The console's messages, which `cdp::console_errors` reads.
            "goog:loggingPrefs": {"browser": "ALL"},
            "goog:chromeOptions": {
                "binary": chromium.display().to_string(),
                "args": [
                    "--headless=new",
                    "--no-sandbox",
                    "--disable-gpu",
                    "--disable-dev-shm-usage",
                    "--disable-background-networking",
                    "--disable-component-update",
                    "--disable-sync",
                    "--no-first-run",
                    // As the screenshots were taken before: the page without scroll bars.
                    "--hide-scrollbars",
                    format!("--window-size={},{}", WINDOW.0, WINDOW.1),
                    format!("--user-data-dir={}", profile.display()),
                ],
            },
        });
        let Value::Object(capabilities) = capabilities else {
            unreachable!("the capabilities are an object")
        };
        let url = format!("http://127.0.0.1:{}", driver.port);
        let mut builder = ClientBuilder::new(HttpConnector::new());
        builder.capabilities(capabilities);
        let connect = builder.connect(&url);
        let client = match tokio::time::timeout(START_TIMEOUT, connect).await {
            Ok(Ok(client)) => client,
            Ok(Err(e)) => {
                return Err(format!(
                    "chromedriver could not start {} (install both with `{INSTALL}`): {e}\n{}",
                    chromium.display(),
                    driver.log()
                ));
            }
            Err(_) => panic!(
                "no Chromium session after {START_TIMEOUT:?}:\n{}",
                driver.log()
            ),
        };
        driver.session = client.session_id().await.expect("the session's id");
        assert!(driver.session.is_some(), "chromedriver gave no session id");
        let browser = Browser { client, driver };
        // The window's frame takes some of `--window-size` from the viewport.
        browser.resize(WINDOW).await;
        Ok(browser)
    }

    /// The WebDriver client, for what the helpers below do not cover.
    pub fn client(&self) -> &Client {
        &self.client
    }

    /// Loads `url` and waits until it has loaded (its deferred scripts run).
    pub async fn open(&self, url: &str) {
        // The document before is marked, so that the new one is known by the mark's absence:
        // under load chromedriver has been seen to answer before the new page was there.
        let _ = self
            .client
            .execute("window.__testkitBefore = true;", Vec::new())
            .await;
        self.client
            .goto(url)
            .await
            .unwrap_or_else(|e| panic!("Chromium could not load {url}: {e}"));
        let start = Instant::now();
        loop {
            let state = self
                .client
                .execute(
                    "return window.__testkitBefore === true ? 'before' : document.readyState;",
                    Vec::new(),
                )
                .await;
            if state.is_ok_and(|s| s == "complete") {
                return;
            }
            assert!(
                start.elapsed() < PAGE_LOAD_TIMEOUT,
                "{url} was not loaded after {PAGE_LOAD_TIMEOUT:?}"
            );
            tokio::time::sleep(POLL / 2).await;
        }
    }

    /// Waits until every element matching `css` (at least one) has a `data-refreshed` of at
    /// least 1, i.e. the page's script redrew it from the API at least once; returns the
    /// smallest count. Panics after [`REFRESH_TIMEOUT`].
    pub async fn wait_refreshed(&self, css: &str) -> u32 {
        let start = Instant::now();
        loop {
            let counts = self
                .settled(css, async || {
                    let mut counts = Vec::new();
                    for el in self.client.find_all(Locator::Css(css)).await? {
                        counts.push(el.attr("data-refreshed").await?);
                    }
                    Ok(counts)
                })
                .await;
            let parsed: Vec<u32> = counts
                .iter()
                .map(|count| {
                    let count = count.as_deref().unwrap_or_else(|| {
                        panic!("{css} has no data-refreshed attribute: {counts:?}")
                    });
                    count
                        .parse()
                        .unwrap_or_else(|_| panic!("{css} has data-refreshed {count:?}"))
                })
                .collect();
            // None found is waited out too: a page's script may be putting its element back
            // (redrawn) at the moment it is looked for.
            let least = parsed.iter().copied().min();
            if let Some(least) = least.filter(|&least| least >= 1) {
                return least;
            }
            assert!(
                start.elapsed() < REFRESH_TIMEOUT,
                "{css} never refreshed itself in {REFRESH_TIMEOUT:?} (data-refreshed {parsed:?}; \
                 none means no {css} on the page)"
            );
            tokio::time::sleep(POLL).await;
        }
    }

    /// The text of the first element matching `css` as the page shows it, white space
    /// collapsed. Panics if there is none.
    pub async fn text(&self, css: &str) -> String {
        self.settled(css, async || {
            Ok(collapse(
                &self.client.find(Locator::Css(css)).await?.text().await?,
            ))
        })
        .await
    }

    /// The texts of every element matching `css`, in document order, white space collapsed.
    pub async fn texts(&self, css: &str) -> Vec<String> {
        self.settled(css, async || {
            let mut texts = Vec::new();
            for el in self.client.find_all(Locator::Css(css)).await? {
                texts.push(collapse(&el.text().await?));
            }
            Ok(texts)
        })
        .await
    }

    /// The attribute `name` of the first element matching `css` (`None` if it has none).
    /// Panics if there is no such element.
    pub async fn attr(&self, css: &str, name: &str) -> Option<String> {
        self.settled(css, async || {
            self.client.find(Locator::Css(css)).await?.attr(name).await
        })
        .await
    }

    /// The attribute `name` of the first element matching `css`, `None` if there is no such
    /// element (yet: a page's script may be redrawing it) or it has no such attribute.
    pub async fn attr_if_any(&self, css: &str, name: &str) -> Option<String> {
        self.settled(css, async || {
            match self.client.find_all(Locator::Css(css)).await?.first() {
                Some(el) => el.attr(name).await,
                None => Ok(None),
            }
        })
        .await
    }

    /// How many elements match `css`.
    pub async fn count(&self, css: &str) -> usize {
        self.settled(css, async || {
            Ok(self.client.find_all(Locator::Css(css)).await?.len())
        })
        .await
    }

    /// The links matching `css` (a selector of `a` elements), in document order.
    pub async fn links(&self, css: &str) -> Vec<Link> {
        self.settled(css, async || {
            let mut links = Vec::new();
            for a in self.client.find_all(Locator::Css(css)).await? {
                links.push(Link {
                    href: a.attr("href").await?.unwrap_or_default(),
                    text: collapse(&a.text().await?),
                    html: a.html(true).await?,
                });
            }
            Ok(links)
        })
        .await
    }

    /// The rows of the first table matching `css`, header first, each as the texts of its
    /// cells (`th` and `td`). Panics if there is no such table.
    pub async fn table(&self, css: &str) -> Vec<Vec<String>> {
        self.settled(css, async || {
            let table = self.client.find(Locator::Css(css)).await?;
            let mut rows = Vec::new();
            for tr in table.find_all(Locator::Css("tr")).await? {
                let mut cells = Vec::new();
                for cell in tr.find_all(Locator::Css("th, td")).await? {
                    cells.push(collapse(&cell.text().await?));
                }
                rows.push(cells);
            }
            Ok(rows)
        })
        .await
    }

    /// The page's DOM as it is now, serialised.
    pub async fn source(&self) -> String {
        self.client.source().await.expect("the page's source")
    }

    /// Resizes the window so that the page's viewport (what a screenshot shows) is `width` ×
    /// `height` px: the window is sized, then grown by what its frame takes from the viewport.
    pub async fn resize(&self, (width, height): (u32, u32)) {
        let set = async |w: u32, h: u32| {
            self.client
                .set_window_size(w, h)
                .await
                .unwrap_or_else(|e| panic!("Chromium's window not resized to {w} × {h}: {e}"));
        };
        set(width, height).await;
        let inner = self
            .client
            .execute("return [window.innerWidth, window.innerHeight];", vec![])
            .await
            .expect("the viewport's size");
        let side = |i: usize| {
            inner[i]
                .as_u64()
                .and_then(|v| u32::try_from(v).ok())
                .unwrap_or_else(|| panic!("the viewport's size is {inner}"))
        };
        let (inner_width, inner_height) = (side(0), side(1));
        if (inner_width, inner_height) != (width, height) {
            set(
                width + width.saturating_sub(inner_width),
                height + height.saturating_sub(inner_height),
            )
            .await;
        }
    }

    /// Saves what the window shows now as a PNG at `path`; returns the image's size as the PNG
    /// header gives it. Panics if WebDriver gives no PNG.
    pub async fn screenshot(&self, path: &Path) -> (u32, u32) {
        let png = self
            .client
            .screenshot()
            .await
            .unwrap_or_else(|e| panic!("no screenshot for {}: {e}", path.display()));
        assert!(
            png.len() > 24 && png.starts_with(b"\x89PNG\r\n\x1a\n") && &png[12..16] == b"IHDR",
            "the screenshot for {} is not a PNG",
            path.display()
        );
        std::fs::write(path, &png).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let be = |at: usize| u32::from_be_bytes([png[at], png[at + 1], png[at + 2], png[at + 3]]);
        (be(16), be(20))
    }

    /// Ends the session (Chromium quits) and stops chromedriver.
    pub async fn close(mut self) {
        self.client.close().await.expect("the browser session ends");
        self.driver.session = None;
    }

    /// Runs `read` until no element it used was replaced under it by the page's script
    /// (WebDriver's stale element reference); panics on any other WebDriver error, naming `css`.
    async fn settled<T>(&self, css: &str, mut read: impl AsyncFnMut() -> Result<T, CmdError>) -> T {
        for _ in 0..STALE_RETRIES {
            match read().await {
                Ok(value) => return value,
                Err(e) if e.is_stale_element_reference() => tokio::time::sleep(POLL / 10).await,
                Err(e) => panic!("WebDriver could not read {css}: {e}"),
            }
        }
        panic!("{css} kept being replaced while it was read")
    }
}

/// A link as the page shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct Link {
    /// Its `href` attribute, as written.
    pub href: String,
    /// Its text, white space collapsed.
    pub text: String,
    /// Its content as HTML (`innerHTML`).
    pub html: String,
}

/// `text` with runs of white space as single spaces, trimmed.
pub fn collapse(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Page actions and whole-page reads for the match page's tests.
impl Browser {
    /// Clicks the first element matching `css`. Panics if there is none.
    pub async fn click(&self, css: &str) {
        self.settled(css, async || {
            self.client.find(Locator::Css(css)).await?.click().await
        })
        .await
    }

    /// Types `keys` (WebDriver key codes allowed, see `fantoccini::key::Key`) into the first
    /// element matching `css`.
    pub async fn send_keys(&self, css: &str, keys: &str) {
        self.settled(css, async || {
            self.client
                .find(Locator::Css(css))
                .await?
                .send_keys(keys)
                .await
        })
        .await
    }

    /// Chooses the option of value `value` in the `select` matching `css`.
    pub async fn select(&self, css: &str, value: &str) {
        self.settled(css, async || {
            self.client
                .find(Locator::Css(css))
                .await?
                .select_by_value(value)
                .await
        })
        .await
    }

    /// Runs `script` (a function body: `return …`) in the page and gives its value.
    pub async fn script(&self, script: &str) -> Value {
        self.client
            .execute(script, vec![])
            .await
            .unwrap_or_else(|e| panic!("the script failed: {e}\n{script}"))
    }

    /// The attribute `name` of every element matching `css`, in document order, read in one
    /// go (so a redraw cannot land between two reads).
    pub async fn attrs(&self, css: &str, name: &str) -> Vec<String> {
        let script = format!(
            "return Array.from(document.querySelectorAll({}), e => e.getAttribute({}));",
            json!(css),
            json!(name)
        );
        let values = self.script(&script).await;
        values
            .as_array()
            .unwrap_or_else(|| panic!("{css}: {values}"))
            .iter()
            .map(|v| v.as_str().unwrap_or_default().to_string())
            .collect()
    }

    /// Waits until the first element matching `css` has the attribute `name` equal to `value`.
    /// Panics after [`REFRESH_TIMEOUT`], saying what it had.
    pub async fn wait_attr(&self, css: &str, name: &str, value: &str) {
        let start = Instant::now();
        let script = format!(
            "const e = document.querySelector({}); return e && e.getAttribute({});",
            json!(css),
            json!(name)
        );
        loop {
            let got = self.script(&script).await;
            if got.as_str() == Some(value) {
                return;
            }
            assert!(
                start.elapsed() < REFRESH_TIMEOUT,
                "{css} has {name}={got} after {REFRESH_TIMEOUT:?}, not {value:?}"
            );
            tokio::time::sleep(POLL).await;
        }
    }
}

/// An element's box as `getBoundingClientRect` gives it, in CSS px from the window's top left.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rect {
    /// Its left edge.
    pub left: f64,
    /// Its top edge.
    pub top: f64,
    /// Its right edge.
    pub right: f64,
    /// Its bottom edge.
    pub bottom: f64,
}

impl Rect {
    /// Whether the box lies wholly inside a window of `width` × `height` px (half a pixel of
    /// rounding allowed).
    pub fn inside(&self, (width, height): (u32, u32)) -> bool {
        self.left >= -0.5
            && self.top >= -0.5
            && self.right <= f64::from(width) + 0.5
            && self.bottom <= f64::from(height) + 0.5
    }
}

/// Layout reads for the pages' layout tests.
impl Browser {
    /// The boxes of every element matching `css` that is rendered (has a box), in document
    /// order, read in one go.
    pub async fn rects(&self, css: &str) -> Vec<Rect> {
        let script = format!(
            "return Array.from(document.querySelectorAll({}))
               .filter(e => e.getClientRects().length > 0)
               .map(e => {{ const r = e.getBoundingClientRect();
                           return [r.left, r.top, r.right, r.bottom]; }});",
            json!(css)
        );
        let values = self.script(&script).await;
        values
            .as_array()
            .unwrap_or_else(|| panic!("{css}: {values}"))
            .iter()
            .map(|r| {
                let side = |i: usize| r[i].as_f64().unwrap_or_else(|| panic!("{css}: {r}"));
                Rect {
                    left: side(0),
                    top: side(1),
                    right: side(2),
                    bottom: side(3),
                }
            })
            .collect()
    }

    /// The viewport's size in CSS px (`innerWidth` × `innerHeight`).
    pub async fn viewport(&self) -> (u32, u32) {
        let size = self
            .script("return [window.innerWidth, window.innerHeight];")
            .await;
        let side = |i: usize| {
            size[i]
                .as_u64()
                .and_then(|v| u32::try_from(v).ok())
                .unwrap_or_else(|| panic!("the viewport's size is {size}"))
        };
        (side(0), side(1))
    }
}
