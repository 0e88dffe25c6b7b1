//! Headless Chromium for the pages' browser tests: load a URL, run its scripts for a few
//! seconds of virtual time, and return the DOM as HTML. A machine without Chromium fails the
//! tests with the command that installs it: browser tests never skip silently.

use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Duration;

/// How long a page may take, real time, before Chromium is killed and the test fails.
const TIMEOUT: Duration = Duration::from_secs(30);

/// Virtual time the page's scripts run for before the DOM is dumped, in ms. Chromium skips
/// ahead while the page is idle, so timers of several seconds cost little real time.
const VIRTUAL_TIME_MS: u32 = 5000;

/// The Chromium binary: `$CHROMIUM`, else `/usr/bin/chromium`, else `chromium` or
/// `chromium-browser` on the `PATH`. Panics with how to install it when there is none.
pub fn binary() -> PathBuf {
    if let Some(path) = std::env::var_os("CHROMIUM") {
        let path = PathBuf::from(path);
        assert!(
            path.is_file(),
            "$CHROMIUM is {}, which is not a file",
            path.display()
        );
        return path;
    }
    let default = Path::new("/usr/bin/chromium");
    if default.is_file() {
        return default.to_path_buf();
    }
    let on_path = std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .flat_map(|dir| [dir.join("chromium"), dir.join("chromium-browser")])
            .find(|candidate| candidate.is_file())
    });
    on_path.unwrap_or_else(|| {
        panic!(
            "the pages' browser tests need headless Chromium, and there is none at \
             /usr/bin/chromium or on the PATH: install it with \
             `apt-get install -y chromium chromium-driver`, or set $CHROMIUM to its binary"
        )
    })
}

/// Loads `url` in a fresh headless Chromium profile, lets its scripts run for
/// [`VIRTUAL_TIME_MS`] of virtual time, and returns the DOM it ends with. Panics if Chromium
/// fails or takes longer than [`TIMEOUT`].
pub async fn dump_dom(url: &str) -> String {
    let profile = std::env::temp_dir().join(format!("cardarena-chromium-{}", uuid::Uuid::new_v4()));
    std::fs::create_dir_all(&profile).expect("a temporary Chromium profile");
    let child = tokio::process::Command::new(binary())
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg(format!("--virtual-time-budget={VIRTUAL_TIME_MS}"))
        .arg("--dump-dom")
        .arg(url)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .expect("Chromium starts");
    let output = tokio::time::timeout(TIMEOUT, child.wait_with_output()).await;
    // Best effort: Chromium may still be writing to its profile as it exits.
    let _ = std::fs::remove_dir_all(&profile);
    let output = output
        .unwrap_or_else(|_| panic!("Chromium took more than {TIMEOUT:?} on {url} and was killed"))
        .expect("Chromium's output");
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(
        output.status.success() && !stdout.is_empty(),
        "Chromium failed on {url}: {}\n{}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    stdout
}
