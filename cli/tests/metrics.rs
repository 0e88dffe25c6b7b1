//! `/metrics` on a real server with real bots on loopback: the Prometheus text format, the
//! figures of matches played (finished, decisions, bot calls timed, a fault counted by kind), the
//! HTTP requests by route template (never an id), the sampled states (every game and kind of the
//! queue, the pool, connections); every metric documented in docs/operations.md and every metric
//! the ready dashboard and alerts use served; `--metrics-addr` moving the page to a port of its
//! own; and `--log-format json` lines carrying the request id, the bot id and the match id.

mod support;

use std::collections::BTreeMap;

use reqwest::StatusCode;
use serde_json::{Value, json};
use support::process::Process;
use support::{Server, TempDb, config, test_bots};

#[allow(dead_code)]
use cardarena_testkit::postgres;

/// A parsed text page: each series (`name{labels}`, labels sorted) and its value.
fn parse(text: &str) -> BTreeMap<String, f64> {
    let mut series = BTreeMap::new();
    for line in text.lines() {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, value) = line.rsplit_once(' ').expect("`series value`");
        let value: f64 = value.parse().unwrap_or_else(|_| panic!("a number: {line}"));
        let key = match key.split_once('{') {
            Some((name, labels)) => {
                let labels = labels.strip_suffix('}').expect("labels close");
                let mut labels: Vec<&str> = labels.split("\",").collect();
                for label in &mut labels {
                    *label = label.trim_end_matches('"');
                }
                labels.sort();
                let labels: Vec<String> = labels.iter().map(|l| format!("{l}\"")).collect();
                format!("{name}{{{}}}", labels.join(","))
            }
            None => key.to_string(),
        };
        assert!(
            key.starts_with("cardarena_"),
            "a series outside the namespace: {line}"
        );
        series.insert(key, value);
    }
    series
}

/// The value of the series `name` with exactly these labels (any order), or 0.
fn value(series: &BTreeMap<String, f64>, name: &str, labels: &[(&str, &str)]) -> f64 {
    let mut labels: Vec<String> = labels.iter().map(|(k, v)| format!("{k}=\"{v}\"")).collect();
    labels.sort();
    let key = match labels.is_empty() {
        true => name.to_string(),
        false => format!("{name}{{{}}}", labels.join(",")),
    };
    series.get(&key).copied().unwrap_or(0.0)
}

/// The metric families a page names (histograms by their base name).
fn families(text: &str) -> Vec<String> {
    let mut names: Vec<String> = text
        .lines()
        .filter_map(|line| line.strip_prefix("# TYPE "))
        .map(|rest| rest.split_whitespace().next().unwrap().to_string())
        .collect();
    names.sort();
    names.dedup();
    names
}

