//! A throw-away PostgreSQL cluster for the tests: Debian's `initdb` and `pg_ctl` make a cluster in
//! a fresh temporary directory and start it on a free loopback port (its unix socket in that
//! directory, fsync off), and each test gets a database of its own in it. The harness talks to the
//! cluster with the `psql` command line, not a Rust driver. A machine without PostgreSQL fails the
//! tests with the command that installs it: these tests never skip.
//!
//! One cluster serves every test of a test binary (one process): it is started by the first test
//! that asks for a database and stopped when the process exits, and each test works in its own
//! `CREATE DATABASE t_<uuid>`. Why: starting a cluster costs about 1.6 s here (`initdb` most of
//! it) and a database about 0.1 s (psql's start included), and tests in different databases share
//! nothing, so a cluster per test would only add seconds; one across test binaries would need a
//! daemon outliving them, and cargo runs the binaries one after another anyway. The cluster lives in a `static` (`OnceLock`), which Rust never drops,
//! so what stops it is a small watchdog shell started beside it: it waits for the end of a pipe
//! whose other end only this process holds, and the kernel closes that end however the process
//! ends (tests done, a panic, even SIGKILL), so the watchdog then runs `pg_ctl stop -m immediate`
//! and removes the directory. A `Drop` would not run on a SIGKILL, nor on a static at all.

use std::fs::OpenOptions;
use std::io::Write;
use std::net::{Ipv4Addr, TcpListener};
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::sync::OnceLock;
use std::time::Instant;

/// How to install what these tests need (Debian's package: server binaries, `psql`, and the
/// `postgres` user the cluster runs as when the tests run as root).
const INSTALL: &str = "apt-get install -y postgresql";

/// How many free ports `pg_ctl start` is tried on before giving up: a port found free can be taken
/// by another process before the server binds it.
const PORT_ATTEMPTS: usize = 5;

/// The superuser `initdb` creates; the databases' URLs log in as it (trust auth on loopback).
const SUPERUSER: &str = "postgres";

/// A fresh, empty database of its own in the test binary's cluster.
pub struct Database {
    /// Its URL, `postgres://postgres@127.0.0.1:<port>/t_<uuid>`.
    pub url: String,
}

impl Database {
    // Making one creates it on disk (a folder, a database): not a plain default value.
    #[allow(clippy::new_without_default)]
    /// Creates a new database in the cluster, starting the cluster if this is the first.
    pub fn new() -> Database {
        let cluster = cluster();
        let name = format!("t_{}", uuid::Uuid::new_v4().simple());
        cluster.psql(
            &cluster.url(SUPERUSER),
            &["-c", &format!("CREATE DATABASE {name}")],
        );
        Database {
            url: cluster.url(&name),
        }
    }

    /// Applies the SQL file at `path` in one transaction, stopping at the first error (which
    /// fails the test with psql's message).
    pub fn apply(&self, path: &Path) {
        let path = path.to_str().expect("a UTF-8 path");
        cluster().psql(&self.url, &["--single-transaction", "-f", path]);
    }

    /// Runs one query and returns its rows, each as its fields' text (NULL as ""). Fields and rows
    /// must not contain newlines or the unit separator (U+001F), which delimit them.
    pub fn query(&self, sql: &str) -> Vec<Vec<String>> {
        let text = cluster().psql(&self.url, &["--tuples-only", "--no-align", "-c", sql]);
        text.lines()
            .filter(|line| !line.is_empty())
            .map(|line| line.split('\u{1f}').map(str::to_string).collect())
            .collect()
    }
}

/// The running cluster of this test binary.
struct Cluster {
    /// The folder holding PostgreSQL's binaries (`initdb`, `pg_ctl`, `psql`), or `None` to take
    /// them from the `PATH`.
    bin: Option<PathBuf>,
    /// Its loopback port.
    port: u16,
    /// The watchdog, its stdin (the pipe's write end) held open until the process exits (see the
    /// module's doc).
    _watchdog: Child,
}

