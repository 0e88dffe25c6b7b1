//! The starter kits against the real server: the Python kit (bots/kits/python/bot.py) and the
//! JavaScript kit (bots/kits/js/bot.js) as child processes, the Rust example bot
//! (bots/examples/example_bot.rs) in process through its router. Each is registered for every
//! game, started with the secret registration gave (a kit's in its settings file for one game,
//! in its environment for the next), passes the server's signed ping (so it is active), plays
//! practice matches against the game's first house bot without a fault, prints each match's line
//! with its place in words, joins the ladder, and refuses a wrong signature (401) and a body that
//! is not JSON (400). `python3` (3.9+) and `node` (18+) must be on the PATH: a missing one fails
//! the test.

use crate::support;
use cardarena_testkit::kits;

#[allow(dead_code)] // the example's main() is not used here, only its router
#[path = "../../bots/examples/example_bot.rs"]
mod example_bot;

use std::net::SocketAddr;
use std::path::Path;
use std::time::{Duration, Instant};

use cardarena_bots::http::sign;
use kits::{KitProcess, Script, Secret, TempDir, place_in_words};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use support::{Server, TempDb, config, short_match, smallest_table};

/// A kit under test.
#[derive(Debug, Clone, Copy)]
enum Kit {
    Python,
    Js,
    RustExample,
}

impl Kit {
    fn name(self) -> &'static str {
        match self {
            Kit::Python => "python",
            Kit::Js => "js",
            Kit::RustExample => "rust",
        }
    }
}

/// A started kit: its address, and its process unless it runs in process.
struct RunningKit {
    addr: SocketAddr,
    process: Option<KitProcess>,
}

impl RunningKit {
    fn output(&self) -> String {
        self.process
            .as_ref()
            .map_or_else(|| "(in process)".to_string(), KitProcess::output)
    }
}

/// Starts `kit` with `secret` (unset: the kit runs without checking) on a port of its own
/// choosing. The Rust example takes its secret in process, wherever the kits would find it.
async fn launch(kit: Kit, secret: Secret<'_>, logs: &Path) -> RunningKit {
    let script = match kit {
        Kit::Python => Script::Python,
        Kit::Js => Script::Js,
        Kit::RustExample => {
            let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
            let addr = listener.local_addr().unwrap();
            let secret = match secret {
                Secret::Unset => None,
                Secret::Env(secret) | Secret::File(secret) => Some(secret.to_string()),
            };
            let app = example_bot::router(secret);
            tokio::spawn(async move { axum::serve(listener, app).await });
            return RunningKit {
                addr,
                process: None,
            };
        }
    };
    let (process, addr) = KitProcess::serve(script, secret, logs).await;
    RunningKit {
        addr,
        process: Some(process),
    }
}

/// One registration of the kit for one game, with its practice matches.
struct Entry {
    game: String,
    bot: Value,
    kit: RunningKit,
    match_ids: Vec<String>,
}

