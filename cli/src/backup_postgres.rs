//! `cardarena backup` of a PostgreSQL database: `pg_dump` in its custom format (what
//! `pg_restore` reads), sharing the snapshot of a read-only transaction held here, in which the
//! rows are counted: the counts printed are the rows dumped. The password, if the URL has one,
//! goes to pg_dump in its environment (`PGPASSWORD`), not on its command line, which other users
//! of the machine can read.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Instant;

use super::CliError;
use super::backup::{Partial, Target, Written};
use cardarena_store::backup::PostgresSnapshot;
use cardarena_store::redacted;

/// One dump to take.
pub(super) struct Dump<'a> {
    /// The database: postgres://…
    pub url: &'a str,
    /// The key file its server signs with.
    pub key: &'a Path,
    /// The backup file.
    pub to: &'a Path,
    /// Whether an existing backup may be replaced.
    pub force: bool,
    /// The pg_dump program.
    pub pg_dump: &'a Path,
}

impl Dump<'_> {
    /// Dumps the database and copies the key; what was written.
    pub async fn run(self) -> Result<Written, CliError> {
        let started = Instant::now();
        let target = Target::prepare(self.to, self.force, None)?;
        let key_copy = target.copy_key(self.key)?;
        let partial = Partial::beside(self.to)?;
        let database = redacted(self.url);
        let failed = |e: cardarena_store::StoreError| CliError(e.to_string());
        let mut snapshot = PostgresSnapshot::take(self.url).await.map_err(failed)?;
        let contents = snapshot.contents().await.map_err(failed)?;
        self.dump(&snapshot.id, &partial.0)?;
        snapshot.release().await.map_err(failed)?;
        key_copy.place(&target.key)?;
        let bytes = partial.place(&target.file)?;
        Ok(Written {
            backend: "postgres",
            database,
            file: target.file,
            bytes,
            key: (self.key.to_path_buf(), target.key),
            seconds: started.elapsed().as_secs_f64(),
            contents,
        })
    }

    /// Runs pg_dump on the exported snapshot `snapshot`, into `file`. It blocks this thread, on
    /// which the snapshot's transaction only waits meanwhile.
    fn dump(&self, snapshot: &str, file: &Path) -> Result<(), CliError> {
        let mut url = url::Url::parse(self.url)
            .map_err(|e| CliError(format!("{}: {e}", redacted(self.url))))?;
        let password = url.password().map(str::to_string);
        let _ = url.set_password(None);
        let mut command = Command::new(self.pg_dump);
        command
            .args(["--format=custom", "--no-password"])
            .arg(format!("--snapshot={snapshot}"))
            .arg("--file")
            .arg(file)
            .arg(format!("--dbname={url}"))
            .stdin(Stdio::null());
        if let Some(password) = password {
            let decoded = percent_decode(&password);
            command.env("PGPASSWORD", decoded);
        }
        let output = command.output().map_err(|e| {
            CliError(format!(
                "cannot run {}: {e}; install PostgreSQL's client programs (Debian: apt-get \
                 install postgresql-client), give --pg-dump PATH, or run pg_dump yourself as \
                 docs/operations.md says",
                self.pg_dump.display()
            ))
        })?;
        if !output.status.success() {
            return Err(CliError(format!(
                "{} failed ({}): {}",
                self.pg_dump.display(),
                output.status,
                String::from_utf8_lossy(&output.stderr).trim()
            )));
        }
        Ok(())
    }
}

/// A URL's percent-encoded part, decoded (a password may hold `@` or `:` written as `%40`, `%3A`).
fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes
            .get(i + 1..i + 3)
            .and_then(|h| std::str::from_utf8(h).ok());
        match (bytes[i], hex.and_then(|h| u8::from_str_radix(h, 16).ok())) {
            (b'%', Some(byte)) => {
                out.push(byte);
                i += 3;
            }
            (byte, _) => {
                out.push(byte);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_password_is_percent_decoded() {
        assert_eq!(super::percent_decode("p%40ss%3Aw%2"), "p@ss:w%2");
        assert_eq!(super::percent_decode("plain&+"), "plain&+");
    }
}