/// The test binary's cluster, started on first use.
fn cluster() -> &'static Cluster {
    static CLUSTER: OnceLock<Cluster> = OnceLock::new();
    CLUSTER.get_or_init(Cluster::start)
}

impl Cluster {
    /// Makes a cluster in a fresh temporary directory and starts it on a free loopback port.
    fn start() -> Cluster {
        let started = Instant::now();
        let bin = binaries();
        let runner = Runner::new();
        let dir = std::env::temp_dir().join(format!("cardarena-pg-{}", uuid::Uuid::new_v4()));
        // The directory belongs to the user that runs the cluster: made by that user.
        run(runner
            .command(Path::new("mkdir"))
            .args(["-m", "700"])
            .arg(&dir));
        // Never waited for: it outlives this process by design, and a failed start drops it,
        // which makes it clean up at once.
        #[allow(clippy::zombie_processes)]
        let watchdog = watchdog(&dir, &runner.command(&program(&bin, "pg_ctl")));
        let data = dir.join("data");
        run(runner
            .command(&program(&bin, "initdb"))
            .current_dir(&dir)
            .args([
                "--auth=trust",
                "--encoding=UTF8",
                "--no-locale",
                "--no-sync",
            ])
            .arg(format!("--username={SUPERUSER}"))
            .arg("--pgdata")
            .arg(&data));
        let settings = format!(
            "\n# cardarena's test harness: loopback only, the socket in the cluster's folder, and\n\
             # no waiting for the disk (the cluster is thrown away).\n\
             listen_addresses = '127.0.0.1'\n\
             unix_socket_directories = '{}'\n\
             fsync = off\n\
             synchronous_commit = off\n\
             full_page_writes = off\n\
             max_connections = 200\n",
            dir.display()
        );
        OpenOptions::new()
            .append(true)
            .open(data.join("postgresql.conf"))
            .and_then(|mut conf| conf.write_all(settings.as_bytes()))
            .expect("the cluster's postgresql.conf takes the test settings");
        let mut last_log = String::new();
        for _ in 0..PORT_ATTEMPTS {
            let port = free_port();
            // A log per attempt, so that an attempt's failure is read from its own log.
            let log = dir.join(format!("server-{port}.log"));
            let output = runner
                .command(&program(&bin, "pg_ctl"))
                .current_dir(&dir)
                .args(["start", "--wait", "--silent", "--timeout=60"])
                .arg("--pgdata")
                .arg(&data)
                .arg("--log")
                .arg(&log)
                .arg(format!("--options=-p {port}"))
                .output()
                .expect("pg_ctl runs");
            if output.status.success() {
                eprintln!(
                    "PostgreSQL test cluster on port {port} in {}, started in {:.1?}",
                    dir.display(),
                    started.elapsed()
                );
                return Cluster {
                    bin,
                    port,
                    _watchdog: watchdog,
                };
            }
            last_log = std::fs::read_to_string(&log).unwrap_or_default();
            // Another process took the port between free_port and the server's bind: next port.
            if !last_log.contains("could not bind") {
                panic!("pg_ctl start failed: {}\n{last_log}", describe(&output));
            }
        }
        panic!("pg_ctl start found no free loopback port in {PORT_ATTEMPTS} attempts:\n{last_log}");
    }

    /// The URL of the database `name`, as the superuser.
    fn url(&self, name: &str) -> String {
        format!("postgres://{SUPERUSER}@127.0.0.1:{}/{name}", self.port)
    }

    /// Runs psql on the database at `url` with `args`, stopping at the first error; returns what
    /// it printed, or panics with its error.
    fn psql(&self, url: &str, args: &[&str]) -> String {
        let output = run(Command::new(program(&self.bin, "psql"))
            .args(["--no-psqlrc", "--quiet", "--set=ON_ERROR_STOP=1"])
            .arg("--field-separator=\u{1f}")
            .arg(format!("--dbname={url}"))
            .args(args));
        String::from_utf8(output.stdout).expect("psql prints UTF-8")
    }
}

/// Who runs the cluster's commands: the current user, or `postgres` when the tests run as root
/// (initdb and pg_ctl refuse to run as root).
struct Runner {
    as_postgres: bool,
}

