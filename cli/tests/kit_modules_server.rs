//! Every kit's example, built by its own build-wasm.sh (Python, JavaScript, Rust, C), uploaded to
//! a real server on loopback as a module bot of each game and played in a practice match against
//! the game's first house bot at its usual table: no fault, and the version it played is the
//! upload's.

mod support;

use std::path::{Path, PathBuf};
use std::process::Command;

use cardarena_testkit::wasm::{js_kit_module, python_kit_module, rust_kit_module};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use support::{Server, TempDb, config};

fn binary() -> &'static Path {
    Path::new(env!("CARGO_BIN_EXE_cardarena"))
}

/// The C kit's bot built by its build-wasm.sh into `out`.
fn c_kit_module(out: &Path) {
    let kit = Path::new(env!("CARGO_MANIFEST_DIR")).join("../bots/kits/c");
    let built = Command::new(kit.join("build-wasm.sh"))
        .arg(kit.join("bot.c"))
        .arg(out)
        .env("CARDARENA", binary())
        .output()
        .expect("the C kit's script runs");
    assert!(
        built.status.success(),
        "{}",
        String::from_utf8_lossy(&built.stderr)
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_kits_module_plays_a_practice_match_of_every_game_on_a_server() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("kit-modules-server-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let kits: [(&str, PathBuf); 4] = [
        ("python", dir.join("python.wasm")),
        ("js", dir.join("js.wasm")),
        ("rust", dir.join("rust.wasm")),
        ("c", dir.join("c.wasm")),
    ];
    python_kit_module(None, &kits[0].1);
    js_kit_module(None, &kits[1].1);
    rust_kit_module(binary(), &kits[2].1);
    c_kit_module(&kits[3].1);

    let db = TempDb::new();
    let mut config = config(&db);
    config.deadline_ms = 1000;
    let server = Server::start(config).await;
    let games = server.games().await;
    for (kit, path) in &kits {
        let bytes = std::fs::read(path).unwrap();
        for game in &games {
            let id = game["id"].as_str().unwrap();
            let body = json!({"name": format!("{kit}-{id}"), "game": id, "wasm": true});
            let (status, bot) = server
                .send(Method::POST, "/api/bots", None, Some(body))
                .await;
            assert_eq!(status, StatusCode::CREATED, "{bot}");
            let bot_id = bot["id"].as_str().unwrap();
            let response = server
                .http
                .put(server.url(&format!("/api/bots/{bot_id}/module")))
                .bearer_auth(bot["token"].as_str().unwrap())
                .header("content-type", "application/wasm")
                .body(bytes.clone())
                .send()
                .await
                .unwrap();
            let status = response.status().as_u16();
            let version: Value = response.json().await.unwrap();
            assert_eq!(status, 201, "{kit} {id}: {version}");
            server.wait_active(bot_id).await;
            let match_id = server.practice_at_house_table(&bot, game, json!({})).await;
            let m = server.finished_match(&match_id).await;
            assert_eq!(m["status"], "finished", "{kit} {id}: {m}");
            let seat = (m["seats"].as_array().unwrap().iter())
                .find(|s| s["bot_id"] == bot_id)
                .unwrap();
            assert_eq!(seat["fault"], Value::Null, "{kit} {id}: {m}");
            assert_eq!(seat["version"], 1, "{kit} {id}: {m}");
        }
    }
}
