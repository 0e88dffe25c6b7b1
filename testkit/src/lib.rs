//! cardarena-testkit: what the tests of every crate start for real, never a mock: a throw-away
//! PostgreSQL cluster ([`postgres`]), headless Chromium driven through WebDriver ([`chromium`])
//! with axe-core run in its pages ([`axe`]), HTTP/1.1 written by hand on raw connections
//! ([`raw_http`]), the API's OpenAPI document held as a contract over every answer
//! ([`contract`]), and C bots built into WebAssembly by clang ([`wasm`]). A dev-dependency only,
//! and a leaf: it imports no cardarena crate, so the store's tests use it without building the
//! server.

pub mod axe;
pub mod cdp;
pub mod chromium;
pub mod contract;
pub mod kits;
pub mod postgres;
pub mod raw_http;
pub mod wasm;
