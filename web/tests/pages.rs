//! The pages against the real thing: a temporary SQLite file filled through the store's own
//! methods, the pages' router served on a free port, read over HTTP with reqwest and, for what
//! only a browser shows (the live leaderboard's script), in headless Chromium.

use cardarena_testkit::chromium;

use std::path::PathBuf;

use cardarena_engine::Game;
use cardarena_engine::games::durak::{Durak, DurakOptions};
use cardarena_engine::phrase::english::{self, Names};
use cardarena_store::{BotKind, FinishedSeat, MatchResult, NewBot, NewMatch, SavedAction, Store};
use cardarena_web::app::{ServeConfig, start};
use serde_json::json;

/// A bot name that is markup, to check it is never treated as such.
const SNEAKY: &str = "<script>alert(1)</script> Mallory";
/// The same name as escaped HTML text.
const SNEAKY_ESCAPED: &str = "&lt;script&gt;alert(1)&lt;/script&gt; Mallory";
/// What Mallory's replacement said with the first move of the first match.
const SAY: &str = "Beat that, Morty!";
/// Mallory's fault in the first match.
const FAULT_DETAIL: &str = "no answer within 1000 ms";

/// A database file in the temporary directory, removed (with its WAL and key files) when dropped.
pub(crate) struct TempDb(PathBuf);

impl Drop for TempDb {
    fn drop(&mut self) {
        for suffix in ["", "-wal", "-shm", ".key"] {
            let mut path = self.0.clone().into_os_string();
            path.push(suffix);
            let _ = std::fs::remove_file(path);
        }
    }
}

/// A server with two rated durak matches among Mallory (an HTTP bot whose name is a script
/// tag), greedy and random, and one HTTP bot that never played.
pub(crate) struct Arena {
    pub(crate) base: String,
    pub(crate) store: Store,
    pub(crate) mallory: String,
    pub(crate) greedy: String,
    pub(crate) random: String,
    pub(crate) idle: String,
    /// Mallory faults (timeout) and loses; random says [`SAY`] with the first move.
    pub(crate) first: String,
    pub(crate) second: String,
    _db: TempDb,
}

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

fn seat(rank: u32, score: f64) -> FinishedSeat {
    FinishedSeat {
        rank,
        score,
        fault: None,
        fallbacks: 0,
    }
}

/// The first `count` moves of the durak deal `deck` among three seats, each the first legal
/// action (a stored log must replay), the first with `say`.
fn real_moves(deck: u64, count: usize, say: Option<&str>) -> Vec<SavedAction> {
    let options = DurakOptions {
        deck_number: Some(deck),
        ..DurakOptions::default()
    };
    let mut game = Durak::new(&options, 3, deck).unwrap();
    (0..count)
        .map(|index| {
            let seat = game.to_act().unwrap();
            let action = game.legal_actions()[0];
            game.apply(&action).unwrap();
            SavedAction {
                seat,
                action: serde_json::to_value(action).unwrap(),
                say: say.filter(|_| index == 0).map(str::to_string),
            }
        })
        .collect()
}

/// The words the match page shows for the moves of [`real_moves`]: the game's own
/// (`Game::describe`, read against the game before each move) in English, the seats' bots named
/// (`names` by seat).
fn shown_moves(deck: u64, count: usize, names: &[&str]) -> Vec<String> {
    let names: Vec<String> = names.iter().map(|n| n.to_string()).collect();
    let options = DurakOptions {
        deck_number: Some(deck),
        ..DurakOptions::default()
    };
    let mut game = Durak::new(&options, 3, deck).unwrap();
    (0..count)
        .map(|_| {
            let action = game.legal_actions()[0];
            let words = english::words(&game.describe(&action), &Names::new(&names, None));
            game.apply(&action).unwrap();
            words
        })
        .collect()
}

/// The bot names of the seats, in the arena's seating.
const SEATED: [&str; 3] = [SNEAKY_ESCAPED, "greedy@durak", "random@durak"];

