//! The long polls on tables' seat states (`GET /api/tables/{token}?after&wait`), bounded: at
//! most [`PER_CLIENT`] waiting at once for one client address and [`PER_TABLE`] on one table, so
//! that no client holds the server's waits (anyone can open a table and poll it). A poll past
//! either is refused at once (429 with `Retry-After`) rather than waiting.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, PoisonError};

/// The most long polls one client address has waiting at once: a person follows a few tables,
/// each from one tab.
pub const PER_CLIENT: usize = 8;

/// The most long polls waiting on one table at once: its seats (at most six) from a few tabs.
pub const PER_TABLE: usize = 16;

/// Which bound a long poll would pass.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum WaitRefused {
    /// The client has [`PER_CLIENT`] long polls waiting.
    #[error("this address has {PER_CLIENT} long polls waiting; try again when one ends")]
    Client,
    /// The table has [`PER_TABLE`] long polls waiting.
    #[error("this table has {PER_TABLE} long polls waiting; try again when one ends")]
    Table,
}

/// The long polls waiting, by client address and by table (its match id).
#[derive(Debug, Default, Clone)]
pub struct Waiters {
    counts: Arc<Mutex<Counts>>,
}

#[derive(Debug, Default)]
struct Counts {
    clients: HashMap<IpAddr, usize>,
    tables: HashMap<String, usize>,
}

impl Waiters {
    /// Counts a long poll of `client` on table `match_id` while the returned slot lives, or
    /// refuses it.
    pub fn take(&self, client: IpAddr, match_id: &str) -> Result<WaitSlot, WaitRefused> {
        let mut counts = self.counts.lock().unwrap_or_else(PoisonError::into_inner);
        if counts.clients.get(&client).copied().unwrap_or(0) >= PER_CLIENT {
            return Err(WaitRefused::Client);
        }
        if counts.tables.get(match_id).copied().unwrap_or(0) >= PER_TABLE {
            return Err(WaitRefused::Table);
        }
        *counts.clients.entry(client).or_default() += 1;
        *counts.tables.entry(match_id.to_string()).or_default() += 1;
        Ok(WaitSlot {
            waiters: self.clone(),
            client,
            match_id: match_id.to_string(),
        })
    }
}

/// A long poll counted while it waits.
#[derive(Debug)]
pub struct WaitSlot {
    waiters: Waiters,
    client: IpAddr,
    match_id: String,
}

impl Drop for WaitSlot {
    fn drop(&mut self) {
        let mut counts = self
            .waiters
            .counts
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        release(&mut counts.clients, &self.client);
        release(&mut counts.tables, &self.match_id);
    }
}

/// One fewer for `key`, forgetting it at zero (the maps hold only what waits now).
fn release<K: std::hash::Hash + Eq>(map: &mut HashMap<K, usize>, key: &K) {
    if let Some(count) = map.get_mut(key) {
        *count -= 1;
        if *count == 0 {
            map.remove(key);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn polls_are_bounded_per_client_and_per_table_and_freed_when_they_end() {
        let waiters = Waiters::default();
        let one: IpAddr = "192.0.2.1".parse().unwrap();
        let slots: Vec<_> = (0..PER_CLIENT)
            .map(|i| waiters.take(one, &format!("t{i}")).unwrap())
            .collect();
        assert_eq!(waiters.take(one, "t-new").unwrap_err(), WaitRefused::Client);
        drop(slots);
        let on_one_table: Vec<_> = (0..PER_TABLE)
            .map(|i| {
                waiters
                    .take(IpAddr::from([198, 51, 100, i as u8]), "t")
                    .unwrap()
            })
            .collect();
        assert_eq!(waiters.take(one, "t").unwrap_err(), WaitRefused::Table);
        assert!(waiters.take(one, "other").is_ok());
        drop(on_one_table);
        assert!(waiters.take(one, "t").is_ok());
        let counts = waiters.counts.lock().unwrap();
        assert!(counts.clients.is_empty() && counts.tables.is_empty());
    }
}
