//! The kits' dial-out mode (`--connect`, docs/writing-a-bot.md) as real processes against a
//! WebSocket server written here on plain TCP, frame by frame, so that it sends what a library
//! would not: messages whose length takes 16 and 64 bits, fragments with a ping between them,
//! a masked frame, a wrong accept key, refusals. Each kit must answer every request with its
//! `request_id`, pong, close, and connect again with its back-off. The kits are started here with
//! the flags `--connect SERVER --bot-id ID --token TOKEN`, which they still take for the bots
//! started that way before their settings file; tests/kits_dial.rs starts them as the docs say,
//! and tests the real server's route.

use cardarena_testkit::kits;

use std::collections::HashMap;
use std::time::{Duration, Instant};

use base64::Engine;
use base64::engine::general_purpose::STANDARD as BASE64;
use kits::{KitProcess, Script, TempDir};
use serde_json::{Value, json};
use sha1::{Digest, Sha1};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

/// How long any one step may take.
const PATIENCE: Duration = Duration::from_secs(10);

const TEXT: u8 = 0x1;
const CONTINUATION: u8 = 0x0;
const CLOSE: u8 = 0x8;
const PING: u8 = 0x9;
const PONG: u8 = 0xA;

/// One frame from the kit, unmasked.
#[derive(Debug)]
struct Frame {
    fin: bool,
    opcode: u8,
    payload: Vec<u8>,
}

/// The server's end of one connection from a kit.
struct Peer {
    stream: TcpStream,
    buffer: Vec<u8>,
}

impl Peer {
    async fn fill(&mut self, at_least: usize) {
        let mut chunk = vec![0u8; 65536];
        while self.buffer.len() < at_least {
            let n = tokio::time::timeout(PATIENCE, self.stream.read(&mut chunk))
                .await
                .expect("the kit sent nothing in time")
                .unwrap();
            assert!(n > 0, "the kit closed the connection");
            self.buffer.extend_from_slice(&chunk[..n]);
        }
    }

    fn take(&mut self, n: usize) -> Vec<u8> {
        self.buffer.drain(..n).collect()
    }

    /// The next frame; every client frame must be masked (RFC 6455 §5.1).
    async fn frame(&mut self) -> Frame {
        self.fill(2).await;
        let head = self.take(2);
        assert!(
            head[1] & 0x80 != 0,
            "a client frame is not masked: {head:?}"
        );
        let mut length = u64::from(head[1] & 0x7F);
        if length == 126 {
            self.fill(2).await;
            length = u64::from(u16::from_be_bytes(self.take(2).try_into().unwrap()));
        } else if length == 127 {
            self.fill(8).await;
            length = u64::from_be_bytes(self.take(8).try_into().unwrap());
        }
        let length = usize::try_from(length).unwrap();
        self.fill(4 + length).await;
        let key = self.take(4);
        let payload = (self.take(length).into_iter().enumerate())
            .map(|(i, b)| b ^ key[i % 4])
            .collect();
        Frame {
            fin: head[0] & 0x80 != 0,
            opcode: head[0] & 0x0F,
            payload,
        }
    }

    /// The next text message, as JSON (a kit sends each in one frame).
    async fn json(&mut self) -> Value {
        let frame = self.frame().await;
        assert!(
            frame.fin && frame.opcode == TEXT,
            "not a text frame: {frame:?}"
        );
        serde_json::from_slice(&frame.payload).unwrap()
    }

    /// Sends one frame as a server does: unmasked, or masked when `masked` (which is wrong).
    async fn send(&mut self, fin: bool, opcode: u8, payload: &[u8], masked: bool) {
        self.write(fin, opcode, payload, masked).await.unwrap();
    }

    /// [`Peer::send`], giving the error of a connection the kit closed while it was written.
    async fn write(
        &mut self,
        fin: bool,
        opcode: u8,
        payload: &[u8],
        masked: bool,
    ) -> std::io::Result<()> {
        let mut frame = vec![u8::from(fin) << 7 | opcode];
        let mask_bit = u8::from(masked) << 7;
        match payload.len() {
            n if n < 126 => frame.push(mask_bit | n as u8),
            n if n < 65536 => {
                frame.push(mask_bit | 126);
                frame.extend_from_slice(&(n as u16).to_be_bytes());
            }
            n => {
                frame.push(mask_bit | 127);
                frame.extend_from_slice(&(n as u64).to_be_bytes());
            }
        }
        if masked {
            frame.extend_from_slice(&[0; 4]);
        }
        frame.extend_from_slice(payload);
        self.stream.write_all(&frame).await
    }

