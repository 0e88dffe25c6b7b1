//! Where Chromium and chromedriver are: an environment variable, Debian's path, or the `PATH`;
//! a machine without them fails the tests with the command that installs them.

use std::path::{Path, PathBuf};

/// How to install what the browser tests need (Debian's packages).
pub(super) const INSTALL: &str = "apt-get install -y chromium chromium-driver";

/// The Chromium binary: `$CHROMIUM`, else `/usr/bin/chromium`, else `chromium` or
/// `chromium-browser` on the `PATH`. Panics with how to install it when there is none.
pub fn binary() -> PathBuf {
    find_program(
        "CHROMIUM",
        "/usr/bin/chromium",
        &["chromium", "chromium-browser"],
        "headless Chromium",
    )
}

/// The chromedriver binary: `$CHROMEDRIVER`, else `/usr/bin/chromedriver`, else `chromedriver`
/// on the `PATH`. Panics with how to install it when there is none.
pub fn chromedriver() -> PathBuf {
    find_program(
        "CHROMEDRIVER",
        "/usr/bin/chromedriver",
        &["chromedriver"],
        "chromedriver (Chromium's WebDriver server)",
    )
}

fn find_program(variable: &str, default: &str, names: &[&str], what: &str) -> PathBuf {
    if let Some(path) = std::env::var_os(variable) {
        let path = PathBuf::from(path);
        assert!(
            path.is_file(),
            "${variable} is {}, which is not a file",
            path.display()
        );
        return path;
    }
    let default = Path::new(default);
    if default.is_file() {
        return default.to_path_buf();
    }
    let on_path = std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .flat_map(|dir| names.iter().map(move |name| dir.join(name)))
            .find(|candidate| candidate.is_file())
    });
    on_path.unwrap_or_else(|| {
        panic!(
            "the pages' browser tests need {what}, and there is none at {} or on the PATH: \
             install Chromium and chromedriver with `{INSTALL}`, or set ${variable} to its binary",
            default.display()
        )
    })
}
