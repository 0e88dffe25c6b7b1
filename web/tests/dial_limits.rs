//! A dial-out connection's limits against the real server on loopback, spoken byte by byte
//! (RFC 6455) to send what a WebSocket library would not: a frame left unfinished is closed after
//! the documented deadline while an idle connection stays, and a frame announcing more than
//! 64 KiB is refused with 1009 before any of it is sent.

use crate::support;

use std::time::Duration;

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use support::{Server, TempDb, config};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::time::Instant;

/// The documented deadline of an unfinished frame (docs/protocol.md).
const FRAME_DEADLINE: Duration = Duration::from_secs(5);

async fn register_dial(server: &Server, name: &str) -> Value {
    let body = json!({"name": name, "game": "durak", "connect": true});
    let (status, bot) = server
        .send(Method::POST, "/api/bots", None, Some(body))
        .await;
    assert_eq!(status, StatusCode::CREATED, "{bot}");
    bot
}

/// Opens the bot's connection by hand; the server's answer head is checked (RFC 6455's sample
/// key and its accept value).
async fn open(server: &Server, bot: &Value) -> TcpStream {
    let mut stream = TcpStream::connect(server.running.addr).await.unwrap();
    let request = format!(
        "GET /api/bots/{}/connect HTTP/1.1\r\nhost: test\r\nconnection: Upgrade\r\n\
         upgrade: websocket\r\nsec-websocket-version: 13\r\n\
         sec-websocket-key: dGhlIHNhbXBsZSBub25jZQ==\r\nauthorization: Bearer {}\r\n\r\n",
        bot["id"].as_str().unwrap(),
        bot["token"].as_str().unwrap()
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut head = Vec::new();
    while !head.ends_with(b"\r\n\r\n") {
        let mut byte = [0u8];
        stream.read_exact(&mut byte).await.unwrap();
        head.push(byte[0]);
    }
    let head = String::from_utf8(head).unwrap().to_ascii_lowercase();
    assert!(head.starts_with("http/1.1 101"), "{head}");
    assert!(
        head.contains("sec-websocket-accept: s3pplmbitxaq9kygzzhzrbk+xoo="),
        "{head}"
    );
    stream
}

/// A masked text frame's header announcing `len` payload bytes.
fn header(len: u64) -> Vec<u8> {
    let mut bytes = vec![0x81];
    match len {
        0..=125 => bytes.push(0x80 | len as u8),
        126..=65535 => {
            bytes.push(0x80 | 126);
            bytes.extend((len as u16).to_be_bytes());
        }
        _ => {
            bytes.push(0x80 | 127);
            bytes.extend(len.to_be_bytes());
        }
    }
    bytes.extend([0, 0, 0, 0]);
    bytes
}

/// Reads the server's frames until the connection ends: the close code it sent, if any.
async fn read_to_end(stream: &mut TcpStream) -> Option<u16> {
    let mut bytes = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        match stream.read(&mut buf).await {
            Ok(0) | Err(_) => break,
            Ok(n) => bytes.extend(&buf[..n]),
        }
    }
    // Walk the server's (unmasked) frames.
    let mut at = 0;
    while at + 2 <= bytes.len() {
        let opcode = bytes[at] & 0x0f;
        let (len, start) = match bytes[at + 1] & 0x7f {
            126 => (
                u16::from_be_bytes([bytes[at + 2], bytes[at + 3]]) as usize,
                at + 4,
            ),
            127 => (
                u64::from_be_bytes(bytes[at + 2..at + 10].try_into().unwrap()) as usize,
                at + 10,
            ),
            n => (n as usize, at + 2),
        };
        if opcode == 0x8 && len >= 2 {
            return Some(u16::from_be_bytes([bytes[start], bytes[start + 1]]));
        }
        at = start + len;
    }
    None
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_frame_left_unfinished_is_closed_after_the_deadline_an_idle_connection_stays() {
    let db = TempDb::new();
    let server = Server::start(config(&db)).await;
    let bot = register_dial(&server, "partial").await;
    let mut idle = open(&server, &bot).await;
    let mut partial = open(&server, &bot).await;
    // 60,000 bytes announced (within the limit), a hundred sent.
    let mut bytes = header(60_000);
    bytes.extend([b'x'; 100]);
    partial.write_all(&bytes).await.unwrap();
    let sent = Instant::now();
    let closed = tokio::time::timeout(FRAME_DEADLINE * 3, read_to_end(&mut partial)).await;
    assert!(
        closed.is_ok(),
        "the unfinished frame's connection was not closed"
    );
    let after = sent.elapsed();
    assert!(
        after >= FRAME_DEADLINE - Duration::from_millis(200),
        "closed after {after:?}, before the deadline"
    );
    // The idle connection, which sent nothing unfinished, is still open.
    let mut buf = [0u8; 4096];
    let still = tokio::time::timeout(Duration::from_millis(500), async {
        loop {
            match idle.read(&mut buf).await {
                Ok(0) | Err(_) => return false,
                Ok(_) => {}
            }
        }
    })
    .await;
    assert!(still.is_err(), "the idle connection was closed");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_frame_announcing_over_64_kib_is_refused_unread_with_1009() {
    let db = TempDb::new();
    let server = Server::start(config(&db)).await;
    let bot = register_dial(&server, "announcer").await;
    for announced in [65_537, 1 << 30] {
        let mut stream = open(&server, &bot).await;
        // Only the header: the server must not wait for the payload to refuse it.
        stream.write_all(&header(announced)).await.unwrap();
        let code = tokio::time::timeout(Duration::from_secs(2), read_to_end(&mut stream)).await;
        assert_eq!(code.ok().flatten(), Some(1009), "announcing {announced}");
    }
    // A message of exactly 64 KiB is read (and dropped: it names no request).
    let mut stream = open(&server, &bot).await;
    let mut bytes = header(65_536);
    bytes.extend(vec![b' '; 65_536]);
    stream.write_all(&bytes).await.unwrap();
    let mut buf = [0u8; 4096];
    let still = tokio::time::timeout(Duration::from_millis(700), async {
        loop {
            match stream.read(&mut buf).await {
                Ok(0) | Err(_) => return false,
                Ok(_) => {}
            }
        }
    })
    .await;
    assert!(still.is_err(), "a 64 KiB message closed the connection");
}
