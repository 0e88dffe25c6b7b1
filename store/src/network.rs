//! The networks clients are counted by. One client with many addresses usually has them in one
//! network (an IPv6 /64 is what one household or host is given; an IPv4 /24 is what one office,
//! provider pool or cloud subnet hands out), so every per-client limit of how much a client may
//! create or queue counts the client's network, not its single address: rotating through
//! addresses gets nobody a fresh allowance. How wide a network is, is configurable per family.

use std::fmt;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};
use std::ops::RangeInclusive;

/// The prefix lengths an IPv4 network may have: from a /8 to a single address.
pub const V4_PREFIXES: RangeInclusive<u8> = 8..=32;
/// The prefix lengths an IPv6 network may have: from a /16 to a single address.
pub const V6_PREFIXES: RangeInclusive<u8> = 16..=128;

/// How client addresses group into networks: the prefix length counted in each family.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Networks {
    v4: u8,
    v6: u8,
}

impl Default for Networks {
    /// An IPv4 /24 and an IPv6 /64.
    fn default() -> Networks {
        Networks { v4: 24, v6: 64 }
    }
}

impl Networks {
    /// Networks of `v4` bits in IPv4 and `v6` bits in IPv6; an error, for a person, when a prefix
    /// is out of [`V4_PREFIXES`] or [`V6_PREFIXES`].
    pub fn new(v4: u8, v6: u8) -> Result<Networks, String> {
        if !V4_PREFIXES.contains(&v4) {
            return Err(format!(
                "an IPv4 network's prefix is {} to {} bits, not {v4}",
                V4_PREFIXES.start(),
                V4_PREFIXES.end()
            ));
        }
        if !V6_PREFIXES.contains(&v6) {
            return Err(format!(
                "an IPv6 network's prefix is {} to {} bits, not {v6}",
                V6_PREFIXES.start(),
                V6_PREFIXES.end()
            ));
        }
        Ok(Networks { v4, v6 })
    }

    /// The network `ip` is in. An IPv4 address mapped into IPv6 (`::ffff:1.2.3.4`) is counted as
    /// the IPv4 address it maps.
    pub fn of(&self, ip: IpAddr) -> Network {
        match ip.to_canonical() {
            IpAddr::V4(ip) => {
                let mask = u32::MAX.checked_shl(32 - u32::from(self.v4)).unwrap_or(0);
                Network::V4(Ipv4Addr::from(u32::from(ip) & mask), self.v4)
            }
            IpAddr::V6(ip) => {
                let mask = u128::MAX.checked_shl(128 - u32::from(self.v6)).unwrap_or(0);
                Network::V6(Ipv6Addr::from(u128::from(ip) & mask), self.v6)
            }
        }
    }

    /// The network of a client as the store keeps it (an address in text); a client that is not
    /// an address is a network of its own.
    pub fn of_client(&self, client: &str) -> Network {
        match client.parse::<IpAddr>() {
            Ok(ip) => self.of(ip),
            Err(_) => Network::Named(client.to_string()),
        }
    }
}

/// A network clients are counted by: its first address and prefix length, or a client that is
/// not an address. Shown as `198.51.100.0/24`, `2001:db8:1:2::/64` or the client's text.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Network {
    /// An IPv4 network: its first address and prefix length.
    V4(Ipv4Addr, u8),
    /// An IPv6 network: its first address and prefix length.
    V6(Ipv6Addr, u8),
    /// A client that is not an address.
    Named(String),
}

impl Network {
    /// The network's first address, which stands for the whole network where a limit is keyed
    /// by address; `None` for a client that is not an address.
    pub fn first_address(&self) -> Option<IpAddr> {
        match self {
            Network::V4(ip, _) => Some(IpAddr::V4(*ip)),
            Network::V6(ip, _) => Some(IpAddr::V6(*ip)),
            Network::Named(_) => None,
        }
    }
}

impl fmt::Display for Network {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Network::V4(ip, bits) => write!(f, "{ip}/{bits}"),
            Network::V6(ip, bits) => write!(f, "{ip}/{bits}"),
            Network::Named(client) => f.write_str(client),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn network(networks: Networks, client: &str) -> String {
        networks.of_client(client).to_string()
    }

    #[test]
    fn by_default_networks_are_ipv4_slash_24_and_ipv6_slash_64() {
        let n = Networks::default();
        assert_eq!(network(n, "198.51.100.7"), "198.51.100.0/24");
        assert_eq!(network(n, "198.51.100.255"), "198.51.100.0/24");
        assert_ne!(n.of_client("198.51.100.7"), n.of_client("198.51.101.7"));
        assert_eq!(network(n, "2001:db8:1:2:3:4:5:6"), "2001:db8:1:2::/64");
        assert_eq!(
            n.of_client("2001:db8:1:2::9"),
            n.of_client("2001:db8:1:2:ffff:ffff:ffff:ffff")
        );
        assert_ne!(
            n.of_client("2001:db8:1:2::9"),
            n.of_client("2001:db8:1:3::9")
        );
    }

    #[test]
    fn an_ipv4_mapped_address_counts_as_ipv4_and_a_name_as_itself() {
        let n = Networks::default();
        assert_eq!(network(n, "::ffff:198.51.100.7"), "198.51.100.0/24");
        assert_eq!(
            n.of_client("::ffff:198.51.100.7"),
            n.of_client("198.51.100.200")
        );
        assert_eq!(network(n, "not an address"), "not an address");
        assert_ne!(n.of_client("a"), n.of_client("b"));
        // IPv4-compatible (not mapped) addresses are IPv6.
        assert_eq!(network(n, "::198.51.100.7"), "::/64");
    }

    #[test]
    fn the_widest_and_narrowest_prefixes_mask_as_they_say() {
        let single = Networks::new(32, 128).unwrap();
        assert_eq!(network(single, "198.51.100.7"), "198.51.100.7/32");
        assert_ne!(
            single.of_client("198.51.100.7"),
            single.of_client("198.51.100.8")
        );
        assert_eq!(network(single, "2001:db8::1"), "2001:db8::1/128");
        let wide = Networks::new(8, 16).unwrap();
        assert_eq!(network(wide, "198.51.100.7"), "198.0.0.0/8");
        assert_eq!(network(wide, "2001:db8:ffff::1"), "2001::/16");
        let odd = Networks::new(23, 63).unwrap();
        assert_eq!(network(odd, "198.51.101.7"), "198.51.100.0/23");
        assert_eq!(network(odd, "2001:db8:1:3::1"), "2001:db8:1:2::/63");
        assert_eq!(
            odd.of_client("198.51.100.1").first_address(),
            Some("198.51.100.0".parse().unwrap())
        );
        assert_eq!(odd.of_client("x").first_address(), None);
    }

    #[test]
    fn prefixes_out_of_range_are_refused() {
        assert!(Networks::new(7, 64).unwrap_err().contains("8 to 32"));
        assert!(Networks::new(33, 64).unwrap_err().contains("not 33"));
        assert!(Networks::new(24, 15).unwrap_err().contains("16 to 128"));
        assert!(Networks::new(24, 129).is_err());
        assert_eq!(Networks::new(24, 64), Ok(Networks::default()));
    }
}