pub(crate) async fn arena() -> Arena {
    let path = std::env::temp_dir().join(format!("cardarena-pages-{}.db", uuid::Uuid::new_v4()));
    let db = TempDb(path.clone());
    let store = Store::open(&format!("sqlite://{}", path.display()))
        .await
        .expect("the store opens");

    let mallory = http_bot(SNEAKY);
    let idle = http_bot("Idle Ivan");
    store.insert_bot(&mallory).await.expect("Mallory registers");
    store.insert_bot(&idle).await.expect("Ivan registers");
    let greedy = store.ensure_house_bot("durak", "greedy").await.unwrap();
    let random = store.ensure_house_bot("durak", "random").await.unwrap();
    let seats = vec![mallory.id.clone(), greedy.clone(), random.clone()];
    let new_match = |seed| {
        NewMatch::ladder(
            "durak",
            json!({"deck_number": seed}),
            seed,
            1000,
            seats.clone(),
        )
    };
    let ids = store
        .create_matches(&[new_match(60493), new_match(24227)])
        .await
        .expect("matches queue");
    assert_eq!(store.claim_queued(10, 4, "test").await.unwrap().len(), 2);

    let first = MatchResult {
        seats: vec![
            FinishedSeat {
                rank: 2,
                score: 0.0,
                fault: Some(("timeout".to_string(), FAULT_DETAIL.to_string())),
                fallbacks: 0,
            },
            seat(1, 1.0),
            seat(1, 1.0),
        ],
        actions: real_moves(60493, 4, Some(SAY)),
    };
    assert!(store.finish_match(&ids[0], &first).await.unwrap());
    let second = MatchResult {
        seats: vec![seat(1, 1.0), seat(2, 0.0), seat(1, 1.0)],
        actions: real_moves(24227, 2, None),
    };
    assert!(store.finish_match(&ids[1], &second).await.unwrap());

    // The whole app (API and pages) on the same database, with no ladder to move the ratings.
    let mut config = ServeConfig::new(
        "127.0.0.1:0".parse().unwrap(),
        format!("sqlite://{}", path.display()),
    );
    config.ladder_interval = None;
    let running = start(config).await.expect("the server starts");
    let base = format!("http://{}", running.addr);

    Arena {
        base,
        store,
        mallory: mallory.id,
        greedy,
        random,
        idle: idle.id,
        first: ids[0].clone(),
        second: ids[1].clone(),
        _db: db,
    }
}

/// A page as (status, content type, body).
async fn get_page(url: &str) -> (u16, String, String) {
    let response = reqwest::get(url).await.expect("the server answers");
    let status = response.status().as_u16();
    let content_type = response
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_string();
    (status, content_type, response.text().await.expect("a body"))
}

/// The body of a page that must be there, as HTML, with `<` and `>` escaped by name (askama
/// writes `&#60;`, a browser `&lt;`: the same text).
async fn html(url: &str) -> String {
    let (status, content_type, body) = get_page(url).await;
    assert_eq!(status, 200, "{url}: {body}");
    assert!(
        content_type.starts_with("text/html"),
        "{url}: {content_type}"
    );
    named_entities(&body)
}

fn named_entities(html: &str) -> String {
    html.replace("&#60;", "&lt;").replace("&#62;", "&gt;")
}

fn assert_contains(body: &str, wanted: &[&str]) {
    for w in wanted {
        assert!(body.contains(w), "missing {w:?} in:\n{body}");
    }
}

