//! The API's errors in the request's language, on the real server over loopback: the same
//! refusals asked for in English, Russian and Czech, by `Accept-Language` and by the `lang`
//! cookie (which wins over the header), keep their status and `error` code, and say their
//! `detail` in that language with `Content-Language` naming it. English stays word for word what
//! it was; English text from outside the API's catalog says it is English.

use crate::support;

use reqwest::header::{
    ACCEPT_LANGUAGE, AUTHORIZATION, CONTENT_LANGUAGE, CONTENT_TYPE, COOKIE, HeaderMap, VARY,
};
use reqwest::{Method, RequestBuilder};
use serde_json::{Value, json};
use support::{Server, TempDb, config};

/// How a request names its language.
#[derive(Debug, Clone, Copy)]
enum Asks {
    /// `Accept-Language`.
    Header,
    /// The `lang` cookie, with an `Accept-Language` naming another language, which loses.
    Cookie,
}

/// A refusal to ask for: the request, and what it answers in each language (English whole,
/// Russian and Czech by a phrase of theirs).
struct Refusal<'a> {
    method: Method,
    path: &'a str,
    json: Option<String>,
    status: u16,
    error: &'static str,
    en: &'static str,
    ru: &'static str,
    cs: &'static str,
}

/// The language `lang` loses to, in a request that names `lang` by cookie.
fn other(lang: &str) -> &'static str {
    match lang {
        "en" => "ru",
        "ru" => "cs",
        _ => "en",
    }
}

/// `request` naming `lang` as `asks` says.
fn in_language(request: RequestBuilder, lang: &str, asks: Asks) -> RequestBuilder {
    match asks {
        Asks::Header => request.header(ACCEPT_LANGUAGE, format!("{lang}-XX, de;q=0.5")),
        Asks::Cookie => request
            .header(COOKIE, format!("theme=dark; lang={lang}"))
            .header(ACCEPT_LANGUAGE, other(lang)),
    }
}

/// The answer's status, headers and JSON body.
async fn answer(request: RequestBuilder) -> (u16, HeaderMap, Value) {
    let response = request.send().await.unwrap();
    let status = response.status().as_u16();
    let headers = response.headers().clone();
    let text = response.text().await.unwrap();
    let body = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text:?}"));
    (status, headers, body)
}

fn is_cyrillic(text: &str) -> bool {
    text.chars()
        .any(|c| ('а'..='я').contains(&c.to_lowercase().next().unwrap_or(c)))
}

/// Asks for `refusal` in every language both ways, and checks each answer.
async fn check(server: &Server, refusal: &Refusal<'_>) {
    check_as(server, refusal, None).await;
}

/// Asks for `refusal` with the bearer `token` (if any) in every language both ways, and checks
/// each answer.
async fn check_as(server: &Server, refusal: &Refusal<'_>, token: Option<&str>) {
    for asks in [Asks::Header, Asks::Cookie] {
        for lang in ["en", "ru", "cs"] {
            let mut request = server
                .http
                .request(refusal.method.clone(), server.url(refusal.path));
            if let Some(token) = token {
                request = request.bearer_auth(token);
            }
            if let Some(json) = &refusal.json {
                request = request
                    .header(CONTENT_TYPE, "application/json")
                    .body(json.clone());
            }
            let (status, headers, body) = answer(in_language(request, lang, asks)).await;
            let said = format!(
                "{} {} in {lang} by {asks:?}: {body}",
                refusal.method, refusal.path
            );
            assert_eq!(status, refusal.status, "{said}");
            assert_eq!(body["error"], refusal.error, "{said}");
            assert_eq!(body.as_object().map(|o| o.len()), Some(2), "{said}");
            assert_eq!(headers[CONTENT_LANGUAGE], lang, "{said}");
            assert_eq!(headers[CONTENT_TYPE], "application/json", "{said}");
            let vary: Vec<&str> = headers
                .get_all(VARY)
                .iter()
                .filter_map(|v| v.to_str().ok())
                .collect();
            assert!(
                vary.iter().any(|v| v.contains("Accept-Language")),
                "{said}: {vary:?}"
            );
            let detail = body["detail"].as_str().unwrap();
            match lang {
                "en" => assert_eq!(detail, refusal.en, "{said}"),
                "ru" => {
                    assert!(is_cyrillic(detail), "{said}");
                    assert!(detail.contains(refusal.ru), "{said}");
                }
                _ => {
                    assert!(!is_cyrillic(detail), "{said}");
                    assert!(detail.contains(refusal.cs), "{said}");
                }
            }
        }
    }
}

