//! Matches are findable, against the real thing: a temporary SQLite file filled through the
//! store's own methods (ladder, practice and a tournament stage), the whole app on a loopback
//! port, every page read over HTTP. The bot page's paging, kind and stage filters and
//! head-to-head figures are checked against the store; the tournament page, `/matches` and the
//! leaderboard link the matches; every doc the header links is served and its links between docs
//! land; and a house bot that is a stage's opponent cannot be entered in it.

use crate::support;

use std::collections::{BTreeSet, HashMap};

use cardarena_contest::tournament::{self, TournamentError};
use cardarena_store::{BotKind, FinishedSeat, MatchKind, MatchResult, NewBot, NewMatch, Store};
use cardarena_web::app::ServeConfig;
use reqwest::StatusCode;
use serde_json::json;
use support::{Server, TempDb};

/// A contestant's durak bot that is never called (its matches are finished by the test).
fn http_bot(name: &str) -> NewBot {
    NewBot {
        id: uuid::Uuid::new_v4().to_string(),
        name: name.to_string(),
        game: "durak".to_string(),
        kind: BotKind::Http {
            url: "http://127.0.0.1:9/bot".to_string(),
        },
        token_hash: None,
        secret_hash: None,
        ladder_players: None,
    }
}

fn new_match(kind: MatchKind, seed: u64, bot_ids: &[&str]) -> NewMatch {
    NewMatch {
        game: "durak".to_string(),
        options: json!({}),
        seed,
        kind,
        rated: false,
        deadline_ms: 1000,
        time_bank_ms: 0,
        wall_clock_ms: None,
        stage: None,
        bot_ids: bot_ids.iter().map(|b| b.to_string()).collect(),
    }
}

/// Alice's record against one opponent as the test made it.
#[derive(Debug, Default, Clone, PartialEq)]
struct Record {
    matches: u64,
    wins: u64,
    draws: u64,
    losses: u64,
}

/// A server over a store where Alice played ladder, practice and a tournament's house stage.
struct World {
    server: Server,
    store: Store,
    alice: String,
    bob: String,
    tournament: String,
    /// Alice's matches, newest first, with their kind.
    alices: Vec<(String, MatchKind)>,
    /// Alice's head-to-head by opponent id.
    records: HashMap<String, Record>,
    _db: TempDb,
}

/// Plays every queued match by hand: claims it and stores places that vary with its order.
async fn finish_queued(store: &Store, played: &mut u32, records: &mut HashMap<String, Record>) {
    let alice_name = "alice";
    loop {
        let claimed = store.claim_queued(50, 1000, "test").await.unwrap();
        if claimed.is_empty() {
            return;
        }
        for m in claimed {
            *played += 1;
            let n = m.seats.len() as u32;
            // Places rotate with the match's order; every fourth match a draw for all.
            let ranks: Vec<u32> = (0..n)
                .map(|seat| {
                    if (*played).is_multiple_of(4) {
                        1
                    } else {
                        (seat + *played) % n + 1
                    }
                })
                .collect();
            let result = MatchResult {
                seats: ranks
                    .iter()
                    .map(|&rank| FinishedSeat {
                        rank,
                        score: f64::from(n - rank),
                        fault: None,
                        fallbacks: 0,
                    })
                    .collect(),
                actions: Vec::new(),
            };
            assert!(store.finish_match(&m.id, &result).await.unwrap());
            for (seat, player) in m.seats.iter().enumerate() {
                if player.name != alice_name {
                    continue;
                }
                for (other, them) in m.seats.iter().enumerate() {
                    if them.bot_id == player.bot_id {
                        continue;
                    }
                    let r = records.entry(them.bot_id.clone()).or_default();
                    r.matches += 1;
                    match ranks[seat].cmp(&ranks[other]) {
                        std::cmp::Ordering::Less => r.wins += 1,
                        std::cmp::Ordering::Equal => r.draws += 1,
                        std::cmp::Ordering::Greater => r.losses += 1,
                    }
                }
            }
        }
    }
}

