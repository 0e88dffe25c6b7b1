//! One writer per SQLite database: [`WriterLock`], an exclusive OS lock (`flock`, through std's
//! [`File::try_lock`]) on a file beside the database, `PATH.lock`, held for as long as the
//! process uses the database. It holds the holder's pid, for the message a second process gets.
//!
//! The lock is what makes start-up safe: whoever holds it is the only process writing the
//! database, so a match left `running` in it belongs to a process that is gone (the OS releases a
//! dead process's lock), and may be played again. The lock file is never removed: removing it
//! while another process has it open would let two processes each lock a different file.
//! docs/architecture.md says why this, and not SQLite's own exclusive locking mode.

use std::fs::{File, OpenOptions, TryLockError};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

/// Why the lock of a database could not be taken.
#[derive(Debug, thiserror::Error)]
pub enum LockError {
    /// Another process holds it.
    #[error(
        "{database} is in use by another cardarena process, {}: stop it first, or give this \
         one another --database-url",
        match pid { Some(pid) => format!("pid {pid}"), None => "whose pid is not written yet".into() }
    )]
    InUse {
        /// The database, as its URL names it.
        database: String,
        /// The holder's process id, as it wrote it in the lock file.
        pid: Option<u32>,
    },
    /// The lock file could not be opened, locked or written.
    #[error("cannot lock the database with {path}: {error}")]
    Io {
        /// The lock file.
        path: String,
        /// What went wrong.
        error: std::io::Error,
    },
}

/// Proof that this process is the only one writing its SQLite database, held until dropped (see
/// the module's documentation). An in-memory database is private to its process and needs no
/// lock file, so its proof holds none.
#[derive(Debug)]
pub struct WriterLock {
    /// The open, locked lock file; closing it releases the lock.
    _file: Option<File>,
}

impl WriterLock {
    /// Takes the lock of the database at `url` without waiting: `Some` on SQLite, `None` on
    /// PostgreSQL, which several processes share by design (leases decide there what a stopped
    /// process left running). Creates the lock file if it is missing; a database held by another
    /// process is [`LockError::InUse`], and then nothing was written.
    pub fn take(url: &str) -> Result<Option<WriterLock>, LockError> {
        if !url.starts_with("sqlite:") {
            return Ok(None);
        }
        let Some(database) = sqlite_file(url) else {
            return Ok(Some(WriterLock { _file: None }));
        };
        let path = lock_path(&database);
        let io = |error| LockError::Io {
            path: path.display().to_string(),
            error,
        };
        // Opening changes nothing of a file that exists: it is written only once locked.
        let mut file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(&path)
            .map_err(io)?;
        match file.try_lock() {
            Ok(()) => {}
            Err(TryLockError::WouldBlock) => {
                let mut text = String::new();
                let pid = file
                    .read_to_string(&mut text)
                    .ok()
                    .and_then(|_| text.trim().parse().ok());
                return Err(LockError::InUse {
                    database: database.display().to_string(),
                    pid,
                });
            }
            Err(TryLockError::Error(error)) => return Err(io(error)),
        }
        file.set_len(0).map_err(io)?;
        writeln!(file, "{}", std::process::id()).map_err(io)?;
        Ok(Some(WriterLock { _file: Some(file) }))
    }
}

/// The file of a `sqlite://PATH` URL (query left out), or `None` for an in-memory database.
pub fn sqlite_file(url: &str) -> Option<PathBuf> {
    let rest = url.strip_prefix("sqlite:")?;
    let path = rest.trim_start_matches("//");
    let path = path.split('?').next().unwrap_or(path);
    (!path.is_empty() && !path.contains(":memory:")).then(|| PathBuf::from(path))
}

/// The lock file of `database`: beside the file itself when the database is a symbolic link, so
/// that every name of one database has one lock.
fn lock_path(database: &Path) -> PathBuf {
    let real = std::fs::canonicalize(database).unwrap_or_else(|_| database.to_path_buf());
    let mut path = real.into_os_string();
    path.push(".lock");
    PathBuf::from(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_file_of_a_url() {
        assert_eq!(
            sqlite_file("sqlite://cardarena.db"),
            Some("cardarena.db".into())
        );
        assert_eq!(
            sqlite_file("sqlite:///tmp/a.db?mode=rwc"),
            Some("/tmp/a.db".into())
        );
        assert_eq!(sqlite_file("sqlite::memory:"), None);
        assert_eq!(sqlite_file("postgres://u@h/d"), None);
    }

    #[test]
    fn a_second_lock_is_refused_with_the_holders_pid_and_taken_once_released() {
        let dir = std::env::temp_dir().join(format!("cardarena-lock-{}", uuid::Uuid::new_v4()));
        std::fs::create_dir_all(&dir).unwrap();
        let url = format!("sqlite://{}", dir.join("c.db").display());
        let held = WriterLock::take(&url).unwrap().unwrap();
        let error = WriterLock::take(&url).unwrap_err();
        let pid = std::process::id();
        assert!(
            matches!(error, LockError::InUse { pid: Some(p), .. } if p == pid),
            "{error}"
        );
        assert!(
            error.to_string().contains(&format!(
                "c.db is in use by another cardarena process, pid {pid}"
            )),
            "{error}"
        );
        drop(held);
        assert!(WriterLock::take(&url).unwrap().is_some());
        assert!(WriterLock::take("sqlite::memory:").unwrap().is_some());
        assert!(WriterLock::take("postgres://u@h/d").unwrap().is_none());
        std::fs::remove_dir_all(dir).unwrap();
    }
}
