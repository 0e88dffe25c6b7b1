//! `cardarena play` with a seat played by a bot module, as a contestant tests one before
//! uploading it: the C test bot built by clang, made a bot module by `cardarena module wrap`, plays
//! every game without a fault, the same seed replays the same games; the C kit's bot, built by
//! its own build-wasm.sh, plays every game without a fault; and a module that is no bot is
//! refused saying why.

mod support;

use std::path::{Path, PathBuf};
use std::process::Command;

use support::process::{cardarena, scratch, text};

use cardarena_testkit::wasm::clang_core;

/// A folder of this test's own under the target folder.
fn folder(name: &str) -> PathBuf {
    scratch(&format!("play-modules-{name}"))
}

/// The core module clang makes of the sandbox's C test bot, in `dir`.
fn core_module(dir: &Path) -> PathBuf {
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("../sandbox/tests/bots/bot.c");
    let out = dir.join("bot-core.wasm");
    clang_core(&source, &[], &out);
    out
}

#[test]
fn a_module_plays_every_game_and_the_same_seed_replays_the_same_games() {
    let dir = folder("every-game");
    let core = core_module(&dir);
    let module = dir.join("bot.wasm");
    let made = cardarena(&[
        "module",
        "wrap",
        core.to_str().unwrap(),
        module.to_str().unwrap(),
    ]);
    assert!(made.status.success(), "{}", text(&made.stderr));
    assert!(
        text(&made.stdout).contains("a bot module"),
        "{}",
        text(&made.stdout)
    );
    let seat = format!("mine={}", module.display());
    for game in ["durak", "durak-duel", "bridge", "most", "prsi", "fifty-six"] {
        let run = |extra: &[&str]| {
            let mut args = vec!["play", "--game", game, "--seed", "11", "--seat", &seat];
            args.extend(["--seat", "other=random"]);
            if game == "fifty-six" {
                args.extend(["--seat", "third=random", "--seat", "fourth=random"]);
            }
            args.extend(extra);
            cardarena(&args)
        };
        let played = run(&["--games", "3"]);
        let out = text(&played.stdout);
        assert!(played.status.success(), "{game}: {}", text(&played.stderr));
        assert!(out.contains("\nmine ("), "{game}: {out}");
        assert!(out.contains("bot.wasm): no faults"), "{game}: {out}");
        let logged = run(&["--log"]);
        assert!(logged.status.success(), "{game}: {}", text(&logged.stderr));
        assert_eq!(
            text(&run(&["--log"]).stdout),
            text(&logged.stdout),
            "{game}"
        );
    }
}

#[test]
fn a_core_module_or_a_file_that_is_no_module_is_refused_saying_why() {
    let dir = folder("refused");
    let core = core_module(&dir);
    let renamed = dir.join("core.wasm");
    std::fs::copy(&core, &renamed).unwrap();
    let seat = format!("mine={}", renamed.display());
    let refused = cardarena(&["play", "--seat", &seat, "--seat", "other=random"]);
    assert!(!refused.status.success());
    let said = text(&refused.stderr);
    assert!(
        said.contains("core WebAssembly module, not a component"),
        "{said}"
    );
    let checked = cardarena(&["module", "check", renamed.to_str().unwrap()]);
    assert!(!checked.status.success());
    assert!(
        text(&checked.stderr).contains("not a component"),
        "{}",
        text(&checked.stderr)
    );
    std::fs::write(&renamed, b"not wasm at all").unwrap();
    let refused = cardarena(&["play", "--seat", &seat, "--seat", "other=random"]);
    assert!(
        text(&refused.stderr).contains("not valid WebAssembly"),
        "{}",
        text(&refused.stderr)
    );
}

#[test]
fn module_wit_prints_the_world_the_kits_build_against_and_check_accepts_a_module() {
    let wit = cardarena(&["module", "wit"]);
    assert!(wit.status.success());
    let world = text(&wit.stdout);
    assert!(world.starts_with("package cardarena:bot@"), "{world}");
    assert!(
        world.contains("export handle: func(request: string) -> string;"),
        "{world}"
    );
    let dir = folder("check");
    let module = dir.join("bot.wasm");
    let core = core_module(&dir);
    let made = cardarena(&[
        "module",
        "wrap",
        core.to_str().unwrap(),
        module.to_str().unwrap(),
    ]);
    assert!(made.status.success(), "{}", text(&made.stderr));
    let checked = cardarena(&["module", "check", module.to_str().unwrap()]);
    assert!(checked.status.success(), "{}", text(&checked.stderr));
    assert!(text(&checked.stdout).contains("a bot module"));
}

#[test]
fn the_c_kits_bot_built_by_its_script_plays_every_game_without_a_fault() {
    let dir = folder("c-kit");
    let kit = Path::new(env!("CARGO_MANIFEST_DIR")).join("../bots/kits/c");
    let module = dir.join("kit.wasm");
    let built = Command::new(kit.join("build-wasm.sh"))
        .arg(kit.join("bot.c"))
        .arg(&module)
        .env("CARDARENA", env!("CARGO_BIN_EXE_cardarena"))
        .output()
        .expect("the kit's script runs");
    assert!(built.status.success(), "{}", text(&built.stderr));
    let seat = format!("kit={}", module.display());
    for (game, others) in [
        ("durak", 2),
        ("durak-duel", 1),
        ("bridge", 2),
        ("most", 3),
        ("prsi", 1),
        ("fifty-six", 3),
    ] {
        let mut args = vec![
            "play", "--game", game, "--games", "4", "--seed", "2", "--seat", &seat,
        ];
        let names: Vec<String> = (0..others).map(|n| format!("r{n}=random")).collect();
        for name in &names {
            args.extend(["--seat", name.as_str()]);
        }
        let played = cardarena(&args);
        let out = text(&played.stdout);
        assert!(played.status.success(), "{game}: {}", text(&played.stderr));
        assert!(out.contains("kit.wasm): no faults"), "{game}: {out}");
    }
}