#[tokio::test]
async fn the_leaderboard_lists_the_rated_bots_best_first() {
    let arena = arena().await;
    let body = html(&format!("{}/", arena.base)).await;
    let rows = arena.store.leaderboard("durak").await.unwrap();
    assert_eq!(rows.len(), 3);
    let mut last = 0;
    for row in &rows {
        let link = format!("<a href=\"/bots/{}\">", row.bot_id);
        let at = body
            .find(&link)
            .unwrap_or_else(|| panic!("no {link} in:\n{body}"));
        assert!(at > last, "{} is out of order in:\n{body}", row.name);
        last = at;
        let numbers = [
            format!("{:.2}", row.skill.rating()),
            format!("{:.2}", row.skill.mu),
            format!("{:.2}", row.skill.sigma),
        ];
        let row_html = &body[at..at + body[at..].find("</tr>").unwrap()];
        for n in &numbers {
            assert!(row_html.contains(n), "{n} not in {row_html}");
        }
        let counts = format!(
            "<td class=\"num\">{}</td><td class=\"num opt\">{}</td><td class=\"num\">{}/{}</td>",
            row.matches, row.wins, row.recent_faults, row.recent_matches
        );
        assert!(row_html.contains(&counts), "{counts} not in {row_html}");
    }
    assert_contains(
        &body,
        &[
            "greedy@durak",
            "random@durak",
            SNEAKY_ESCAPED,
            "data-game=\"durak\"",
            "/static/live.js",
            "<link rel=\"stylesheet\" href=\"/static/style.css?v=",
        ],
    );
    assert!(!body.contains("<script>alert"), "{body}");
    assert!(!body.contains("Idle Ivan"), "an unrated bot is listed");
}

#[tokio::test]
async fn the_game_picker_shows_one_game_and_refuses_an_unknown_one() {
    let arena = arena().await;
    let body = html(&format!("{}/?game=durak", arena.base)).await;
    assert_contains(&body, &["greedy@durak", "data-game=\"durak\""]);
    let (status, content_type, body) = get_page(&format!("{}/?game=chess", arena.base)).await;
    assert_eq!(status, 404, "{body}");
    assert!(content_type.starts_with("text/html"), "{content_type}");
    assert_contains(&body, &["Not found", "chess"]);
}

#[tokio::test]
async fn a_bot_page_shows_its_rating_history_matches_and_faults() {
    let arena = arena().await;
    let body = html(&format!("{}/bots/{}", arena.base, arena.mallory)).await;
    let rating = arena
        .store
        .rating_of(&arena.mallory)
        .await
        .unwrap()
        .unwrap();
    let match_link = |id: &str| format!("<a href=\"/matches/{id}\">");
    assert_contains(
        &body,
        &[
            &format!("<h1>{SNEAKY_ESCAPED}</h1>"),
            "<dd>http</dd>",
            "<code>http://127.0.0.1:9/bot</code>",
            &format!("{:.2}", rating.skill.rating()),
            &format!("{:.2}", rating.skill.mu),
            &format!("{:.2}", rating.skill.sigma),
            "<path class=\"mu\" d=\"M",
            "Its 2 rated matches",
            &match_link(&arena.first),
            &match_link(&arena.second),
            &format!("<a href=\"/bots/{}\">greedy@durak</a>", arena.greedy),
            &format!("<a href=\"/bots/{}\">random@durak</a>", arena.random),
            "<span class=\"fault\">timeout</span>",
            FAULT_DETAIL,
        ],
    );
    assert_eq!(rating.matches, 2);
    assert_eq!(rating.faults, 1);
    assert!(!body.contains("<script>alert"), "{body}");
    // The fault is listed twice: in its match's row and in the list of faults.
    assert_eq!(body.matches(&match_link(&arena.first)).count(), 2, "{body}");
}

#[tokio::test]
async fn a_house_bot_page_and_an_unrated_bot_page() {
    let arena = arena().await;
    let body = html(&format!("{}/bots/{}", arena.base, arena.greedy)).await;
    assert_contains(
        &body,
        &[
            "<h1>greedy@durak</h1>",
            "house bot <code>greedy</code>",
            "No faults among the matches above.",
        ],
    );
    let body = html(&format!("{}/bots/{}", arena.base, arena.idle)).await;
    assert_contains(
        &body,
        &["<h1>Idle Ivan</h1>", "Not rated yet", "No matches yet."],
    );
    assert!(!body.contains("rating-chart"), "{body}");
}

