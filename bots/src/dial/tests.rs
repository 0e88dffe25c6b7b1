use std::time::Duration;

use super::*;

/// A bot at the other end of `outgoing` that answers each request after `delay` with `answer`
/// (its `request_id` put in), until the line closes; counts the requests it is sent.
fn answering(
    line: Arc<Line>,
    mut outgoing: Outgoing,
    delay: Duration,
    answer: &'static str,
) -> Arc<AtomicU64> {
    let count = Arc::new(AtomicU64::new(0));
    let counted = count.clone();
    tokio::spawn(async move {
        while let Some(frame) = outgoing.next().await {
            counted.fetch_add(1, Ordering::Relaxed);
            let Frame::Text(text) = frame else { break };
            let request: serde_json::Value = serde_json::from_str(&text).unwrap();
            let id = request["request_id"].as_str().unwrap().to_string();
            let line = line.clone();
            tokio::spawn(async move {
                tokio::time::sleep(delay).await;
                line.deliver(&answer.replace("ID", &id));
            });
        }
    });
    count
}

const BODY: &[u8] = br#"{"protocol":1,"type":"turn","turn":3}"#;
const SECOND: Duration = Duration::from_secs(1);

#[test]
fn the_request_id_leads_the_message() {
    let message = with_request_id(BODY, "r7");
    let value: serde_json::Value = serde_json::from_str(&message).unwrap();
    assert_eq!(value["request_id"], "r7");
    assert_eq!(value["turn"], 3);
    assert_eq!(with_request_id(b"{}", "r1"), r#"{"request_id":"r1"}"#);
}

#[tokio::test]
async fn a_call_is_answered_on_the_bots_connection() {
    let board = Switchboard::new();
    let (line, outgoing) = board.attach_line("bot").unwrap();
    answering(
        line,
        outgoing,
        Duration::ZERO,
        r#"{"request_id": "ID", "action_index": 0}"#,
    );
    let answer = board.dialer("bot").call(BODY, SECOND).await.unwrap();
    let answer: serde_json::Value = serde_json::from_slice(&answer).unwrap();
    assert_eq!(answer["action_index"], 0);
    assert!(answer["request_id"].as_str().unwrap().starts_with('r'));
    assert_eq!(board.connected(), vec!["bot".to_string()]);
}

#[tokio::test]
async fn a_bot_with_no_connection_faults_connect_at_once() {
    let board = Switchboard::new();
    let started = Instant::now();
    let fault = board.dialer("nobody").call(BODY, SECOND).await.unwrap_err();
    assert_eq!(fault.kind, FaultKind::Connect);
    assert!(started.elapsed() < SECOND / 2);
    assert!(board.connected().is_empty());
}

#[tokio::test]
async fn a_silent_bot_times_out_and_a_stray_answer_is_quoted() {
    let board = Switchboard::new();
    let (line, mut outgoing) = board.attach_line("bot").unwrap();
    tokio::spawn(async move {
        while let Some(Frame::Text(_)) = outgoing.next().await {
            line.deliver(r#"{"request_id": "not-a-request", "action_index": 0}"#);
        }
    });
    let fault = board
        .dialer("bot")
        .call(BODY, Duration::from_millis(100))
        .await
        .unwrap_err();
    assert_eq!(fault.kind, FaultKind::Timeout);
    assert!(fault.detail.contains("not-a-request"), "{}", fault.detail);
}

#[tokio::test]
async fn a_call_goes_again_on_the_connection_that_opens_after_one_closed() {
    let board = Switchboard::new();
    let (first, mut outgoing) = board.attach_line("bot").unwrap();
    let reopen = board.clone();
    tokio::spawn(async move {
        // The first connection takes the request and dies without answering; a new one opens.
        outgoing.next().await.unwrap();
        reopen.detach(&first);
        tokio::time::sleep(Duration::from_millis(50)).await;
        let (second, outgoing) = reopen.attach_line("bot").unwrap();
        answering(
            second,
            outgoing,
            Duration::ZERO,
            r#"{"request_id": "ID", "action_index": 1}"#,
        );
    });
    let answer = board.dialer("bot").call(BODY, SECOND).await.unwrap();
    assert!(
        String::from_utf8(answer)
            .unwrap()
            .contains("\"action_index\": 1")
    );
    assert_eq!(board.connections("bot"), 1);
}

#[tokio::test]
async fn a_connection_that_closes_for_good_faults_connect_at_the_deadline() {
    let board = Switchboard::new();
    let (line, mut outgoing) = board.attach_line("bot").unwrap();
    let closing = board.clone();
    tokio::spawn(async move {
        outgoing.next().await.unwrap();
        closing.detach(&line);
    });
    let started = Instant::now();
    let fault = board
        .dialer("bot")
        .call(BODY, Duration::from_millis(200))
        .await
        .unwrap_err();
    assert_eq!(fault.kind, FaultKind::Connect);
    assert!(started.elapsed() >= Duration::from_millis(190));
}

#[tokio::test]
async fn an_oversized_answer_faults_too_large_and_closes_the_connection() {
    let board = Switchboard::new();
    let (line, mut outgoing) = board.attach_line("bot").unwrap();
    let (frames, mut seen) = mpsc::unbounded_channel();
    tokio::spawn(async move {
        while let Some(frame) = outgoing.next().await {
            if matches!(frame, Frame::Text(_)) {
                line.deliver(&"x".repeat(crate::http::MAX_ANSWER_BYTES + 1));
            }
            frames.send(frame).unwrap();
        }
    });
    let fault = board.dialer("bot").call(BODY, SECOND).await.unwrap_err();
    assert_eq!(fault.kind, FaultKind::TooLarge);
    assert!(matches!(seen.recv().await, Some(Frame::Text(_))));
    assert_eq!(
        seen.recv().await,
        Some(Frame::Close(1009, "message over 65536 bytes"))
    );
}

#[tokio::test]
async fn calls_are_spread_across_a_bots_connections_and_answered_out_of_order() {
    let board = Switchboard::new();
    let mut lines = Vec::new();
    let mut counts = Vec::new();
    for delay in [30, 0] {
        let (line, outgoing) = board.attach_line("bot").unwrap();
        counts.push(answering(
            line.clone(),
            outgoing,
            Duration::from_millis(delay),
            r#"{"request_id": "ID", "action_index": 2}"#,
        ));
        lines.push(line);
    }
    let calls: Vec<_> = (0..8)
        .map(|_| {
            let dialer = board.dialer("bot");
            tokio::spawn(async move { dialer.call(BODY, SECOND).await })
        })
        .collect();
    for call in calls {
        assert!(call.await.unwrap().is_ok());
    }
    assert!(lines.iter().all(|line| line.waiting() == 0));
    let counts: Vec<u64> = counts.iter().map(|c| c.load(Ordering::Relaxed)).collect();
    assert_eq!(counts, [4, 4], "calls go to each connection in turn");
    let third = board.attach("bot").unwrap();
    let _fourth = board.attach("bot").unwrap();
    assert_eq!(board.attach("bot").err(), Some(AttachError::TooMany));
    drop(third);
    assert_eq!(
        board.connections("bot"),
        3,
        "a dropped connection is detached"
    );
    assert!(board.attach("bot").is_ok());
}

#[test]
fn a_message_names_its_request_in_a_json_object_only() {
    assert_eq!(
        request_id(r#"{"request_id": "r1", "action_index": 0}"#).as_deref(),
        Some("r1")
    );
    assert_eq!(request_id(r#" {"request_id": 17}"#).as_deref(), Some("17"));
    assert_eq!(request_id(r#"{"pong": true}"#), None);
    assert_eq!(request_id(r#"{"request_id": "r"#), None);
    assert_eq!(request_id("garbage"), None);
    // Found by fuzz/'s dial_message target: serde read `[""]` as a Tag, naming request "".
    assert_eq!(request_id(r#"[""]"#), None);
    assert_eq!(request_id(r#"["r1", {"action_index": 0}]"#), None);
}
