//! `cardarena backup`: a consistent copy of the database, taken while `serve` runs on it, with
//! the key file the bots' secrets derive from copied beside it, to FILE.key; prints what it
//! copied. SQLite is copied here (`VACUUM INTO`, see `store::backup`); PostgreSQL by `pg_dump`
//! (`backup_postgres`). docs/operations.md, "Backups and restore", says how to restore.
//!
//! A backup is written under a temporary name beside FILE and renamed once complete and synced,
//! so whatever sits under FILE is a whole backup; an existing FILE or FILE.key is replaced only
//! with `--force`.

use std::path::{Path, PathBuf};
use std::time::Instant;

use clap::Args;
use serde_json::{Map, Value, json};

use super::CliError;
use cardarena_contest::secrets::{ServerKey, key_file_beside};
use cardarena_store::backup::{self, Contents};
use cardarena_store::{WriterLock, sqlite_file};

/// Arguments of `cardarena backup`.
#[derive(Debug, Args)]
pub struct BackupArgs {
    /// The database to copy, which a server may be running on: sqlite://PATH or
    /// postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE (copied by pg_dump).
    #[arg(long, default_value = "sqlite://cardarena.db")]
    database_url: String,
    /// The backup file to write: a SQLite database, or pg_dump's custom format. The key file is
    /// copied beside it, to FILE.key, where `serve --database-url sqlite://FILE` looks for it.
    #[arg(long, value_name = "FILE")]
    to: PathBuf,
    /// The key file the server signs with, as `serve` was given it [default: a SQLite database's
    /// path + ".key"; required with postgres://].
    #[arg(long)]
    key_file: Option<PathBuf>,
    /// Replace FILE and FILE.key if they exist (refused while a server runs on FILE).
    #[arg(long)]
    force: bool,
    /// With postgres://: the pg_dump program to run (its major version at least the server's).
    #[arg(long, default_value = "pg_dump")]
    pg_dump: PathBuf,
    /// Print what was copied as one JSON line instead of sentences.
    #[arg(long)]
    json: bool,
}

/// What a backup wrote.
pub(super) struct Written {
    /// "sqlite" or "postgres".
    pub backend: &'static str,
    /// The database copied, its password hidden.
    pub database: String,
    /// The backup file.
    pub file: PathBuf,
    /// Its size in bytes.
    pub bytes: u64,
    /// The key file copied, and its copy.
    pub key: (PathBuf, PathBuf),
    /// How long the backup took, from the first read to the renamed, synced files.
    pub seconds: f64,
    /// What the backup holds.
    pub contents: Contents,
}

/// Takes the backup and prints what it copied.
pub fn run(args: BackupArgs) -> Result<(), CliError> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| CliError(e.to_string()))?;
    let written = if args.database_url.starts_with("sqlite:") {
        let database = sqlite_file(&args.database_url).ok_or_else(|| {
            CliError(
                "an in-memory database lives and dies with its process: there is nothing to back \
                 up"
                .into(),
            )
        })?;
        let key = args
            .key_file
            .clone()
            .unwrap_or_else(|| key_file_beside(&database));
        runtime.block_on(sqlite(&database, &key, &args.to, args.force))?
    } else if args.database_url.starts_with("postgres://")
        || args.database_url.starts_with("postgresql://")
    {
        let key = args.key_file.as_deref().ok_or_else(|| {
            CliError(
                "a PostgreSQL database has no key file beside it: give --key-file, the file \
                 `serve --key-file` signs with, and the backup copies it to FILE.key"
                    .into(),
            )
        })?;
        let dump = super::backup_postgres::Dump {
            url: &args.database_url,
            key,
            to: &args.to,
            force: args.force,
            pg_dump: &args.pg_dump,
        };
        runtime.block_on(dump.run())?
    } else {
        return Err(CliError(format!(
            "{}: not a database URL cardarena knows (sqlite://PATH or postgres://…)",
            cardarena_store::redacted(&args.database_url)
        )));
    };
    if args.json {
        println!("{}", report_json(&written));
    } else {
        print!("{}", report_text(&written));
    }
    Ok(())
}

