//! What WebDriver's standard commands cannot do, through chromedriver's own endpoints: DevTools
//! Protocol commands (`POST /session/{id}/goog/cdp/execute`), to make a page believe it is on a
//! phone's touch screen, and the browser console's log (`POST /session/{id}/se/log`).

use fantoccini::wd::WebDriverCompatibleCommand;
use serde_json::{Value, json};

use crate::chromium::Browser;

/// A POST of `body` to the session's `path` (after `session/{id}/`).
#[derive(Debug)]
struct Post {
    path: &'static str,
    body: Value,
}

impl WebDriverCompatibleCommand for Post {
    fn endpoint(
        &self,
        base: &url::Url,
        session: Option<&str>,
    ) -> Result<url::Url, url::ParseError> {
        base.join(&format!(
            "session/{}/{}",
            session.unwrap_or_default(),
            self.path
        ))
    }

    fn method_and_body(&self, _: &url::Url) -> (http::Method, Option<String>) {
        (http::Method::POST, Some(self.body.to_string()))
    }
}

/// Makes the pages see a phone's touch screen from now on in this session (touch events, and
/// the media queries' `pointer: coarse`), as a page styled for "where there is a keyboard" is
/// checked. (Headless Chromium otherwise has no pointer at all: `pointer: none`.)
pub async fn touch_screen(browser: &Browser) {
    let command = Post {
        path: "goog/cdp/execute",
        body: json!({"cmd": "Emulation.setTouchEmulationEnabled",
                     "params": {"enabled": true, "maxTouchPoints": 5}}),
    };
    browser
        .client()
        .issue_cmd(command)
        .await
        .unwrap_or_else(|e| panic!("Chromium did not take the touch screen's media features: {e}"));
}

/// The console's errors since the last call (the log is emptied as it is read): each message
/// of level `SEVERE`, a failed load included (a 404 reads "… Failed to load resource: the
/// server responded with a status of 404").
pub async fn console_errors(browser: &Browser) -> Vec<String> {
    let command = Post {
        path: "se/log",
        body: json!({"type": "browser"}),
    };
    let log = browser
        .client()
        .issue_cmd(command)
        .await
        .unwrap_or_else(|e| panic!("the browser's console log cannot be read: {e}"));
    log.as_array()
        .unwrap_or_else(|| panic!("the console log is {log}"))
        .iter()
        .filter(|entry| entry["level"] == "SEVERE")
        .map(|entry| entry["message"].as_str().unwrap_or_default().to_string())
        .collect()
}
