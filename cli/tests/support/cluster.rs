//! A contest's processes on a real PostgreSQL for the binary's tests: the key file every process
//! of a contest shares, and `cardarena worker` processes (the real binary).

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

use cardarena_testkit::postgres::Database;

/// A folder for a test's key file, removed on drop.
pub struct KeyDir(PathBuf);

impl KeyDir {
    /// A fresh folder with a key file in it.
    pub fn new() -> KeyDir {
        let dir = std::env::temp_dir().join(format!("cardarena-key-{}", uuid::Uuid::new_v4()));
        std::fs::create_dir_all(&dir).unwrap();
        let key: String = (0..64)
            .map(|i| char::from(b"0123456789abcdef"[(i * 7 + 3) % 16]))
            .collect();
        std::fs::write(dir.join("cardarena.key"), key).unwrap();
        KeyDir(dir)
    }

    /// The key file.
    pub fn file(&self) -> PathBuf {
        self.0.join("cardarena.key")
    }
}

impl Drop for KeyDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A `cardarena worker` process.
pub struct Worker(Child);

impl Worker {
    /// Starts a worker on `db` with `key`, playing at most `max_matches` at once and
    /// `bot_concurrency` matches of a bot.
    pub fn start(db: &Database, key: &Path, max_matches: u32, bot_concurrency: u32) -> Worker {
        let child = Command::new(env!("CARGO_BIN_EXE_cardarena"))
            .args(["worker", "--database-url", &db.url, "--key-file"])
            .arg(key)
            .args(["--max-matches", &max_matches.to_string()])
            .args(["--bot-concurrency", &bot_concurrency.to_string()])
            .env("RUST_LOG", "warn")
            .stdout(Stdio::null())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("the binary starts");
        Worker(child)
    }

    /// Its process id.
    pub fn pid(&self) -> u32 {
        self.0.id()
    }

    /// SIGKILL: the process gets no chance to hand its matches back.
    pub fn kill(mut self) {
        self.0.kill().unwrap();
        self.0.wait().unwrap();
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}
