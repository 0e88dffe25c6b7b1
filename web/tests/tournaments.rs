//! Tournaments through the API against the real thing: the organiser's token, entries, the three
//! stages of the contest with real HTTP bots, standings, duplicate deals in the final, and a bot
//! that faults in most of its matches skipped.

use crate::support;

use cardarena_engine::relabel::{deal_seed, split_seed};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use support::{Server, TempDb, config, test_bots};

const ADMIN: &str = "organiser-secret-token";

async fn server(db: &TempDb) -> Server {
    let mut config = config(db);
    config.admin_token = Some(ADMIN.to_string());
    Server::start(config).await
}

fn stages() -> Value {
    json!([
        {"kind": "house", "opponents": ["random"], "matches": 4},
        {"kind": "gauntlet", "top": 2, "matches": 2},
        {"kind": "final", "top": 3, "deals": 2, "table": 3}
    ])
}

async fn create(server: &Server, stages: Value) -> String {
    let body = json!({"name": "Cup", "game": "durak", "stages": stages});
    let (status, answer) = server
        .send(Method::POST, "/api/tournaments", Some(ADMIN), Some(body))
        .await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    answer["id"].as_str().unwrap().to_string()
}

async fn enter(server: &Server, id: &str, bot: &Value) -> (StatusCode, Value) {
    let body = json!({"bot_id": bot["id"]});
    server
        .send(
            Method::POST,
            &format!("/api/tournaments/{id}/entries"),
            bot["token"].as_str(),
            Some(body),
        )
        .await
}