#[tokio::test]
async fn refusals_speak_the_language_asked_for_and_keep_their_code() {
    let db = TempDb::new();
    let server = Server::start(config(&db)).await;
    let bot = |sizes: Value| {
        json!({"name": "polyglot", "game": "durak", "connect": true, "ladder_players": sizes})
            .to_string()
    };
    let refusals = [
        Refusal {
            method: Method::POST,
            path: "/api/bots",
            json: Some("{\"name\": ".to_string()),
            status: 400,
            error: "bad_json",
            en: "the body is not JSON: EOF while parsing a value (line 1, column 9)",
            ru: "тело запроса — не JSON: текст оборвался посреди значения (строка 1, столбец 9)",
            cs: "tělo požadavku není JSON: text skončil uprostřed hodnoty (řádek 1, sloupec 9)",
        },
        Refusal {
            method: Method::POST,
            path: "/api/bots",
            json: Some(json!({"name": "polyglot", "game": "durak", "connect": "yes"}).to_string()),
            status: 422,
            error: "bad_json",
            en: "the body does not fit: \"connect\" must be a boolean, not the string \"yes\"",
            ru: "поле \"connect\" должно быть логическим значением, а не строкой \"yes\"",
            cs: "pole \"connect\" musí být logická hodnota, ne řetězec \"yes\"",
        },
        Refusal {
            method: Method::POST,
            path: "/api/bots",
            json: Some(bot(json!([2, 9]))),
            status: 400,
            error: "bad_ladder_players",
            en: "durak seats 2 to 4 players, not 9",
            ru: "число игроков в durak — от 2 до 4, а не 9",
            cs: "počet hráčů ve hře durak je 2 až 4, ne 9",
        },
        Refusal {
            method: Method::POST,
            path: "/api/bots",
            json: Some(bot(json!([]))),
            status: 400,
            error: "bad_ladder_players",
            en: "name at least one table size: durak seats 2 to 4 players",
            ru: "назовите хотя бы один размер стола",
            cs: "uveďte aspoň jednu velikost stolu",
        },
        Refusal {
            method: Method::DELETE,
            path: "/api/bots/someone",
            json: None,
            status: 401,
            error: "unauthorized",
            en: "send the token as `Authorization: Bearer <token>`",
            ru: "передайте токен в заголовке",
            cs: "pošlete token v hlavičce",
        },
        Refusal {
            method: Method::GET,
            path: "/api/matches/nope",
            json: None,
            status: 404,
            error: "not_found",
            en: "no match \"nope\"",
            ru: "матча \"nope\" нет",
            cs: "zápas \"nope\" neexistuje",
        },
        Refusal {
            method: Method::GET,
            path: "/api/no-such-route",
            json: None,
            status: 404,
            error: "not_found",
            en: "no such API route",
            ru: "такого адреса в API нет",
            cs: "taková cesta v API není",
        },
        Refusal {
            method: Method::PUT,
            path: "/api/bots",
            json: None,
            status: 405,
            error: "method_not_allowed",
            en: "this route allows POST,GET,HEAD",
            ru: "этот адрес принимает только POST,GET,HEAD",
            cs: "tato cesta přijímá jen POST,GET,HEAD",
        },
        Refusal {
            method: Method::POST,
            path: "/api/bots",
            json: Some(format!("\"{}\"", "x".repeat(20_000))),
            status: 413,
            error: "too_large",
            en: "a request body has at most 16384 bytes",
            ru: "тело запроса может занимать не больше 16384 байт",
            cs: "tělo požadavku smí mít nejvýš 16384 bajtů",
        },
    ];
    for refusal in &refusals {
        check(&server, refusal).await;
    }
}

#[tokio::test]
async fn a_rate_limit_counts_in_each_language() {
    let db = TempDb::new();
    let mut config = config(&db);
    config.limits.registrations_per_hour = 1;
    let server = Server::start(config).await;
    let body = json!({"name": "first", "game": "durak", "connect": true});
    let first = server
        .http
        .post(server.url("/api/bots"))
        .json(&body)
        .send()
        .await
        .unwrap();
    assert_eq!(first.status().as_u16(), 201);
    let refusal = Refusal {
        method: Method::POST,
        path: "/api/bots",
        json: Some(json!({"name": "second", "game": "durak", "connect": true}).to_string()),
        status: 429,
        error: "rate_limited",
        en: "your network registered its 1 bots this hour; try again later",
        ru: "зарегистрировала за этот час 1 бота",
        cs: "zaregistrovala 1 bota",
    };
    check(&server, &refusal).await;
}

