//! cardarena-server: the `cardarena` binary's library. The CLI ([`cli`]), the HTTP server
//! ([`app`]: API and pages), the match scheduler and runner, ratings and storage.

pub mod analysis;
pub mod api;
pub mod app;
pub mod cli;
pub mod clock;
pub mod demo;
pub mod frames;
pub mod games;
pub mod hash;
pub mod health;
pub mod ladder;
pub mod listener;
pub mod live;
pub mod memory;
pub mod metrics;
pub mod open_files;
pub mod pages;
pub mod probes;
pub mod proxy;
pub mod rating;
pub mod replay;
pub mod request_log;
pub mod results;
pub mod retention;
pub mod runner;
pub mod scheduler;
pub mod secrets;
pub mod store;
pub mod tables;
pub mod tournament;
pub mod worker;
