//! Bot modules built for real: C compiled by clang for wasm32-wasi into a core module, as the C
//! kit's build-wasm.sh does (the tests then make it a component with the sandbox's
//! `componentize` or `cardarena module wrap`); and the Python, JavaScript and Rust kits' bots
//! built into bot modules by the kits' own `build-wasm.sh`, their tools installed on first use
//! under the target folder and the modules kept there, so that a second build of the same
//! sources is a copy.

use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;

/// Compiles the C file `source` into the core module `out` (wasm32-wasi, a reactor), with
/// `-D<define>` for each of `defines`. Panics, saying what to install, when clang cannot.
pub fn clang_core(source: &Path, defines: &[&str], out: &Path) {
    let mut clang = Command::new("clang");
    clang.args([
        "--target=wasm32-wasi",
        "-O2",
        "-mexec-model=reactor",
        "-D_GNU_SOURCE",
    ]);
    clang.args(defines.iter().map(|d| format!("-D{d}")));
    let status = clang
        .arg("-o")
        .arg(out)
        .arg(source)
        .status()
        .unwrap_or_else(|e| {
            panic!(
                "clang did not run ({e}): install clang, lld, wasi-libc and libclang-rt-dev-wasm32"
            )
        });
    assert!(status.success(), "clang failed on {}", source.display());
}

/// The kits' folder, `bots/kits/`.
fn kits() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../bots/kits")
}

/// The bot world's WIT, which the build scripts get instead of asking `cardarena module wit`.
fn wit() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../sandbox/wit/bot.wit")
}

/// Where the kits' tools and the modules built are kept between runs: `kit-modules/` in the
/// workspace's target folder (the running test is `target/<profile>/deps/<test>`).
fn cache() -> PathBuf {
    let exe = std::env::current_exe().ok();
    let target = exe
        .as_deref()
        .and_then(|exe| exe.ancestors().nth(3))
        .filter(|target| target.join("CACHEDIR.TAG").exists())
        .map(Path::to_path_buf)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../target"));
    target.join("kit-modules")
}

// Each serialises the installs and builds of one kit in a test binary, so that its tools are
// installed once; two kits build at the same time.
/// The Python kit's turn.
static PYTHON: Mutex<()> = Mutex::new(());
/// The JavaScript kit's turn.
static JS: Mutex<()> = Mutex::new(());
/// The Rust kit's turn.
static RUST: Mutex<()> = Mutex::new(());

/// A hash of the bytes of `files` and of `extra`: what a built module is kept under.
fn digest(files: &[PathBuf], extra: &str) -> u64 {
    let mut hasher = std::hash::DefaultHasher::new();
    for file in files {
        let bytes =
            std::fs::read(file).unwrap_or_else(|e| panic!("cannot read {}: {e}", file.display()));
        file.file_name().hash(&mut hasher);
        bytes.hash(&mut hasher);
    }
    extra.hash(&mut hasher);
    hasher.finish()
}