#[tokio::test]
async fn a_match_page_shows_its_seats_and_every_move() {
    let arena = arena().await;
    let body = html(&format!("{}/matches/{}", arena.base, arena.first)).await;
    assert_contains(
        &body,
        &[
            &arena.first,
            "<code>60493</code>",
            "deck_number",
            "ladder, rated",
            "finished",
            SNEAKY_ESCAPED,
            "<span class=\"fault\">timeout</span> no answer within 1000 ms",
            &format!("<q class=\"say\">{SAY}</q>"),
        ],
    );
    let moves = real_moves(60493, 4, Some(SAY));
    // Each move's words, its seats linked to their bots, each card named for a screen reader.
    let shown: Vec<String> = (body.split("<code class=\"action\"").skip(1))
        .map(|code| {
            let inner = &code[code.find('>').unwrap() + 1..code.find("</code>").unwrap()];
            let mut text = String::new();
            let mut in_tag = false;
            for c in inner.chars() {
                match c {
                    '<' => in_tag = true,
                    '>' => in_tag = false,
                    c if !in_tag => text.push(c),
                    _ => {}
                }
            }
            text
        })
        .collect();
    assert_eq!(shown, shown_moves(60493, 4, &SEATED), "{body}");
    assert_contains(&body, &["role=\"img\" aria-label=\"", "<a href=\"/bots/"]);
    assert_eq!(body.matches("<li>").count(), 4, "four moves in:\n{body}");
    // Moves name the seat's bot: the first with its say line.
    let first_move = &body[body.find("<li>").unwrap()..];
    let first_move = &first_move[..first_move.find("</li>").unwrap()];
    assert!(
        first_move.contains(SEATED[moves[0].seat]) && first_move.contains(SAY),
        "{first_move}"
    );
    assert!(!body.contains("<script>alert"), "{body}");
}

#[tokio::test]
async fn unknown_ids_are_404_pages() {
    let arena = arena().await;
    for path in ["/bots/no-such-bot", "/matches/no-such-match"] {
        let (status, content_type, body) = get_page(&format!("{}{path}", arena.base)).await;
        assert_eq!(status, 404, "{path}: {body}");
        assert!(content_type.starts_with("text/html"), "{content_type}");
        assert_contains(&body, &["Not found", "no-such-", "/static/style.css"]);
    }
}

#[tokio::test]
async fn static_files_have_their_type_and_a_cache_header() {
    let arena = arena().await;
    for (path, wanted_type, wanted_text) in [
        ("/static/style.css", "text/css", "table"),
        (
            "/static/live.js",
            "text/javascript",
            "/api/leaderboard?game=",
        ),
        ("/static/menu.js", "text/javascript", "aria-expanded"),
    ] {
        let response = reqwest::get(format!("{}{path}", arena.base)).await.unwrap();
        assert_eq!(response.status().as_u16(), 200, "{path}");
        let header = |name| {
            response
                .headers()
                .get(name)
                .and_then(|v| v.to_str().ok())
                .unwrap_or_default()
                .to_string()
        };
        assert!(header("content-type").starts_with(wanted_type), "{path}");
        assert!(header("cache-control").contains("immutable"), "{path}");
        assert!(
            response.text().await.unwrap().contains(wanted_text),
            "{path}"
        );
    }
    // The pages link each file with its content's FNV-1a hash: a changed file gets a new URL.
    let fnv = |bytes: &[u8]| {
        bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |hash, &b| {
            (hash ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
        })
    };
    let page = reqwest::get(format!("{}/", arena.base))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    // The import map (every page's) sends each module's plain path to its versioned URL.
    let (before, rest) = page
        .split_once("<script type=\"importmap\">")
        .expect("an import map");
    let (map, after) = rest.split_once("</script>").unwrap();
    let map: serde_json::Value = serde_json::from_str(map).expect("the import map is JSON");
    let imports = map["imports"].as_object().unwrap();
    assert!(imports.contains_key("/static/l10n.js"), "{map}");
    let mut linked: Vec<&str> = [before, after]
        .iter()
        .flat_map(|part| part.split('"'))
        .filter(|part| part.starts_with("/static/"))
        .collect();
    assert_eq!(
        linked.len(),
        4,
        "the stylesheet, the words for the scripts, live.js and menu.js: {linked:?}"
    );
    for (path, url) in imports {
        let url = url.as_str().unwrap();
        assert!(url.starts_with(&format!("{path}?v=")), "{path}: {url}");
        linked.push(url);
    }
    for url in linked {
        let (_, version) = url.split_once("?v=").expect("a versioned link");
        let body = reqwest::get(format!("{}{url}", arena.base))
            .await
            .unwrap()
            .bytes()
            .await
            .unwrap();
        assert_eq!(version, fnv(&body).to_string(), "{url}");
    }
}

