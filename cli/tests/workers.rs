//! Workers on a real PostgreSQL: a server that plays nothing (`--no-play`) and `cardarena worker`
//! processes (the real binary) sharing a throw-away cluster's database. Several workers play a few
//! hundred rated matches while one is SIGKILLed and started again: every match is finished once,
//! every bot's rating chain is unbroken, and `cardarena replay` confirms a sample. A tournament
//! runs through its stages across workers; the per-bot cap holds across workers, sampled while
//! they play and checked afterwards by the store's own stamps; a match a worker
//! plays is followed live on the server; a bot paused for faults is put on probation by the
//! server and its probation matches, played by a worker, are judged from the database.

use cardarena_testkit::postgres;
mod support;

use std::collections::BTreeMap;
use std::process::Command;
use std::time::Duration;

use cardarena_store::NewMatch;
use cardarena_web::app::ServeConfig;
use postgres::Database;
use serde_json::json;
use support::cluster::{KeyDir, Worker};
use support::{Server, pacing_bot, test_bots};

/// The organiser's token of the servers these tests start.
const ADMIN: &str = "workers-test-organiser";

/// A server on `db` that plays no queued match.
async fn no_play_server(db: &Database, key: &KeyDir) -> Server {
    let mut config = ServeConfig::new("127.0.0.1:0".parse().unwrap(), db.url.clone());
    config.key_file = Some(key.file());
    config.ladder_interval = None;
    config.plays = false;
    config.admin_token = Some(ADMIN.to_string());
    Server::start(config).await
}

/// Counts of `matches` by status.
fn statuses(db: &Database) -> BTreeMap<String, u64> {
    db.query("SELECT status, COUNT(*) FROM matches GROUP BY status")
        .into_iter()
        .map(|row| (row[0].clone(), row[1].parse().unwrap()))
        .collect()
}

/// How many finished rated results wait for the rating pass (applied a moment after they are
/// stored when passes run at once).
fn due(db: &Database) -> u64 {
    db.query("SELECT COUNT(*) FROM matches WHERE rating_due = 1")[0][0]
        .parse()
        .unwrap()
}

