//! Prometheus metrics (docs/operations.md lists each one): the `metrics` facade records them
//! where they happen (the HTTP edge, bot calls, the scheduler, the listener), and
//! `metrics-exporter-prometheus` renders them as the text format on `GET /metrics`. What is a
//! state rather than an event (the queue, open tables, viewers, the database pool, leases) is
//! sampled when the page is asked for, at most once a second ([`Sources`]).
//!
//! One recorder serves the whole process, installed by the first server or worker that starts in
//! it; it keeps raw histogram samples until they are folded into buckets, which a task does every
//! few seconds ([`UPKEEP`]), so memory stays bounded however many calls are timed.

mod http;
mod sample;

use std::sync::OnceLock;
use std::time::Duration;

use axum::Router;
use axum::extract::State;
use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::get;
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};

pub use http::track_requests;
pub use sample::Sources;

use cardarena_contest::metered::Transport;

/// The buckets of every latency histogram, in seconds: from a quick loopback call to a bot that
/// uses its whole deadline and bank.
const LATENCY_BUCKETS: &[f64] = &[
    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0,
];

/// How often histograms' raw samples are folded into their buckets.
const UPKEEP: Duration = Duration::from_secs(5);

/// The process's metrics: a handle that renders them.
#[derive(Clone)]
pub struct Metrics {
    handle: PrometheusHandle,
}

impl Metrics {
    /// The process's metrics, installing the recorder (and its upkeep task) on first use. Needs
    /// a Tokio runtime.
    pub fn install() -> Metrics {
        static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();
        let handle = HANDLE.get_or_init(|| {
            let recorder = PrometheusBuilder::new()
                .set_buckets_for_metric(Matcher::Suffix("_seconds".into()), LATENCY_BUCKETS)
                .unwrap_or_else(|_| PrometheusBuilder::new())
                .build_recorder();
            let handle = recorder.handle();
            if metrics::set_global_recorder(recorder).is_err() {
                tracing::warn!("another metrics recorder is installed: /metrics stays empty");
            }
            describe();
            zero();
            let upkeep = handle.clone();
            tokio::spawn(async move {
                let mut every = tokio::time::interval(UPKEEP);
                loop {
                    every.tick().await;
                    upkeep.run_upkeep();
                }
            });
            handle
        });
        Metrics {
            handle: handle.clone(),
        }
    }

    /// The `/metrics` route, sampling `sources` before each rendering.
    pub fn router(self, sources: Sources) -> Router {
        Router::new()
            .route("/metrics", get(render))
            .with_state((self, sources))
    }
}

async fn render(State((metrics, sources)): State<(Metrics, Sources)>) -> impl IntoResponse {
    sources.sample().await;
    (
        [(
            header::CONTENT_TYPE,
            "text/plain; version=0.0.4; charset=utf-8",
        )],
        metrics.handle.render(),
    )
}

/// Serves `/metrics` alone on `listener` (`--metrics-addr`), until the task ends.
pub async fn serve_alone(
    listener: tokio::net::TcpListener,
    metrics: Metrics,
    sources: Sources,
) -> std::io::Result<()> {
    axum::serve(listener, metrics.router(sources)).await
}

/// Puts every counter's series at 0 before anything happens, so that `rate` and `increase` see
/// the first event and an alert on "none in 5 minutes" fires for a process that never did any.
fn zero() {
    use cardarena_bots::FaultKind;
    for &game in cardarena_bots::game_ids() {
        for kind in cardarena_store::MatchKind::ALL {
            for name in [
                "cardarena_matches_finished_total",
                "cardarena_matches_failed_total",
            ] {
                metrics::counter!(name, "game" => game, "kind" => kind.as_str()).absolute(0);
            }
        }
        for transport in [
            Transport::Http,
            Transport::Dial,
            Transport::House,
            Transport::Person,
        ] {
            metrics::counter!(
                "cardarena_decisions_total",
                "game" => game,
                "transport" => transport.as_str()
            )
            .absolute(0);
        }
    }
    for transport in [Transport::Http, Transport::Dial] {
        // Registered, so that its help is served before its first sample.
        let _ =
            metrics::histogram!("cardarena_bot_call_seconds", "transport" => transport.as_str());
        for kind in FaultKind::ALL {
            metrics::counter!(
                "cardarena_bot_faults_total",
                "transport" => transport.as_str(),
                "kind" => kind.as_str()
            )
            .absolute(0);
        }
    }
    let _ = metrics::histogram!("cardarena_claim_seconds");
    for share in ["connections", "requests", "heavy_reads"] {
        metrics::counter!("cardarena_refused_total", "share" => share).absolute(0);
    }
    metrics::gauge!("cardarena_connections_open").increment(0.0);
    for result in ["hit", "recent", "miss", "wait"] {
        metrics::counter!("cardarena_frames_cache_total", "result" => result).absolute(0);
    }
    metrics::gauge!("cardarena_frames_cache_bytes").increment(0.0);
}

