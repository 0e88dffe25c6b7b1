//! cardarena-server: the `cardarena` binary's library. The CLI ([`cli`]), the HTTP server
//! ([`app`]: API and pages), the match scheduler and runner, ratings and storage.

pub mod cli;
pub mod rating;
pub mod secrets;
pub mod store;
