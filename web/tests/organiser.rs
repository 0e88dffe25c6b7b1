//! The organiser's actions through the API against the real server on loopback (SQLite; the
//! store's side runs on PostgreSQL too, in store_backends/organiser.rs): only the admin token
//! acts, with a bounded reason; an organiser's pause holds against the owner's resume and the
//! health loop; a disqualified bot is kept off the ladder and out of tournaments and rankings while
//! its results stay; a deletion is the owner's; the actions show, bounded, in the bot's JSON and on
//! its page, and page through the API.

use crate::support;

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use axum::body::Bytes;
use axum::extract::State;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use support::{Server, TempDb, config, test_bots};

const ADMIN: &str = "the-organisers-own-token";

/// A server with the organiser's token and, if asked, a fast ladder.
async fn server(db: &TempDb, ladder: bool) -> Server {
    let mut config = config(db);
    config.admin_token = Some(ADMIN.to_string());
    if ladder {
        config.ladder_interval = Some(Duration::from_millis(20));
    }
    Server::start(config).await
}

/// A bot on loopback that plays its first legal action and counts the pings it answers.
async fn counting_bot() -> (String, Arc<AtomicUsize>) {
    async fn answer(State(pings): State<Arc<AtomicUsize>>, body: Bytes) -> axum::Json<Value> {
        let request: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
        if request["type"] == "ping" {
            pings.fetch_add(1, Ordering::SeqCst);
        }
        axum::Json(json!({"action_index": 0}))
    }
    let pings = Arc::new(AtomicUsize::new(0));
    let app = axum::Router::new()
        .route("/bot", axum::routing::post(answer))
        .with_state(pings.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await });
    (format!("http://{addr}/bot"), pings)
}

/// `POST /api/admin/bots/{id}/{action}` with `body` and `token`.
async fn act(
    server: &Server,
    id: &str,
    action: &str,
    token: Option<&str>,
    body: Value,
) -> (StatusCode, Value) {
    let path = format!("/api/admin/bots/{id}/{action}");
    server.send(Method::POST, &path, token, Some(body)).await
}

/// The organiser's `action` on bot `id` for `reason`, by Ann, which must pass; the answer.
async fn organiser(server: &Server, id: &str, action: &str, reason: &str) -> Value {
    let body = json!({"reason": reason, "by": "Ann"});
    let (status, answer) = act(server, id, action, Some(ADMIN), body).await;
    assert!(status.is_success(), "{action}: {status} {answer}");
    answer
}

