//! The Python package (python/): builds it with maturin into a virtual environment of its own and
//! runs its pytest suite (python/tests) against this build's `cardarena` binary, so that
//! `cargo test --workspace` runs the Python tests too.
//!
//! The environment lives in cargo's temporary folder for integration tests
//! (`target/tmp/python-venv`) and is reused; the packages come from PyPI (maturin, numpy, pytest,
//! jsonschema, PettingZoo, Gymnasium), as the accessibility test's axe-core comes from npm. The package is
//! built unoptimised (`--profile dev`, the engine itself optimised as in every test build), into
//! the workspace's target folder so that the crates both builds share are compiled once.
//! `python3` (3.9 or later, with `venv`) must be on the PATH, or named by `PYTHON`. The bot
//! modules the tests seat (`test_modules.py`) are the sandbox's C test bot, built here by clang
//! (as the command line's module tests build it) into the folder `CARDARENA_TEST_MODULES` names.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use cardarena_sandbox::componentize;
use cardarena_testkit::wasm::clang_core;

/// The repository's root.
fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("server/ has a parent")
        .to_path_buf()
}

/// Runs `command`, failing the test with its output when it fails.
fn run(command: &mut Command, what: &str) -> Output {
    let output = command
        .output()
        .unwrap_or_else(|e| panic!("{what}: cannot start: {e}"));
    assert!(
        output.status.success(),
        "{what} failed ({}):\n{}\n{}",
        output.status,
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    output
}

/// The virtual environment's Python, made (and its test dependencies installed) if missing.
fn venv_python() -> PathBuf {
    let venv = Path::new(env!("CARGO_TARGET_TMPDIR")).join("python-venv");
    let python = venv.join("bin").join("python");
    if !python.exists() {
        let system = std::env::var("PYTHON").unwrap_or_else(|_| "python3".into());
        run(
            Command::new(system).args(["-m", "venv"]).arg(&venv),
            "python3 -m venv",
        );
    }
    run(
        Command::new(&python).args([
            "-m",
            "pip",
            "install",
            "--quiet",
            "--disable-pip-version-check",
            "maturin>=1.9,<2",
            "numpy",
            "pytest",
            "jsonschema",
            "pettingzoo>=1.24",
            "gymnasium>=0.29",
        ]),
        "pip install of the test dependencies",
    );
    python
}

/// PATH with the folder of the environment's `python` (and `maturin`) first.
fn with_venv_on_path(python: &Path) -> std::ffi::OsString {
    let bin = python
        .parent()
        .expect("bin/python has a folder")
        .to_path_buf();
    let rest = std::env::var_os("PATH").unwrap_or_default();
    std::env::join_paths(std::iter::once(bin).chain(std::env::split_paths(&rest)))
        .expect("PATH joins")
}

/// Builds the test modules into a folder of their own: `bot.wasm` (the sandbox's C test bot),
/// `loop.wasm` (the same built with `-DLOOP`, looping on every turn) and `core.wasm` (the
/// plain bot's core module, not made a component).
fn test_modules() -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("python-modules-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("the modules' folder");
    let source = repo().join("sandbox/tests/bots/bot.c");
    for (name, defines) in [("bot", &[][..]), ("loop", &["LOOP"][..])] {
        let core = dir.join(format!("{name}-core.wasm"));
        clang_core(&source, defines, &core);
        let component = componentize(&std::fs::read(&core).expect("the core module"))
            .unwrap_or_else(|e| panic!("{name}: not a component: {e}"));
        std::fs::write(dir.join(format!("{name}.wasm")), component).expect("the module");
        if name == "bot" {
            std::fs::rename(&core, dir.join("core.wasm")).expect("core.wasm");
        }
    }
    dir
}

#[test]
fn the_python_package_builds_and_its_tests_pass() {
    let repo = repo();
    let python = venv_python();
    let target = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .parent()
        .expect("target/tmp has a parent")
        .to_path_buf();
    let started = std::time::Instant::now();
    run(
        Command::new(&python)
            .args([
                "-m",
                "pip",
                "install",
                "--quiet",
                "--disable-pip-version-check",
                "--no-build-isolation",
                "--force-reinstall",
                "--no-deps",
            ])
            .arg(repo.join("python"))
            // maturin's build backend runs the `maturin` command: the environment's.
            .env("PATH", with_venv_on_path(&python))
            .env("MATURIN_PEP517_ARGS", "--profile dev")
            .env("CARGO_TARGET_DIR", &target),
        "pip install ./python",
    );
    // Its build's time, shown with --nocapture.
    println!(
        "pip install ./python: {:.1} s",
        started.elapsed().as_secs_f64()
    );
    let output = run(
        Command::new(&python)
            .args([
                "-m",
                "pytest",
                "-q",
                "-p",
                "no:cacheprovider",
                "--durations=5",
            ])
            .arg(repo.join("python").join("tests"))
            // From outside python/, so that `import cardarena` is the installed package.
            .current_dir(std::env::temp_dir())
            .env("CARDARENA_BIN", env!("CARGO_BIN_EXE_cardarena"))
            .env("CARDARENA_TEST_MODULES", test_modules()),
        "pytest python/tests",
    );
    let stdout = String::from_utf8_lossy(&output.stdout);
    let summary = stdout.lines().last().unwrap_or_default();
    println!("pytest: {summary}");
    // Kept for CI, which prints its last line (a passing test's output is not shown).
    let artefacts = target.join("test-artefacts").join("python");
    std::fs::create_dir_all(&artefacts).expect("the artefacts' folder");
    std::fs::write(artefacts.join("pytest.log"), stdout.as_bytes()).expect("pytest.log");
    assert!(
        summary.contains(" passed") && !summary.contains("failed") && !summary.contains("error"),
        "pytest's summary: {summary}"
    );
}
