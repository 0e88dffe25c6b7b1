//! HTTP/1.1 by hand on a raw TCP connection, for tests of what the listener does with
//! connections (which source address, a request left half-sent, an answer or a close).

use std::net::{IpAddr, SocketAddr};
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};

/// A connection to `server` from the loopback address `source`.
pub async fn connect_from(source: &str, server: SocketAddr) -> TcpStream {
    let socket = TcpSocket::new_v4().unwrap();
    let source: IpAddr = source.parse().unwrap();
    socket.bind(SocketAddr::new(source, 0)).unwrap();
    socket.connect(server).await.unwrap()
}

/// A request head whose body (of `length` bytes) is still to come, keeping its connection busy.
/// It expects `100 Continue`, which the server sends once the API reads the body: by then the
/// request is in progress.
pub fn head_of_post(length: usize, forwarded: &str) -> String {
    format!(
        "POST /api/bots HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\
         X-Forwarded-For: {forwarded}\r\nExpect: 100-continue\r\nContent-Length: {length}\r\n\r\n"
    )
}

/// Waits (up to 2 s) for the `100 Continue` that shows the request on `stream` is in progress.
pub async fn in_progress(stream: &mut TcpStream) {
    let mut read = Vec::new();
    let mut byte = [0u8; 1];
    while !read.ends_with(b"\r\n\r\n") {
        let n = tokio::time::timeout(Duration::from_secs(2), stream.read(&mut byte))
            .await
            .expect("100 Continue within 2 s")
            .unwrap();
        assert_eq!(
            n,
            1,
            "closed before 100 Continue: {:?}",
            String::from_utf8_lossy(&read)
        );
        read.push(byte[0]);
    }
    assert!(
        read.starts_with(b"HTTP/1.1 100 "),
        "{}",
        String::from_utf8_lossy(&read)
    );
}

/// Reads one answer (head and `Content-Length` body) within 2 s: its status and body; `None`
/// when the connection closes first.
pub async fn answer(stream: &mut TcpStream) -> Option<(u16, String)> {
    let mut read = Vec::new();
    let mut buffer = [0u8; 4096];
    let deadline = tokio::time::Instant::now() + Duration::from_secs(2);
    loop {
        let text = String::from_utf8_lossy(&read).to_string();
        if let Some((head, body)) = text.split_once("\r\n\r\n") {
            let length = head
                .lines()
                .find_map(|l| {
                    l.to_ascii_lowercase()
                        .strip_prefix("content-length: ")
                        .map(str::to_string)
                })
                .map_or(0, |l| l.trim().parse().unwrap());
            if body.len() >= length {
                let status = head[9..12].parse().unwrap();
                return Some((status, body[..length].to_string()));
            }
        }
        match tokio::time::timeout_at(deadline, stream.read(&mut buffer)).await {
            Err(_) => panic!("no answer within 2 s: {text:?}"),
            Ok(Ok(0)) | Ok(Err(_)) => return None,
            Ok(Ok(n)) => read.extend_from_slice(&buffer[..n]),
        }
    }
}

/// Asks for the games on `stream`: the answer's status, `None` if the connection was closed.
pub async fn ask_games(stream: &mut TcpStream) -> Option<u16> {
    let request = b"GET /api/games HTTP/1.1\r\nHost: x\r\n\r\n";
    if stream.write_all(request).await.is_err() {
        return None;
    }
    answer(stream).await.map(|(status, _)| status)
}

/// Whether the server has closed `stream` (EOF or reset) within 2 s.
pub async fn closed(stream: &mut TcpStream) -> bool {
    let mut buffer = [0u8; 1024];
    match tokio::time::timeout(Duration::from_secs(2), stream.read(&mut buffer)).await {
        Ok(Ok(0)) | Ok(Err(_)) => true,
        Ok(Ok(_)) | Err(_) => false,
    }
}
