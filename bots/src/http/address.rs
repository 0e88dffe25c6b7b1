//! Which addresses a bot may live at: the [`AddressPolicy`], the pure [`is_public`] test, the
//! registration check [`check_bot_url`], and the DNS resolver that keeps a public-mode client off
//! non-public addresses.

use std::fmt;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};

use reqwest::dns::{Addrs, Name, Resolve, Resolving};
use url::{Host, Url};

/// The longest bot URL accepted, in bytes (as given and as normalised).
pub const MAX_URL_LEN: usize = 2048;

/// Which addresses the server may call a bot at.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum AddressPolicy {
    /// Any address, loopback and private ranges included: for a server on one machine or a
    /// trusted network, and for tests.
    #[default]
    Local,
    /// Only public unicast addresses (see [`is_public`]): for a server that accepts bots from
    /// anyone, so that a bot URL cannot make it call into its own host or network.
    Public,
}

impl AddressPolicy {
    /// Whether the policy lets the server connect to `ip`.
    pub fn allows(self, ip: IpAddr) -> bool {
        match self {
            AddressPolicy::Local => true,
            AddressPolicy::Public => is_public(ip),
        }
    }
}

/// Whether `ip` is a public unicast address: not loopback, private, shared (CGNAT), link-local,
/// unspecified, broadcast, multicast, reserved, documentation or benchmarking space, nor an
/// IPv4-mapped or NAT64 form of one of those. IPv6 must lie in global unicast `2000::/3`.
pub fn is_public(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => is_public_v4(v4),
        IpAddr::V6(v6) => is_public_v6(v6),
    }
}

fn is_public_v4(ip: Ipv4Addr) -> bool {
    let [a, b, c, _] = ip.octets();
    let refused = a == 0 // "this network", 0.0.0.0 included
        || a == 10 // private
        || (a == 100 && (64..128).contains(&b)) // shared address space (CGNAT)
        || a == 127 // loopback
        || (a == 169 && b == 254) // link-local
        || (a == 172 && (16..32).contains(&b)) // private
        || (a == 192 && b == 0 && c == 0) // IETF protocol assignments
        || (a == 192 && b == 0 && c == 2) // documentation (TEST-NET-1)
        || (a == 192 && b == 88 && c == 99) // 6to4 relay anycast (deprecated)
        || (a == 192 && b == 168) // private
        || (a == 198 && (b == 18 || b == 19)) // benchmarking
        || (a == 198 && b == 51 && c == 100) // documentation (TEST-NET-2)
        || (a == 203 && b == 0 && c == 113) // documentation (TEST-NET-3)
        || a >= 224; // multicast, reserved, broadcast
    !refused
}

fn is_public_v6(ip: Ipv6Addr) -> bool {
    let s = ip.segments();
    // ::ffff:a.b.c.d (IPv4-mapped) and 64:ff9b::a.b.c.d (well-known NAT64 prefix) reach the
    // embedded IPv4 address: they are as public as it is.
    if (s[..5] == [0, 0, 0, 0, 0] && s[5] == 0xffff) || s[..6] == [0x64, 0xff9b, 0, 0, 0, 0] {
        let [a, b] = s[6].to_be_bytes();
        let [c, d] = s[7].to_be_bytes();
        return is_public_v4(Ipv4Addr::new(a, b, c, d));
    }
    let global_unicast = s[0] & 0xe000 == 0x2000;
    let refused = s[..2] == [0x2001, 0] // Teredo tunnels: could lead anywhere
        || s[..3] == [0x2001, 2, 0] // benchmarking
        || (s[0] == 0x2001 && (s[1] & 0xffe0) == 0x0020) // ORCHIDv2
        || (s[0] == 0x2001 && (s[1] & 0xfff0) == 0x0010) // ORCHID (deprecated)
        || s[..2] == [0x2001, 0xdb8] // documentation
        || s[0] == 0x2002 // 6to4: could embed any IPv4 address
        || (s[0] & 0xfff0) == 0x3ff0; // documentation (3fff::/20)
    global_unicast && !refused
}

/// Why a bot URL is refused at registration. The messages are shown to users as they are.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BotUrlError {
    /// Longer than [`MAX_URL_LEN`].
    #[error("the bot URL is {len} bytes long; at most {MAX_URL_LEN} are allowed")]
    TooLong {
        /// Its length in bytes.
        len: usize,
    },
    /// Not a URL at all.
    #[error("the bot URL does not parse: {0}")]
    Invalid(#[from] url::ParseError),
    /// A scheme other than http or https.
    #[error("the bot URL must start with http:// or https://, not {scheme}://")]
    Scheme {
        /// The scheme given.
        scheme: String,
    },
    /// No host to call.
    #[error("the bot URL has no host")]
    NoHost,
    /// A user name or password in the URL.
    #[error(
        "the bot URL must not hold a user name or password; check the signature header instead"
    )]
    Credentials,
    /// A `#fragment`, which is never sent.
    #[error("the bot URL must not have a #fragment")]
    Fragment,
    /// The host name did not resolve.
    #[error("the bot's host {host} does not resolve: {detail}")]
    Unresolved {
        /// The host name.
        host: String,
        /// What the resolver said.
        detail: String,
    },
    /// The host is, or resolves to, an address the public policy refuses.
    #[error(
        "the bot's host {host} is at {ip}, which is not a public address (loopback, private, \
         link-local and reserved addresses are refused)"
    )]
    NotPublic {
        /// The host as given.
        host: String,
        /// The refused address.
        ip: IpAddr,
    },
}

