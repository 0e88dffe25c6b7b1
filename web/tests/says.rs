//! What a bot says is bounded: each line is cut to 200 characters and a seat keeps at most 2,000
//! characters of says in one match, so a chatty bot cannot grow a match's log, its frames or its
//! downloads. Against the real server on loopback, with a real HTTP bot that says 300
//! characters on every turn.

use crate::support;

use reqwest::StatusCode;
use serde_json::{Value, json};
use support::{Server, TempDb, config, test_bots};

const LINE: usize = 200;
const PER_MATCH: usize = 2_000;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_chatty_bot_keeps_ten_lines_a_match() {
    let db = TempDb::new();
    let server = Server::start(config(&db)).await;
    let bots = test_bots().await;
    let bot = server.register("chatty", &bots.url("/chatty")).await;
    let match_id = server
        .practice_with(&bot, &json!(["greedy"]), &json!({}))
        .await;
    let m = server.finished_match(&match_id).await;
    assert_eq!(m["status"], "finished", "{m}");
    let (status, frames) = server.get(&format!("/api/matches/{match_id}/frames")).await;
    assert_eq!(status, StatusCode::OK, "{frames}");

    let own: Vec<&Value> = frames["frames"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["seat"] == 0 && f["by"] == "bot")
        .collect();
    assert!(
        own.len() > PER_MATCH / LINE,
        "the bot played {} turns: too few to reach the budget",
        own.len()
    );
    let said: Vec<&str> = own.iter().filter_map(|f| f["say"].as_str()).collect();
    assert_eq!(said.len(), PER_MATCH / LINE, "ten full lines, then nothing");
    for line in &said {
        assert_eq!(
            line.chars().count(),
            LINE,
            "each line cut to 200 characters"
        );
        assert!(line.starts_with("turn "), "{line}");
    }
    assert!(
        own[said.len()..].iter().all(|f| f["say"].is_null()),
        "the turns after the budget say nothing"
    );
    let total: usize = said.iter().map(|l| l.chars().count()).sum();
    assert_eq!(total, PER_MATCH);

    // The download carries no more than the frames do.
    let replay = server
        .http
        .get(server.url(&format!("/api/matches/{match_id}/replay.json")))
        .send()
        .await
        .unwrap()
        .json::<Value>()
        .await
        .unwrap();
    let says = replay["says"]
        .as_array()
        .expect("replay.json lists the says");
    let chars: usize = says
        .iter()
        .map(|s| s["text"].as_str().unwrap().chars().count())
        .sum();
    assert_eq!((says.len(), chars), (PER_MATCH / LINE, PER_MATCH));
}