    async fn text(&mut self, message: &Value) {
        self.send(true, TEXT, message.to_string().as_bytes(), false)
            .await;
    }
}

/// How the test server answers an upgrade.
enum Reply {
    Upgrade,
    WrongAccept,
    Status(u16, Value),
}

/// Accepts the kit's next connection, reads its request's head and answers as `reply` says;
/// returns the head (header names in lower case) and the connection.
async fn accept(listener: &TcpListener, reply: Reply) -> (String, Peer) {
    let (stream, _) = tokio::time::timeout(PATIENCE, listener.accept())
        .await
        .expect("the kit did not connect in time")
        .unwrap();
    let mut peer = Peer {
        stream,
        buffer: Vec::new(),
    };
    let end = loop {
        if let Some(at) = peer.buffer.windows(4).position(|w| w == b"\r\n\r\n") {
            break at;
        }
        let need = peer.buffer.len() + 1;
        peer.fill(need).await;
    };
    let head = String::from_utf8(peer.take(end + 4)).unwrap();
    let header = |name: &str| {
        head.lines()
            .find_map(|line| {
                let (key, value) = line.split_once(':')?;
                key.eq_ignore_ascii_case(name)
                    .then(|| value.trim().to_string())
            })
            .unwrap_or_default()
    };
    let key = header("sec-websocket-key");
    let answer = match reply {
        Reply::Status(status, body) => {
            let body = body.to_string();
            format!(
                "HTTP/1.1 {status} Refused\r\ncontent-type: application/json\r\n\
                 content-length: {}\r\nconnection: close\r\n\r\n{body}",
                body.len()
            )
        }
        Reply::Upgrade | Reply::WrongAccept => {
            let accept = match reply {
                Reply::Upgrade => accept_key(&key),
                _ => accept_key("some other key"),
            };
            format!(
                "HTTP/1.1 101 Switching Protocols\r\nupgrade: websocket\r\n\
                 connection: upgrade\r\nsec-websocket-accept: {accept}\r\n\r\n"
            )
        }
    };
    peer.stream.write_all(answer.as_bytes()).await.unwrap();
    let lower: String = (head.lines())
        .map(|line| match line.split_once(':') {
            Some((name, value)) => format!("{}:{value}\n", name.to_ascii_lowercase()),
            None => format!("{line}\n"),
        })
        .collect();
    (lower, peer)
}

/// Sec-WebSocket-Accept for `key` (RFC 6455 §4.2.2).
fn accept_key(key: &str) -> String {
    let digest = Sha1::digest(format!("{key}258EAFA5-E914-47DA-95CA-C5AB0DC85B11").as_bytes());
    BASE64.encode(digest.as_slice())
}

/// A durak turn with `request_id`, its view padded to about `size` bytes.
fn turn(request_id: &str, size: usize) -> Value {
    json!({
        "protocol": 1, "type": "turn", "match_id": "m-1", "game": "durak", "seat": 0,
        "turn": 3, "deadline_ms": 1000, "time_bank_ms": 0, "request_id": request_id,
        "view": {"seat": 0, "phase": "defend", "padding": "x".repeat(size)},
        "legal_actions": [{"kind": "beat", "card": "10C"}, {"kind": "beat", "card": "JC"},
                          {"kind": "take"}],
    })
}

/// Checks an answer to a turn of [`turn`]: its request_id and an index among three actions.
fn check_turn_answer(answer: &Value, request_id: &str) {
    assert_eq!(answer["request_id"], request_id, "{answer}");
    assert!(
        answer["action_index"].as_u64().is_some_and(|i| i < 3),
        "{answer}"
    );
}

/// The time between `since` and the kit's next connection, which is accepted with `reply`.
async fn reconnection(listener: &TcpListener, since: Instant, reply: Reply) -> (Duration, Peer) {
    let (_, peer) = accept(listener, reply).await;
    (since.elapsed(), peer)
}

