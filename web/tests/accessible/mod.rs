//! The pages are usable by anyone, checked in headless Chromium against the real server on
//! loopback with a temporary SQLite file: axe-core finds no serious or critical violation on any
//! kind of page at a phone's width (390 px) or a laptop's (1280 px); cards are named as a
//! person says them ("10 of hearts"); and a whole durak game is played with the keyboard alone,
//! the focus visible at every step. Screenshots go to `target/test-artefacts/accessible/`.

use crate::support;

use cardarena_testkit::chromium;

use cardarena_testkit::axe;

use crate::play::seat;

mod keyboard;

use std::path::PathBuf;
use std::time::{Duration, Instant};

use cardarena_web::app::ServeConfig;
use chromium::Browser;
use reqwest::StatusCode;
use serde_json::{Value, json};
use support::{Server, TempDb, pacing_bot, test_bots};

/// A phone held upright.
const PHONE: (u32, u32) = (390, 844);

/// A laptop.
const LAPTOP: (u32, u32) = (1280, 800);

/// The organiser's token of the tests' server.
const ADMIN: &str = "accessible-organiser";

/// How long the demo cup and the practice matches may take.
const FINISH_TIMEOUT: Duration = Duration::from_secs(180);

/// How long the live match's bot thinks before each answer: the match stays live while its
/// page is checked.
const LIVE_THINK: Duration = Duration::from_millis(1500);

/// Where the screenshots go.
fn artefacts() -> PathBuf {
    chromium::artefacts("accessible")
}

/// A server as `serve --demo` runs it (its cup's bots answering at once), giving bots time to
/// think the live match's moves.
async fn demo_server(db: &TempDb) -> Server {
    let mut config = ServeConfig::new("127.0.0.1:0".parse().unwrap(), db.url());
    config.demo = true;
    config.demo_think = Duration::ZERO;
    config.deadline_ms = 5000;
    config.admin_token = Some(ADMIN.to_string());
    Server::start(config).await
}

/// Polls `GET {path}` until `done` says its answer is final; gives it.
async fn until(server: &Server, path: &str, done: impl Fn(&Value) -> bool) -> Value {
    support::until(FINISH_TIMEOUT, &format!("{path} not done"), async || {
        let (status, body) = server.get(path).await;
        assert_eq!(status, StatusCode::OK, "{path}: {body}");
        done(&body).then_some(body)
    })
    .await
}

/// A page to check: its name (for messages and screenshots), path, and what shows it is drawn.
struct Page {
    name: &'static str,
    path: String,
    drawn: Drawn,
}