/// Asks the server at `base` for match `id` until it is finished (20 s at most).
async fn wait_finished(http: &reqwest::Client, base: &str, id: &str) {
    let mut status = Value::Null;
    for _ in 0..400 {
        let url = format!("{base}/api/matches/{id}");
        let m: Value = http.get(url).send().await.unwrap().json().await.unwrap();
        status = m["status"].clone();
        if status == "finished" {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("match {id} is {status} after 20 s");
}

async fn metrics_page(url: &str) -> String {
    let response = reqwest::get(url).await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let kind = response.headers()["content-type"].to_str().unwrap();
    assert!(kind.starts_with("text/plain; version=0.0.4"), "{kind}");
    response.text().await.unwrap()
}

#[tokio::test]
async fn a_server_counts_matches_calls_faults_and_requests_by_route_template() {
    let db = TempDb::new();
    let server = Server::start(config(&db)).await;
    let bots = test_bots().await;
    let good = server.register("metered", &bots.url("/good")).await;
    let broken = server.register("broken", &bots.url("/broken")).await;
    let mut ids = server.practice(&good, 3, &["random"]).await;
    ids.extend(server.practice(&broken, 1, &["random"]).await);
    for id in &ids {
        let m = server.finished_match(id).await;
        assert_eq!(m["status"], "finished", "{m}");
    }
    let text = metrics_page(&server.url("/metrics")).await;
    let series = parse(&text);

    let finished = value(
        &series,
        "cardarena_matches_finished_total",
        &[("game", "durak"), ("kind", "practice")],
    );
    assert!(finished >= 4.0, "finished: {finished}\n{text}");
    let http_decisions = value(
        &series,
        "cardarena_decisions_total",
        &[("game", "durak"), ("transport", "http")],
    );
    let house_decisions = value(
        &series,
        "cardarena_decisions_total",
        &[("game", "durak"), ("transport", "house")],
    );
    assert!(http_decisions >= 3.0 && house_decisions >= 3.0, "{text}");
    // Every answered turn was timed, and the broken bot's turn too.
    let timed = value(
        &series,
        "cardarena_bot_call_seconds_count",
        &[("transport", "http")],
    );
    assert!(timed >= http_decisions + 1.0, "timed {timed}\n{text}");
    let faults = value(
        &series,
        "cardarena_bot_faults_total",
        &[("kind", "http_status"), ("transport", "http")],
    );
    assert!(faults >= 1.0, "{text}");

    // Requests by their route's template; no series names a bot's id.
    let practice = value(
        &series,
        "cardarena_http_requests_total",
        &[
            ("method", "POST"),
            ("route", "/api/bots/{id}/practice"),
            ("status", "202"),
        ],
    );
    assert!(practice >= 2.0, "{text}");
    for bot in [&good, &broken] {
        let id = bot["id"].as_str().unwrap();
        assert!(!text.contains(id), "a bot id in the metrics: {id}");
    }
    let missing = reqwest::get(server.url("/no/such/page/at/all"))
        .await
        .unwrap();
    assert_eq!(missing.status(), StatusCode::NOT_FOUND);
    let series = parse(&metrics_page(&server.url("/metrics")).await);
    let unmatched = series
        .iter()
        .filter(|(k, _)| {
            k.starts_with("cardarena_http_requests_total{") && k.contains("route=\"unmatched\"")
        })
        .count();
    assert_eq!(unmatched, 1, "one series for every unmatched path");

    // The sampled states: every game and kind of the queue, the pool, this connection.
    let games = server.games().await;
    for game in &games {
        for kind in ["practice", "ladder", "tournament", "human"] {
            for status in ["queued", "running"] {
                let key = format!(
                    "cardarena_matches{{game=\"{}\",kind=\"{kind}\",status=\"{status}\"}}",
                    game["id"].as_str().unwrap()
                );
                assert!(series.contains_key(&key), "no {key}");
            }
        }
    }
    assert!(value(&series, "cardarena_db_pool_max", &[]) >= 1.0);
    assert!(value(&series, "cardarena_connections_open", &[]) >= 1.0);
    assert_eq!(
        value(
            &series,
            "cardarena_build_info",
            &[("version", env!("CARGO_PKG_VERSION"))]
        ),
        1.0
    );
    assert_eq!(value(&series, "cardarena_match_slots", &[]), 64.0);
}

#[tokio::test]
async fn every_metric_is_documented_and_the_dashboard_and_alerts_use_real_ones() {
    let db = TempDb::new();
    let server = Server::start(config(&db)).await;
    let bots = test_bots().await;
    let bot = server.register("documented", &bots.url("/broken")).await;
    for id in server.practice(&bot, 1, &["random"]).await {
        server.finished_match(&id).await;
    }
    let text = metrics_page(&server.url("/metrics")).await;
    let served = families(&text);
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
    let docs = std::fs::read_to_string(format!("{root}/docs/operations.md")).unwrap();
    let documented: Vec<&str> = docs
        .lines()
        .filter_map(|line| line.strip_prefix("| `cardarena_"))
        .map(|rest| &rest[..rest.find('`').unwrap()])
        .collect();
    // Counters a fault-free or dial-free run has not touched yet are still documented ones.
    for family in &served {
        let short = family.strip_prefix("cardarena_").unwrap();
        assert!(
            documented.contains(&short),
            "{family} is served but not in docs/operations.md"
        );
    }
    for name in &documented {
        let family = format!("cardarena_{name}");
        let helped = text.contains(&format!("# HELP {family} "));
        assert!(
            served.contains(&family) || helped,
            "{family} is documented but never described nor served"
        );
    }
    // The dashboard and the alerts ask only for families this server has.
    let dashboard = std::fs::read_to_string(format!("{root}/docs/grafana/cardarena.json")).unwrap();
    let dashboard: Value = serde_json::from_str(&dashboard).unwrap();
    let mut exprs = Vec::new();
    for panel in dashboard["panels"].as_array().unwrap() {
        for target in panel["targets"].as_array().unwrap() {
            exprs.push(target["expr"].as_str().unwrap().to_string());
        }
    }
    let alerts = std::fs::read_to_string(format!("{root}/docs/grafana/alerts.yml")).unwrap();
    exprs.extend(
        alerts
            .lines()
            .filter_map(|l| l.trim().strip_prefix("expr: "))
            .map(str::to_string),
    );
    assert!(exprs.len() >= 15, "{exprs:?}");
    for expr in &exprs {
        for word in expr.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_')) {
            if let Some(short) = word.strip_prefix("cardarena_") {
                let base = ["_bucket", "_count", "_sum"]
                    .iter()
                    .find_map(|s| short.strip_suffix(s))
                    .unwrap_or(short);
                assert!(
                    documented.contains(&base),
                    "{expr} asks for cardarena_{short}, which is not a documented metric"
                );
            }
        }
    }
}

#[tokio::test]
async fn metrics_addr_serves_the_page_alone_elsewhere() {
    let db = TempDb::new();
    let mut config = config(&db);
    config.metrics_addr = Some("127.0.0.1:0".parse().unwrap());
    let server = Server::start(config).await;
    let moved = reqwest::get(server.url("/metrics")).await.unwrap();
    assert_eq!(moved.status(), StatusCode::NOT_FOUND);
    let addr = server.running.metrics_addr.expect("a metrics address");
    let text = metrics_page(&format!("http://{addr}/metrics")).await;
    assert!(text.contains("cardarena_matches{"), "{text}");
    let other = reqwest::get(format!("http://{addr}/api/games"))
        .await
        .unwrap();
    assert_eq!(other.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn json_logs_carry_the_request_id_the_bot_id_and_the_match_id() {
    let db = TempDb::new();
    let bots = test_bots().await;
    let (serve, base) = Process::start(
        &[
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--database-url",
            &db.url(),
            "--no-ladder",
            "--log-format",
            "json",
        ],
        "info,cardarena_web=debug,cardarena_contest=debug",
        "leaderboard: ",
    );
    let base = base.trim_end_matches('/').to_string();
    let http = reqwest::Client::new();
    let answer = http
        .post(format!("{base}/api/bots"))
        .header("x-request-id", "register-42")
        .json(&json!({"name": "logged", "url": bots.url("/broken"), "game": "durak"}))
        .send()
        .await
        .unwrap();
    assert_eq!(answer.headers()["x-request-id"], "register-42");
    let bot: Value = answer.json().await.unwrap();
    let bot_id = bot["id"].as_str().unwrap().to_string();
    // A request id a client makes up with characters a log must not carry is replaced.
    let odd = http
        .get(format!("{base}/api/games"))
        .header("x-request-id", "a b\"c")
        .send()
        .await
        .unwrap();
    assert_ne!(odd.headers()["x-request-id"], "a b\"c");
    let practice = http
        .post(format!("{base}/api/bots/{bot_id}/practice"))
        .bearer_auth(bot["token"].as_str().unwrap())
        .json(&json!({"matches": 1, "opponents": ["random"]}))
        .send()
        .await
        .unwrap();
    assert_eq!(practice.status(), StatusCode::ACCEPTED);
    let match_id = practice.json::<Value>().await.unwrap()["match_ids"][0]
        .as_str()
        .unwrap()
        .to_string();
    wait_finished(&http, &base, &match_id).await;
    let log = serve.stop();
    let entries: Vec<Value> = log
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}")))
        .collect();
    let span = |entry: &Value, name: &str| -> Option<Value> {
        entry["spans"]
            .as_array()?
            .iter()
            .find(|s| s["name"] == name)
            .cloned()
    };
    let registered = entries
        .iter()
        .find(|e| span(e, "request").is_some_and(|s| s["request_id"] == "register-42"))
        .unwrap_or_else(|| panic!("no line of request register-42 in:\n{log}"));
    let request = span(registered, "request").unwrap();
    assert_eq!(request["route"], "/api/bots");
    assert_eq!(request["method"], "POST");
    assert_eq!(request["client"], "127.0.0.1");
    let practiced = entries
        .iter()
        .filter_map(|e| span(e, "request"))
        .find(|s| s["route"] == "/api/bots/{id}/practice")
        .unwrap_or_else(|| panic!("no practice request logged:\n{log}"));
    assert_eq!(practiced["bot_id"], bot_id.as_str());
    let fault = entries
        .iter()
        .find(|e| {
            e["message"]
                .as_str()
                .is_some_and(|m| m.starts_with("bot fault"))
        })
        .unwrap_or_else(|| panic!("no bot fault logged:\n{log}"));
    assert_eq!(fault["bot_id"], bot_id.as_str());
    assert_eq!(fault["fault"], "http_status");
    let played = span(fault, "match").expect("the fault is logged in its match's span");
    assert_eq!(played["match_id"], match_id.as_str());
    assert_eq!(played["game"], "durak");
    // The path's own text (an id) never reaches the log, only the route's template.
    assert!(!log.contains(&format!("/api/bots/{bot_id}")), "{log}");
}

#[tokio::test]
async fn on_postgres_a_worker_counts_what_it_plays_and_the_server_shows_its_leases() {
    let database = postgres::Database::new();
    let dir = TempDb::new();
    let key = dir
        .url()
        .replace("sqlite://", "")
        .replace("test.db", "contest.key");
    let (_serve, base) = Process::start(
        &[
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--database-url",
            &database.url,
            "--key-file",
            &key,
            "--no-play",
            "--no-ladder",
        ],
        "warn",
        "leaderboard: ",
    );
    let base = base.trim_end_matches('/').to_string();
    let (_worker, worker_metrics) = Process::start(
        &[
            "worker",
            "--database-url",
            &database.url,
            "--key-file",
            &key,
            "--metrics-addr",
            "127.0.0.1:0",
        ],
        "warn",
        "metrics: ",
    );
    let bots = test_bots().await;
    let http = reqwest::Client::new();
    let bot: Value = http
        .post(format!("{base}/api/bots"))
        .json(&json!({"name": "far", "url": bots.url("/good"), "game": "durak"}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let practice: Value = http
        .post(format!(
            "{base}/api/bots/{}/practice",
            bot["id"].as_str().unwrap()
        ))
        .bearer_auth(bot["token"].as_str().unwrap())
        .json(&json!({"matches": 2, "opponents": ["random"]}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    for id in practice["match_ids"].as_array().unwrap() {
        wait_finished(&http, &base, id.as_str().unwrap()).await;
    }
    let worker = parse(&metrics_page(&worker_metrics).await);
    let played = [("game", "durak"), ("kind", "practice")];
    assert!(value(&worker, "cardarena_matches_finished_total", &played) >= 2.0);
    assert!(
        value(
            &worker,
            "cardarena_bot_call_seconds_count",
            &[("transport", "http")]
        ) >= 2.0
    );
    // The contest-wide figures are the server's alone.
    assert!(!worker.keys().any(|k| k.starts_with("cardarena_matches{")));
    let server_text = metrics_page(&format!("{base}/metrics")).await;
    let server = parse(&server_text);
    assert_eq!(
        value(&server, "cardarena_matches_finished_total", &played),
        0.0
    );
    let roles: Vec<&String> = server
        .keys()
        .filter(|k| k.starts_with("cardarena_worker_leases{"))
        .collect();
    assert!(
        roles.iter().any(|k| k.contains("role=\"worker\""))
            && roles.iter().any(|k| k.contains("role=\"serve\"")),
        "{server_text}"
    );
}