async fn dials_out(script: Script) {
    let name = script.name();
    let logs = TempDir::new();
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let server = format!("http://{}", listener.local_addr().unwrap());
    let mut kit = KitProcess::start(
        script,
        &[
            "--connect",
            &server,
            "--bot-id",
            "bot/1",
            "--token",
            "tok-1",
        ],
        &[],
        &logs.0,
    );

    // The handshake: the bot's path (its id escaped), the token, a fresh 16-byte key.
    let (head, mut peer) = accept(&listener, Reply::Upgrade).await;
    assert!(
        head.starts_with("GET /api/bots/bot%2F1/connect HTTP/1.1\n"),
        "{name}: {head}"
    );
    for line in [
        "authorization: Bearer tok-1",
        "upgrade: websocket",
        "sec-websocket-version: 13",
    ] {
        assert!(head.contains(line), "{name}: no {line:?} in {head}");
    }
    let key = head
        .lines()
        .find_map(|l| l.strip_prefix("sec-websocket-key:"))
        .unwrap()
        .trim();
    assert_eq!(BASE64.decode(key).unwrap().len(), 16, "{name}: {key}");
    kit.line(PATIENCE, |line| line.starts_with("connected to "))
        .await;

    // Lengths in 7, 16 and 64 bits.
    for (id, size) in [("small", 10), ("medium", 300), ("large", 70_000)] {
        peer.text(&turn(id, size)).await;
        check_turn_answer(&peer.json().await, id);
    }

    // A message in three fragments, a ping between them: the pong comes at once, with the ping's
    // payload, then the answer to the whole message.
    let whole = turn("fragmented", 200).to_string().into_bytes();
    let (first, rest) = whole.split_at(50);
    let (second, third) = rest.split_at(100);
    peer.send(false, TEXT, first, false).await;
    peer.send(true, PING, b"are you there", false).await;
    peer.send(false, CONTINUATION, second, false).await;
    let pong = peer.frame().await;
    assert_eq!(
        (pong.opcode, &pong.payload[..]),
        (PONG, &b"are you there"[..])
    );
    peer.send(true, CONTINUATION, third, false).await;
    check_turn_answer(&peer.json().await, "fragmented");

    // Several requests at once, of every type: each answered with its request_id.
    let requests = [
        json!({"protocol": 1, "type": "match_start", "match_id": "m-2", "game": "durak",
               "seat": 1, "players": 2, "options": {}, "deadline_ms": 1000, "request_id": "s"}),
        turn("t1", 10),
        turn("t2", 5000),
        json!({"protocol": 1, "type": "ping", "bot_id": "bot/1", "nonce": "00ff",
               "request_id": "p"}),
        turn("t3", 10),
        json!({"protocol": 1, "type": "match_end", "match_id": "m-2", "game": "durak",
               "seat": 1, "outcome": {"seats": [{"rank": 2, "score": 0.0},
                                                 {"rank": 1, "score": 1.0}]},
               "request_id": "e"}),
    ];
    for request in &requests {
        peer.text(request).await;
    }
    let mut answers = HashMap::new();
    for _ in &requests {
        let answer = peer.json().await;
        answers.insert(answer["request_id"].as_str().unwrap().to_string(), answer);
    }
    assert_eq!(answers["s"], json!({"request_id": "s"}), "{name}");
    assert_eq!(answers["e"], json!({"request_id": "e"}), "{name}");
    assert_eq!(
        answers["p"],
        json!({"request_id": "p", "pong": true}),
        "{name}"
    );
    for id in ["t1", "t2", "t3"] {
        check_turn_answer(&answers[id], id);
    }
    kit.line(PATIENCE, |line| {
        line == "match m-2 (durak, seat 1 of 2): won, score 1"
    })
    .await;

    // The server closes: the kit answers the close with its code, then connects again 0.5 s
    // later; after a connection that broke off without a close, 1 s later (the back-off doubles).
    peer.send(true, CLOSE, b"\x03\xe9going away", false).await;
    let closed = Instant::now();
    let close = peer.frame().await;
    assert_eq!(
        (close.opcode, &close.payload[..2]),
        (CLOSE, &[0x03, 0xe9][..])
    );
    let (waited, peer) = reconnection(&listener, closed, Reply::Upgrade).await;
    assert!(
        waited >= Duration::from_millis(400) && waited < Duration::from_secs(5),
        "{name}: {waited:?}"
    );
    drop(peer);
    let dropped = Instant::now();
    let (waited, mut peer) = reconnection(&listener, dropped, Reply::Upgrade).await;
    assert!(
        waited >= Duration::from_millis(900) && waited < Duration::from_secs(6),
        "{name}: {waited:?}"
    );
    peer.text(&turn("after", 10)).await;
    check_turn_answer(&peer.json().await, "after");
    // A message over the kits' 1 MiB cap: refused with 1009 (too big) before it is all read.
    let huge = turn("huge", 1_500_000).to_string();
    let _ = peer.write(true, TEXT, huge.as_bytes(), false).await;
    let close = peer.frame().await;
    assert_eq!(
        (close.opcode, &close.payload[..2]),
        (CLOSE, &[0x03, 0xf1][..])
    );
    assert!(kit.child.try_wait().unwrap().is_none(), "{}", kit.output());
}

