//! `cardarena play` with a seat played by a bot at a URL, the binary run as a user runs it: the
//! Python kit as a real process plays a whole run cleanly, and a misbehaving bot served here
//! shows each of its faults in the list, with the very request it was sent written to a file.

use cardarena_testkit::kits;

use std::collections::HashMap;
use std::net::SocketAddr;
use std::process::{Command, Output};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::body::Bytes;
use axum::extract::State;
use axum::http::StatusCode;
use cardarena_bots::http::verify;
use kits::{KitProcess, Script, Secret, TempDir};
use serde_json::{Value, json};

/// Runs `cardarena` with `args` off the runtime's threads, so that bots served by this test go
/// on answering it.
async fn cardarena(args: Vec<String>) -> Output {
    tokio::task::spawn_blocking(move || {
        Command::new(env!("CARGO_BIN_EXE_cardarena"))
            .args(&args)
            .output()
            .expect("the binary runs")
    })
    .await
    .unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("UTF-8 output")
}

fn args(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

/// The row of the results table that starts with `name`, split on whitespace.
fn row<'a>(table: &'a str, name: &str) -> Vec<&'a str> {
    table
        .lines()
        .map(|line| line.split_whitespace().collect::<Vec<_>>())
        .find(|cells| cells.first() == Some(&name))
        .unwrap_or_else(|| panic!("no row {name:?} in:\n{table}"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_python_kit_plays_bridge_against_house_bots_without_a_fault() {
    let logs = TempDir::new();
    let secret = "kit-secret";
    let (mut kit, addr) = KitProcess::serve(Script::Python, Secret::Env(secret), &logs.0).await;
    let url = format!("http://{addr}/");
    let games = 12;
    let output = cardarena(args(&[
        "play",
        "--game",
        "bridge",
        "--seat",
        &format!("me={url}"),
        "--seat",
        "G=greedy",
        "--seat",
        "D=demo",
        "--games",
        &games.to_string(),
        "--seed",
        "21",
        "--options",
        r#"{"single_deal": true}"#,
        "--secret",
        secret,
        "--deadline-ms",
        "3000",
    ]))
    .await;
    let (stdout, stderr) = (text(&output.stdout), text(&output.stderr));
    assert!(output.status.success(), "{stderr}\n{}", kit.output());
    let header: Vec<&str> = stdout.lines().next().unwrap().split_whitespace().collect();
    assert_eq!(
        header,
        [
            "name", "bot", "games", "wins", "losses", "draws", "loss", "rate", "95%", "interval",
            "faults"
        ],
        "{stdout}"
    );
    let me = row(&stdout, "me");
    assert_eq!(me[1], url);
    assert_eq!(me[2], games.to_string(), "{stdout}");
    assert_eq!(me[8], "0", "no faults: {stdout}\n{}", kit.output());
    let (low, high) = me[7].split_once('-').unwrap();
    let rate: f64 = me[6].parse().unwrap();
    assert!(low.parse::<f64>().unwrap() <= rate && rate <= high.parse::<f64>().unwrap());
    for house in ["G", "D"] {
        let cells = row(&stdout, house);
        assert_eq!(cells[2], games.to_string(), "{stdout}");
        assert_eq!(cells[8], "0", "{stdout}");
    }
    assert!(
        stdout.contains(&format!("\nme ({url}): no faults\n")),
        "{stdout}"
    );
    assert!(
        !stderr.contains("secret: "),
        "a given secret is not printed: {stderr}"
    );
    // The kit was called through the protocol: it logged every match's end, under the match ids
    // play gave them.
    for n in 1..=games {
        kit.line(Duration::from_secs(5), |line| {
            line.starts_with(&format!("match play-{n}-")) && line.contains("(bridge, seat ")
        })
        .await;
    }

    // A wrong secret: the kit refuses the signed ping, and play says so before any game.
    let output = cardarena(args(&[
        "play",
        "--game",
        "bridge",
        "--seat",
        &format!("me={url}"),
        "--seat",
        "G=greedy",
        "--secret",
        "not-the-kit-secret",
    ]))
    .await;
    assert_eq!(output.status.code(), Some(2));
    let stderr = text(&output.stderr);
    assert!(
        stderr.contains("seat me: the bot at") && stderr.contains("did not answer a ping"),
        "{stderr}"
    );
    assert!(stderr.contains("401"), "{stderr}");
    assert!(output.stdout.is_empty());
}

/// What the misbehaving bot was sent: each match's turn bodies, as received.
type Received = Arc<Mutex<HashMap<String, Vec<Vec<u8>>>>>;

/// A bot that answers its first turn of every match wrongly, by the match's number N in
/// `play-N-SEED`: an index out of range (N mod 3 = 1), a body that is not JSON (2) or a 500 (0).
async fn misbehaving_bot(received: Received) -> SocketAddr {
    async fn answer(State(received): State<Received>, body: Bytes) -> (StatusCode, String) {
        let request: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
        if request["type"] != "turn" {
            return (StatusCode::OK, json!({"pong": true}).to_string());
        }
        let match_id = request["match_id"].as_str().unwrap_or_default().to_string();
        let number: u64 = match_id
            .split('-')
            .nth(1)
            .and_then(|n| n.parse().ok())
            .unwrap_or(0);
        let first = {
            let mut received = received.lock().unwrap();
            let turns = received.entry(match_id).or_default();
            turns.push(body.to_vec());
            turns.len() == 1
        };
        match (first, number % 3) {
            (false, _) => (StatusCode::OK, r#"{"action_index": 0}"#.into()),
            (true, 1) => (StatusCode::OK, r#"{"action_index": 999}"#.into()),
            (true, 2) => (StatusCode::OK, "this is not json".into()),
            (true, _) => (StatusCode::INTERNAL_SERVER_ERROR, "boom".into()),
        }
    }
    let app = axum::Router::new()
        .fallback(axum::routing::post(answer))
        .with_state(received);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await });
    addr
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_faulting_bot_shows_each_fault_with_the_request_it_was_sent() {
    let received = Received::default();
    let addr = misbehaving_bot(received.clone()).await;
    let url = format!("http://{addr}/");
    let dir = TempDir::new();
    let faults_dir = dir.0.join("faults");
    let output = cardarena(args(&[
        "play",
        "--seat",
        &format!("bad={url}"),
        "--seat",
        "R=random",
        "--games",
        "3",
        "--seed",
        "11",
        "--faults-dir",
        faults_dir.to_str().unwrap(),
    ]))
    .await;
    let (stdout, stderr) = (text(&output.stdout), text(&output.stderr));
    assert!(output.status.success(), "{stderr}");
    // No --secret: play drew one and printed it, and signed with it.
    let secret = stderr
        .lines()
        .find_map(|line| line.strip_prefix("secret: "))
        .and_then(|rest| rest.split_whitespace().next())
        .unwrap_or_else(|| panic!("no secret on stderr: {stderr}"))
        .to_string();
    let bad = row(&stdout, "bad");
    assert_eq!((bad[2], bad[4], bad[8]), ("3", "3", "3"), "{stdout}");
    assert_eq!(row(&stdout, "R")[8], "0", "{stdout}");
    assert!(
        stdout.contains(&format!(
            "faults of bad ({url}): 3 in 3 games (bad_json 1, http_status 1, illegal_action 1)"
        )),
        "{stdout}"
    );
    assert!(stdout.contains("is out of range"), "{stdout}");
    assert!(stdout.contains("answer: HTTP 500"), "{stdout}");
    assert!(stdout.contains("body \"boom\""), "{stdout}");

    let lines: Vec<&str> = stdout.lines().collect();
    let received = received.lock().unwrap().clone();
    for (game, kind) in [(1, "illegal_action"), (2, "bad_json"), (3, "http_status")] {
        let at = lines
            .iter()
            .position(|l| l.starts_with(&format!("  game {game} (seed ")))
            .unwrap_or_else(|| panic!("game {game} is not listed:\n{stdout}"));
        let line = lines[at];
        assert!(line.contains(&format!(": {kind}: ")), "{line}");
        let decision: u32 = line
            .split("decision ")
            .nth(1)
            .and_then(|rest| rest.split(':').next())
            .and_then(|d| d.parse().ok())
            .unwrap_or_else(|| panic!("no decision in {line}"));
        let path = lines[at + 1..]
            .iter()
            .find_map(|l| l.trim().strip_prefix("request: "))
            .unwrap_or_else(|| panic!("no request file for game {game}:\n{stdout}"));
        assert!(path.starts_with(faults_dir.to_str().unwrap()), "{path}");
        let written = std::fs::read(path).unwrap();
        let written: Value = serde_json::from_slice(&written).unwrap();
        assert_eq!(written["type"], "turn");
        assert_eq!(written["turn"], decision, "{written}");
        // The file holds what the bot was sent (its match clock kept to the millisecond).
        let (match_id, turns) = received
            .iter()
            .find(|(id, _)| id.starts_with(&format!("play-{game}-")))
            .unwrap_or_else(|| panic!("the bot got no turn of game {game}"));
        assert_eq!(written["match_id"], match_id.as_str());
        let mut sent: Value = serde_json::from_slice(&turns[0]).unwrap();
        let clock = |v: &Value| v["clock_ms"].as_i64().unwrap();
        assert!(
            (clock(&sent) - clock(&written)).abs() <= 1,
            "{sent}\n{written}"
        );
        sent["clock_ms"] = written["clock_ms"].clone();
        assert_eq!(sent, written);
    }
    // The command to send one again carries the signature the bot got, under play's secret.
    let curl = lines
        .iter()
        .find(|l| l.trim_start().starts_with("curl -s "))
        .unwrap_or_else(|| panic!("no curl line:\n{stdout}"));
    let signature = curl
        .split("x-cardarena-signature: ")
        .nth(1)
        .and_then(|rest| rest.split('\'').next())
        .unwrap();
    let file = curl.rsplit('@').next().unwrap();
    let body = std::fs::read(file).unwrap();
    assert!(verify(secret.as_bytes(), &body, signature), "{curl}");

    // A bot that is not there stops play before its first game.
    let closed = {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        listener.local_addr().unwrap()
    };
    let output = cardarena(args(&[
        "play",
        "--seat",
        &format!("gone=http://{closed}/"),
        "--seat",
        "R=random",
    ]))
    .await;
    assert_eq!(output.status.code(), Some(2));
    assert!(
        text(&output.stderr).contains("did not answer a ping (connect"),
        "{}",
        text(&output.stderr)
    );
    for bad in ["me=http://", "me=http://u:p@127.0.0.1:1/"] {
        let output = cardarena(args(&["play", "--seat", bad, "--seat", "R=random"])).await;
        assert_eq!(output.status.code(), Some(2), "{bad}");
    }
}