#[tokio::test]
async fn in_a_browser_the_leaderboard_renders_and_refreshes_itself() {
    let arena = arena().await;
    let browser = chromium::Browser::start().await;
    browser.open(&format!("{}/", arena.base)).await;
    // The script polls every 2 s; the browser is watched until it has redrawn the table.
    let refreshed = browser.wait_refreshed("table.leaderboard").await;
    assert!(refreshed >= 1, "the leaderboard never refreshed");
    let updated = browser.text("#updated").await;
    assert!(
        updated != "page load" && updated.contains(':'),
        "#updated is {updated:?}"
    );
    // The redrawn rows: every rated bot, linked, best first, the name as text.
    let rows = arena.store.leaderboard("durak").await.unwrap();
    let shown = browser
        .table("table.leaderboard[data-game=\"durak\"]")
        .await;
    let links = browser
        .links("table.leaderboard[data-game=\"durak\"] tbody a")
        .await;
    assert_eq!(shown.len(), rows.len() + 1, "{shown:?}");
    assert_eq!(links.len(), rows.len(), "{links:?}");
    for ((row, cells), link) in rows.iter().zip(&shown[1..]).zip(&links) {
        assert_eq!(link.href, format!("/bots/{}", row.bot_id), "{links:?}");
        assert_eq!(link.text, row.name);
        assert_eq!(cells[1], row.name, "{cells:?}");
        assert_eq!(cells[2], format!("{:.2}", row.skill.rating()), "{cells:?}");
    }
    assert!(
        links
            .iter()
            .any(|a| a.text == SNEAKY && a.html == SNEAKY_ESCAPED),
        "{links:?}"
    );
    // No inline script: the import map is JSON, never run.
    assert_eq!(
        browser
            .count("script:not([src]):not([type=importmap])")
            .await,
        0
    );
    let dom = browser.source().await;
    assert!(dom.contains(SNEAKY_ESCAPED), "{dom}");
    assert!(!dom.contains("<script>alert"), "{dom}");
    assert_eq!(browser.count(".stale").await, 0);
    assert!(!dom.contains("stale"), "{dom}");
    browser.close().await;
}

#[tokio::test]
async fn in_a_browser_the_match_page_shows_the_moves_and_the_say_line() {
    let arena = arena().await;
    let browser = chromium::Browser::start().await;
    browser
        .open(&format!("{}/matches/{}", arena.base, arena.first))
        .await;
    // The player draws the moves once its modules (and the page's words) have loaded.
    let actions = until_drawn(&browser, "ol.moves > li > code.action").await;
    let names = [SNEAKY, SEATED[1], SEATED[2]];
    assert_eq!(actions, shown_moves(60493, 4, &names));
    assert_eq!(browser.texts("ol.moves q.say").await, [SAY]);
    assert!(
        browser.text("main").await.contains("random@durak"),
        "no random@durak"
    );
    assert_eq!(browser.count("li").await, 4);
    browser.close().await;
}

/// The texts of `css` once the page's scripts have drawn at least one (a module waits for the
/// page's words before it draws).
async fn until_drawn(browser: &chromium::Browser, css: &str) -> Vec<String> {
    for _ in 0..200 {
        let texts = browser.texts(css).await;
        if !texts.is_empty() {
            return texts;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    panic!("nothing matched {css} in 20 s")
}
