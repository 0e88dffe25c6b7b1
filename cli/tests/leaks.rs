//! No hidden card and no seed before the game shows them, against the real server: a practice
//! match and a person's table held at a decision, and a tournament whose house stage gives two
//! entrants the same deals, one entrant fast (its matches finish) and one held (one match running,
//! one queued). Every GET route of the OpenAPI document and every page is walked for each of them:
//! no answer holds a pending match's seed, and no answer about a match holds a card that match (or
//! another table of its deal) has not shown face up, and none of them is analysed (POST
//! .../analysis: 409). Once the gates open and the stage ends, the seeds, all-hands frames and
//! downloads are all there, and `cardarena replay` confirms every match.

mod support;

use std::collections::{BTreeSet, HashMap};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::extract::State;
use axum::routing::post;
use cardarena_engine::table::cards_in_json;
use cardarena_engine::{Card, Rank, Suit};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use support::{Server, TempDb, config, test_bots};
use tokio::sync::watch;

const ADMIN: &str = "organiser-secret-token";

/// A bot that answers pings and match messages at once and holds every turn until its gate
/// opens; it remembers which matches asked it to move.
#[derive(Clone)]
struct Gate {
    open: watch::Receiver<bool>,
    asked: Arc<Mutex<BTreeSet<String>>>,
}

async fn gated(State(gate): State<Gate>, body: axum::body::Bytes) -> axum::Json<Value> {
    let request: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
    if request["type"] == "turn" {
        let id = request["match_id"].as_str().unwrap_or_default().to_string();
        gate.asked.lock().unwrap().insert(id);
        let mut open = gate.open.clone();
        let _ = open.wait_for(|o| *o).await;
        return axum::Json(json!({"action_index": 0}));
    }
    axum::Json(json!({"pong": true}))
}

/// Starts the gated bot; returns its URL, the gate's sender and the matches it was asked in.
async fn gate_bot() -> (String, watch::Sender<bool>, Arc<Mutex<BTreeSet<String>>>) {
    let (tx, rx) = watch::channel(false);
    let asked = Arc::new(Mutex::new(BTreeSet::new()));
    let gate = Gate {
        open: rx,
        asked: asked.clone(),
    };
    let app = axum::Router::new().route("/", post(gated)).with_state(gate);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}/", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    (url, tx, asked)
}

/// Every card's two written forms: `10H` and `10♥`.
fn forms(card: Card) -> [String; 2] {
    let rank = card.rank().map_or("", Rank::text);
    let suit = card.suit().map_or('?', Suit::symbol);
    [card.to_string(), format!("{rank}{suit}")]
}

/// The cards `text` names, as whole words (a card's text between non-alphanumeric characters).
fn cards_named(text: &str) -> BTreeSet<Card> {
    let mut out = BTreeSet::new();
    let chars: Vec<char> = text.chars().collect();
    let pack: Vec<Card> = (0..52).filter_map(Card::from_index).collect();
    let mut i = 0;
    while i < chars.len() {
        let boundary_before = i == 0 || !chars[i - 1].is_alphanumeric();
        if boundary_before {
            for &card in &pack {
                for form in forms(card) {
                    let f: Vec<char> = form.chars().collect();
                    let end = i + f.len();
                    if end <= chars.len()
                        && chars[i..end] == f[..]
                        && (end == chars.len() || !chars[end].is_alphanumeric())
                    {
                        out.insert(card);
                    }
                }
            }
        }
        i += 1;
    }
    out
}

