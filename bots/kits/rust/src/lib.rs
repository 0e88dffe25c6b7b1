//! A cardarena bot (protocol version 1) in Rust, built into a WebAssembly bot module that the
//! server runs itself (`build-wasm.sh`; README.md).
//!
//! It plays every game of cardarena (durak, durak-duel, bridge, most, prsi and fifty-six): it
//! knows no rules and picks one of the legal actions it is sent. Put your strategy in
//! [`choose_action`]; the rest (the JSON, the answer, the module's export) is done for you.
//!
//! The module is called once per request: `handle` gets the request's JSON (`match_start`,
//! `turn`, `match_end`: docs/protocol.md) and returns the answer's. Each match runs in a fresh
//! instance, so what the bot keeps in statics lasts one match. It cannot read files, the network
//! or the time; its time is fuel, WebAssembly instructions, about 5 million a millisecond of its
//! deadline. Its random numbers ([`Rng`]) are seeded from the host's WASI randomness, which the
//! server seeds from the match: a replay of a match draws the same numbers.

use std::cell::RefCell;

use serde_json::{json, Value};

// ---------------------------------------------------------------------------------------------
// YOUR STRATEGY GOES HERE.
//
// view:          what your seat may see (its fields depend on the game: docs/games/<game>.md)
// legal_actions: the actions you may play now (never empty)
// rng:           random numbers, seeded from the match
//
// Return the index in legal_actions of the action to play (`index.into()`), or
// `Choice::from(index).saying("…")` to show a short text (at most 200 characters) beside the
// move in the match replay.
// ---------------------------------------------------------------------------------------------

/// Picks the action to play among `legal_actions`, seeing `view`.
pub fn choose_action(view: &Value, legal_actions: &[Value], rng: &mut Rng) -> Choice {
    let _ = view;
    rng.below(legal_actions.len()).into()
}

// ---------------------------------------------------------------------------------------------
// The protocol. You should not need to change anything below.
// ---------------------------------------------------------------------------------------------

/// What [`choose_action`] decided: an index in the legal actions, and what to say, if anything.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Choice {
    /// The index of the action in `legal_actions`.
    pub index: usize,
    /// A line shown beside the move in the match replay (cut at 200 characters).
    pub say: Option<String>,
}

impl Choice {
    /// The same choice, saying `say`.
    pub fn saying(self, say: impl Into<String>) -> Choice {
        Choice {
            say: Some(say.into()),
            ..self
        }
    }
}

impl From<usize> for Choice {
    fn from(index: usize) -> Choice {
        Choice { index, say: None }
    }
}

/// A small random generator (SplitMix64): enough to pick actions, not for secrets.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    /// A generator started from `seed`.
    pub fn seeded(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }
}

thread_local! {
    /// The instance's generator, seeded at its first use: an instance plays one match.
    static RNG: RefCell<Rng> = RefCell::new(Rng::seeded(entropy()));
}

/// 64 bits from the host: WASI's `random_get`, which the server seeds from the match (on every
/// wasm32 target: `cardarena module wrap` gives the module WASI); elsewhere (tests run natively)
/// std's per-process random keys.
fn entropy() -> u64 {
    #[cfg(target_arch = "wasm32")]
    {
        let mut bytes = [0u8; 8];
        // SAFETY: the buffer is 8 writable bytes, as said.
        let errno = unsafe { abi::random_get(bytes.as_mut_ptr(), bytes.len()) };
        if errno != 0 {
            std::process::abort();
        }
        u64::from_le_bytes(bytes)
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        use std::hash::{BuildHasher, Hasher};
        let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
        hasher.write_u64(0);
        hasher.finish()
    }
}

/// The answer's JSON to a request's JSON, of any type: an action for a `turn`, `{"pong": true}`
/// for a `ping`, `{}` for the rest (`match_start`, `match_end`, anything newer) and for what is
/// not a request.
pub fn answer(request: &str) -> String {
    let request: Value = serde_json::from_str(request).unwrap_or(Value::Null);
    let answer = match request["type"].as_str() {
        Some("turn") => answer_turn(&request),
        Some("ping") => json!({ "pong": true }),
        _ => json!({}),
    };
    answer.to_string()
}

