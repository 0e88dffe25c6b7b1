//! Analyses with the real binary on a real SQLite file: a queued or running analysis survives
//! the server's death (SIGKILL) and is made by the next start; `cardarena analyse` prints a
//! stored analysis, computes and stores one the database lacks, and refuses what it cannot
//! analyse.

mod support;

use std::process::{Command, Output, Stdio};
use std::time::Duration;

use cardarena_engine::Phrase;
use cardarena_engine::phrase::english::{self, Names};
use serde_json::{Value, json};
use support::process::Process;
use support::{TempDb, test_bots, until};

/// `cardarena serve` on `url`, analysing at 5 ms a decision, and its base URL.
fn serve(url: &str) -> (Process, String) {
    let args = [
        "serve",
        "--addr",
        "127.0.0.1:0",
        "--database-url",
        url,
        "--no-ladder",
        "--analysis-budget-ms",
        "5",
    ];
    let (process, base) = Process::start(&args, "warn", "leaderboard: ");
    (process, base.trim_end_matches('/').to_string())
}

/// Runs the binary with `args` to its end.
fn cardarena(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cardarena"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs")
}

/// GETs `url`: status and JSON.
async fn get(http: &reqwest::Client, url: &str) -> (u16, Value) {
    let response = http.get(url).send().await.unwrap();
    (response.status().as_u16(), response.json().await.unwrap())
}

/// POSTs `body` to `url` with a bearer `token` if given: status and JSON.
async fn post(
    http: &reqwest::Client,
    url: &str,
    token: Option<&str>,
    body: Option<Value>,
) -> (u16, Value) {
    let mut request = http.post(url);
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    if let Some(body) = body {
        request = request.json(&body);
    }
    let response = request.send().await.unwrap();
    (response.status().as_u16(), response.json().await.unwrap())
}

