//! The kits in dial-out mode (`--connect`) against the real server, as real processes: each kit
//! is registered with `"connect": true` for every game, finds the server, its id and its token
//! in its settings file (one game) or its environment (the next), as docs/writing-a-bot.md
//! says, connects through a TCP proxy of this test to `/api/bots/{id}/connect`, and plays
//! practice matches against the house bots without a fault. Then the proxy cuts the kit's connection in the middle of a long match, dropping a
//! request on its way: the kit connects again, the server sends the call again on the new
//! connection, and the match finishes with no fault for the kit. `python3` and `node` must be on
//! the PATH.

use crate::support;
use cardarena_testkit::kits;

use std::net::SocketAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use kits::{KitProcess, Script, TempDir, settings_file};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use support::{Server, TempDb, config, short_match, smallest_table};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

/// A TCP proxy from the kits to the server. Once armed with a bot's id, the next bytes the
/// server sends on that bot's connection are dropped and the connection is cut, both ends.
struct Proxy {
    addr: SocketAddr,
    armed: Arc<Mutex<Option<String>>>,
    cuts: Arc<AtomicUsize>,
}

impl Proxy {
    async fn start(target: SocketAddr) -> Proxy {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let proxy = Proxy {
            addr: listener.local_addr().unwrap(),
            armed: Arc::default(),
            cuts: Arc::default(),
        };
        let (armed, cuts) = (proxy.armed.clone(), proxy.cuts.clone());
        tokio::spawn(async move {
            while let Ok((client, _)) = listener.accept().await {
                let Ok(server) = TcpStream::connect(target).await else {
                    continue;
                };
                tokio::spawn(relay(client, server, armed.clone(), cuts.clone()));
            }
        });
        proxy
    }
}

/// Copies bytes both ways until either end closes, or until the server sends something while
/// armed with the bot whose upgrade request came first on this connection: then that is dropped,
/// the connection cut and counted.
async fn relay(
    mut client: TcpStream,
    mut server: TcpStream,
    armed: Arc<Mutex<Option<String>>>,
    cuts: Arc<AtomicUsize>,
) {
    let mut up = vec![0u8; 65536];
    let mut down = vec![0u8; 65536];
    let mut head = String::new();
    loop {
        tokio::select! {
            read = client.read(&mut up) => match read {
                Ok(n) if n > 0 => {
                    if head.len() < 4096 {
                        head.push_str(&String::from_utf8_lossy(&up[..n]));
                    }
                    if server.write_all(&up[..n]).await.is_err() {
                        return;
                    }
                }
                _ => return,
            },
            read = server.read(&mut down) => match read {
                Ok(n) if n > 0 => {
                    let cut = {
                        let mut armed = armed.lock().unwrap();
                        let mine = armed.as_ref().is_some_and(|id| head.contains(id.as_str()));
                        mine && armed.take().is_some()
                    };
                    if cut {
                        cuts.fetch_add(1, Ordering::SeqCst);
                        return;
                    }
                    if client.write_all(&down[..n]).await.is_err() {
                        return;
                    }
                }
                _ => return,
            },
        }
    }
}

/// One dial-out bot of a game and its kit process.
struct Entry {
    game: Value,
    bot: Value,
    kit: KitProcess,
}

/// Registers a dial-out bot of `game` and starts `script` connected through `proxy` as it, with
/// its settings in the file `.cardarena` of its working directory when `in_file`, else in its
/// environment; no setting on its command line.
async fn connect_kit(
    server: &Server,
    proxy: &Proxy,
    script: Script,
    game: &Value,
    in_file: bool,
    logs: &TempDir,
) -> Entry {
    let id = game["id"].as_str().unwrap();
    let name = format!("{}-dial-{id}", script.name());
    let body = json!({"name": name, "game": id, "connect": true});
    let (status, bot) = server
        .send(Method::POST, "/api/bots", None, Some(body))
        .await;
    assert_eq!(status, StatusCode::CREATED, "{bot}");
    assert!(bot["token"].is_string(), "{bot}");
    let server_url = format!("http://{}", proxy.addr);
    let settings = [
        ("CARDARENA_SERVER", server_url.as_str()),
        ("CARDARENA_BOT_ID", bot["id"].as_str().unwrap()),
        ("CARDARENA_TOKEN", bot["token"].as_str().unwrap()),
    ];
    let mut kit = if in_file {
        let dir = logs.0.join(&name);
        std::fs::create_dir_all(&dir).unwrap();
        settings_file(&dir, &settings, 0o600);
        KitProcess::start_in(script, &["--connect"], &[], Some(&dir), &logs.0)
    } else {
        KitProcess::start(script, &["--connect"], &settings, &logs.0)
    };
    kit.line(Duration::from_secs(10), |line| {
        line.starts_with("connected to ")
    })
    .await;
    Entry {
        game: game.clone(),
        bot,
        kit,
    }
}