#[tokio::test]
async fn no_language_asked_for_is_english_and_english_from_elsewhere_says_so() {
    let db = TempDb::new();
    let server = Server::start(config(&db)).await;
    let (status, headers, body) = answer(server.http.get(server.url("/api/matches/nope"))).await;
    assert_eq!(
        (status, &body["detail"]),
        (404, &json!("no match \"nope\""))
    );
    assert_eq!(headers[CONTENT_LANGUAGE], "en");
    // An unknown language counts for nothing.
    let unknown = server
        .http
        .get(server.url("/api/matches/nope"))
        .header(ACCEPT_LANGUAGE, "de, fr;q=0.8");
    let (_, headers, body) = answer(unknown).await;
    assert_eq!(
        (&headers[CONTENT_LANGUAGE], &body["detail"]),
        (&"en".parse().unwrap(), &json!("no match \"nope\""))
    );
    // A game's options are checked, and refused, in the game's crate's English.
    let table =
        json!({"game": "durak", "seats": ["person", "random"], "options": {"no_such_option": 1}});
    let request = server
        .http
        .post(server.url("/api/tables"))
        .header(ACCEPT_LANGUAGE, "ru")
        .json(&table);
    let (status, headers, body) = answer(request).await;
    assert_eq!(
        (status, &body["error"]),
        (400, &json!("bad_options")),
        "{body}"
    );
    assert_eq!(headers[CONTENT_LANGUAGE], "en", "{body}");
    // A token that belongs to no bot, in Czech.
    let request = server
        .http
        .delete(server.url("/api/bots/someone"))
        .header(AUTHORIZATION, "Bearer nobody")
        .header(ACCEPT_LANGUAGE, "cs");
    let (status, headers, body) = answer(request).await;
    assert_eq!(status, 401);
    assert_eq!(headers[CONTENT_LANGUAGE], "cs");
    assert_eq!(body["detail"], "tento token nepatří žádnému botovi");
}

#[tokio::test]
async fn a_refusal_built_of_several_parts_reads_whole_in_each_language() {
    let db = TempDb::new();
    let server = Server::start(config(&db)).await;
    let body = json!({"name": "duo", "game": "durak", "connect": true, "ladder_players": [2]});
    let bot: Value = server
        .http
        .post(server.url("/api/bots"))
        .json(&body)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let path = format!("/api/bots/{}/practice", bot["id"].as_str().unwrap());
    let token = format!("Bearer {}", bot["token"].as_str().unwrap());
    let practice = json!({"matches": 1, "opponents": ["random", "random"]});
    let said = [
        (
            "en",
            "duo plays at 2 seats only; this practice match seats 3: name 1 opponent, or first \
             add 3 to its table sizes (on the My bots page, or \"ladder_players\" with PATCH \
             /api/bots/{id})",
        ),
        (
            "ru",
            "duo играет только за столом на 2 игроков, а этот тренировочный матч — на 3 \
             игроков: назовите 1 соперника или сначала добавьте 3 к его размерам стола (на \
             странице «Мои боты» или в \"ladder_players\" через PATCH /api/bots/{id})",
        ),
        (
            "cs",
            "duo hraje jen u stolu s 2 hráči; tento tréninkový zápas je pro 3 hráče: uveďte 1 \
             soupeře, nebo nejdřív přidejte 3 k jeho velikostem stolu (na stránce Moji boti, \
             nebo \"ladder_players\" přes PATCH /api/bots/{id})",
        ),
    ];
    for (lang, detail) in said {
        let request = server
            .http
            .post(server.url(&path))
            .header(AUTHORIZATION, &token)
            .header(COOKIE, format!("lang={lang}"))
            .json(&practice);
        let (status, headers, body) = answer(request).await;
        assert_eq!(
            (status, &body["error"]),
            (400, &json!("outside_ladder_players"))
        );
        assert_eq!(headers[CONTENT_LANGUAGE], lang);
        assert_eq!(body["detail"], detail, "{lang}");
    }
}

/// The organiser's token of the tournaments' tests.
const ADMIN: &str = "organiser-of-languages";

/// Sends `body` (if any) with `method` to `path` with the bearer `token`: the status and answer.
async fn send(
    server: &Server,
    method: Method,
    path: &str,
    token: &str,
    body: Option<Value>,
) -> (u16, Value) {
    let mut request = server
        .http
        .request(method, server.url(path))
        .bearer_auth(token);
    if let Some(body) = body {
        request = request.json(&body);
    }
    let (status, _, answer) = answer(request).await;
    (status, answer)
}