/// Runs `command`, panicking with `what` and its output unless it succeeds; `install` says what
/// to install when the program cannot start.
fn run(command: &mut Command, what: &str, install: &str) {
    let output = command
        .output()
        .unwrap_or_else(|e| panic!("{what}: cannot start ({e}): {install}"));
    assert!(
        output.status.success(),
        "{what} failed ({}):\n--- stdout\n{}--- stderr\n{}",
        output.status,
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}

/// `folder`, made afresh by `make` unless its stamp (a file written last) holds `stamp`.
fn installed(folder: &Path, stamp: &str, make: impl FnOnce(&Path)) {
    let stamp_file = folder.join(".cardarena-stamp");
    if std::fs::read_to_string(&stamp_file).is_ok_and(|held| held == stamp) {
        return;
    }
    let _ = std::fs::remove_dir_all(folder);
    std::fs::create_dir_all(folder).unwrap();
    make(folder);
    std::fs::write(&stamp_file, stamp).unwrap();
}

/// Copies the module kept as `name` (built by `build` into the path it is given unless it was
/// kept before) to `out`.
fn kept(name: &str, out: &Path, build: impl FnOnce(&Path)) {
    let modules = cache().join("modules");
    std::fs::create_dir_all(&modules).unwrap();
    let module = modules.join(format!("{name}.wasm"));
    if !module.exists() {
        let partial = modules.join(format!("{name}.wasm.{}", std::process::id()));
        build(&partial);
        std::fs::rename(&partial, &module).unwrap();
    }
    std::fs::copy(&module, out)
        .unwrap_or_else(|e| panic!("cannot copy {} to {}: {e}", module.display(), out.display()));
}

/// A kit's build script with the environment the tests give it: the WIT from the sandbox,
/// checked by `cardarena` when given, nothing of the test's own cargo run.
fn script(path: &Path, cardarena: Option<&Path>) -> Command {
    let mut command = Command::new(path);
    for (name, _) in std::env::vars_os() {
        let name_text = name.to_string_lossy();
        let cargo = name_text.starts_with("CARGO") && name_text != "CARGO_HOME";
        if cargo || name_text.starts_with("RUSTC") || name_text.starts_with("RUSTFLAGS") {
            command.env_remove(&name);
        }
    }
    command.env("CARDARENA_WIT", wit());
    match cardarena {
        Some(cardarena) => command.env("CARDARENA", cardarena),
        None => command.env("CARDARENA_NO_CHECK", "1"),
    };
    command
}

/// The Python kit's bot (`bots/kits/python/bot.py`) built into a bot module at `out` by the
/// kit's `build-wasm.sh`, checked by the binary `cardarena` when given.
pub fn python_kit_module(cardarena: Option<&Path>, out: &Path) {
    python_module(&kits().join("python/bot.py"), cardarena, out);
}

/// The Python file `source` (the kit's bot.py or a copy of it) built into a bot module at `out`
/// by the Python kit's `build-wasm.sh`, checked by `cardarena` when given. componentize-py is
/// installed on first use into a virtual environment under the target folder, from the kit's
/// `requirements-wasm.txt`; the module is kept by the hash of what it is built from. Panics,
/// saying what to install, when python3's venv or PyPI is missing.
pub fn python_module(source: &Path, cardarena: Option<&Path>, out: &Path) {
    let _one = PYTHON.lock().unwrap_or_else(|e| e.into_inner());
    let kit = kits().join("python");
    let requirements = kit.join("requirements-wasm.txt");
    let inputs = [
        kit.join("build-wasm.sh"),
        requirements.clone(),
        wit(),
        source.into(),
    ];
    let name = format!("python-{:016x}", digest(&inputs, ""));
    kept(&name, out, |built| {
        let venv = cache().join("python-venv");
        let pinned = std::fs::read_to_string(&requirements).unwrap();
        installed(&venv, &pinned, |venv| {
            run(
                Command::new("python3").args(["-m", "venv"]).arg(venv),
                "python3 -m venv",
                "install Python 3 and its venv module (apt-get install -y python3 python3-venv)",
            );
            run(
                Command::new(venv.join("bin/pip"))
                    .args(["install", "--disable-pip-version-check", "-q", "-r"])
                    .arg(&requirements),
                "pip install componentize-py (from PyPI)",
                "install pip (apt-get install -y python3-pip)",
            );
        });
        let mut build = script(&kit.join("build-wasm.sh"), cardarena);
        build
            .env("COMPONENTIZE_PY", venv.join("bin/componentize-py"))
            .arg(source)
            .arg(built);
        run(&mut build, "bots/kits/python/build-wasm.sh", "it needs sh");
    });
}

/// The JavaScript kit's bot (`bots/kits/js/bot.js`) built into a bot module at `out` by the
/// kit's `build-wasm.sh`, checked by the binary `cardarena` when given.
pub fn js_kit_module(cardarena: Option<&Path>, out: &Path) {
    js_module(&kits().join("js/bot.js"), cardarena, out);
}

/// The JavaScript file `source` (the kit's bot.js or a copy of it) built into a bot module at
/// `out` by the JavaScript kit's `build-wasm.sh`, checked by `cardarena` when given.
/// componentize-qjs is installed on first use with `npm ci` from the kit's `package-lock.json`,
/// in a copy of its `package.json` under the target folder; the module is kept by the hash of
/// what it is built from. Panics, saying what to install, when npm is missing.
pub fn js_module(source: &Path, cardarena: Option<&Path>, out: &Path) {
    let _one = JS.lock().unwrap_or_else(|e| e.into_inner());
    let kit = kits().join("js");
    let lock = kit.join("package-lock.json");
    let inputs = [
        kit.join("build-wasm.sh"),
        lock.clone(),
        wit(),
        source.into(),
    ];
    let name = format!("js-{:016x}", digest(&inputs, ""));
    kept(&name, out, |built| {
        let tools = cache().join("js-tools");
        let pinned = std::fs::read_to_string(&lock).unwrap();
        installed(&tools, &pinned, |tools| {
            for file in ["package.json", "package-lock.json"] {
                std::fs::copy(kit.join(file), tools.join(file)).unwrap();
            }
            run(
                Command::new("npm")
                    .args(["ci", "--no-audit", "--no-fund"])
                    .current_dir(tools),
                "npm ci (componentize-qjs, from npm's registry)",
                "install Node.js and npm (apt-get install -y nodejs npm)",
            );
        });
        let mut build = script(&kit.join("build-wasm.sh"), cardarena);
        build
            .env(
                "COMPONENTIZE_QJS",
                tools.join("node_modules/.bin/componentize-qjs"),
            )
            .arg(source)
            .arg(built);
        run(&mut build, "bots/kits/js/build-wasm.sh", "it needs sh");
    });
}

/// The Rust kit's crate (`bots/kits/rust/`) built into a bot module at `out` by its
/// `build-wasm.sh`, in a copy under the target folder (so that no `Cargo.lock` or `target/` is
/// left in the kit), made a component by the binary `cardarena` (`module wrap`). It builds with
/// Debian's rustc and cargo, offline against Debian's serde_json, unless the toolchain on the
/// PATH has wasm32-unknown-unknown; the module is kept by the hash of the crate and of the
/// binary's size and time. Panics, saying what to install, when no toolchain has the target.
pub fn rust_kit_module(cardarena: &Path, out: &Path) {
    let _one = RUST.lock().unwrap_or_else(|e| e.into_inner());
    let kit = kits().join("rust");
    let files = ["Cargo.toml", "src/lib.rs", "build-wasm.sh"];
    let inputs: Vec<PathBuf> = files.iter().map(|file| kit.join(file)).collect();
    let binary = std::fs::metadata(cardarena)
        .unwrap_or_else(|e| panic!("no cardarena binary at {}: {e}", cardarena.display()));
    let stamp = format!("{} {:?}", binary.len(), binary.modified().ok());
    let name = format!("rust-{:016x}", digest(&inputs, &stamp));
    kept(&name, out, |built| {
        let copy = cache().join("rust-kit");
        for file in files {
            let (from, to) = (kit.join(file), copy.join(file));
            std::fs::create_dir_all(to.parent().unwrap()).unwrap();
            if std::fs::read(&from).ok() != std::fs::read(&to).ok() {
                std::fs::copy(&from, &to).unwrap();
            }
        }
        let mut build = script(&copy.join("build-wasm.sh"), Some(cardarena));
        build.arg(built);
        run(
            &mut build,
            "bots/kits/rust/build-wasm.sh",
            "it needs sh, and Rust for wasm32-unknown-unknown (apt-get install -y rustc \
             libstd-rust-dev-wasm32 cargo librust-serde-json-dev)",
        );
    });
}