/// Gives every metric its help text (the `# HELP` lines).
fn describe() {
    use metrics::{describe_counter, describe_gauge, describe_histogram};
    describe_gauge!(
        "cardarena_thinking_threads",
        "Threads of this process's thinking pool, where every house-bot search and analysis runs"
    );
    describe_gauge!(
        "cardarena_thinking_running",
        "Searches running in the thinking pool now"
    );
    describe_gauge!(
        "cardarena_thinking_tenants",
        "Owners, networks and the contest the thinking pool remembers (waiting, running or \
         served in the last minutes)"
    );
    describe_gauge!(
        "cardarena_thinking_queued",
        "Searches waiting for a thread of the thinking pool, by lane (contest, play, analysis)"
    );
    describe_counter!(
        "cardarena_thinking_searches_total",
        "Searches the thinking pool ran, by lane"
    );
    describe_gauge!(
        "cardarena_thinking_busy_seconds",
        "Thread time the thinking pool's searches took since the process started, by lane \
         (only grows: rate() of it is the lane's share of the pool)"
    );
    describe_gauge!(
        "cardarena_thinking_waited_seconds",
        "Time searches waited for a thread since the process started, by lane (only grows; \
         divided by the searches' rate, the mean wait)"
    );
    describe_gauge!(
        "cardarena_build_info",
        "1, labelled with the version of cardarena running"
    );
    describe_gauge!(
        "cardarena_matches",
        "Matches in the database by game, kind and status (queued or running); \
         sampled by serve"
    );
    describe_counter!(
        "cardarena_matches_finished_total",
        "Matches this process played to a stored result, by game and kind"
    );
    describe_counter!(
        "cardarena_matches_failed_total",
        "Matches this process could not play (stored as failed), by game and kind"
    );
    describe_counter!(
        "cardarena_decisions_total",
        "Decisions made at the tables this process plays, by game and transport \
         (http, dial, house, person)"
    );
    describe_histogram!(
        "cardarena_bot_call_seconds",
        metrics::Unit::Seconds,
        "Time a contestant's bot took to answer a turn, by transport (http, dial)"
    );
    describe_counter!(
        "cardarena_bot_faults_total",
        "Turns a contestant's bot faulted, by transport and fault kind"
    );
    describe_counter!(
        "cardarena_http_requests_total",
        "HTTP requests answered, by route template, method and status"
    );
    describe_histogram!(
        "cardarena_http_request_seconds",
        metrics::Unit::Seconds,
        "Time to answer an HTTP request (to its head, for streams), by route template and method"
    );
    describe_gauge!(
        "cardarena_connections_open",
        "Client TCP connections the listener serves now"
    );
    describe_counter!(
        "cardarena_refused_total",
        "Connections (direct clients), requests (a trusted proxy's clients) and heavy reads \
         (frames, downloads) refused with 429 because one client address had used its share"
    );
    describe_gauge!(
        "cardarena_sse_viewers",
        "Viewers following a live match's event stream"
    );
    describe_gauge!(
        "cardarena_dial_connections",
        "Dial-out bots' open WebSocket connections"
    );
    describe_gauge!(
        "cardarena_tables_open",
        "Tables with people being played in this process"
    );
    describe_gauge!(
        "cardarena_db_pool_connections",
        "The database pool's connections, by state (in_use, idle)"
    );
    describe_gauge!(
        "cardarena_db_pool_max",
        "The most connections the database pool opens"
    );
    describe_histogram!(
        "cardarena_claim_seconds",
        metrics::Unit::Seconds,
        "Time the scheduler's claim of queued matches took"
    );
    describe_counter!(
        "cardarena_frames_cache_total",
        "Reads of a finished match's frames by how the cache served them: hit, recent (served \
         without asking the database), miss (built here), wait (for another reader's build)"
    );
    describe_gauge!(
        "cardarena_frames_cache_bytes",
        "What the frames cache holds: gzip bytes and each entry's overhead"
    );
    describe_gauge!(
        "cardarena_matches_playing",
        "Matches this process plays now (its leases)"
    );
    describe_gauge!(
        "cardarena_match_slots",
        "The most matches this process plays at once"
    );
    describe_gauge!(
        "cardarena_worker_leases",
        "Running matches each process holds a lease on, by worker id, role and host; \
         sampled by serve from the database"
    );
}
