//! The API against the real thing: the server on a loopback port with a temporary SQLite file,
//! and real HTTP bots on loopback, among them misbehaving ones.

mod support;

use reqwest::Method;
use reqwest::StatusCode;
use serde_json::{Value, json};
use support::{Server, TempDb, closed_port_url, config, short_match, smallest_table, test_bots};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn registration_shows_token_and_secret_once_and_refuses_bad_requests() {
    let db = TempDb::new();
    let server = Server::start(config(&db)).await;
    let bot = server.register("rick", "http://127.0.0.1:9/bot").await;
    assert_eq!(bot["name"], "rick");
    assert_eq!(bot["game"], "durak");
    assert_eq!(bot["url"], "http://127.0.0.1:9/bot");
    assert_eq!(bot["token"].as_str().unwrap().len(), 64);
    assert_eq!(bot["secret"].as_str().unwrap().len(), 64);

    let (status, shown) = server
        .get(&format!("/api/bots/{}", bot["id"].as_str().unwrap()))
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(shown["name"], "rick");
    assert!(shown.get("token").is_none() && shown.get("secret").is_none());
    let (_, all) = server.get("/api/bots").await;
    let listed = all["bots"].as_array().unwrap();
    assert!(listed.iter().any(|b| b["id"] == bot["id"]));
    assert!(!all.to_string().contains(bot["token"].as_str().unwrap()));

    let post = |body: Value| server.send(Method::POST, "/api/bots", None, Some(body));
    let cases = [
        (
            json!({"name": "rick", "url": "http://127.0.0.1:9/", "game": "durak"}),
            StatusCode::CONFLICT,
            "name_taken",
        ),
        (
            json!({"name": "m", "url": "ftp://example.com/", "game": "durak"}),
            StatusCode::BAD_REQUEST,
            "bad_url",
        ),
        (
            json!({"name": "m", "url": "not a url", "game": "durak"}),
            StatusCode::BAD_REQUEST,
            "bad_url",
        ),
        (
            json!({"name": "m", "url": "http://127.0.0.1:9/", "game": "chess"}),
            StatusCode::BAD_REQUEST,
            "unknown_game",
        ),
        (
            json!({"name": "bad name!", "url": "http://127.0.0.1:9/", "game": "durak"}),
            StatusCode::BAD_REQUEST,
            "bad_name",
        ),
        (
            json!({"name": "m", "game": "durak"}),
            StatusCode::UNPROCESSABLE_ENTITY,
            "bad_json",
        ),
        (
            json!({"name": "m", "url": "http://127.0.0.1:9/", "game": "durak", "pad": "x".repeat(20_000)}),
            StatusCode::PAYLOAD_TOO_LARGE,
            "too_large",
        ),
    ];
    for (body, status, kind) in cases {
        let (got, answer) = post(body.clone()).await;
        assert_eq!(
            (got, answer["error"].as_str()),
            (status, Some(kind)),
            "{body}: {answer}"
        );
        assert!(answer["detail"].as_str().is_some_and(|d| !d.is_empty()));
    }
    let response = server
        .http
        .post(server.url("/api/bots"))
        .header("content-type", "application/json")
        .body("{not json")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    let answer: Value = response.json().await.unwrap();
    assert_eq!(answer["error"], "bad_json");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_the_owner_token_changes_or_removes_a_bot() {
    let db = TempDb::new();
    let server = Server::start(config(&db)).await;
    let rick = server.register("rick", "http://127.0.0.1:9/a").await;
    let morty = server.register("morty", "http://127.0.0.1:9/b").await;
    let path = format!("/api/bots/{}", rick["id"].as_str().unwrap());
    let change = Some(json!({"url": "http://127.0.0.1:9/c"}));

    let (status, answer) = server
        .send(Method::PATCH, &path, None, change.clone())
        .await;
    assert_eq!(
        (status, answer["error"].as_str()),
        (StatusCode::UNAUTHORIZED, Some("unauthorized"))
    );
    let (status, _) = server
        .send(Method::PATCH, &path, Some("nonsense"), change.clone())
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let morty_token = morty["token"].as_str();
    let (status, answer) = server
        .send(Method::PATCH, &path, morty_token, change.clone())
        .await;
    assert_eq!(
        (status, answer["error"].as_str()),
        (StatusCode::FORBIDDEN, Some("forbidden"))
    );
    let (status, _) = server.send(Method::DELETE, &path, morty_token, None).await;
    assert_eq!(status, StatusCode::FORBIDDEN);

    let rick_token = rick["token"].as_str();
    let bad_url = Some(json!({"url": "gopher://x"}));
    let (status, answer) = server.send(Method::PATCH, &path, rick_token, bad_url).await;
    assert_eq!(
        (status, answer["error"].as_str()),
        (StatusCode::BAD_REQUEST, Some("bad_url"))
    );
    let (status, answer) = server.send(Method::PATCH, &path, rick_token, change).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["url"], "http://127.0.0.1:9/c");

    let (status, _) = server.send(Method::DELETE, &path, rick_token, None).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let (status, answer) = server.get(&path).await;
    assert_eq!(
        (status, answer["error"].as_str()),
        (StatusCode::NOT_FOUND, Some("not_found"))
    );
    let (status, _) = server.send(Method::DELETE, &path, rick_token, None).await;
    assert_eq!(
        status,
        StatusCode::UNAUTHORIZED,
        "a removed bot's token is void"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn practice_matches_are_played_and_stored_with_says() {
    let db = TempDb::new();
    let server = Server::start(config(&db)).await;
    let bots = test_bots().await;
    let bot = server.register("good", &bots.url("/good")).await;
    let ids = server.practice(&bot, 3, &["random", "greedy"]).await;
    assert_eq!(ids.len(), 3);
    for (k, id) in ids.iter().enumerate() {
        let m = server.finished_match(id).await;
        assert_eq!(m["status"], "finished", "{m}");
        assert_eq!(m["game"], "durak");
        let seats = m["seats"].as_array().unwrap();
        assert_eq!(seats.len(), 3);
        assert_eq!(
            seats[k % 3]["bot_id"],
            bot["id"],
            "the bot's seat moves round"
        );
        assert!(
            seats
                .iter()
                .all(|s| s["fault"].is_null() && s["rank"].is_u64())
        );
        let actions = m["actions"].as_array().unwrap();
        assert!(!actions.is_empty());
        let says = m["says"].as_array().unwrap();
        assert!(!says.is_empty());
        for say in says {
            let index = say["index"].as_u64().unwrap() as usize;
            assert_eq!(say["seat"], actions[index]["seat"]);
            assert!(say["text"].as_str().unwrap().starts_with("turn "));
        }
    }
    let (status, answer) = server
        .send(
            Method::POST,
            &format!("/api/bots/{}/practice", bot["id"].as_str().unwrap()),
            bot["token"].as_str(),
            Some(json!({"matches": 1, "opponents": ["nobody"]})),
        )
        .await;
    assert_eq!(
        (status, answer["error"].as_str()),
        (StatusCode::BAD_REQUEST, Some("bad_opponents"))
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_misbehaving_bot_gets_its_fault_forfeits_and_the_match_completes() {
    let db = TempDb::new();
    let server = Server::start(config(&db)).await;
    let bots = test_bots().await;
    let closed = closed_port_url().await;
    let cases = [
        ("slow", bots.url("/slow"), "timeout"),
        ("broken", bots.url("/broken"), "http_status"),
        ("garbage", bots.url("/garbage"), "bad_json"),
        ("huge", bots.url("/huge"), "too_large"),
        ("illegal", bots.url("/illegal"), "illegal_action"),
        ("closed", closed, "connect"),
    ];
    let mut queued = Vec::new();
    for (name, url, kind) in &cases {
        let bot = server.register(name, url).await;
        let ids = server.practice(&bot, 1, &["greedy", "random"]).await;
        queued.push((bot, ids[0].clone(), *kind));
    }
    for (bot, id, kind) in queued {
        let m = server.finished_match(&id).await;
        assert_eq!(m["status"], "finished", "{m}");
        let seats = m["seats"].as_array().unwrap();
        let ours = seats.iter().find(|s| s["bot_id"] == bot["id"]).unwrap();
        assert_eq!(ours["fault"]["kind"], kind, "{}: {m}", bot["name"]);
        assert!(!ours["fault"]["detail"].as_str().unwrap().is_empty());
        let last = seats
            .iter()
            .map(|s| s["rank"].as_u64().unwrap())
            .max()
            .unwrap();
        assert_eq!(ours["rank"].as_u64(), Some(last));
        assert!(
            seats
                .iter()
                .filter(|s| s["bot_id"] != bot["id"])
                .all(|s| s["rank"].as_u64() < Some(last))
        );
        assert!(
            !m["actions"].as_array().unwrap().is_empty(),
            "the others' game went on"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_are_listed_with_players_options_and_house_bots() {
    let db = TempDb::new();
    let server = Server::start(config(&db)).await;
    let (status, games) = server.get("/api/games").await;
    assert_eq!(status, StatusCode::OK);
    let durak = games
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["id"] == "durak")
        .unwrap();
    assert_eq!(
        durak["players"],
        json!({"min": 2, "max": 4, "default": 3, "step": 1})
    );
    assert!(durak["options"].is_object());
    assert!(
        durak["house_bots"]
            .as_array()
            .unwrap()
            .contains(&json!("greedy"))
    );
    let (status, answer) = server.get("/api/nowhere").await;
    assert_eq!(
        (status, answer["error"].as_str()),
        (StatusCode::NOT_FOUND, Some("not_found"))
    );
    let (status, _) = server
        .get("/api/matches/00000000-0000-0000-0000-000000000000")
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn public_mode_refuses_private_addresses_and_rate_limits_registration() {
    let db = TempDb::new();
    let mut config = config(&db);
    config.public = true;
    config.limits.registrations_per_hour = 4;
    let server = Server::start(config).await;
    for url in [
        "http://127.0.0.1:8000/",
        "http://localhost:8000/",
        "http://10.1.2.3/",
        "http://[::1]/",
    ] {
        let body = json!({"name": "p", "url": url, "game": "durak"});
        let (status, answer) = server
            .send(Method::POST, "/api/bots", None, Some(body))
            .await;
        assert_eq!(
            (status, answer["error"].as_str()),
            (StatusCode::BAD_REQUEST, Some("bad_url")),
            "{url}: {answer}"
        );
    }
    // Four registrations an hour were allowed, and the four refusals above used them up.
    let body = json!({"name": "q", "url": "http://127.0.0.1/", "game": "durak"});
    let (status, answer) = server
        .send(Method::POST, "/api/bots", None, Some(body))
        .await;
    assert_eq!(
        (status, answer["error"].as_str()),
        (StatusCode::TOO_MANY_REQUESTS, Some("rate_limited"))
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_never_receives_another_seats_hidden_cards() {
    use cardarena_engine::Game;
    use cardarena_engine::games::durak::{Durak, DurakAction, DurakOptions};

    let db = TempDb::new();
    let server = Server::start(config(&db)).await;
    let bots = test_bots().await;
    let bot = server.register("watcher", &bots.url("/good")).await;
    let ids = server.practice(&bot, 4, &["greedy", "random"]).await;
    for id in &ids {
        let m = server.finished_match(id).await;
        let actions: Vec<DurakAction> = m["actions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| serde_json::from_value(a["action"].clone()).unwrap())
            .collect();
        let options: DurakOptions = serde_json::from_value(m["options"].clone()).unwrap();
        let seed = m["seed"].as_u64().unwrap();
        let turns: Vec<Value> = bots
            .bodies("/good")
            .into_iter()
            .filter(|b| b["match_id"] == json!(id) && b["type"] == "turn")
            .collect();
        assert!(!turns.is_empty());
        for request in turns {
            let seat = request["seat"].as_u64().unwrap() as usize;
            let turn = request["turn"].as_u64().unwrap() as usize;
            let mut game = Durak::new(&options, 3, seed).unwrap();
            for action in &actions[..turn - 1] {
                game.apply(action).unwrap();
            }
            assert_eq!(game.to_act(), Some(seat));
            let view = request["view"].to_string();
            let own: Vec<String> = game.hand(seat).iter().map(|c| c.to_string()).collect();
            let shown: Vec<String> =
                serde_json::from_value(request["view"]["hand"].clone()).unwrap();
            assert_eq!(shown.len(), own.len());
            assert!(shown.iter().all(|c| own.contains(c)));
            let mut hidden: Vec<_> = game.deck().to_vec();
            for other in (0..3).filter(|&o| o != seat) {
                hidden.extend(game.hand(other).iter());
            }
            for card in hidden.into_iter().filter(|&c| c != game.trump()) {
                assert!(
                    !view.contains(&format!("\"{card}\"")),
                    "seat {seat} at turn {turn} was shown {card}: {view}"
                );
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn replay_confirms_a_stored_match_and_catches_a_tampered_one() {
    let db = TempDb::new();
    let server = Server::start(config(&db)).await;
    let bots = test_bots().await;
    let bot = server.register("replayed", &bots.url("/good")).await;
    let slow = server.register("faulty", &bots.url("/garbage")).await;
    let ids = server.practice(&bot, 1, &["greedy", "random"]).await;
    let faulty = server.practice(&slow, 1, &["reference"]).await;
    let replay = |id: &str| {
        std::process::Command::new(env!("CARGO_BIN_EXE_cardarena"))
            .args(["replay", id, "--database-url", &db.url()])
            .output()
            .unwrap()
    };
    for id in [&ids[0], &faulty[0]] {
        assert_eq!(server.finished_match(id).await["status"], "finished");
        let out = replay(id);
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "{stdout}{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(
            stdout.contains("the stored outcome is confirmed"),
            "{stdout}"
        );
    }

    let pool = sqlx::SqlitePool::connect(&db.url()).await.unwrap();
    sqlx::query("UPDATE seats SET rank = rank + 1 WHERE match_id = ? AND seat = 0")
        .bind(&ids[0])
        .execute(&pool)
        .await
        .unwrap();
    let out = replay(&ids[0]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("replays to a different outcome"),
        "{stderr}"
    );
    let out = replay("no-such-match");
    assert_eq!(out.status.code(), Some(2));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_game_plays_a_practice_match_through_the_server_with_an_http_bot() {
    let db = TempDb::new();
    let server = Server::start(config(&db)).await;
    let bots = test_bots().await;
    let (_, games) = server.get("/api/games").await;
    for game in games.as_array().unwrap() {
        let id = game["id"].as_str().unwrap();
        let bot = server
            .register_for(id, &format!("good-{id}"), &bots.url("/good"))
            .await;
        let path = format!("/api/bots/{}/practice", bot["id"].as_str().unwrap());
        // Two matches, the bot's seat moving: one may end before its first turn (in most, the
        // first player can meld out at once), but not both.
        let body =
            json!({"matches": 2, "opponents": smallest_table(game), "options": short_match(game)});
        let (status, answer) = server
            .send(Method::POST, &path, bot["token"].as_str(), Some(body))
            .await;
        assert_eq!(status, StatusCode::ACCEPTED, "{id}: {answer}");
        let mut turns = 0;
        for match_id in answer["match_ids"].as_array().unwrap() {
            let match_id = match_id.as_str().unwrap();
            let m = server.finished_match(match_id).await;
            assert_eq!(m["status"], "finished", "{id}: {m}");
            assert_eq!(m["game"], id);
            let ours = m["seats"]
                .as_array()
                .unwrap()
                .iter()
                .find(|s| s["bot_id"] == bot["id"])
                .unwrap();
            assert!(ours["fault"].is_null(), "{id}: {m}");
            turns += bots
                .bodies("/good")
                .into_iter()
                .filter(|b| b["match_id"] == json!(match_id) && b["type"] == "turn")
                .count();
        }
        assert!(turns > 0, "{id}: the bot was asked in neither match");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bots_recent_matches_are_its_newest_with_every_seat_read_in_two_queries() {
    let db = TempDb::new();
    let server = Server::start(config(&db)).await;
    let bots = test_bots().await;
    let bot = server.register("regular", &bots.url("/good")).await;
    let other = server.register("other", &bots.url("/good")).await;
    let mut ids = server.practice(&bot, 3, &["greedy", "self"]).await;
    server.practice(&other, 2, &["random"]).await;
    ids.extend(server.practice(&bot, 2, &["random"]).await);
    for id in &ids {
        server.finished_match(id).await;
    }
    let store = &server.running.store;
    let id = bot["id"].as_str().unwrap();
    let all = store.matches_of_bot(id, 100).await.unwrap();
    // Newest first, only its own matches, each once though it holds two seats in some.
    let newest_first: Vec<String> = ids.iter().rev().cloned().collect();
    assert_eq!(
        all.iter().map(|m| m.id.clone()).collect::<Vec<_>>(),
        newest_first
    );
    // Each the same as the match read alone, seats and all.
    for m in &all {
        assert_eq!(Some(m), store.match_summary(&m.id).await.unwrap().as_ref());
    }
    assert_eq!(all[4].seats.len(), 3, "greedy, self and the bot itself");
    let three = store.matches_of_bot(id, 3).await.unwrap();
    assert_eq!(three, all[..3]);
    assert!(store.matches_of_bot("nobody", 10).await.unwrap().is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_expert_is_listed_and_plays_practice_with_a_budget_named_in_its_id() {
    let db = TempDb::new();
    let server = Server::start(config(&db)).await;
    let (_, games) = server.get("/api/games").await;
    for game in games.as_array().unwrap() {
        assert!(
            game["house_bots"]
                .as_array()
                .unwrap()
                .contains(&json!("expert")),
            "{game}"
        );
    }
    let bots = test_bots().await;
    let bot = server.register("good", &bots.url("/good")).await;
    let ids = server.practice(&bot, 1, &["expert:5", "expert"]).await;
    let m = server.finished_match(&ids[0]).await;
    assert_eq!(m["status"], "finished", "{m}");
    let names: Vec<&str> = (m["seats"].as_array().unwrap().iter())
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert!(names.contains(&"expert:5@durak"), "{names:?}");
    assert!(
        m["seats"]
            .as_array()
            .unwrap()
            .iter()
            .all(|s| s["fault"].is_null()),
        "{m}"
    );
    for bad in [
        "expert:0",
        "expert:7",
        "expert:2001",
        "expert:05",
        "expert:x",
    ] {
        let (status, answer) = server
            .send(
                Method::POST,
                &format!("/api/bots/{}/practice", bot["id"].as_str().unwrap()),
                bot["token"].as_str(),
                Some(json!({"matches": 1, "opponents": [bad]})),
            )
            .await;
        assert_eq!(
            (status, answer["error"].as_str()),
            (StatusCode::BAD_REQUEST, Some("bad_opponents")),
            "{bad}: {answer}"
        );
        assert!(
            answer["detail"].as_str().unwrap().contains("expert:N"),
            "{answer}"
        );
    }
}