/// Plays `count` durak matches of a bot at `bot_url` (first legal action) against greedy on the
/// server at `base`; their ids, once finished.
async fn finished_matches(
    http: &reqwest::Client,
    base: &str,
    bot_url: &str,
    count: u32,
) -> Vec<String> {
    let bot = json!({"name": "analysed", "url": bot_url, "game": "durak"});
    let (status, bot) = post(http, &format!("{base}/api/bots"), None, Some(bot)).await;
    assert_eq!(status, 201, "{bot}");
    let practice = json!({"matches": count, "opponents": ["greedy"]});
    let url = format!("{base}/api/bots/{}/practice", bot["id"].as_str().unwrap());
    let (status, queued) = post(http, &url, bot["token"].as_str(), Some(practice)).await;
    assert_eq!(status, 202, "{queued}");
    let ids: Vec<String> = queued["match_ids"]
        .as_array()
        .unwrap()
        .iter()
        .map(|id| id.as_str().unwrap().to_string())
        .collect();
    for id in &ids {
        let url = format!("{base}/api/matches/{id}");
        let m = until(
            Duration::from_secs(60),
            "the match did not end",
            async || {
                let (_, m) = get(http, &url).await;
                (m["status"] != "queued" && m["status"] != "running").then_some(m)
            },
        )
        .await;
        assert_eq!(m["status"], "finished", "{m}");
    }
    ids
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_analysis_survives_a_killed_server_and_the_cli_prints_and_makes_them() {
    let db = TempDb::new();
    let url = db.url();
    let http = reqwest::Client::new();
    let bots = test_bots().await;
    let (server, base) = serve(&url);
    let ids = finished_matches(&http, &base, &bots.url("/good"), 2).await;
    let (analysed, other) = (&ids[0], &ids[1]);
    let path = format!("{base}/api/matches/{analysed}/analysis");
    let (status, queued) = post(&http, &path, None, None).await;
    assert_eq!(status, 202, "{queued}");
    until(
        Duration::from_secs(60),
        "the analysis never ran",
        async || {
            let (_, progress) = get(&http, &path).await;
            (progress["status"] == "running").then_some(())
        },
    )
    .await;
    server.stop();
    let pool = sqlx::SqlitePool::connect(&url).await.unwrap();
    let status: String = sqlx::query_scalar("SELECT status FROM analyses WHERE match_id = $1")
        .bind(analysed)
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(status, "running", "killed while it ran");
    pool.close().await;

    // The next start queues it again and makes it.
    let (server, base) = serve(&url);
    let path = format!("{base}/api/matches/{analysed}/analysis");
    let analysis = until(
        Duration::from_secs(180),
        "the analysis was not made",
        async || {
            let (status, answer) = get(&http, &path).await;
            assert_eq!(status, 200, "{answer}");
            (answer["status"] == "done").then_some(answer)
        },
    )
    .await;
    let (_, m) = get(&http, &format!("{base}/api/matches/{analysed}")).await;
    let (status, never) = get(&http, &format!("{base}/api/matches/{other}/analysis")).await;
    assert_eq!((status, &never["error"]), (404, &json!("not_analysed")));
    server.stop();

    // The command line prints the stored analysis as it is: nothing computed.
    let printed = cardarena(&["analyse", analysed, "--database-url", &url]);
    let (out, err) = (text(&printed.stdout), text(&printed.stderr));
    assert_eq!(printed.status.code(), Some(0), "{err}");
    assert!(
        !err.contains("analysing"),
        "the stored analysis is used: {err}"
    );
    let decisions = analysis["decisions"].as_array().unwrap();
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines[0].contains(&format!("{} decisions", decisions.len())),
        "{out}"
    );
    assert!(lines[0].contains("5 ms a decision"), "{out}");
    let names: Vec<String> = (m["seats"].as_array().unwrap().iter())
        .map(|s| s["name"].as_str().unwrap().to_string())
        .collect();
    for (line, d) in lines[2..].iter().zip(decisions) {
        // The move taken, its seats named by their bots.
        let phrases: Vec<Phrase> =
            serde_json::from_value(d["phrases"][d["taken"].as_u64().unwrap() as usize].clone())
                .unwrap();
        let taken = &english::words(&phrases, &Names::new(&names, None));
        assert!(!line.to_lowercase().contains("seat "), "{line}");
        assert!(
            line.trim_start().starts_with(&d["step"].to_string()),
            "{line}"
        );
        assert!(line.contains(taken), "{line} lacks {taken}");
        let loss = d["loss"].as_f64().unwrap();
        assert!(line.contains(&format!(" {loss:.3} ")), "{line}");
        assert_eq!(line.contains(" blunder "), loss >= 0.15, "{line}");
        let mistake = (0.05..0.15).contains(&loss);
        assert_eq!(line.contains(" mistake "), mistake, "{line}");
    }
    for seat in analysis["seats"].as_array().unwrap() {
        let name = &m["seats"][seat["seat"].as_u64().unwrap() as usize]["name"];
        let summary = format!(
            "{} (seat {}): {} decisions, mean loss {:.3}, {} mistakes, {} blunders",
            name.as_str().unwrap(),
            seat["seat"],
            seat["decisions"],
            seat["mean_loss"].as_f64().unwrap(),
            seat["mistakes"],
            seat["blunders"]
        );
        assert!(out.contains(&summary), "{out} lacks {summary}");
    }
    // One seat, as JSON: the API's answer, that seat's part.
    let printed = cardarena(&[
        "analyse",
        analysed,
        "--database-url",
        &url,
        "--seat",
        "1",
        "--json",
    ]);
    assert_eq!(printed.status.code(), Some(0), "{}", text(&printed.stderr));
    let seat: Value = serde_json::from_slice(&printed.stdout).unwrap();
    let own: Vec<&Value> = decisions.iter().filter(|d| d["seat"] == 1).collect();
    assert_eq!(
        seat["decisions"]
            .as_array()
            .unwrap()
            .iter()
            .collect::<Vec<_>>(),
        own
    );
    assert_eq!(seat["seats"], json!([analysis["seats"][1]]));

    // A match never analysed is analysed here and stored: the next run finds it.
    let made = cardarena(&["analyse", other, "--database-url", &url, "--budget-ms", "5"]);
    assert_eq!(made.status.code(), Some(0), "{}", text(&made.stderr));
    assert!(
        text(&made.stderr).contains("analysing"),
        "{}",
        text(&made.stderr)
    );
    let again = cardarena(&["analyse", other, "--database-url", &url]);
    assert!(
        !text(&again.stderr).contains("analysing"),
        "{}",
        text(&again.stderr)
    );
    assert_eq!(text(&again.stdout), text(&made.stdout));

    // What it cannot analyse, it says.
    let missing = cardarena(&["analyse", "no-such-match", "--database-url", &url]);
    assert_ne!(missing.status.code(), Some(0));
    assert!(
        text(&missing.stderr).contains("no match"),
        "{}",
        text(&missing.stderr)
    );
    let bad_seat = cardarena(&["analyse", other, "--database-url", &url, "--seat", "7"]);
    assert_ne!(bad_seat.status.code(), Some(0));
    assert!(
        text(&bad_seat.stderr).contains("seats 0 to 1"),
        "{}",
        text(&bad_seat.stderr)
    );
    let bad_budget = cardarena(&["analyse", other, "--database-url", &url, "--budget-ms", "7"]);
    assert_eq!(bad_budget.status.code(), Some(2));
}

/// Bytes as text.
fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}
