//! The client's address, behind trusted proxies or not.
//!
//! A request's client is the TCP peer, unless the peer is one of the proxies the server trusts
//! (`serve --trust-proxy`). Then it is read from `X-Forwarded-For`: its instances in order, each a
//! comma list, make one list, which is walked from the right (the entry the nearest proxy added)
//! past the trusted addresses; the first address that is not trusted is the client. Entries left
//! of it are whatever the client sent, spoofed or not, and are never read. If every entry is
//! trusted, the left-most is the client. An entry that is not an address, where the walk has to
//! read it, means a proxy the server trusts wrote something it cannot use: the client is then the
//! peer (the proxy), so nobody escapes the per-client limits by it. Empty list elements are
//! skipped (HTTP's list syntax allows them); entries may carry a port (`1.2.3.4:5678`,
//! `[2001:db8::1]:443`) or brackets (`[2001:db8::1]`). IPv4-mapped IPv6 addresses
//! (`::ffff:1.2.3.4`) are the IPv4 address they map, for peers, entries and ranges alike.

use std::fmt;
use std::net::{IpAddr, Ipv6Addr, SocketAddr};

use axum::extract::FromRequestParts;
use axum::http::HeaderMap;
use axum::http::request::Parts;
use ipnet::{IpNet, Ipv4Net};

use crate::api::ApiError;

/// The header a proxy puts the addresses it forwards for in.
const X_FORWARDED_FOR: &str = "x-forwarded-for";

/// The client a request is from: the address every per-client limit counts and the logs show.
/// The listener puts it in every request's extensions; a handler takes it as an extractor.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ClientAddr(pub IpAddr);

impl fmt::Display for ClientAddr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl<S: Sync> FromRequestParts<S> for ClientAddr {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<ClientAddr, ApiError> {
        parts
            .extensions
            .get::<ClientAddr>()
            .copied()
            .ok_or_else(|| ApiError::internal("a request that did not come through the listener"))
    }
}

/// The ranges of the proxies whose `X-Forwarded-For` is believed (none by default).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TrustedProxies(Vec<IpNet>);

impl TrustedProxies {
    /// Trusts the proxies in `ranges` (from [`parse_range`], IPv4-mapped ranges already IPv4).
    pub fn new(ranges: Vec<IpNet>) -> TrustedProxies {
        TrustedProxies(ranges)
    }

    /// Whether `ip` is a trusted proxy's address.
    pub fn contains(&self, ip: IpAddr) -> bool {
        let ip = ip.to_canonical();
        self.0.iter().any(|range| range.contains(&ip))
    }

    /// The client of a request that came from `peer` with these `headers` (see the module's
    /// documentation).
    pub fn client(&self, peer: IpAddr, headers: &HeaderMap) -> ClientAddr {
        let peer = peer.to_canonical();
        if !self.contains(peer) {
            return ClientAddr(peer);
        }
        let mut client = peer;
        let entries = headers
            .get_all(X_FORWARDED_FOR)
            .iter()
            .rev()
            .flat_map(|value| value.as_bytes().rsplit(|&b| b == b','))
            .map(<[u8]>::trim_ascii)
            .filter(|entry| !entry.is_empty());
        for entry in entries {
            let Some(ip) = parse_entry(entry) else {
                return ClientAddr(peer);
            };
            client = ip;
            if !self.contains(ip) {
                break;
            }
        }
        ClientAddr(client)
    }
}

/// One `X-Forwarded-For` entry's address: `1.2.3.4`, `1.2.3.4:80`, `2001:db8::1`,
/// `[2001:db8::1]` or `[2001:db8::1]:443`; `None` for anything else.
fn parse_entry(entry: &[u8]) -> Option<IpAddr> {
    let text = std::str::from_utf8(entry).ok()?;
    let ip = text
        .parse::<IpAddr>()
        .ok()
        .or_else(|| text.parse::<SocketAddr>().ok().map(|s| s.ip()))
        .or_else(|| {
            let inner = text.strip_prefix('[')?.strip_suffix(']')?;
            inner.parse::<Ipv6Addr>().ok().map(IpAddr::V6)
        })?;
    Some(ip.to_canonical())
}