async fn world() -> World {
    let db = TempDb::new();
    let store = Store::open(&db.url()).await.unwrap();
    let (alice, bob) = (http_bot("alice"), http_bot("bob"));
    store.insert_bot(&alice).await.unwrap();
    store.insert_bot(&bob).await.unwrap();
    let greedy = store.ensure_house_bot("durak", "greedy").await.unwrap();
    let random = store.ensure_house_bot("durak", "random").await.unwrap();
    let (a, b) = (alice.id.as_str(), bob.id.as_str());
    let mut played = 0;
    let mut records = HashMap::new();
    // 7 ladder matches at three seats, 5 practice matches against greedy, one of Bob's alone.
    let mut queued = Vec::new();
    for seed in 0..7 {
        queued.push(new_match(MatchKind::Ladder, seed, &[a, b, &greedy]));
    }
    for seed in 7..12 {
        queued.push(new_match(MatchKind::Practice, seed, &[a, &greedy]));
    }
    queued.push(new_match(MatchKind::Practice, 12, &[b, &random]));
    store.create_matches(&queued).await.unwrap();
    finish_queued(&store, &mut played, &mut records).await;
    // A cup: a house stage of 4 matches each against random.
    let spec = serde_json::from_value(json!({
        "name": "Findable cup",
        "game": "durak",
        "stages": [{"kind": "house", "opponents": ["random"], "matches": 4}],
    }))
    .unwrap();
    let cup = tournament::create(&store, spec).await.unwrap();
    tournament::enter(&store, &cup, a).await.unwrap();
    tournament::enter(&store, &cup, b).await.unwrap();
    tournament::advance(&store, &cup).await.unwrap();
    finish_queued(&store, &mut played, &mut records).await;
    // And one more ladder match, so the cup's are not the newest.
    store
        .create_matches(&[new_match(MatchKind::Ladder, 99, &[a, &random])])
        .await
        .unwrap();
    finish_queued(&store, &mut played, &mut records).await;

    let alices = store
        .matches_of_bot(a, 1000)
        .await
        .unwrap()
        .into_iter()
        .map(|m| {
            let kind = match m.kind.as_str() {
                "ladder" => MatchKind::Ladder,
                "practice" => MatchKind::Practice,
                _ => MatchKind::Tournament,
            };
            (m.id, kind)
        })
        .collect::<Vec<_>>();
    assert_eq!(alices.len(), 7 + 5 + 4 + 1);

    let mut config = ServeConfig::new("127.0.0.1:0".parse().unwrap(), db.url());
    config.ladder_interval = None;
    let server = Server::start(config).await;
    World {
        server,
        store,
        alice: alice.id,
        bob: bob.id,
        tournament: cup,
        alices,
        records,
        _db: db,
    }
}

/// GETs a page: status and body.
async fn get(server: &Server, path: &str) -> (StatusCode, String, String) {
    let response = server.http.get(server.url(path)).send().await.unwrap();
    let status = response.status();
    let content_type = response
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_string();
    (status, content_type, response.text().await.unwrap())
}

/// A page that must be there.
async fn page(server: &Server, path: &str) -> String {
    let (status, content_type, body) = get(server, path).await;
    assert_eq!(status, StatusCode::OK, "{path}: {body}");
    assert!(
        content_type.starts_with("text/html"),
        "{path}: {content_type}"
    );
    body
}

/// Every `href="…"` in `html` (as written, entities decoded for `&amp;`).
fn hrefs(html: &str) -> Vec<String> {
    html.split("href=\"")
        .skip(1)
        .filter_map(|rest| rest.split('"').next())
        .map(|h| h.replace("&amp;", "&").replace("&#38;", "&"))
        .collect()
}