/// Registers and starts `kit` for every game the server lists, waits until the server's ping
/// finds it active, plays two practice matches of each (the kit in seat 0, then seat 1) against
/// the game's first house bot, and checks them; waits for a rated ladder match of the first
/// game; then checks how the kit answers requests sent by hand.
async fn plays_every_game(kit: Kit) {
    let started = Instant::now();
    let db = TempDb::new();
    let logs = TempDir::new();
    let mut config = config(&db);
    config.deadline_ms = 2000; // generous: the point is a correct bot, on a busy test machine
    config.ladder_interval = Some(Duration::from_millis(250));
    let server = Server::start(config).await;
    let (status, games) = server.get("/api/games").await;
    assert_eq!(status, StatusCode::OK, "{games}");
    let games = games.as_array().unwrap();
    assert!(!games.is_empty());

    let mut entries = Vec::new();
    for (n, game) in games.iter().enumerate() {
        let id = game["id"].as_str().unwrap();
        // The kit needs the secret registration gives, and registration a URL: register at a
        // closed port, start the kit, then point the bot at the address the kit listens on.
        let bot = server
            .register_for(
                id,
                &format!("{}-kit-{id}", kit.name()),
                "http://127.0.0.1:9/bot",
            )
            .await;
        let secret = bot["secret"].as_str().unwrap();
        let secret = if n % 2 == 0 {
            Secret::File(secret)
        } else {
            Secret::Env(secret)
        };
        let running = launch(kit, secret, &logs.0).await;
        let path = format!("/api/bots/{}", bot["id"].as_str().unwrap());
        let url = format!("http://{}/bot", running.addr);
        let (status, answer) = server
            .send(
                Method::PATCH,
                &path,
                bot["token"].as_str(),
                Some(json!({"url": url})),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        // The server pings the new URL, signed with the bot's secret: the kit answers, and the
        // bot is active (on the ladder).
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            let (_, shown) = server.get(&path).await;
            if shown["status"] == "active" {
                break;
            }
            assert!(
                Instant::now() < deadline,
                "{id}: the kit did not pass the check: {shown}\n{}",
                running.output()
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }

        let path = format!("/api/bots/{}/practice", bot["id"].as_str().unwrap());
        let body =
            json!({"matches": 2, "opponents": smallest_table(game), "options": short_match(game)});
        let (status, answer) = server
            .send(Method::POST, &path, bot["token"].as_str(), Some(body))
            .await;
        assert_eq!(status, StatusCode::ACCEPTED, "{id}: {answer}");
        let match_ids = answer["match_ids"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap().to_string())
            .collect();
        entries.push(Entry {
            game: id.to_string(),
            bot,
            kit: running,
            match_ids,
        });
    }

    for entry in &entries {
        let game = &entry.game;
        // Its actions over the game's matches: one match may end before the kit's first turn
        // (in most, the first player can meld out at once), but not both.
        let mut played = 0;
        for match_id in &entry.match_ids {
            let m = server.finished_match(match_id).await;
            let output = entry.kit.output();
            assert_eq!(m["status"], "finished", "{game}: {m}\n{output}");
            let seat = m["seats"]
                .as_array()
                .unwrap()
                .iter()
                .find(|s| s["bot_id"] == entry.bot["id"])
                .unwrap_or_else(|| panic!("{game}: the kit has no seat in {m}"));
            assert!(seat["fault"].is_null(), "{game}: {seat}\n{output}");
            let asked = m["actions"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|a| a["seat"] == seat["seat"])
                .count();
            played += asked;
            if let Some(process) = &entry.kit.process {
                // match_end may reach the kit just after the match is stored. Its line says the
                // seat's place in words.
                let ranks: Vec<u64> = (m["seats"].as_array().unwrap().iter())
                    .map(|s| s["rank"].as_u64().unwrap())
                    .collect();
                let index = seat["seat"].as_u64().unwrap() as usize;
                let start = format!("match {match_id} ({game}, seat {index} of {}", ranks.len());
                let place = format!("): {}, score ", place_in_words(&ranks, index));
                let deadline = Instant::now() + Duration::from_secs(5);
                let line = loop {
                    let printed = std::fs::read_to_string(&process.stdout).unwrap_or_default();
                    if let Some(line) = printed.lines().find(|line| line.starts_with(&start)) {
                        break line.to_string();
                    }
                    assert!(
                        Instant::now() < deadline,
                        "{game}: no line for match {match_id} in the kit's log:\n{output}"
                    );
                    tokio::time::sleep(Duration::from_millis(20)).await;
                };
                assert!(line.contains(&place), "{game}: {line}, not {place:?}");
            }
        }
        assert!(
            played > 0,
            "{game}: the kit played no action in {:?}",
            entry.match_ids
        );
    }

    let entry = &entries[0];
    // An active kit joins its game's ladder: a rated match of it is played.
    let path = format!("/api/bots/{}", entry.bot["id"].as_str().unwrap());
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let (_, shown) = server.get(&path).await;
        if shown["rating"]["matches"].as_u64() >= Some(1) {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "{}: no ladder match: {shown}",
            entry.game
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    // The first kit took its secret from its settings file, the second from its environment.
    for entry in &entries[..2] {
        let secret = entry.bot["secret"].as_str().unwrap();
        answers_by_hand(kit, &entry.kit, Some(secret)).await;
    }
    if let Some(process) = &entries[0].kit.process {
        let secret = entries[0].bot["secret"].as_str();
        says_its_place_in_words(kit, &entries[0].kit, process, secret).await;
    }
    let unchecked = launch(kit, Secret::Unset, &logs.0).await;
    answers_by_hand(kit, &unchecked, None).await;
    if let Some(process) = &unchecked.process {
        let output = process.output();
        assert!(
            output.contains("warning: CARDARENA_SECRET is not set"),
            "{output}"
        );
    }
    eprintln!(
        "the {} kit played {} games in {:.1} s",
        kit.name(),
        entries.len(),
        started.elapsed().as_secs_f64()
    );
}

/// A `match_end` notice sent by hand: the game, the kit's seat, each seat's rank and score, the
/// attempt if not the first; and the words the kit must print of it.
type PlaceCase = (
    &'static str,
    u64,
    &'static [(u64, f64)],
    Option<u64>,
    &'static str,
);

/// Sends the kit `match_end` notices of outcomes written here, signed with `secret`, and checks
/// the line it prints for each: the seat's place in words and its score.
async fn says_its_place_in_words(
    kit: Kit,
    running: &RunningKit,
    process: &KitProcess,
    secret: Option<&str>,
) {
    let cases: [PlaceCase; 10] = [
        (
            "durak",
            3,
            &[(1, 1.0), (1, 1.0), (1, 1.0), (2, 0.0)],
            None,
            "last of 4, score 0",
        ),
        (
            "durak",
            0,
            &[(1, 1.0), (1, 1.0), (1, 1.0), (2, 0.0)],
            None,
            "shared 1st of 4, score 1",
        ),
        (
            "prsi",
            1,
            &[(1, 3.0), (2, 2.0), (3, 1.0), (4, 0.0)],
            None,
            "2nd of 4, score 2",
        ),
        (
            "prsi",
            0,
            &[(1, 3.0), (2, 2.0), (3, 1.0), (4, 0.0)],
            None,
            "1st of 4, score 3",
        ),
        (
            "most",
            2,
            &[(1, 0.0), (2, -9.0), (2, -9.0), (4, -30.0)],
            None,
            "shared 2nd of 4, score -9",
        ),
        (
            "most",
            4,
            &[(1, 0.0), (2, -1.0), (3, -4.0), (3, -4.0), (3, -4.0)],
            None,
            "shared last of 5, score -4",
        ),
        ("durak-duel", 0, &[(1, 1.0), (2, 0.0)], None, "won, score 1"),
        (
            "durak-duel",
            1,
            &[(1, 1.0), (2, 0.0)],
            Some(2),
            "lost, score 0",
        ),
        ("fifty-six", 5, &[(1, 0.5); 6], None, "drew, score 0.5"),
        ("bridge", 0, &[(1, 0.0), (1, 0.0)], None, "drew, score 0"),
    ];
    for (n, (game, seat, seats, attempt, words)) in cases.into_iter().enumerate() {
        let match_id = format!("place-{n}");
        let seats: Vec<Value> = (seats.iter())
            .map(|(rank, score)| json!({"rank": rank, "score": score}))
            .collect();
        let mut notice = json!({"protocol": 1, "type": "match_end", "match_id": match_id,
                                "game": game, "seat": seat, "outcome": {"seats": seats}});
        if let Some(attempt) = attempt {
            notice["attempt"] = json!(attempt);
        }
        let (status, _) = post(running, notice.to_string().as_bytes(), secret, None).await;
        assert_eq!(status, StatusCode::OK, "{}", kit.name());
        let again = attempt.map_or(String::new(), |a| format!(", attempt {a}"));
        let expected = format!(
            "match {match_id} ({game}, seat {seat} of {}{again}): {words}",
            seats.len()
        );
        let deadline = Instant::now() + Duration::from_secs(5);
        loop {
            let printed = std::fs::read_to_string(&process.stdout).unwrap_or_default();
            if printed.lines().any(|line| line == expected) {
                break;
            }
            assert!(
                Instant::now() < deadline,
                "{}: no line {expected:?} in\n{printed}",
                kit.name()
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}

/// The durak turn of docs/protocol.md.
fn turn_body() -> Vec<u8> {
    serde_json::to_vec(&json!({
        "protocol": 1, "type": "turn", "match_id": "by-hand", "game": "durak", "seat": 0,
        "turn": 3, "deadline_ms": 1000, "some_later_field": {"ignored": true},
        "view": {"seat": 0, "players": 3, "turn": 2, "phase": "defend", "to_act": 0,
                 "attacker": 2, "defender": 0, "trump": "6D",
                 "hand": ["7C", "8H", "10C", "JC", "JH", "AC"], "deck_size": 16,
                 "hand_sizes": [6, 8, 5], "in_game": [true, true, true],
                 "table": [{"attack": "9C", "beat": null}], "discard": []},
        "legal_actions": [{"kind": "beat", "card": "10C"}, {"kind": "beat", "card": "JC"},
                          {"kind": "beat", "card": "AC"}, {"kind": "take"}],
    }))
    .unwrap()
}

/// Sends `body` to the kit as the server would, signed with `secret` (or with `signature` as
/// the header's value when given); returns the status and the answer.
async fn post(
    kit: &RunningKit,
    body: &[u8],
    secret: Option<&str>,
    signature: Option<&str>,
) -> (StatusCode, Value) {
    let mut request = reqwest::Client::new()
        .post(format!("http://{}/bot", kit.addr))
        .header("content-type", "application/json")
        .header("x-cardarena-match", "by-hand")
        .timeout(Duration::from_secs(5))
        .body(body.to_vec());
    let header = match (signature, secret) {
        (Some(signature), _) => Some(signature.to_string()),
        (None, Some(secret)) => Some(sign(secret.as_bytes(), body)),
        (None, None) => None,
    };
    if let Some(header) = header {
        request = request.header("x-cardarena-signature", header);
    }
    let response = request.send().await.unwrap();
    let status = StatusCode::from_u16(response.status().as_u16()).unwrap();
    let text = response.text().await.unwrap();
    (
        status,
        serde_json::from_str(&text).unwrap_or(Value::String(text)),
    )
}

/// Checks the kit's answers to requests sent by hand: turns, notices, wrong signatures, bodies
/// that are not JSON. With `secret` the kit checks signatures; without, it takes any request.
async fn answers_by_hand(kit: Kit, running: &RunningKit, secret: Option<&str>) {
    let name = kit.name();
    let output = || running.output();
    let turn = turn_body();
    let (status, answer) = post(running, &turn, secret, None).await;
    assert_eq!(status, StatusCode::OK, "{name}: {answer}\n{}", output());
    let index = answer["action_index"].as_u64();
    assert!(
        index.is_some_and(|i| i < 4) && answer.get("action").is_none(),
        "{name}: {answer}"
    );
    let ping = json!({"protocol": 1, "type": "ping", "bot_id": "by-hand", "nonce": "00ff"});
    let (status, answer) = post(running, ping.to_string().as_bytes(), secret, None).await;
    assert_eq!(
        (status, &answer),
        (StatusCode::OK, &json!({"pong": true})),
        "{name} ping"
    );
    for kind in ["match_start", "match_end"] {
        let notice = json!({"protocol": 1, "type": kind, "match_id": "by-hand", "game": "durak",
                            "seat": 1, "players": 2, "options": {}, "deadline_ms": 1000,
                            "outcome": {"seats": [{"rank": 2, "score": 0.0},
                                                  {"rank": 1, "score": 1.0}]}});
        let (status, answer) = post(running, notice.to_string().as_bytes(), secret, None).await;
        assert_eq!(
            (status, &answer),
            (StatusCode::OK, &json!({})),
            "{name} {kind}"
        );
    }
    for body in [
        &b"this is not json {"[..],
        b"[1, 2]",
        b"",
        &[0xff, 0xfe, b'{'],
    ] {
        let (status, answer) = post(running, body, secret, None).await;
        assert_eq!(
            status,
            StatusCode::BAD_REQUEST,
            "{name}: {body:?}: {answer}"
        );
    }
    let no_actions = json!({"protocol": 1, "type": "turn", "match_id": "m", "game": "durak",
                            "seat": 0, "turn": 1, "deadline_ms": 1000, "view": {},
                            "legal_actions": []});
    let (status, _) = post(running, no_actions.to_string().as_bytes(), secret, None).await;
    assert_eq!(
        status,
        StatusCode::BAD_REQUEST,
        "{name}: empty legal_actions"
    );
    // Odd but well-formed requests: the kit neither crashes nor faults on them.
    let odd = [
        json!({"type": "match_end", "seat": "x", "outcome": "none"}),
        json!({"type": "match_end", "seat": 5, "outcome": {"seats": [1, null]}}),
        json!({"type": "match_end", "seat": 0, "outcome": {"seats": [1, null]}}),
        json!({"type": "something_new", "protocol": 1}),
        json!({"type": "turn", "legal_actions": [7]}),
    ];
    for body in odd {
        let (status, answer) = post(running, body.to_string().as_bytes(), secret, None).await;
        assert_eq!(
            status,
            StatusCode::OK,
            "{name}: {body}: {answer}\n{}",
            output()
        );
    }

    let Some(secret) = secret else {
        return;
    };
    let wrong = sign(b"not the secret", &turn);
    let mut tampered = turn.clone();
    tampered.extend_from_slice(b" ");
    let tampered_signature = sign(secret.as_bytes(), &turn);
    let refused = [
        (&turn[..], Some(wrong.as_str())),
        (&turn[..], Some("sha256=")),
        (&turn[..], Some("nonsense")),
        (&tampered[..], Some(tampered_signature.as_str())),
        (&b"this is not json {"[..], Some(wrong.as_str())),
    ];
    for (body, signature) in refused {
        let (status, answer) = post(running, body, None, signature).await;
        assert_eq!(
            status,
            StatusCode::UNAUTHORIZED,
            "{name}: {signature:?}: {answer}"
        );
    }
    let (status, answer) = post(running, &turn, None, None).await;
    assert_eq!(
        status,
        StatusCode::UNAUTHORIZED,
        "{name} unsigned: {answer}"
    );
    let upper = sign(secret.as_bytes(), &turn)
        .to_uppercase()
        .replace("SHA256=", "sha256=");
    let (status, answer) = post(running, &turn, None, Some(&upper)).await;
    assert_eq!(status, StatusCode::OK, "{name}: upper-case hex: {answer}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_python_kit_plays_every_game() {
    plays_every_game(Kit::Python).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_js_kit_plays_every_game() {
    plays_every_game(Kit::Js).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_rust_example_plays_every_game() {
    plays_every_game(Kit::RustExample).await;
}