/// The kit refuses a server that breaks the protocol, connects again after a refusal it may
/// outlive (429), and gives up on one it may not (401), saying why; configured from the
/// environment this time.
async fn refuses_a_broken_server(script: Script) {
    let name = script.name();
    let logs = TempDir::new();
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let server = format!("http://{}", listener.local_addr().unwrap());
    let mut kit = KitProcess::start(
        script,
        &["--connect"],
        &[
            ("CARDARENA_SERVER", &server),
            ("CARDARENA_BOT_ID", "b2"),
            ("CARDARENA_TOKEN", "tok-2"),
        ],
        &logs.0,
    );
    // A wrong accept key: the kit sends nothing on that connection and drops it.
    let (head, mut peer) = accept(&listener, Reply::WrongAccept).await;
    assert!(
        head.contains("authorization: Bearer tok-2"),
        "{name}: {head}"
    );
    let mut rest = Vec::new();
    let read = tokio::time::timeout(PATIENCE, peer.stream.read_to_end(&mut rest)).await;
    assert!(
        matches!(read, Ok(Ok(_))) && rest.is_empty(),
        "{name}: {rest:?}"
    );
    // A masked frame from the server: the kit closes with 1002 (protocol error).
    let (_, mut peer) = accept(&listener, Reply::Upgrade).await;
    peer.send(true, TEXT, turn("masked", 10).to_string().as_bytes(), true)
        .await;
    let close = peer.frame().await;
    assert_eq!(
        (close.opcode, &close.payload[..2]),
        (CLOSE, &[0x03, 0xea][..])
    );
    // Too many connections: try again later. A wrong token: give up, saying so.
    let busy = json!({"error": "too_many_connections", "detail": "4 already"});
    let (_, peer) = accept(&listener, Reply::Status(429, busy)).await;
    drop(peer);
    let wrong = json!({"error": "unauthorized", "detail": "wrong token"});
    let (_, _peer) = accept(&listener, Reply::Status(401, wrong)).await;
    let started = Instant::now();
    let status = loop {
        if let Some(status) = kit.child.try_wait().unwrap() {
            break status;
        }
        assert!(started.elapsed() < PATIENCE, "{name}: {}", kit.output());
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    assert_eq!(status.code(), Some(1), "{name}: {}", kit.output());
    let output = kit.output();
    assert!(
        output.contains("cannot connect") && output.contains("401"),
        "{name}: {output}"
    );
    assert!(output.contains("429"), "{name}: {output}");
}

/// With `--connections 2` the kit holds two connections, answers each request on the one it came
/// on, and while one reconnects the other goes on answering.
async fn holds_two_connections(script: Script) {
    let name = script.name();
    let logs = TempDir::new();
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let server = format!("http://{}", listener.local_addr().unwrap());
    let kit = KitProcess::start(
        script,
        &[
            "--connect",
            &server,
            "--bot-id",
            "b3",
            "--token",
            "tok-3",
            "--connections",
            "2",
        ],
        &[],
        &logs.0,
    );
    let (_, mut first) = accept(&listener, Reply::Upgrade).await;
    let (_, mut second) = accept(&listener, Reply::Upgrade).await;
    for (peer, id) in [(&mut first, "on-first"), (&mut second, "on-second")] {
        peer.text(&turn(id, 10)).await;
        check_turn_answer(&peer.json().await, id);
    }
    first.send(true, CLOSE, b"\x03\xe8", false).await;
    assert_eq!(first.frame().await.opcode, CLOSE, "{name}");
    second.text(&turn("meanwhile", 10)).await;
    check_turn_answer(&second.json().await, "meanwhile");
    let (_, mut third) = accept(&listener, Reply::Upgrade).await;
    third.text(&turn("on-third", 10)).await;
    check_turn_answer(&third.json().await, "on-third");
    assert!(
        tokio::time::timeout(Duration::from_millis(700), listener.accept())
            .await
            .is_err(),
        "{name}: a connection more than asked for:\n{}",
        kit.output()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_python_kit_holds_two_connections() {
    holds_two_connections(Script::Python).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_js_kit_holds_two_connections() {
    holds_two_connections(Script::Js).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_python_kit_dials_out() {
    dials_out(Script::Python).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_js_kit_dials_out() {
    dials_out(Script::Js).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_python_kit_refuses_a_broken_server() {
    refuses_a_broken_server(Script::Python).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_js_kit_refuses_a_broken_server() {
    refuses_a_broken_server(Script::Js).await;
}