/// The match ids linked from the first table of `class` in `html`, in order.
fn listed_matches(html: &str, class: &str) -> Vec<String> {
    // The first table whose classes include `class` ("matches stack").
    let Some(start) = html
        .match_indices("<table class=\"")
        .map(|(at, _)| at)
        .find(|&at| {
            let classes = &html[at + 14..];
            let classes = &classes[..classes.find('"').unwrap_or(0)];
            classes.split_whitespace().any(|c| c == class)
        })
    else {
        return Vec::new();
    };
    let table = &html[start..start + html[start..].find("</table>").unwrap()];
    hrefs(table)
        .into_iter()
        .filter_map(|h| h.strip_prefix("/matches/").map(str::to_string))
        .collect()
}

/// The pager's link of `class` ("older", "newer", "newest"), if any.
fn pager_link(html: &str, class: &str) -> Option<String> {
    let at = html.find(&format!("<a class=\"{class}\" href=\""))?;
    hrefs(&html[at..]).into_iter().next()
}

#[tokio::test]
async fn a_bot_page_pages_through_all_its_matches_filtered_by_kind_or_stage() {
    let w = world().await;
    let base = format!("/bots/{}", w.alice);
    // Every match, newest first, five to a page, through the "older" links, then back.
    let mut seen = Vec::new();
    let mut path = format!("{base}?per_page=5");
    let mut pages = Vec::new();
    loop {
        let html = page(&w.server, &path).await;
        let ids = listed_matches(&html, "matches");
        assert!(!ids.is_empty() && ids.len() <= 5, "{path}: {ids:?}");
        seen.extend(ids);
        pages.push(path.clone());
        match pager_link(&html, "older") {
            Some(next) => path = next,
            None => break,
        }
    }
    let all: Vec<String> = w.alices.iter().map(|(id, _)| id.clone()).collect();
    assert_eq!(seen, all, "the pages in order cover every match once");
    assert_eq!(pages.len(), 4);
    // The last page's "newer" link leads to the page before it.
    let last = page(&w.server, &pages[3]).await;
    let newer = pager_link(&last, "newer").expect("a newer link");
    assert_eq!(
        listed_matches(&page(&w.server, &newer).await, "matches"),
        all[10..15].to_vec()
    );
    let newest = format!("{base}?per_page=5");
    assert_eq!(
        pager_link(&last, "newest").as_deref(),
        Some(newest.as_str())
    );

    // One kind at a time.
    for (kind, name) in [
        (MatchKind::Practice, "practice"),
        (MatchKind::Ladder, "ladder"),
        (MatchKind::Tournament, "tournament"),
    ] {
        let html = page(&w.server, &format!("{base}?kind={name}")).await;
        let wanted: Vec<String> = w
            .alices
            .iter()
            .filter(|(_, k)| *k == kind)
            .map(|(id, _)| id.clone())
            .collect();
        assert_eq!(listed_matches(&html, "matches"), wanted, "{name}");
        assert!(
            html.contains(&format!("<option value=\"{name}\" selected>")),
            "{name}"
        );
    }
    // The stage's matches, as the standings link them.
    let html = page(
        &w.server,
        &format!("{base}?tournament={}&stage=0", w.tournament),
    )
    .await;
    let stage: Vec<String> = w
        .alices
        .iter()
        .filter(|(_, k)| *k == MatchKind::Tournament)
        .map(|(id, _)| id.clone())
        .collect();
    assert_eq!(listed_matches(&html, "matches"), stage);
    assert!(html.contains("stage 1 of Findable cup"), "{html}");
}