/// Copies the SQLite database at `database` and its key file `key` to `to` and `to`.key.
pub(super) async fn sqlite(
    database: &Path,
    key: &Path,
    to: &Path,
    force: bool,
) -> Result<Written, CliError> {
    if !database.is_file() {
        return Err(CliError(format!(
            "there is no database at {}: give the --database-url `serve` runs on",
            database.display()
        )));
    }
    let started = Instant::now();
    let target = Target::prepare(to, force, Some(database))?;
    let key_copy = target.copy_key(key)?;
    let partial = Partial::beside(to)?;
    let failed = |e: cardarena_store::StoreError| CliError(format!("{}: {e}", database.display()));
    backup::copy_sqlite(database, &partial.0)
        .await
        .map_err(failed)?;
    backup::sqlite_check(&partial.0).await.map_err(failed)?;
    let contents = backup::sqlite_contents(&partial.0).await.map_err(failed)?;
    key_copy.place(&target.key)?;
    let bytes = partial.place(&target.file)?;
    Ok(Written {
        backend: "sqlite",
        database: format!("sqlite://{}", database.display()),
        file: target.file,
        bytes,
        key: (key.to_path_buf(), target.key),
        seconds: started.elapsed().as_secs_f64(),
        contents,
    })
}

/// Where a backup goes: FILE and FILE.key, checked free (or, with `--force`, replaceable).
pub(super) struct Target {
    /// The backup file.
    pub file: PathBuf,
    /// Its key file.
    pub key: PathBuf,
    /// The replaced SQLite backup's one-writer lock, held while it is replaced, so that no
    /// server is running on it.
    _lock: Option<WriterLock>,
}

impl Target {
    /// Checks that `to` and `to`.key may be written: free, or replaceable with `force` (for a
    /// SQLite backup, `source` given: not the database itself, and not in use by a server, whose
    /// leftover write-ahead log is then removed so that it is not applied to the new file).
    pub fn prepare(to: &Path, force: bool, source: Option<&Path>) -> Result<Target, CliError> {
        let file = to.to_path_buf();
        let key = key_file_beside(to);
        let folder = folder_of(to);
        if !folder.is_dir() {
            return Err(CliError(format!(
                "there is no folder {} to write the backup in",
                folder.display()
            )));
        }
        let wal = [with_suffix(to, "-wal"), with_suffix(to, "-shm")];
        let taken: Vec<&PathBuf> = [&file, &key]
            .into_iter()
            .chain(source.map_or(&[][..], |_| &wal[..]))
            .filter(|path| path.exists())
            .collect();
        if let (Some(source), true) = (source, file.exists()) {
            let same = std::fs::canonicalize(source).ok() == std::fs::canonicalize(&file).ok();
            if same {
                return Err(CliError(format!(
                    "{} is the database itself: give --to another file",
                    file.display()
                )));
            }
        }
        if !taken.is_empty() && !force {
            let names: Vec<String> = taken.iter().map(|p| p.display().to_string()).collect();
            let verb = if names.len() == 1 { "exists" } else { "exist" };
            return Err(CliError(format!(
                "{} already {verb}: give another --to, or --force to replace the old backup",
                names.join(" and ")
            )));
        }
        let mut lock = None;
        if source.is_some() && !taken.is_empty() {
            let url = format!("sqlite://{}", file.display());
            lock = WriterLock::take(&url).map_err(|e| CliError(e.to_string()))?;
            for path in &wal {
                remove_if_there(path)?;
            }
        }
        Ok(Target {
            file,
            key,
            _lock: lock,
        })
    }

    /// Reads the key file at `key` (which must be a cardarena key) into a partial copy beside
    /// this target's, readable by its owner only.
    pub fn copy_key(&self, key: &Path) -> Result<Partial, CliError> {
        ServerKey::load(key).map_err(|e| {
            CliError(format!(
                "cannot read the key file {}: {e}; every bot's signing secret derives from it, so \
                 a backup without it is no use: give --key-file, the key `serve` uses",
                key.display()
            ))
        })?;
        let bytes = std::fs::read(key).map_err(|e| io(key, e))?;
        let partial = Partial::beside(&self.key)?;
        let mut options = std::fs::OpenOptions::new();
        options.write(true).create_new(true);
        #[cfg(unix)]
        std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
        let mut file = options.open(&partial.0).map_err(|e| io(&partial.0, e))?;
        std::io::Write::write_all(&mut file, &bytes).map_err(|e| io(&partial.0, e))?;
        Ok(partial)
    }
}

/// A file being written under a temporary name beside its final one, removed if dropped before
/// it is placed.
pub(super) struct Partial(pub PathBuf);

impl Partial {
    /// A fresh temporary name beside `file` (nothing is created).
    pub fn beside(file: &Path) -> Result<Partial, CliError> {
        let name = file
            .file_name()
            .ok_or_else(|| CliError(format!("{}: not a file name", file.display())))?;
        let mut partial = name.to_os_string();
        let tag = uuid::Uuid::new_v4().simple().to_string();
        partial.push(format!(".partial-{}", &tag[..8]));
        Ok(Partial(file.with_file_name(partial)))
    }

