//! The `cardarena` binary as a process of its own: started with arguments and a `RUST_LOG`, read
//! up to the line that says where it serves, killed when dropped.

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Child, Command, Output, Stdio};
use std::sync::{Arc, Mutex};

/// A running `cardarena` process.
pub struct Process {
    child: Child,
    /// Its standard error so far, read by a thread of its own so that the process never blocks
    /// on a full pipe.
    log: Arc<Mutex<String>>,
}

impl Process {
    /// Starts `cardarena ARGS` and reads its standard output up to the line starting with
    /// `until`; returns the process and the rest of that line.
    pub fn start(args: &[&str], rust_log: &str, until: &str) -> (Process, String) {
        let mut command = Command::new(env!("CARGO_BIN_EXE_cardarena"));
        command.args(args).env("RUST_LOG", rust_log);
        Process::spawn(command, until)
    }

    /// Starts `command` (the binary with whatever environment or wrapper a test needs), its
    /// standard output and error piped, and reads its standard output up to the line starting
    /// with `until`; returns the process and the rest of that line.
    pub fn spawn(mut command: Command, until: &str) -> (Process, String) {
        let mut child = command
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary starts");
        // Standard error is read from the start: a chatty start must not fill its pipe.
        let log = Arc::new(Mutex::new(String::new()));
        let mut stderr = BufReader::new(child.stderr.take().unwrap());
        let kept = log.clone();
        std::thread::spawn(move || {
            let mut line = String::new();
            while stderr.read_line(&mut line).is_ok_and(|n| n > 0) {
                kept.lock().unwrap().push_str(&line);
                line.clear();
            }
        });
        let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
        let rest = loop {
            let line = lines
                .next()
                .unwrap_or_else(|| panic!("the process printed no line starting {until:?}"))
                .unwrap();
            if let Some(rest) = line.strip_prefix(until) {
                break rest.to_string();
            }
        };
        // The rest of standard output is read and dropped, so the process never blocks on it.
        std::thread::spawn(move || lines.for_each(drop));
        (Process { child, log }, rest)
    }

    /// The process's id.
    pub fn id(&self) -> u32 {
        self.child.id()
    }

    /// Stops the process (SIGKILL) and returns what it wrote to standard error.
    pub fn stop(mut self) -> String {
        let _ = self.child.kill();
        let _ = self.child.wait();
        // The reader ends at the pipe's end, which the kill brought.
        for _ in 0..100 {
            if Arc::strong_count(&self.log) == 1 {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        self.log.lock().unwrap().clone()
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Runs `cardarena ARGS` to its end: its status and what it printed.
pub fn cardarena(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cardarena"))
        .args(args)
        .output()
        .expect("the binary runs")
}

/// What a process printed, as text.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A folder `name` of this test process's own under the target folder.
pub fn scratch(name: &str) -> PathBuf {
    let dir =
        PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
