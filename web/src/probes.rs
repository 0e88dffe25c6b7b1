//! Liveness and readiness, for a service manager, a load balancer or a container's healthcheck:
//! `GET /healthz` answers while the process runs; `GET /readyz` answers 200 only when the
//! database answers and is at this binary's schema, the scheduler's claim loop went round
//! recently, and (on PostgreSQL) the listener for the other processes' signals is connected,
//! and 503 naming the failing checks otherwise. Both are small JSON bodies, need no token, and
//! tell a bot nothing about any match. The server serves them on its own address and a worker
//! on `--health-addr`; both sit outside the request log.
//!
//! One readiness report is computed at a time and reused for [`REPORT_TTL`], so a client asking
//! in a loop costs the database one query a second at most.

use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde::Serialize;
use tokio::sync::Mutex;

use cardarena_contest::scheduler::Scheduler;
use cardarena_store::Store;

/// How long the database may take to answer before it counts as down.
const DATABASE_TIMEOUT: Duration = Duration::from_secs(2);

/// How long the scheduler's claim loop may go without a round before it counts as stuck (it
/// goes round every second when idle; a claim waits at most for the database).
const SCHEDULER_STALE: Duration = Duration::from_secs(30);

/// How long a readiness report is reused.
const REPORT_TTL: Duration = Duration::from_secs(1);

/// What the probes look at.
#[derive(Clone)]
pub struct Probes {
    store: Store,
    scheduler: Scheduler,
    role: &'static str,
    started: Instant,
    last: Arc<Mutex<Option<(Instant, Readiness)>>>,
}

/// `GET /healthz`'s body.
#[derive(Debug, Serialize)]
struct Liveness {
    status: &'static str,
    role: &'static str,
    version: &'static str,
    uptime_secs: u64,
}

/// `GET /readyz`'s body.
#[derive(Debug, Clone, Serialize)]
pub struct Readiness {
    /// `ready` or `not_ready`.
    pub status: &'static str,
    /// The names of the checks that failed (empty when ready).
    pub failing: Vec<&'static str>,
    /// Every check, in a fixed order.
    pub checks: Vec<Check>,
}

/// One readiness check.
#[derive(Debug, Clone, Serialize)]
pub struct Check {
    /// `database`, `schema`, `scheduler` or `listener`.
    pub name: &'static str,
    /// Whether it passed.
    pub ok: bool,
    /// What was found, in words.
    pub detail: String,
}

impl Probes {
    /// The probes of a process (`serve` or `worker`) with this store and scheduler.
    pub fn new(store: Store, scheduler: Scheduler, role: &'static str) -> Probes {
        Probes {
            store,
            scheduler,
            role,
            started: Instant::now(),
            last: Arc::default(),
        }
    }

    /// The two routes, `/healthz` and `/readyz`, with their state.
    pub fn router(self) -> Router {
        Router::new()
            .route("/healthz", get(healthz))
            .route("/readyz", get(readyz))
            .with_state(self)
    }

    /// The readiness report now (or the one made less than [`REPORT_TTL`] ago).
    pub async fn readiness(&self) -> Readiness {
        let mut last = self.last.lock().await;
        if let Some((at, report)) = last.as_ref()
            && at.elapsed() < REPORT_TTL
        {
            return report.clone();
        }
        let report = self.check().await;
        *last = Some((Instant::now(), report.clone()));
        report
    }

    async fn check(&self) -> Readiness {
        let mut checks = Vec::with_capacity(4);
        let asked = Instant::now();
        match tokio::time::timeout(DATABASE_TIMEOUT, self.store.schema_status()).await {
            Ok(Ok(schema)) => {
                checks.push(Check {
                    name: "database",
                    ok: true,
                    detail: format!("answered in {} ms", asked.elapsed().as_millis()),
                });
                checks.push(Check {
                    name: "schema",
                    ok: schema.database == schema.binary,
                    detail: match schema.database.cmp(&schema.binary) {
                        std::cmp::Ordering::Equal => {
                            format!("at migration {}, as this binary expects", schema.binary)
                        }
                        std::cmp::Ordering::Less => format!(
                            "at migration {}; this binary expects {}: not migrated yet",
                            schema.database, schema.binary
                        ),
                        std::cmp::Ordering::Greater => format!(
                            "at migration {}, newer than this binary's {}: a newer cardarena \
                             migrated it",
                            schema.database, schema.binary
                        ),
                    },
                });
            }
            failed => {
                let detail = match failed {
                    Ok(Err(e)) => format!("did not answer: {e}"),
                    _ => format!("no answer within {} ms", DATABASE_TIMEOUT.as_millis()),
                };
                checks.push(Check {
                    name: "database",
                    ok: false,
                    detail,
                });
                checks.push(Check {
                    name: "schema",
                    ok: false,
                    detail: "unknown: the database did not answer".into(),
                });
            }
        }
        checks.push(match self.scheduler.since_last_tick() {
            Some(age) => Check {
                name: "scheduler",
                ok: age <= SCHEDULER_STALE,
                detail: format!("last went round {:.1} s ago", age.as_secs_f64()),
            },
            None => Check {
                name: "scheduler",
                ok: false,
                detail: "has not started".into(),
            },
        });
        if self.store.shared() {
            let connected = self.store.listener_connected() == Some(true);
            checks.push(Check {
                name: "listener",
                ok: connected,
                detail: match connected {
                    true => "connected to PostgreSQL's notifications".into(),
                    false => "not connected to PostgreSQL's notifications".into(),
                },
            });
        }
        let failing: Vec<_> = checks.iter().filter(|c| !c.ok).map(|c| c.name).collect();
        Readiness {
            status: if failing.is_empty() {
                "ready"
            } else {
                "not_ready"
            },
            failing,
            checks,
        }
    }
}

async fn healthz(State(probes): State<Probes>) -> Json<Liveness> {
    Json(Liveness {
        status: "ok",
        role: probes.role,
        version: env!("CARGO_PKG_VERSION"),
        uptime_secs: probes.started.elapsed().as_secs(),
    })
}

async fn readyz(State(probes): State<Probes>) -> Response {
    let report = probes.readiness().await;
    let status = match report.failing.is_empty() {
        true => StatusCode::OK,
        false => StatusCode::SERVICE_UNAVAILABLE,
    };
    (status, Json(report)).into_response()
}

/// Serves the probes alone on `listener` (a worker's `--health-addr`), until the task ends.
pub async fn serve_alone(listener: tokio::net::TcpListener, probes: Probes) -> std::io::Result<()> {
    axum::serve(listener, probes.router()).await
}
