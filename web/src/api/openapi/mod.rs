//! The OpenAPI 3.1 document of the API, served at `GET /api/openapi.json`. utoipa builds it from
//! the handlers' `#[utoipa::path]` attributes as `super::documented` registers them on the
//! router (utoipa-axum), so a route and its documentation are added in one place; this module
//! adds what every route shares: the `/api` prefix, the bearer schemes and the error answers the
//! layers around every handler can give.

pub mod analysis;
pub mod matches;
pub mod organiser;
pub mod schemas;
pub mod tournaments;

use std::sync::LazyLock;

use axum::http::header::CONTENT_TYPE;
use axum::response::{IntoResponse, Response};
use utoipa::openapi::path::{Operation, ParameterIn};
use utoipa::openapi::security::{Http, HttpAuthScheme, SecurityScheme};
use utoipa::openapi::{ContentBuilder, OpenApi, Ref, RefOr, ResponseBuilder};

/// The security scheme of a bot owner's token (shown once when the bot is registered).
pub const OWNER: &str = "owner_token";
/// The security scheme of the organiser's token (`CARDARENA_ADMIN_TOKEN`).
pub const ORGANISER: &str = "organiser_token";

const DESCRIPTION: &str = "The JSON API of a cardarena server. The reference, with examples, \
is docs/api.md in the repository. Every error is `{\"error\": \"<kind>\", \"detail\": \"<text>\"}` \
(schema `ErrorBody`); besides the answers listed, a path that is no route answers 404 \
`not_found` and a method a route does not take answers 405 `method_not_allowed`. The `error` \
is for programs, the same English word in every language; the `detail` is for people, in the \
request's language (the `lang` cookie, else `Accept-Language`: en, ru or cs; else English), \
named by the answer's `Content-Language`. \
Game-specific JSON (views, actions, options, tables, outcomes) is a free-form object here: \
each game's JSON Schemas are at `GET /api/games/{id}/schema`.";

#[derive(utoipa::OpenApi)]
#[openapi(
    info(title = "cardarena", description = DESCRIPTION),
    components(schemas(schemas::ErrorBody)),
    tags(
        (name = "bots", description = "Registering and managing bots"),
        (name = "practice", description = "Practice matches against house bots"),
        (name = "matches", description = "Stored matches, their frames, live feed and downloads"),
        (name = "tables", description = "Tables with seats for people"),
        (name = "games", description = "The games and their leaderboards"),
        (name = "tournaments", description = "Tournaments, run by the organiser"),
        (name = "workers", description = "The processes that play matches"),
        (name = "organiser", description = "The organiser's actions on any contestant's bot"),
        (name = "meta", description = "This document"),
    )
)]
struct ApiDoc;

/// The document before any route is registered: info, tags, the error schema.
pub(super) fn base() -> OpenApi {
    <ApiDoc as utoipa::OpenApi>::openapi()
}

/// The document of every route `super::documented` registers, as served.
pub fn document() -> OpenApi {
    let (_, mut doc) = super::documented().split_for_parts();
    doc.info.version = env!("CARGO_PKG_VERSION").to_string();
    let paths = std::mem::take(&mut doc.paths.paths);
    for (path, mut item) in paths {
        for operation in [
            &mut item.get,
            &mut item.post,
            &mut item.patch,
            &mut item.delete,
        ]
        .into_iter()
        .flatten()
        {
            add_shared_errors(operation);
            name_uniquely(operation);
        }
        doc.paths.paths.insert(format!("/api{path}"), item);
    }
    let components = doc.components.get_or_insert_with(Default::default);
    for (name, description) in [
        (
            OWNER,
            "The bot owner's token, shown once when the bot is registered",
        ),
        (
            ORGANISER,
            "The organiser's token: CARDARENA_ADMIN_TOKEN, or the one `serve` printed",
        ),
    ] {
        let mut http = Http::new(HttpAuthScheme::Bearer);
        http.description = Some(description.to_string());
        components.add_security_scheme(name, SecurityScheme::Http(http));
    }
    doc
}

/// The error answers every operation can give, unless its attribute describes them itself: the
/// body's deadline and size (every route reads the body first), a client past its share
/// (the listener's), the server's own failure, and what the request's parts can do wrong.
fn add_shared_errors(operation: &mut Operation) {
    let params = operation.parameters.as_deref().unwrap_or_default();
    let has_path = params.iter().any(|p| p.parameter_in == ParameterIn::Path);
    let has_body = operation.request_body.is_some();
    let mut shared = vec![
        (
            "400",
            "`bad_path`, `bad_query` or `bad_body`: the request does not read",
        ),
        (
            "408",
            "`body_timeout`: the body did not arrive within the body timeout",
        ),
        ("413", "`too_large`: a body over 16 KiB"),
        (
            "429",
            "`rate_limited`: the client address has its share of connections, or behind a \
             trusted proxy of requests in progress (`--max-connections-per-address`)",
        ),
        (
            "500",
            "`internal`: the server failed; the error is in its log",
        ),
    ];
    if has_path {
        shared.push(("404", "`not_found`: nothing has this id"));
    }
    if has_body {
        shared.push((
            "415",
            "`unsupported_media_type`: send `Content-Type: application/json`",
        ));
        shared.push(("422", "`bad_json`: JSON of the wrong shape"));
    }
    for (status, description) in shared {
        operation
            .responses
            .responses
            .entry(status.to_string())
            .or_insert_with(|| error_response(description));
    }
}

/// Prefixes an operation's id (its handler's name) with its tag, so that ids are unique
/// (`bots_list`, `tournaments_list`) unless the name already starts with the tag.
fn name_uniquely(operation: &mut Operation) {
    let tag = operation.tags.as_ref().and_then(|t| t.first()).cloned();
    if let (Some(tag), Some(id)) = (tag, operation.operation_id.as_mut())
        && !id.starts_with(&tag)
    {
        *id = format!("{tag}_{id}");
    }
}

/// An error answer with this description.
fn error_response(description: &str) -> RefOr<utoipa::openapi::Response> {
    let schema = Ref::from_schema_name("ErrorBody");
    let content = ContentBuilder::new().schema(Some(schema)).build();
    RefOr::T(
        ResponseBuilder::new()
            .description(description)
            .content("application/json", content)
            .build(),
    )
}

/// This document.
#[utoipa::path(
    get,
    path = "/openapi.json",
    tag = "meta",
    responses(
        (status = 200, description = "This OpenAPI 3.1 document", content_type = "application/json", body = Object)
    )
)]
pub async fn serve() -> Response {
    static JSON: LazyLock<Result<String, String>> =
        LazyLock::new(|| document().to_json().map_err(|e| e.to_string()));
    match &*JSON {
        Ok(json) => ([(CONTENT_TYPE, "application/json")], json.as_str()).into_response(),
        Err(e) => super::ApiError::internal(e).into_response(),
    }
}
