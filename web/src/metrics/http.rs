//! The HTTP edge's metrics: every request counted by its route's template (`/api/bots/{id}`,
//! never the id itself, so a client cannot make series without end), method and status, and
//! timed to its answer's head.

use std::time::Instant;

use axum::extract::Request;
use axum::middleware::Next;
use axum::response::Response;

/// Counts and times a request. Added with `Router::layer`, so it runs after routing and sees
/// the matched route; a request no route matched counts as `unmatched`.
pub async fn track_requests(request: Request, next: Next) -> Response {
    let started = Instant::now();
    let route = crate::request_log::route_of(&request);
    let method = known_method(request.method());
    let response = next.run(request).await;
    let status = response.status().as_u16().to_string();
    metrics::counter!(
        "cardarena_http_requests_total",
        "route" => route.clone(),
        "method" => method,
        "status" => status
    )
    .increment(1);
    metrics::histogram!(
        "cardarena_http_request_seconds",
        "route" => route,
        "method" => method
    )
    .record(started.elapsed().as_secs_f64());
    response
}

/// The method's name, or `other` for one no route answers (a client picks the method's text).
fn known_method(method: &axum::http::Method) -> &'static str {
    use axum::http::Method;
    match *method {
        Method::GET => "GET",
        Method::POST => "POST",
        Method::PUT => "PUT",
        Method::PATCH => "PATCH",
        Method::DELETE => "DELETE",
        Method::HEAD => "HEAD",
        Method::OPTIONS => "OPTIONS",
        _ => "other",
    }
}
