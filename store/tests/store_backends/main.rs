//! The store's scenarios on both backends. Each scenario is an async function of a [`Db`], run
//! twice by [`on_both!`]: on a fresh SQLite file and on a fresh database of the test binary's
//! throw-away PostgreSQL cluster (`support/postgres.rs`), through the same `Store` methods the
//! server calls. No mocks: every query runs on the real database engine.
//!
//! The modules follow the store's: analyses (the queue's turns and bounds), bots (registration, names, health), matches (queue, the fair
//! claim, results with their rating update, rating order under concurrent finishes), tournaments
//! (entries and stages), browse (pages, filters, head-to-head), tables for people, logs (compact
//! logs, say lines, step timing, retention), standings (leaderboard, rating history), bot versions
//! and dial-out bots, module bots and their stored modules, the table sizes a bot plays on the ladder and the
//! tournaments it is entered in, probation after a pause for faults, the organiser's actions, and opening a
//! database. On PostgreSQL alone, claims and results from several processes at once
//! (concurrency).

// The harness's `apply` and `query` serve the schema parity test, not this one.
#[allow(dead_code)]
use cardarena_testkit::postgres;

/// Makes a test of each scenario named, per backend: `<module>::sqlite::<scenario>` and
/// `<module>::postgres::<scenario>`.
macro_rules! on_both {
    ($($scenario:ident),* $(,)?) => {
        mod sqlite {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $scenario() {
                    super::$scenario(&crate::common::Db::sqlite()).await;
                }
            )*
        }
        mod postgres {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $scenario() {
                    super::$scenario(&crate::common::Db::postgres()).await;
                }
            )*
        }
    };
}

mod analyses;
mod bots;
mod browse;
mod common;
mod concurrency;
mod ladder_players;
mod leases;
mod logs;
mod matches;
mod modules;
mod opening;
mod organiser;
mod probation;
mod scopes;
mod standings;
mod tables;
mod tournaments;
mod versions;
