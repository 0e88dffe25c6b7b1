//! The process's file descriptors, shared out at start: its open-files limit (`ulimit -n`, read
//! from `/proc/self/limits`) goes first to the listener's client connections
//! (`--max-connections`), then to a reserve for the database pool, the bots' HTTP calls and files,
//! and what is left to dial-out bots' WebSocket connections, which leave the listener once
//! upgraded. So a dial-out connection past its share is refused with the documented
//! `503 server_full` while the process still has a descriptor to answer with, instead of the
//! process running out and new clients timing out.

use cardarena_bots::dial::MAX_CONNECTIONS;

/// Descriptors kept for what is neither a client nor a dial-out connection: the listening
/// socket, the database pool, the runtime, log and key files, the PostgreSQL listener.
const BASE_RESERVE: u64 = 64;

/// Descriptors kept per match played at once: the HTTP connections to its bots (six seats at
/// most), idle or busy.
const PER_MATCH: u64 = 6;

/// How the process's descriptors are shared out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// The open-files limit, if it could be read.
    pub limit: Option<u64>,
    /// Kept for the database, bot calls and files.
    pub reserve: u64,
    /// The most dial-out connections held at once.
    pub dial_out: usize,
}

impl Budget {
    /// The budget of a process with `limit` descriptors serving `client_connections` at once and
    /// playing `matches` at once.
    pub fn new(limit: Option<u64>, client_connections: usize, matches: usize) -> Budget {
        let reserve = BASE_RESERVE + PER_MATCH * matches as u64;
        let dial_out = match limit {
            Some(limit) => {
                let left = limit.saturating_sub(client_connections as u64 + reserve);
                (left as usize).min(MAX_CONNECTIONS)
            }
            None => MAX_CONNECTIONS,
        };
        Budget {
            limit,
            reserve,
            dial_out,
        }
    }

    /// This process's budget.
    pub fn of_this_process(client_connections: usize, matches: usize) -> Budget {
        Budget::new(limit(), client_connections, matches)
    }
}

/// The soft open-files limit of this process (`Max open files` in `/proc/self/limits`), or
/// `None` where there is no such file or it says `unlimited`.
pub fn limit() -> Option<u64> {
    let limits = std::fs::read_to_string("/proc/self/limits").ok()?;
    parse(&limits)
}

/// Raises this process's soft open-files limit to its hard limit (what `ulimit -n $(ulimit -Hn)`
/// would), for a process that holds many connections at once (`bench --http`); returns the
/// soft limit now in force, `None` if it could not be read or raised.
#[cfg(unix)]
#[allow(unsafe_code)] // a call into libc, as memory.rs's
pub fn raise_to_hard() -> Option<u64> {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit and setrlimit read or write only the struct given, owned here.
    let raised = unsafe {
        libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) == 0 && {
            limit.rlim_cur = limit.rlim_max;
            libc::setrlimit(libc::RLIMIT_NOFILE, &limit) == 0
        }
    };
    raised.then_some(limit.rlim_cur)
}

/// Elsewhere the limit is left as it is.
#[cfg(not(unix))]
pub fn raise_to_hard() -> Option<u64> {
    limit()
}

fn parse(limits: &str) -> Option<u64> {
    let line = limits.lines().find(|l| l.starts_with("Max open files"))?;
    let soft = line["Max open files".len()..].split_whitespace().next()?;
    soft.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_soft_limit_is_read_from_the_kernels_table() {
        let table = "Limit                     Soft Limit           Hard Limit           Units     \n\
                     Max processes             95734                95734                processes \n\
                     Max open files            1024                 524288               files     \n";
        assert_eq!(parse(table), Some(1024));
        let unlimited =
            "Max open files            unlimited            unlimited            files\n";
        assert_eq!(parse(unlimited), None);
        assert!(limit().is_some(), "this machine has /proc/self/limits");
    }

    #[test]
    fn dial_out_gets_what_clients_and_the_reserve_leave() {
        let budget = Budget::new(Some(1024), 256, 64);
        assert_eq!(budget.reserve, 64 + 6 * 64);
        assert_eq!(budget.dial_out, 1024 - 256 - 448);
        assert_eq!(Budget::new(Some(300), 256, 64).dial_out, 0);
        assert_eq!(
            Budget::new(Some(1 << 20), 256, 64).dial_out,
            MAX_CONNECTIONS
        );
        assert_eq!(Budget::new(None, 256, 64).dial_out, MAX_CONNECTIONS);
    }
}
