//! A running match in public, against the real thing: the server on loopback with a temporary
//! SQLite file and a real HTTP bot that takes its time, read through its frames and its live
//! feed (server-sent events) while it runs, then checked against the engine's replay once it
//! has finished: no hand, and no hidden trump, before the game shows it; and the cap on a
//! match's live viewers.

use crate::frames_replay;
use crate::support;

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{Value, json};

use frames_replay::{check_frames, expected, practice};
use support::{Server, TempDb, config, pacing_bot};

/// Server-sent events read from a streaming response, as (event, data) pairs.
struct Events {
    response: reqwest::Response,
    buffer: String,
}

impl Events {
    async fn open(server: &Server, path: &str) -> Events {
        let response = server.http.get(server.url(path)).send().await.unwrap();
        assert_eq!(response.status(), StatusCode::OK);
        let kind = response.headers()["content-type"].to_str().unwrap();
        assert!(kind.starts_with("text/event-stream"), "{kind}");
        Events {
            response,
            buffer: String::new(),
        }
    }

    /// The next event, or `None` when the stream ends.
    async fn next(&mut self) -> Option<(String, Value)> {
        loop {
            if let Some(end) = self.buffer.find("\n\n") {
                let block: String = self.buffer.drain(..end + 2).collect();
                let mut name = String::from("message");
                let mut data = String::new();
                for line in block.lines() {
                    if let Some(value) = line.strip_prefix("event:") {
                        name = value.trim().to_string();
                    } else if let Some(value) = line.strip_prefix("data:") {
                        data.push_str(value.strip_prefix(' ').unwrap_or(value));
                    }
                }
                if data.is_empty() {
                    continue; // a keep-alive comment
                }
                return Some((name, serde_json::from_str(&data).unwrap()));
            }
            let chunk = tokio::time::timeout(Duration::from_secs(30), self.response.chunk())
                .await
                .expect("an event within 30 s")
                .unwrap()?;
            self.buffer.push_str(std::str::from_utf8(&chunk).unwrap());
        }
    }
}