/// Waits until stage `stage` is finished and returns the tournament.
async fn stage_over(server: &Server, id: &str, stage: usize) -> Value {
    for _ in 0..1200 {
        let (_, t) = server.get(&format!("/api/tournaments/{id}")).await;
        if t["stages"][stage]["status"] == "finished" {
            return t;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("stage {stage} of {id} did not finish");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_the_organiser_creates_and_starts_and_bad_tournaments_are_refused() {
    let db = TempDb::new();
    let server = server(&db).await;
    let body = json!({"name": "Cup", "game": "durak", "stages": stages()});
    let (status, _) = server
        .send(Method::POST, "/api/tournaments", None, Some(body.clone()))
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let (status, answer) = server
        .send(Method::POST, "/api/tournaments", Some("not-it"), Some(body))
        .await;
    assert_eq!(
        (status, answer["error"].as_str()),
        (StatusCode::FORBIDDEN, Some("forbidden"))
    );
    let bad = json!({"name": "Cup", "game": "durak", "stages": [{"kind": "final", "top": 2, "deals": 1}]});
    let (status, answer) = server
        .send(Method::POST, "/api/tournaments", Some(ADMIN), Some(bad))
        .await;
    assert_eq!(
        (status, answer["error"].as_str()),
        (StatusCode::BAD_REQUEST, Some("bad_tournament"))
    );
    assert!(answer["detail"].as_str().unwrap().contains("first stage"));

    let id = create(&server, stages()).await;
    let (status, answer) = server
        .send(
            Method::POST,
            &format!("/api/tournaments/{id}/start"),
            Some(ADMIN),
            None,
        )
        .await;
    assert_eq!(
        (status, answer["error"].as_str()),
        (StatusCode::CONFLICT, Some("no_entries"))
    );
    let (status, _) = server
        .send(
            Method::POST,
            &format!("/api/tournaments/{id}/start"),
            None,
            None,
        )
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let (status, _) = server.get("/api/tournaments/nope").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_contests_three_stages_run_to_final_standings() {
    let db = TempDb::new();
    let server = server(&db).await;
    let bots = test_bots().await;
    let id = create(&server, stages()).await;
    let mut entered = Vec::new();
    for name in ["ann", "bob", "cid"] {
        let bot = server.register(name, &bots.url("/good")).await;
        assert_eq!(enter(&server, &id, &bot).await.0, StatusCode::CREATED);
        entered.push(bot);
    }
    let faulty = server.register("faulty", &bots.url("/garbage")).await;
    assert_eq!(enter(&server, &id, &faulty).await.0, StatusCode::CREATED);
    let (status, answer) = enter(&server, &id, &entered[0]).await;
    assert_eq!(
        (status, answer["error"].as_str()),
        (StatusCode::CONFLICT, Some("already_entered"))
    );
    let other_game = server
        .register_for("bridge", "bridgey", &bots.url("/good"))
        .await;
    let (status, answer) = enter(&server, &id, &other_game).await;
    assert_eq!(
        (status, answer["error"].as_str()),
        (StatusCode::BAD_REQUEST, Some("wrong_game"))
    );
    let (status, _) = server
        .send(
            Method::POST,
            &format!("/api/tournaments/{id}/entries"),
            entered[1]["token"].as_str(),
            Some(json!({"bot_id": entered[0]["id"]})),
        )
        .await;
    assert_eq!(
        status,
        StatusCode::FORBIDDEN,
        "only the bot's owner enters it"
    );

    let start = format!("/api/tournaments/{id}/start");
    let advance = format!("/api/tournaments/{id}/advance");
    let (status, answer) = server.send(Method::POST, &start, Some(ADMIN), None).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let late = server.register("late", &bots.url("/good")).await;
    let (status, answer) = enter(&server, &id, &late).await;
    assert_eq!(
        (status, answer["error"].as_str()),
        (StatusCode::CONFLICT, Some("entries_closed"))
    );

    // Stage 0: everyone against the house bot; the faulty bot is skipped once it has faulted in
    // most of three matches, its last match cancelled.
    let t = stage_over(&server, &id, 0).await;
    let stage = &t["stages"][0];
    let rows = stage["standings"].as_array().unwrap();
    assert_eq!(rows.len(), 4);
    let last = &rows[3];
    assert_eq!(
        (last["name"].as_str(), last["skipped"].as_bool()),
        (Some("faulty"), Some(true))
    );
    assert!(last["faults"].as_u64() >= Some(3));
    // Its matches not yet taken by the scheduler when it was skipped are cancelled.
    let played = last["matches"].as_u64().unwrap();
    let cancelled = stage["matches"]["cancelled"].as_u64().unwrap();
    assert_eq!(played + cancelled, 4, "{stage}");
    assert!(
        rows[..3]
            .iter()
            .all(|r| r["matches"] == 4 && r["ci95"].is_f64())
    );
    let (status, answer) = server.send(Method::POST, &start, Some(ADMIN), None).await;
    assert_eq!(
        (status, answer["error"].as_str()),
        (StatusCode::CONFLICT, Some("already_started"))
    );

    // Stage 1: the gauntlet against the best two of stage 0.
    let (status, answer) = server.send(Method::POST, &advance, Some(ADMIN), None).await;
    assert_eq!(
        (status, answer["stage"].as_u64()),
        (StatusCode::OK, Some(1)),
        "{answer}"
    );
    let (status, answer) = server.send(Method::POST, &advance, Some(ADMIN), None).await;
    assert_eq!(
        (status, answer["error"].as_str()),
        (StatusCode::CONFLICT, Some("stage_running"))
    );
    let t = stage_over(&server, &id, 1).await;
    let gauntlet = t["stages"][1]["standings"].as_array().unwrap();
    assert_eq!(gauntlet.len(), 3, "the skipped bot does not go on");
    assert!(
        gauntlet.iter().all(|r| r["matches"] == 2),
        "each entrant counts its own two matches, the best two too: {gauntlet:?}"
    );

    // Stage 2: the final, duplicate deals in every seating.
    server.send(Method::POST, &advance, Some(ADMIN), None).await;
    stage_over(&server, &id, 2).await;
    // The last stage ends, then the tournament: a reader may see the two a moment apart.
    let mut t = Value::Null;
    for _ in 0..200 {
        t = server.get(&format!("/api/tournaments/{id}")).await.1;
        if t["status"] == "finished" {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    assert_eq!(t["status"], "finished");
    let final_stage = &t["stages"][2];
    assert_eq!(
        final_stage["matches"]["finished"],
        2 * 3,
        "2 deals × 3 seatings of one table"
    );
    let standings = final_stage["standings"].as_array().unwrap();
    let means: Vec<f64> = standings
        .iter()
        .map(|r| r["mean"].as_f64().unwrap())
        .collect();
    assert!(means.windows(2).all(|w| w[0] >= w[1]), "{means:?}");
    assert!(standings.iter().all(|r| r["matches"] == 6));
    let h2h = final_stage["head_to_head"].as_array().unwrap();
    assert_eq!(h2h.len(), 3);
    for row in h2h {
        let met: u64 = row["against"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| {
                m["wins"].as_u64().unwrap()
                    + m["losses"].as_u64().unwrap()
                    + m["draws"].as_u64().unwrap()
            })
            .sum();
        assert_eq!(
            met,
            2 * 6,
            "each finalist meets both others in all six matches"
        );
    }
    let (status, answer) = server.send(Method::POST, &advance, Some(ADMIN), None).await;
    assert_eq!(
        (status, answer["error"].as_str()),
        (StatusCode::CONFLICT, Some("no_next_stage"))
    );

    // Each deal of the final was played from every seat by every finalist, on one seed.
    let store = &server.running.store;
    let finalists: Vec<&str> = standings
        .iter()
        .map(|r| r["bot_id"].as_str().unwrap())
        .collect();
    let mut by_deal: std::collections::BTreeMap<u32, Vec<(u64, Vec<String>)>> = Default::default();
    for bot in &finalists {
        for m in store.matches_of_bot(bot, 100).await.unwrap() {
            let Some(at) = m.stage.filter(|s| s.stage == 2) else {
                continue;
            };
            let seats = m.seats.iter().map(|s| s.bot_id.clone()).collect();
            let entry = by_deal.entry(at.deal.unwrap()).or_default();
            if !entry.iter().any(|(_, s)| *s == seats) {
                entry.push((m.seed, seats));
            }
        }
    }
    assert_eq!(by_deal.len(), 2);
    for matches in by_deal.values() {
        assert_eq!(matches.len(), 3);
        // One deal, each table under its own renaming of the suits (durak treats them alike).
        assert!(
            matches
                .windows(2)
                .all(|w| deal_seed(w[0].0) == deal_seed(w[1].0)),
            "one deal per deal number"
        );
        let relabellings: std::collections::HashSet<_> = matches
            .iter()
            .map(|(seed, _)| split_seed(*seed).1)
            .collect();
        assert_eq!(
            relabellings.len(),
            matches.len(),
            "each table its own suits"
        );
        for bot in &finalists {
            for seat in 0..3 {
                assert!(
                    matches.iter().any(|(_, s)| s[seat] == *bot),
                    "{bot} in seat {seat}"
                );
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_team_game_seated_in_pairs_runs_every_stage_at_tables_it_allows() {
    let db = TempDb::new();
    let server = server(&db).await;
    let bots = test_bots().await;
    let server = &server;
    let create = |stages: Value| async move {
        let body = json!({"name": "56 cup", "game": "fifty-six", "stages": stages});
        server
            .send(Method::POST, "/api/tournaments", Some(ADMIN), Some(body))
            .await
    };
    // A house table of two, or a gauntlet table of five (the entrant and the best four), is
    // refused with the counts the game seats.
    let house = json!({"kind": "house", "opponents": ["greedy", "bold", "random"], "matches": 1});
    for stages in [
        json!([{"kind": "house", "opponents": ["greedy"], "matches": 1}]),
        json!([house, {"kind": "gauntlet", "top": 4, "matches": 1}]),
    ] {
        let (status, answer) = create(stages).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
        let detail = answer["detail"].as_str().unwrap();
        assert!(detail.contains("4 or 6"), "{answer}");
    }
    let (status, answer) = create(json!([
        {"kind": "house", "opponents": ["greedy", "random", "greedy"], "matches": 2,
         "options": {"deals": 1}},
        {"kind": "gauntlet", "top": 3, "matches": 1, "options": {"deals": 1}},
        {"kind": "final", "top": 4, "deals": 1, "table": 4, "options": {"deals": 1}}
    ]))
    .await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    let id = answer["id"].as_str().unwrap().to_string();
    for name in ["ann", "bob", "cid", "dan", "eve"] {
        let bot = server
            .register_for("fifty-six", name, &bots.url("/good"))
            .await;
        assert_eq!(enter(server, &id, &bot).await.0, StatusCode::CREATED);
    }
    let start = format!("/api/tournaments/{id}/start");
    let advance = format!("/api/tournaments/{id}/advance");
    let (status, answer) = server.send(Method::POST, &start, Some(ADMIN), None).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    stage_over(server, &id, 0).await;
    server.send(Method::POST, &advance, Some(ADMIN), None).await;
    stage_over(server, &id, 1).await;
    server.send(Method::POST, &advance, Some(ADMIN), None).await;
    let t = stage_over(server, &id, 2).await;
    // Every match of every stage was played, none failed: no table of 3 or 5 was ever set. The
    // final plays its deal in the 3 ways to pair 4 finalists, each from 4 rotations.
    let expected = [5 * 2, 5, 3 * 4];
    for (stage, count) in expected.into_iter().enumerate() {
        let matches = &t["stages"][stage]["matches"];
        assert_eq!(matches["finished"], count, "stage {stage}: {matches}");
        assert_eq!(matches["failed"], 0, "stage {stage}: {matches}");
    }
    let store = &server.running.store;
    let bot = t["stages"][1]["standings"][0]["bot_id"].as_str().unwrap();
    for m in store.matches_of_bot(bot, 100).await.unwrap() {
        assert_eq!(m.seats.len(), 4, "{:?}", m.stage);
    }
}

/// The tie-sharing place value of each seat (docs/architecture.md, "One scale for results"),
/// recomputed here from the places alone.
fn shared(ranks: &[u64]) -> Vec<f64> {
    let n = ranks.len() as f64;
    ranks
        .iter()
        .map(|r| {
            let better = ranks.iter().filter(|x| *x < r).count() as f64;
            let tied = ranks.iter().filter(|x| *x == r).count() as f64;
            (n - (better + (tied + 1.0) / 2.0)) / (n - 1.0)
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_player_durak_standings_share_tied_places_and_a_gauntlet_counts_own_matches() {
    let db = TempDb::new();
    let server = server(&db).await;
    let bots = test_bots().await;
    let stages = json!([
        {"kind": "house", "opponents": ["random", "greedy"], "matches": 3},
        {"kind": "gauntlet", "top": 2, "matches": 3},
        {"kind": "final", "top": 3, "deals": 1, "table": 3}
    ]);
    let body = json!({"name": "Ties", "game": "durak", "stages": stages, "auto_advance": true});
    let (_, created) = server
        .send(Method::POST, "/api/tournaments", Some(ADMIN), Some(body))
        .await;
    let id = created["id"].as_str().unwrap().to_string();
    let mut entered = Vec::new();
    for name in ["ann", "bob", "cid", "dan"] {
        let bot = server.register(name, &bots.url("/good")).await;
        assert_eq!(enter(&server, &id, &bot).await.0, StatusCode::CREATED);
        entered.push(bot["id"].as_str().unwrap().to_string());
    }
    let start = format!("/api/tournaments/{id}/start");
    assert_eq!(
        server.send(Method::POST, &start, Some(ADMIN), None).await.0,
        StatusCode::OK
    );
    stage_over(&server, &id, 2).await;
    let mut t = Value::Null;
    for _ in 0..200 {
        t = server.get(&format!("/api/tournaments/{id}")).await.1;
        if t["status"] == "finished" {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    assert_eq!(t["status"], "finished");

    // Every stage's standings from its matches' places as GET /api/matches/{id} reports them:
    // each match counts for the entrant it was played for (house, gauntlet) or for every seat
    // (final).
    let store = &server.running.store;
    let mut stage_matches: std::collections::BTreeMap<String, (u32, Option<String>)> =
        Default::default();
    for bot in &entered {
        for m in store.matches_of_bot(bot, 200).await.unwrap() {
            if let Some(at) = m.stage.filter(|s| s.tournament_id == id) {
                stage_matches.insert(m.id, (at.stage, at.entrant));
            }
        }
    }
    let mut values: std::collections::HashMap<(u32, String), Vec<f64>> = Default::default();
    let mut shared_first = 0;
    for (match_id, (stage, entrant)) in &stage_matches {
        let (_, m) = server.get(&format!("/api/matches/{match_id}")).await;
        if m["status"] != "finished" {
            continue;
        }
        let seats = m["seats"].as_array().unwrap();
        let ranks: Vec<u64> = seats.iter().map(|s| s["rank"].as_u64().unwrap()).collect();
        let worth = shared(&ranks);
        assert!((worth.iter().sum::<f64>() - ranks.len() as f64 / 2.0).abs() < 1e-9);
        shared_first += usize::from(ranks.len() == 3 && worth.contains(&0.75));
        for (seat, value) in seats.iter().zip(worth) {
            let bot = seat["bot_id"].as_str().unwrap().to_string();
            let counts = match entrant {
                Some(own) => *own == bot,
                None => entered.contains(&bot),
            };
            if counts {
                values.entry((*stage, bot)).or_default().push(value);
            }
        }
    }
    assert!(
        shared_first > 0,
        "three-player durak's survivors share first place"
    );
    for (index, stage) in t["stages"].as_array().unwrap().iter().enumerate() {
        let rows = stage["standings"].as_array().unwrap();
        assert!(!rows.is_empty());
        for row in rows {
            let key = (index as u32, row["bot_id"].as_str().unwrap().to_string());
            let mine = &values[&key];
            let mean = mine.iter().sum::<f64>() / mine.len() as f64;
            assert_eq!(row["matches"], mine.len(), "stage {index}: {row}");
            assert!(
                (row["mean"].as_f64().unwrap() - mean).abs() < 1e-9,
                "stage {index}: {row} against {mine:?}"
            );
        }
        // Every entrant is judged on the same number of matches: its own three in the house
        // stage and the gauntlet (where the best two also sit in the others' matches), the
        // three seatings of the final's deal.
        assert!(
            rows.iter().all(|r| r["matches"] == 3),
            "stage {index}: {rows:?}"
        );
        let podium: Vec<&Value> = rows
            .iter()
            .filter(|r| r["skipped"] == false)
            .take(3)
            .collect();
        let names = |list: &[&Value]| -> Vec<String> {
            list.iter()
                .map(|r| r["name"].as_str().unwrap().to_string())
                .collect()
        };
        let stage_podium: Vec<&Value> = stage["podium"].as_array().unwrap().iter().collect();
        assert_eq!(names(&stage_podium), names(&podium), "stage {index}");
        assert_eq!(stage["winner"], stage["podium"][0]);
    }
    let last = &t["stages"][2];
    assert_eq!(
        t["podium"], last["podium"],
        "the whole's podium is the final's"
    );
    assert_eq!(t["winner"]["bot_id"], last["standings"][0]["bot_id"]);

    // The pages and the list name the winner and the podium of each stage and of the whole.
    let list = server.get("/api/tournaments").await.1;
    assert_eq!(list[0]["podium"], t["podium"]);
    let place = |label: &str, p: &Value, mean: &str| {
        format!(
            "{label}: <a href=\"/bots/{}\">{}</a> ({mean})",
            p["bot_id"].as_str().unwrap(),
            p["name"].as_str().unwrap()
        )
    };
    let fixed3 = |x: &Value| format!("{:.3}", x.as_f64().unwrap());
    let line = |podium: &Value| {
        let p = podium.as_array().unwrap();
        format!(
            "{}; {}; {}",
            place("Winner", &p[0], &format!("mean {}", fixed3(&p[0]["mean"]))),
            place("second", &p[1], &fixed3(&p[1]["mean"])),
            place("third", &p[2], &fixed3(&p[2]["mean"]))
        )
    };
    let page = server.page(&format!("/tournaments/{id}")).await;
    assert!(
        page.contains(&format!("<dd id=\"podium\">{}</dd>", line(&t["podium"]))),
        "{page}"
    );
    for stage in t["stages"].as_array().unwrap() {
        assert!(
            page.contains(&format!(
                "<p class=\"podium\">{}</p>",
                line(&stage["podium"])
            )),
            "{page}"
        );
    }
    let list_page = server.page("/tournaments").await;
    assert!(
        list_page.contains(&format!(
            "<td class=\"podium wide\" data-label=\"Podium\">{}</td>",
            line(&t["podium"])
        )),
        "{list_page}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_expert_with_a_budget_is_a_house_stage_boss() {
    let db = TempDb::new();
    let server = server(&db).await;
    let bots = test_bots().await;
    let stages = json!([{"kind": "house", "opponents": ["expert:5"], "matches": 2}]);
    let body = json!({"name": "Boss", "game": "durak-duel", "stages": stages});
    let (status, created) = server
        .send(Method::POST, "/api/tournaments", Some(ADMIN), Some(body))
        .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let id = created["id"].as_str().unwrap().to_string();
    let bot = (server.register_for("durak-duel", "challenger", &bots.url("/good"))).await;
    let (status, answer) = enter(&server, &id, &bot).await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    let start = format!("/api/tournaments/{id}/start");
    assert_eq!(
        server.send(Method::POST, &start, Some(ADMIN), None).await.0,
        StatusCode::OK
    );
    stage_over(&server, &id, 0).await;
    let store = &server.running.store;
    let played = store
        .matches_of_bot(bot["id"].as_str().unwrap(), 10)
        .await
        .unwrap();
    assert_eq!(played.len(), 2);
    for m in played {
        let (_, m) = server.get(&format!("/api/matches/{}", m.id)).await;
        assert_eq!(m["status"], "finished", "{m}");
        let names: Vec<&str> = (m["seats"].as_array().unwrap().iter())
            .map(|s| s["name"].as_str().unwrap())
            .collect();
        assert!(names.contains(&"expert:5@durak-duel"), "{names:?}");
    }
}
