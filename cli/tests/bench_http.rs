//! `cardarena bench --http`, run as a user runs it: the runner against a bot in a process of its
//! own, in rounds that alternate with the plain loop, with the memory it held.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn cardarena(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_cardarena"))
        .args(args)
        .output()
        .expect("the binary runs")
}

#[test]
fn bench_http_reports_five_alternating_rounds_their_median_and_memory() {
    let output = cardarena(&["bench", "--http", "--concurrency", "6", "--seconds", "0.3"]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    let text = String::from_utf8(output.stdout).unwrap();
    assert_eq!(text.lines().count(), 1, "{text}");
    let report: serde_json::Value = serde_json::from_str(&text).unwrap();
    let ratios: Vec<f64> = (report["ratios"].as_array().unwrap().iter())
        .map(|r| r.as_f64().unwrap())
        .collect();
    assert_eq!(ratios.len(), 5, "{report}");
    assert!(ratios.iter().all(|r| *r > 0.0), "{report}");
    let mut sorted = ratios.clone();
    sorted.sort_by(f64::total_cmp);
    assert_eq!(report["ratio"].as_f64().unwrap(), sorted[2], "the median");
    let calls = report["server_calls_per_sec"].as_f64().unwrap();
    let decisions = report["server_decisions_per_sec"].as_f64().unwrap();
    assert!(calls > decisions && decisions > 0.0, "{report}");
    assert!(report["decision_ratio"].as_f64().unwrap() < report["ratio"].as_f64().unwrap());
    let (idle, peak) = (
        report["rss_idle_mb"].as_f64().unwrap(),
        report["rss_peak_mb"].as_f64().unwrap(),
    );
    assert!(idle > 0.0 && peak >= idle, "{report}");
    assert!(report["kb_per_open_match"].as_f64().is_some(), "{report}");
    assert_eq!(report["concurrency"], 6);
}

#[test]
fn concurrency_goes_up_to_twenty_thousand() {
    let output = cardarena(&["bench", "--http", "--concurrency", "20001"]);
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("1..=20000"), "{stderr}");
}

/// The bench's bot answers on each of its listeners and stops when its standard input closes,
/// so that a bench that dies leaves no bot behind.
#[test]
fn the_bench_bot_answers_on_every_listener_and_stops_with_its_input() {
    let mut bot = Command::new(env!("CARGO_BIN_EXE_cardarena"))
        .args(["bench-bot", "--listeners", "3"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(bot.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let ready: serde_json::Value = serde_json::from_str(&line).unwrap();
    let addrs = ready["addrs"].as_array().unwrap();
    assert_eq!(addrs.len(), 3, "{ready}");
    let runtime = tokio::runtime::Runtime::new().unwrap();
    for addr in addrs {
        let url = format!("http://{}/bot", addr.as_str().unwrap());
        let answer = runtime.block_on(async {
            let response = reqwest::Client::new()
                .post(&url)
                .body("{}")
                .send()
                .await
                .unwrap();
            response.text().await.unwrap()
        });
        assert_eq!(answer, r#"{"action_index":0}"#, "{url}");
    }
    drop(bot.stdin.take());
    let started = Instant::now();
    loop {
        if let Some(status) = bot.try_wait().unwrap() {
            assert!(status.success(), "{status}");
            break;
        }
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "the bot still runs with its input closed"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}
