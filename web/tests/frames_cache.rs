//! A match's frames served from the cache, against the real thing: the server on loopback with a
//! temporary SQLite file and real HTTP bots. The answer is the same JSON in gzip and plain, has a
//! strong tag answered 304, stays right when more matches are read than the cache holds, is not
//! kept while the match runs, and one client address gets at most 4 heavy reads at once.

use crate::support;

use std::io::Read;
use std::time::Duration;

use reqwest::StatusCode;
use serde_json::Value;
use support::{Server, TempDb, config, pacing_bot, short_match, smallest_table, test_bots};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// The frames of `id` as a client that accepts `encoding` gets them: status, headers, body
/// (decompressed when gzip).
async fn fetch(
    server: &Server,
    id: &str,
    encoding: Option<&str>,
    if_none_match: Option<&str>,
) -> (StatusCode, reqwest::header::HeaderMap, Vec<u8>) {
    let mut request = server
        .http
        .get(server.url(&format!("/api/matches/{id}/frames")));
    if let Some(encoding) = encoding {
        request = request.header("accept-encoding", encoding);
    }
    if let Some(tag) = if_none_match {
        request = request.header("if-none-match", tag);
    }
    let response = request.send().await.unwrap();
    let (status, headers) = (response.status(), response.headers().clone());
    let body = response.bytes().await.unwrap().to_vec();
    let gzip = headers.get("content-encoding").is_some_and(|v| v == "gzip");
    let body = match gzip {
        true => {
            let mut plain = Vec::new();
            flate2::read::GzDecoder::new(&body[..])
                .read_to_end(&mut plain)
                .unwrap();
            plain
        }
        false => body,
    };
    (status, headers, body)
}

/// Plays one practice match of a good bot against house bots at the game's smallest table;
/// returns its id once finished.
async fn finished_match(server: &Server, game: &Value, name: &str, bots_url: &str) -> String {
    let bot = server
        .register_for(game["id"].as_str().unwrap(), name, bots_url)
        .await;
    let id = server
        .practice_with(&bot, &smallest_table(game), &short_match(game))
        .await;
    let m = server.finished_match(&id).await;
    assert_eq!(m["status"], "finished", "{m}");
    id
}