impl Runner {
    /// The runner for this process: `postgres` if it runs as root (which must exist then).
    fn new() -> Runner {
        let root = std::fs::metadata("/proc/self")
            .expect("/proc/self (the tests run on Linux)")
            .uid()
            == 0;
        if root {
            let known = Command::new("id")
                .args(["-u", "postgres"])
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status()
                .is_ok_and(|status| status.success());
            assert!(
                known,
                "the tests run as root, so the PostgreSQL test cluster runs as the user `postgres`, \
                 and there is none: `{INSTALL}` creates it"
            );
        }
        Runner { as_postgres: root }
    }

    /// A command running `program` as the cluster's user.
    fn command(&self, program: &Path) -> Command {
        if self.as_postgres {
            let mut command = Command::new("runuser");
            command.args(["-u", "postgres", "--"]).arg(program);
            command
        } else {
            Command::new(program)
        }
    }
}

/// The folder of Debian's newest PostgreSQL server binaries (`/usr/lib/postgresql/<version>/bin`
/// with an `initdb`), or `None` when `initdb` is on the `PATH` instead. Panics with how to
/// install PostgreSQL when there is neither.
fn binaries() -> Option<PathBuf> {
    let newest = std::fs::read_dir("/usr/lib/postgresql")
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|entry| {
            let version: u32 = entry.file_name().to_str()?.parse().ok()?;
            let bin = entry.path().join("bin");
            bin.join("initdb").is_file().then_some((version, bin))
        })
        .max();
    if let Some((_, bin)) = newest {
        return Some(bin);
    }
    let on_path = std::env::var_os("PATH")
        .is_some_and(|paths| std::env::split_paths(&paths).any(|dir| dir.join("initdb").is_file()));
    assert!(
        on_path,
        "the PostgreSQL tests need PostgreSQL's initdb and pg_ctl, and there are none in \
         /usr/lib/postgresql/*/bin or on the PATH: install them with `{INSTALL}`"
    );
    None
}

/// The path of PostgreSQL's program `name`: in `bin` if it is there, else found on the `PATH`.
fn program(bin: &Option<PathBuf>, name: &str) -> PathBuf {
    bin.as_ref()
        .map(|bin| bin.join(name))
        .filter(|path| path.is_file())
        .unwrap_or_else(|| PathBuf::from(name))
}

/// Starts the watchdog (its stdin a pipe) that stops the cluster in `dir` with `pg_ctl` (a command
/// ready for its arguments) and removes `dir` once the pipe closes: when this process exits, or
/// at once if the returned child is dropped. It ignores the terminal's signals, so a Ctrl-C of
/// the tests still cleans up.
fn watchdog(dir: &Path, pg_ctl: &Command) -> Child {
    const SCRIPT: &str = r#"trap '' INT TERM HUP
cat >/dev/null
dir=$1
shift
"$@" stop --silent --mode=immediate --pgdata="$dir/data" >/dev/null 2>&1
rm -rf "$dir""#;
    Command::new("sh")
        .args(["-c", SCRIPT, "cardarena-pg-watchdog"])
        .arg(dir)
        .arg(pg_ctl.get_program())
        .args(pg_ctl.get_args())
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("sh starts the cluster's watchdog")
}

/// A loopback port nothing listens on right now.
fn free_port() -> u16 {
    TcpListener::bind((Ipv4Addr::LOCALHOST, 0))
        .and_then(|listener| listener.local_addr())
        .expect("a free loopback port")
        .port()
}

/// Runs `command` to its end; panics with what it printed unless it succeeded.
fn run(command: &mut Command) -> Output {
    let output = command
        .stdin(Stdio::null())
        .output()
        .unwrap_or_else(|e| panic!("{command:?} does not start: {e}"));
    assert!(
        output.status.success(),
        "{command:?} failed: {}",
        describe(&output)
    );
    output
}

/// A finished command's status and what it printed.
fn describe(output: &Output) -> String {
    format!(
        "{}\n{}{}",
        output.status,
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}
