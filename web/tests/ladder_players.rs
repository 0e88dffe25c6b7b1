//! Bots choose their tables (issue 44, item 2) against the real thing: the server on a loopback
//! port with a temporary SQLite file and real HTTP bots on loopback. A registration and the
//! owner's change may name the table sizes a bot plays on the ladder (`ladder_players`), checked
//! where they arrive and refused with the API's JSON error; the bot's JSON and page show them;
//! the ladder seats the bot only there; practice refuses a size outside them, and a tournament
//! refuses an entry, a change and a stage that would seat the bot at one.

use crate::support;

use std::time::Duration;

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use support::{Server, TempDb, config, test_bots, until};

const ADMIN: &str = "organiser-secret-token";

/// POST /api/bots with `body`: status and answer.
async fn register(server: &Server, body: Value) -> (StatusCode, Value) {
    server
        .send(Method::POST, "/api/bots", None, Some(body))
        .await
}

/// PATCH /api/bots/{id} of `bot` with its token and `body`: status and answer.
async fn change(server: &Server, bot: &Value, body: Value) -> (StatusCode, Value) {
    let path = format!("/api/bots/{}", bot["id"].as_str().unwrap());
    let token = bot["token"].as_str();
    server.send(Method::PATCH, &path, token, Some(body)).await
}

/// The bot's `ladder_players` as `GET /api/bots/{id}` shows them.
async fn sizes(server: &Server, bot: &Value) -> Value {
    let (status, shown) = server
        .get(&format!("/api/bots/{}", bot["id"].as_str().unwrap()))
        .await;
    assert_eq!(status, StatusCode::OK, "{shown}");
    shown["ladder_players"].clone()
}