/// Checks a bot URL given at registration and returns it parsed: http or https, a host, no user
/// name or password, no fragment, at most [`MAX_URL_LEN`] bytes. Under [`AddressPolicy::Public`]
/// the host is resolved and every address it resolves to must be public (the client checks again
/// at each connection, since a name's answer can change).
pub async fn check_bot_url(url: &str, policy: AddressPolicy) -> Result<Url, BotUrlError> {
    if url.len() > MAX_URL_LEN {
        return Err(BotUrlError::TooLong { len: url.len() });
    }
    let parsed = Url::parse(url.trim())?;
    if parsed.as_str().len() > MAX_URL_LEN {
        return Err(BotUrlError::TooLong {
            len: parsed.as_str().len(),
        });
    }
    if !matches!(parsed.scheme(), "http" | "https") {
        return Err(BotUrlError::Scheme {
            scheme: parsed.scheme().to_owned(),
        });
    }
    if !parsed.username().is_empty() || parsed.password().is_some() {
        return Err(BotUrlError::Credentials);
    }
    if parsed.fragment().is_some() {
        return Err(BotUrlError::Fragment);
    }
    let host = parsed.host().ok_or(BotUrlError::NoHost)?;
    if policy == AddressPolicy::Public {
        let name = host.to_string();
        let port = parsed.port_or_known_default().unwrap_or(80);
        let ips: Vec<IpAddr> = match host {
            Host::Ipv4(ip) => vec![IpAddr::V4(ip)],
            Host::Ipv6(ip) => vec![IpAddr::V6(ip)],
            Host::Domain(domain) => tokio::net::lookup_host((domain, port))
                .await
                .map_err(|e| BotUrlError::Unresolved {
                    host: name.clone(),
                    detail: e.to_string(),
                })?
                .map(|addr| addr.ip())
                .collect(),
        };
        if ips.is_empty() {
            return Err(BotUrlError::Unresolved {
                host: name,
                detail: "no address".to_owned(),
            });
        }
        if let Some(&ip) = ips.iter().find(|ip| !is_public(**ip)) {
            return Err(BotUrlError::NotPublic { host: name, ip });
        }
    }
    Ok(parsed)
}

/// The refusal of an IP-literal URL's host under `policy`, if it is refused. Names are checked
/// by the resolver at connection time instead.
pub(crate) fn refused_literal(url: &Url, policy: AddressPolicy) -> Option<IpAddr> {
    let ip = match url.host()? {
        Host::Ipv4(ip) => IpAddr::V4(ip),
        Host::Ipv6(ip) => IpAddr::V6(ip),
        Host::Domain(_) => return None,
    };
    (!policy.allows(ip)).then_some(ip)
}

/// The DNS resolver of a public-mode client: resolves with the system resolver and keeps only
/// public addresses, failing when none is left. Because reqwest connects to what the resolver
/// returns, the address actually connected to is the one checked.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct PublicResolver;

impl Resolve for PublicResolver {
    fn resolve(&self, name: Name) -> Resolving {
        let host = name.as_str().to_owned();
        Box::pin(async move {
            let resolved: Vec<SocketAddr> =
                tokio::net::lookup_host((host.as_str(), 0)).await?.collect();
            let (public, refused): (Vec<SocketAddr>, Vec<SocketAddr>) =
                resolved.into_iter().partition(|addr| is_public(addr.ip()));
            if public.is_empty() {
                let ips = refused.iter().map(|addr| addr.ip()).collect();
                return Err(Box::new(PolicyRefusal { host, ips }) as _);
            }
            Ok(Box::new(public.into_iter()) as Addrs)
        })
    }
}

/// A host refused by the public address policy.
#[derive(Debug)]
pub(crate) struct PolicyRefusal {
    pub(crate) host: String,
    pub(crate) ips: Vec<IpAddr>,
}

impl fmt::Display for PolicyRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "refused by the address policy: {} has no public address",
            self.host
        )?;
        if !self.ips.is_empty() {
            let ips: Vec<String> = self.ips.iter().map(IpAddr::to_string).collect();
            write!(f, " (it is at {})", ips.join(", "))?;
        }
        Ok(())
    }
}

