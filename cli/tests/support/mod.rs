//! What the binary's tests share: the web face's test support (a temporary database, the server
//! in process, an API client, real HTTP bots), and the `cardarena` binary as a process, which
//! only this crate's tests can start (cargo builds the binary for them).

#![allow(dead_code)] // each test file uses a different part of the support code

pub mod cluster;
pub mod process;
#[path = "../../../web/tests/support/mod.rs"]
mod server;

#[allow(unused_imports)] // each test file uses a different part of the support code
pub use server::*;
