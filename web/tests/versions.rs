//! Bot versions against the real thing: the server on a loopback port over a temporary SQLite
//! file, driven through its HTTP API (a new URL, a switch to dial-out, the owner's
//! `POST /api/bots/{id}/versions`), rated history stored through the store's own methods, the
//! rating carried over with its sigma widened, seats recording the version that played them, and
//! the bot page's chart and match lists in headless Chromium.

use crate::support;

use cardarena_testkit::chromium;

use std::path::PathBuf;

use cardarena_rating::Skill;
use cardarena_store::{BotKind, FinishedSeat, MatchResult, NewBot, NewMatch, Store};
use cardarena_web::app::ServeConfig;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use support::{Server, TempDb, config};

/// The owner's token of the bots made through the store.
const TOKEN: &str = "token-of-vera";

/// POST /api/bots/{id}/versions with `token` and a raw `body`.
async fn post_version(
    server: &Server,
    id: &str,
    token: Option<&str>,
    body: &str,
) -> (StatusCode, Value) {
    let mut request = server
        .http
        .post(server.url(&format!("/api/bots/{id}/versions")))
        .body(body.to_string());
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    let response = request.send().await.unwrap();
    let status = StatusCode::from_u16(response.status().as_u16()).unwrap();
    let text = response.text().await.unwrap();
    (
        status,
        serde_json::from_str(&text).unwrap_or(Value::String(text)),
    )
}

