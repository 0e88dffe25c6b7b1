//! The open-files limit, against the real binary started under `ulimit -n 200`: the server says
//! at start how it shares its descriptors out, takes dial-out connections up to their share, and
//! answers the next one `503 server_full` in the API's JSON shape (rather than running out of
//! descriptors and leaving new clients to time out), while plain requests are still answered.

mod support;

use std::process::Command;

use reqwest::StatusCode;
use serde_json::{Value, json};
use support::TempDb;
use support::process::Process;
use tokio_tungstenite::tungstenite::Error as WsError;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

/// The open-files limit the server runs under.
const LIMIT: u64 = 200;
/// `--max-connections` and `--max-matches` of the server.
const CLIENTS: u64 = 16;
const MATCHES: u64 = 4;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn dial_out_connections_past_their_share_of_descriptors_are_refused_with_503() {
    let db = TempDb::new();
    let url = db.url();
    let mut command = Command::new("sh");
    command
        .arg("-c")
        .arg(format!("ulimit -n {LIMIT} && exec \"$0\" \"$@\""))
        .arg(env!("CARGO_BIN_EXE_cardarena"))
        .args([
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--database-url",
            &url,
            "--no-ladder",
        ])
        .args(["--max-connections", &CLIENTS.to_string()])
        .args(["--max-matches", &MATCHES.to_string()])
        .env("RUST_LOG", "info");
    let (serve, base) = Process::spawn(command, "leaderboard: ");
    let base = base.trim_end_matches('/').to_string();

    let reserve = 64 + 6 * MATCHES;
    let share = (LIMIT - CLIENTS - reserve) as usize;
    let http = reqwest::Client::new();
    let mut bots = Vec::new();
    for n in 0..share.div_ceil(4) + 1 {
        let answer = http
            .post(format!("{base}/api/bots"))
            .json(&json!({"name": format!("dialler-{n}"), "game": "durak", "connect": true}))
            .send()
            .await
            .unwrap();
        assert_eq!(answer.status(), StatusCode::CREATED);
        bots.push(answer.json::<Value>().await.unwrap());
    }
    let open = |bot: &Value| {
        let id = bot["id"].as_str().unwrap();
        let url = format!("{base}/api/bots/{id}/connect").replace("http://", "ws://");
        let mut request = url.into_client_request().unwrap();
        let token = format!("Bearer {}", bot["token"].as_str().unwrap());
        request
            .headers_mut()
            .insert("authorization", token.parse().unwrap());
        tokio_tungstenite::connect_async(request)
    };
    // Every connection of the share is taken: four per bot, the most a bot may hold.
    let mut sockets = Vec::new();
    for i in 0..share {
        let (socket, _) = open(&bots[i / 4])
            .await
            .unwrap_or_else(|e| panic!("connection {i} of {share}: {e}"));
        sockets.push(socket);
    }
    // The next is refused at once, with the documented error, by a process that still answers.
    let refused = open(bots.last().unwrap()).await;
    match refused {
        Err(WsError::Http(response)) => {
            assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);
            let body: Value = serde_json::from_slice(response.body().as_deref().unwrap()).unwrap();
            assert_eq!(body["error"], "server_full", "{body}");
        }
        other => panic!("connection {share} was not refused: {other:?}"),
    }
    let games = http.get(format!("{base}/api/games")).send().await.unwrap();
    assert_eq!(games.status(), StatusCode::OK);
    // One goes, and its place is taken again.
    drop(sockets.pop());
    let mut reopened = None;
    for _ in 0..50 {
        if let Ok((socket, _)) = open(&bots[(share - 1) / 4]).await {
            reopened = Some(socket);
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert!(reopened.is_some(), "a freed place was not taken again");

    let log = serve.stop();
    let said = format!(
        "open files: a limit of {LIMIT}; {CLIENTS} for client connections, {reserve} for the \
         database, bot calls and files, {share} for dial-out connections"
    );
    assert!(log.contains(&said), "{log}");
}