#[tokio::test]
async fn a_bot_page_shows_its_record_against_each_opponent() {
    let w = world().await;
    let html = page(&w.server, &format!("/bots/{}", w.alice)).await;
    assert!(!w.records.is_empty());
    for (opponent, r) in &w.records {
        let row_at = html
            .find(&format!("<tr data-bot=\"{opponent}\">"))
            .unwrap_or_else(|| panic!("no row for {opponent}"));
        let row = &html[row_at..row_at + html[row_at..].find("</tr>").unwrap()];
        let numbers: Vec<u64> = row
            .split("<td class=\"num\" data-label=")
            .skip(1)
            .map(|cell| {
                let text = cell.split_once('>').unwrap().1;
                text.split('<').next().unwrap().parse().unwrap()
            })
            .collect();
        assert_eq!(
            numbers,
            [r.matches, r.wins, r.draws, r.losses],
            "against {opponent}"
        );
    }
    let (rivals, over) = w.store.rivalries(&w.alice, None, 2000).await.unwrap();
    assert_eq!(rivals.len(), w.records.len());
    assert_eq!(over, w.alices.len() as u64);
    // Against Bob only the ladder counts: they met nowhere else.
    let (ladder, over) = w
        .store
        .rivalries(&w.alice, Some(MatchKind::Ladder), 2000)
        .await
        .unwrap();
    assert_eq!(over, 8);
    let bob = ladder.iter().find(|r| r.bot_id == w.bob).expect("Bob");
    assert_eq!(bob.matches, w.records[&w.bob].matches);
    let (practice, _) = w
        .store
        .rivalries(&w.alice, Some(MatchKind::Practice), 2000)
        .await
        .unwrap();
    assert!(practice.iter().all(|r| r.bot_id != w.bob), "{practice:?}");
}

