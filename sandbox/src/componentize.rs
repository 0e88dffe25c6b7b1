//! A core module (what clang or rustc make for wasm32) turned into a bot component: the bot
//! world's WIT embedded, and WASI preview 1, which C's and Rust's libraries call, adapted to the
//! preview 2 the sandbox gives, with the adapter of wasmtime's own release.

use wit_component::{ComponentEncoder, StringEncoding, embed_component_metadata};
use wit_parser::Resolve;

/// The bot world's WIT (`wit/bot.wit`).
pub const WIT: &str = include_str!("../wit/bot.wit");

/// The component of core module `core`, which exports `handle` (and `cabi_realloc`) in the
/// canonical ABI of the bot world: its bytes, or why it cannot be one.
pub fn componentize(core: &[u8]) -> Result<Vec<u8>, String> {
    let mut resolve = Resolve::default();
    let package = resolve
        .push_str("bot.wit", WIT)
        .map_err(|e| format!("the bot world: {e:#}"))?;
    let world = resolve
        .select_world(&[package], Some("bot"))
        .map_err(|e| format!("the bot world: {e:#}"))?;
    let mut module = core.to_vec();
    embed_component_metadata(&mut module, &resolve, world, StringEncoding::UTF8, false)
        .map_err(|e| format!("embedding the bot world: {e:#}"))?;
    let adapter = wasi_preview1_component_adapter_provider::WASI_SNAPSHOT_PREVIEW1_REACTOR_ADAPTER;
    ComponentEncoder::default()
        .module(&module)
        .map_err(|e| format!("{e:#}"))?
        .adapter("wasi_snapshot_preview1", adapter)
        .map_err(|e| format!("{e:#}"))?
        .validate(true)
        .encode()
        .map_err(|e| format!("{e:#}"))
}
