//! Chrome DevTools Protocol commands through chromedriver (`POST /session/{id}/goog/cdp/execute`),
//! for what WebDriver cannot do: making the page believe it is on a phone's touch screen.

use fantoccini::wd::WebDriverCompatibleCommand;
use serde_json::{Value, json};

use crate::chromium::Browser;

/// One DevTools command with its parameters.
#[derive(Debug)]
struct Cdp {
    command: &'static str,
    params: Value,
}

impl WebDriverCompatibleCommand for Cdp {
    fn endpoint(
        &self,
        base: &url::Url,
        session: Option<&str>,
    ) -> Result<url::Url, url::ParseError> {
        base.join(&format!(
            "session/{}/goog/cdp/execute",
            session.unwrap_or_default()
        ))
    }

    fn method_and_body(&self, _: &url::Url) -> (http::Method, Option<String>) {
        let body = json!({"cmd": self.command, "params": self.params});
        (http::Method::POST, Some(body.to_string()))
    }
}

/// Makes the page's media queries see a phone's touch screen (`hover: none`, `pointer: coarse`)
/// from now on in this session, as a page styled for "where there is a keyboard" is checked.
pub async fn touch_screen(browser: &Browser) {
    let features =
        json!([{"name": "hover", "value": "none"}, {"name": "pointer", "value": "coarse"}]);
    let command = Cdp {
        command: "Emulation.setEmulatedMedia",
        params: json!({"features": features}),
    };
    browser
        .client()
        .issue_cmd(command)
        .await
        .unwrap_or_else(|e| panic!("Chromium did not take the touch screen's media features: {e}"));
}