/// Polls `GET /api/bots/{id}` until `done` holds of it, for at most 15 s; returns it.
async fn wait_for(server: &Server, id: &str, done: impl Fn(&Value) -> bool) -> Value {
    let deadline = Instant::now() + Duration::from_secs(15);
    loop {
        let (status, bot) = server.get(&format!("/api/bots/{id}")).await;
        assert_eq!(status, StatusCode::OK, "{bot}");
        if done(&bot) {
            return bot;
        }
        assert!(Instant::now() < deadline, "still {bot}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// The ids of the matches of `kind` seating bot `id` created after `since` (Unix ms).
async fn matches_since(db: &TempDb, id: &str, kind: &str, since: i64) -> Vec<String> {
    let pool = sqlx::SqlitePool::connect(&db.url()).await.unwrap();
    let ids = sqlx::query_scalar(
        "SELECT m.id FROM matches m JOIN seats s ON s.match_id = m.id
         WHERE s.bot_id = ? AND m.kind = ? AND m.created_at > ? ORDER BY m.number",
    )
    .bind(id)
    .bind(kind)
    .bind(since)
    .fetch_all(&pool)
    .await
    .unwrap();
    pool.close().await;
    ids
}

fn now_ms() -> i64 {
    cardarena_store::now_ms()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_the_organiser_acts_and_every_refusal_is_the_json_error() {
    let db = TempDb::new();
    let server = server(&db, false).await;
    let bots = test_bots().await;
    let rick = server.register("rick", &bots.url("/good")).await;
    let id = rick["id"].as_str().unwrap();
    let owner = rick["token"].as_str();
    let body = json!({"reason": "spam"});

    for action in ["pause", "resume", "disqualify", "reinstate", "delete"] {
        let (status, answer) = act(&server, id, action, None, body.clone()).await;
        assert_eq!(
            (status, answer["error"].as_str()),
            (StatusCode::UNAUTHORIZED, Some("unauthorized")),
            "{action}: {answer}"
        );
        assert!(answer["detail"].is_string(), "{answer}");
        let (status, answer) = act(&server, id, action, owner, body.clone()).await;
        assert_eq!(
            (status, answer["error"].as_str()),
            (StatusCode::FORBIDDEN, Some("forbidden")),
            "{action} with the owner's token: {answer}"
        );
    }

    // Bounded input: a reason of 10 KB, none, or a blank one; a name over 60 characters.
    let cases = [
        (json!({"reason": "x".repeat(10 * 1024)}), 400, "bad_reason"),
        (json!({"reason": "   "}), 400, "bad_reason"),
        (json!({"reason": "ok", "by": "b".repeat(61)}), 400, "bad_by"),
        (json!({"by": "Ann"}), 422, "bad_json"),
        (json!({"reason": "ok", "why": "extra"}), 422, "bad_json"),
        (json!({"reason": "x".repeat(20 * 1024)}), 413, "too_large"),
    ];
    for (body, status, kind) in cases {
        let (got, answer) = act(&server, id, "pause", Some(ADMIN), body).await;
        assert_eq!(
            (got.as_u16(), answer["error"].as_str()),
            (status, Some(kind)),
            "{answer}"
        );
    }
    let (status, answer) = act(&server, id, "banish", Some(ADMIN), body.clone()).await;
    assert_eq!(
        (status, answer["error"].as_str()),
        (StatusCode::NOT_FOUND, Some("not_found"))
    );
    let (status, answer) = act(&server, "no-such-bot", "pause", Some(ADMIN), body.clone()).await;
    assert_eq!(
        (status, answer["error"].as_str()),
        (StatusCode::NOT_FOUND, Some("not_found"))
    );
    let (status, answer) = act(&server, id, "resume", Some(ADMIN), body.clone()).await;
    assert_eq!(
        (status, answer["error"].as_str()),
        (StatusCode::CONFLICT, Some("wrong_state")),
        "{answer}"
    );
    // A house bot is the organiser's own.
    server.practice(&rick, 1, &["greedy"]).await;
    let (_, all) = server.get("/api/bots?game=durak").await;
    let greedy = all["bots"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["kind"] == "house")
        .unwrap()["id"]
        .as_str()
        .unwrap()
        .to_string();
    let (status, answer) = act(&server, &greedy, "pause", Some(ADMIN), body.clone()).await;
    assert_eq!(
        (status, answer["error"].as_str()),
        (StatusCode::CONFLICT, Some("not_a_contestant"))
    );

    // Nothing refused was kept.
    let (_, shown) = server.get(&format!("/api/bots/{id}")).await;
    assert_eq!(
        shown["organiser"],
        json!({"hold": null, "actions": [], "actions_total": 0})
    );
    // A reason of exactly 500 characters, in any script, is taken.
    let longest = "é".repeat(500);
    let answer = organiser(&server, id, "pause", &longest).await;
    assert_eq!(
        answer["organiser"]["actions"][0]["reason"],
        longest.as_str()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_organisers_pause_holds_against_the_owner_and_the_health_loop() {
    let db = TempDb::new();
    let server = server(&db, true).await;
    let (url, pings) = counting_bot().await;
    let rick = server.register("rick", &url).await;
    let id = rick["id"].as_str().unwrap();
    let owner = rick["token"].as_str();
    let path = format!("/api/bots/{id}");
    wait_for(&server, id, |b| b["status"] == "active").await;
    let queued = server.practice(&rick, 3, &["greedy"]).await;

    let reason = "answers <b>every</b> turn at the deadline";
    let answer = organiser(&server, id, "pause", reason).await;
    let paused_at = now_ms();
    assert_eq!(
        (&answer["status"], &answer["status_reason"]),
        (&json!("paused"), &json!("organiser")),
        "{answer}"
    );
    let organiser_json = &answer["organiser"];
    assert_eq!(organiser_json["hold"], "paused");
    assert_eq!(organiser_json["actions_total"], 1);
    let action = &organiser_json["actions"][0];
    assert_eq!(
        (&action["action"], &action["by"]),
        (&json!("pause"), &json!("Ann"))
    );
    assert_eq!(action["reason"], reason);
    assert!(action["at"].as_i64().unwrap() <= paused_at);
    // Its queued practice is cancelled (or was played already), and it may ask for no more.
    for match_id in &queued {
        let m = server.finished_match(match_id).await;
        assert!(
            m["status"] == "cancelled" || m["status"] == "finished",
            "{m}"
        );
    }
    let practice = json!({"matches": 1, "opponents": ["greedy"]});
    let (status, answer) = server
        .send(
            Method::POST,
            &format!("{path}/practice"),
            owner,
            Some(practice),
        )
        .await;
    assert_eq!(
        (status, answer["error"].as_str()),
        (StatusCode::CONFLICT, Some("held"))
    );

    // The owner's pause and resume do not lift it, nor does the health loop: no ping, no match.
    for active in [false, true] {
        let (status, answer) = server
            .send(Method::PATCH, &path, owner, Some(json!({"active": active})))
            .await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        assert_eq!(answer["status_reason"], "organiser", "{answer}");
    }
    let pinged = pings.load(Ordering::SeqCst);
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert_eq!(pings.load(Ordering::SeqCst), pinged, "no ping while held");
    let (_, shown) = server.get(&path).await;
    assert_eq!(
        (&shown["status_reason"], &shown["organiser"]["hold"]),
        (&json!("organiser"), &json!("paused"))
    );
    assert!(matches_since(&db, id, "ladder", paused_at).await.is_empty());

    // The page says so, with who and why (escaped).
    let page = server.page(&format!("/bots/{id}")).await;
    assert!(page.contains("paused by the organiser"), "{page}");
    assert!(page.contains("answers &#60;b&#62;every&#60;/b&#62; turn at the deadline"));
    assert!(page.contains(r#"<td class="by" data-label="By">Ann</td>"#));
    assert!(page.contains(r#"value="resume""#) && !page.contains(r#"value="pause""#));

    // The organiser's resume: a ping at once, then the ladder again.
    let resumed_at = now_ms();
    let answer = organiser(&server, id, "resume", "it was a misunderstanding").await;
    assert_eq!(answer["organiser"]["hold"], Value::Null);
    assert_eq!(answer["organiser"]["actions_total"], 2);
    wait_for(&server, id, |b| b["status"] == "active").await;
    assert!(pings.load(Ordering::SeqCst) > pinged);
    let deadline = Instant::now() + Duration::from_secs(15);
    while matches_since(&db, id, "ladder", resumed_at)
        .await
        .is_empty()
    {
        assert!(Instant::now() < deadline, "back on the ladder");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The leaderboard's bot ids for durak.
async fn leaders(server: &Server) -> Vec<String> {
    let (status, board) = server.get("/api/leaderboard?game=durak").await;
    assert_eq!(status, StatusCode::OK, "{board}");
    board["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["bot_id"].as_str().unwrap().to_string())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_disqualified_bot_is_kept_off_the_ladder_and_tournaments_and_its_results_stay() {
    let db = TempDb::new();
    let server = server(&db, true).await;
    let bots = test_bots().await;
    let rick = server.register("rick", &bots.url("/good")).await;
    let morty = server.register("morty", &bots.url("/good")).await;
    let id = rick["id"].as_str().unwrap();
    wait_for(&server, id, |b| !b["rating"].is_null()).await;
    let old = matches_since(&db, id, "ladder", 0).await[0].clone();
    let old = server.finished_match(&old).await;
    assert!(
        old["seats"]
            .as_array()
            .unwrap()
            .iter()
            .any(|s| s["name"] == "rick")
    );

    // A tournament under way with both, and one still open.
    let stages = json!([{"kind": "house", "opponents": ["random"], "matches": 6}]);
    let mut cups = Vec::new();
    for name in ["Cup", "Later cup"] {
        let body = json!({"name": name, "game": "durak", "stages": stages});
        let (status, answer) = server
            .send(Method::POST, "/api/tournaments", Some(ADMIN), Some(body))
            .await;
        assert_eq!(status, StatusCode::CREATED, "{answer}");
        cups.push(answer["id"].as_str().unwrap().to_string());
    }
    for bot in [&rick, &morty] {
        let path = format!("/api/tournaments/{}/entries", cups[0]);
        let body = json!({"bot_id": bot["id"]});
        let (status, answer) = server
            .send(Method::POST, &path, bot["token"].as_str(), Some(body))
            .await;
        assert_eq!(status, StatusCode::CREATED, "{answer}");
    }
    let path = format!("/api/tournaments/{}/start", cups[0]);
    let (status, answer) = server.send(Method::POST, &path, Some(ADMIN), None).await;
    assert_eq!(status, StatusCode::OK, "{answer}");

    let answer = organiser(&server, id, "disqualify", "ran the same program as morty").await;
    let disqualified_at = now_ms();
    assert_eq!(
        (&answer["status_reason"], &answer["organiser"]["hold"]),
        (&json!("disqualified"), &json!("disqualified"))
    );
    assert!(!answer["rating"].is_null(), "its rating is kept: {answer}");

    // The running stage plays out without it (its queued matches cancelled) and ranks it last,
    // marked, on no podium.
    let deadline = Instant::now() + Duration::from_secs(30);
    let cup = loop {
        let (_, t) = server.get(&format!("/api/tournaments/{}", cups[0])).await;
        if t["status"] == "finished" {
            break t;
        }
        assert!(Instant::now() < deadline, "the cup did not finish: {t}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    let stage = &cup["stages"][0];
    let standings = stage["standings"].as_array().unwrap();
    let last = standings.last().unwrap();
    assert_eq!(
        (&last["bot_id"], &last["disqualified"]),
        (&rick["id"], &json!(true)),
        "{stage}"
    );
    assert_eq!(standings[0]["disqualified"], false);
    assert!(
        stage["podium"]
            .as_array()
            .unwrap()
            .iter()
            .all(|p| p["bot_id"] != rick["id"])
    );
    assert!(
        stage["matches"]["cancelled"].as_u64().unwrap() > 0,
        "{stage}"
    );
    let page = server.page(&format!("/tournaments/{}", cups[0])).await;
    assert!(page.contains("disqualified-mark"), "{page}");

    // It enters no new tournament.
    let path = format!("/api/tournaments/{}/entries", cups[1]);
    let body = json!({"bot_id": rick["id"]});
    let (status, answer) = server
        .send(Method::POST, &path, rick["token"].as_str(), Some(body))
        .await;
    assert_eq!(
        (status, answer["error"].as_str()),
        (StatusCode::CONFLICT, Some("disqualified"))
    );

    // Ladder rounds go on without it, and the leaderboard leaves it out.
    let morty_id = morty["id"].as_str().unwrap();
    let deadline = Instant::now() + Duration::from_secs(15);
    while matches_since(&db, morty_id, "ladder", disqualified_at)
        .await
        .len()
        < 3
    {
        assert!(Instant::now() < deadline, "the ladder went on");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(
        matches_since(&db, id, "ladder", disqualified_at)
            .await
            .is_empty()
    );
    let board = leaders(&server).await;
    assert!(board.contains(&morty_id.to_string()) && !board.contains(&id.to_string()));

    // Its old results still show, with its name; its page says why it is out.
    let (_, again) = server
        .get(&format!("/api/matches/{}", old["id"].as_str().unwrap()))
        .await;
    assert!(
        again["seats"]
            .as_array()
            .unwrap()
            .iter()
            .any(|s| s["name"] == "rick")
    );
    let page = server.page(&format!("/bots/{id}")).await;
    assert!(page.contains("disqualified by the organiser"), "{page}");
    assert!(page.contains("ran the same program as morty"));
    assert!(
        page.contains(old["id"].as_str().unwrap()),
        "its old match is listed"
    );

    // Reinstated on appeal: ranked again.
    let answer = organiser(&server, id, "reinstate", "two programs after all").await;
    assert_eq!(answer["organiser"]["hold"], Value::Null);
    assert!(leaders(&server).await.contains(&id.to_string()));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_organiser_deletes_a_bot_as_its_owner_would() {
    let db = TempDb::new();
    let server = server(&db, false).await;
    let bots = test_bots().await;
    let rick = server.register("rick", &bots.url("/good")).await;
    let id = rick["id"].as_str().unwrap();
    let played = server.practice(&rick, 1, &["greedy"]).await;
    server.finished_match(&played[0]).await;

    let body = json!({"reason": "asked to leave the contest"});
    let (status, answer) = act(&server, id, "delete", Some(ADMIN), body.clone()).await;
    assert_eq!(status, StatusCode::NO_CONTENT, "{answer}");
    let (status, answer) = server.get(&format!("/api/bots/{id}")).await;
    assert_eq!(
        (status, answer["error"].as_str()),
        (StatusCode::NOT_FOUND, Some("not_found"))
    );
    let (_, list) = server.get("/api/bots").await;
    assert!(
        list["bots"]
            .as_array()
            .unwrap()
            .iter()
            .all(|b| b["id"] != id)
    );
    let practice = json!({"matches": 1, "opponents": ["greedy"]});
    let path = format!("/api/bots/{id}/practice");
    let (status, _) = server
        .send(Method::POST, &path, rick["token"].as_str(), Some(practice))
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "its token stops working");
    let (status, _) = act(&server, id, "pause", Some(ADMIN), body).await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    let (_, m) = server.get(&format!("/api/matches/{}", played[0])).await;
    assert!(
        m["seats"]
            .as_array()
            .unwrap()
            .iter()
            .any(|s| s["name"] == "rick")
    );
    let page = server.page(&format!("/bots/{id}")).await;
    assert!(page.contains("removed by the organiser"), "{page}");
    assert!(page.contains("asked to leave the contest"));
    assert!(
        page.contains(r#"<td class="by" data-label="By">organiser</td>"#),
        "the default name"
    );
    assert!(!page.contains("organiser-tools"), "nothing left to do");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_actions_are_bounded_in_the_json_and_on_the_page_and_paged_by_the_api() {
    let db = TempDb::new();
    let server = server(&db, false).await;
    let bots = test_bots().await;
    let rick = server.register("rick", &bots.url("/good")).await;
    let id = rick["id"].as_str().unwrap();
    for round in 0..7 {
        organiser(&server, id, "pause", &format!("pause {round}")).await;
        organiser(&server, id, "resume", &format!("resume {round}")).await;
    }
    let (_, shown) = server.get(&format!("/api/bots/{id}")).await;
    let reasons: Vec<&str> = shown["organiser"]["actions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["reason"].as_str().unwrap())
        .collect();
    assert_eq!(
        reasons,
        ["resume 4", "pause 5", "resume 5", "pause 6", "resume 6"],
        "oldest first"
    );
    assert_eq!(shown["organiser"]["actions_total"], 14);
    let (_, list) = server.get("/api/bots").await;
    let listed = list["bots"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["id"] == id)
        .unwrap();
    assert_eq!(
        listed["organiser"]["actions"].as_array().unwrap().len(),
        5,
        "{listed}"
    );

    let page = server.page(&format!("/bots/{id}")).await;
    assert_eq!(
        page.matches(r#"<td class="reason wide" data-label="Why">"#)
            .count(),
        10,
        "{page}"
    );
    assert!(page.contains("And 4 earlier actions"), "{page}");

    let mut seen = Vec::new();
    let mut before: Option<i64> = None;
    loop {
        let query = before.map_or(String::new(), |b| format!("&before={b}"));
        let (status, page) = server
            .get(&format!("/api/bots/{id}/organiser-actions?limit=6{query}"))
            .await;
        assert_eq!(status, StatusCode::OK, "{page}");
        assert_eq!(page["total"], 14);
        for a in page["actions"].as_array().unwrap() {
            seen.push(a["reason"].as_str().unwrap().to_string());
        }
        match page["next"].as_i64() {
            Some(next) => before = Some(next),
            None => break,
        }
    }
    assert_eq!(seen.len(), 14);
    assert_eq!(
        (seen[0].as_str(), seen[13].as_str()),
        ("resume 6", "pause 0"),
        "newest first"
    );
    let (status, answer) = server
        .get(&format!("/api/bots/{id}/organiser-actions?limit=0"))
        .await;
    assert_eq!(
        (status, answer["error"].as_str()),
        (StatusCode::BAD_REQUEST, Some("bad_query"))
    );
}
