//! Bots over HTTP, protocol version 1 (docs/protocol.md).
//!
//! A contestant's bot is a URL. For each decision the server POSTs the seat's view and legal
//! actions as JSON, signed with the bot's secret ([`sign`]), and the bot answers with an action.
//! [`crate::RemoteBot`] is that seat for the match runner; [`HttpClient`] is the one shared client (pooled
//! keep-alive connections, no redirects, no proxy, an [`AddressPolicy`] on every connection);
//! [`check_bot_url`] vets a URL at registration; [`protocol`] holds the wire types. Without the
//! `remote` feature only the wire types and their schemas are built (the fuzz targets parse
//! answers with them), not the client, the address checks or the signatures.

#[cfg(feature = "remote")]
mod address;
#[cfg(feature = "remote")]
mod client;
pub mod protocol;
mod schemas;
#[cfg(feature = "remote")]
mod signature;

#[cfg(feature = "remote")]
pub use address::{AddressPolicy, BotUrlError, MAX_URL_LEN, check_bot_url, is_public};
#[cfg(feature = "remote")]
pub use client::{HttpClient, MATCH_HEADER, SIGNATURE_HEADER};
pub use protocol::{MAX_ANSWER_BYTES, PROTOCOL_VERSION, parse_answer};
pub use schemas::message_schemas;
#[cfg(feature = "remote")]
pub use signature::{SIGNATURE_PREFIX, Signer, sign, verify};
