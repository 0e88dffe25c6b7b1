//! Owner tokens, signing secrets and the server key they are derived from.
//!
//! Neither a token nor a secret is stored: the database keeps their SHA-256. A bot's signing
//! secret is derived from the server key and the bot's id (HMAC-SHA256), so the server can sign
//! its requests without keeping the secret itself; the key lives in a file beside the database,
//! readable by the server's user only.

use std::io::Write;
use std::path::{Path, PathBuf};

use hmac::{Hmac, KeyInit, Mac};
use sha2::{Digest, Sha256};

/// Where the key file of the SQLite database at `database` is when none is given: beside it, its
/// path with ".key" added (`serve` makes it there; a backup copies it there).
pub fn key_file_beside(database: &Path) -> PathBuf {
    let mut key = database.as_os_str().to_os_string();
    key.push(".key");
    PathBuf::from(key)
}

/// A fresh random owner token: 32 bytes from the operating system, in hex.
pub fn random_token() -> String {
    hex::encode(random_bytes())
}

/// The SHA-256 of `text`, in hex: what the database keeps of tokens and secrets.
pub fn hash(text: &str) -> String {
    hex::encode(Sha256::digest(text.as_bytes()))
}

/// A random number from the operating system, to seed generators.
pub fn random_u64() -> u64 {
    let bytes = random_bytes();
    u64::from_le_bytes([
        bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
    ])
}

fn random_bytes() -> [u8; 32] {
    let mut bytes = [0; 32];
    getrandom::fill(&mut bytes).expect("the operating system's random source works");
    bytes
}

/// The server's key, from which every bot's signing secret is derived.
#[derive(Clone)]
pub struct ServerKey([u8; 32]);

impl ServerKey {
    /// A random key that lives as long as the process (for in-memory databases).
    pub fn ephemeral() -> ServerKey {
        ServerKey(random_bytes())
    }

    /// Reads the key at `path`, or creates it there (mode 0600) when the file does not exist.
    pub fn load_or_create(path: &Path) -> std::io::Result<ServerKey> {
        match std::fs::read_to_string(path) {
            Ok(text) => ServerKey::parse(path, &text),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                let key = ServerKey::ephemeral();
                let mut options = std::fs::OpenOptions::new();
                options.write(true).create_new(true);
                #[cfg(unix)]
                std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
                let mut file = options.open(path)?;
                writeln!(file, "{}", hex::encode(key.0))?;
                Ok(key)
            }
            Err(e) => Err(e),
        }
    }

    /// Reads the key at `path`, which must exist (a worker's: one made here would sign with a
    /// key the server does not have).
    pub fn load(path: &Path) -> std::io::Result<ServerKey> {
        ServerKey::parse(path, &std::fs::read_to_string(path)?)
    }

    fn parse(path: &Path, text: &str) -> std::io::Result<ServerKey> {
        let bytes = hex::decode(text.trim())
            .ok()
            .and_then(|b| b.try_into().ok());
        bytes.map(ServerKey).ok_or_else(|| {
            std::io::Error::other(format!(
                "{} is not a cardarena key (64 hex digits)",
                path.display()
            ))
        })
    }

    /// The signing secret of the bot with this id, in hex.
    pub fn bot_secret(&self, bot_id: &str) -> String {
        let mut mac = Hmac::<Sha256>::new_from_slice(&self.0).expect("HMAC takes any key length");
        mac.update(b"cardarena bot secret v1:");
        mac.update(bot_id.as_bytes());
        hex::encode(mac.finalize().into_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashes_are_sha256_hex() {
        assert_eq!(
            hash("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }

    #[test]
    fn tokens_are_random_and_long() {
        let (a, b) = (random_token(), random_token());
        assert_eq!(a.len(), 64);
        assert_ne!(a, b);
    }

    #[test]
    fn a_key_file_is_created_once_and_gives_the_same_secrets_after() {
        let dir = std::env::temp_dir().join(format!("cardarena-key-{}", random_token()));
        std::fs::create_dir(&dir).unwrap();
        let path = dir.join("db.key");
        let first = ServerKey::load_or_create(&path).unwrap();
        let again = ServerKey::load_or_create(&path).unwrap();
        assert_eq!(first.bot_secret("b1"), again.bot_secret("b1"));
        assert_ne!(first.bot_secret("b1"), first.bot_secret("b2"));
        assert_ne!(
            first.bot_secret("b1"),
            ServerKey::ephemeral().bot_secret("b1")
        );
        std::fs::write(&path, "nonsense").unwrap();
        assert!(ServerKey::load_or_create(&path).is_err());
        std::fs::remove_dir_all(dir).unwrap();
    }
}