/// Whether a public table shows no card of any hand.
fn hands_hidden(table: &Value) -> bool {
    table["hands"]
        .as_array()
        .unwrap()
        .iter()
        .all(|hand| hand["cards"] == json!([]) && hand["down"].as_u64().is_some())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_running_match_is_public_on_frames_and_live_until_its_end() {
    let db = TempDb::new();
    let mut config = config(&db);
    config.deadline_ms = 1000;
    let server = Server::start(config).await;
    let bot = server
        .register("pacer", &pacing_bot(Duration::from_millis(25)).await)
        .await;
    let match_id = practice(&server, &bot, &json!(["greedy"]), &json!({})).await;
    let frames_path = format!("/api/matches/{match_id}/frames");
    let running = loop {
        let (status, frames) = server.get(&frames_path).await;
        assert_eq!(status, StatusCode::OK, "{frames}");
        assert_ne!(
            frames["status"], "finished",
            "the match ran too fast to watch"
        );
        if frames["status"] == "running" && !frames["frames"].as_array().unwrap().is_empty() {
            break frames;
        }
        assert_eq!(frames["eye"], "public");
        assert!(hands_hidden(&frames["initial"]));
        tokio::time::sleep(Duration::from_millis(10)).await;
    };
    assert_eq!(running["eye"], "public");
    assert!(hands_hidden(&running["initial"]));
    for frame in running["frames"].as_array().unwrap() {
        assert!(frame.get("sent").is_none(), "{frame}");
        assert!(hands_hidden(&frame["table"]), "{frame}");
    }
    for download in ["replay.json", "log.txt"] {
        let (status, error) = server
            .get(&format!("/api/matches/{match_id}/{download}"))
            .await;
        assert_eq!(status, StatusCode::CONFLICT, "{error}");
        assert_eq!(error["error"], "not_finished");
    }

    let mut live = Events::open(&server, &format!("/api/matches/{match_id}/live")).await;
    let (name, initial) = live.next().await.unwrap();
    assert_eq!(name, "initial");
    assert_eq!(
        (&initial["status"], &initial["eye"]),
        (&json!("running"), &json!("public"))
    );
    let mut seen: Vec<Value> = initial["frames"].as_array().unwrap().clone();
    let mut live_frames = 0;
    let ended = loop {
        let (name, data) = live.next().await.expect("the feed ends with `end`");
        match name.as_str() {
            "frame" => {
                assert_eq!(data["step"], seen.len() + 1, "frames arrive in order");
                assert!(data.get("sent").is_none() && hands_hidden(&data["table"]));
                seen.push(data);
                live_frames += 1;
            }
            "end" => break data,
            other => panic!("unexpected event {other}: {data}"),
        }
    };
    assert!(live_frames > 0, "frames arrived live");
    assert_eq!(ended["steps"], seen.len());
    assert!(live.next().await.is_none(), "the stream closes after `end`");

    // Every frame seen live was the public table the engine draws, and the match is stored.
    let m = server.finished_match(&match_id).await;
    let expected = expected(&m);
    assert_eq!(seen.len(), expected.public.len());
    for (frame, public) in seen.iter().zip(&expected.public) {
        assert_eq!(&frame["table"], public, "step {}", frame["step"]);
    }
    let (_, finished) = server.get(&frames_path).await;
    check_frames(&m, &finished);
    for (live, stored) in seen.iter().zip(finished["frames"].as_array().unwrap()) {
        for key in ["step", "seat", "by", "action", "text", "say", "ms"] {
            assert_eq!(live[key], stored[key], "{key} of step {}", live["step"]);
        }
    }
    // A finished match's feed says so at once.
    let mut live = Events::open(&server, &format!("/api/matches/{match_id}/live")).await;
    assert_eq!(live.next().await.unwrap().0, "end");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn live_viewers_of_a_match_are_capped() {
    let db = TempDb::new();
    let mut config = config(&db);
    config.deadline_ms = 1000;
    let server = Server::start(config).await;
    let bot = server
        .register("watched", &pacing_bot(Duration::from_millis(25)).await)
        .await;
    let match_id = practice(&server, &bot, &json!(["greedy"]), &json!({})).await;
    loop {
        let (_, frames) = server.get(&format!("/api/matches/{match_id}/frames")).await;
        assert_ne!(
            frames["status"], "finished",
            "the match ran too fast to watch"
        );
        if !frames["frames"].as_array().unwrap().is_empty() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let live = format!("/api/matches/{match_id}/live");
    let mut viewers = Vec::new();
    for _ in 0..cardarena_contest::live::PER_MATCH {
        let mut events = Events::open(&server, &live).await;
        assert_eq!(events.next().await.unwrap().0, "initial");
        viewers.push(events);
    }
    let (status, error) = server.get(&live).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{error}");
    assert_eq!(error["error"], "rate_limited");
    // A viewer that leaves frees its place.
    drop(viewers.pop());
    let mut again = None;
    for _ in 0..100 {
        let response = server.http.get(server.url(&live)).send().await.unwrap();
        if response.status() == StatusCode::OK {
            again = Some(response);
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert!(again.is_some(), "the freed place is taken again");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_running_fifty_six_match_never_shows_the_hidden_trump() {
    let db = TempDb::new();
    let mut config = config(&db);
    config.deadline_ms = 1000;
    let server = Server::start(config).await;
    let bot = server
        .register_for(
            "fifty-six",
            "pacer-56",
            &pacing_bot(Duration::from_millis(25)).await,
        )
        .await;
    let opponents = json!(["greedy", "greedy", "greedy"]);
    let match_id = practice(&server, &bot, &opponents, &json!({"deals": 2})).await;
    // As a browser's EventSource does: a feed that closes before `end` (the match was still
    // queued) is opened again, and starts afresh from its `initial` event.
    let mut seen: Vec<Value> = Vec::new();
    'feed: loop {
        let mut live = Events::open(&server, &format!("/api/matches/{match_id}/live")).await;
        while let Some((name, data)) = live.next().await {
            match name.as_str() {
                "initial" => seen = data["frames"].as_array().cloned().unwrap_or_default(),
                "frame" => seen.push(data),
                "end" => break 'feed,
                _ => {}
            }
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    server.finished_match(&match_id).await;
    let (_, finished) = server.get(&format!("/api/matches/{match_id}/frames")).await;
    let stored = finished["frames"].as_array().unwrap();
    assert_eq!(seen.len(), stored.len());
    let mut hidden_steps = 0;
    for (live, stored) in seen.iter().zip(stored) {
        if stored["action"]["kind"] == "hide_trump" {
            hidden_steps += 1;
            let card = stored["action"]["card"].as_str().unwrap();
            assert_eq!(
                live["action"],
                Value::Null,
                "the live feed withholds {card}"
            );
            let text = live["text"].as_str().unwrap();
            assert!(text.ends_with(" hides a card as trump"), "{text}");
            assert_eq!(live["phrases"][0]["id"], "fifty-six-hides-a-card");
            assert!(
                !stored["table"]["trump"]["cards"]
                    .as_array()
                    .unwrap()
                    .is_empty(),
                "the finished match shows the hidden trump"
            );
            assert_eq!(live["table"]["trump"]["cards"], json!([]), "hidden live");
        } else {
            assert_eq!(live["action"], stored["action"]);
        }
    }
    assert!(hidden_steps > 0, "a trump was hidden in each deal");
}
