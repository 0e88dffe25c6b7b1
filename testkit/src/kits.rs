//! The starter kits (bots/kits/python/bot.py, bots/kits/js/bot.js) run as real child processes
//! by the tests, their output in files of a temporary directory.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A kit that runs as a process of its own.
#[derive(Debug, Clone, Copy)]
pub enum Script {
    /// bots/kits/python/bot.py under `python3`.
    Python,
    /// bots/kits/js/bot.js under `node`.
    Js,
}

impl Script {
    /// The kit's short name, as in its folder.
    pub fn name(self) -> &'static str {
        match self {
            Script::Python => "python",
            Script::Js => "js",
        }
    }

    fn program(self) -> (&'static str, &'static str, &'static str) {
        match self {
            Script::Python => ("python3", "python/bot.py", "Python 3.9+"),
            Script::Js => ("node", "js/bot.js", "Node.js 18+"),
        }
    }
}

/// A directory for the kits' logs, removed on drop.
pub struct TempDir(pub PathBuf);

impl TempDir {
    // Making one creates it on disk (a folder, a database): not a plain default value.
    #[allow(clippy::new_without_default)]
    /// A new empty directory under the system's temporary directory.
    pub fn new() -> TempDir {
        let dir = std::env::temp_dir().join(format!("cardarena-kits-{}", uuid::Uuid::new_v4()));
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A kit's child process, killed on drop, its output in two files.
pub struct KitProcess {
    /// The process.
    pub child: Child,
    /// The file its stdout goes to.
    pub stdout: PathBuf,
    /// The file its stderr goes to.
    pub stderr: PathBuf,
    name: &'static str,
}

impl KitProcess {
    /// Starts `script` with `args` and `env` (CARDARENA_* variables of the test's own
    /// environment removed first), its output in files under `logs`. Panics, saying what is
    /// needed, when the interpreter is missing.
    pub fn start(script: Script, args: &[&str], env: &[(&str, &str)], logs: &Path) -> KitProcess {
        static STARTED: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let n = STARTED.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let (program, file, needs) = script.program();
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../bots/kits")
            .join(file);
        let stem = format!("{}-{n}", script.name());
        let stdout = logs.join(format!("{stem}.out"));
        let stderr = logs.join(format!("{stem}.err"));
        let mut command = Command::new(program);
        command
            .arg(&path)
            .args(args)
            .stdin(Stdio::null())
            .stdout(std::fs::File::create(&stdout).unwrap())
            .stderr(std::fs::File::create(&stderr).unwrap());
        for variable in [
            "CARDARENA_SECRET",
            "CARDARENA_SERVER",
            "CARDARENA_BOT_ID",
            "CARDARENA_TOKEN",
        ] {
            command.env_remove(variable);
        }
        command.envs(env.iter().copied());
        let child = match command.spawn() {
            Ok(child) => child,
            Err(e) => panic!(
                "cannot run `{program} {}` ({e}): the kit tests need {needs} on the PATH as \
                 `{program}`",
                path.display()
            ),
        };
        KitProcess {
            child,
            stdout,
            stderr,
            name: script.name(),
        }
    }

    /// Starts `script` as an HTTP bot on a port of its own choosing, checking requests with
    /// `secret` when given, and waits until it says where it listens: the kits listen on port 0
    /// and print the address they got, so no port is ever freed by the test and taken by the
    /// kit, a window another process could slip into.
    pub async fn serve(
        script: Script,
        secret: Option<&str>,
        logs: &Path,
    ) -> (KitProcess, SocketAddr) {
        let mut env = vec![("HOST", "127.0.0.1"), ("PORT", "0")];
        if let Some(secret) = secret {
            env.push(("CARDARENA_SECRET", secret));
        }
        let mut process = KitProcess::start(script, &[], &env, logs);
        let line = process
            .line(Duration::from_secs(10), |line| {
                line.starts_with("listening on http://")
            })
            .await;
        let addr = line
            .strip_prefix("listening on http://")
            .and_then(|rest| rest.trim_end_matches('/').parse().ok())
            .unwrap_or_else(|| panic!("not an address: {line}"));
        (process, addr)
    }

    /// The first line of stdout that `wanted` accepts, waiting up to `patience` for it; panics
    /// with the kit's output if it exits or the time passes first.
    pub async fn line(&mut self, patience: Duration, wanted: impl Fn(&str) -> bool) -> String {
        let started = Instant::now();
        loop {
            let printed = std::fs::read_to_string(&self.stdout).unwrap_or_default();
            if let Some(line) = printed.lines().find(|line| wanted(line)) {
                return line.to_string();
            }
            if let Some(status) = self.child.try_wait().unwrap() {
                panic!(
                    "the {} kit exited ({status}):\n{}",
                    self.name,
                    self.output()
                );
            }
            assert!(
                started.elapsed() < patience,
                "the {} kit did not print the line awaited within {patience:?}:\n{}",
                self.name,
                self.output()
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// What the process printed so far, for assertion messages.
    pub fn output(&self) -> String {
        let read = |path: &Path| std::fs::read_to_string(path).unwrap_or_default();
        format!(
            "--- stdout\n{}--- stderr\n{}",
            read(&self.stdout),
            read(&self.stderr)
        )
    }
}

impl Drop for KitProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
