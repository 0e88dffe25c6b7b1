//! Real modules in the sandbox: a C bot built by clang for wasm32-wasi and made a component by
//! `componentize`, as the C kit builds one; the same source built to misbehave (an endless loop,
//! a memory bomb, deep recursion, a 100 MB answer, a trap on every turn); and uploads that are
//! no bot at all.

use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};

use cardarena_sandbox::{Fault, Limits, Refusal, Sandbox, componentize};
use cardarena_testkit::wasm::clang_core;

const TURN: &str = r#"{"type":"turn","match_id":"m","seat":0,"view":{},"legal_actions":[1,2]}"#;
const FUEL: u64 = 100_000_000;

/// The core module clang makes of `tests/bots/bot.c` with `-D<flag>` (none for the plain bot).
fn core_module(flag: Option<&str>) -> Vec<u8> {
    let source = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/bots/bot.c");
    // A file of its own: the tests build at once.
    static BUILT: AtomicUsize = AtomicUsize::new(0);
    let n = BUILT.fetch_add(1, Ordering::Relaxed);
    let out = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!(
        "bot-{}-{}-{n}.wasm",
        flag.unwrap_or("plain"),
        std::process::id()
    ));
    clang_core(&source, flag.as_slice(), &out);
    let module = std::fs::read(&out).unwrap();
    let _ = std::fs::remove_file(&out);
    module
}

/// The bot component of `tests/bots/bot.c` with `-D<flag>`.
fn component(flag: Option<&str>) -> Vec<u8> {
    componentize(&core_module(flag)).expect("a component")
}

/// What a hostile module's fault must be.
type Expected = fn(&Fault) -> bool;

fn sandbox(limits: Limits) -> Sandbox {
    Sandbox::new(limits).expect("the engine starts")
}

#[test]
fn a_bot_answers_the_same_to_the_same_seed_and_keeps_nothing_from_one_match_to_the_next() {
    let module = sandbox(Limits::default()).check(&component(None)).unwrap();
    let mut seat = module.start(7).unwrap();
    let (started, _) = seat.handle(r#"{"type":"match_start"}"#, FUEL).unwrap();
    assert_eq!(started, "{}");
    let (first, fuel) = seat.handle(TURN, FUEL).unwrap();
    let (second, _) = seat.handle(TURN, FUEL).unwrap();
    assert!(first.starts_with(r#"{"action_index":0,"say":""#), "{first}");
    assert!(
        first.ends_with(" 2\"}") && second.ends_with(" 3\"}"),
        "{first} {second}"
    );
    assert!(fuel > 0 && fuel < FUEL, "a turn used {fuel} fuel");

    // A fresh seat of the same seed: the same draws, the count from the start again.
    let mut again = module.start(7).unwrap();
    again.handle(r#"{"type":"match_start"}"#, FUEL).unwrap();
    assert_eq!(again.handle(TURN, FUEL).unwrap(), (first.clone(), fuel));
    // Another seed draws otherwise.
    let mut other = module.start(8).unwrap();
    other.handle(r#"{"type":"match_start"}"#, FUEL).unwrap();
    assert_ne!(other.handle(TURN, FUEL).unwrap().0, first);
}

#[test]
fn hostile_modules_fault_their_own_call_and_nothing_else() {
    let limits = Limits {
        memory_bytes: 200 << 20,
        ..Limits::default()
    };
    let sandbox = sandbox(limits);
    let cases: [(&str, Expected); 5] = [
        ("LOOP", |f| matches!(f, Fault::OutOfFuel { fuel: FUEL })),
        (
            "BOMB",
            |f| matches!(f, Fault::Memory { limit } if *limit == 200 << 20),
        ),
        // C's stack is in linear memory, below its data: past its end is out of bounds.
        ("RECURSE", |f| {
            *f == Fault::StackOverflow
                || *f == Fault::Trap("wasm trap: out of bounds memory access".into())
        }),
        (
            "HUGE",
            |f| matches!(f, Fault::TooLarge { bytes, limit: 65_536 } if *bytes == 100 << 20),
        ),
        ("TRAP", |f| {
            *f == Fault::Trap("wasm trap: wasm `unreachable` instruction executed".into())
        }),
    ];
    for (flag, expected) in cases {
        let module = sandbox.check(&component(Some(flag))).unwrap();
        let mut seat = module.start(1).unwrap();
        // Filling 100 MB takes more than a turn's fuel of the others.
        let fuel = if flag == "HUGE" { 50 * FUEL } else { FUEL };
        let fault = seat.handle(TURN, fuel).unwrap_err();
        assert!(expected(&fault), "{flag}: {fault:?}");
        // A fresh seat of the same module starts as before.
        let mut fresh = module.start(1).unwrap();
        assert_eq!(
            fresh.handle(r#"{"type":"match_end"}"#, FUEL).unwrap().0,
            "{}"
        );
    }
}

#[test]
fn an_upload_that_is_no_bot_component_is_refused_saying_why() {
    let sandbox = sandbox(Limits {
        module_bytes: 1 << 20,
        ..Limits::default()
    });
    let core = core_module(None);
    assert_eq!(sandbox.check(&core).err(), Some(Refusal::CoreModule));
    assert!(matches!(
        sandbox.check(b"#!/bin/sh\nrm -rf /\n"),
        Err(Refusal::Invalid(_))
    ));
    let mut damaged = component(None);
    damaged.truncate(damaged.len() / 2);
    assert!(matches!(sandbox.check(&damaged), Err(Refusal::Invalid(_))));
    let big = vec![0u8; 2 << 20];
    assert_eq!(
        sandbox.check(&big).err(),
        Some(Refusal::TooLarge {
            bytes: 2 << 20,
            limit: 1 << 20
        })
    );
    for refusal in [Refusal::CoreModule, Refusal::Invalid("x".into())] {
        assert!(!refusal.to_string().contains("--"), "{refusal}");
    }
}
