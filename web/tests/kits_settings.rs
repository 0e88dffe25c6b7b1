//! Where the starter kits find their secret (docs/writing-a-bot.md, "4. Set the secret"): the
//! settings file `.cardarena` of their working directory, readable by its owner alone, or the
//! environment, which wins over the file. A file others may read is refused with the command
//! that mends it. Both kits run as real processes; requests are signed as the server signs them.

use cardarena_testkit::kits;

use std::path::Path;
use std::time::{Duration, Instant};

use cardarena_bots::http::sign;
use kits::{KitProcess, Script, TempDir, settings_file};

/// How long a kit may take to start, answer or stop.
const PATIENCE: Duration = Duration::from_secs(10);

/// A ping, signed with `secret`, sent to the kit at `addr`: the status of its answer.
async fn ping(addr: &str, secret: &str) -> u16 {
    let body = br#"{"protocol": 1, "type": "ping", "bot_id": "b", "nonce": "00ff"}"#;
    let response = reqwest::Client::new()
        .post(format!("http://{addr}/"))
        .header("content-type", "application/json")
        .header("x-cardarena-signature", sign(secret.as_bytes(), body))
        .timeout(PATIENCE)
        .body(&body[..])
        .send()
        .await
        .unwrap();
    response.status().as_u16()
}

/// Starts `script` in HTTP mode in `dir` with `env`, and waits for the address it listens on.
async fn serve_in(
    script: Script,
    dir: &Path,
    env: &[(&str, &str)],
    logs: &Path,
) -> (KitProcess, String) {
    let mut all = vec![("HOST", "127.0.0.1"), ("PORT", "0")];
    all.extend_from_slice(env);
    let mut kit = KitProcess::start_in(script, &[], &all, Some(dir), logs);
    let line = kit
        .line(PATIENCE, |line| line.starts_with("listening on http://"))
        .await;
    let addr = line["listening on http://".len()..].trim_end_matches('/');
    let addr = addr.to_string();
    (kit, addr)
}

async fn reads_its_secret(script: Script) {
    let name = script.name();
    let logs = TempDir::new();
    let dir = logs.0.join("my-bot");
    std::fs::create_dir_all(&dir).unwrap();
    settings_file(&dir, &[("CARDARENA_SECRET", "from-the-file")], 0o600);

    // The file alone: its secret is checked, no other.
    let (kit, addr) = serve_in(script, &dir, &[], &logs.0).await;
    assert_eq!(
        ping(&addr, "from-the-file").await,
        200,
        "{name}: {}",
        kit.output()
    );
    assert_eq!(
        ping(&addr, "another").await,
        401,
        "{name}: {}",
        kit.output()
    );
    assert!(
        !kit.output().contains("CARDARENA_SECRET is not set"),
        "{name}: {}",
        kit.output()
    );
    drop(kit);

    // The environment wins over the file.
    let env = [("CARDARENA_SECRET", "from-the-environment")];
    let (kit, addr) = serve_in(script, &dir, &env, &logs.0).await;
    assert_eq!(ping(&addr, "from-the-environment").await, 200, "{name}");
    assert_eq!(ping(&addr, "from-the-file").await, 401, "{name}");
    drop(kit);

    // A file others may read is refused, saying how to mend it; so is it when dialling out.
    settings_file(&dir, &[("CARDARENA_SECRET", "from-the-file")], 0o644);
    for args in [&[][..], &["--connect"][..]] {
        let mut kit = KitProcess::start_in(script, args, &[("PORT", "0")], Some(&dir), &logs.0);
        let started = Instant::now();
        let status = loop {
            if let Some(status) = kit.child.try_wait().unwrap() {
                break status;
            }
            assert!(
                started.elapsed() < PATIENCE,
                "{name} {args:?}: the kit runs with a file others may read:\n{}",
                kit.output()
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        };
        let output = kit.output();
        assert!(!status.success(), "{name} {args:?}: {output}");
        assert!(
            output.contains("others may read it: make it yours alone with chmod 600 .cardarena"),
            "{name} {args:?}: {output}"
        );
        assert!(!output.contains("Traceback"), "{name} {args:?}: {output}");
    }
}

#[tokio::test]
async fn the_python_kit_reads_its_secret_from_its_file_or_its_environment() {
    reads_its_secret(Script::Python).await;
}

#[tokio::test]
async fn the_js_kit_reads_its_secret_from_its_file_or_its_environment() {
    reads_its_secret(Script::Js).await;
}
