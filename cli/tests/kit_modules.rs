//! The kits that build bot modules, each from the same code as its HTTP kit: the Python kit's
//! bot.py (componentize-py), the JavaScript kit's bot.js (componentize-qjs) and the Rust kit's
//! crate (Debian's rustc, `cardarena module wrap`), each built by its own build-wasm.sh through
//! the testkit's builders. Each plays every game through `cardarena play` without a fault, the
//! same seed replays the same games, and its random numbers come from the match: an instance
//! seeded alike draws the same, seeded otherwise draws others (a module snapshot at build time
//! would draw the same in every match). A Python or JavaScript strategy's `say` reaches the
//! answer, and so does its kit's `"fallback": true` when the strategy raises (or, with `STRICT`
//! set in the file, an answer with no action: a fault).

mod support;

use std::path::{Path, PathBuf};
use std::process::Output;

use support::process::{cardarena, scratch, text};

use cardarena_sandbox::{Limits, Module, Sandbox};
use cardarena_testkit::wasm::{
    js_kit_module, js_module, python_kit_module, python_module, rust_kit_module,
};
use serde_json::{Value, json};

/// The games and their number of seats.
const GAMES: [(&str, usize); 6] = [
    ("durak", 3),
    ("durak-duel", 2),
    ("bridge", 3),
    ("most", 4),
    ("prsi", 2),
    ("fifty-six", 4),
];

/// The fuel of one call in these tests: far more than any of them needs.
const FUEL: u64 = 10_000_000_000;

fn binary() -> &'static Path {
    Path::new(env!("CARGO_BIN_EXE_cardarena"))
}

/// A folder of this test's own under the target folder.
fn folder(name: &str) -> PathBuf {
    scratch(&format!("kit-modules-{name}"))
}

/// `cardarena play` of `game` with `module` at the first seat and the random house bot at the
/// others, with `extra` arguments.
fn play(module: &Path, game: &str, players: usize, extra: &[&str]) -> Output {
    let seat = format!("kit={}", module.display());
    let others: Vec<String> = (1..players).map(|n| format!("r{n}=random")).collect();
    let mut args = vec!["play", "--game", game, "--seat", &seat];
    for other in &others {
        args.extend(["--seat", other.as_str()]);
    }
    args.extend(extra);
    cardarena(&args)
}

/// `module` plays two games of every game without a fault, and prsi's replay the same.
fn plays_every_game(module: &Path) {
    let file = module.file_name().unwrap().to_string_lossy();
    for (game, players) in GAMES {
        let run = || {
            let played = play(
                module,
                game,
                players,
                &["--games", "2", "--seed", "3", "--log"],
            );
            let out = text(&played.stdout);
            assert!(played.status.success(), "{game}: {}", text(&played.stderr));
            assert!(
                out.contains(&format!("{file}): no faults")),
                "{game}: {out}"
            );
            out
        };
        let log = run();
        if game == "prsi" {
            assert_eq!(run(), log, "the same seed replays the same games");
        }
    }
}

/// A turn offering `count` alike actions: the index answered is the bot's random draw.
fn turn(number: u64, count: usize) -> String {
    let actions = vec![json!({"kind": "draw"}); count];
    json!({
        "protocol": 1, "type": "turn", "match_id": "kit-test", "attempt": 1, "game": "prsi",
        "seat": 0, "turn": number, "deadline_ms": 1000, "time_bank_ms": 0, "clock_ms": 0,
        "view": {}, "legal_actions": actions,
    })
    .to_string()
}