/// What shows that a page's script has drawn it.
enum Drawn {
    /// Server-rendered: loaded is drawn.
    Loaded,
    /// An element matching the selector exists.
    Shows(&'static str),
    /// Every element matching the selector has been refreshed from the API.
    Refreshed(&'static str),
    /// A person's seat at their turn or at the end.
    Seat,
}

/// Opens `page` afresh in a window of `window` px and waits until it is drawn.
async fn open(browser: &Browser, server: &Server, page: &Page, window: (u32, u32)) {
    browser.resize(window).await;
    browser.open("about:blank").await;
    browser.open(&server.url(&page.path)).await;
    match page.drawn {
        Drawn::Loaded => {}
        Drawn::Shows(css) => {
            let start = Instant::now();
            while browser.count(css).await == 0 {
                assert!(
                    start.elapsed() < Duration::from_secs(30),
                    "{} never shows {css}",
                    page.name
                );
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        }
        Drawn::Refreshed(css) => {
            browser.wait_refreshed(css).await;
        }
        Drawn::Seat => {
            seat::decision(browser).await;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn no_page_breaks_a_serious_or_critical_rule_on_a_phone_or_a_laptop() {
    let db = TempDb::new();
    let server = demo_server(&db).await;
    let bots = test_bots().await;
    let rated = server.register("accessible-bot", &bots.url("/good")).await;
    let finished = server.practice(&rated, 1, &["random"]).await;
    let slow = server
        .register("slow-bot", &pacing_bot(LIVE_THINK).await)
        .await;
    let live = server.practice(&slow, 1, &["greedy"]).await;
    let table = seat::open_table(
        &server,
        json!({"game": "durak", "seats": ["person", "greedy"]}),
    )
    .await;
    let seat_url = table["seats"][0]["url"].as_str().unwrap().to_string();
    let seat_path = seat_url.trim_start_matches(&server.url(""));
    until(&server, &format!("/api/matches/{}", finished[0]), |m| {
        m["status"] == "finished"
    })
    .await;
    until(&server, &format!("/api/matches/{}", live[0]), |m| {
        m["status"] == "running"
    })
    .await;
    let cups = until(&server, "/api/tournaments", |l| {
        l.as_array().is_some_and(|l| !l.is_empty())
    })
    .await;
    let cup = cups[0]["id"].as_str().unwrap().to_string();
    let pages = [
        // First, while it is surely still being played.
        Page {
            name: "live-match",
            path: format!("/matches/{}", live[0]),
            drawn: Drawn::Shows("#table .card"),
        },
        Page {
            name: "leaderboard",
            path: "/".into(),
            drawn: Drawn::Refreshed("table.leaderboard"),
        },
        Page {
            name: "bot",
            path: format!("/bots/{}", rated["id"].as_str().unwrap()),
            drawn: Drawn::Loaded,
        },
        Page {
            name: "matches",
            path: "/matches".into(),
            drawn: Drawn::Loaded,
        },
        Page {
            name: "match",
            path: format!("/matches/{}", finished[0]),
            drawn: Drawn::Shows("#table .card"),
        },
        Page {
            name: "tournaments",
            path: "/tournaments".into(),
            drawn: Drawn::Loaded,
        },
        Page {
            name: "tournament",
            path: format!("/tournaments/{cup}"),
            drawn: Drawn::Refreshed("article.tournament"),
        },
        Page {
            name: "play-form",
            path: "/play".into(),
            drawn: Drawn::Loaded,
        },
        Page {
            name: "seat",
            path: seat_path.to_string(),
            drawn: Drawn::Seat,
        },
        Page {
            name: "join",
            path: "/join".into(),
            drawn: Drawn::Shows("form"),
        },
        Page {
            name: "me",
            path: "/me".into(),
            drawn: Drawn::Shows("article.my-bot"),
        },
        Page {
            name: "docs",
            path: "/docs".into(),
            drawn: Drawn::Loaded,
        },
        Page {
            name: "doc",
            path: "/docs/writing-a-bot".into(),
            drawn: Drawn::Loaded,
        },
        Page {
            name: "rules",
            path: "/rules/durak".into(),
            drawn: Drawn::Shows(".guide .card"),
        },
    ];
    let source = axe::source();
    let browser = Browser::start().await;
    // /me lists the bots this browser keeps: it keeps the rated one, as /join would have.
    browser.open(&server.url("/me")).await;
    let kept = json!([{
        "id": rated["id"], "name": rated["name"], "game": rated["game"], "token": rated["token"],
    }]);
    browser
        .script(&format!(
            "localStorage.setItem('cardarena.my-bots', {}); return null;",
            json!(kept.to_string())
        ))
        .await;
    let mut grave = Vec::new();
    let mut lesser = Vec::new();
    for page in &pages {
        for window in [PHONE, LAPTOP] {
            open(&browser, &server, page, window).await;
            let at = format!("{} at {} px", page.name, window.0);
            let found = axe::check(&browser, &source).await;
            let shot = artefacts().join(format!("{}-{}.png", page.name, window.0));
            browser.screenshot(&shot).await;
            for violation in found {
                let line = format!("{at}: {}", violation.describe());
                if violation.grave() {
                    grave.push(line)
                } else {
                    lesser.push(line)
                }
            }
        }
        if page.name == "live-match" {
            // It really was live when checked, else the live page went unchecked.
            let (_, m) = server.get(&format!("/api/matches/{}", live[0])).await;
            assert_eq!(m["status"], "running", "the live match ended while checked");
        }
    }
    for line in &lesser {
        eprintln!("axe, minor or moderate: {line}");
    }
    assert!(
        grave.is_empty(),
        "serious or critical violations:\n{}",
        grave.join("\n")
    );
    browser.close().await;
}

/// What a card's accessible name must be: "10 of hearts", "queen of spades", "red joker".
fn spoken(card: &str) -> String {
    match card {
        "RJ" => return "red joker".into(),
        "BJ" => return "black joker".into(),
        _ => {}
    }
    let (rank, suit) = card.split_at(card.len() - 1);
    let suit = match suit {
        "H" => "hearts",
        "D" => "diamonds",
        "C" => "clubs",
        "S" => "spades",
        _ => panic!("no suit in {card}"),
    };
    let rank = match rank {
        "J" => "jack",
        "Q" => "queen",
        "K" => "king",
        "A" => "ace",
        number => number,
    };
    format!("{rank} of {suit}")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn cards_are_named_as_a_person_says_them_on_the_match_page_and_in_the_hand() {
    let db = TempDb::new();
    let server = seat::server(&db).await;
    let bots = test_bots().await;
    let matches = server
        .short_match_of_every_game("named", &bots.url("/good"))
        .await;
    let source = axe::source();
    let browser = Browser::start().await;
    let mut wrong = Vec::new();
    for (game, id) in &matches {
        server.finished_match(id).await;
        let page = Page {
            name: "match",
            // Prší with the French deck here, whose names `spoken` knows (decks.rs checks
            // the German deck's).
            path: format!("/matches/{id}?eye=0&deck-prsi=french#step=1"),
            drawn: Drawn::Shows("#table .card"),
        };
        open(&browser, &server, &page, LAPTOP).await;
        axe::check(&browser, &source).await;
        let faces = browser.attrs("#table .card[data-card]", "data-card").await;
        let names = axe::names(&browser, "#table .card[data-card]").await;
        assert!(!faces.is_empty(), "{game}: no face-up card at step 1");
        for (card, name) in faces.iter().zip(&names) {
            let want = spoken(card);
            if name != &want {
                wrong.push(format!(
                    "{game}: card {card} is named {name:?}, not {want:?}"
                ));
            }
        }
        let backs = axe::names(&browser, "#table .card.back").await;
        for name in backs.iter().filter(|n| !n.contains("face-down")) {
            wrong.push(format!("{game}: a face-down card is named {name:?}"));
        }
    }
    let table = seat::open_table(
        &server,
        json!({"game": "durak", "seats": ["person", "greedy"]}),
    )
    .await;
    let page = Page {
        name: "seat",
        path: table["seats"][0]["url"]
            .as_str()
            .unwrap()
            .trim_start_matches(&server.url(""))
            .to_string(),
        drawn: Drawn::Seat,
    };
    open(&browser, &server, &page, LAPTOP).await;
    axe::check(&browser, &source).await;
    let hand = browser
        .attrs("#table .hand[data-seat] [data-card]", "data-card")
        .await;
    let names = axe::names(&browser, "#table .hand[data-seat] [data-card]").await;
    assert_eq!(hand.len(), 6, "a durak hand of six: {hand:?}");
    let legal = browser
        .attrs("#table .hand[data-seat] [data-card]", "data-legal")
        .await;
    assert!(
        legal.iter().any(|l| l == "true"),
        "no playable card: {legal:?}"
    );
    for ((card, name), legal) in hand.iter().zip(&names).zip(&legal) {
        // A playable card is a button whose name starts with the rank printed on it.
        let rank = card.trim_end_matches(['H', 'D', 'C', 'S']);
        if !name.ends_with(&spoken(card)) || (legal == "true" && !name.starts_with(rank)) {
            wrong.push(format!("the hand's {card} is named {name:?}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    browser.close().await;
}
