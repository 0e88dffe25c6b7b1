//! Headless Chromium for the pages' browser tests: load a URL, run its scripts for a few
//! seconds of virtual time, and return the DOM as HTML or save a screenshot. A machine without Chromium fails the
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
    let output = run(url, &["--dump-dom".to_string()]).await;
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(
        !stdout.is_empty(),
        "Chromium dumped no DOM for {url}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    stdout
}

/// Loads `url` like [`dump_dom`] in a window of `width` × `height` px and saves what it shows
/// as a PNG at `path`; returns the image's size as the PNG header gives it. Panics if Chromium
/// fails or the file is not a PNG.
#[allow(dead_code)] // the page tests that take no screenshots include this file too
pub async fn screenshot(url: &str, path: &Path, width: u32, height: u32) -> (u32, u32) {
    let _ = std::fs::remove_file(path);
    let output = run(
        url,
        &[
            format!("--window-size={width},{height}"),
            "--hide-scrollbars".to_string(),
            format!("--screenshot={}", path.display()),
        ],
    )
    .await;
    let png = std::fs::read(path).unwrap_or_else(|e| {
        panic!(
            "Chromium wrote no screenshot of {url} to {}: {e}\n{}",
            path.display(),
            String::from_utf8_lossy(&output.stderr)
        )
    });
    assert!(
        png.len() > 24 && png.starts_with(b"\x89PNG\r\n\x1a\n") && &png[12..16] == b"IHDR",
        "{} is not a PNG",
        path.display()
    );
    let be = |at: usize| u32::from_be_bytes([png[at], png[at + 1], png[at + 2], png[at + 3]]);
    (be(16), be(20))
}

/// Runs headless Chromium on `url` in a fresh profile with the virtual time budget and `extra`
/// arguments; returns its output once it exited successfully. Panics if it fails or takes
/// longer than [`TIMEOUT`].
async fn run(url: &str, extra: &[String]) -> std::process::Output {
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
        .args(extra)
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
    assert!(
        output.status.success(),
        "Chromium failed on {url}: {}\n{}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    output
}