/// Waits until `done` holds, polling the database, for at most `limit`.
async fn wait_for(limit: Duration, what: &str, mut done: impl FnMut() -> bool) {
    let start = std::time::Instant::now();
    while !done() {
        assert!(start.elapsed() < limit, "still waiting for {what}");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn workers_finish_every_match_once_though_one_is_killed() {
    let db = Database::new();
    let key = KeyDir::new();
    let server = no_play_server(&db, &key).await;
    let bots = test_bots().await;
    let mut contestants = Vec::new();
    for name in ["ann", "bob", "cyd"] {
        contestants.push(server.register(name, &bots.url("/steady")).await);
    }
    let house: Vec<String> = db
        // Not the expert: its search (sized for a release build) takes seconds a match in this
        // debug build, and what is tested here is the queue, not the bots.
        .query(
            "SELECT id FROM bots WHERE kind = 'house' AND game = 'durak' \
             AND house_id NOT LIKE 'expert%' ORDER BY id",
        )
        .into_iter()
        .map(|row| row[0].clone())
        .collect();
    // 300 rated durak matches: each contestant against each of the others and a house bot.
    let mut queued = Vec::new();
    for i in 0..300u64 {
        let a = contestants[i as usize % 3]["id"]
            .as_str()
            .unwrap()
            .to_string();
        let b = contestants[(i as usize + 1) % 3]["id"]
            .as_str()
            .unwrap()
            .to_string();
        let seats = vec![a, b, house[i as usize % house.len()].clone()];
        queued.push(NewMatch::ladder("durak", json!({}), 1000 + i, 1000, seats));
    }
    server.running.store.create_matches(&queued).await.unwrap();

    let workers = [
        Worker::start(&db, &key.file(), 4, 4),
        Worker::start(&db, &key.file(), 4, 4),
        Worker::start(&db, &key.file(), 4, 4),
    ];
    let finished = |db: &Database| statuses(db).get("finished").copied().unwrap_or(0);
    wait_for(Duration::from_secs(120), "a third of the matches", || {
        finished(&db) >= 100
    })
    .await;
    // The worker killed holds matches: they go back to the queue when their leases pass.
    let [first, second, third] = workers;
    let held_by_first = format!(
        "SELECT COUNT(*) FROM matches m JOIN workers w ON w.id = m.worker
         WHERE m.status = 'running' AND w.pid = {}",
        first.pid()
    );
    let holds = |db: &Database| db.query(&held_by_first)[0][0].parse::<u64>().unwrap();
    wait_for(
        Duration::from_secs(60),
        "the first worker to hold matches",
        || holds(&db) >= 2,
    )
    .await;
    first.kill();
    let _restarted = Worker::start(&db, &key.file(), 4, 4);
    wait_for(Duration::from_secs(300), "every match, rated", || {
        finished(&db) == 300 && due(&db) == 0
    })
    .await;
    drop((second, third));

    assert_eq!(statuses(&db), BTreeMap::from([("finished".into(), 300)]));
    // Played again from their start: some match needed more than one attempt.
    let again: u64 = db.query("SELECT COUNT(*) FROM matches WHERE attempt > 1")[0][0]
        .parse()
        .unwrap();
    assert!(again > 0, "the killed worker's matches were played again");
    // Each rated result applied once, in one sequence without gaps.
    let sequence: Vec<i64> = db
        .query("SELECT rating_seq FROM matches ORDER BY rating_seq")
        .into_iter()
        .map(|row| row[0].parse().unwrap())
        .collect();
    assert_eq!(sequence, (1..=300).collect::<Vec<i64>>());
    // Every bot's chain: each match starts from the rating the previous one ended with, and the
    // bot's count of matches is its number of seats.
    let seats = db.query(
        "SELECT s.bot_id, s.mu_before, s.sigma_before, s.mu_after, s.sigma_after
         FROM seats s JOIN matches m ON m.id = s.match_id ORDER BY s.bot_id, m.rating_seq",
    );
    let mut last: BTreeMap<String, (String, String)> = BTreeMap::new();
    let mut count: BTreeMap<String, u64> = BTreeMap::new();
    for row in &seats {
        if let Some((mu, sigma)) = last.get(&row[0]) {
            assert_eq!((&row[1], &row[2]), (mu, sigma), "bot {}'s chain", row[0]);
        }
        last.insert(row[0].clone(), (row[3].clone(), row[4].clone()));
        *count.entry(row[0].clone()).or_default() += 1;
    }
    for row in db.query("SELECT bot_id, matches, mu, sigma FROM ratings") {
        assert_eq!(row[1].parse::<u64>().unwrap(), count[&row[0]], "{}", row[0]);
        assert_eq!((&row[2], &row[3]), (&last[&row[0]].0, &last[&row[0]].1));
    }
    // `replay` confirms a sample, the re-played matches among them.
    let sample = db.query("SELECT id FROM matches ORDER BY attempt DESC, number LIMIT 5");
    for row in sample {
        let out = Command::new(env!("CARGO_BIN_EXE_cardarena"))
            .args(["replay", "--database-url", &db.url, &row[0]])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "replay {}: {}",
            row[0],
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn the_per_bot_cap_holds_across_workers() {
    let db = Database::new();
    let key = KeyDir::new();
    let server = no_play_server(&db, &key).await;
    let bots = test_bots().await;
    let bot = server.register("capped", &bots.url("/steady")).await;
    server.practice(&bot, 40, &["random"]).await;
    let _workers = [
        Worker::start(&db, &key.file(), 8, 2),
        Worker::start(&db, &key.file(), 8, 2),
    ];
    let mut most = 0;
    let start = std::time::Instant::now();
    loop {
        let running: u64 = db.query("SELECT COUNT(*) FROM matches WHERE status = 'running'")[0][0]
            .parse()
            .unwrap();
        most = most.max(running);
        assert!(running <= 2, "{running} matches of one bot running at once");
        if statuses(&db).get("finished") == Some(&40) {
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "40 matches in 2 minutes"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(most, 2, "the workers together use the bot's two places");
}

/// Four workers, each with more slots than the cap, play 60 rated matches of four bots allowed
/// two running matches each. A claim starts a match after reading which are running, and a
/// result is stamped before it commits, so matches of one bot that overlap in the store's own
/// stamps were running at once: no bot ever had more than two. Every match was finished once,
/// by workers together, and the results were numbered 1 to 60.
#[tokio::test(flavor = "multi_thread")]
async fn four_workers_keep_every_bots_cap_by_the_stores_own_stamps() {
    let db = Database::new();
    let key = KeyDir::new();
    let server = no_play_server(&db, &key).await;
    let bots = test_bots().await;
    let mut ids = Vec::new();
    for name in ["ann", "bob", "cyd", "dee"] {
        let bot = server.register(name, &bots.url("/steady")).await;
        ids.push(bot["id"].as_str().unwrap().to_string());
    }
    let queued: Vec<NewMatch> = (0..60usize)
        .map(|i| {
            let bot_ids = vec![ids[i % 4].clone(), ids[(i + 1 + (i / 4) % 3) % 4].clone()];
            NewMatch::ladder("durak", json!({}), 5000 + i as u64, 1000, bot_ids)
        })
        .collect();
    server.running.store.create_matches(&queued).await.unwrap();
    let _workers: Vec<Worker> = (0..4)
        .map(|_| Worker::start(&db, &key.file(), 6, 2))
        .collect();
    wait_for(Duration::from_secs(180), "every match, rated", || {
        statuses(&db).get("finished") == Some(&60) && due(&db) == 0
    })
    .await;

    let mut edges: BTreeMap<String, Vec<(i64, i32)>> = BTreeMap::new();
    for row in db.query(
        "SELECT s.bot_id, m.started_at, m.finished_at FROM seats s
         JOIN matches m ON m.id = s.match_id",
    ) {
        let (start, end) = (row[1].parse().unwrap(), row[2].parse().unwrap());
        edges
            .entry(row[0].clone())
            .or_default()
            .extend([(start, 1), (end, -1)]);
    }
    let mut busiest = 0;
    for (bot, mut edges) in edges {
        edges.sort();
        let mut running = 0;
        for (_, step) in edges {
            running += step;
            assert!(running <= 2, "bot {bot} ran {running} matches at once");
            busiest = busiest.max(running);
        }
    }
    assert_eq!(busiest, 2, "the cap was reached, so it was tested");
    let shares = db.query("SELECT COUNT(DISTINCT worker), MAX(attempt) FROM matches");
    assert!(
        shares[0][0].parse::<u32>().unwrap() >= 2,
        "several workers played"
    );
    assert_eq!(shares[0][1], "1", "each match claimed once");
    let sequence: Vec<i64> = db
        .query("SELECT rating_seq FROM matches ORDER BY rating_seq")
        .into_iter()
        .map(|row| row[0].parse().unwrap())
        .collect();
    assert_eq!(sequence, (1..=60).collect::<Vec<i64>>());
}

#[tokio::test(flavor = "multi_thread")]
async fn a_tournament_runs_through_its_stages_across_workers() {
    let db = Database::new();
    let key = KeyDir::new();
    let server = no_play_server(&db, &key).await;
    let bots = test_bots().await;
    let stages = json!([
        {"kind": "house", "opponents": ["random"], "matches": 4},
        {"kind": "gauntlet", "top": 2, "matches": 2},
        {"kind": "final", "top": 3, "deals": 2, "table": 3}
    ]);
    let body = json!({"name": "Cup", "game": "durak", "stages": stages, "auto_advance": true});
    let (status, cup) = server
        .send(
            reqwest::Method::POST,
            "/api/tournaments",
            Some(ADMIN),
            Some(body),
        )
        .await;
    assert_eq!(status, reqwest::StatusCode::CREATED, "{cup}");
    let id = cup["id"].as_str().unwrap().to_string();
    for name in ["ann", "bob", "cid"] {
        let bot = server.register(name, &bots.url("/good")).await;
        let (status, answer) = server
            .send(
                reqwest::Method::POST,
                &format!("/api/tournaments/{id}/entries"),
                bot["token"].as_str(),
                Some(json!({"bot_id": bot["id"]})),
            )
            .await;
        assert_eq!(status, reqwest::StatusCode::CREATED, "{answer}");
    }
    let _workers = [
        Worker::start(&db, &key.file(), 4, 4),
        Worker::start(&db, &key.file(), 4, 4),
    ];
    let (status, answer) = server
        .send(
            reqwest::Method::POST,
            &format!("/api/tournaments/{id}/start"),
            Some(ADMIN),
            None,
        )
        .await;
    assert_eq!(status, reqwest::StatusCode::OK, "{answer}");
    let start = std::time::Instant::now();
    let cup = loop {
        let (_, cup) = server.get(&format!("/api/tournaments/{id}")).await;
        if cup["status"] == "finished" {
            break cup;
        }
        assert!(
            start.elapsed() < Duration::from_secs(240),
            "the cup is over in 4 minutes: {cup}"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    };
    for stage in cup["stages"].as_array().unwrap() {
        assert_eq!(stage["status"], "finished", "{stage}");
        let counts = &stage["matches"];
        assert!(counts["finished"].as_u64().unwrap() > 0, "{stage}");
        assert_eq!(counts["failed"].as_u64().unwrap_or(0), 0, "{stage}");
    }
    assert_eq!(cup["stages"][2]["standings"].as_array().unwrap().len(), 3);
    // Both workers played: no match was played by the server itself.
    let players = db.query(
        "SELECT w.role, COUNT(*) FROM matches m JOIN workers w ON w.id = m.worker
         WHERE m.kind = 'tournament' GROUP BY w.role",
    );
    assert_eq!(players.len(), 1, "{players:?}");
    assert_eq!(players[0][0], "worker");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_match_a_worker_plays_is_followed_live_on_the_server() {
    let db = Database::new();
    let key = KeyDir::new();
    let server = no_play_server(&db, &key).await;
    // 40 ms a turn: the match lasts a second or more, so it is still running when the feed is
    // asked for, however busy the machine (at 5 ms a turn it could start and end between two
    // looks at its status).
    let bot = server
        .register("steady", &pacing_bot(Duration::from_millis(40)).await)
        .await;
    let ids = server.practice(&bot, 1, &["random"]).await;
    let _worker = Worker::start(&db, &key.file(), 2, 2);
    wait_for(Duration::from_secs(60), "the match to start", || {
        statuses(&db).contains_key("running")
    })
    .await;
    let response = server
        .http
        .get(server.url(&format!("/api/matches/{}/live", ids[0])))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), reqwest::StatusCode::OK);
    let mut response = response;
    let mut text = String::new();
    let read = tokio::time::timeout(Duration::from_secs(120), async {
        while let Some(chunk) = response.chunk().await.unwrap() {
            text.push_str(&String::from_utf8_lossy(&chunk));
            if text.contains("event: end") {
                break;
            }
        }
    })
    .await;
    assert!(read.is_ok(), "the feed ended with the match: {text}");
    let frames = text.matches("event: frame").count();
    assert!(frames > 3, "frames came as the worker played: {frames}");
    // Public only: no frame shows the seats' hands.
    for line in text.lines().filter(|l| l.starts_with("data: {\"step\"")) {
        let frame: serde_json::Value = serde_json::from_str(&line[6..]).unwrap();
        for hand in frame["table"]["hands"].as_array().unwrap() {
            assert_eq!(hand["cards"], json!([]), "a hand shown live: {hand}");
        }
    }
    let finished = server.finished_match(&ids[0]).await;
    let steps = finished["actions"].as_array().unwrap().len();
    assert!(frames <= steps, "{frames} frames, {steps} steps");
}

#[tokio::test(flavor = "multi_thread")]
async fn probation_matches_a_worker_plays_are_judged_by_the_server() {
    let db = Database::new();
    let key = KeyDir::new();
    let mut config = ServeConfig::new("127.0.0.1:0".parse().unwrap(), db.url.clone());
    config.key_file = Some(key.file());
    config.ladder_interval = Some(Duration::from_millis(50));
    config.plays = false;
    let server = Server::start(config).await;
    let _worker = Worker::start(&db, &key.file(), 8, 2);
    let bots = test_bots().await;
    // Answers pings (any JSON object passes one) and every turn with an illegal action.
    let bot = server.register("faulter", &bots.url("/illegal")).await;
    let id = bot["id"].as_str().unwrap().to_string();
    let faulted_probations = || {
        db.query(&format!(
            "SELECT COUNT(DISTINCT m.id) FROM matches m JOIN seats s ON s.match_id = m.id
             WHERE m.kind = 'practice' AND m.status = 'finished' AND s.bot_id = '{id}'
               AND s.fault_kind IS NOT NULL AND m.worker IS NOT NULL"
        ))[0][0]
            .parse::<u64>()
            .unwrap()
    };
    wait_for(Duration::from_secs(60), "two faulted probations", || {
        faulted_probations() >= 2
    })
    .await;
    let path = format!("/api/bots/{id}");
    let start = std::time::Instant::now();
    loop {
        let (_, shown) = server.get(&path).await;
        assert_eq!(shown["status_reason"], "faults", "{shown}");
        if shown["probation"]["last"]["result"] == "faulted" {
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "not judged: {shown}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let ladder = db.query(&format!(
        "SELECT COUNT(DISTINCT m.id) FROM matches m JOIN seats s ON s.match_id = m.id
         WHERE m.kind = 'ladder' AND m.status IN ('running', 'finished') AND s.bot_id = '{id}'"
    ));
    assert_eq!(ladder[0][0], "5", "five ladder matches, then none");
}