/// Queues practice matches of `entry`'s bot with `options`; returns their ids.
async fn practice(server: &Server, entry: &Entry, matches: u32, options: Value) -> Vec<String> {
    let path = format!("/api/bots/{}/practice", entry.bot["id"].as_str().unwrap());
    let body = json!({"matches": matches, "opponents": smallest_table(&entry.game),
                      "options": options});
    let (status, answer) = server
        .send(Method::POST, &path, entry.bot["token"].as_str(), Some(body))
        .await;
    assert_eq!(status, StatusCode::ACCEPTED, "{answer}");
    (answer["match_ids"].as_array().unwrap().iter())
        .map(|m| m.as_str().unwrap().to_string())
        .collect()
}

/// The kit's seat in the finished match `m`, checked to have no fault; and how many actions it
/// took.
fn kit_seat(m: &Value, entry: &Entry) -> usize {
    let game = entry.game["id"].as_str().unwrap();
    let output = entry.kit.output();
    assert_eq!(m["status"], "finished", "{game}: {m}\n{output}");
    let seat = (m["seats"].as_array().unwrap().iter())
        .find(|s| s["bot_id"] == entry.bot["id"])
        .unwrap_or_else(|| panic!("{game}: the kit has no seat in {m}"));
    assert!(seat["fault"].is_null(), "{game}: {seat}\n{output}");
    (m["actions"].as_array().unwrap().iter())
        .filter(|a| a["seat"] == seat["seat"])
        .count()
}

async fn plays_every_game_dialling_out(script: Script) {
    let started = Instant::now();
    let db = TempDb::new();
    let logs = TempDir::new();
    let mut config = config(&db);
    config.deadline_ms = 2000; // generous: the point is a correct bot, on a busy test machine
    let server = Server::start(config).await;
    let proxy = Proxy::start(server.running.addr).await;
    let (status, games) = server.get("/api/games").await;
    assert_eq!(status, StatusCode::OK, "{games}");
    let mut entries = Vec::new();
    for (n, game) in games.as_array().unwrap().iter().enumerate() {
        entries.push(connect_kit(&server, &proxy, script, game, n % 2 == 0, &logs).await);
    }
    let mut queued = Vec::new();
    for entry in &entries {
        queued.push(practice(&server, entry, 2, short_match(&entry.game)).await);
    }
    for (entry, match_ids) in entries.iter().zip(&queued) {
        // One match may end before the kit's first turn (in most, the first player can meld
        // out at once), but not both.
        let mut played = 0;
        for id in match_ids {
            played += kit_seat(&server.finished_match(id).await, entry);
        }
        assert!(played > 0, "{}: the kit played no action", entry.game["id"]);
    }

    // A long match (bridge to 125 points), its connection cut under it once it runs.
    let entry = (entries.iter())
        .find(|e| e.game["id"] == "bridge")
        .expect("bridge is a game");
    let id = practice(&server, entry, 1, json!({})).await.remove(0);
    let bot_id = entry.bot["id"].as_str().unwrap().to_string();
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let (_, m) = server.get(&format!("/api/matches/{id}")).await;
        if m["status"] == "running" {
            break;
        }
        assert_eq!(
            m["status"], "queued",
            "the match ended before it could be cut: {m}"
        );
        assert!(Instant::now() < deadline, "the match did not start: {m}");
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    *proxy.armed.lock().unwrap() = Some(bot_id);
    while proxy.cuts.load(Ordering::SeqCst) == 0 {
        assert!(Instant::now() < deadline, "the proxy cut nothing");
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    // The request dropped with the connection is being waited on: the match is not over.
    let (_, m) = server.get(&format!("/api/matches/{id}")).await;
    assert_eq!(m["status"], "running", "the cut came after the match: {m}");
    let m = server.finished_match(&id).await;
    assert_eq!(proxy.cuts.load(Ordering::SeqCst), 1);
    kit_seat(&m, entry);
    let output = entry.kit.output();
    assert!(output.contains("connecting again in 0.5 s"), "{output}");
    assert_eq!(
        output.matches("connected to ").count(),
        2,
        "the kit connected again once: {output}"
    );
    eprintln!(
        "the {} kit dialled out for {} games in {:.1} s",
        script.name(),
        entries.len(),
        started.elapsed().as_secs_f64()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_python_kit_plays_every_game_dialling_out() {
    plays_every_game_dialling_out(Script::Python).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_js_kit_plays_every_game_dialling_out() {
    plays_every_game_dialling_out(Script::Js).await;
}