/// The module at `path`, checked as an upload is.
fn checked(path: &Path) -> Module {
    let sandbox = Sandbox::new(Limits::default()).unwrap();
    sandbox
        .check(&std::fs::read(path).unwrap())
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The answers of a fresh instance seeded by `seed` to a match_start and then `turns` turns.
fn answers(module: &Module, seed: u64, turns: u64) -> Vec<Value> {
    let mut seat = module.start(seed).unwrap();
    let start = json!({"protocol": 1, "type": "match_start", "match_id": "kit-test",
        "attempt": 1, "game": "prsi", "seat": 0, "players": 2, "options": {}, "deadline_ms": 1000});
    seat.handle(&start.to_string(), FUEL).unwrap();
    (1..=turns)
        .map(|n| {
            let (answer, _) = seat.handle(&turn(n, 1000), FUEL).unwrap();
            serde_json::from_str(&answer).unwrap_or_else(|e| panic!("{answer}: {e}"))
        })
        .collect()
}

/// The module's random draws come from its instance's seed: the same seed draws the same, two
/// seeds differ, and a turn's answer is an index among the legal actions.
fn draws_from_the_match(path: &Path) {
    let module = checked(path);
    let draws = |seed| -> Vec<u64> {
        let answers = answers(&module, seed, 4);
        let index = |answer: &Value| answer["action_index"].as_u64();
        (answers.iter())
            .map(|answer| index(answer).unwrap_or_else(|| panic!("{answer}")))
            .collect()
    };
    let first = draws(1);
    assert!(first.iter().all(|&index| index < 1000), "{first:?}");
    assert_eq!(draws(1), first, "the same seed draws the same");
    assert_ne!(draws(2), first, "another seed draws others");
}

/// A copy of the kit's file `source` in `dir`, its strategy's random pick replaced by `with`.
fn strategy_saying(source: &Path, pick: &str, with: &str, dir: &Path) -> PathBuf {
    let code = std::fs::read_to_string(source).unwrap();
    assert!(
        code.contains(pick),
        "{} no longer has {pick}",
        source.display()
    );
    let copy = dir.join(source.file_name().unwrap());
    std::fs::write(&copy, code.replacen(pick, with, 1)).unwrap();
    copy
}

/// The `say` of the first turn's answer of `module`.
fn first_say(module: &Path) -> Value {
    answers(&checked(module), 5, 1)[0]["say"].clone()
}

#[test]
fn the_python_kits_bot_as_a_module_plays_every_game_with_the_matchs_randomness() {
    let dir = folder("python");
    let module = dir.join("python.wasm");
    python_kit_module(Some(binary()), &module);
    plays_every_game(&module);
    draws_from_the_match(&module);
}

#[test]
fn the_python_kits_say_reaches_the_answer() {
    let dir = folder("python-say");
    let kit = Path::new(env!("CARGO_MANIFEST_DIR")).join("../bots/kits/python/bot.py");
    let pick = "return random.randrange(len(legal_actions))";
    let saying = "return random.randrange(len(legal_actions)), \"from python\"";
    let source = strategy_saying(&kit, pick, saying, &dir);
    let module = dir.join("saying.wasm");
    python_module(&source, None, &module);
    assert_eq!(first_say(&module), json!("from python"));
}

/// Built from `kit` with its strategy's `pick` replaced by `failing` (which throws), a module
/// answers a turn at random marked `"fallback": true`; built again with `strict` (the file's
/// setting made true) in place of `lenient`, it answers with no action.
fn failing_strategy_is_marked(name: &str, pick: &str, failing: &str, strict: [&str; 2]) {
    let build = |dir: &Path, source: &Path| {
        let module = dir.join(format!("{name}.wasm"));
        match name {
            "python" => python_module(source, None, &module),
            _ => js_module(source, None, &module),
        }
        answers(&checked(&module), 5, 1).remove(0)
    };
    let kit = Path::new(env!("CARGO_MANIFEST_DIR")).join(match name {
        "python" => "../bots/kits/python/bot.py",
        _ => "../bots/kits/js/bot.js",
    });
    let dir = folder(&format!("{name}-failing"));
    let source = strategy_saying(&kit, pick, failing, &dir);
    let answer = build(&dir, &source);
    assert_eq!(answer["fallback"], json!(true), "{answer}");
    assert!(answer["action_index"].as_u64() < Some(1000), "{answer}");
    let dir = folder(&format!("{name}-strict"));
    let answer = build(&dir, &strategy_saying(&source, strict[0], strict[1], &dir));
    assert_eq!(answer, json!({}), "no action: a fault");
}

#[test]
fn the_python_kits_failing_strategy_is_marked_in_a_module() {
    let pick = "return random.randrange(len(legal_actions))";
    let failing = "raise RuntimeError(\"a bug in the strategy\")";
    failing_strategy_is_marked("python", pick, failing, ["STRICT = False", "STRICT = True"]);
}

#[test]
fn the_js_kits_failing_strategy_is_marked_in_a_module() {
    let pick = "return Math.floor(Math.random() * legalActions.length);";
    let failing = "throw new Error(\"a bug in the strategy\");";
    let strict = ["let STRICT = false;", "let STRICT = true;"];
    failing_strategy_is_marked("js", pick, failing, strict);
}

#[test]
fn the_js_kits_bot_as_a_module_plays_every_game_with_the_matchs_randomness() {
    let dir = folder("js");
    let module = dir.join("js.wasm");
    js_kit_module(Some(binary()), &module);
    plays_every_game(&module);
    draws_from_the_match(&module);
}

#[test]
fn the_js_kits_say_reaches_the_answer() {
    let dir = folder("js-say");
    let kit = Path::new(env!("CARGO_MANIFEST_DIR")).join("../bots/kits/js/bot.js");
    let pick = "return Math.floor(Math.random() * legalActions.length);";
    let saying =
        "return { index: Math.floor(Math.random() * legalActions.length), say: \"from js\" };";
    let source = strategy_saying(&kit, pick, saying, &dir);
    let module = dir.join("saying.wasm");
    js_module(&source, None, &module);
    assert_eq!(first_say(&module), json!("from js"));
}

#[test]
fn the_rust_kits_crate_as_a_module_plays_every_game_with_the_matchs_randomness() {
    let dir = folder("rust");
    let module = dir.join("rust.wasm");
    rust_kit_module(binary(), &module);
    plays_every_game(&module);
    draws_from_the_match(&module);
}