impl std::error::Error for PolicyRefusal {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn public_addresses_are_told_from_the_rest() {
        let table: &[(&str, bool)] = &[
            // public
            ("1.1.1.1", true),
            ("8.8.8.8", true),
            ("93.184.216.34", true),
            ("100.63.255.255", true),
            ("100.128.0.0", true),
            ("172.15.255.255", true),
            ("172.32.0.0", true),
            ("192.0.1.1", true),
            ("192.169.0.1", true),
            ("198.20.0.1", true),
            ("223.255.255.255", true),
            ("2606:4700:4700::1111", true),
            ("2001:4860:4860::8888", true),
            ("::ffff:8.8.8.8", true),
            ("64:ff9b::808:808", true),
            // loopback
            ("127.0.0.1", false),
            ("127.255.0.9", false),
            ("::1", false),
            // private
            ("10.0.0.1", false),
            ("10.255.255.255", false),
            ("172.16.0.1", false),
            ("172.31.255.255", false),
            ("192.168.1.1", false),
            ("fc00::1", false),
            ("fd12:3456::1", false),
            // link-local
            ("169.254.169.254", false),
            ("fe80::1", false),
            ("febf::1", false),
            // unspecified and "this network"
            ("0.0.0.0", false),
            ("0.1.2.3", false),
            ("::", false),
            // broadcast, multicast, reserved
            ("255.255.255.255", false),
            ("224.0.0.1", false),
            ("239.255.255.250", false),
            ("240.0.0.1", false),
            ("ff02::1", false),
            // shared address space (CGNAT)
            ("100.64.0.1", false),
            ("100.127.255.255", false),
            // documentation and benchmarking
            ("192.0.2.1", false),
            ("198.51.100.7", false),
            ("203.0.113.9", false),
            ("198.18.0.1", false),
            ("198.19.255.255", false),
            ("2001:db8::1", false),
            ("3fff::1", false),
            ("2001:2::1", false),
            // IETF assignments, tunnels and relays
            ("192.0.0.8", false),
            ("192.88.99.1", false),
            ("2001::1", false),
            ("2002:7f00:1::1", false),
            ("2001:20::1", false),
            // IPv4-mapped, IPv4-compatible and NAT64 forms of refused addresses
            ("::ffff:127.0.0.1", false),
            ("::ffff:10.1.2.3", false),
            ("::ffff:169.254.169.254", false),
            ("::ffff:0.0.0.0", false),
            ("::127.0.0.1", false),
            ("64:ff9b::7f00:1", false),
            ("64:ff9b:1::1", false),
            // outside global unicast
            ("100::1", false),
            ("4000::1", false),
        ];
        for &(ip, public) in table {
            let parsed: IpAddr = ip.parse().unwrap();
            assert_eq!(is_public(parsed), public, "{ip}");
            assert!(AddressPolicy::Local.allows(parsed), "{ip}");
            assert_eq!(AddressPolicy::Public.allows(parsed), public, "{ip}");
        }
    }

    fn check(url: &str, policy: AddressPolicy) -> Result<Url, BotUrlError> {
        tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap()
            .block_on(check_bot_url(url, policy))
    }

    #[test]
    fn bot_urls_are_checked_for_shape() {
        use AddressPolicy::Local;
        let ok = check("http://127.0.0.1:8080/bot?x=1", Local).unwrap();
        assert_eq!(ok.as_str(), "http://127.0.0.1:8080/bot?x=1");
        assert!(check("https://bots.example.com/play", Local).is_ok());
        assert!(matches!(
            check("ftp://example.com/", Local),
            Err(BotUrlError::Scheme { scheme }) if scheme == "ftp"
        ));
        assert_eq!(
            check("http://me:pw@example.com/", Local),
            Err(BotUrlError::Credentials)
        );
        assert_eq!(
            check("http://me@example.com/", Local),
            Err(BotUrlError::Credentials)
        );
        assert_eq!(
            check("http://example.com/#top", Local),
            Err(BotUrlError::Fragment)
        );
        assert!(matches!(
            check("not a url", Local),
            Err(BotUrlError::Invalid(_))
        ));
        assert!(matches!(
            check("unix:/tmp/bot.sock", Local),
            Err(BotUrlError::Scheme { .. })
        ));
        let long = format!("http://example.com/{}", "a".repeat(MAX_URL_LEN));
        assert!(matches!(
            check(&long, Local),
            Err(BotUrlError::TooLong { .. })
        ));
        let edge = format!("http://example.com/{}", "a".repeat(MAX_URL_LEN - 19));
        assert_eq!(edge.len(), MAX_URL_LEN);
        assert!(check(&edge, Local).is_ok());
    }

    #[test]
    fn public_mode_refuses_non_public_literals_in_any_spelling() {
        use AddressPolicy::Public;
        for url in [
            "http://127.0.0.1/",
            "http://2130706433/",
            "http://0x7f.1/",
            "http://[::1]:9000/",
            "http://[::ffff:127.0.0.1]/",
            "http://10.0.0.8/",
            "http://169.254.169.254/latest/meta-data",
            "http://0.0.0.0:80/",
        ] {
            let err = check(url, Public).unwrap_err();
            assert!(matches!(err, BotUrlError::NotPublic { .. }), "{url}: {err}");
            let parsed = Url::parse(url).unwrap();
            assert!(refused_literal(&parsed, Public).is_some(), "{url}");
            assert!(refused_literal(&parsed, AddressPolicy::Local).is_none());
        }
        assert!(check("http://8.8.8.8/", Public).is_ok());
        assert_eq!(
            refused_literal(&Url::parse("http://example.com/").unwrap(), Public),
            None
        );
    }
}