#[tokio::test]
async fn a_tournaments_refusals_speak_the_language_asked_for() {
    let db = TempDb::new();
    let mut config = config(&db);
    config.admin_token = Some(ADMIN.to_string());
    let server = Server::start(config).await;
    let register = async |name: &str| {
        let body = json!({"name": name, "game": "durak", "connect": true, "ladder_players": [2]});
        let bot: Value = server
            .http
            .post(server.url("/api/bots"))
            .json(&body)
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        let token = bot["token"].as_str().unwrap().to_string();
        (bot["id"].as_str().unwrap().to_string(), token)
    };
    let create = async |name: &str, stages: Value| {
        let spec = json!({"name": name, "game": "durak", "stages": stages});
        let (status, created) =
            send(&server, Method::POST, "/api/tournaments", ADMIN, Some(spec)).await;
        assert_eq!(status, 201, "{created}");
        created["id"].as_str().unwrap().to_string()
    };
    let (pair, pair_token) = register("pair").await;
    let (late, late_token) = register("late").await;

    // A stage that would seat the bot at a size it does not play.
    let three = create(
        "Three cup",
        json!([{"kind": "house", "opponents": ["random", "greedy"], "matches": 1}]),
    )
    .await;
    let entries = format!("/api/tournaments/{three}/entries");
    let outside = Refusal {
        method: Method::POST,
        path: &entries,
        json: Some(json!({"bot_id": pair}).to_string()),
        status: 400,
        error: "outside_ladder_players",
        en: "pair plays at 2 seats only; stage 0 (house) of this tournament seats 3: add 3 to its \
             table sizes (its \"ladder_players\", on the My bots page or with PATCH /api/bots/{id}) \
             to enter it",
        ru: "pair играет только за столом на 2 игроков, а этап 0 (против домашних ботов) этого \
             турнира — на 3 игроков: чтобы записать его, добавьте 3 к его размерам стола",
        cs: "pair hraje jen u stolu s 2 hráči; fáze 0 (proti domácím botům) tohoto turnaje je pro \
             3 hráče: aby ho šlo přihlásit, přidejte 3 k jeho velikostem stolu",
    };
    check_as(&server, &outside, Some(&pair_token)).await;

    // An entered bot keeps the size its stage seats it at; a tournament whose first stage started
    // takes no more entries.
    let duel = create(
        "Duel cup",
        json!([{"kind": "house", "opponents": ["random"], "matches": 1}]),
    )
    .await;
    let entries = format!("/api/tournaments/{duel}/entries");
    let body = json!({"bot_id": pair});
    let (status, answer) = send(&server, Method::POST, &entries, &pair_token, Some(body)).await;
    assert_eq!(status, 201, "{answer}");
    let bot_path = format!("/api/bots/{pair}");
    let keep = Refusal {
        method: Method::PATCH,
        path: &bot_path,
        json: Some(json!({"ladder_players": [3]}).to_string()),
        status: 409,
        error: "outside_ladder_players",
        en: "pair is entered in the tournament \"Duel cup\", whose stage 0 (house) seats 2: its \
             table sizes keep 2 until the tournament is over",
        ru: "pair записан в турнир «Duel cup», где этап 0 (против домашних ботов) рассчитан на 2 \
             игроков: размер 2 останется среди размеров стола бота",
        cs: "pair je přihlášen do turnaje „Duel cup“, jehož fáze 0 (proti domácím botům) je pro 2 \
             hráče: velikost 2 musí zůstat mezi jeho velikostmi stolu",
    };
    check_as(&server, &keep, Some(&pair_token)).await;
    let start = format!("/api/tournaments/{duel}/start");
    let (status, answer) = send(&server, Method::POST, &start, ADMIN, None).await;
    assert_eq!(status, 200, "{answer}");
    let closed = Refusal {
        method: Method::POST,
        path: &entries,
        json: Some(json!({"bot_id": late}).to_string()),
        status: 409,
        error: "entries_closed",
        en: "entries closed when the first stage started",
        ru: "запись закрылась, когда начался первый этап",
        cs: "přihlášky se uzavřely, když začala první fáze",
    };
    check_as(&server, &closed, Some(&late_token)).await;

    // A stage whose table does not fit the game.
    let spec = json!({"name": "Crowded cup", "game": "durak", "stages": [
        {"kind": "house", "opponents": ["random"], "matches": 1},
        {"kind": "gauntlet", "top": 9, "matches": 1},
    ]});
    let crowded = Refusal {
        method: Method::POST,
        path: "/api/tournaments",
        json: Some(spec.to_string()),
        status: 400,
        error: "bad_tournament",
        en: "stage 1: top 9: an entrant and 9 opponents must fit a table of 2 to 4",
        ru: "этап 1: top 9: участник и 9 соперников должны поместиться за одним столом, а число \
             игроков за столом — от 2 до 4",
        cs: "fáze 1: top 9: účastník a 9 soupeřů se musí vejít k jednomu stolu, přitom počet \
             hráčů u stolu je 2 až 4",
    };
    check_as(&server, &crowded, Some(ADMIN)).await;
}