    /// Syncs the file to disk and renames it to `file` (replacing what is there), then syncs the
    /// folder so that the rename lasts; returns the file's size.
    pub fn place(mut self, file: &Path) -> Result<u64, CliError> {
        let written = std::fs::File::open(&self.0).map_err(|e| io(&self.0, e))?;
        written.sync_all().map_err(|e| io(&self.0, e))?;
        let bytes = written.metadata().map_err(|e| io(&self.0, e))?.len();
        std::fs::rename(&self.0, file).map_err(|e| io(file, e))?;
        // Placed: nothing to remove any more.
        self.0 = PathBuf::new();
        let folder = folder_of(file);
        std::fs::File::open(&folder)
            .and_then(|dir| dir.sync_all())
            .map_err(|e| io(&folder, e))?;
        Ok(bytes)
    }
}

impl Drop for Partial {
    fn drop(&mut self) {
        if !self.0.as_os_str().is_empty() {
            let _ = std::fs::remove_file(&self.0);
        }
    }
}

/// `path` with `suffix` added to its file name.
fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_os_string();
    name.push(suffix);
    PathBuf::from(name)
}

/// The folder `path` is in (`.` for a bare file name).
fn folder_of(path: &Path) -> PathBuf {
    match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// Removes the file at `path` if there is one.
fn remove_if_there(path: &Path) -> Result<(), CliError> {
    match std::fs::remove_file(path) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(io(path, e)),
        _ => Ok(()),
    }
}

/// An I/O error on `path`, as the command's.
pub(super) fn io(path: &Path, error: std::io::Error) -> CliError {
    CliError(format!("{}: {error}", path.display()))
}

/// What `backup` prints: what it wrote, what it holds, and how to restore it.
fn report_text(w: &Written) -> String {
    let mut text = format!(
        "backup of {} written to {} ({}) in {:.2} s\n",
        w.database,
        w.file.display(),
        size(w.bytes),
        w.seconds
    );
    let statuses: Vec<String> = (w.contents.matches.iter())
        .map(|(status, n)| format!("{n} {status}"))
        .collect();
    let total: u64 = w.contents.matches.iter().map(|(_, n)| n).sum();
    text += &match total {
        0 => "  matches: 0\n".to_string(),
        _ => format!("  matches: {total} ({})\n", statuses.join(", ")),
    };
    let width = (w.contents.tables.iter())
        .map(|(t, _)| t.len())
        .max()
        .unwrap_or(0);
    for (table, rows) in &w.contents.tables {
        text += &format!("  {table:width$}  {rows:>9} rows\n");
    }
    text += &format!(
        "  key file {} copied to {}\n",
        w.key.0.display(),
        w.key.1.display()
    );
    let unplayed = w.contents.matches_with("running") + w.contents.matches_with("queued");
    if unplayed > 0 {
        text += &format!(
            "{unplayed} matches were running or queued: a server started on the backup plays \
             them from the start\n"
        );
    }
    text += &match w.backend {
        "sqlite" => format!(
            "to restore: cardarena serve --database-url sqlite://{} (it signs with {} beside it)\n",
            w.file.display(),
            w.key.1.display()
        ),
        _ => format!(
            "to restore: createdb a new database, pg_restore --no-owner --exit-on-error --dbname \
             postgres://…/NEW {}, then cardarena serve --database-url postgres://…/NEW --key-file \
             {} (docs/operations.md)\n",
            w.file.display(),
            w.key.1.display()
        ),
    };
    text
}

/// What `backup --json` prints: one JSON object.
fn report_json(w: &Written) -> Value {
    let tables: Map<String, Value> = (w.contents.tables.iter())
        .map(|(t, n)| (t.clone(), json!(n)))
        .collect();
    let matches: Map<String, Value> = (w.contents.matches.iter())
        .map(|(s, n)| (s.clone(), json!(n)))
        .collect();
    json!({
        "backend": w.backend,
        "database": w.database,
        "file": w.file.display().to_string(),
        "bytes": w.bytes,
        "key_file": w.key.1.display().to_string(),
        "key_from": w.key.0.display().to_string(),
        "seconds": (w.seconds * 1000.0).round() / 1000.0,
        "tables": tables,
        "matches": matches,
    })
}

/// A size in bytes, for people.
fn size(bytes: u64) -> String {
    match bytes {
        0..1_000_000 => format!("{:.1} kB", bytes as f64 / 1e3),
        _ => format!("{:.1} MB", bytes as f64 / 1e6),
    }
}
