//! The `X-Cardarena-Signature` header: `sha256=` and the lowercase hex HMAC-SHA256 of the request
//! body keyed with the bot's secret, so a bot can check that a call comes from the server.

use hmac::{Hmac, KeyInit, Mac};
use sha2::Sha256;

/// What a signature header starts with.
pub const SIGNATURE_PREFIX: &str = "sha256=";

/// A bot's signing key, set up once and reused for every call (HMAC's key schedule is done
/// here, not per body).
#[derive(Clone)]
pub struct Signer {
    keyed: Hmac<Sha256>,
}

impl Signer {
    /// A signer for `secret` (any length).
    pub fn new(secret: &[u8]) -> Signer {
        Signer {
            keyed: Hmac::<Sha256>::new_from_slice(secret)
                .unwrap_or_else(|_| unreachable!("HMAC takes keys of any length")),
        }
    }

    /// The signature header value of `body`: `sha256=<lowercase hex HMAC-SHA256>`.
    pub fn sign(&self, body: &[u8]) -> String {
        let mut mac = self.keyed.clone();
        mac.update(body);
        let tag = mac.finalize().into_bytes();
        let mut out = String::with_capacity(SIGNATURE_PREFIX.len() + 2 * tag.len());
        out.push_str(SIGNATURE_PREFIX);
        out.push_str(&hex::encode(tag));
        out
    }

    /// Whether `header` is the signature of `body`, compared in constant time.
    pub fn verify(&self, body: &[u8], header: &str) -> bool {
        let Some(hex_tag) = header.trim().strip_prefix(SIGNATURE_PREFIX) else {
            return false;
        };
        let Ok(tag) = hex::decode(hex_tag) else {
            return false;
        };
        let mut mac = self.keyed.clone();
        mac.update(body);
        mac.verify_slice(&tag).is_ok()
    }
}

impl std::fmt::Debug for Signer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Signer(..)")
    }
}

/// The signature header value of `body` under `secret`: `sha256=<lowercase hex HMAC-SHA256>`.
pub fn sign(secret: &[u8], body: &[u8]) -> String {
    Signer::new(secret).sign(body)
}

/// Whether `header` is `body`'s signature under `secret` (`sha256=<hex>`, hex in either case),
/// compared in constant time.
pub fn verify(secret: &[u8], body: &[u8], header: &str) -> bool {
    Signer::new(secret).verify(body, header)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signs_like_python_hmac_and_verifies_only_the_same_body() {
        // python3 -c "import hmac,hashlib; print(hmac.new(b'key',
        //   b'The quick brown fox jumps over the lazy dog', hashlib.sha256).hexdigest())"
        let body = b"The quick brown fox jumps over the lazy dog";
        let header = sign(b"key", body);
        assert_eq!(
            header,
            "sha256=f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8"
        );
        assert!(verify(b"key", body, &header));
        assert!(verify(
            b"key",
            body,
            &header.to_uppercase().replace("SHA256=", "sha256=")
        ));
        assert!(!verify(b"key", b"The quick brown fox", &header));
        assert!(!verify(b"other key", body, &header));
        assert!(!verify(
            b"key",
            body,
            header.trim_start_matches(SIGNATURE_PREFIX)
        ));
        assert!(!verify(b"key", body, "sha256=zz"));
        assert!(!verify(b"key", body, "sha256="));
        assert!(!verify(b"key", body, &header[..header.len() - 2]));
    }
}