fn header<'a>(headers: &'a reqwest::header::HeaderMap, name: &str) -> &'a str {
    headers
        .get(name)
        .unwrap_or_else(|| panic!("no {name}"))
        .to_str()
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_matchs_frames_are_one_json_in_gzip_and_plain_with_a_tag_answered_304() {
    let db = TempDb::new();
    let server = Server::start(config(&db)).await;
    let bots = test_bots().await;
    let games = server.games().await;
    let durak = games.iter().find(|g| g["id"] == "durak").unwrap();
    let id = finished_match(&server, durak, "good", &bots.url("/good")).await;

    // The documented answer, checked against the OpenAPI document.
    let (status, json) = server.get(&format!("/api/matches/{id}/frames")).await;
    assert_eq!(status, StatusCode::OK, "{json}");
    assert_eq!(json["eye"], "all");
    assert!(!json["frames"].as_array().unwrap().is_empty());

    let (status, plain_headers, plain) = fetch(&server, &id, None, None).await;
    assert_eq!(status, StatusCode::OK);
    assert!(plain_headers.get("content-encoding").is_none());
    assert_eq!(header(&plain_headers, "content-type"), "application/json");
    assert_eq!(
        header(&plain_headers, "content-length"),
        plain.len().to_string()
    );
    assert_eq!(serde_json::from_slice::<Value>(&plain).unwrap(), json);

    let (status, gzip_headers, unzipped) = fetch(&server, &id, Some("gzip, br"), None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(header(&gzip_headers, "content-encoding"), "gzip");
    assert_eq!(unzipped, plain, "the same JSON, byte for byte");
    for headers in [&plain_headers, &gzip_headers] {
        assert_eq!(header(headers, "vary"), "accept-encoding");
    }
    let plain_tag = header(&plain_headers, "etag").to_string();
    let gzip_tag = header(&gzip_headers, "etag").to_string();
    assert!(
        plain_tag.starts_with('"') && !plain_tag.starts_with("W/"),
        "{plain_tag}"
    );
    assert_ne!(plain_tag, gzip_tag, "one tag per encoding");

    // The same answer again (from the cache): the same tag; and 304 to either tag.
    let (_, again, body) = fetch(&server, &id, None, None).await;
    assert_eq!(header(&again, "etag"), plain_tag);
    assert_eq!(body, plain);
    for (encoding, tag) in [
        (None, &plain_tag),
        (Some("gzip"), &gzip_tag),
        (None, &gzip_tag),
    ] {
        let (status, headers, body) = fetch(&server, &id, encoding, Some(tag)).await;
        assert_eq!(status, StatusCode::NOT_MODIFIED);
        assert!(body.is_empty());
        assert!(headers.get("etag").is_some());
    }
    let (status, _, body) = fetch(&server, &id, None, Some("\"something-else\"")).await;
    assert_eq!((status, body), (StatusCode::OK, plain));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn more_matches_than_the_cache_holds_still_answer_right() {
    let db = TempDb::new();
    let mut config = config(&db);
    // Room for about one short match's compressed frames.
    config.frames_cache_bytes = 6 * 1024;
    let server = Server::start(config).await;
    let bots = test_bots().await;
    let games = server.games().await;
    let durak = games.iter().find(|g| g["id"] == "durak").unwrap();
    let mut first = Vec::new();
    for n in 0..4 {
        let id = finished_match(&server, durak, &format!("good-{n}"), &bots.url("/good")).await;
        let (status, headers, body) = fetch(&server, &id, None, None).await;
        assert_eq!(status, StatusCode::OK);
        first.push((id, header(&headers, "etag").to_string(), body));
    }
    for round in 0..2 {
        for (id, tag, body) in &first {
            let encoding = (round == 1).then_some("gzip");
            let (status, headers, again) = fetch(&server, id, encoding, None).await;
            assert_eq!(status, StatusCode::OK);
            assert_eq!(&again, body, "match {id}, round {round}");
            if encoding.is_none() {
                assert_eq!(header(&headers, "etag"), tag);
            }
            let answer: Value = serde_json::from_slice(&again).unwrap();
            assert_eq!(answer["id"], id.as_str());
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_running_matchs_frames_are_public_and_not_kept() {
    let db = TempDb::new();
    let server = Server::start(config(&db)).await;
    let url = pacing_bot(Duration::from_millis(40)).await;
    let games = server.games().await;
    let durak = games.iter().find(|g| g["id"] == "durak").unwrap();
    let bot = server.register_for("durak", "pacer", &url).await;
    let id = server
        .practice_with(&bot, &smallest_table(durak), &durak["options"])
        .await;
    // Two reads while it runs, some steps apart.
    let mut seen: Vec<(String, usize)> = Vec::new();
    for _ in 0..400 {
        let (status, headers, body) = fetch(&server, &id, Some("gzip"), None).await;
        assert_eq!(status, StatusCode::OK);
        let answer: Value = serde_json::from_slice(&body).unwrap();
        if answer["status"] == "finished" {
            break;
        }
        assert_eq!(answer["eye"], "public", "no hand shows while it runs");
        let steps = answer["frames"].as_array().unwrap().len();
        let tag = header(&headers, "etag").to_string();
        if seen.last().is_none_or(|(_, s)| steps > *s + 2) {
            seen.push((tag, steps));
        }
        if seen.len() == 2 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(seen.len(), 2, "two reads of the running match: {seen:?}");
    let ((old_tag, _), (new_tag, _)) = (&seen[0], &seen[1]);
    assert_ne!(old_tag, new_tag, "each step is a new answer");
    // The first tag no longer matches: the new frames are sent, not a 304.
    let (status, _, _) = fetch(&server, &id, Some("gzip"), Some(old_tag)).await;
    assert_eq!(status, StatusCode::OK);
    let m = server.finished_match(&id).await;
    assert_eq!(m["status"], "finished", "{m}");
    let (status, headers, body) = fetch(&server, &id, Some("gzip"), Some(new_tag)).await;
    assert_eq!(status, StatusCode::OK, "the finished match is a new answer");
    assert_ne!(header(&headers, "etag"), new_tag);
    let answer: Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(answer["eye"], "all");
}

/// The most a TCP socket's send buffer may grow to here (`net.ipv4.tcp_wmem`'s last value): a
/// response that fits in it is sent at once, however slowly its client reads.
fn largest_send_buffer() -> usize {
    let limits = std::fs::read_to_string("/proc/sys/net/ipv4/tcp_wmem").unwrap_or_default();
    let largest = limits
        .split_whitespace()
        .last()
        .and_then(|n| n.parse().ok());
    largest.unwrap_or(4 * 1024 * 1024)
}

/// Opens a connection with a small receive window, asks for `path` without gzip and reads only
/// the status line: the server is left with the rest of a large body to send.
async fn stalled_reader(server: &Server, path: &str) -> TcpStream {
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.set_recv_buffer_size(4096).unwrap();
    let mut stream = socket.connect(server.running.addr).await.unwrap();
    let request = format!("GET {path} HTTP/1.1\r\nhost: test\r\n\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut head = [0u8; 12];
    stream.read_exact(&mut head).await.unwrap();
    assert_eq!(&head, b"HTTP/1.1 200", "{}", String::from_utf8_lossy(&head));
    stream
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_address_gets_four_heavy_reads_at_once_then_429_with_retry_after() {
    let db = TempDb::new();
    let server = Server::start(config(&db)).await;
    let bots = test_bots().await;
    let games = server.games().await;
    // A long match: six seats of `most` (the longest matches measured), its default options.
    let most = games.iter().find(|g| g["id"] == "most").unwrap();
    let bot = server
        .register_for("most", "long", &bots.url("/good"))
        .await;
    let seats = most["players"]["max"].as_u64().unwrap() as usize;
    let opponents = Value::Array(vec![most["house_bots"][0].clone(); seats - 1]);
    // Deals to a high target: frames larger than the most a socket's send buffer takes.
    let mut options = most["options"].clone();
    options["target"] = Value::from(3_000);
    options["max_deals"] = Value::from(300);
    let id = server.practice_with(&bot, &opponents, &options).await;
    let m = server.finished_match(&id).await;
    assert_eq!(m["status"], "finished", "{m}");
    let path = format!("/api/matches/{id}/frames");
    let (_, _, body) = fetch(&server, &id, None, None).await;
    let buffered = largest_send_buffer() + 256 * 1024;
    assert!(
        body.len() > buffered,
        "frames of {} bytes would fit in the buffers ({buffered} bytes) and end at once",
        body.len()
    );

    let mut readers = Vec::new();
    for _ in 0..4 {
        readers.push(stalled_reader(&server, &path).await);
    }
    for path in [path.clone(), format!("/api/matches/{id}/replay.json")] {
        let response = server.http.get(server.url(&path)).send().await.unwrap();
        assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS, "{path}");
        assert_eq!(header(response.headers(), "retry-after"), "2");
        let error: Value = response.json().await.unwrap();
        assert_eq!(error["error"], "rate_limited", "{error}");
        assert!(error["detail"].as_str().unwrap().contains('4'), "{error}");
    }
    // Other requests are not heavy reads.
    let (status, _) = server.get(&format!("/api/matches/{id}")).await;
    assert_eq!(status, StatusCode::OK);
    // A reader gone frees its place.
    drop(readers.pop());
    let mut status = StatusCode::TOO_MANY_REQUESTS;
    for _ in 0..100 {
        let response = server.http.get(server.url(&path)).send().await.unwrap();
        status = response.status();
        if status == StatusCode::OK {
            assert_eq!(response.bytes().await.unwrap().len(), body.len());
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(status, StatusCode::OK, "a place is free again");
}