#[tokio::test]
async fn bad_list_parameters_are_400_pages_and_unknown_ones_404() {
    let w = world().await;
    for query in [
        "kind=blitz",
        "per_page=0",
        "per_page=1000",
        "before=x",
        "before=1&after=2",
        "stage=0",
        "tournament=x",
        "colour=red",
        "kind=ladder&kind=practice",
        "game=durak",
    ] {
        let (status, content_type, body) =
            get(&w.server, &format!("/bots/{}?{query}", w.alice)).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{query}: {body}");
        assert!(content_type.starts_with("text/html"), "{query}");
        assert!(body.contains("Bad request"), "{query}: {body}");
    }
    for query in ["game=chess", "kind=x", "stage=1", "bot=x"] {
        let (status, _, body) = get(&w.server, &format!("/matches?{query}")).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{query}: {body}");
    }
    let (status, _, _) = get(&w.server, "/matches?tournament=nope&stage=0").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _, _) = get(
        &w.server,
        &format!("/bots/{}?tournament=nope&stage=0", w.alice),
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn the_tournament_page_and_the_leaderboard_link_the_matches() {
    let w = world().await;
    let t = &w.tournament;
    let html = page(&w.server, &format!("/tournaments/{t}")).await;
    let links = hrefs(&html);
    let stage_list = format!("/matches?tournament={t}&stage=0");
    assert!(links.contains(&stage_list), "{links:?}");
    for bot in [&w.alice, &w.bob] {
        let own = format!("/bots/{bot}?tournament={t}&stage=0#matches");
        assert!(links.contains(&own), "no {own} in {links:?}");
    }
    // The stage's list: every match of the stage, newest first, each seat linked.
    let list = page(&w.server, &stage_list).await;
    let listed = listed_matches(&list, "match-list");
    let stage_matches: Vec<String> = w
        .store
        .browse_matches(
            &cardarena_store::MatchFilter {
                stage: Some((t.clone(), 0)),
                ..Default::default()
            },
            Default::default(),
            100,
        )
        .await
        .unwrap()
        .matches
        .into_iter()
        .map(|(_, m)| m.id)
        .collect();
    assert_eq!(listed.len(), 8);
    assert_eq!(listed, stage_matches);
    assert!(list.contains("Findable cup: stage 1 matches"), "{list}");

    // The leaderboard links each game's recent matches; durak's are its matches newest first.
    let board = page(&w.server, "/").await;
    let links = hrefs(&board);
    for game in cardarena_bots::game_ids() {
        assert!(
            links.contains(&format!("/matches?game={game}")),
            "no recent matches of {game}"
        );
    }
    let recent = page(&w.server, "/matches?game=durak&per_page=3").await;
    let mut all_durak = w
        .alices
        .iter()
        .map(|(id, _)| id.clone())
        .collect::<Vec<_>>();
    all_durak.truncate(1);
    let listed = listed_matches(&recent, "match-list");
    assert_eq!(listed.len(), 3);
    assert_eq!(listed[..1], all_durak[..], "the newest first");
    assert!(pager_link(&recent, "older").is_some());
    let (status, _, _) = get(&w.server, "/matches?game=bridge").await;
    assert_eq!(status, StatusCode::OK);
}

#[tokio::test]
async fn every_doc_the_header_links_is_html_and_its_links_between_docs_land() {
    let w = world().await;
    let home = page(&w.server, "/").await;
    let header = &home[..home.find("</header>").unwrap()];
    let docs: BTreeSet<String> = hrefs(header)
        .into_iter()
        .filter(|h| h.starts_with("/docs"))
        .collect();
    for wanted in ["/docs/writing-a-bot", "/docs/protocol", "/docs/api"] {
        assert!(docs.contains(wanted), "the header lacks {wanted}: {docs:?}");
    }
    // The header's rules are the players' guides; each guide links its game's docs.
    let guides: BTreeSet<String> = hrefs(header)
        .into_iter()
        .filter(|h| h.starts_with("/rules/"))
        .collect();
    for game in cardarena_bots::game_ids() {
        let guide = format!("/rules/{game}");
        assert!(
            guides.contains(&guide),
            "the header lacks {guide}: {guides:?}"
        );
        assert!(
            page(&w.server, &guide)
                .await
                .contains(&format!("/docs/games/{game}")),
            "{guide} links the game's docs"
        );
    }
    let base = url::Url::parse(&w.server.url("/")).unwrap();
    let mut checked = 0;
    let mut bodies: HashMap<String, String> = HashMap::new();
    for doc in &docs {
        let html = page(&w.server, doc).await;
        // No script but the header's menu, which every page loads (the import map, every
        // page's too, is JSON: no script runs from it).
        let scripts =
            html.matches("<script").count() - html.matches("<script type=\"importmap\">").count();
        let menu = html.matches("<script src=\"/static/menu.js?v=").count();
        assert_eq!((scripts, menu), (1, 1), "{doc}");
        bodies.insert(doc.clone(), html);
    }
    for (doc, html) in bodies.clone() {
        let here = base.join(&doc).unwrap();
        let Some(at) = html.find("<article class=\"doc\"") else {
            assert_eq!(doc, "/docs", "{doc} has no article");
            continue;
        };
        let article = &html[at..];
        for href in hrefs(article) {
            let target = here.join(&href).unwrap();
            if target.host_str() != base.host_str() {
                continue;
            }
            let path = target.path().to_string();
            assert!(
                path.starts_with("/docs/"),
                "{doc} links {href} outside the docs"
            );
            let body = match bodies.get(&path) {
                Some(body) => body.clone(),
                None => {
                    let body = page(&w.server, &path).await;
                    bodies.insert(path.clone(), body.clone());
                    body
                }
            };
            if let Some(anchor) = target.fragment() {
                assert!(
                    body.contains(&format!("id=\"{anchor}\"")),
                    "{doc} links {href}: no #{anchor} in {path}"
                );
            }
            checked += 1;
        }
    }
    assert!(checked > 20, "only {checked} links between docs");
    let (status, _, _) = get(&w.server, "/docs/secrets").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _, _) = get(&w.server, "/docs/..%2Fsecrets").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_house_opponent_cannot_be_entered() {
    let w = world().await;
    let spec = serde_json::from_value(json!({
        "name": "Mirror cup",
        "game": "durak",
        "stages": [{"kind": "house", "opponents": ["greedy"], "matches": 2}],
    }))
    .unwrap();
    let cup = tournament::create(&w.store, spec).await.unwrap();
    let greedy = w.store.ensure_house_bot("durak", "greedy").await.unwrap();
    let random = w.store.ensure_house_bot("durak", "random").await.unwrap();
    let refused = tournament::enter(&w.store, &cup, &greedy).await;
    assert!(
        matches!(
            refused,
            Err(TournamentError::Invalid {
                kind: "house_opponent",
                ..
            })
        ),
        "{refused:?}"
    );
    tournament::enter(&w.store, &cup, &random).await.unwrap();
}