/// Asserts a refusal: `status`, the JSON error `kind` and a detail that is exactly `detail`.
fn refused(answer: &(StatusCode, Value), status: StatusCode, kind: &str, detail: &str) {
    assert_eq!(answer.0, status, "{}", answer.1);
    assert_eq!(answer.1["error"], kind, "{}", answer.1);
    assert_eq!(answer.1["detail"], detail, "{}", answer.1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn registration_and_change_name_the_sizes_and_refuse_bad_lists() {
    let db = TempDb::new();
    let server = Server::start(config(&db)).await;
    let url = "http://127.0.0.1:9/bot";

    // Without the field, or with null: every size durak seats.
    let open = server.register("open", url).await;
    assert_eq!(open["ladder_players"], json!([2, 3, 4]));
    assert_eq!(sizes(&server, &open).await, json!([2, 3, 4]));
    let body = json!({"name": "open-null", "url": url, "game": "durak", "ladder_players": null});
    let (status, answer) = register(&server, body).await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    assert_eq!(answer["ladder_players"], json!([2, 3, 4]));

    // With it: sorted, without duplicates, in the answer and in the bot's JSON.
    let body = json!({"name": "pair", "url": url, "game": "durak", "ladder_players": [3, 2, 3]});
    let (status, pair) = register(&server, body).await;
    assert_eq!(status, StatusCode::CREATED, "{pair}");
    assert_eq!(pair["ladder_players"], json!([2, 3]));
    assert_eq!(sizes(&server, &pair).await, json!([2, 3]));
    let page = server
        .page(&format!("/bots/{}", pair["id"].as_str().unwrap()))
        .await;
    assert!(
        page.contains("Plays the ladder at 2 and 3 seats."),
        "{page}"
    );
    let page = server
        .page(&format!("/bots/{}", open["id"].as_str().unwrap()))
        .await;
    assert!(
        page.contains("Plays the ladder at 2, 3 and 4 seats: every size durak seats."),
        "{page}"
    );

    // Refused lists, each with a sentence, and nothing registered.
    let cases = [
        (
            "fifty-six",
            json!([4, 3]),
            "fifty-six seats 4 or 6 players, not 3",
        ),
        ("durak", json!([2, 5]), "durak seats 2 to 4 players, not 5"),
        (
            "durak",
            json!([]),
            "name at least one table size: durak seats 2 to 4 players",
        ),
        (
            "durak",
            json!(vec![2; 1000]),
            "a list of table sizes has at most 16 entries: durak seats 2 to 4 players",
        ),
    ];
    for (n, (game, list, detail)) in cases.into_iter().enumerate() {
        let body =
            json!({"name": format!("bad-{n}"), "url": url, "game": game, "ladder_players": list});
        let answer = register(&server, body).await;
        refused(
            &answer,
            StatusCode::BAD_REQUEST,
            "bad_ladder_players",
            detail,
        );
    }
    let (_, listed) = server.get("/api/bots?limit=200").await;
    let names: Vec<&str> = listed["bots"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|b| b["name"].as_str())
        .collect();
    assert!(!names.iter().any(|n| n.starts_with("bad-")), "{names:?}");

    // The owner's change: a list, null for every size, a bad list refused with nothing changed,
    // absent leaves them as they are.
    let (status, changed) = change(&server, &pair, json!({"ladder_players": [2]})).await;
    assert_eq!(status, StatusCode::OK, "{changed}");
    assert_eq!(changed["ladder_players"], json!([2]));
    let page = server
        .page(&format!("/bots/{}", pair["id"].as_str().unwrap()))
        .await;
    assert!(page.contains("Plays the ladder at 2 seats only."), "{page}");
    let answer = change(&server, &pair, json!({"ladder_players": [1]})).await;
    refused(
        &answer,
        StatusCode::BAD_REQUEST,
        "bad_ladder_players",
        "durak seats 2 to 4 players, not 1",
    );
    assert_eq!(sizes(&server, &pair).await, json!([2]));
    let (status, answer) = change(&server, &pair, json!({"active": false})).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["ladder_players"], json!([2]));
    let (status, answer) = change(&server, &pair, json!({"ladder_players": null})).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["ladder_players"], json!([2, 3, 4]));
    let (status, answer) = change(&server, &pair, json!({})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    assert_eq!(answer["error"], "bad_request");
    // Another bot's token changes nothing.
    let thief = json!({"id": pair["id"], "token": open["token"]});
    let (status, _) = change(&server, &thief, json!({"ladder_players": [4]})).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(sizes(&server, &pair).await, json!([2, 3, 4]));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_ladder_seats_a_bot_only_at_its_sizes() {
    let db = TempDb::new();
    let mut config = config(&db);
    config.ladder_interval = Some(Duration::from_millis(20));
    let server = Server::start(config).await;
    let bots = test_bots().await;
    // Durak seats 2 to 4: "pair" plays at 2 only, "wide" at every size, with the house bots.
    let body =
        json!({"name": "pair", "url": bots.url("/good"), "game": "durak", "ladder_players": [2]});
    let (status, pair) = register(&server, body).await;
    assert_eq!(status, StatusCode::CREATED, "{pair}");
    let wide = server.register("wide", &bots.url("/good")).await;
    let pair_id = pair["id"].as_str().unwrap().to_string();
    server.wait_active(&pair_id).await;
    server.wait_active(wide["id"].as_str().unwrap()).await;

    let pool = sqlx::SqlitePool::connect(&db.url()).await.unwrap();
    // (match, seats) of every ladder match of durak, and whether it seats "pair".
    let ladder = async || -> Vec<(i64, bool)> {
        sqlx::query_as(
            "SELECT (SELECT COUNT(*) FROM seats s WHERE s.match_id = m.id),
                    EXISTS (SELECT 1 FROM seats s WHERE s.match_id = m.id AND s.bot_id = $1)
             FROM matches m WHERE m.kind = 'ladder' AND m.game = 'durak'",
        )
        .bind(&pair_id)
        .fetch_all(&pool)
        .await
        .unwrap()
    };
    // Enough ladder matches to see "pair" seated many times and the other sizes drawn too.
    let seen = until(
        Duration::from_secs(90),
        "the ladder never seated pair 8 times beside tables of 3 and 4",
        async || {
            let seen = ladder().await;
            let pair_seated = seen.iter().filter(|(_, pair)| *pair).count();
            let larger = |n: i64| seen.iter().any(|(seats, _)| *seats == n);
            (pair_seated >= 8 && larger(3) && larger(4)).then_some(seen)
        },
    )
    .await;
    let pair_sizes: Vec<i64> = seen.iter().filter(|(_, p)| *p).map(|(n, _)| *n).collect();
    assert!(pair_sizes.iter().all(|&n| n == 2), "{pair_sizes:?}");

    // Practice at a size outside its list is refused with a sentence saying what to do; at its
    // size it is queued.
    let path = format!("/api/bots/{pair_id}/practice");
    let body = json!({"matches": 1, "opponents": ["random", "greedy"]});
    let answer = server
        .send(Method::POST, &path, pair["token"].as_str(), Some(body))
        .await;
    refused(
        &answer,
        StatusCode::BAD_REQUEST,
        "outside_ladder_players",
        "pair plays at 2 seats only; this practice match seats 3: name 1 opponent, or first add 3 \
         to its table sizes (on the My bots page, or \"ladder_players\" with PATCH \
         /api/bots/{id})",
    );
    assert_eq!(server.practice(&pair, 1, &["random"]).await.len(), 1);

    // Widened, it is drawn at the larger tables too.
    let (status, answer) = change(&server, &pair, json!({"ladder_players": [3]})).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    until(
        Duration::from_secs(90),
        "the ladder never seated pair at 3",
        async || {
            let seen = ladder().await;
            seen.iter().any(|&(n, p)| p && n == 3).then_some(())
        },
    )
    .await;
}

/// A durak tournament named `name` of `stages`, created by the organiser: its id.
async fn tournament(server: &Server, name: &str, stages: Value) -> String {
    let body = json!({"name": name, "game": "durak", "stages": stages});
    let (status, answer) = server
        .send(Method::POST, "/api/tournaments", Some(ADMIN), Some(body))
        .await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    answer["id"].as_str().unwrap().to_string()
}

/// Enters `bot` (its owner's token) in tournament `id`.
async fn enter(server: &Server, id: &str, bot: &Value) -> (StatusCode, Value) {
    let path = format!("/api/tournaments/{id}/entries");
    let body = json!({"bot_id": bot["id"]});
    server
        .send(Method::POST, &path, bot["token"].as_str(), Some(body))
        .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tournament_seats_a_bot_only_at_its_sizes() {
    let db = TempDb::new();
    let mut config = config(&db);
    config.admin_token = Some(ADMIN.to_string());
    let server = Server::start(config).await;
    let bots = test_bots().await;
    let with_sizes = async |name: &str, sizes: Value| {
        let body = json!({"name": name, "url": bots.url("/good"), "game": "durak", "ladder_players": sizes});
        let (status, bot) = register(&server, body).await;
        assert_eq!(status, StatusCode::CREATED, "{bot}");
        bot
    };
    let pair = with_sizes("pair", json!([2])).await;

    // Entry is refused when a stage is planned to seat the bot at another size.
    let at_three = json!([{"kind": "house", "opponents": ["random", "greedy"], "matches": 1}]);
    let cup = tournament(&server, "Three cup", at_three).await;
    let answer = enter(&server, &cup, &pair).await;
    refused(
        &answer,
        StatusCode::BAD_REQUEST,
        "outside_ladder_players",
        "pair plays at 2 seats only; stage 0 (house) of this tournament seats 3: add 3 to its \
         table sizes (its \"ladder_players\", on the My bots page or with PATCH /api/bots/{id}) \
         to enter it",
    );
    let with_final = json!([
        {"kind": "house", "opponents": ["random"], "matches": 1},
        {"kind": "final", "top": 4, "deals": 1, "table": 4}
    ]);
    let finals = tournament(&server, "Final at four", with_final.clone()).await;
    let answer = enter(&server, &finals, &pair).await;
    assert_eq!(answer.0, StatusCode::BAD_REQUEST, "{}", answer.1);
    assert!(
        answer.1["detail"]
            .as_str()
            .unwrap()
            .starts_with("pair plays at 2 seats only; stage 1 (final) of this tournament seats 4"),
        "{}",
        answer.1
    );

    // Entered where it plays, its owner cannot drop the size a stage still to come seats it at.
    let duel = tournament(
        &server,
        "Duel cup",
        json!([{"kind": "house", "opponents": ["random"], "matches": 1}]),
    )
    .await;
    let (status, answer) = enter(&server, &duel, &pair).await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    let answer = change(&server, &pair, json!({"ladder_players": [3]})).await;
    refused(
        &answer,
        StatusCode::CONFLICT,
        "outside_ladder_players",
        "pair is entered in the tournament \"Duel cup\", whose stage 0 (house) seats 2: its table \
         sizes keep 2 until the tournament is over",
    );
    assert_eq!(sizes(&server, &pair).await, json!([2]));
    let (status, answer) = change(&server, &pair, json!({"ladder_players": [2, 3]})).await;
    assert_eq!(status, StatusCode::OK, "{answer}");

    // A final with fewer finalists than planned sits at a smaller table: the stage does not
    // start while a finalist does not play at it, and starts once its owner adds the size.
    let house_at_two_and_final_at_four = tournament(&server, "Shrinking final", with_final).await;
    let duo = with_sizes("duo", json!([2, 4])).await;
    let trio = with_sizes("trio", json!([2, 3, 4])).await;
    let wide = server.register("wide", &bots.url("/good")).await;
    for bot in [&duo, &trio, &wide] {
        let (status, answer) = enter(&server, &house_at_two_and_final_at_four, bot).await;
        assert_eq!(status, StatusCode::CREATED, "{answer}");
    }
    let id = &house_at_two_and_final_at_four;
    let (status, answer) = server
        .send(
            Method::POST,
            &format!("/api/tournaments/{id}/start"),
            Some(ADMIN),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    until(
        Duration::from_secs(60),
        "stage 0 never finished",
        async || {
            let (_, t) = server.get(&format!("/api/tournaments/{id}")).await;
            (t["stages"][0]["status"] == "finished").then_some(())
        },
    )
    .await;
    let advance = async || {
        server
            .send(
                Method::POST,
                &format!("/api/tournaments/{id}/advance"),
                Some(ADMIN),
                None,
            )
            .await
    };
    let answer = advance().await;
    refused(
        &answer,
        StatusCode::CONFLICT,
        "outside_ladder_players",
        "duo plays at 2 and 4 seats; stage 1 (final) of this tournament seats 3: its owner can \
         add 3 to its table sizes, or the organiser can disqualify it, and the stage starts then",
    );
    // Three qualified, so the final (planned at 4) seats 3, which "duo" did not play.
    let (status, answer) = change(&server, &duo, json!({"ladder_players": [2, 3, 4]})).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let (status, answer) = advance().await;
    assert_eq!(status, StatusCode::OK, "{answer}");
}