/// The answer to a turn: `{"action_index": i}` and maybe a `"say"`; `{}` (a fault) for a turn
/// without legal actions, which the server never sends.
fn answer_turn(request: &Value) -> Value {
    let legal_actions = match request["legal_actions"].as_array() {
        Some(actions) if !actions.is_empty() => actions,
        _ => return json!({}),
    };
    RNG.with(|rng| {
        let rng = &mut *rng.borrow_mut();
        let mut choice = choose_action(&request["view"], legal_actions, rng);
        if choice.index >= legal_actions.len() {
            // A strategy's mistake must not cost the match: play a legal action anyway.
            choice = rng.below(legal_actions.len()).into();
        }
        let mut answer = json!({ "action_index": choice.index });
        if let Some(say) = choice.say.filter(|say| !say.is_empty()) {
            answer["say"] = Value::String(say.chars().take(200).collect());
        }
        answer
    })
}

/// The bot world's export, `handle: func(request: string) -> string`, in the canonical ABI
/// written by hand (no bindings generator: Debian's rustc 1.63 builds it too), with the
/// allocator the host calls to pass the request.
#[cfg(target_arch = "wasm32")]
mod abi {
    use std::alloc::{alloc, dealloc, handle_alloc_error, realloc, Layout};
    use std::ptr::addr_of_mut;

    #[link(wasm_import_module = "wasi_snapshot_preview1")]
    extern "C" {
        /// WASI preview 1's random bytes: `length` of them at `buffer`; 0 or an error number.
        pub fn random_get(buffer: *mut u8, length: usize) -> i32;
    }

    /// The host's allocator (canonical ABI): grows or makes a block for a string it passes.
    #[no_mangle]
    pub unsafe extern "C" fn cabi_realloc(
        old: *mut u8,
        old_size: usize,
        align: usize,
        new_size: usize,
    ) -> *mut u8 {
        if new_size == 0 {
            return align as *mut u8;
        }
        let layout = Layout::from_size_align_unchecked(new_size, align);
        let block = if old_size == 0 {
            alloc(layout)
        } else {
            realloc(
                old,
                Layout::from_size_align_unchecked(old_size, align),
                new_size,
            )
        };
        if block.is_null() {
            handle_alloc_error(layout);
        }
        block
    }

    /// Where `handle` returns its answer: its address and length.
    static mut ANSWER: [u32; 2] = [0; 2];

    /// The export: the request (UTF-8, `length` bytes at `request`, allocated by the host with
    /// `cabi_realloc`, now ours) in, the address of the answer's address and length out.
    #[no_mangle]
    pub unsafe extern "C" fn handle(request: *mut u8, length: usize) -> *mut u32 {
        let bytes = std::slice::from_raw_parts(request, length);
        let answer = crate::answer(std::str::from_utf8(bytes).unwrap_or(""));
        if length > 0 {
            dealloc(request, Layout::from_size_align_unchecked(length, 1));
        }
        let answer = answer.into_bytes().into_boxed_slice();
        let length = answer.len();
        let address = Box::into_raw(answer) as *mut u8;
        let area = addr_of_mut!(ANSWER);
        *area = [address as u32, length as u32];
        area as *mut u32
    }

    /// Frees the answer once the host has read it.
    #[no_mangle]
    pub unsafe extern "C" fn cabi_post_handle(area: *mut u32) {
        let (answer, length) = (*area as usize as *mut u8, *area.add(1) as usize);
        drop(Box::from_raw(std::ptr::slice_from_raw_parts_mut(
            answer, length,
        )));
    }

    /// On wasm32-wasi(p1), the reactor's start, which WASI's adapter calls once: without it the
    /// linker would wrap every export in the constructors' call.
    #[cfg(target_os = "wasi")]
    #[no_mangle]
    pub extern "C" fn _initialize() {
        extern "C" {
            fn __wasm_call_ctors();
        }
        // SAFETY: called once, by the host, before any other export.
        unsafe { __wasm_call_ctors() }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_turn_is_answered_with_a_legal_index_and_the_rest_with_an_empty_object() {
        let turn = r#"{"type":"turn","view":{},"legal_actions":[{"kind":"take"},{"kind":"pass"}]}"#;
        let played: Value = serde_json::from_str(&answer(turn)).unwrap();
        assert!(played["action_index"].as_u64().unwrap() < 2);
        assert_eq!(answer(r#"{"type":"ping"}"#), r#"{"pong":true}"#);
        assert_eq!(answer(r#"{"type":"match_start"}"#), "{}");
        assert_eq!(answer("not json"), "{}");
    }

    #[test]
    fn the_generator_stays_below_its_bound() {
        let mut rng = Rng::seeded(7);
        assert!((0..1000).all(|_| rng.below(3) < 3));
        assert_eq!(rng.below(0), 0);
    }
}
