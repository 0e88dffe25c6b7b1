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
struct Refusal {
    method: Method,
    path: &'static str,
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
async fn check(server: &Server, refusal: &Refusal) {
    for asks in [Asks::Header, Asks::Cookie] {
        for lang in ["en", "ru", "cs"] {
            let mut request = server
                .http
                .request(refusal.method.clone(), server.url(refusal.path));
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
