//! `RemoteBot` against misbehaving HTTP bots on 127.0.0.1: each produces exactly its fault kind
//! (too slow, an error status, garbage, too large, an endless body, an illegal or huge action, a
//! closed port, TLS to plain HTTP, a redirect), forfeits, and the match still completes.

mod http_seat;

use std::sync::atomic::Ordering;
use std::time::Duration;

use axum::Router;
use axum::http::{StatusCode, header};
use axum::routing::post;
use cardarena_bots::http::AddressPolicy;
use cardarena_bots::{BotFault, FaultKind};
use serde_json::json;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;
use url::Url;

use http_seat::*;

#[tokio::test]
async fn a_bot_too_slow_for_the_deadline_times_out() {
    let slow = post(|| async {
        tokio::time::sleep(Duration::from_millis(400)).await;
        axum::Json(json!({"action_index": 0}))
    });
    let server = serve(Router::new().route("/bot", slow)).await;
    let played = play(server.url, AddressPolicy::Local, DEADLINE).await;
    let detail = assert_forfeit(&played, FaultKind::Timeout);
    assert_eq!(detail, "no answer within 100 ms");
}

#[tokio::test]
async fn a_bot_answering_500_is_an_http_status_fault() {
    let server = serve_answer(|| (StatusCode::INTERNAL_SERVER_ERROR, "boom")).await;
    let played = play(server.url, AddressPolicy::Local, DEADLINE).await;
    let detail = assert_forfeit(&played, FaultKind::HttpStatus);
    assert_eq!(detail, "answered 500 Internal Server Error");
}

#[tokio::test]
async fn a_bot_answering_garbage_is_a_bad_json_fault() {
    let server = serve_answer(|| "<html>I am a teapot</html>").await;
    let played = play(server.url, AddressPolicy::Local, DEADLINE).await;
    let detail = assert_forfeit(&played, FaultKind::BadJson);
    assert!(detail.contains("not JSON"), "{detail}");
    assert!(detail.contains("<html>I am a teapot</html>"), "{detail}");
}

#[tokio::test]
async fn a_bot_answering_a_mebibyte_is_too_large() {
    let server = serve_answer(|| {
        let padding = " ".repeat(1 << 20);
        format!("{{\"action_index\": 0{padding}}}")
    })
    .await;
    let played = play(server.url, AddressPolicy::Local, DEADLINE).await;
    let detail = assert_forfeit(&played, FaultKind::TooLarge);
    assert!(detail.contains("Content-Length"), "{detail}");
}

/// A raw HTTP/1.1 bot that answers 200 with a chunked body: 128 KiB of spaces at once, then
/// nothing more, never ending the body.
async fn serve_endless_chunks() -> Url {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    tokio::spawn(async move {
        loop {
            let (mut stream, _) = listener.accept().await.unwrap();
            tokio::spawn(async move {
                let mut head = Vec::new();
                let mut buf = [0u8; 4096];
                while !head.windows(4).any(|w| w == b"\r\n\r\n") {
                    match stream.read(&mut buf).await {
                        Ok(0) | Err(_) => return,
                        Ok(n) => head.extend_from_slice(&buf[..n]),
                    }
                }
                let mut out = b"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\n\
                    transfer-encoding: chunked\r\n\r\n"
                    .to_vec();
                for _ in 0..16 {
                    out.extend_from_slice(b"2000\r\n");
                    out.extend_from_slice(&[b' '; 0x2000]);
                    out.extend_from_slice(b"\r\n");
                }
                if stream.write_all(&out).await.is_ok() {
                    // Hold the body open: a client reading to the end would wait forever.
                    let _ = stream.read(&mut buf).await;
                }
            });
        }
    });
    format!("http://127.0.0.1:{port}/").parse().unwrap()
}

#[tokio::test]
async fn a_chunked_answer_is_cut_off_as_soon_as_it_passes_64_kib() {
    let url = serve_endless_chunks().await;
    // A generous deadline: the fault must come from the size, long before it.
    let played = play(url, AddressPolicy::Local, Duration::from_secs(5)).await;
    let detail = assert_forfeit(&played, FaultKind::TooLarge);
    assert!(detail.contains("passed"), "{detail}");
}

#[tokio::test]
async fn a_bot_playing_an_illegal_move_forfeits() {
    let server =
        serve_answer(|| axum::Json(json!({"action": {"kind": "attack", "card": "RJ"}}))).await;
    let played = play(server.url, AddressPolicy::Local, DEADLINE).await;
    let detail = assert_forfeit(&played, FaultKind::IllegalAction);
    assert!(detail.contains("not among the legal actions"), "{detail}");
}

#[tokio::test]
async fn a_30000_character_action_is_quoted_in_a_capped_fault_detail() {
    let long = "x".repeat(30_000);
    for answer in [
        json!({"action": {"kind": long.clone()}}),
        json!({"action": long.clone()}),
    ] {
        let server = serve_answer(move || axum::Json(answer.clone())).await;
        let played = play(server.url, AddressPolicy::Local, DEADLINE).await;
        let detail = assert_forfeit(&played, FaultKind::IllegalAction);
        assert!(
            detail.chars().count() <= BotFault::MAX_DETAIL_CHARS,
            "{} characters",
            detail.chars().count()
        );
        assert!(detail.contains("xxxx") && detail.contains('…'), "{detail}");
    }
}

#[tokio::test]
async fn a_bot_whose_port_is_closed_is_a_connect_fault() {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    drop(listener);
    let url = format!("http://127.0.0.1:{port}/bot").parse().unwrap();
    let played = play(url, AddressPolicy::Local, DEADLINE).await;
    let detail = assert_forfeit(&played, FaultKind::Connect);
    assert!(
        !detail.contains(&port.to_string()),
        "the URL stays out: {detail}"
    );
}

#[tokio::test]
async fn https_to_a_plain_http_bot_is_a_connect_fault() {
    let (server, _log) = serve_good_bot().await;
    let mut url = server.url.clone();
    url.set_scheme("https").unwrap();
    let played = play(url, AddressPolicy::Local, Duration::from_secs(2)).await;
    assert_forfeit(&played, FaultKind::Connect);
}

#[tokio::test]
async fn a_redirect_is_not_followed() {
    let (good, log) = serve_good_bot().await;
    let target = good.url.to_string();
    let server = serve_answer(move || {
        (
            StatusCode::TEMPORARY_REDIRECT,
            [(header::LOCATION, target.clone())],
        )
    })
    .await;
    let played = play(server.url, AddressPolicy::Local, DEADLINE).await;
    let detail = assert_forfeit(&played, FaultKind::HttpStatus);
    assert_eq!(
        detail,
        "answered 307 Temporary Redirect (redirects are not followed)"
    );
    assert!(log.lock().unwrap().bodies.is_empty());
    assert_eq!(good.connections.load(Ordering::SeqCst), 0);
}
