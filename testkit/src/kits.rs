//! The starter kits (bots/kits/python/bot.py, bots/kits/js/bot.js) run as real child processes
//! by the tests, their output in files of a temporary directory, their settings in their
//! environment or in the settings file `.cardarena` of their working directory.

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

    /// The kit's file in the repository.
    pub fn file(self) -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../bots/kits")
            .join(self.program().1)
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

/// Where a kit started by [`KitProcess::serve`] finds its secret.
#[derive(Debug, Clone, Copy)]
pub enum Secret<'a> {
    /// Nowhere: the kit checks no signature.
    Unset,
    /// In its environment, `CARDARENA_SECRET`.
    Env(&'a str),
    /// In the settings file `.cardarena` of its working directory, a folder of its own.
    File(&'a str),
}

/// Writes `settings` (name, value) to the settings file `.cardarena` in `dir` with the
/// permissions `mode` (0o600, readable by its owner alone, as docs/writing-a-bot.md says);
/// returns the file's path.
pub fn settings_file(dir: &Path, settings: &[(&str, &str)], mode: u32) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let path = dir.join(".cardarena");
    let text: String = (settings.iter())
        .map(|(name, value)| format!("{name}={value}\n"))
        .collect();
    std::fs::write(&path, text).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(mode)).unwrap();
    path
}

/// What the kits print of a seat's place in a match line, from every seat's rank (1 the best,
/// tied seats sharing one): "won", "lost" or "drew" at two seats, "1st of 4", "shared 2nd of 5"
/// or "last of 4" at more, "drew" when every seat ties.
pub fn place_in_words(ranks: &[u64], seat: usize) -> String {
    let better = ranks.iter().filter(|&&r| r < ranks[seat]).count();
    let tied = ranks.iter().filter(|&&r| r == ranks[seat]).count();
    let n = ranks.len();
    if tied == n {
        return "drew".to_string();
    }
    if n == 2 {
        return if better == 0 { "won" } else { "lost" }.to_string();
    }
    let place = if better + tied == n {
        "last".to_string()
    } else {
        let suffix = ["st", "nd", "rd"].get(better).unwrap_or(&"th");
        format!("{}{suffix}", better + 1)
    };
    let shared = if tied > 1 { "shared " } else { "" };
    format!("{shared}{place} of {n}")
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
        KitProcess::start_in(script, args, env, None, logs)
    }

    /// [`KitProcess::start`] with `dir`, when given, as the process's working directory (where
    /// the kit looks for its settings file).
    pub fn start_in(
        script: Script,
        args: &[&str],
        env: &[(&str, &str)],
        dir: Option<&Path>,
        logs: &Path,
    ) -> KitProcess {
        KitProcess::start_file(script, &script.file(), args, env, dir, logs)
    }

    /// [`KitProcess::start_in`] running `path`, a copy of the kit's file (a test's own strategy
    /// written into it), under the kit's interpreter.
    pub fn start_file(
        script: Script,
        path: &Path,
        args: &[&str],
        env: &[(&str, &str)],
        dir: Option<&Path>,
        logs: &Path,
    ) -> KitProcess {
        static STARTED: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let n = STARTED.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let (program, _, needs) = script.program();
        let stem = format!("{}-{n}", script.name());
        let stdout = logs.join(format!("{stem}.out"));
        let stderr = logs.join(format!("{stem}.err"));
        let mut command = Command::new(program);
        command
            .arg(path)
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
        if let Some(dir) = dir {
            command.current_dir(dir);
        }
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
    /// the secret given in `secret`, and waits until it says where it listens: the kits listen
    /// on port 0 and print the address they got, so no port is ever freed by the test and taken
    /// by the kit, a window another process could slip into.
    pub async fn serve(
        script: Script,
        secret: Secret<'_>,
        logs: &Path,
    ) -> (KitProcess, SocketAddr) {
        KitProcess::serve_file(script, &script.file(), &[], secret, logs).await
    }

    /// [`KitProcess::serve`] running `path`, a copy of the kit's file, with `args`.
    pub async fn serve_file(
        script: Script,
        path: &Path,
        args: &[&str],
        secret: Secret<'_>,
        logs: &Path,
    ) -> (KitProcess, SocketAddr) {
        let mut env = vec![("HOST", "127.0.0.1"), ("PORT", "0")];
        let mut dir = None;
        match secret {
            Secret::Unset => {}
            Secret::Env(secret) => env.push(("CARDARENA_SECRET", secret)),
            Secret::File(secret) => {
                let folder = logs.join(format!("home-{}", uuid::Uuid::new_v4()));
                std::fs::create_dir_all(&folder).unwrap();
                settings_file(&folder, &[("CARDARENA_SECRET", secret)], 0o600);
                dir = Some(folder);
            }
        }
        let mut process = KitProcess::start_file(script, path, args, &env, dir.as_deref(), logs);
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
