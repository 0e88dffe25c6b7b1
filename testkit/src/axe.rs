//! axe-core, the accessibility checker, run inside the browser tests' headless Chromium: its
//! script (npm's `axe-core`, pinned in `testkit/axe/package-lock.json`) is injected into the open
//! page through WebDriver and run there. A checkout without it gets it from npm on first use
//! (`npm ci` in `testkit/axe/`); a machine without npm fails the tests with the command that
//! installs it: like the browser itself, the checker never skips silently.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;

use serde::Deserialize;
use serde_json::{Value, json};

use crate::chromium::Browser;

/// The command that installs npm on Debian.
const INSTALL_NPM: &str = "apt-get install -y npm";

/// The folder holding `package.json` and its lock.
fn folder() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("axe")
}

/// Serialises the first-use install between the tests of one binary.
static INSTALL: Mutex<()> = Mutex::new(());

/// The text of `axe.min.js`, installed with `npm ci` first when missing.
pub fn source() -> String {
    let script = folder().join("node_modules/axe-core/axe.min.js");
    let _once = INSTALL.lock().unwrap_or_else(|e| e.into_inner());
    if !script.exists() {
        let status = Command::new("npm")
            .args(["ci", "--no-audit", "--no-fund"])
            .current_dir(folder())
            .status()
            .unwrap_or_else(|e| {
                panic!("npm could not start (install it with `{INSTALL_NPM}`): {e}")
            });
        assert!(
            status.success(),
            "`npm ci` in {} failed: {status}",
            folder().display()
        );
    }
    std::fs::read_to_string(&script)
        .unwrap_or_else(|e| panic!("no axe-core at {}: {e}", script.display()))
}

/// One rule a page breaks, as axe reports it.
#[derive(Debug, Clone, Deserialize)]
pub struct Violation {
    /// The rule's id ("color-contrast").
    pub id: String,
    /// "minor", "moderate", "serious" or "critical".
    pub impact: Option<String>,
    /// What the rule asks, in a line.
    pub help: String,
    /// The elements that break it.
    pub nodes: Vec<Node>,
}

/// An element that breaks a rule.
#[derive(Debug, Clone, Deserialize)]
pub struct Node {
    /// Its CSS selector path.
    pub target: Vec<Value>,
    /// axe's account of what is wrong with it.
    #[serde(rename = "failureSummary", default)]
    pub failure: String,
}

impl Violation {
    /// Whether the rule's impact is serious or critical: what the pages must never have.
    pub fn grave(&self) -> bool {
        matches!(self.impact.as_deref(), Some("serious" | "critical"))
    }

    /// A line per element, for a failure message: the selector and what is wrong.
    pub fn describe(&self) -> String {
        let mut out = format!(
            "{} ({}): {}",
            self.id,
            self.impact.as_deref().unwrap_or("?"),
            self.help
        );
        for node in self.nodes.iter().take(4) {
            let failure = node.failure.replace('\n', " ");
            out.push_str(&format!("\n    {} -- {failure}", json!(node.target)));
        }
        if self.nodes.len() > 4 {
            out.push_str(&format!("\n    … and {} more", self.nodes.len() - 4));
        }
        out
    }
}

/// Runs axe over the open page (WCAG 2.1 A and AA rules plus axe's best practices), injecting
/// `source` first when the page has no `axe` yet; gives the rules it breaks.
pub async fn check(browser: &Browser, source: &str) -> Vec<Violation> {
    let present = browser
        .script("return typeof window.axe === 'object';")
        .await;
    if present != Value::Bool(true) {
        browser
            .client()
            .execute(&format!("{source}\nreturn true;"), vec![])
            .await
            .expect("axe-core loads into the page");
    }
    let run = "const done = arguments[arguments.length - 1]; \
        axe.run(document, { resultTypes: ['violations'] }) \
          .then((r) => done(JSON.stringify(r.violations)), (e) => done('error: ' + e));";
    let answer = browser
        .client()
        .execute_async(run, vec![])
        .await
        .expect("axe.run answers");
    let text = answer.as_str().expect("axe's answer is text");
    assert!(!text.starts_with("error: "), "axe failed: {text}");
    serde_json::from_str(text).unwrap_or_else(|e| panic!("axe's violations: {e}\n{text}"))
}

/// The accessible name axe computes for each element matching `css` (the name a screen reader
/// reads), in document order; axe must be in the page (see [`check`]).
pub async fn names(browser: &Browser, css: &str) -> Vec<String> {
    let script = format!(
        "axe.setup(document); \
         try {{ return Array.from(document.querySelectorAll({}), \
           (e) => axe.commons.text.accessibleText(e)); }} finally {{ axe.teardown(); }}",
        json!(css)
    );
    let names = browser.script(&script).await;
    names
        .as_array()
        .expect("a list of names")
        .iter()
        .map(|n| n.as_str().unwrap_or_default().to_string())
        .collect()
}
