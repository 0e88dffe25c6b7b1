//! How much clients may create: bots, versions and practice matches at a rate per network, and
//! the server's cap on unused bots (docs/operations.md, "Limits per network"). A request's client
//! is its [`ClientAddr`] (the forwarded address behind `--trust-proxy`), counted by its network
//! ([`Networks`]), so that rotating through the addresses of one network gets nobody a fresh
//! allowance.

use std::num::NonZeroU32;

use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};

use crate::proxy::ClientAddr;
use cardarena_store::{Network, Networks};

/// The limits on what clients create. The defaults ([`ClientLimits::club`]) are what a club
/// contest, its players all behind one network, never meets; a server open to the internet
/// takes [`ClientLimits::public`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClientLimits {
    /// Bots one network may register an hour.
    pub registrations_per_hour: u32,
    /// The most unused bots (never answered a ping, in no match) the server holds; past it
    /// registration is refused.
    pub max_unused_bots: u32,
    /// Versions one network's bots may start an hour (each bot also starts at most
    /// [`cardarena_store::VERSIONS_PER_HOUR`]).
    pub versions_per_hour: u32,
    /// Practice matches one network may queue an hour.
    pub practice_per_hour: u32,
    /// Modules one network may upload an hour (each is checked: compiled and started).
    pub modules_per_hour: u32,
}

impl ClientLimits {
    /// A club's limits: 200 bots, 1,000 versions, 5,000 practice matches and 200 modules an
    /// hour per network, and 1,000 unused bots.
    pub fn club() -> ClientLimits {
        ClientLimits {
            registrations_per_hour: 200,
            max_unused_bots: 1000,
            versions_per_hour: 1000,
            practice_per_hour: 5000,
            modules_per_hour: 200,
        }
    }

    /// The limits of a server open to the internet: 20 bots, 100 versions, 1,000 practice
    /// matches and 30 modules an hour per network, and 200 unused bots.
    pub fn public() -> ClientLimits {
        ClientLimits {
            registrations_per_hour: 20,
            max_unused_bots: 200,
            versions_per_hour: 100,
            practice_per_hour: 1000,
            modules_per_hour: 30,
        }
    }
}

/// The rates per network of a server, as its [`ClientLimits`] set them.
#[derive(Debug)]
pub struct Rates {
    /// Bots registered.
    pub registrations: NetworkRate,
    /// Versions started.
    pub versions: NetworkRate,
    /// Practice matches queued.
    pub practice: NetworkRate,
    /// Modules uploaded.
    pub modules: NetworkRate,
}

impl Rates {
    /// The rates of `limits`, counted by `networks`.
    pub fn new(networks: Networks, limits: ClientLimits) -> Rates {
        Rates {
            registrations: NetworkRate::per_hour(networks, limits.registrations_per_hour),
            versions: NetworkRate::per_hour(networks, limits.versions_per_hour),
            practice: NetworkRate::per_hour(networks, limits.practice_per_hour),
            modules: NetworkRate::per_hour(networks, limits.modules_per_hour),
        }
    }
}

impl Rates {
    /// Forgets the networks whose allowance is whole again, so that the rates hold only the
    /// networks that asked lately, however many networks ask over time.
    pub fn forget_refilled(&self) {
        for rate in [
            &self.registrations,
            &self.versions,
            &self.practice,
            &self.modules,
        ] {
            rate.limiter.retain_recent();
            rate.limiter.shrink_to_fit();
        }
    }
}

/// A request past its network's rate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PastRate {
    /// Seconds after which asking again may succeed; `None` when more was asked at once than
    /// the rate allows in an hour.
    pub retry_after: Option<u64>,
}

/// A rate of so many an hour per network, refilled evenly over the hour.
#[derive(Debug)]
pub struct NetworkRate {
    networks: Networks,
    per_hour: u32,
    limiter: DefaultKeyedRateLimiter<Network>,
}

impl NetworkRate {
    /// `per_hour` an hour (at least 1) for each of `networks`.
    pub fn per_hour(networks: Networks, per_hour: u32) -> NetworkRate {
        let quota = Quota::per_hour(NonZeroU32::new(per_hour).unwrap_or(NonZeroU32::MIN));
        NetworkRate {
            networks,
            per_hour,
            limiter: RateLimiter::keyed(quota),
        }
    }

    /// The rate, an hour.
    pub fn hourly(&self) -> u32 {
        self.per_hour
    }

    /// Counts `n` (at least 1) of `client`'s network; when they would pass its allowance,
    /// counts nothing and says when asking again may succeed.
    pub fn allow(&self, client: ClientAddr, n: u32) -> Result<(), PastRate> {
        let network = self.networks.of(client.0);
        let n = NonZeroU32::new(n).unwrap_or(NonZeroU32::MIN);
        match self.limiter.check_key_n(&network, n) {
            Ok(Ok(())) => Ok(()),
            Ok(Err(not_until)) => {
                let wait = not_until.wait_time_from(DefaultClock::default().now());
                Err(PastRate {
                    retry_after: Some(wait.as_secs() + 1),
                })
            }
            Err(_) => Err(PastRate { retry_after: None }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn client(ip: &str) -> ClientAddr {
        ClientAddr(ip.parse().unwrap())
    }

    #[test]
    fn one_network_shares_one_allowance() {
        let rate = NetworkRate::per_hour(Networks::default(), 3);
        assert!(rate.allow(client("198.51.100.1"), 1).is_ok());
        assert!(rate.allow(client("198.51.100.2"), 1).is_ok());
        assert!(rate.allow(client("::ffff:198.51.100.3"), 1).is_ok());
        assert!(rate.allow(client("198.51.100.4"), 1).is_err());
        assert!(rate.allow(client("198.51.101.1"), 1).is_ok());
        assert!(rate.allow(client("2001:db8::1"), 2).is_ok());
        assert!(rate.allow(client("2001:db8::ffff:2"), 2).is_err());
        // A refusal counted nothing: the one left is still there.
        assert!(rate.allow(client("2001:db8::3"), 1).is_ok());
        assert!(rate.allow(client("2001:db8::4"), 1).is_err());
        assert!(rate.allow(client("2001:db8:0:1::1"), 1).is_ok());
    }

    #[test]
    fn more_than_the_hours_allowance_at_once_is_refused() {
        let rate = NetworkRate::per_hour(Networks::new(32, 128).unwrap(), 5);
        assert!(rate.allow(client("198.51.100.1"), 6).is_err());
        assert!(rate.allow(client("198.51.100.1"), 5).is_ok());
        assert!(rate.allow(client("198.51.100.2"), 5).is_ok());
        assert_eq!(rate.hourly(), 5);
        // One of 5 an hour comes back every 12 minutes.
        let wait = rate
            .allow(client("198.51.100.2"), 1)
            .unwrap_err()
            .retry_after;
        assert!(wait.is_some_and(|s| (700..=721).contains(&s)), "{wait:?}");
        let never = rate.allow(client("198.51.100.3"), 6).unwrap_err();
        assert_eq!(never.retry_after, None);
    }

    #[test]
    fn networks_still_counting_are_not_forgotten() {
        let rates = Rates::new(Networks::default(), ClientLimits::public());
        for k in 0..20 {
            assert!(
                rates
                    .registrations
                    .allow(client(&format!("198.51.100.{k}")), 1)
                    .is_ok()
            );
        }
        rates.forget_refilled();
        assert_eq!(rates.registrations.limiter.len(), 1);
        assert!(
            rates
                .registrations
                .allow(client("198.51.100.99"), 1)
                .is_err()
        );
    }
}