/// One `--trust-proxy` range: a CIDR range (`10.0.0.0/8`, `2001:db8::/32`) or a single address
/// (`192.0.2.7`, all of whose bits count). An IPv4-mapped IPv6 range is the IPv4 range it maps.
pub fn parse_range(text: &str) -> Result<IpNet, String> {
    let range = match text.parse::<IpNet>() {
        Ok(range) => range,
        Err(_) => match text.parse::<IpAddr>() {
            Ok(ip) => IpNet::from(ip),
            Err(_) => {
                return Err(format!(
                    "{text:?} is not a CIDR range (like 10.0.0.0/8 or 2001:db8::/32) or an address"
                ));
            }
        },
    };
    Ok(match range {
        IpNet::V6(v6) => match (v6.network().to_ipv4_mapped(), v6.prefix_len()) {
            (Some(v4), prefix @ 96..) => {
                IpNet::V4(Ipv4Net::new(v4, prefix - 96).expect("a prefix of 0 to 32"))
            }
            _ => IpNet::V6(v6.trunc()),
        },
        IpNet::V4(v4) => IpNet::V4(v4.trunc()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn trusted(ranges: &[&str]) -> TrustedProxies {
        TrustedProxies::new(ranges.iter().map(|r| parse_range(r).unwrap()).collect())
    }

    fn client(trust: &TrustedProxies, peer: &str, forwarded: &[&[u8]]) -> String {
        let mut headers = HeaderMap::new();
        for value in forwarded {
            headers.append(X_FORWARDED_FOR, HeaderValue::from_bytes(value).unwrap());
        }
        trust.client(peer.parse().unwrap(), &headers).to_string()
    }

    #[test]
    fn an_untrusted_peer_is_the_client_whatever_it_forwards() {
        let trust = trusted(&["10.0.0.0/8"]);
        assert_eq!(client(&trust, "192.0.2.1", &[b"203.0.113.9"]), "192.0.2.1");
        assert_eq!(
            client(&TrustedProxies::default(), "10.0.0.1", &[b"1.2.3.4"]),
            "10.0.0.1"
        );
    }

    #[test]
    fn behind_trusted_proxies_the_right_most_untrusted_entry_is_the_client() {
        let trust = trusted(&["10.0.0.0/8", "192.0.2.7"]);
        assert_eq!(client(&trust, "10.0.0.1", &[b"203.0.113.9"]), "203.0.113.9");
        // Spoofed entries left of the one the proxy added are not read.
        let chain: &[u8] = b"1.1.1.1, 203.0.113.9 ,10.1.1.1";
        assert_eq!(client(&trust, "10.0.0.1", &[chain]), "203.0.113.9");
        // Instances make one list, in order; empty elements are skipped.
        let split: [&[u8]; 2] = [b"1.1.1.1, 203.0.113.9", b",192.0.2.7,"];
        assert_eq!(client(&trust, "10.0.0.1", &split), "203.0.113.9");
        // Every entry trusted: the left-most; no entry: the peer.
        assert_eq!(
            client(&trust, "10.0.0.1", &[b"10.9.9.9, 10.1.1.1"]),
            "10.9.9.9"
        );
        assert_eq!(client(&trust, "10.0.0.1", &[]), "10.0.0.1");
    }

    #[test]
    fn ports_brackets_and_mapped_addresses_are_read_and_garbage_falls_back_to_the_peer() {
        let trust = trusted(&["::ffff:10.0.0.0/104"]);
        assert_eq!(
            client(&trust, "::ffff:10.0.0.1", &[b"1.2.3.4:80"]),
            "1.2.3.4"
        );
        assert_eq!(
            client(&trust, "10.0.0.1", &[b"[2001:db8::1]:443"]),
            "2001:db8::1"
        );
        assert_eq!(
            client(&trust, "10.0.0.1", &[b"[2001:db8::1]"]),
            "2001:db8::1"
        );
        assert_eq!(client(&trust, "10.0.0.1", &[b"::ffff:1.2.3.4"]), "1.2.3.4");
        for garbage in [&b"unknown"[..], b"1.2.3", b"fe80::1%eth0", b"\xff"] {
            assert_eq!(client(&trust, "10.0.0.1", &[garbage]), "10.0.0.1");
        }
        // Garbage left of the client is never read.
        assert_eq!(client(&trust, "10.0.0.1", &[b"junk, 1.2.3.4"]), "1.2.3.4");
    }

    #[test]
    fn ranges_are_cidrs_or_addresses() {
        assert_eq!(parse_range("10.1.2.3/8").unwrap().to_string(), "10.0.0.0/8");
        assert_eq!(
            parse_range("192.0.2.7").unwrap().to_string(),
            "192.0.2.7/32"
        );
        assert_eq!(
            parse_range("2001:db8::1").unwrap().to_string(),
            "2001:db8::1/128"
        );
        assert_eq!(
            parse_range("::ffff:10.0.0.0/104").unwrap().to_string(),
            "10.0.0.0/8"
        );
        for bad in ["10.0.0.0/33", "proxy", "10.0.0.0/", ""] {
            let error = parse_range(bad).unwrap_err();
            assert!(error.contains("not a CIDR range"), "{error}");
        }
    }
}