/// The bot's JSON.
async fn bot_json(server: &Server, id: &str) -> Value {
    let (status, bot) = server.get(&format!("/api/bots/{id}")).await;
    assert_eq!(status, StatusCode::OK, "{bot}");
    bot
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_new_url_a_switch_or_the_owners_word_starts_a_version() {
    let db = TempDb::new();
    let server = Server::start(config(&db)).await;
    let bot = server.register("vera", "http://127.0.0.1:9/a").await;
    let id = bot["id"].as_str().unwrap();
    let token = bot["token"].as_str();
    let shown = bot_json(&server, id).await;
    assert_eq!(shown["version"], 1);
    let first = &shown["versions"][0];
    assert_eq!(
        (&first["version"], &first["url"], &first["connect"]),
        (&json!(1), &json!("http://127.0.0.1:9/a"), &json!(false))
    );
    assert_eq!(
        (&first["matches"], &first["rating"]),
        (&json!(0), &Value::Null)
    );

    let bot_path = format!("/api/bots/{id}");
    let patch = |body: Value| server.send(Method::PATCH, &bot_path, token, Some(body));
    let (status, moved) = patch(json!({"url": "http://127.0.0.1:9/b"})).await;
    assert_eq!(
        (status, &moved["version"]),
        (StatusCode::OK, &json!(2)),
        "{moved}"
    );
    let (_, same) = patch(json!({"url": "http://127.0.0.1:9/b"})).await;
    assert_eq!(same["version"], 2, "the same URL is the same program");
    let (_, paused) = patch(json!({"active": false})).await;
    assert_eq!(paused["version"], 2, "a pause is no new program");
    let (_, dial) = patch(json!({"connect": true})).await;
    assert_eq!(dial["version"], 3);

    let (status, made) = post_version(&server, id, token, r#"{"note": "deeper search"}"#).await;
    assert_eq!(status, StatusCode::CREATED, "{made}");
    assert_eq!(
        (
            &made["version"],
            &made["note"],
            &made["connect"],
            &made["url"]
        ),
        (
            &json!(4),
            &json!("deeper search"),
            &json!(true),
            &Value::Null
        )
    );
    let (status, made) = post_version(&server, id, token, "").await;
    assert_eq!(
        (status, &made["version"]),
        (StatusCode::CREATED, &json!(5)),
        "{made}"
    );
    assert_eq!(made["note"], Value::Null);

    let long = format!(r#"{{"note": "{}"}}"#, "é".repeat(201));
    let just = format!(r#"{{"note": "{}"}}"#, "é".repeat(200));
    let other = server.register("other", "http://127.0.0.1:9/o").await;
    for (who, body, status, kind) in [
        (token, long.as_str(), StatusCode::BAD_REQUEST, "bad_note"),
        (token, "{", StatusCode::BAD_REQUEST, "bad_json"),
        (
            token,
            r#"{"notes": "x"}"#,
            StatusCode::UNPROCESSABLE_ENTITY,
            "bad_json",
        ),
        (None, "", StatusCode::UNAUTHORIZED, "unauthorized"),
        (
            other["token"].as_str(),
            "",
            StatusCode::FORBIDDEN,
            "forbidden",
        ),
    ] {
        let (got, answer) = post_version(&server, id, who, body).await;
        assert_eq!(
            (got, answer["error"].as_str()),
            (status, Some(kind)),
            "{body}: {answer}"
        );
    }
    let (status, made) = post_version(&server, id, token, &just).await;
    assert_eq!(
        (status, &made["version"]),
        (StatusCode::CREATED, &json!(6)),
        "{made}"
    );

    let shown = bot_json(&server, id).await;
    let listed: Vec<(u64, Value)> = shown["versions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| (v["version"].as_u64().unwrap(), v["url"].clone()))
        .collect();
    // The bot's JSON lists its last five, and how many it made; the route pages through all.
    assert_eq!(
        listed,
        [
            (2, json!("http://127.0.0.1:9/b")),
            (3, Value::Null),
            (4, Value::Null),
            (5, Value::Null),
            (6, Value::Null)
        ]
    );
    assert_eq!(shown["versions_total"], 6);
    let (status, page) = server
        .get(&format!("/api/bots/{id}/versions?limit=4"))
        .await;
    assert_eq!(status, StatusCode::OK, "{page}");
    let numbers = |page: &Value| -> Vec<u64> {
        let list = page["versions"].as_array().unwrap();
        list.iter()
            .map(|v| v["version"].as_u64().unwrap())
            .collect()
    };
    assert_eq!(
        (numbers(&page), &page["next"], &page["total"]),
        (vec![6, 5, 4, 3], &json!(3), &json!(6))
    );
    let (_, rest) = server
        .get(&format!("/api/bots/{id}/versions?limit=4&before=3"))
        .await;
    assert_eq!((numbers(&rest), &rest["next"]), (vec![2, 1], &Value::Null));
    assert_eq!(rest["versions"][1]["url"], "http://127.0.0.1:9/a");
    // Nothing of this bot's touched the other.
    assert_eq!(
        bot_json(&server, other["id"].as_str().unwrap()).await["version"],
        1
    );
    // House bots have no versions.
    let (_, all) = server.get("/api/bots?game=durak").await;
    let house = all["bots"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["kind"] == "house")
        .unwrap();
    assert_eq!(
        (&house["version"], &house["versions"]),
        (&Value::Null, &json!([]))
    );
    let (status, answer) = post_version(&server, house["id"].as_str().unwrap(), token, "").await;
    assert_eq!(
        (status, answer["error"].as_str()),
        (StatusCode::FORBIDDEN, Some("forbidden"))
    );
}

/// A contestant's durak bot with the owner token [`TOKEN`], at a closed port.
fn vera() -> NewBot {
    NewBot {
        id: uuid::Uuid::new_v4().to_string(),
        name: "vera".to_string(),
        game: "durak".to_string(),
        kind: BotKind::Http {
            url: "http://127.0.0.1:9/vera".to_string(),
        },
        token_hash: Some(cardarena_contest::secrets::hash(TOKEN)),
        secret_hash: None,
        ladder_players: None,
    }
}

/// Stores `count` rated durak matches of `seats`, the first seat winning the first `wins`.
async fn rated_matches(store: &Store, seats: &[String], count: u64, wins: u64) -> Vec<String> {
    let matches: Vec<NewMatch> = (0..count)
        .map(|seed| NewMatch::ladder("durak", json!({}), seed, 1000, seats.to_vec()))
        .collect();
    let mut ids = Vec::new();
    for (i, m) in matches.iter().enumerate() {
        let id = store
            .create_matches(std::slice::from_ref(m))
            .await
            .unwrap()
            .remove(0);
        assert_eq!(store.claim_queued(10, 10, "test").await.unwrap().len(), 1);
        let ranks: [u32; 2] = if (i as u64) < wins { [1, 2] } else { [2, 1] };
        let result = MatchResult {
            seats: ranks
                .iter()
                .map(|&rank| FinishedSeat {
                    rank,
                    score: f64::from(2 - rank),
                    fault: None,
                    fallbacks: 0,
                })
                .collect(),
            actions: Vec::new(),
        };
        assert!(store.finish_match(&id, &result).await.unwrap());
        ids.push(id);
    }
    ids
}

/// A database file in the temporary directory, removed (with its WAL and key files) when dropped.
struct DbFile(PathBuf);

impl DbFile {
    fn new() -> DbFile {
        DbFile(std::env::temp_dir().join(format!("cardarena-versions-{}.db", uuid::Uuid::new_v4())))
    }

    fn url(&self) -> String {
        format!("sqlite://{}", self.0.display())
    }
}

impl Drop for DbFile {
    fn drop(&mut self) {
        for suffix in ["", "-wal", "-shm", ".key"] {
            let mut path = self.0.clone().into_os_string();
            path.push(suffix);
            let _ = std::fs::remove_file(path);
        }
    }
}

/// The server on `db` with no ladder (nothing moves the ratings but the test).
async fn serve(db: &DbFile) -> Server {
    let mut config = ServeConfig::new("127.0.0.1:0".parse().unwrap(), db.url());
    config.ladder_interval = None;
    config.deadline_ms = 300;
    Server::start(config).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_new_version_keeps_mu_and_widens_sigma_and_seats_say_which_version_played() {
    let db = DbFile::new();
    let store = Store::open(&db.url()).await.unwrap();
    let bot = vera();
    store.insert_bot(&bot).await.unwrap();
    let random = store.ensure_house_bot("durak", "random").await.unwrap();
    let played = rated_matches(&store, &[bot.id.clone(), random.clone()], 6, 6).await;
    let before = store.rating_of(&bot.id).await.unwrap().unwrap().skill;
    drop(store);

    let server = serve(&db).await;
    let id = bot.id.as_str();
    let path = format!("/api/bots/{id}");
    let body = json!({"url": "http://127.0.0.1:9/v2"});
    let (status, moved) = server
        .send(Method::PATCH, &path, Some(TOKEN), Some(body))
        .await;
    assert_eq!(status, StatusCode::OK, "{moved}");
    let widened = before.sigma.hypot(25.0 / 6.0);
    let rating = &moved["rating"];
    assert_eq!(rating["mu"].as_f64().unwrap(), before.mu, "mu is kept");
    assert!(
        (rating["sigma"].as_f64().unwrap() - widened).abs() < 1e-9,
        "{rating}"
    );
    assert!(widened > before.sigma + 1.0 && widened < Skill::INITIAL.sigma);
    assert_eq!(rating["matches"], 6, "the history stays");
    let v2 = &moved["versions"][1];
    assert_eq!((&v2["version"], &v2["matches"]), (&json!(2), &json!(0)));
    assert_eq!(v2["rating"]["mu"].as_f64().unwrap(), before.mu);
    assert!((v2["rating"]["sigma"].as_f64().unwrap() - widened).abs() < 1e-9);
    assert_eq!(moved["versions"][0]["matches"], 6);

    // Widened again, it never passes a newcomer's uncertainty.
    for _ in 0..3 {
        let (status, _) = post_version(&server, id, Some(TOKEN), "").await;
        assert_eq!(status, StatusCode::CREATED);
    }
    let shown = bot_json(&server, id).await;
    assert_eq!(shown["version"], 5);
    assert_eq!(shown["rating"]["mu"].as_f64().unwrap(), before.mu);
    assert_eq!(
        shown["rating"]["sigma"].as_f64().unwrap(),
        Skill::INITIAL.sigma
    );

    // The stored matches were played by version 1; a match played now, by version 5.
    let (_, old) = server.get(&format!("/api/matches/{}", played[0])).await;
    let versions: Vec<&Value> = old["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| &s["version"])
        .collect();
    assert_eq!(versions, [&json!(1), &Value::Null]);
    let practice = server
        .practice(&json!({"id": id, "token": TOKEN}), 1, &["random"])
        .await;
    let new = server.finished_match(&practice[0]).await;
    assert_eq!(new["status"], "finished", "{new}");
    let vera_seat = new["seats"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["bot_id"] == id)
        .unwrap();
    assert_eq!(vera_seat["version"], 5, "{new}");
    assert_eq!(bot_json(&server, id).await["versions"][4]["matches"], 1);
    let page = server.page(&format!("/matches/{}", practice[0])).await;
    assert!(
        page.contains(r#"<td data-label="Version"><span class="version">v5</span></td>"#),
        "{page}"
    );
}

#[tokio::test]
async fn in_a_browser_the_rating_chart_has_axes_and_version_marks_and_lists_show_versions() {
    let db = DbFile::new();
    let store = Store::open(&db.url()).await.unwrap();
    let bot = vera();
    store.insert_bot(&bot).await.unwrap();
    let random = store.ensure_house_bot("durak", "random").await.unwrap();
    let seats = [bot.id.clone(), random.clone()];
    rated_matches(&store, &seats, 12, 4).await;
    let moved = BotKind::Http {
        url: "http://127.0.0.1:9/vera-2".to_string(),
    };
    store.set_bot_program(&bot.id, &moved).await.unwrap();
    rated_matches(&store, &seats, 18, 18).await;
    drop(store);
    let server = serve(&db).await;

    let browser = chromium::Browser::start().await;
    browser
        .open(&server.url(&format!("/bots/{}", bot.id)))
        .await;
    let y_ticks = browser.texts(".rating-chart .axis.y .tick text").await;
    let x_ticks = browser.texts(".rating-chart .axis.x .tick text").await;
    assert!(
        y_ticks.len() >= 3,
        "{y_ticks:?} on a page that says {:?}",
        browser.text("main").await
    );
    let y: Vec<f64> = y_ticks
        .iter()
        .map(|t| t.parse().expect("a number"))
        .collect();
    assert!(y.windows(2).all(|w| w[0] < w[1]), "{y_ticks:?}");
    assert_eq!(
        x_ticks.first().map(String::as_str),
        Some("0"),
        "{x_ticks:?}"
    );
    assert_eq!(
        x_ticks.last().map(String::as_str),
        Some("30"),
        "{x_ticks:?}"
    );
    assert_eq!(
        browser
            .attrs(".rating-chart .version-mark", "data-version")
            .await,
        ["1", "2"]
    );
    assert_eq!(
        browser.texts(".rating-chart .version-mark text").await,
        ["v1", "v2"]
    );
    let axis_titles = browser.texts(".rating-chart .axis .title").await;
    assert_eq!(axis_titles, ["rating", "rated matches"]);
    let caption = browser.text(".rating-chart figcaption").await;
    assert!(caption.contains("Its 30 rated matches"), "{caption}");
    // The lines are drawn: μ, μ − 3σ and the band.
    for part in ["mu", "low", "band"] {
        let d = browser
            .attr(&format!(".rating-chart path.{part}"), "d")
            .await;
        assert!(d.is_some_and(|d| d.matches(" L").count() >= 29), "{part}");
    }
    let versions = browser.table("table.versions").await;
    assert_eq!(versions.len(), 3, "{versions:?}");
    assert_eq!(versions[2][0], "v2");
    assert_eq!(versions[2][3], "18", "{versions:?}");
    let matches = browser.table("table.matches").await;
    assert_eq!(matches[1][5], "v2", "the newest match: {matches:?}");
    let file = chromium::artefacts("browser").join("bot-versions.png");
    browser.screenshot(&file).await;
    eprintln!("screenshot: {}", file.display());

    browser.open(&server.url("/matches?game=durak")).await;
    let places = browser
        .texts("table.match-list tbody tr td:last-child")
        .await;
    assert!(places[0].contains("vera v2"), "{places:?}");
    assert!(places.last().unwrap().contains("vera v1"), "{places:?}");
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn versions_are_limited_an_hour_and_the_oldest_fold_into_the_count() {
    let db = TempDb::new();
    let server = Server::start(config(&db)).await;
    let bot = server.register("spammer", "http://127.0.0.1:9/a").await;
    let id = bot["id"].as_str().unwrap();
    let token = bot["token"].as_str();
    // Registration made version 1; 19 more fit in the hour, the next is refused.
    for n in 2..=20 {
        let (status, made) = post_version(&server, id, token, "").await;
        assert_eq!(
            (status, &made["version"]),
            (StatusCode::CREATED, &json!(n)),
            "{made}"
        );
    }
    let (status, refused) = post_version(&server, id, token, "").await;
    assert_eq!(
        (status, refused["error"].as_str()),
        (StatusCode::TOO_MANY_REQUESTS, Some("rate_limited")),
        "{refused}"
    );
    // A new URL is a version too: refused, and the bot stays where it was.
    let path = format!("/api/bots/{id}");
    let (status, moved) = server
        .send(
            Method::PATCH,
            &path,
            token,
            Some(json!({"url": "http://127.0.0.1:9/b"})),
        )
        .await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{moved}");
    let shown = bot_json(&server, id).await;
    assert_eq!(
        (&shown["url"], &shown["version"]),
        (&json!("http://127.0.0.1:9/a"), &json!(20))
    );

    // A bot whose history holds 130 versions, all older than an hour, starts its 131st: the
    // last 100 are kept one by one, the count says 131, and every list stays as short.
    let other = server.register("patient", "http://127.0.0.1:9/p").await;
    let other_id = other["id"].as_str().unwrap();
    let pool = sqlx::SqlitePool::connect(&db.url()).await.unwrap();
    let long_ago = cardarena_store::now_ms() - 2 * 3_600_000;
    sqlx::query("UPDATE bot_versions SET created_at = $1 WHERE bot_id = $2")
        .bind(long_ago)
        .bind(other_id)
        .execute(&pool)
        .await
        .unwrap();
    for n in 2..=130i64 {
        sqlx::query(
            "INSERT INTO bot_versions (bot_id, version, kind, url, note, created_at, from_rated)
             VALUES ($1, $2, 'http', 'http://127.0.0.1:9/p', NULL, $3, 1)",
        )
        .bind(other_id)
        .bind(n)
        .bind(long_ago)
        .execute(&pool)
        .await
        .unwrap();
    }
    pool.close().await;
    let (status, made) = post_version(&server, other_id, other["token"].as_str(), "").await;
    assert_eq!(
        (status, &made["version"]),
        (StatusCode::CREATED, &json!(131)),
        "{made}"
    );
    let shown = bot_json(&server, other_id).await;
    assert_eq!(shown["versions_total"], 131);
    assert_eq!(shown["versions"].as_array().unwrap().len(), 5);
    let (_, page) = server
        .get(&format!("/api/bots/{other_id}/versions?limit=100"))
        .await;
    let listed = page["versions"].as_array().unwrap();
    assert_eq!(listed.len(), 100);
    assert_eq!(
        (&listed[0]["version"], &listed[99]["version"]),
        (&json!(131), &json!(32))
    );
    assert_eq!((&page["next"], &page["total"]), (&Value::Null, &json!(131)));
    let (status, _) = server
        .get(&format!("/api/bots/{other_id}/versions?limit=101"))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    // Its page lists the last ten and points at the rest.
    let html = server.page(&format!("/bots/{other_id}")).await;
    assert_eq!(
        html.matches("<tr><td class=\"key\">v").count(),
        10,
        "{html}"
    );
    assert!(html.contains("And 121 earlier versions"), "{html}");
    assert!(html.contains(&format!("/api/bots/{other_id}/versions?before=122")));
}