/// The body of an answer, read until it ends or stays quiet for half a second (a live feed of
/// a running match does not end).
async fn body_of(mut response: reqwest::Response) -> String {
    let mut bytes = Vec::new();
    while let Ok(Ok(Some(chunk))) =
        tokio::time::timeout(Duration::from_millis(500), response.chunk()).await
    {
        bytes.extend_from_slice(&chunk);
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

/// A match under watch: its id, its seed (read from the store, as only the server knows it) and
/// the cards it hides now.
struct Watched {
    id: String,
    seed: u64,
    hidden: BTreeSet<Card>,
}

/// The durak pack less every card the match's public frames have ever shown face up.
async fn hidden_now(server: &Server, id: &str) -> BTreeSet<Card> {
    let (status, frames) = server.get(&format!("/api/matches/{id}/frames")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(frames["eye"], "public", "a match in play is seen public");
    let shown: BTreeSet<Card> = cards_in_json(&frames).into_iter().collect();
    (0..52)
        .filter_map(Card::from_index)
        .filter(|c| c.rank().is_some_and(|r| r >= Rank::Six) && !shown.contains(c))
        .collect()
}

/// Every GET route of the API document, with its path parameters filled from `ids` (by the
/// segment before the parameter), and the pages; routes whose parameter is a secret (a person
/// seat's token: it shows that seat's own hand, by design) are left out.
fn routes(doc: &Value, ids: &HashMap<&str, Vec<String>>) -> Vec<String> {
    let mut out = Vec::new();
    for (path, item) in doc["paths"].as_object().unwrap() {
        if item.get("get").is_none() {
            continue;
        }
        let segments: Vec<&str> = path.split('/').collect();
        let mut paths = vec![String::new()];
        let mut secret = false;
        for (k, segment) in segments.iter().enumerate().skip(1) {
            let values: Vec<String> = if segment.starts_with('{') {
                let owner = segments[k - 1];
                if *segment == "{token}" {
                    secret = true;
                    vec![]
                } else {
                    ids.get(owner)
                        .unwrap_or_else(|| panic!("no value for {segment} after {owner} in {path}"))
                        .clone()
                }
            } else {
                vec![segment.to_string()]
            };
            paths = paths
                .iter()
                .flat_map(|p| values.iter().map(move |v| format!("{p}/{v}")))
                .collect();
        }
        if !secret {
            out.extend(paths);
        }
    }
    for path in &mut out {
        if path == "/api/leaderboard" {
            path.push_str("?game=durak");
        }
    }
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_route_or_page_shows_a_pending_matchs_seed_or_hidden_cards() {
    let db = TempDb::new();
    let mut cfg = config(&db);
    cfg.admin_token = Some(ADMIN.to_string());
    cfg.deadline_ms = 60_000;
    // One match at a time per bot: the held entrant's second tournament match waits queued.
    cfg.bot_concurrency = 1;
    let server = Server::start(cfg).await;
    let bots = test_bots().await;
    let (gate_url, gate, asked) = gate_bot().await;
    let held = server.register("held", &gate_url).await;
    let entrant = server.register("entrant", &gate_url).await;
    let fast = server.register("fast", &bots.url("/good")).await;

    // A practice match held at the bot's decision.
    let practice = server.practice(&held, 1, &["greedy"]).await[0].clone();
    // A person's table, held at the person's decision.
    let (status, table) = server
        .send(
            Method::POST,
            "/api/tables",
            None,
            Some(json!({"game": "durak", "seats": ["person", "greedy"]})),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{table}");
    let table_id = table["match_id"].as_str().unwrap().to_string();
    // A tournament's house stage: the fast entrant's matches finish, the held one's first runs
    // and its second waits, each dealt the same cards as one of the fast entrant's.
    let stages = json!([{"kind": "house", "opponents": ["greedy"], "matches": 2,
        "deadline_ms": 60000, "match_time_limit_ms": 600000}]);
    let (status, t) = server
        .send(
            Method::POST,
            "/api/tournaments",
            Some(ADMIN),
            Some(json!({"name": "Sealed cup", "game": "durak", "stages": stages})),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{t}");
    let tid = t["id"].as_str().unwrap().to_string();
    for bot in [&entrant, &fast] {
        let (status, answer) = server
            .send(
                Method::POST,
                &format!("/api/tournaments/{tid}/entries"),
                bot["token"].as_str(),
                Some(json!({"bot_id": bot["id"]})),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{answer}");
    }
    let (status, answer) = server
        .send(
            Method::POST,
            &format!("/api/tournaments/{tid}/start"),
            Some(ADMIN),
            None,
        )
        .await;
    assert!(status.is_success(), "{answer}");

    // Wait until everything stands still: the held matches at the bot's decision, the table at
    // the person's, the fast entrant's matches finished.
    let store = &server.running.store;
    let stage_matches = || async {
        let mut all = Vec::new();
        for bot in [&entrant, &fast] {
            for m in store
                .matches_of_bot(bot["id"].as_str().unwrap(), 10)
                .await
                .unwrap()
            {
                if m.stage.is_some() {
                    all.push(m);
                }
            }
        }
        all
    };
    let token = table["seats"][0]["token"].as_str().unwrap().to_string();
    let mut ready = false;
    for _ in 0..400 {
        let matches = stage_matches().await;
        let fast_done = matches
            .iter()
            .filter(|m| m.seats.iter().any(|s| s.bot_id == fast["id"]))
            .filter(|m| m.status.as_str() == "finished")
            .count();
        let held_asked = asked.lock().unwrap().len();
        let (_, state) = server.get(&format!("/api/tables/{token}")).await;
        if fast_done == 2 && held_asked == 2 && state["type"] == "turn" {
            ready = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(
        ready,
        "the matches came to rest: {:?}",
        asked.lock().unwrap()
    );
    let matches = stage_matches().await;
    let of = |bot: &Value| -> Vec<&cardarena_store::MatchSummary> {
        let mut v: Vec<_> = matches
            .iter()
            .filter(|m| m.seats.iter().any(|s| s.bot_id == bot["id"]))
            .collect();
        v.sort_by_key(|m| m.created_at);
        v
    };
    let held_matches = of(&entrant);
    let fast_matches = of(&fast);
    // Which of the two runs is the scheduler's choice: both are made in the same instant.
    let mut statuses: Vec<&str> = held_matches.iter().map(|m| m.status.as_str()).collect();
    statuses.sort();
    assert_eq!(
        statuses,
        ["queued", "running"],
        "one held match runs, one waits"
    );
    let held_seeds: BTreeSet<u64> = held_matches.iter().map(|m| m.seed).collect();
    let fast_seeds: BTreeSet<u64> = fast_matches.iter().map(|m| m.seed).collect();
    assert_eq!(held_seeds, fast_seeds, "the entrants meet the same deals");

    // What each match hides now: its own hidden cards; a finished match shares the hidden cards
    // of the pending table of its deal.
    let mut watched = Vec::new();
    for id in [&practice, &table_id] {
        let m = store.match_detail(id).await.unwrap().unwrap().summary;
        watched.push(Watched {
            id: id.clone(),
            seed: m.seed,
            hidden: hidden_now(&server, id).await,
        });
    }
    for m in &held_matches {
        let hidden = hidden_now(&server, &m.id).await;
        let twin = fast_matches.iter().find(|f| f.seed == m.seed).unwrap();
        watched.push(Watched {
            id: twin.id.clone(),
            seed: m.seed,
            hidden: hidden.clone(),
        });
        watched.push(Watched {
            id: m.id.clone(),
            seed: m.seed,
            hidden,
        });
    }
    for w in &watched {
        assert!(w.hidden.len() > 10, "{}: most cards are hidden", w.id);
    }

    // Walk every GET route and page for every watched match.
    let doc = server.get("/api/openapi.json").await.1;
    let bot_ids: Vec<String> = [&held, &entrant, &fast]
        .iter()
        .map(|b| b["id"].as_str().unwrap().to_string())
        .collect();
    let seeds: Vec<String> = watched.iter().map(|w| w.seed.to_string()).collect();
    let mut checked = 0;
    for w in &watched {
        let ids: HashMap<&str, Vec<String>> = HashMap::from([
            ("matches", vec![w.id.clone()]),
            ("bots", bot_ids.clone()),
            ("tournaments", vec![tid.clone()]),
            ("games", vec!["durak".to_string()]),
        ]);
        let mut paths = routes(&doc, &ids);
        paths.extend([
            "/".to_string(),
            "/?game=durak".to_string(),
            "/matches".to_string(),
            "/matches?game=durak".to_string(),
            format!("/matches?tournament={tid}&stage=0"),
            format!("/matches/{}", w.id),
            "/tournaments".to_string(),
            format!("/tournaments/{tid}"),
            "/play".to_string(),
            "/docs".to_string(),
        ]);
        paths.extend(bot_ids.iter().map(|b| format!("/bots/{b}")));
        for path in paths {
            let response = server.http.get(server.url(&path)).send().await.unwrap();
            let status = response.status();
            let body = body_of(response).await;
            // A walked path that is no route would check nothing.
            assert_ne!(status, StatusCode::NOT_FOUND, "GET {path}: {body}");
            for seed in &seeds {
                assert!(
                    !body.contains(seed.as_str()),
                    "GET {path} ({status}) shows the seed {seed} of a pending match"
                );
            }
            if path.contains(&w.id) {
                let named = cards_named(&body);
                let leaked: Vec<_> = named.intersection(&w.hidden).collect();
                assert!(
                    leaked.is_empty(),
                    "GET {path} ({status}) shows cards {leaked:?} that match {} hides",
                    w.id
                );
            }
            checked += 1;
        }
    }
    assert!(checked > 60, "{checked} answers checked");
    // The finished twins are sealed; their downloads are refused as such.
    for f in &fast_matches {
        let (status, m) = server.get(&format!("/api/matches/{}", f.id)).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(
            (&m["seed"], &m["seed_hidden_until"], &m["disclosure"]),
            (&json!(null), &json!("deal_end"), &json!("sealed")),
            "{m}"
        );
        assert_eq!(m["actions"], json!([]));
        let (status, e) = server
            .get(&format!("/api/matches/{}/replay.json", f.id))
            .await;
        assert_eq!(
            (status, &e["error"]),
            (StatusCode::CONFLICT, &json!("sealed"))
        );
        // Nor is it analysed: the analysis tells what each seat could know of the deal.
        let path = format!("/api/matches/{}/analysis", f.id);
        let (status, e) = server.send(Method::POST, &path, None, None).await;
        assert_eq!(
            (status, &e["error"]),
            (StatusCode::CONFLICT, &json!("sealed"))
        );
    }
    for id in [&practice, &table_id] {
        let path = format!("/api/matches/{id}/analysis");
        let (status, e) = server.send(Method::POST, &path, None, None).await;
        assert_eq!(
            (status, &e["error"]),
            (StatusCode::CONFLICT, &json!("match_running"))
        );
    }
    let (_, m) = server.get(&format!("/api/matches/{practice}")).await;
    assert_eq!(
        (&m["seed"], &m["seed_hidden_until"]),
        (&json!(null), &json!("match_end"))
    );

    // Open the gates, leave the table: everything ends, and everything is shown.
    gate.send(true).unwrap();
    let (status, _) = server
        .send(Method::DELETE, &format!("/api/tables/{token}"), None, None)
        .await;
    assert!(status.is_success());
    let mut all: Vec<String> = vec![practice.clone(), table_id.clone()];
    all.extend(
        held_matches
            .iter()
            .chain(&fast_matches)
            .map(|m| m.id.clone()),
    );
    for id in &all {
        let m = server.finished_match(id).await;
        assert_eq!(m["status"], "finished", "{m}");
        let stored = store.match_detail(id).await.unwrap().unwrap().summary;
        assert_eq!(
            m["seed"],
            json!(stored.seed),
            "{id} shows its seed once over"
        );
        assert_eq!(m["disclosure"], "open");
        let (status, frames) = server.get(&format!("/api/matches/{id}/frames")).await;
        assert_eq!((status, &frames["eye"]), (StatusCode::OK, &json!("all")));
        let (status, replay) = server.get(&format!("/api/matches/{id}/replay.json")).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(replay["seed"], json!(stored.seed));
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_cardarena"))
            .args(["replay", id, "--database-url", &db.url()])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "replay {id}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}
